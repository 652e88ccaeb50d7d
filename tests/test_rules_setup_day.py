"""Setup (SETUP-1..6), the day (DAY-1, DAY-2), fishing (FISH-1) and the end of the day (END-1..3)."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest
from game_helpers import (
    NAMES,
    check_invariants,
    first_policy,
    move_tile,
    new_state,
    passive_policy,
    set_hand,
    step,
    to_phase,
)

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import Buy, Pass
from isle_nb.model.isle.state import GameState
from isle_nb.model.parts.cards import discovery_card_ids
from isle_nb.model.parts.tiles import COMMON_SHAPES


# ==== SETUP ===================================================================================================
def test_setup_1_random_boat_basket_and_no_fish() -> None:
    """SETUP-1: each player gets one of the 4 boats at random (all different), 1 ready permanent basket, 0 fish."""
    layouts_of_first_seat = set()
    for seed in range(12):
        state = new_state(4, seed)
        boats = [p.boat.layout_name for p in state.players]
        assert sorted(boats) == ["A", "B", "C", "D"]
        layouts_of_first_seat.add(boats[0])
        for p in state.players:
            assert p.permanent_baskets == 1 and p.baskets_used == 0 and p.ready_baskets == 1
            assert p.boat.tiles == ()
            assert p.fish == 20  # 0 at setup, then the 20 fish of day 1's fishing (FISH-1)
        assert "gains" not in state.log[0].text and state.log[0].text.startswith("Setup:")
    assert len(layouts_of_first_seat) >= 3, "boats are dealt at random"
    with pytest.raises(IllegalAction, match="SETUP-1"):
        engine.new_game(("Ann",), 0)
    with pytest.raises(IllegalAction, match="SETUP-1"):
        engine.new_game(("Ann", "Ann"), 0)
    with pytest.raises(IllegalAction, match="SETUP-1"):
        engine.new_game((*NAMES, "Eve"), 0)


@pytest.mark.parametrize(("players", "per_shape"), [(2, 5), (3, 8), (4, 11)])
def test_setup_2_common_treasure_supply(players: int, per_shape: int) -> None:
    """SETUP-2: the common-treasure supply holds 5 / 8 / 11 of each shape for 2 / 3 / 4 players; the rest is boxed."""
    state = new_state(players)
    assert Counter(t.shape for t in state.common_supply) == dict.fromkeys(COMMON_SHAPES, per_shape)
    boxed = Counter(t.shape for t in state.box if t.kind == "common")
    assert [boxed[s] for s in COMMON_SHAPES] == [11 - per_shape] * 4


def test_setup_3_oshax_beside_the_island_never_in_the_bag() -> None:
    """SETUP-3: the 6 Oshax lie beside the island, colourless, and never in the bag."""
    state = new_state(3)
    assert sorted(t.shape for t in state.oshax_supply) == [300, 301, 302, 303, 304, 305]
    assert all(t.colour is None for t in state.oshax_supply)
    assert not any(t.kind == "oshax" for t in state.bag + state.left_field + state.right_field + state.rare_display)


def test_setup_4_bag_holds_all_cats_and_rare_treasures() -> None:
    """SETUP-4: the bag starts with all 85 cats and 25 rare treasures (some already drawn into fields/display)."""
    state = new_state(2)
    drawn = state.left_field + state.right_field + state.rare_display
    everything = Counter(t.kind for t in state.bag + drawn)
    assert everything == {"cat": 85, "rare": 25}
    assert len(set(state.bag + drawn)) == 110
    assert state.draws == len(drawn)


def test_setup_5_deck_holds_all_150_cards_shuffled() -> None:
    """SETUP-5: the deck holds all 150 discovery cards, shuffled (the order depends on the seed)."""
    orders = []
    for seed in (1, 2):
        state = new_state(2, seed)
        dealt = tuple(c for p in state.players for c in p.pack)
        assert sorted(dealt + state.deck) == list(discovery_card_ids()) == list(range(1, 151))
        orders.append(dealt + state.deck)
    assert orders[0] != orders[1]
    assert orders[0] != tuple(range(1, 151))


def test_setup_6_random_start_player_turn_order_from_seat_order() -> None:
    """SETUP-6: a random start player; the turn order is seat order beginning with them."""
    starts = set()
    for seed in range(20):
        state = new_state(4, seed)
        start = state.turn_order[0]
        assert state.turn_order == tuple((start + i) % 4 for i in range(4))
        assert f"{NAMES[start]} starts" in state.log[0].text
        starts.add(start)
    assert starts == {0, 1, 2, 3}


def test_setup_same_seed_same_game() -> None:
    """SETUP-1..6: the whole setup depends only on the seed (replays are exact)."""
    assert new_state(3, 42) == new_state(3, 42)
    assert new_state(3, 42) != new_state(3, 43)


# ==== DAY-1: filling the fields ================================================================================
@pytest.mark.parametrize(("players", "per_field"), [(2, 4), (3, 6), (4, 8)])
def test_day_1_fields_hold_two_cats_per_player(players: int, per_field: int) -> None:
    """DAY-1: each field holds 2 cats per player; rare treasures drawn go to the display and do not count."""
    for seed in range(5):
        state = new_state(players, seed)
        assert len(state.left_field) == per_field and len(state.right_field) == per_field
        assert all(t.kind == "cat" for t in state.left_field + state.right_field)
        assert all(t.kind == "rare" for t in state.rare_display)
        assert state.draws == 2 * per_field + len(state.rare_display)


def test_day_1_rare_treasure_drawn_goes_to_display() -> None:
    """DAY-1: a seed where rare treasures are drawn: they lie on the display and the fields still get their cats."""
    state = next(s for s in (new_state(4, seed) for seed in range(50)) if len(s.rare_display) >= 2)
    assert len(state.left_field) == 8 and len(state.right_field) == 8
    assert "to the treasure display: a" in next(e.text for e in state.log if "fields filled" in e.text)


def _end_of_day_one(players: int = 2) -> GameState:
    state = to_phase(new_state(players), "rare_finds", policy=passive_policy)
    assert state.day == 1
    return state


def test_day_1_bag_runs_out_fields_hold_what_was_drawn() -> None:
    """DAY-1 decision: when the bag runs out, the fields hold what was drawn (3 cats and 1 rare treasure here)."""
    state = _end_of_day_one()
    keep = [*[t for t in state.bag if t.kind == "cat"][:3], next(t for t in state.bag if t.kind == "rare")]
    for tile in [t for t in state.bag if t not in keep]:
        state = move_tile(state, tile, "box")
    display = state.rare_display
    while state.day == 1:
        state = engine.apply(state, Pass(engine.awaiting(state)[0]))
    assert state.day == 2 and state.bag == ()
    assert len(state.left_field) == 3 and state.right_field == ()
    assert sorted(state.left_field) == sorted(keep[:3])
    assert state.rare_display == (*display, keep[3])
    assert any("the bag is empty" in e.text and "DAY-1" in e.text for e in state.log)
    check_invariants(state)


def test_day_1_empty_bag_fills_nothing() -> None:
    """DAY-1 decision: with an empty bag the fields stay empty and the day goes on (the rescue phase then has
    nothing to rescue and ends at once, RESCUE-6)."""
    state = _end_of_day_one()
    state = replace(state, box=state.box + state.bag, bag=())
    draws = state.draws
    while state.day == 1:
        state = engine.apply(state, Pass(engine.awaiting(state)[0]))
    assert state.left_field == () and state.right_field == ()
    assert state.draws == draws  # no tile drawn (the deal of cards does not draw from the bag)
    state = to_phase(state, "rare_finds", policy=passive_policy)
    assert state.day == 2
    check_invariants(state)


# ==== DAY-2: the five phases ===================================================================================
def test_day_2_phases_follow_in_order() -> None:
    """DAY-2: Fishing, Explore, Read lessons, Rescue cats, Rare finds, end of day; five days, then the game ends."""

    def buy_all(state: GameState, name: str, actions: list) -> object:
        buys = [a for a in actions if isinstance(a, Buy)]
        return max(buys, key=lambda a: len(a.cards)) if buys else first_policy(state, name, actions)

    state = new_state(3, 5)
    seen: list[tuple[int, str]] = [(state.day, state.phase)]
    while not state.over:
        state = step(state, buy_all)
        if (state.day, state.phase) != seen[-1]:
            seen.append((state.day, state.phase))
    order = ["explore", "lessons", "rescue", "rare_finds"]
    for (d1, p1), (d2, p2) in itertools.pairwise(seen):
        if p2 == "over":
            assert d1 == 5 and p1 == "rare_finds"
        elif d2 == d1:
            assert order.index(p2) > order.index(p1), f"day {d1}: {p1} then {p2}"
        else:
            assert d2 == d1 + 1 and p1 == "rare_finds" and p2 == "explore"
    assert [d for d, p in seen if p == "explore"] == [1, 2, 3, 4, 5]
    assert [d for d, p in seen if p == "rescue"] == [1, 2, 3, 4, 5]
    # the lessons phase is visible in the log on days when lessons were played
    assert {e.phase for e in state.log} >= {"explore", "lessons", "rescue", "rare_finds"}
    fishing = [e.day for e in state.log if "(FISH-1)" in e.text]
    assert fishing == [1, 2, 3, 4, 5]


def test_day_2_no_action_outside_its_phase() -> None:
    """DAY-2: passing during the draft is refused: there is nothing to pass in the Explore phase."""
    state = new_state(2)
    with pytest.raises(IllegalAction, match="DAY-2"):
        engine.apply(state, Pass("Ann"))


# ==== FISH-1 =================================================================================================
def test_fish_1_twenty_fish_a_day_unspent_fish_carry_over() -> None:
    """FISH-1: every player gains 20 fish at the start of each day; unspent fish carry over."""
    state = _end_of_day_one()
    state = state.update_player("Ann", fish=7).update_player("Ben", fish=0)
    while state.day == 1:
        state = engine.apply(state, Pass(engine.awaiting(state)[0]))
    assert state.player("Ann").fish == 27 and state.player("Ben").fish == 20


# ==== END ====================================================================================================
def test_end_1_field_cats_go_to_box_display_stays() -> None:
    """END-1: cats left in the fields go to the box; rare treasures on display stay for later days."""
    state = _end_of_day_one()
    rare = next(t for t in state.bag if t.kind == "rare")
    state = move_tile(state, rare, "rare_display")
    leftover = state.left_field + state.right_field
    display = state.rare_display
    box = state.box
    while state.day == 1:
        state = engine.apply(state, Pass(engine.awaiting(state)[0]))
    assert state.box == box + leftover
    assert state.rare_display[: len(display)] == display
    assert not set(leftover) & set(state.left_field + state.right_field)


def test_end_2_five_days_then_the_game_ends() -> None:
    """END-2: Vesh's boat moves a space a day; after day 5 the game ends and nothing more can be done."""
    state = to_phase(new_state(2), "rare_finds", day=5, policy=passive_policy)
    assert state.day == 5
    while not state.over:
        state = engine.apply(state, Pass(engine.awaiting(state)[0]))
    assert state.day == 5 and state.phase == "over" and state.step == "done"
    assert engine.awaiting(state) == ()
    assert engine.legal_actions(state, "Ann") == []
    with pytest.raises(IllegalAction, match="END-2"):
        engine.apply(state, Pass("Ann"))
    assert "game is over" in state.log[-1].text


def test_end_3_baskets_turn_back_cards_and_fish_carry_over() -> None:
    """END-3: permanent baskets turn back to their ready side; unplayed cards and unspent fish carry over."""
    state = _end_of_day_one()
    state = set_hand(state, "Ann", (7, 67, 99))
    state = state.update_player("Ann", permanent_baskets=2, baskets_used=2, fish=3)
    while state.day == 1:
        state = engine.apply(state, Pass(engine.awaiting(state)[0]))
    ann = state.player("Ann")
    assert ann.baskets_used == 0 and ann.permanent_baskets == 2 and ann.ready_baskets == 2
    assert ann.hand == (7, 67, 99)
    assert ann.fish == 23
