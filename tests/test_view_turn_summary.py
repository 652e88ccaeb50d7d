"""The turn summary (issue #24): one page that follows the phase table and cites real rules."""

from __future__ import annotations

from isle_nb.model.isle.flow import STANDARD
from isle_nb.view import scoring_summary_frame, turn_summary_frame, turn_summary_pdf, turn_summary_png
from isle_nb.view.turn_summary import rule_span, summary_data
from isle_nb.widgets.words import rule_texts


def test_the_summary_covers_every_step_of_the_day_in_order() -> None:
    # DAY-2: every row of the phase table but the end of the game, in the table's order
    steps = [(step["phase"], step["step"]) for step in summary_data()["steps"]]
    assert steps == [(row.phase, row.step) for row in STANDARD if row.phase != "over"]


def test_who_acts_is_read_from_the_phase_table() -> None:
    who = dict(zip(turn_summary_frame()["phase"], turn_summary_frame()["who acts"], strict=True))
    assert who["1. Fishing"] == "nobody decides: it just happens"
    assert who["4. Rescue: cards"] == "everyone at once, in secret"  # RESCUE-1
    assert who["4. Rescue: turns"] == who["5. Rare finds"] == "one at a time, in turn order"  # RESCUE-3, RARE-1


def test_every_rule_cited_exists() -> None:
    data = summary_data()
    cited = [rule for step in data["steps"] for rule in step["rules"]]
    cited += data["morning_rules"] + data["end_of_day_rules"] + data["anytime_rules"]
    cited += [rule for row in scoring_summary_frame()["rule"] for rule in row.split(", ")]
    assert set(cited) <= set(rule_texts()), sorted(set(cited) - set(rule_texts()))


def test_rule_spans_are_short() -> None:
    assert rule_span(["RARE-1", "RARE-2", "RARE-3", "OSHAX-1"]) == "RARE-1 to 3, OSHAX-1"
    assert rule_span(["EXPLORE-5", "EXPLORE-6"]) == "EXPLORE-5, EXPLORE-6"
    assert rule_span(["FISH-1"]) == "FISH-1"


def test_the_printable_page_is_an_a4_landscape_png_and_a_pdf() -> None:
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(turn_summary_png(50)))
    assert abs(image.width / image.height - 297 / 210) < 0.01
    pdf = turn_summary_pdf()
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1  # one page


def test_everything_fits_on_the_page() -> None:
    """The last line of the printed page (the tie-break of the scoring) ends above the bottom edge."""
    from isle_nb.view.turn_summary import LINE, turn_summary_figure

    lowest = min(text.get_position()[1] for text in turn_summary_figure().texts)
    assert lowest - LINE > 0


def test_the_printed_copies_in_docs_are_the_page() -> None:
    """docs/turn_summary.pdf and .png (linked from the README) are the page as drawn now: one A4 page each."""
    import io
    from pathlib import Path

    from PIL import Image

    docs = Path(__file__).resolve().parents[1] / "docs"
    pdf = (docs / "turn_summary.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1
    committed = Image.open(docs / "turn_summary.png")
    assert committed.size == Image.open(io.BytesIO(turn_summary_png(100))).size
