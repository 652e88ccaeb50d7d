"""The island of Explore & Draw: a 4 x 3 grid of card slots (ED-1) and which sets of slots a player may choose
(ED-2, and the three specials that change the choice, ED-6).

Slots are numbered 1-12 row by row: row 1 is slots 1-4 (columns A-D), row 2 slots 5-8, row 3 slots 9-12.
"""

from __future__ import annotations

from itertools import product

from isle_nb.model.explore_draw.data import island_facts
from isle_nb.model.parts.words import and_list

COLUMNS: tuple[str, ...] = tuple(island_facts()["columns"])
"""Column letters, A-D."""

ROWS: int = int(island_facts()["rows"])
"""Rows of the island (3)."""

SLOTS: tuple[int, ...] = tuple(range(1, len(COLUMNS) * ROWS + 1))
"""Slot numbers 1-12."""

CAT_SLOTS: tuple[int, ...] = tuple(island_facts()["cat_slots"])
"""Slots filled from the cat deck: 1, 3, 5, 6, 8, 9, 10, 11 (ED-1)."""

LESSON_SLOTS: tuple[int, ...] = tuple(island_facts()["lesson_slots"])
"""Slots filled from the lesson deck: 2, 4, 7, 12 (ED-1)."""

DAYS: int = int(island_facts()["days"])
"""Days in a game (7)."""

CHOICE_SPECIALS: tuple[str, ...] = ("extra_card", "one_per_row", "row")
"""Specials that change which cards a player chooses (ED-6)."""


def column_of(slot: int) -> str:
    """The column letter of a slot."""
    return COLUMNS[(slot - 1) % len(COLUMNS)]


def row_of(slot: int) -> int:
    """The row (1-3) of a slot."""
    return (slot - 1) // len(COLUMNS) + 1


def column_slots(column: str) -> tuple[int, ...]:
    """The 3 slots of a column, top to bottom."""
    index = COLUMNS.index(column)
    return tuple(r * len(COLUMNS) + index + 1 for r in range(ROWS))


def row_slots(row: int) -> tuple[int, ...]:
    """The 4 slots of a row, left to right."""
    return tuple((row - 1) * len(COLUMNS) + i + 1 for i in range(len(COLUMNS)))


def slot_name(slot: int) -> str:
    """``"B2"``: column letter and row number."""
    return f"{column_of(slot)}{row_of(slot)}"


def choices(special: str | None) -> list[tuple[int, ...]]:
    """Every set of slots (sorted) a player may choose with ``special`` (``None``: a plain column)."""
    if special is None:
        return [column_slots(c) for c in COLUMNS]
    if special == "extra_card":
        found = []
        for column in COLUMNS:
            own = column_slots(column)
            found += [tuple(sorted((*own, s))) for s in SLOTS if s not in own]
        return found
    if special == "one_per_row":
        return [tuple(sorted(pick)) for pick in product(*(row_slots(r) for r in range(1, ROWS + 1)))]
    if special == "row":
        return [row_slots(r) for r in range(1, ROWS + 1)]
    raise ValueError(f"{special!r} does not change the choice of cards")


def describe_choice(slots: tuple[int, ...], special: str | None) -> str:
    """A choice in words: ``"column B"``, ``"row 2"``, ``"column A and C2"``, ``"A1, C2 and D3"``."""
    names = [slot_name(s) for s in slots]
    if special is None:
        return f"column {column_of(slots[0])}"
    if special == "row":
        return f"row {row_of(slots[0])}"
    if special == "extra_card":
        columns = [column_of(s) for s in slots]
        main = max(set(columns), key=columns.count)
        extra = next(s for s in slots if column_of(s) != main)
        return f"column {main} and {slot_name(extra)}"
    return and_list(names)
