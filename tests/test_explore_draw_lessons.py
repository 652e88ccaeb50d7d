"""Each of the 26 printed lessons of Explore & Draw scored on hand-built sheets (ED-5, ED-7, ED-10).

The sheets are boat sheet 1 (layout A: rats, maps and rooms as printed) with 1x1 drawings on chosen squares, so
every count is visible in the test. A lesson is scored as it is on a player's sheet: ticked, through
:func:`~isle_nb.model.explore_draw.scoring.lesson_rows`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest
from ed_helpers import boat_with, with_boat

from isle_nb.model.explore_draw.data import lesson_sheet
from isle_nb.model.explore_draw.scoring import lesson_rows
from isle_nb.model.explore_draw.state import new_state
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.tiles import Tile

Cell = tuple[int, int]
RATS: tuple[Cell, ...] = tuple(sorted(Boat("A").rats))
MAPS: tuple[Cell, ...] = tuple(sorted(Boat("A").maps))


def cat(colour: str) -> Tile:
    return Tile.drawn("cat", "1x1", colour)


COMMON = Tile.drawn("common", "1x1")


def row(colour: str, y: int, xs: Iterable[int]) -> list[tuple[Tile, list[Cell]]]:
    """1x1 cats of ``colour`` on row ``y`` at ``xs`` (neighbours touch: a family when 3 or more)."""
    return [(cat(colour), [(x, y)]) for x in xs]


def commons(cells: Iterable[Cell]) -> list[tuple[Tile, list[Cell]]]:
    return [(COMMON, [c]) for c in cells]


def points(lesson: int, drawings: list[tuple[Tile, list[Cell]]], ticks: int = 1) -> int:
    """Points of ``lesson`` ticked on a sheet with ``drawings`` (and ``ticks`` lessons ticked in all)."""
    state = with_boat(new_state(("P1",), 1), "P1", boat_with("A", drawings))
    others = tuple((n, None) for n in range(1, 27) if n != lesson)[: ticks - 1]
    seat = replace(state.seat("P1"), ticks=((lesson, None), *others))
    return lesson_rows(state.with_seat(seat), seat)[lesson].points


def test_the_sheet_has_the_26_printed_lessons() -> None:
    sheet = lesson_sheet()
    assert [lesson.number for lesson in sheet] == list(range(1, 27))
    assert [lesson.points for lesson in sheet] == [1, 1, 1, 2, 2, 2, 3, 4, 7, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 10,
                                                  12, 12, 12, 15, 15, None]
    assert all("NikolasFMS/TIOC_new_helper" in lesson.source for lesson in sheet)


EDGE = [(0, 3), (0, 4), (0, 5)]
SIX_AROUND_A_PAIR = [(9, 4), (12, 4), (10, 3), (11, 3), (10, 5), (11, 5)]


CASES: list[tuple[int, list[tuple[Tile, list[Cell]]], int, int]] = [
    # 1: 1 point per two cats on the edge (three on the edge, one inside)
    (1, [(cat(c), [xy]) for c, xy in zip(("red", "blue", "green"), EDGE, strict=True)]
     + row("red", 4, [10]), 1, 1),
    (1, [(cat("red"), [EDGE[0]])], 1, 0),
    # 2: 1 per common treasure
    (2, commons([(10, 4), (12, 4), (14, 4)]), 1, 3),
    # 3: 1 per ticked lesson, itself included
    (3, [], 4, 4),
    # 4: 2 per lonely cat (two reds touch each other; a blue and a red alone)
    (4, row("red", 4, [10, 11]) + row("blue", 4, [13]) + row("red", 4, [15]), 1, 4),
    # 5: 2 per rare treasure
    (5, [(Tile.drawn("rare", "O"), [(10, 3), (11, 3), (10, 4), (11, 4)]),
         (Tile.drawn("rare", "X5"), [(14, 3), (13, 4), (14, 4), (15, 4), (14, 5)])], 1, 4),
    # 6: 2 per visible rat (19 printed, one covered)
    (6, commons([RATS[0]]), 1, 36),
    # 7: 3 per family
    (7, row("red", 4, [5, 6, 7]) + row("blue", 4, [9, 10, 11]) + row("green", 4, [13, 14]), 1, 6),
    # 8: 4 per family of 4 or more
    (8, row("red", 4, [5, 6, 7, 8]) + row("blue", 4, [10, 11, 12]), 1, 4),
    # 9: 7 if every cat is in a family
    (9, row("red", 4, [5, 6, 7]), 1, 7),
    (9, row("red", 4, [5, 6, 7]) + row("blue", 4, [10]), 1, 0),
    (9, [], 1, 0),
    # 10: 7 if one visible rat has 2 treasures touching it (the rat at (7, 3))
    (10, commons([(6, 3), (7, 4)]), 1, 7),
    (10, commons([(6, 3), (5, 4)]), 1, 0),
    # 11: 7 for exactly 3 covered treasure maps (of 5)
    (11, commons(MAPS[:3]), 1, 7),
    (11, commons(MAPS[:4]), 1, 0),
    # 12: 7 for exactly 4 families
    (12, row("red", 3, [5, 6, 7]) + row("blue", 3, [9, 10, 11]) + row("green", 5, [5, 6, 7])
     + row("purple", 5, [9, 10, 11]), 1, 7),
    (12, row("red", 3, [5, 6, 7]) + row("blue", 3, [9, 10, 11]) + row("green", 5, [5, 6, 7])
     + row("purple", 5, [9, 10, 11]) + row("orange", 3, [13, 14, 15]), 1, 0),
    # 13-15: exactly 4 and 4 of two colours
    (13, row("green", 3, [5, 7, 9, 11]) + row("blue", 5, [5, 7, 9, 11]), 1, 8),
    (13, row("green", 3, [5, 7, 9, 11, 13]) + row("blue", 5, [5, 7, 9, 11]), 1, 0),
    (14, row("orange", 3, [5, 7, 9, 11]) + row("purple", 5, [5, 7, 9, 11]), 1, 8),
    (14, row("orange", 3, [5, 7, 9]) + row("purple", 5, [5, 7, 9, 11]), 1, 0),
    (15, row("purple", 3, [5, 7, 9, 11]) + row("red", 5, [5, 7, 9, 11]), 1, 8),
    (15, row("purple", 3, [5, 7, 9, 11]) + row("blue", 5, [5, 7, 9, 11]), 1, 0),
    # 16: 9 if some cat touches exactly 5 treasures (a 1x2 cat has 6 neighbours)
    (16, [(Tile.drawn("cat", "1x2", "red"), [(10, 4), (11, 4)]), *commons(SIX_AROUND_A_PAIR[:5])], 1, 9),
    (16, [(Tile.drawn("cat", "1x2", "red"), [(10, 4), (11, 4)]), *commons(SIX_AROUND_A_PAIR)], 1, 0),
    # 17: 9 if the cats are of exactly 3 colours
    (17, row("red", 4, [5]) + row("blue", 4, [7]) + row("green", 4, [9, 11]), 1, 9),
    (17, row("red", 4, [5]) + row("blue", 4, [7]) + row("green", 4, [9]) + row("orange", 4, [11]), 1, 0),
    # 18: 10 for exactly 5 visible rats
    (18, commons(RATS[:14]), 1, 10),
    (18, commons(RATS[:13]), 1, 0),
    # 19: 10 for exactly 16 cats
    (19, row("red", 3, range(5, 13)) + row("blue", 5, range(5, 13)), 1, 10),
    (19, row("red", 3, range(5, 13)) + row("blue", 5, range(5, 12)), 1, 0),
    # 20: 10 if no rat is visible
    (20, commons(RATS), 1, 10),
    (20, commons(RATS[1:]), 1, 0),
    # 21: 12 if both parrot rooms (the captain's rooms) are filled
    (21, commons(sorted(Boat("A").rooms[1] | Boat("A").rooms[7])), 1, 12),
    (21, commons(sorted(Boat("A").rooms[1])), 1, 0),
    # 22: 12 if every edge square is filled
    (22, commons(sorted(Boat("A").edge)), 1, 12),
    (22, commons(sorted(Boat("A").edge)[1:]), 1, 0),
    # 23: 12 for exactly 3 rare and 6 common treasures
    (23, [(Tile.drawn("rare", "O"), [(x, 3), (x + 1, 3), (x, 4), (x + 1, 4)]) for x in (5, 8, 11)]
     + commons([(x, 6) for x in range(5, 11)]), 1, 12),
    (23, [(Tile.drawn("rare", "O"), [(x, 3), (x + 1, 3), (x, 4), (x + 1, 4)]) for x in (5, 8, 11)]
     + commons([(x, 6) for x in range(5, 12)]), 1, 0),
    # 24: 15 for at least 3 families of one colour
    (24, row("red", 3, [5, 6, 7]) + row("red", 3, [9, 10, 11]) + row("red", 5, [5, 6, 7]), 1, 15),
    (24, row("red", 3, [5, 6, 7]) + row("red", 3, [9, 10, 11]) + row("blue", 5, [5, 6, 7]), 1, 0),
    # 25: 15 for at most 2 treasures
    (25, commons([(5, 4), (7, 4)]), 1, 15),
    (25, commons([(5, 4), (7, 4), (9, 4)]), 1, 0),
    # 26: the third-largest family once more at its family value (5, 4 and 3 cats: 8 more)
    (26, row("red", 3, range(5, 10)) + row("blue", 5, range(5, 9)) + row("green", 3, [11, 12, 13]), 1, 8),
    # a third family as large as the second: its points once more (4, 4, 4 cats: 11 more)
    (26, row("red", 3, range(5, 9)) + row("blue", 5, range(5, 9)) + row("green", 3, range(10, 14)), 1, 11),
    (26, row("red", 3, range(5, 10)) + row("blue", 5, range(5, 9)), 1, 0),
]
"""(lesson, drawings, lessons ticked in all, points) for every printed lesson."""


@pytest.mark.parametrize(("lesson", "drawings", "ticks", "expected"), CASES)
def test_printed_lesson_scores_as_printed(lesson: int, drawings: list[tuple[Tile, list[Cell]]], ticks: int,
                                          expected: int) -> None:
    assert points(lesson, drawings, ticks) == expected


def test_every_printed_lesson_is_tested() -> None:
    """The table above has a case for each of the 26 lessons."""
    assert {case[0] for case in CASES} == set(range(1, 27))
