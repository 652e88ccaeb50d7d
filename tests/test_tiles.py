"""Tile data against game-data §2 (cats) and §3 (Oshax, rare and common treasures), SETUP-2..4 and OSHAX-1.

Expected shapes are the drawings of game-data.md, transcribed here; shapes are compared as free polyominoes
(rotation and mirroring allowed) with rotate/mirror code written in this file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest

from isle_nb import COLOURS, Tile, UnknownComponent
from isle_nb.model.parts.tiles import (
    CAT_SHAPES,
    COMMON_SHAPES,
    OSHAX_SHAPES,
    RARE_SHAPES,
    SHAPES,
    SMALL_SHAPES,
    all_cats,
    all_common_treasures,
    all_oshax,
    all_rare_treasures,
    check_colour,
    common_supply_per_shape,
    rare_treasure_card_id,
)

Cells = tuple[tuple[int, int], ...]


def rows_to_cells(rows: str) -> frozenset[tuple[int, int]]:
    return frozenset((x, y) for y, row in enumerate(rows.split()) for x, ch in enumerate(row) if ch == "#")


def canonical(cells: Iterable[tuple[int, int]]) -> Cells:
    """The free-polyomino canonical form: the smallest normalised image under the 8 rotations/mirrors."""
    cells = list(cells)
    images = []
    for mirrored in (False, True):
        current = [(-x, y) for x, y in cells] if mirrored else cells
        for _ in range(4):
            mx = min(x for x, _ in current)
            my = min(y for _, y in current)
            images.append(tuple(sorted((x - mx, y - my) for x, y in current)))
            current = [(y, -x) for x, y in current]
    return min(images)


def normalised(cells: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


# game-data §2: the 17 cat shapes as drawn
CAT_DRAWINGS = {
    400: "..# ### ..#",
    401: ".## ##. #..",
    402: ".# ## ## #.",
    403: ".# ## .# .#",
    404: ".# ## ##",
    405: "#.. ### #.#",
    406: ".#.. .#.. ####",
    407: "..# ..# ###",
    408: "#. #. #. ##",
    409: "## #. ##",
    410: "###. #.##",
    411: ".## ### ..#",
    412: ".#. ### .#.",
    413: "..## ###.",
    414: ".## ##.",
    415: "# # # # #",
    416: ".#. .#. ### .#.",
}

# game-data §3.1: the 6 Oshax hexominoes
OSHAX_DRAWINGS = {
    300: "..## .##. ##..",
    301: ".#. ##. .## .#.",
    302: ".## ##. #.. #..",
    303: ".#. .#. ### #..",
    304: "..#. #### #...",
    305: "..#. .### ##..",
}

# game-data §3.2: the five tetrominoes of the rare treasures
RARE_DRAWINGS = {"L": "#. #. ##", "T": "### .#.", "O": "## ##", "S": ".## ##.", "I": "####"}
RARE_IDS = {
    "L": (200, 221, 222, 223, 224),
    "T": (201, 202, 203, 204, 205),
    "O": (206, 207, 208, 209, 211),
    "S": (210, 217, 218, 219, 220),
    "I": (212, 213, 214, 215, 216),
}

# game-data §3.3: the four common treasure shapes
COMMON_DRAWINGS = {"1x1": "#", "1x2": "##", "L3": "#. ##", "I3": "###"}


# ---- cats (game-data §2, SETUP-4) --------------------------------------------------------------------------
def test_cats_2_85_tiles_five_colours_by_17_shapes():
    """game-data §2 / SETUP-4: 85 cats = 5 colours x 17 shapes, each colour has each shape once."""
    cats = all_cats()
    assert len(cats) == 85
    assert len(set(cats)) == 85
    assert COLOURS == ("blue", "green", "red", "purple", "orange")
    assert tuple(range(400, 417)) == CAT_SHAPES
    assert Counter(t.colour for t in cats) == dict.fromkeys(COLOURS, 17)
    assert Counter(t.shape for t in cats) == dict.fromkeys(CAT_SHAPES, 5)
    assert all(t.kind == "cat" and t.is_cat and not t.is_treasure for t in cats)


@pytest.mark.parametrize("colour", COLOURS)
def test_cats_2_90_cells_per_colour_and_size_mix(colour):
    """game-data §2: 6 hexominoes, 10 pentominoes, 1 tetromino = 90 cells per colour."""
    cats = [t for t in all_cats() if t.colour == colour]
    assert sum(t.size for t in cats) == 90
    assert Counter(t.size for t in cats) == {6: 6, 5: 10, 4: 1}


def test_cats_2_450_cells_in_all():
    assert sum(t.size for t in all_cats()) == 450


@pytest.mark.parametrize("shape", sorted(CAT_DRAWINGS))
def test_cats_2_shape_matches_reference_drawing(shape):
    """game-data §2: each cat shape id has the drawn shape (exactly as drawn, and so as a free polyomino)."""
    expected = rows_to_cells(CAT_DRAWINGS[shape])
    assert normalised(SHAPES[shape].cells) == expected
    assert canonical(Tile.cat("red", shape).cells) == canonical(expected)


def test_cats_2_shapes_are_17_different_free_polyominoes():
    assert len({canonical(SHAPES[s].cells) for s in CAT_SHAPES}) == 17


# ---- Oshax (game-data §3.1, SETUP-3, OSHAX-1) --------------------------------------------------------------
def test_oshax_3_1_six_hexominoes_none_with_a_cat_shape():
    """game-data §3.1 / SETUP-3: 6 different hexominoes, none of them a cat shape (as free polyominoes)."""
    oshax = all_oshax()
    assert len(oshax) == 6
    assert tuple(range(300, 306)) == OSHAX_SHAPES
    assert all(t.kind == "oshax" and t.colour is None and t.size == 6 for t in oshax)
    forms = {canonical(t.cells) for t in oshax}
    assert len(forms) == 6
    assert not forms & {canonical(SHAPES[s].cells) for s in CAT_SHAPES}


@pytest.mark.parametrize("shape", sorted(OSHAX_DRAWINGS))
def test_oshax_3_1_shape_matches_reference_drawing(shape):
    assert normalised(SHAPES[shape].cells) == rows_to_cells(OSHAX_DRAWINGS[shape])


def test_oshax_1_chosen_colour():
    """OSHAX-1: an Oshax takes a chosen colour and then counts as a cat of it; its id ignores the colour."""
    plain = Tile.oshax(302)
    red = plain.with_colour("red")
    assert red.colour == "red" and red.kind == "oshax" and red.is_cat
    assert red.id == plain.id == "oshax:302"
    assert Tile.oshax(302, "red") == red
    assert Tile.from_id("oshax:302:red") == red
    with pytest.raises(UnknownComponent):
        plain.with_colour("pink")
    with pytest.raises(UnknownComponent):
        Tile.cat("red", 400).with_colour("blue")


# ---- rare treasures (game-data §3.2) -----------------------------------------------------------------------
def test_rare_3_2_25_tetrominoes_5_shapes_by_5():
    """game-data §3.2 / SETUP-4: 25 rare treasures, 5 tetromino shapes x 5 tiles."""
    rares = all_rare_treasures()
    assert len(rares) == 25
    assert len(set(rares)) == 25
    assert sorted(RARE_SHAPES) == sorted(RARE_DRAWINGS)
    assert Counter(t.shape for t in rares) == dict.fromkeys(RARE_SHAPES, 5)
    assert all(t.kind == "rare" and t.size == 4 and t.is_treasure and not t.is_cat for t in rares)
    assert sum(t.size for t in rares) == 100
    assert len({canonical(t.cells) for t in rares}) == 5


@pytest.mark.parametrize("shape", sorted(RARE_DRAWINGS))
def test_rare_3_2_shape_and_ids(shape):
    assert canonical(SHAPES[shape].cells) == canonical(rows_to_cells(RARE_DRAWINGS[shape]))
    ids = tuple(rare_treasure_card_id(Tile.rare(shape, copy)) for copy in range(5))
    assert ids == RARE_IDS[shape]


def test_rare_3_2_the_five_tetrominoes_are_all_free_tetrominoes():
    """There are exactly 5 free tetrominoes; the rare treasures use all of them."""
    assert {canonical(SHAPES[s].cells) for s in RARE_SHAPES} == {
        canonical(rows_to_cells(d)) for d in RARE_DRAWINGS.values()
    }


# ---- common treasures (game-data §3.3, SETUP-2) ------------------------------------------------------------
def test_common_3_3_four_shapes_eleven_each():
    """game-data §3.3: 44 common treasures = 4 shapes x 11."""
    commons = all_common_treasures()
    assert len(commons) == 44
    assert len(set(commons)) == 44
    assert set(COMMON_SHAPES) == set(COMMON_DRAWINGS)
    assert Counter(t.shape for t in commons) == dict.fromkeys(COMMON_SHAPES, 11)
    assert all(t.kind == "common" and t.is_treasure for t in commons)


@pytest.mark.parametrize("shape", sorted(COMMON_DRAWINGS))
def test_common_3_3_shapes(shape):
    assert canonical(SHAPES[shape].cells) == canonical(rows_to_cells(COMMON_DRAWINGS[shape]))


def test_common_3_3_small_treasures():
    """game-data §3.3 / Terms: the 1x1 and 1x2 common treasures are the small treasures."""
    assert frozenset({"1x1", "1x2"}) == SMALL_SHAPES
    assert Tile.common("1x1").is_small_treasure and Tile.common("1x2", 10).is_small_treasure
    assert not Tile.common("L3").is_small_treasure and not Tile.common("I3").is_small_treasure
    assert not Tile.rare("I").is_small_treasure and not Tile.cat("blue", 414).is_small_treasure


@pytest.mark.parametrize(("players", "supply"), [(1, 5), (2, 5), (3, 8), (4, 11)])
def test_setup_2_common_supply_per_shape(players, supply):
    """SETUP-2: common treasures per shape: 5 (1-2 players), 8 (3), 11 (4)."""
    assert common_supply_per_shape(players) == supply


@pytest.mark.parametrize("players", [0, 5, 6, -1])
def test_setup_2_no_supply_for_other_player_counts(players):
    with pytest.raises(UnknownComponent):
        common_supply_per_shape(players)


def test_setup_4_bag_holds_110_distinct_tiles():
    """SETUP-4: the bag holds all 85 cats and 25 rare treasures; Oshax are never in it (SETUP-3)."""
    bag = set(all_cats()) | set(all_rare_treasures())
    assert len(bag) == 110
    assert not bag & set(all_oshax())


# ---- ids and unknown components ----------------------------------------------------------------------------
def test_tile_ids_round_trip_and_are_unique():
    tiles = [*all_cats(), *all_oshax(), *all_rare_treasures(), *all_common_treasures()]
    assert len({t.id for t in tiles}) == len(tiles) == 85 + 6 + 25 + 44
    for tile in tiles:
        assert Tile.from_id(tile.id) == tile
    assert Tile.cat("blue", 412).id == "cat:blue:412"
    assert Tile.rare("T", 2).id == "rare:T:2"
    assert Tile.common("L3", 7).id == "common:L3:7"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Tile.cat("pink", 400),
        lambda: Tile.cat("blue", 399),
        lambda: Tile.cat("blue", 417),
        lambda: Tile.cat("blue", "400"),
        lambda: Tile.cat("blue", 300),
        lambda: Tile.oshax(306),
        lambda: Tile.oshax(400),
        lambda: Tile.oshax(300, "pink"),
        lambda: Tile.rare("Z"),
        lambda: Tile.rare("L", 5),
        lambda: Tile.rare("1x1"),
        lambda: Tile.common("2x2"),
        lambda: Tile.common("1x1", 11),
        lambda: Tile.common("L"),
        lambda: Tile.from_id("cat:blue"),
        lambda: Tile.from_id("cat:blue:abc"),
        lambda: Tile.from_id("dog:blue:400"),
        lambda: Tile.from_id(""),
        lambda: check_colour("Blue"),
        lambda: check_colour(None),
    ],
)
def test_unknown_components_are_refused(make):
    """An unknown colour, shape, copy or id raises UnknownComponent (a ValueError)."""
    with pytest.raises(UnknownComponent):
        make()
    assert issubclass(UnknownComponent, ValueError)
