"""isle_nb.view.table: DataFrames styled for the reader of the teaching notebooks."""

from __future__ import annotations

import pandas as pd

from isle_nb.view import table


def test_a_table_hides_the_index_wraps_long_text_and_renders_the_same_every_time() -> None:
    frame = pd.DataFrame({"card": [113, 114], "text": ["Fill the edge of the boat.", "Exactly 20 cats."]})
    html = table(frame, wrap=["text"], caption="Lessons").to_html()
    assert html == table(frame, wrap=["text"], caption="Lessons").to_html()  # no random ids: nbval can compare it
    assert "Fill the edge of the boat." in html and "<caption>Lessons</caption>" in html
    assert "white-space: normal" in html and "text-align: left" in html
    assert ">0<" not in html and ">1<" not in html  # the index column is hidden
