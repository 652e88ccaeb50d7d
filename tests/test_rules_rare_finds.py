"""Rare finds (RARE-1..3), Oshax (OSHAX-1), both kinds of treasure card, and the placing and treasure-map rules in
game context (PLACE-5, PLACE-6, MAP-1, MAP-2)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from game_helpers import (
    check_invariants,
    choose_rescue_cards,
    cram_boat,
    free_cells,
    move_tile,
    new_state,
    passive_policy,
    put_on_boat,
    set_field,
    set_hand,
    to_phase,
)
from msgspec import structs

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import Pass, Place, PlayAnytime, PlayOshax, PlayTreasure, Rescue, TakeMapBonus
from isle_nb.model.isle.state import GameState, MapBonus
from isle_nb.model.parts.boat_analysis import colour_counts, families
from isle_nb.model.parts.tiles import Tile


def _rare_finds(players: int = 2, hands: dict[str, tuple[int, ...]] | None = None) -> GameState:
    """Day 1, rare finds, Ann first in turn order, hands as given (others empty)."""
    state = to_phase(new_state(players), "rescue", "choose", policy=passive_policy)
    state = replace(state, turn_order=tuple(range(players)))
    for p in state.players:
        state = set_hand(state, p.name, (hands or {}).get(p.name, ()))
    state = choose_rescue_cards(state, {})
    while state.phase == "rescue":
        state = engine.apply(state, Pass(state.players[state.turn].name))
    assert state.phase == "rare_finds" and state.turn == 0
    return state


def _turn(state: GameState) -> str | None:
    return None if state.turn is None else state.players[state.turn].name


def _places(state: GameState, name: str) -> list[Place]:
    return [a for a in engine.legal_actions(state, name) if isinstance(a, Place)]


def _map_cell(state: GameState, name: str, colour: str) -> tuple[int, int]:
    return next(cell for cell, c in state.player(name).boat.maps.items() if c == colour)


def _place_on(state: GameState, name: str, cell: tuple[int, int] | None, avoid: bool = False,
              colour: str | None = None) -> GameState:
    """Place the pending tile covering ``cell`` (or avoiding it when ``avoid``)."""
    options = [a for a in _places(state, name) if (colour is None or a.colour == colour)]
    if cell is not None:
        options = [a for a in options if (cell in a.cells) != avoid]
    assert options, "no such placement"
    return engine.apply(state, options[0])


def _supply(state: GameState) -> Counter:
    return Counter(t.shape for t in state.common_supply)


# ==== RARE-1 =============================================================================================
def test_rare_1_one_card_per_turn_in_turn_order_pass_is_final() -> None:
    """RARE-1: in turn order each player plays one Oshax or treasure card, or passes; passing is final; the phase
    ends when all have passed."""
    two = ("common:1x1", "common:1x2")
    state = _rare_finds(2, {"Ann": (98, 99), "Ben": (100,)})
    assert _turn(state) == "Ann"
    with pytest.raises(IllegalAction, match="RARE-1"):
        engine.apply(state, PlayTreasure("Ben", 100, two))
    state = engine.apply(state, PlayTreasure("Ann", 98, two))
    with pytest.raises(IllegalAction, match="ANY-1"):
        engine.apply(state, PlayTreasure("Ann", 99, two))
    state = _place_on(_place_on(state, "Ann", None), "Ann", None)
    assert _turn(state) == "Ben"
    state = engine.apply(state, Pass("Ben"))
    assert state.player("Ben").passed and _turn(state) == "Ann"
    state = engine.apply(state, PlayTreasure("Ann", 99, two))
    state = _place_on(_place_on(state, "Ann", None), "Ann", None)
    assert _turn(state) == "Ann", "Ben passed for good"
    assert state.player("Ben").hand == (100,)
    state = engine.apply(state, Pass("Ann"))
    assert state.day == 2 and state.phase == "explore"
    assert state.player("Ben").hand == (100,), "unplayed cards carry over (END-3)"


def test_rare_1_only_oshax_and_treasure_cards() -> None:
    """RARE-1: rescue and lesson cards cannot be played in the rare finds phase."""
    state = _rare_finds(2, {"Ann": (43, 113)})
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]
    for card_id in (43, 113):
        with pytest.raises(IllegalAction, match="RARE-3"):
            engine.apply(state, PlayTreasure("Ann", card_id, ("common:1x1",)))
        with pytest.raises(IllegalAction, match="RARE-2"):
            engine.apply(state, PlayOshax("Ann", card_id, 300))


def test_rare_1_treasure_cards_only_in_rare_finds() -> None:
    """RARE-1 / DAY-2: a treasure card cannot be played in the rescue phase."""
    state = to_phase(new_state(2), "rescue", "choose", policy=passive_policy)
    state = set_hand(state, "Ann", (98,))
    state = choose_rescue_cards(state, {})
    with pytest.raises(IllegalAction, match="DAY-2"):
        engine.apply(state, PlayTreasure("Ann", 98, ("common:1x1",)))


# ==== RARE-2 / OSHAX-1 =======================================================================================
def test_rare_2_oshax_card_takes_any_remaining_oshax() -> None:
    """RARE-2: an Oshax card takes any Oshax still beside the island; the player places it and picks its colour."""
    state = _rare_finds(2, {"Ann": (1,)})
    offered = sorted(a.shape for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayOshax))
    assert offered == [300, 301, 302, 303, 304, 305]
    discard = state.discard
    state = engine.apply(state, PlayOshax("Ann", 1, 303))
    assert [t.shape for t in state.oshax_supply] == [300, 301, 302, 304, 305]
    assert state.pending[-1].tile == Tile.oshax(303) and state.discard == (*discard, 1)
    places = _places(state, "Ann")
    assert {a.colour for a in places} == {"blue", "green", "red", "purple", "orange"}
    with pytest.raises(IllegalAction, match="OSHAX-1"):
        engine.apply(state, structs.replace(places[0], colour=None))
    with pytest.raises(IllegalAction, match="OSHAX-1"):
        engine.apply(state, structs.replace(places[0], colour="pink"))
    state = engine.apply(state, next(a for a in places if a.colour == "purple"))
    placed = state.player("Ann").boat.find(Tile.oshax(303))
    assert placed is not None and placed.tile.colour == "purple"
    check_invariants(state)


def test_rare_2_no_oshax_left_card_cannot_be_played() -> None:
    """RARE-2: if no Oshax tile is left, the Oshax card cannot be played."""
    state = _rare_finds(2, {"Ann": (1,)})
    state = replace(state, box=state.box + state.oshax_supply, oshax_supply=())
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]
    with pytest.raises(IllegalAction, match="RARE-2"):
        engine.apply(state, PlayOshax("Ann", 1, 300))


def test_rare_2_oshax_that_fits_nowhere_cannot_be_taken() -> None:
    """RARE-2 / PLACE-5: an Oshax with no legal place cannot be taken; nothing changes."""
    state = _rare_finds(2, {"Ann": (1,)})
    state = cram_boat(state, "Ann")
    before = state
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]
    with pytest.raises(IllegalAction, match="RARE-2"):
        engine.apply(state, PlayOshax("Ann", 1, 300))
    assert state == before


def test_oshax_1_counts_as_a_cat_of_its_colour() -> None:
    """OSHAX-1: an Oshax counts as a cat of its chosen colour: families, colour counts, and treasure maps."""
    state = _rare_finds(2, {"Ann": (2,)})
    boat = state.player("Ann").boat
    green_map = _map_cell(state, "Ann", "green")
    state = engine.apply(state, PlayOshax("Ann", 2, 300))
    state = _place_on(state, "Ann", green_map, colour="green")
    assert state.pending[-1].kind == "map_bonus", "a green Oshax on the green map earns the bonus (MAP-1)"
    state = engine.apply(state, TakeMapBonus("Ann", None))
    ann = state.player("Ann")
    assert colour_counts(ann.boat)["green"] == 1
    assert boat.tiles == () and len(ann.boat.tiles) == 1
    # two green cats touching it make a family of 3 with it
    oshax = ann.boat.find(Tile.oshax(300))
    assert oshax is not None
    touching = sorted(
        (x + dx, y + dy) for x, y in oshax.cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    )
    free = free_cells(state, "Ann")
    cells = [c for c in touching if c in free]
    first = _adjacent_tile(state, "Ann", Tile.cat("green", 414), cells)
    state = put_on_boat(state, "Ann", Tile.cat("green", 414), first)
    free = free_cells(state, "Ann")
    cells = [c for c in touching if c in free]
    second = _adjacent_tile(state, "Ann", Tile.cat("green", 407), cells)
    state = put_on_boat(state, "Ann", Tile.cat("green", 407), second)
    sizes = sorted(f.size for f in families(state.player("Ann").boat) if f.colour == "green")
    assert sizes[-1] == 3


def _adjacent_tile(state: GameState, name: str, tile: Tile, cells: list) -> tuple:
    boat = state.player(name).boat
    for placement in boat.legal_placements(tile, must_touch=False):
        if placement.cells & set(cells):
            return tuple(sorted(placement.cells))
    raise AssertionError("no placement next to the cells")


# ==== RARE-3: treasure cards ===============================================================================
def test_rare_3_card_98_any_one_rare_treasure_from_display() -> None:
    """RARE-3 / cards 98-106: take any 1 rare treasure on display (any copy of a shape), placed at once."""
    state = _rare_finds(2, {"Ann": (98,)})
    rares = [Tile.rare("T", 3), Tile.rare("T", 1), Tile.rare("O", 2)]
    for tile in state.rare_display:
        state = move_tile(state, tile, "box")
    for tile in rares:
        state = move_tile(state, tile, "rare_display")
    offered = {a.tiles for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayTreasure) and
               a.tiles[0].startswith("rare:")}
    assert {t[0].split(":")[1] for t in offered} == {"T", "O"}
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, ("rare:T:3", "rare:O:2")))
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, ("rare:L:0",)))  # not on display
    state = engine.apply(state, PlayTreasure("Ann", 98, ("rare:T:1",)))
    assert state.rare_display == (Tile.rare("T", 3), Tile.rare("O", 2))
    assert state.pending[-1].tile == Tile.rare("T", 1)
    state = _place_on(state, "Ann", None)
    assert state.player("Ann").boat.find(Tile.rare("T", 1)) is not None
    check_invariants(state)


def test_rare_3_card_98_two_common_treasures() -> None:
    """RARE-3 / cards 98-106: or take any 2 common treasures (any shapes), each placed at once; not 3, not a mix
    with a rare one, and not none."""
    state = _rare_finds(2, {"Ann": (98,)})
    supply = _supply(state)
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, ("common:L3", "common:I3", "common:1x1")))
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, ("common:L3", "rare:T:0")))
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, ()))
    state = engine.apply(state, PlayTreasure("Ann", 98, ("common:L3", "common:I3")))
    assert [p.tile.shape for p in state.pending] == ["I3", "L3"], "the first named is placed first"
    assert _supply(state) == supply - Counter({"L3": 1, "I3": 1})
    state = _place_on(state, "Ann", None)
    state = _place_on(state, "Ann", None)
    shapes = sorted(p.tile.shape for p in state.player("Ann").boat.tiles)
    assert shapes == ["I3", "L3"] and _turn(state) == "Ben"


def test_rare_3_taking_treasures_is_optional_one_common_while_two_fit() -> None:
    """RARE-3 (rulebook FAQ: taking treasure tiles is optional): while 2 common treasures fit, the card also offers
    and accepts just 1, e.g. to keep room on the boat or to hit an "exactly N treasures" lesson."""
    state = _rare_finds(2, {"Ann": (98, 107)})
    supply = _supply(state)
    options = {(a.card, a.tiles, a.pay) for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayTreasure)}
    assert (98, ("common:L3", "common:I3"), False) in options, "two still fit"
    assert {(98, (f"common:{s}",), False) for s in ("1x1", "1x2", "L3", "I3")} <= options
    assert {(107, (f"common:{s}",), False) for s in ("1x1", "1x2")} <= options
    assert (107, ("common:L3",), True) in options
    after = engine.apply(state, PlayTreasure("Ann", 98, ("common:L3",)))
    assert [p.tile.shape for p in after.pending] == ["L3"]
    assert _supply(after) == supply - Counter({"L3": 1})
    after = _place_on(after, "Ann", None)
    assert [p.tile.shape for p in after.player("Ann").boat.tiles] == ["L3"] and _turn(after) == "Ben"
    check_invariants(after)
    fish = state.player("Ann").fish
    after = engine.apply(state, PlayTreasure("Ann", 107, ("common:1x2",)))
    assert after.player("Ann").fish == fish and [p.tile.shape for p in after.pending] == ["1x2"]


def test_rare_3_common_treasures_limited_by_supply() -> None:
    """RARE-3 / SETUP-2: a common treasure whose shape is used up cannot be taken."""
    state = _rare_finds(2, {"Ann": (98,)})
    for tile in [t for t in state.common_supply if t.shape == "L3"][1:]:
        state = move_tile(state, tile, "box")
    assert _supply(state)["L3"] == 1
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, ("common:L3", "common:L3")))
    options = {a.tiles for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayTreasure)}
    assert ("common:L3", "common:L3") not in options and ("common:L3", "common:I3") in options
    state = replace(state, box=state.box + state.common_supply + state.rare_display, common_supply=(), rare_display=())
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")], "no rare treasure on display and no common left"
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, ("common:1x1",)))


def test_rare_3_card_107_two_small_treasures_free() -> None:
    """RARE-3 / cards 107-112: take any 2 small treasures (1x1, 1x2) for nothing; not a bigger one."""
    state = _rare_finds(2, {"Ann": (107,)})
    fish = state.player("Ann").fish
    free = {a.tiles for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayTreasure) and not a.pay}
    assert free == {("common:1x1", "common:1x1"), ("common:1x1", "common:1x2"), ("common:1x2", "common:1x2"),
                    ("common:1x1",), ("common:1x2",)}
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 107, ("common:L3",)))
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 107, ("rare:T:0",)))
    state = engine.apply(state, PlayTreasure("Ann", 107, ("common:1x2", "common:1x2")))
    assert state.player("Ann").fish == fish


def test_rare_3_card_107_pay_one_fish_for_two_common() -> None:
    """RARE-3 / cards 107-112: or pay 1 fish to take any 2 common treasures; refused without a fish."""
    state = _rare_finds(2, {"Ann": (107,)})
    state = state.update_player("Ann", fish=0)
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 107, ("common:L3", "common:I3"), pay=True))
    assert not any(a.pay for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayTreasure))
    state = state.update_player("Ann", fish=1)
    state = engine.apply(state, PlayTreasure("Ann", 107, ("common:L3", "common:I3"), pay=True))
    assert state.player("Ann").fish == 0
    assert any("paying 1 fish" in e.text for e in state.log[-2:])


def test_rare_3_card_111_offers_paying_only_for_what_the_free_choice_cannot_give() -> None:
    """RARE-3 / cards 107-112: paying 1 fish for small treasures only is strictly worse than the free choice, so it
    is not offered twice ("1x2 + 1x2" and "Pay 1 fish: 1x2 + 1x2"); it stays legal (saved games replay)."""
    state = _rare_finds(2, {"Ann": (111,)})
    options = [a for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayTreasure)]
    paid = {a.tiles for a in options if a.pay}
    free = {a.tiles for a in options if not a.pay}
    assert ("common:1x2", "common:1x2") in free and ("common:1x2", "common:1x2") not in paid
    assert all(any(t in ("common:L3", "common:I3") for t in tiles) for tiles in paid)
    assert ("common:1x2", "common:L3") in paid and ("common:L3", "common:I3") in paid
    assert len({(a.tiles, a.pay) for a in options}) == len(options)  # each choice once
    fish = state.player("Ann").fish
    state = engine.apply(state, PlayTreasure("Ann", 111, ("common:1x2", "common:1x2"), pay=True))  # still legal
    assert state.player("Ann").fish == fish - 1


# ==== PLACE-5 / PLACE-6 in game context =======================================================================
def test_place_5_second_treasure_that_no_longer_fits_goes_back() -> None:
    """PLACE-5: a gained tile with no legal placement (when its turn to be placed comes) goes back to its supply."""
    state = _rare_finds(2, {"Ann": (98,)})
    state = cram_boat(state, "Ann")
    free = sorted(free_cells(state, "Ann"))
    pair = next((a, b) for a in free for b in free if b == (a[0] + 1, a[1]))
    kept = [t for t in state.common_supply if t.shape == "1x2"][:2]
    commons = sorted((t for t in state.common_supply + state.box if t.kind == "common" and t not in kept),
                     key=lambda t: -t.size)
    state = cram_boat(state, "Ann", keep=pair, tiles=commons)
    spots = [p.cells for p in state.player("Ann").boat.legal_placements("1x2", must_touch=False)]
    assert spots == [frozenset(pair)], "exactly one place left for a 1x2 treasure"
    supply = _supply(state)
    assert supply["1x2"] == 2
    state = engine.apply(state, PlayTreasure("Ann", 98, ("common:1x2", "common:1x2")))
    state = _place_on(state, "Ann", None)
    assert state.pending == () and _turn(state) == "Ben"
    assert _supply(state) == supply - Counter({"1x2": 1})
    assert any("goes back to the supply (PLACE-5)" in e.text for e in state.log)
    check_invariants(state)


def test_place_5_treasure_that_fits_nowhere_is_not_offered() -> None:
    """PLACE-5: treasures that cannot be placed are neither offered nor accepted (rare ones here, then the 3-cell
    common ones)."""
    state = _rare_finds(2, {"Ann": (98,)})
    state = cram_boat(state, "Ann")
    rare = next(t for t in state.bag if t.kind == "rare")
    state = move_tile(state, rare, "rare_display")
    assert not state.player("Ann").boat.can_place(rare)
    options = [a for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayTreasure)]
    assert options and not any(t.startswith("rare:") for a in options for t in a.tiles)
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, (rare.id,)))
    big = [t for t in state.common_supply + state.box if t.shape in ("L3", "I3")]
    state = cram_boat(state, "Ann", tiles=big)
    assert not state.player("Ann").boat.can_place("I3") and not state.player("Ann").boat.can_place("L3")
    options = {a.tiles for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayTreasure)}
    assert options and all(t in ("common:1x1", "common:1x2") for tiles in options for t in tiles)
    with pytest.raises(IllegalAction, match="RARE-3"):
        engine.apply(state, PlayTreasure("Ann", 98, ("common:I3",)))
    check_invariants(state)


def test_place_6_card_69_next_tile_may_go_anywhere() -> None:
    """PLACE-6: card 69/70 lets the next cat, Oshax or treasure ignore the touch rule, only that one."""
    state = _rare_finds(2, {"Ann": (69, 70, 98)})
    state = put_on_boat(state, "Ann", Tile.common("1x1", 0), [(0, 4)])
    state = engine.apply(state, PlayAnytime("Ann", 69))
    assert state.player("Ann").place_anywhere
    assert PlayAnytime("Ann", 70) not in engine.legal_actions(state, "Ann")
    with pytest.raises(IllegalAction, match="ANY-3"):
        engine.apply(state, PlayAnytime("Ann", 70))  # the next tile may already go anywhere
    state = engine.apply(state, PlayTreasure("Ann", 98, ("common:1x1", "common:1x1")))
    far = [a for a in _places(state, "Ann") if a.cells == ((21, 4),)]
    assert far, "the treasure may go anywhere"
    state = engine.apply(state, far[0])
    assert not state.player("Ann").place_anywhere
    cells = {a.cells[0] for a in _places(state, "Ann")}
    assert (10, 4) not in cells and (1, 4) in cells and (20, 4) in cells, "the next one must touch again"


def test_place_6_in_the_rescue_phase() -> None:
    """PLACE-6: a cat rescued after card 70 may be placed away from the other tiles."""
    state = to_phase(new_state(2), "rescue", "choose", policy=passive_policy)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ann", (70,))
    cat = Tile.cat("blue", 415)
    state = set_field(state, "left", [cat])
    state = put_on_boat(state, "Ann", Tile.common("1x1", 0), [(0, 4)])
    state = choose_rescue_cards(state, {})
    state = engine.apply(state, PlayAnytime("Ann", 70))
    state = engine.apply(state, Rescue("Ann", "left", cat.id))
    far = [a for a in _places(state, "Ann") if min(x for x, _ in a.cells) >= 10]
    assert far
    state = engine.apply(state, far[0])
    assert not state.player("Ann").place_anywhere


# ==== MAP-1 / MAP-2 in game context ========================================================================
def _rescue_cat_for_map(colour: str) -> tuple[GameState, Tile]:
    state = to_phase(new_state(2), "rescue", "choose", policy=passive_policy)
    state = replace(state, turn_order=(0, 1))
    cat = Tile.cat(colour, 415)
    state = set_field(state, "left", [cat, Tile.cat("red", 400)])
    state = choose_rescue_cards(state, {})
    return engine.apply(state, Rescue("Ann", "left", cat.id)), cat


def test_map_1_bonus_offered_and_optional() -> None:
    """MAP-1: a cat covering a treasure map of its colour offers one common treasure of any shape; it is optional."""
    state, _ = _rescue_cat_for_map("orange")
    orange = _map_cell(state, "Ann", "orange")
    state = _place_on(state, "Ann", orange)
    assert state.pending[-1] == MapBonus("Ann", count=1)
    assert engine.awaiting(state) == ("Ann",)
    offered = [a.shape for a in engine.legal_actions(state, "Ann")]
    assert offered == ["1x1", "1x2", "L3", "I3", None]
    declined = engine.apply(state, TakeMapBonus("Ann", None))
    assert declined.pending == () and declined.common_supply == state.common_supply
    assert _turn(declined) == "Ben"
    supply = _supply(state)
    taken = engine.apply(state, TakeMapBonus("Ann", "I3"))
    assert _supply(taken) == supply - Counter({"I3": 1})
    assert taken.pending[-1].kind == "place" and taken.pending[-1].tile.shape == "I3"
    with pytest.raises(IllegalAction, match="MAP-1"):
        engine.apply(state, TakeMapBonus("Ann", "T"))
    taken = _place_on(taken, "Ann", None)
    assert _turn(taken) == "Ben"
    check_invariants(taken)


def test_map_1_bonus_limited_by_supply() -> None:
    """MAP-1: only shapes still in the supply can be taken; with the supply empty the bonus is lost."""
    state, _ = _rescue_cat_for_map("orange")
    orange = _map_cell(state, "Ann", "orange")
    for tile in [t for t in state.common_supply if t.shape != "1x2"]:
        state = move_tile(state, tile, "box")
    placed = _place_on(state, "Ann", orange)
    assert [a.shape for a in engine.legal_actions(placed, "Ann")] == ["1x2", None]
    with pytest.raises(IllegalAction, match="MAP-1"):
        engine.apply(placed, TakeMapBonus("Ann", "L3"))
    empty = replace(state, box=state.box + state.common_supply, common_supply=())
    placed = _place_on(empty, "Ann", orange)
    assert placed.pending == () and _turn(placed) == "Ben"
    assert any("map bonus is lost" in e.text for e in placed.log)


def test_map_2_other_colours_and_treasures_give_nothing() -> None:
    """MAP-2: only a cat (or Oshax) of the map's colour earns a bonus; other cats and treasures cover it for nothing."""
    state, _ = _rescue_cat_for_map("blue")
    red_map = _map_cell(state, "Ann", "red")
    placed = _place_on(state, "Ann", red_map)
    assert placed.pending == () and _turn(placed) == "Ben"
    state = _rare_finds(2, {"Ann": (98,)})
    green_map = _map_cell(state, "Ann", "green")
    state = engine.apply(state, PlayTreasure("Ann", 98, ("common:1x1", "common:1x1")))
    state = engine.apply(state, Place("Ann", (green_map,)))
    assert [p.kind for p in state.pending] == ["place"], "no map bonus: only the second treasure to place"


def test_map_2_one_bonus_per_map_covered() -> None:
    """MAP-2: the bonus decision counts the maps covered; each bonus is taken or declined separately."""
    state, _ = _rescue_cat_for_map("orange")
    orange = _map_cell(state, "Ann", "orange")
    state = _place_on(state, "Ann", orange)
    state = replace(state, pending=(MapBonus("Ann", count=2),))  # as for a tile on two matching maps
    state = engine.apply(state, TakeMapBonus("Ann", "1x1"))
    assert [p.kind for p in state.pending] == ["map_bonus", "place"]
    assert state.pending[0].count == 1
    state = _place_on(state, "Ann", None)
    assert [p.kind for p in state.pending] == ["map_bonus"]
    state = engine.apply(state, TakeMapBonus("Ann", None))
    assert state.pending == () and _turn(state) == "Ben"


def test_map_1_bonus_from_a_map_counts_placed_cat_colour_once() -> None:
    """MAP-1: the placed tile records the map it earned; a second tile of that colour elsewhere earns nothing."""
    state, cat = _rescue_cat_for_map("purple")
    purple = _map_cell(state, "Ann", "purple")
    state = _place_on(state, "Ann", purple)
    placed = state.player("Ann").boat.find(cat)
    assert placed is not None and placed.map_bonuses == (purple,)
