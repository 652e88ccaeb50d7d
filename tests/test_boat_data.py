"""Boat layouts against game-data §1 (grid, rooms, edge, rats, treasure maps) and SETUP-1.

Expected values are transcribed from game-data.md, not read from ``isle_nb/data/boats.json``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from isle_nb import COLOURS, Boat, UnknownComponent
from isle_nb.model.parts.boat import BASE_LAYOUTS, LAYOUTS, layout
from isle_nb.model.parts.geometry import HEIGHT, STRIDE, WIDTH, cells_to_mask

ALL_LAYOUTS = ("A", "B", "C", "D", "E", "F")

# game-data §1.1
COLUMN_HEIGHTS = (3, 5, 5, 5, 7, 7, 7, 9, 9, 9, 9, 9, 9, 9, 9, 7, 7, 5, 5, 3, 3, 1)

# game-data §1.2, room grid
ROOM_GRID = """
.......22225555.......
....2222222555556.....
.111555555555555666...
111153333335555566667.
1111533333355555666677
111153333335555566667.
.111555555555555666...
....4444444555556.....
.......44445555.......
"""
ROOM_SIZES = {1: 18, 2: 11, 3: 18, 4: 11, 5: 60, 6: 20, 7: 4}

# game-data §1.3, edge grid ("E" = edge cell)
EDGE_GRID = """
.......EEEEEEEE.......
....EEE........EE.....
.EEE.............EE...
E..................EE.
E....................E
E..................EE.
.EEE.............EE...
....EEE........EE.....
.......EEEEEEEE.......
"""

# game-data §1.4 (boats A-D) and the spare Explore & Draw sheets 5 and 6 (boats E, F)
RATS = {
    "A": "(0,5) (1,5) (1,6) (4,1) (7,3) (8,3) (10,8) (11,0) (12,0) (13,0) (13,8) (14,0) (14,7) (14,8) (15,6) "
    "(15,7) (17,2) (18,2) (19,3)",
    "B": "(0,4) (1,2) (2,2) (5,3) (5,4) (5,7) (10,1) (12,0) (12,1) (12,5) (12,6) (12,7) (13,0) (13,1) (13,5) "
    "(14,0) (17,6) (18,6) (19,3)",
    "C": "(0,3) (0,4) (0,5) (5,5) (6,2) (7,2) (7,8) (8,8) (10,3) (12,2) (12,3) (13,2) (13,3) (14,7) (14,8) "
    "(15,7) (16,7) (18,3) (18,4)",
    "D": "(0,3) (1,2) (2,2) (6,3) (6,6) (7,6) (8,0) (9,0) (9,3) (11,7) (11,8) (12,4) (12,8) (13,4) (14,4) "
    "(15,1) (16,1) (17,6) (18,6)",
    "E": "(1,6) (2,6) (3,6) (5,1) (7,4) (8,4) (9,8) (10,1) (10,2) (11,2) (13,6) (14,2) (14,5) (14,6) (15,2) "
    "(15,3) (15,5) (18,2) (19,4)",
    "F": "(0,4) (1,5) (3,2) (4,7) (5,5) (6,5) (10,0) (11,4) (11,7) (11,8) (12,3) (12,4) (12,8) (13,3) (13,8) "
    "(15,1) (18,4) (18,5) (18,6)",
}

RATS_PER_ROOM = {  # game-data §1.4, "Rats per room" (rooms not listed have none)
    "A": {1: 3, 2: 1, 3: 2, 4: 1, 5: 9, 6: 3},
    "B": {1: 3, 2: 1, 3: 2, 4: 1, 5: 9, 6: 3},
    "C": {1: 3, 3: 2, 4: 2, 5: 9, 6: 3},
    "D": {1: 3, 2: 2, 3: 2, 5: 9, 6: 3},
}

MAP_POSITIONS = ((1, 3), (7, 0), (9, 7), (14, 1), (19, 5))
MAP_ROOMS = {(1, 3): 1, (7, 0): 2, (9, 7): 4, (14, 1): 5, (19, 5): 6}
MAP_TABLE = {  # game-data §1.4 table, columns in MAP_POSITIONS order; E and F from the spare-sheet notes
    "A": ("red", "green", "purple", "blue", "orange"),
    "B": ("blue", "purple", "orange", "green", "red"),
    "C": ("green", "orange", "blue", "red", "purple"),
    "D": ("purple", "blue", "red", "orange", "green"),
    "E": ("orange", "red", "green", "purple", "blue"),
    "F": ("red", "orange", "purple", "blue", "green"),
}


def _grid_cells(text: str) -> dict[tuple[int, int], str]:
    rows = text.strip().splitlines()
    return {(x, y): ch for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "."}


def _parse_cells(text: str) -> set[tuple[int, int]]:
    return {tuple(int(v) for v in part.strip("()").split(",")) for part in text.split()}


def _hull_from_heights() -> set[tuple[int, int]]:
    cells = set()
    for x, h in enumerate(COLUMN_HEIGHTS):
        top = (9 - h) // 2
        cells |= {(x, y) for y in range(top, top + h)}
    return cells


# ---- grid and rooms ----------------------------------------------------------------------------------------
def test_layout_names_setup_1():
    """SETUP-1: the base game has 4 boats A-D; E and F are spare Explore & Draw sheets."""
    assert BASE_LAYOUTS == ("A", "B", "C", "D")
    assert tuple(LAYOUTS) == ALL_LAYOUTS
    with pytest.raises(UnknownComponent):
        Boat("Z")
    with pytest.raises(UnknownComponent):
        layout("G")


@pytest.mark.parametrize("name", ALL_LAYOUTS)
def test_grid_1_1_142_cells_and_column_heights(name):
    """game-data §1.1: 142 cells; columns of heights 3,5,5,5,7,...,1 centred on row 4."""
    cells = Boat(name).cells
    assert len(cells) == 142
    assert sum(COLUMN_HEIGHTS) == 142
    assert cells == _hull_from_heights()
    for x, h in enumerate(COLUMN_HEIGHTS):
        assert sum(1 for cx, _ in cells if cx == x) == h
    assert {(x, 4) for x in range(22)} <= cells, "the middle row runs the full length"
    assert all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y in cells)


@pytest.mark.parametrize("name", ALL_LAYOUTS)
def test_rooms_1_2_sizes_and_cells(name):
    """game-data §1.2: rooms 1..7 hold 18/11/18/11/60/20/4 cells, laid out as the room grid."""
    lay = layout(name)
    assert {room: len(cells) for room, cells in lay.rooms.items()} == ROOM_SIZES
    expected = {cell: int(ch) for cell, ch in _grid_cells(ROOM_GRID).items()}
    assert dict(lay.room_of) == expected
    for room, cells in lay.rooms.items():
        assert all(lay.room_of[c] == room for c in cells)
    assert set().union(*lay.rooms.values()) == lay.cells


@pytest.mark.parametrize("name", ALL_LAYOUTS)
def test_masks_match_cell_sets(name):
    lay = layout(name)
    assert lay.hull_mask == cells_to_mask(lay.cells)
    assert lay.rat_mask == cells_to_mask(lay.rats)
    assert lay.edge_mask == cells_to_mask(lay.edge)
    assert {r: m for r, m in lay.room_masks.items()} == {r: cells_to_mask(c) for r, c in lay.rooms.items()}
    for y in range(HEIGHT):
        assert (lay.hull_mask >> (y * STRIDE + WIDTH)) & ((1 << (STRIDE - WIDTH)) - 1) == 0


# ---- edge --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ALL_LAYOUTS)
def test_edge_1_3_44_cells(name):
    """game-data §1.3: 44 edge cells: the top and bottom of each column plus the stern's middle cell (0,4)."""
    edge = Boat(name).edge
    assert len(edge) == 44
    assert edge == set(_grid_cells(EDGE_GRID))
    tops_and_bottoms = set()
    for x, h in enumerate(COLUMN_HEIGHTS):
        top = (9 - h) // 2
        tops_and_bottoms |= {(x, top), (x, top + h - 1)}
    assert edge == tops_and_bottoms | {(0, 4)}
    assert (0, 4) in edge
    assert (0, 3) in edge
    assert (21, 4) in edge
    assert (1, 4) not in edge
    assert (10, 4) not in edge
    assert (20, 4) not in edge


# ---- rats --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ALL_LAYOUTS)
def test_rats_1_4_nineteen_per_boat_exact_cells(name):
    """game-data §1.4: every boat has 19 rat cells, all on the hull, exactly at the listed cells."""
    rats = Boat(name).rats
    assert len(rats) == 19
    assert rats <= Boat(name).cells
    assert rats == _parse_cells(RATS[name])


@pytest.mark.parametrize(
    ("name", "rat"),
    [
        ("A", (0, 5)),
        ("A", (19, 3)),
        ("A", (10, 8)),
        ("B", (0, 4)),
        ("B", (12, 7)),
        ("B", (5, 4)),
        ("C", (0, 3)),
        ("C", (16, 7)),
        ("C", (18, 4)),
        ("D", (8, 0)),
        ("D", (12, 4)),
        ("D", (18, 6)),
        ("E", (19, 4)),
        ("E", (5, 1)),
        ("F", (4, 7)),
        ("F", (18, 5)),
    ],
)
def test_rats_1_4_spot_checks(name, rat):
    """game-data §1.4: a few rats read directly off the boat drawings."""
    assert rat in Boat(name).rats


@pytest.mark.parametrize(("name", "cell"), [("A", (1, 4)), ("B", (0, 5)), ("C", (1, 3)), ("D", (21, 4))])
def test_rats_1_4_spot_checks_absent(name, cell):
    assert cell not in Boat(name).rats


@pytest.mark.parametrize("name", BASE_LAYOUTS)
def test_rats_1_4_per_room(name):
    """game-data §1.4: rats per room for boats A-D (9 in room 5, 3 in room 1 on every boat)."""
    lay = layout(name)
    counts = Counter(lay.room_of[c] for c in lay.rats)
    assert dict(counts) == RATS_PER_ROOM[name]
    assert counts[5] == 9
    assert counts[1] == 3


# ---- treasure maps -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ALL_LAYOUTS)
def test_maps_1_4_one_of_each_colour_at_shared_positions(name):
    """game-data §1.4: five maps at the same positions on every boat, one of each colour."""
    maps = Boat(name).maps
    assert set(maps) == set(MAP_POSITIONS)
    assert sorted(maps.values()) == sorted(COLOURS)
    lay = layout(name)
    assert {c: lay.room_of[c] for c in maps} == MAP_ROOMS


@pytest.mark.parametrize("name", ALL_LAYOUTS)
def test_maps_1_4_colour_table(name):
    """game-data §1.4: the map colour table (A-D), and the spare sheets' lists (E, F)."""
    maps = Boat(name).maps
    assert tuple(maps[pos] for pos in MAP_POSITIONS) == MAP_TABLE[name]


@pytest.mark.parametrize("name", ALL_LAYOUTS)
def test_maps_1_4_no_cell_is_both_rat_and_map(name):
    boat = Boat(name)
    assert not boat.rats & set(boat.maps)


def test_all_boats_share_outline_and_rooms():
    """game-data §1.1: all boats have the same outline and rooms; only rats and map colours differ."""
    first = layout("A")
    for name in ALL_LAYOUTS[1:]:
        assert layout(name).cells == first.cells
        assert dict(layout(name).room_of) == dict(first.room_of)
    assert len({layout(n).rats for n in ALL_LAYOUTS}) == 6, "no two boats have the same rats"
