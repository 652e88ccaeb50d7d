"""What a placement would give, in the game's words (placement_effects): rats (SCORE-1), rooms (SCORE-2), families
(SCORE-3), treasure maps (MAP-1, MAP-2). Checked against the boat after the tile is really placed."""

from __future__ import annotations

import random

from isle_nb.model.parts import boat_analysis as analysis
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.geometry import cells_to_mask
from isle_nb.model.parts.placement_effects import PlacementDescriber, describe_placement, placement_effects, room_words
from isle_nb.model.parts.tiles import COLOURS, Tile, all_cats


def test_covering_a_rat_is_counted_and_said() -> None:
    """SCORE-1: a tile on a rat cell covers it."""
    boat = Boat("A")
    rat = sorted(boat.rats)[0]
    effects = placement_effects(boat, Tile.common("1x1"), [rat])
    assert effects.rats_covered == 1
    assert "covering 1 rat" in effects.sentence()
    assert f"in {room_words(boat.layout.room_of[rat])}" in effects.sentence().lower()


def test_a_cat_on_a_map_of_its_colour_earns_the_bonus_and_another_colour_does_not() -> None:
    """MAP-1: only a cat of the map's own colour earns a common treasure; the sentence says why not otherwise."""
    boat = Boat("B")
    cell, colour = sorted(boat.maps.items())[0]
    same = Tile.cat(colour, 400)
    other = Tile.cat(next(c for c in COLOURS if c != colour), 400)
    placement = next(p for p in boat.legal_placements(same) if cell in p.cells)
    good = placement_effects(boat, same, placement)
    assert good.map_bonuses == 1 == len(boat.place(same, placement).tiles[-1].map_bonuses)
    assert f"on the {colour} map: a treasure-map bonus" in good.sentence()
    bad = placement_effects(boat, other, placement)
    assert bad.map_bonuses == 0 == len(boat.place(other, placement).tiles[-1].map_bonuses)
    assert f"no bonus: the map is {colour}" in bad.sentence()


def test_filling_the_last_cell_of_a_room_is_said_with_the_rooms_number() -> None:
    """SCORE-2: a room is filled when every cell is covered; rooms are named by their number and name."""
    cells = sorted(Boat("A").rooms[2])
    boat = Boat("A", (), cells_to_mask(cells[:-1]))  # every cell but one covered
    effects = placement_effects(boat, Tile.common("1x1"), [cells[-1]])
    assert effects.rooms_filled == (2,)
    assert "fills room 2" in effects.sentence()
    assert room_words(2) == "room 2 (bedroom, top)"  # the name from the boat data, brackets never nested (issue #32)


def test_a_cat_joining_two_cats_of_its_colour_makes_a_family_of_three() -> None:
    """SCORE-3: the family the cat would belong to, with its points (3 cats: 8 points)."""
    boat = Boat("C")
    first = Tile.cat("red", 400)
    boat = boat.place(first, boat.legal_placements(first)[0])
    second = Tile.cat("red", 401)
    boat = boat.place(second, next(p for p in boat.legal_placements(second)
                                   if analysis.families(boat.place(second, p))[0].size == 2))
    third = Tile.cat("red", 402)
    spot = next(p for p in boat.legal_placements(third) if analysis.families(boat.place(third, p))[0].size == 3)
    effects = placement_effects(boat, third, spot)
    assert effects.family_size == 3 and effects.family_points == 8
    assert "a red family of 3 cats (8 points)" in describe_placement(boat, third, spot)


def test_an_oshax_without_colour_says_which_colour_would_earn_the_map() -> None:
    """OSHAX-1, MAP-1: before its colour is chosen an Oshax has no family; the map depends on the colour."""
    boat = Boat("A")
    cell, colour = sorted(boat.maps.items())[0]
    oshax = Tile.oshax(300)
    spot = next(p for p in boat.legal_placements(oshax) if cell in p.cells)
    assert f"a bonus if the Oshax is {colour}" in describe_placement(boat, oshax, spot)
    coloured = describe_placement(boat, oshax.with_colour(colour), spot)
    assert "a treasure-map bonus" in coloured


def test_effects_agree_with_the_boat_after_placing_in_random_games() -> None:
    """Random boats: rats, filled rooms, map bonuses and family size match the boat once the tile is placed."""
    rng = random.Random(5)
    cats = list(all_cats())
    for layout in "ABCD":
        boat = Boat(layout)
        rng.shuffle(cats)
        for tile in cats[:25]:
            placements = boat.legal_placements(tile)
            if not placements:
                continue
            describer = PlacementDescriber(boat, tile)
            for placement in rng.sample(placements, min(6, len(placements))):
                effects = describer.effects(placement)
                after = boat.place(tile, placement)
                assert effects.rats_covered == len(analysis.visible_rats(boat)) - len(analysis.visible_rats(after))
                assert set(effects.rooms_filled) == set(analysis.filled_rooms(after)) - set(analysis.filled_rooms(boat))
                assert effects.map_bonuses == len(after.tiles[-1].map_bonuses)
                family = next(f for f in analysis.families(after) if after.tiles[-1] in f.tiles)
                assert effects.family_size == family.size
                assert set(effects.rooms) == {after.layout.room_of[c] for c in placement.cells}
            boat = boat.place(tile, rng.choice(placements))
