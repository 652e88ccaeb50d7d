"""isle_nb.view.table: DataFrames styled for the reader of the teaching notebooks."""

from __future__ import annotations

import pandas as pd
import pytest

from isle_nb.view import show_table, table


def test_a_table_hides_the_index_wraps_long_text_and_renders_the_same_every_time() -> None:
    frame = pd.DataFrame({"card": [113, 114], "text": ["Fill the edge of the boat.", "Exactly 20 cats."]})
    html = table(frame, wrap=["text"], caption="Lessons").to_html()
    assert html == table(frame, wrap=["text"], caption="Lessons").to_html()  # no random ids: nbval can compare it
    assert "Fill the edge of the boat." in html and "<caption>Lessons</caption>" in html
    assert "white-space: normal" in html and "text-align: left" in html
    assert ">0<" not in html and ">1<" not in html  # the index column is hidden


def test_a_series_or_an_index_can_be_shown_and_show_table_displays_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``index=True`` keeps the index as the first column (grouped counts read by their labels); a Series becomes
    one column; ``show_table`` displays the same styled HTML at once."""
    from IPython import display as ipython_display

    counts = pd.Series({"left field": 3, "right field": 5}, name="cost")
    shown = table(counts, index=True).to_html()
    assert "left field" in shown and "right field" in shown and "cost" in shown
    assert "left field" not in table(counts).to_html()  # the index is hidden by default
    displayed: list[object] = []
    monkeypatch.setattr(ipython_display, "display", lambda *objs, **_: displayed.extend(objs))
    assert show_table(counts, index=True) is None
    assert len(displayed) == 1 and displayed[0].to_html() == shown
