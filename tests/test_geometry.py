"""Polyomino geometry: bitmasks with STRIDE 32, normalisation and orientations (PLACE-1).

The orientation checks use rotate/mirror code written here, independently of ``isle_nb.model.parts.geometry``.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from isle_nb.model.parts.geometry import (
    HEIGHT,
    STRIDE,
    WIDTH,
    Shape,
    bit,
    cells_to_mask,
    iter_cells,
    mask_to_cells,
    neighbours_mask,
    normalize,
    orientations_of,
    parse_rows,
)
from isle_nb.model.parts.placements import orientation_tables, placement_from_cells
from isle_nb.model.parts.tiles import SHAPES

Cells = frozenset[tuple[int, int]]


# ---- independent reference geometry ------------------------------------------------------------------------
def _norm(cells: Iterable[tuple[int, int]]) -> Cells:
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def all_transforms(cells: Iterable[tuple[int, int]]) -> list[Cells]:
    """The 8 images of a polyomino under the dihedral group (4 rotations x optional mirror), normalised."""
    cells = list(cells)
    images = []
    for mirrored in (False, True):
        current = [(-x, y) for x, y in cells] if mirrored else list(cells)
        for _ in range(4):
            images.append(_norm(current))
            current = [(y, -x) for x, y in current]  # a quarter turn
    return images


def distinct_transforms(cells: Iterable[tuple[int, int]]) -> set[Cells]:
    return set(all_transforms(cells))


def is_connected(cells: Cells) -> bool:
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == set(cells)


# ---- bitmasks ----------------------------------------------------------------------------------------------
def test_grid_constants_map_1_1():
    """game-data §1.1: the boat grid is 22 columns x 9 rows; STRIDE leaves spare bits after each row."""
    assert (WIDTH, HEIGHT) == (22, 9)
    assert STRIDE == 32
    assert STRIDE - WIDTH >= 5  # wider than the widest tile (5 cells): a shift never wraps into the next row


def test_bit_index_is_row_major_with_stride():
    assert bit((0, 0)) == 0
    assert bit((21, 0)) == 21
    assert bit((0, 1)) == STRIDE
    assert bit((5, 3)) == 3 * STRIDE + 5


def test_mask_round_trip_every_grid_cell():
    cells = {(x, y) for x in range(WIDTH) for y in range(HEIGHT)}
    mask = cells_to_mask(cells)
    assert mask.bit_count() == WIDTH * HEIGHT
    assert mask_to_cells(mask) == cells
    for y in range(HEIGHT):
        spare = ((1 << STRIDE) - 1) ^ ((1 << WIDTH) - 1)
        assert (mask >> (y * STRIDE)) & spare == 0, "spare bits must stay zero"


def test_mask_to_cells_and_iter_cells_agree():
    cells = {(0, 0), (21, 8), (3, 4), (7, 0), (0, 8)}
    mask = cells_to_mask(cells)
    assert mask_to_cells(mask) == frozenset(cells)
    order = list(iter_cells(mask))
    assert order == sorted(cells, key=lambda c: (c[1], c[0])), "lowest bit (top-left) first"
    assert mask_to_cells(0) == frozenset()


def test_neighbours_mask_is_the_four_orthogonal_neighbours():
    mask = neighbours_mask(cells_to_mask([(5, 4)]))
    assert mask_to_cells(mask) == {(4, 4), (6, 4), (5, 3), (5, 5)}
    assert not mask & cells_to_mask([(4, 3), (6, 5), (4, 5), (6, 3)]), (
        "diagonals are not neighbours (PLACE-3)"
    )


# ---- normalisation and parsing -----------------------------------------------------------------------------
def test_normalize_translates_to_origin_and_sorts_by_row():
    assert normalize([(5, 7), (4, 8), (5, 8)]) == ((1, 0), (0, 1), (1, 1))
    with pytest.raises(ValueError):
        normalize([])


def test_parse_rows_reads_hash_cells():
    assert parse_rows(["..#", "###"]) == ((2, 0), (0, 1), (1, 1), (2, 1))
    assert parse_rows(["...", ".#.", "..."]) == ((0, 0),)


# ---- orientations (PLACE-1) --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("1x1", 1),
        ("O", 1),
        ("I3", 2),
        ("1x2", 2),
        ("I", 2),
        (412, 1),  # X-pentomino
        ("L", 8),  # L-tetromino
        ("S", 4),
        (414, 4),  # S-tetromino cat
        (400, 4),  # T-pentomino
        ("T", 4),
        ("L3", 4),
        (415, 2),  # I-pentomino
        (409, 4),  # U-pentomino
        (407, 4),  # V-pentomino
        (401, 4),  # W-pentomino
        (416, 4),  # cross hexomino (mirror-symmetric)
        (408, 8),  # L-pentomino
    ],
)
def test_place_1_orientation_counts(key, expected):
    """PLACE-1: a tile may be rotated and mirrored; symmetric duplicates are counted once."""
    assert len(SHAPES[key].orientations) == expected
    assert len(distinct_transforms(SHAPES[key].cells)) == expected


@pytest.mark.parametrize("key", list(SHAPES))
def test_place_1_orientations_are_exactly_the_rotations_and_mirrors(key):
    """PLACE-1: every orientation has the shape's size, is a rotation/mirror of it, all are distinct and none
    is missing."""
    shape = SHAPES[key]
    images = distinct_transforms(shape.cells)
    found = [frozenset(o) for o in shape.orientations]
    assert all(len(o) == shape.size for o in shape.orientations)
    assert len(set(found)) == len(found), "orientations are pairwise distinct"
    assert set(found) == images, "each orientation is a rotation/mirror of the base, and all are present"
    assert shape.orientations[0] == normalize(shape.cells), "the shape as drawn comes first"
    for o in shape.orientations:
        assert o == normalize(o), "orientations are normalised"
        assert is_connected(frozenset(o))


@pytest.mark.parametrize("key", list(SHAPES))
def test_orientation_index_recognises_every_translated_image(key):
    shape = SHAPES[key]
    for image in all_transforms(shape.cells):
        moved = [(x + 7, y + 3) for x, y in image]
        index = shape.orientation_index(moved)
        assert index is not None
        assert frozenset(shape.orientations[index]) == image


def test_orientation_index_rejects_other_shapes():
    assert SHAPES[416].orientation_index(SHAPES[402].cells) is None
    assert SHAPES["O"].orientation_index([(0, 0), (1, 0), (2, 0), (3, 0)]) is None


def test_shape_from_cells_and_orientations_of_agree():
    shape = Shape.from_cells("tee", [(10, 10), (11, 10), (12, 10), (11, 11)])
    assert shape.size == 4
    assert shape.cells == ((0, 0), (1, 0), (2, 0), (1, 1))
    assert shape.orientations == orientations_of(shape.cells)
    assert len(shape.orientations) == 4


# ---- orientation tables (bit offsets) ----------------------------------------------------------------------
@pytest.mark.parametrize("key", list(SHAPES))
def test_orientation_table_offsets_match_cells(key):
    shape = SHAPES[key]
    tables = orientation_tables(shape)
    assert len(tables) == len(shape.orientations)
    for i, table in enumerate(tables):
        assert table.cells == shape.orientations[i]
        assert sorted(table.offsets) == sorted(y * STRIDE + x for x, y in shape.orientations[i])
        assert min(table.offsets) >= 0
        assert table.mask == cells_to_mask(shape.orientations[i])


def test_placement_from_cells_finds_orientation_and_anchor():
    shape = SHAPES["L3"]  # .# / ##
    placement = placement_from_cells(shape, [(4, 2), (3, 3), (4, 3)])
    assert placement is not None
    assert placement.anchor == (3, 2)
    assert placement.cells == {(4, 2), (3, 3), (4, 3)}
    assert placement.mask == cells_to_mask(placement.cells)
    assert placement_from_cells(shape, [(0, 0), (1, 0), (2, 0)]) is None
    assert placement_from_cells(shape, [(0, 0), (1, 0)]) is None
    assert placement_from_cells(shape, [(-1, 0), (0, 0), (0, 1)]) is None


def test_nth_placement_is_the_enumerations_item_of_that_number_without_building_the_others():
    # The hub's benchmark clients and anyone picking one placement at random need one, not hundreds (PLACE-1..3).
    import random

    from isle_nb.model.parts.boat import LAYOUTS, Boat
    from isle_nb.model.parts.placements import enumerate_placements, nth_placement

    pick = random.Random(3)
    free = Boat(sorted(LAYOUTS)[0]).free
    listed = 0
    for key in pick.sample(sorted(SHAPES, key=str), 8):
        shape = SHAPES[key]
        for touch in (None, free & (free >> 7) & ~(free >> 40)):
            every = enumerate_placements(shape, free, touch)
            listed += len(every)
            assert [nth_placement(shape, free, touch, i) for i in range(len(every))] == every
            with pytest.raises(IndexError):
                nth_placement(shape, free, touch, len(every))
            with pytest.raises(IndexError):
                nth_placement(shape, free, touch, -1)
    assert listed > 500
