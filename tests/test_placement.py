"""Placing tiles on a boat: PLACE-1..4, PLACE-6, OSHAX-1, MAP-1/MAP-2, legal-placement enumeration, saving.

The enumeration is checked against a brute-force set-of-cells enumerator written here (every rotation/mirror,
made with this file's own code, at every translation; cells checked against Python sets).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import isle_nb.model.parts.boat as boat_module
from isle_nb import (
    COLOURS,
    Boat,
    IllegalAction,
    IllegalPlacement,
    InvalidSave,
    Placement,
    Tile,
    UnknownComponent,
)
from isle_nb.model.parts.geometry import HEIGHT, WIDTH, cells_to_mask
from isle_nb.model.parts.tiles import (
    CAT_SHAPES,
    COMMON_SHAPES,
    OSHAX_SHAPES,
    RARE_SHAPES,
    SHAPES,
    all_cats,
    all_common_treasures,
    all_rare_treasures,
)

Cell = tuple[int, int]
CellSet = frozenset[Cell]

# One tile of every shape: 17 cats, 6 Oshax (coloured), 5 rare and 4 common treasures.
TILES_BY_SHAPE: list[Tile] = [
    *(Tile.cat(COLOURS[i % 5], s) for i, s in enumerate(CAT_SHAPES)),
    *(Tile.oshax(s, COLOURS[i % 5]) for i, s in enumerate(OSHAX_SHAPES)),
    *(Tile.rare(s) for s in RARE_SHAPES),
    *(Tile.common(s) for s in COMMON_SHAPES),
]
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


# ---- independent reference implementation ------------------------------------------------------------------
def normalised(cells: Iterable[Cell]) -> CellSet:
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def images(cells: Iterable[Cell]) -> set[CellSet]:
    """All distinct rotations and mirror images of a polyomino, normalised."""
    cells = list(cells)
    found = set()
    for mirrored in (False, True):
        current = [(-x, y) for x, y in cells] if mirrored else cells
        for _ in range(4):
            found.add(normalised(current))
            current = [(y, -x) for x, y in current]
    return found


def brute_force(boat: Boat, tile: Tile, must_touch: bool) -> set[CellSet]:
    """Every set of cells where ``tile`` may lie: PLACE-1 (any orientation, on the hull, no overlap),
    PLACE-2 (first tile anywhere) and PLACE-3 (shares an edge with a placed tile) unless ``must_touch`` is
    False (PLACE-6). Translations cover the whole 22 x 9 grid (a tile outside it cannot be on the hull)."""
    covered = set(boat.covered)
    free = set(boat.cells) - covered
    result = set()
    for image in images(tile.cells):
        width = max(x for x, _ in image) + 1
        height = max(y for _, y in image) + 1
        for dy in range(HEIGHT - height + 1):
            for dx in range(WIDTH - width + 1):
                cells = frozenset((x + dx, y + dy) for x, y in image)
                if not cells <= free:
                    continue
                if (
                    must_touch
                    and covered
                    and not any((x + nx, y + ny) in covered for x, y in cells for nx, ny in NEIGHBOURS)
                ):
                    continue
                result.add(cells)
    return result


def random_boat(seed: int, target: int, name: str | None = None) -> Boat:
    """A boat filled by random legal placements until about ``target`` cells are covered. Most placements obey
    PLACE-3; some use PLACE-6, so the boat may hold several separate groups of tiles."""
    rng = random.Random(seed)
    boat = Boat(name or rng.choice("ABCDEF"))
    pool: list[Tile] = [
        *all_cats(),
        *(Tile.oshax(s, rng.choice(COLOURS)) for s in OSHAX_SHAPES),
        *all_rare_treasures(),
        *all_common_treasures(),
    ]
    rng.shuffle(pool)
    for tile in pool:
        if boat.occupied.bit_count() >= target:
            break
        must_touch = rng.random() < 0.85
        options = boat.legal_placements(tile, must_touch)
        if options:
            boat = boat.place(tile, rng.choice(options), must_touch)
    return boat


def first_legal(boat: Boat, tile: Tile, must_touch: bool = True, containing: Cell | None = None) -> Placement:
    for placement in boat.legal_placements(tile, must_touch):
        if containing is None or containing in placement.cells:
            return placement
    raise AssertionError(f"no legal placement of {tile}")


def assert_refused(boat: Boat, tile: Tile, where, rule: str, must_touch: bool = True) -> IllegalPlacement:
    """The placement raises IllegalPlacement for ``rule`` (message starts with the ID) and changes nothing."""
    before_tiles, before_occupied, before_dict = boat.tiles, boat.occupied, boat.to_dict()
    snapshot = Boat(boat.layout_name, boat.tiles, boat.occupied)
    with pytest.raises(IllegalPlacement) as info:
        boat.place(tile, where, must_touch)
    error = info.value
    assert isinstance(error, ValueError) and isinstance(error, IllegalAction)
    assert error.rule == rule
    assert str(error).startswith(f"{rule}: ")
    assert boat == snapshot
    assert boat.tiles is before_tiles and boat.occupied == before_occupied
    assert boat.to_dict() == before_dict
    return error


# Fixed small positions on every boat (row 4 runs the full length, rows 3-5 are x=0..20).
RED_I5 = Tile.cat("red", 415)
BLUE_O = Tile.rare("O")
ROW4 = [(x, 4) for x in range(5, 10)]


@pytest.fixture
def one_tile() -> Boat:
    """Boat A with a red I-pentomino on (5..9, 4)."""
    return Boat("A").place(RED_I5, ROW4)


# ---- PLACE-1: on the hull, aligned, no overlap, right shape ------------------------------------------------
@pytest.mark.parametrize(
    "cells",
    [
        [(x, 4) for x in range(18, 23)],  # runs past the bow
        [(x, 0) for x in range(3, 8)],  # (3,0)..(6,0) are not boat cells
        [(-1, 4), (0, 4), (1, 4), (2, 4), (3, 4)],  # past the stern
        [(0, y) for y in range(2, 7)],  # column 0 has only 3 cells
        [(10, y) for y in range(6, 11)],  # below the keel
    ],
)
def test_place_1_off_boat_is_refused(cells):
    """PLACE-1: a tile must lie wholly on boat cells."""
    assert_refused(Boat("A"), RED_I5, cells, "PLACE-1")


@pytest.mark.parametrize(
    "cells",
    [
        [(40, 0)],  # x beyond the 32-bit row stride
        [(33, 3)],
        [(22, 4)],
        [(31, 4)],
        [(0, 9)],
        [(5, 40)],
    ],
)
def test_place_1_far_off_grid_is_refused(cells):
    """PLACE-1: cells outside the 22 x 9 grid are off the boat, however far out (no wrap into another row)."""
    assert_refused(Boat("A"), Tile.common("1x1"), cells, "PLACE-1")


def test_place_1_far_off_grid_multi_cell_tile_is_refused():
    """PLACE-1: an I-pentomino at x = 34..38 of row 4 is off the boat (it must not land on row 5)."""
    assert_refused(Boat("A"), RED_I5, [(x, 4) for x in range(34, 39)], "PLACE-1")


def test_place_1_overlap_is_refused(one_tile):
    """PLACE-1: a tile may not overlap another tile."""
    assert_refused(one_tile, BLUE_O, [(9, 4), (10, 4), (9, 5), (10, 5)], "PLACE-1")
    assert_refused(one_tile, Tile.cat("blue", 415), [(x, 4) for x in range(3, 8)], "PLACE-1")


@pytest.mark.parametrize(
    ("tile", "cells"),
    [
        (RED_I5, [(x, 4) for x in range(5, 9)]),  # 4 cells for a pentomino
        (RED_I5, [(x, 4) for x in range(5, 11)]),  # 6 cells
        (RED_I5, []),
        (RED_I5, [(5, 4), (6, 4), (7, 4), (9, 4), (10, 4)]),  # disconnected
        (BLUE_O, [(5, 4), (6, 4), (5, 6), (6, 6)]),  # disconnected
        (RED_I5, [(5, 4), (6, 4), (7, 4), (8, 4), (8, 5)]),  # an L-pentomino, not an I
        (BLUE_O, [(5, 4), (6, 4), (7, 4), (8, 4)]),  # an I-tetromino, not an O
        (Tile.cat("green", 416), [(5, 3), (6, 3), (7, 3), (5, 4), (6, 4), (7, 4)]),  # a 2x3 block
        (BLUE_O, [(5, 4), (6, 5), (5, 5), (6, 4), (7, 4)]),  # 5 cells for a tetromino
    ],
)
def test_place_1_wrong_shape_is_refused(tile, cells):
    """PLACE-1: the cells must form the tile's shape in some rotation or mirror image."""
    assert_refused(Boat("A"), tile, cells, "PLACE-1")


def test_place_1_duplicate_cells_are_refused():
    """PLACE-1: each cell of the tile is given once (5 entries naming 4 cells are not an I-pentomino)."""
    assert_refused(Boat("A"), RED_I5, [(5, 4), (6, 4), (7, 4), (8, 4), (8, 4)], "PLACE-1")
    assert_refused(Boat("A"), BLUE_O, [(5, 4), (6, 4), (5, 5), (6, 5), (6, 5)], "PLACE-1")


@pytest.mark.parametrize(
    "cells",
    [
        [(5.5, 4), (6.5, 4), (7.5, 4), (8.5, 4), (9.5, 4)],  # fractions must not be rounded onto the grid
        [(5, 4.5), (6, 4.5), (7, 4.5), (8, 4.5), (9, 4.5)],
        [("a", 4), (6, 4), (7, 4), (8, 4), (9, 4)],
        [(5, None), (6, 4), (7, 4), (8, 4), (9, 4)],
        [(5, 4, 0), (6, 4), (7, 4), (8, 4), (9, 4)],
        [5, 6, 7, 8, 9],
        None,
    ],
)
def test_place_1_non_integer_cells_are_refused(cells):
    """PLACE-1: a tile is aligned to the grid: cells are (x, y) pairs of integers."""
    assert_refused(Boat("A"), RED_I5, cells, "PLACE-1")


def test_place_1_same_tile_twice_is_refused(one_tile):
    """A physical tile can lie on a boat only once (also an Oshax with another chosen colour)."""
    assert_refused(one_tile, RED_I5, [(x, 3) for x in range(5, 10)], "PLACE-1")
    boat = one_tile.place(Tile.oshax(300, "blue"), first_legal(one_tile, Tile.oshax(300, "blue")))
    assert_refused(boat, Tile.oshax(300, "green"), first_legal(boat, Tile.oshax(300, "green")), "PLACE-1")
    boat = boat.place(Tile.rare("O", 0), first_legal(boat, BLUE_O))
    again = boat.place(Tile.rare("O", 1), first_legal(boat, BLUE_O))  # another copy is another tile
    assert len(again.tiles) == 4


def test_place_1_placement_for_another_shape_is_refused(one_tile):
    placement = first_legal(one_tile, Tile.cat("blue", 414))
    assert_refused(one_tile, Tile.rare("S"), placement, "PLACE-1")


def test_place_1_every_orientation_by_cells():
    """PLACE-1: a tile may be rotated and mirrored: each of its images is accepted as cells, and placing by
    cells gives the same boat as placing by the matching Placement object."""
    boat = Boat("B")
    for tile in TILES_BY_SHAPE:
        for image in images(tile.cells):
            cells = [(x + 8, y + 2) for x, y in image]
            by_cells = boat.place(tile, cells)
            assert by_cells.tiles[-1].cells == frozenset(cells)
            assert by_cells.occupied == cells_to_mask(cells)
            matching = [p for p in boat.legal_placements(tile) if p.cells == frozenset(cells)]
            assert len(matching) == 1
            by_object = boat.place(tile, matching[0])
            assert by_object == by_cells
            assert boat.check_placement(tile, cells) == matching[0]
            # any order of the cells, and lists instead of tuples
            assert boat.place(tile, [list(c) for c in reversed(cells)]) == by_cells


# ---- PLACE-2, PLACE-3, PLACE-4, PLACE-6 --------------------------------------------------------------------
def test_place_2_first_tile_anywhere():
    """PLACE-2: the first tile may go anywhere on the boat, touching nothing."""
    for tile, cells in (
        (Tile.common("I3"), [(0, 3), (0, 4), (0, 5)]),
        (Tile.common("L3"), [(20, 4), (21, 4), (20, 3)]),
    ):
        boat = Boat("C").place(tile, cells)
        assert boat.tiles[0].cells == frozenset(cells)
    boat = Boat("A")
    for tile in TILES_BY_SHAPE:
        assert boat.count_legal_placements(tile, True) == boat.count_legal_placements(tile, False) > 0


def test_place_3_must_touch(one_tile):
    """PLACE-3: a later tile must share an edge with a tile already on the boat."""
    error = assert_refused(one_tile, BLUE_O, [(15, 3), (16, 3), (15, 4), (16, 4)], "PLACE-3")
    assert "edge" in str(error)
    placed = one_tile.place(BLUE_O, [(10, 4), (11, 4), (10, 5), (11, 5)])  # shares the edge (9,4)-(10,4)
    assert len(placed.tiles) == 2


def test_place_3_diagonal_contact_is_refused(one_tile):
    """PLACE-3: diagonals never touch: a tile meeting only the corner of (9,4) is refused."""
    assert_refused(one_tile, BLUE_O, [(10, 5), (11, 5), (10, 6), (11, 6)], "PLACE-3")
    assert_refused(one_tile, Tile.common("1x1"), [(4, 3)], "PLACE-3")
    assert_refused(one_tile, Tile.common("1x1"), [(10, 3)], "PLACE-3")
    assert one_tile.place(Tile.common("1x1"), [(10, 4)])
    assert one_tile.place(Tile.common("1x1"), [(7, 5)])
    legal = {p.cells for p in one_tile.legal_placements(Tile.common("1x1"))}
    assert frozenset({(10, 3)}) not in legal and frozenset({(4, 5)}) not in legal
    assert legal == {
        frozenset({c})
        for c in [(4, 4), (10, 4), *((x, 3) for x in range(5, 10)), *((x, 5) for x in range(5, 10))]
    }


def test_place_4_tiles_cover_rats_and_maps_and_cross_rooms():
    """PLACE-4: tiles may cross room walls and cover rats and treasure maps."""
    boat = Boat("A")
    cells = [(x, 3) for x in range(0, 5)]  # rooms 1 and 5, the red map at (1,3)
    boat = boat.place(Tile.cat("blue", 415), cells)
    assert {boat.layout.room_of[c] for c in cells} == {1, 5}
    assert (1, 3) in boat.maps
    cells = [(x, 3) for x in range(5, 10)]  # rats at (7,3) and (8,3) in room 3
    boat = boat.place(Tile.cat("green", 415), cells)
    assert {(7, 3), (8, 3)} <= boat.rats & boat.covered
    cells = [(10, 3), (11, 3), (12, 3), (12, 2)]  # rooms 3 and 5 (an L-tetromino)
    boat = boat.place(Tile.rare("L"), cells)
    assert {boat.layout.room_of[c] for c in cells} == {3, 5}
    assert len(boat.tiles) == 3


def test_place_6_must_touch_false_allows_a_separate_tile(one_tile):
    """PLACE-6: card 69/70 lets the next tile ignore PLACE-3 (but not PLACE-1)."""
    far = [(15, 3), (16, 3), (15, 4), (16, 4)]
    boat = one_tile.place(BLUE_O, far, must_touch=False)
    assert boat.tiles[-1].cells == frozenset(far)
    assert_refused(one_tile, BLUE_O, [(8, 4), (9, 4), (8, 5), (9, 5)], "PLACE-1", must_touch=False)
    assert_refused(one_tile, BLUE_O, [(21, 4), (22, 4), (21, 5), (22, 5)], "PLACE-1", must_touch=False)
    assert one_tile.count_legal_placements(BLUE_O, False) > one_tile.count_legal_placements(BLUE_O, True)


def test_oshax_1_oshax_without_colour_is_refused():
    """OSHAX-1: the colour of an Oshax is chosen when it is placed."""
    tile = Tile.oshax(303)
    where = first_legal(Boat("A"), tile)
    assert_refused(Boat("A"), tile, where, "OSHAX-1")
    assert Boat("A").place(tile.with_colour("orange"), where).tiles[0].tile.colour == "orange"


@pytest.mark.parametrize("bad", [None, "cat:blue:400", 400, (400,)])
def test_check_placement_needs_a_tile(bad):
    with pytest.raises(UnknownComponent):
        Boat("A").place(bad, ROW4)


@pytest.mark.parametrize("shape", [999, "Q", "4x4", None, 399])
def test_unknown_shape_for_enumeration(shape):
    with pytest.raises(UnknownComponent):
        Boat("A").legal_placements(shape)
    with pytest.raises(UnknownComponent):
        Boat("A").count_legal_placements(shape)


def test_enumeration_by_shape_key_equals_by_tile(one_tile):
    for tile in TILES_BY_SHAPE:
        assert one_tile.legal_placements(tile.shape) == one_tile.legal_placements(tile)
        assert one_tile.can_place(tile)


# ---- legal placement enumeration vs brute force ------------------------------------------------------------
BOAT_CASES = [
    (seed, target) for seed, target in enumerate([0, 5, 20, 40, 60, 71, 71, 90, 110, 125, 135, 142])
]


@pytest.fixture(scope="module")
def sample_boats() -> dict[tuple[int, int], Boat]:
    return {case: random_boat(*case) for case in BOAT_CASES}


@pytest.mark.parametrize("case", BOAT_CASES, ids=[f"seed{s}-fill{t}" for s, t in BOAT_CASES])
def test_place_1_3_legal_placements_equal_brute_force(case, sample_boats):
    """PLACE-1..3, PLACE-6: legal_placements returns exactly the brute-force set, without duplicates, for
    every shape (17 cats, 6 Oshax, 5 rare, 4 common treasures), with and without the touch rule."""
    boat = sample_boats[case]
    for tile in TILES_BY_SHAPE:
        for must_touch in (True, False):
            found = boat.legal_placements(tile, must_touch)
            cells = [p.cells for p in found]
            assert len(set(cells)) == len(cells), f"duplicate placements of {tile}"
            assert set(cells) == brute_force(boat, tile, must_touch), f"{tile}, must_touch={must_touch}"
            assert boat.count_legal_placements(tile, must_touch) == len(found)
            assert boat.can_place(tile, must_touch) == bool(found)


@pytest.mark.parametrize("case", BOAT_CASES[1:8:2], ids=lambda c: f"seed{c[0]}-fill{c[1]}")
def test_every_legal_placement_is_accepted_by_place(case, sample_boats):
    """Every enumerated placement passes check_placement and place, and describes itself consistently."""
    boat = sample_boats[case]
    for tile in TILES_BY_SHAPE:
        if boat.find(tile) is not None:
            continue
        shape = SHAPES[tile.shape]
        for must_touch in (True, False):
            for placement in boat.legal_placements(tile, must_touch):
                assert placement.shape == tile.shape
                assert placement.mask == cells_to_mask(placement.cells)
                ax, ay = placement.anchor
                assert placement.cells == {
                    (ax + x, ay + y) for x, y in shape.orientations[placement.orientation]
                }
                after = boat.place(tile, placement, must_touch)
                assert after.occupied == boat.occupied | placement.mask
                assert after.tiles[-1].cells == placement.cells


def test_place_5_nothing_fits_on_a_full_boat(sample_boats):
    """PLACE-5 support: with no free cell nothing has a legal placement; with a few, only what fits does."""
    hull = boat_module.layout("A").hull_mask
    full = Boat("A", (), hull)
    assert all(not full.can_place(t, False) and full.legal_placements(t) == [] for t in TILES_BY_SHAPE)
    boat = sample_boats[(11, 142)]
    free = len(boat.cells) - len(boat.covered)
    assert boat.count_legal_placements("1x1", False) == free
    assert boat.occupied.bit_count() >= 120


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    target=st.integers(0, 142),
    name=st.sampled_from("ABCDEF"),
    tile=st.sampled_from(TILES_BY_SHAPE),
    must_touch=st.booleans(),
)
def test_place_1_3_enumeration_property(seed, target, name, tile, must_touch):
    """PLACE-1..3, PLACE-6 (property): enumeration equals brute force on random boats."""
    boat = random_boat(seed, target, name)
    found = [p.cells for p in boat.legal_placements(tile, must_touch)]
    assert len(found) == len(set(found))
    assert set(found) == brute_force(boat, tile, must_touch)


# ---- remove and saving -------------------------------------------------------------------------------------
def test_remove_undoes_a_placement(one_tile):
    empty = one_tile.remove(RED_I5)
    assert empty == Boat("A") and empty.occupied == 0 and empty.empty
    boat = one_tile.place(BLUE_O, [(10, 4), (11, 4), (10, 5), (11, 5)])
    boat = boat.place(Tile.common("I3"), [(12, 4), (13, 4), (14, 4)])
    assert boat.remove(Tile.common("I3")) == one_tile.place(BLUE_O, [(10, 4), (11, 4), (10, 5), (11, 5)])
    without_middle = boat.remove(BLUE_O)
    assert [p.tile for p in without_middle.tiles] == [RED_I5, Tile.common("I3")]
    assert without_middle.covered == set(ROW4) | {(12, 4), (13, 4), (14, 4)}
    with pytest.raises(IllegalPlacement) as info:
        boat.remove(Tile.cat("blue", 400))
    assert info.value.rule == "PLACE-1"


def test_tile_at_and_find(one_tile):
    assert one_tile.tile_at((7, 4)).tile == RED_I5
    assert one_tile.tile_at((7, 5)) is None
    assert one_tile.tile_at((-1, 4)) is None and one_tile.tile_at((40, 0)) is None
    assert one_tile.find(RED_I5).cells == frozenset(ROW4)
    assert one_tile.find(BLUE_O) is None


@pytest.mark.parametrize("case", BOAT_CASES, ids=[f"seed{s}-fill{t}" for s, t in BOAT_CASES])
def test_to_dict_from_dict_round_trip(case, sample_boats):
    """A saved boat (through JSON) loads back equal: same tiles in order, Oshax colours, map bonuses."""
    boat = sample_boats[case]
    data = json.loads(json.dumps(boat.to_dict()))
    loaded = Boat.from_dict(data)
    assert loaded == boat
    assert [p.map_bonuses for p in loaded.tiles] == [p.map_bonuses for p in boat.tiles]
    assert loaded.to_dict() == boat.to_dict()


def saved_boat() -> dict:
    boat = Boat("D").place(RED_I5, ROW4)
    boat = boat.place(Tile.oshax(301, "green"), first_legal(boat, Tile.oshax(301, "green")))
    boat = boat.place(BLUE_O, first_legal(boat, BLUE_O))
    return json.loads(json.dumps(boat.to_dict()))


def test_saved_boat_loads():
    data = saved_boat()
    assert data["layout"] == "D"
    assert [t["tile"] for t in data["tiles"]] == ["cat:red:415", "oshax:301", "rare:O:0"]
    assert data["tiles"][1]["colour"] == "green"
    assert len(Boat.from_dict(data).tiles) == 3


DELETE = object()


def broken_save(path: str, value: object) -> dict:
    """A copy of saved_boat() with the entry at ``path`` (dotted keys) replaced, or removed for DELETE."""
    data = saved_boat()
    keys: list[str | int] = [int(k) if k.isdigit() else k for k in path.split(".")]
    target = data
    for key in keys[:-1]:
        target = target[key]
    if value is DELETE:
        del target[keys[-1]]
    else:
        target[keys[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("layout", "Z"),
        ("layout", DELETE),
        ("tiles", DELETE),
        ("tiles.1.colour", DELETE),  # an Oshax saved without its colour (OSHAX-1)
        ("tiles.1.colour", "pink"),
        ("tiles.1.colour", None),
        ("tiles.2.tile", "rare:O:9"),
        ("tiles.2.tile", "cat:red:415"),  # the same tile twice
        ("tiles.2.cells", [[5, 4], [6, 4], [5, 5], [6, 5]]),  # overlaps the red cat
        ("tiles.2.cells", [[0, 0], [1, 0], [0, 1], [1, 1]]),  # off the boat
        ("tiles.2.cells", [[15, 4], [16, 4], [17, 4], [18, 4]]),  # not an O
        ("tiles.0.cells", [[5, 4], [6, 4], [7, 4], [8, 4]]),  # too few cells
    ],
)
def test_from_dict_inconsistent_save_raises_invalid_save(path, value):
    """A save that breaks a rule (PLACE-1, OSHAX-1) or names an unknown component raises InvalidSave."""
    with pytest.raises(InvalidSave):
        Boat.from_dict(broken_save(path, value))


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(None, id="none"),
        pytest.param([], id="list"),
        pytest.param("boat", id="string"),
        pytest.param({}, id="empty"),
        pytest.param({"layout": "A"}, id="no-tiles"),
        pytest.param({"tiles": []}, id="no-layout"),
        pytest.param({"layout": "Z", "tiles": []}, id="unknown-layout"),
        pytest.param({"layout": "A", "tiles": 5}, id="tiles-not-a-list"),
        pytest.param({"layout": "A", "tiles": [5]}, id="entry-not-a-dict"),
        pytest.param({"layout": "A", "tiles": [None]}, id="entry-none"),
        pytest.param({"layout": "A", "tiles": [{"tile": "cat:red:415"}]}, id="no-cells"),
        pytest.param({"layout": "A", "tiles": [{"cells": [[0, 4]]}]}, id="no-tile"),
        pytest.param(
            {"layout": "A", "tiles": [{"tile": "cat:pink:415", "cells": [[x, 4] for x in range(5)]}]},
            id="unknown-colour",
        ),
        pytest.param(
            {"layout": "A", "tiles": [{"tile": "cat:red:999", "cells": [[x, 4] for x in range(5)]}]},
            id="unknown-shape",
        ),
        pytest.param({"layout": "A", "tiles": [{"tile": "common:1x1:0", "cells": 5}]}, id="cells-not-a-list"),
        pytest.param(
            {"layout": "A", "tiles": [{"tile": "common:1x1:0", "cells": [[1]]}]}, id="cell-not-a-pair"
        ),
        pytest.param(
            {"layout": "A", "tiles": [{"tile": "common:1x1:0", "cells": [5]}]}, id="cell-not-a-list"
        ),
        pytest.param(
            {"layout": "A", "tiles": [{"tile": "common:1x1:0", "cells": [[40, 0]]}]}, id="cell-wraps"
        ),
        pytest.param(
            {"layout": "A", "tiles": [{"tile": "common:1x1:0", "cells": [[1.5, 4]]}]}, id="cell-fraction"
        ),
        pytest.param({"layout": "A", "tiles": [{"tile": "common:1x1:0", "cells": [[0, 0]]}]}, id="off-boat"),
        pytest.param(
            {"layout": "A", "tiles": [{"tile": "oshax:300", "cells": [[0, 4]]}]}, id="oshax-no-colour"
        ),
    ],
)
def test_from_dict_malformed_raises_invalid_save(data):
    """Malformed saves raise InvalidSave (a ValueError); nothing is loaded."""
    with pytest.raises(InvalidSave):
        Boat.from_dict(data)


# ---- MAP-1 / MAP-2 -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["A", "B", "C", "D"])
def test_map_1_cat_of_the_map_colour_gets_one_bonus(name):
    """MAP-1: a cat covering a treasure map of its own colour earns one common-treasure bonus."""
    empty = Boat(name)
    for cell, colour in empty.maps.items():
        for shape in (412, 415, 401):
            tile = Tile.cat(colour, shape)
            placement = first_legal(empty, tile, containing=cell)
            assert empty.map_bonuses(tile, placement) == (cell,)
            assert empty.place(tile, placement).tiles[-1].map_bonuses == (cell,)


@pytest.mark.parametrize("name", ["A", "B", "C", "D"])
def test_map_2_other_colours_and_treasures_cover_maps_for_nothing(name):
    """MAP-2: other tiles (another colour, a treasure) may cover a map but earn nothing."""
    empty = Boat(name)
    for cell, colour in empty.maps.items():
        others = [Tile.cat(c, 416) for c in COLOURS if c != colour]
        treasures = [Tile.rare(s) for s in RARE_SHAPES] + [Tile.common(s) for s in COMMON_SHAPES]
        for tile in others + treasures:
            placement = first_legal(empty, tile, containing=cell)
            placed = empty.place(tile, placement).tiles[-1]
            assert cell in placed.cells
            assert placed.map_bonuses == ()


def test_map_1_oshax_counts_with_its_chosen_colour():
    """MAP-1 with OSHAX-1: an Oshax with the map's colour earns the bonus; with another colour it does not."""
    boat = Boat("A")  # green map at (7,0)
    green = Tile.oshax(304, "green")
    placement = first_legal(boat, green, containing=(7, 0))
    assert boat.place(green, placement).tiles[-1].map_bonuses == ((7, 0),)
    red = Tile.oshax(304, "red")
    assert boat.place(red, placement).tiles[-1].map_bonuses == ()
    assert boat.map_bonuses(Tile.oshax(304), placement) == (), "a colourless Oshax matches no map"


def test_map_1_bonus_later_in_the_game_and_not_without_covering():
    """MAP-1: the bonus goes to the tile that covers the map, whenever placed; touching is not covering."""
    boat = Boat("A").place(
        Tile.cat("blue", 415), [(x, 1) for x in range(9, 14)]
    )  # next to the blue map (14,1)
    assert boat.tiles[-1].map_bonuses == ()
    boat = boat.place(Tile.cat("blue", 414), [(10, 2), (11, 2), (9, 3), (10, 3)])
    assert boat.tiles[-1].map_bonuses == ()
    boat = boat.place(Tile.cat("blue", 412), [(14, 1), (13, 2), (14, 2), (15, 2), (14, 3)])
    assert boat.tiles[-1].map_bonuses == ((14, 1),)
    assert [p.map_bonuses for p in boat.tiles] == [(), (), ((14, 1),)]


@pytest.mark.parametrize("name", ["A", "B", "C", "D", "E", "F"])
def test_map_2_two_bonuses_impossible_on_real_boats(name):
    """MAP-2 says a tile covering two matching maps gives two bonuses. On the real boats this cannot happen:
    every boat has exactly one map of each colour (game-data §1.4), so a tile (one colour) matches one map at
    most. See test_map_2_two_matching_maps_give_two_bonuses for the rule itself on a crafted layout."""
    colours = list(Boat(name).maps.values())
    assert sorted(colours) == sorted(COLOURS)


def test_map_2_two_matching_maps_give_two_bonuses(monkeypatch):
    """MAP-2: one bonus per map cell covered: on a crafted layout of boat A with two red maps in row 4, a red
    I-pentomino covering both earns two bonuses, a blue one none, and the blue map pays only a blue tile."""
    real = boat_module.layout("A")
    crafted = dataclasses.replace(real, maps={(5, 4): "red", (7, 4): "red", (9, 4): "blue"})
    monkeypatch.setattr(boat_module, "layout", lambda name: crafted)
    boat = Boat("A")
    assert boat.maps == crafted.maps
    assert boat.place(RED_I5, ROW4).tiles[0].map_bonuses == ((5, 4), (7, 4))
    assert boat.place(Tile.cat("blue", 415), ROW4).tiles[0].map_bonuses == ((9, 4),)
    assert boat.place(Tile.oshax(300, "red"), [(5, 4), (6, 4), (6, 5), (7, 5), (7, 6), (8, 6)]).tiles[
        0
    ].map_bonuses == ((5, 4),)
    assert boat.place(Tile.rare("I"), [(5, 4), (6, 4), (7, 4), (8, 4)]).tiles[0].map_bonuses == ()
