"""The printed cards and the lesson sheet of Explore & Draw as DataFrames (ED-10), like the board game's catalogue."""

from __future__ import annotations

from typing import TYPE_CHECKING

from isle_nb.model.explore_draw.data import all_cards, lesson_sheet

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

CARD_COLUMNS: tuple[str, ...] = (
    "number", "deck", "kind", "colour", "cells", "keyword", "option", "source", "discovery", "standard",
)


def explore_draw_cards_frame() -> pd.DataFrame:
    """Every printed card of both decks, one row per discovery (a lesson card has one row): ``number``, ``deck``,
    ``kind`` (cat, two cats, oshax, treasure, mixed, lesson), ``colour`` (a cat's), ``cells`` (its squares as drawn
    on the card), ``keyword`` (``any 2``, ``or``), ``option`` (above or below the ``or``), ``source``, the
    ``discovery`` it is in the game (for a lesson card: the lesson) and whether a ``standard`` game shuffles it."""
    rows: list[dict[str, object]] = []  # one per card and discovery, for a DataFrame
    for card in all_cards():
        common = {"number": card.number, "deck": card.deck, "kind": card.kind, "keyword": card.keyword,
                  "source": card.source, "standard": card.standard}
        if card.lesson is not None:
            rows.append({**common, "colour": None, "cells": None, "option": None,
                         "discovery": f"lesson {card.lesson}"})
        for printed in card.printed:
            rows.append({**common, "colour": printed.tile.colour, "cells": printed.cells, "option": printed.option,
                         "discovery": str(printed.tile)})
    return pd.DataFrame(rows, columns=list(CARD_COLUMNS))


def explore_draw_lessons_frame() -> pd.DataFrame:
    """The 26 lessons of the printed lesson sheet: ``number``, ``text`` (in our words), ``points`` (empty when they
    depend on the boat), what each ``counts``, and the short ``title`` a printed sheet shows."""
    rows = [{"number": lesson.number, "text": lesson.text, "points": lesson.points, "counts": lesson.counts,
             "title": lesson.title} for lesson in lesson_sheet()]
    frame = pd.DataFrame(rows, columns=["number", "text", "points", "counts", "title"])
    frame["points"] = frame["points"].astype("Int64")
    return frame


__all__ = ["explore_draw_cards_frame", "explore_draw_lessons_frame"]
