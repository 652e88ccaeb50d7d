"""Rescue cats (RESCUE-1..6), with the placing rules in game context (PLACE-5)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from game_helpers import (
    card_to_pile,
    check_invariants,
    choose_rescue_cards,
    cram_boat,
    names_in_turn_order,
    new_state,
    passive_policy,
    set_field,
    set_hand,
    to_phase,
)

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import BuyDrawn, ChooseRescueCards, Pass, Place, PlayAnytime, Rescue, TakeMapBonus
from isle_nb.model.isle.game import Game
from isle_nb.model.isle.state import GameState
from isle_nb.model.parts.tiles import Tile

BLUE_I = Tile.cat("blue", 415)
RED_X = Tile.cat("red", 412)
GREEN_S = Tile.cat("green", 414)
ORANGE_T = Tile.cat("orange", 400)


def _choose_step(players: int = 2, seed: int = 0) -> GameState:
    """Day 1, rescue phase, everyone still to choose rescue cards; hands empty; known cats in the fields."""
    state = to_phase(new_state(players, seed), "rescue", "choose", policy=passive_policy)
    for p in state.players:
        state = set_hand(state, p.name, ())
    state = set_field(state, "left", [BLUE_I, RED_X])
    return set_field(state, "right", [GREEN_S, ORANGE_T])


def _place_first(state: GameState) -> GameState:
    """The player with a tile to place places it at its first legal place (declining any map bonus)."""
    while state.pending:
        top = state.pending[-1]
        if top.kind == "map_bonus":
            state = engine.apply(state, TakeMapBonus(top.player, None))
        else:
            place = next(a for a in engine.legal_actions(state, top.player) if isinstance(a, Place))
            state = engine.apply(state, place)
    return state


def _turn(state: GameState) -> str:
    assert state.turn is not None
    return state.players[state.turn].name


# ==== RESCUE-1 ==============================================================================================
def test_rescue_1_cards_chosen_secretly_revealed_together() -> None:
    """RESCUE-1: each player secretly chooses rescue cards from hand; all are revealed together."""
    state = _choose_step(3)
    state = set_hand(state, "Ann", (7, 43, 67))
    state = set_hand(state, "Ben", (55,))
    legal = {a.cards for a in engine.legal_actions(state, "Ann") if isinstance(a, ChooseRescueCards)}
    assert legal == {(), (7,), (43,), (7, 43)} or legal == {(), (7,), (43,), (43, 7)}
    for bad in ((67,), (55,), (7, 7), (99,)):
        with pytest.raises(IllegalAction, match="RESCUE-1"):
            engine.apply(state, ChooseRescueCards("Ann", bad))
    game = Game(state)
    game.apply(ChooseRescueCards("Ann", (7, 43)))
    with pytest.raises(IllegalAction, match="RESCUE-1"):
        game.apply(ChooseRescueCards("Ann", ()))
    assert game.view("Ben").other("Ann").rescue_cards is None
    assert game.view("Ann")["me"]["rescue_cards"] == [7, 43]
    assert not any("#43" in entry.text for entry in game.view("Ben").log)
    assert game.state.step == "choose" and game.state.player("Ann").speed == 0
    game.apply(ChooseRescueCards("Ben", (55,)))
    assert game.state.step == "choose"
    game.apply(ChooseRescueCards("Cat", ()))
    state = game.state
    assert state.step == "turns"
    assert game.view("Ben").other("Ann").rescue_cards == (7, 43)
    ann = state.player("Ann")
    assert ann.hand == (67,) and ann.speed == 5 and ann.full_baskets == 1 and ann.half_baskets == 0
    assert state.player("Ben").speed == 3 and state.player("Ben").full_baskets == 1
    check_invariants(state)


# ==== RESCUE-2 ==============================================================================================
def test_rescue_2_turn_order_by_speed_highest_first() -> None:
    """RESCUE-2: the turn order is re-sorted by speed, highest first, and the new order applies at once."""
    state = _choose_step(3)
    state = replace(state, turn_order=(0, 1, 2))
    state = set_hand(state, "Ann", (15,))  # speed 0
    state = set_hand(state, "Ben", (23,))  # speed 1
    state = set_hand(state, "Cat", (7, 35))  # speed 4 + 3
    state = choose_rescue_cards(state, {"Ann": (15,), "Ben": (23,), "Cat": (7, 35)})
    assert names_in_turn_order(state) == ["Cat", "Ben", "Ann"]
    assert _turn(state) == "Cat"
    assert [state.player(n).speed for n in ("Ann", "Ben", "Cat")] == [0, 1, 7]


def test_rescue_2_ties_keep_previous_order() -> None:
    """RESCUE-2: players with equal speed keep their previous relative order."""
    state = _choose_step(4)
    state = replace(state, turn_order=(2, 3, 0, 1))  # Cat, Dan, Ann, Ben
    state = set_hand(state, "Ann", (7,))
    state = set_hand(state, "Cat", (8,))
    state = choose_rescue_cards(state, {"Ann": (7,), "Cat": (8,)})
    assert names_in_turn_order(state) == ["Cat", "Ann", "Dan", "Ben"]
    assert _turn(state) == "Cat"


def test_rescue_2_new_order_stays_for_rare_finds_and_next_day() -> None:
    """RESCUE-2: the new order takes effect at once and stays (rare finds and the next day use it)."""
    state = _choose_step(3)
    state = replace(state, turn_order=(0, 1, 2))
    state = set_hand(state, "Cat", (7,))
    state = choose_rescue_cards(state, {"Cat": (7,)})
    order = names_in_turn_order(state)
    assert order == ["Cat", "Ann", "Ben"]
    while state.phase == "rescue":
        state = engine.apply(state, Pass(_turn(state)))
    assert state.phase == "rare_finds" and names_in_turn_order(state) == order and _turn(state) == "Cat"
    state = to_phase(state, "rescue", "choose", day=2, policy=passive_policy)
    assert names_in_turn_order(state) == order


# ==== RESCUE-3 ==============================================================================================
def test_rescue_3_one_cat_per_turn_then_the_next_player() -> None:
    """RESCUE-3: in turn order, each player rescues one cat (or passes); rounds go on."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = choose_rescue_cards(state, {})
    assert _turn(state) == "Ann"
    with pytest.raises(IllegalAction, match="RESCUE-3"):
        engine.apply(state, Rescue("Ben", "left", BLUE_I.id))
    state = engine.apply(state, Rescue("Ann", "left", BLUE_I.id))
    state = _place_first(state)
    assert _turn(state) == "Ben"
    state = engine.apply(state, Rescue("Ben", "left", RED_X.id))
    state = _place_first(state)
    assert _turn(state) == "Ann"  # the second round begins
    assert state.left_field == () and len(state.right_field) == 2


def test_rescue_3_passing_is_final() -> None:
    """RESCUE-3 decision: a player who passes is out for the rest of the phase; the others go on."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ben", (43, 44))
    state = choose_rescue_cards(state, {"Ben": (43, 44)})
    assert names_in_turn_order(state) == ["Ben", "Ann"]
    state = engine.apply(state, Pass("Ben"))
    assert state.player("Ben").passed and _turn(state) == "Ann"
    state = _place_first(engine.apply(state, Rescue("Ann", "left", BLUE_I.id)))
    assert _turn(state) == "Ann", "Ben passed: Ann plays again"
    with pytest.raises(IllegalAction, match="RESCUE-3"):
        engine.apply(state, Rescue("Ben", "left", RED_X.id))
    assert engine.legal_actions(state, "Ben") == []
    assert state.player("Ben").full_baskets == 2, "his baskets stay unused"
    state = engine.apply(state, Pass("Ann"))
    assert state.phase == "rare_finds"


def test_rescue_3_a_player_who_cannot_rescue_must_pass() -> None:
    """RESCUE-3 decision: with no fish (or no basket) the only legal action is to pass."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = state.update_player("Ann", fish=2)
    state = choose_rescue_cards(state, {})
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]
    state = state.update_player("Ann", fish=20, baskets_used=1)
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]


def test_rescue_3_one_rescue_per_turn() -> None:
    """RESCUE-3: after rescuing, the same player cannot rescue again before placing and passing the turn."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ann", (43,))
    state = choose_rescue_cards(state, {"Ann": (43,)})
    state = engine.apply(state, Rescue("Ann", "left", BLUE_I.id))
    with pytest.raises(IllegalAction, match="ANY-1"):
        engine.apply(state, Rescue("Ann", "left", RED_X.id))


# ==== RESCUE-4 ==============================================================================================
@pytest.mark.parametrize(("field", "tile", "cost"), [("left", BLUE_I, 3), ("right", GREEN_S, 5)])
def test_rescue_4_pay_field_cost_and_place_at_once(field: str, tile: Tile, cost: int) -> None:
    """RESCUE-4: pay 3 fish (left) or 5 fish (right), use a basket, then place the cat before anything else."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = choose_rescue_cards(state, {})
    fish = state.player("Ann").fish
    state = engine.apply(state, Rescue("Ann", field, tile.id))
    ann = state.player("Ann")
    assert ann.fish == fish - cost and ann.baskets_used == 1
    assert tile not in state.field(field)
    assert state.pending[-1].kind == "place" and state.pending[-1].tile == tile
    assert engine.awaiting(state) == ("Ann",)
    assert engine.legal_actions(state, "Ben") == []
    with pytest.raises(IllegalAction, match="ANY-1"):
        engine.apply(state, Pass("Ben"))
    legal = engine.legal_actions(state, "Ann")
    assert legal and all(isinstance(a, Place) for a in legal)
    state = _place_first(state)
    assert state.player("Ann").boat.find(tile) is not None
    assert _turn(state) == "Ben"
    check_invariants(state)


def test_rescue_4_not_enough_fish() -> None:
    """RESCUE-4: a player with 4 fish may rescue from the left field only."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = choose_rescue_cards(state, {})
    state = state.update_player("Ann", fish=4)
    legal = {(a.field, a.tile) for a in engine.legal_actions(state, "Ann") if isinstance(a, Rescue)}
    assert legal == {("left", BLUE_I.id), ("left", RED_X.id)}
    with pytest.raises(IllegalAction, match="RESCUE-4"):
        engine.apply(state, Rescue("Ann", "right", GREEN_S.id))
    with pytest.raises(IllegalAction, match="RESCUE-4"):
        engine.apply(state, Rescue("Ann", "left", GREEN_S.id))  # it is in the right field
    with pytest.raises(IllegalAction, match="RESCUE-4"):
        engine.apply(state, Rescue("Ann", "middle", BLUE_I.id))


def test_rescue_4_cat_that_cannot_be_placed_cannot_be_taken() -> None:
    """RESCUE-4 / PLACE-5: a cat with no legal place on the boat cannot be rescued, and nothing is paid."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = cram_boat(state, "Ann")
    assert not state.player("Ann").boat.can_place(BLUE_I)
    state = choose_rescue_cards(state, {})
    before = state
    assert [a for a in engine.legal_actions(state, "Ann") if isinstance(a, Rescue)] == []
    with pytest.raises(IllegalAction, match=r"RESCUE-4: .*cannot be taken"):
        engine.apply(state, Rescue("Ann", "left", BLUE_I.id))
    assert state == before
    check_invariants(state)


# ==== RESCUE-5 ==============================================================================================
def test_rescue_5_permanent_basket_once_a_day() -> None:
    """RESCUE-5: the permanent basket can be used once a day; then it is on its used side."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = choose_rescue_cards(state, {})
    state = _place_first(engine.apply(state, Rescue("Ann", "left", BLUE_I.id)))
    assert state.player("Ann").ready_baskets == 0
    state = engine.apply(state, Pass("Ben"))
    assert _turn(state) == "Ann"
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]
    with pytest.raises(IllegalAction, match="RESCUE-5"):
        engine.apply(state, Rescue("Ann", "left", RED_X.id))


def test_rescue_5_full_basket_used_once() -> None:
    """RESCUE-5: a full basket from a played rescue card carries one cat; with the permanent basket, two in all.
    Without a card that discards a permanent basket the choice makes no difference, so the rescue names none."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ann", (43,))
    state = choose_rescue_cards(state, {"Ann": (43,)})
    assert _turn(state) == "Ann"
    assert all(a.basket is None for a in engine.legal_actions(state, "Ann") if isinstance(a, Rescue))
    with pytest.raises(IllegalAction, match="RESCUE-5"):
        engine.apply(state, Rescue("Ann", "left", BLUE_I.id, "permanent"))
    state = _place_first(engine.apply(state, Rescue("Ann", "left", BLUE_I.id)))
    state = engine.apply(state, Pass("Ben"))
    ann = state.player("Ann")
    assert ann.full_baskets == 0 and ann.baskets_used == 0, "with no choice, the card basket goes first"
    state = _place_first(engine.apply(state, Rescue("Ann", "left", RED_X.id)))
    assert state.player("Ann").baskets_used == 1
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]


def _basket_choice(hand: tuple[int, ...] = (43, 76)) -> GameState:
    """Ann (first in turn) with a played full basket card, her ready permanent basket, 10 fish and ``hand``."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ann", hand)
    state = state.update_player("Ann", fish=10)
    state = choose_rescue_cards(state, {"Ann": (43,)})
    assert _turn(state) == "Ann"
    return state


def test_rescue_5_player_chooses_the_basket_when_it_matters() -> None:
    """RESCUE-5: with a card basket, a ready permanent basket and card 76 in hand, the rescue names its basket;
    legal_actions offers both, and a rescue that names none is refused."""
    state = _basket_choice()
    rescues = [a for a in engine.legal_actions(state, "Ann") if isinstance(a, Rescue)]
    assert {a.basket for a in rescues} == {"card", "permanent"}
    assert len(rescues) == 2 * len({(a.field, a.tile) for a in rescues})
    for wrong in (None, "half", "Permanent"):
        with pytest.raises(IllegalAction, match="RESCUE-5"):
            engine.apply(state, Rescue("Ann", "left", BLUE_I.id, wrong))
    after = engine.apply(state, Rescue("Ann", "left", BLUE_I.id, "permanent"))
    ann = after.player("Ann")
    assert ann.baskets_used == 1 and ann.full_baskets == 1
    assert "a permanent basket" in after.log[-1].text
    after = engine.apply(state, Rescue("Ann", "left", BLUE_I.id, "card"))
    ann = after.player("Ann")
    assert ann.baskets_used == 0 and ann.full_baskets == 0
    assert "a full basket" in after.log[-1].text


def test_rescue_5_basket_chosen_when_card_76_may_still_be_drawn() -> None:
    """RESCUE-5 decision: a card 76 drawn later in the phase through a card 71-74 must not find the wrong basket
    spent, so a player holding a card that draws cards chooses the basket too (whether the deck still holds a 76 is
    not asked: the player cannot know). Permanent basket first, then 72 draws 76, which discards that used basket
    for 5 fish, and the card basket carries a second cat."""
    state = _basket_choice((43, 72))
    state = card_to_pile(card_to_pile(state, 1), 76)  # the deck's top: 76, then 1
    assert {a.basket for a in engine.legal_actions(state, "Ann") if isinstance(a, Rescue)} == {"card", "permanent"}
    state = _place_first(engine.apply(state, Rescue("Ann", "left", BLUE_I.id, "permanent")))
    state = engine.apply(state, Pass("Ben"))
    state = engine.apply(state, PlayAnytime("Ann", 72))
    state = engine.apply(state, BuyDrawn("Ann", (76,)))
    fish = state.player("Ann").fish
    state = engine.apply(state, PlayAnytime("Ann", 76))
    ann = state.player("Ann")
    assert ann.fish == fish + 5 and ann.permanent_baskets == 0 and ann.baskets_available == 1
    state = _place_first(engine.apply(state, Rescue("Ann", "left", RED_X.id)))
    assert len(state.player("Ann").boat.tiles) == 2
    check_invariants(state)


def test_rescue_5_permanent_basket_first_then_card_76_gives_two_rescues_and_five_fish() -> None:
    """RESCUE-5 with card 76 (the issue's counter-example): one permanent basket, one full card basket and card 76.
    Using the permanent basket first, then discarding it (used) with card 76, leaves the card basket for a second
    rescue: two rescues and 5 fish. Using the card basket first leaves only one rescue after card 76."""
    state = _basket_choice()
    state = _place_first(engine.apply(state, Rescue("Ann", "left", BLUE_I.id, "permanent")))
    state = engine.apply(state, Pass("Ben"))
    fish = state.player("Ann").fish
    state = engine.apply(state, PlayAnytime("Ann", 76))
    ann = state.player("Ann")
    assert ann.fish == fish + 5 and ann.permanent_baskets == 0 and ann.baskets_available == 1
    rescue = next(a for a in engine.legal_actions(state, "Ann") if isinstance(a, Rescue))
    assert rescue.basket is None, "only the card basket is left: no choice"
    state = _place_first(engine.apply(state, rescue))
    assert len(state.player("Ann").boat.tiles) == 2
    check_invariants(state)

    other = _basket_choice()
    other = _place_first(engine.apply(other, Rescue("Ann", "left", BLUE_I.id, "card")))
    other = engine.apply(other, Pass("Ben"))
    other = engine.apply(other, PlayAnytime("Ann", 76))
    assert other.player("Ann").baskets_available == 0
    assert engine.legal_actions(other, "Ann") == [Pass("Ann")]


def test_rescue_5_no_choice_without_a_card_basket_or_a_ready_permanent_one() -> None:
    """RESCUE-5: with card 76 but only one kind of basket available, the rescue names no basket."""
    state = _basket_choice()
    state = state.update_player("Ann", baskets_used=1)
    rescues = [a for a in engine.legal_actions(state, "Ann") if isinstance(a, Rescue)]
    assert rescues and all(a.basket is None for a in rescues)
    with pytest.raises(IllegalAction, match="RESCUE-5"):
        engine.apply(state, Rescue("Ann", "left", BLUE_I.id, "card"))


def test_rescue_5_two_half_baskets_make_one() -> None:
    """RESCUE-5: two half baskets played together make one basket; a single half basket carries nothing."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ann", (15, 16, 17))
    state = state.update_player("Ann", baskets_used=1)  # no permanent basket left today
    state = choose_rescue_cards(state, {"Ann": (15, 16, 17)})
    assert state.player("Ann").half_baskets == 3 and state.player("Ann").baskets_available == 1
    assert _turn(state) == "Ann"
    state = _place_first(engine.apply(state, Rescue("Ann", "left", BLUE_I.id)))
    state = engine.apply(state, Pass("Ben"))
    assert state.player("Ann").half_baskets == 1 and state.player("Ann").baskets_available == 0
    with pytest.raises(IllegalAction, match="RESCUE-5"):
        engine.apply(state, Rescue("Ann", "left", RED_X.id))


def test_rescue_5_baskets_of_unplayed_cards_cannot_be_used() -> None:
    """RESCUE-5: a rescue card kept in hand (not played this phase) gives no basket."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ann", (43, 55))
    state = state.update_player("Ann", baskets_used=1)
    state = choose_rescue_cards(state, {"Ann": (43,)})
    assert _turn(state) == "Ann"
    state = _place_first(engine.apply(state, Rescue("Ann", "left", BLUE_I.id)))
    state = engine.apply(state, Pass("Ben"))
    assert state.player("Ann").hand == (55,)
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]
    with pytest.raises(IllegalAction, match="RESCUE-5"):
        engine.apply(state, Rescue("Ann", "left", RED_X.id))


# ==== RESCUE-6 ==============================================================================================
def test_rescue_6_phase_ends_when_everyone_passed_unused_cards_discarded() -> None:
    """RESCUE-6: the phase ends when all have passed; played rescue cards are discarded (used or not); the cats
    left in the fields stay there until the end of the day."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ann", (43, 55, 7))
    state = choose_rescue_cards(state, {"Ann": (43, 55)})
    state = _place_first(engine.apply(state, Rescue("Ann", "left", BLUE_I.id)))
    discard = state.discard
    state = engine.apply(state, Pass("Ben"))
    assert state.phase == "rescue"
    state = engine.apply(state, Pass("Ann"))
    assert state.phase == "rare_finds"
    assert state.discard == (*discard, 43, 55)
    ann = state.player("Ann")
    assert ann.hand == (7,) and ann.full_baskets == 0 and ann.rescue_cards == ()
    assert state.left_field == (RED_X,) and state.right_field == (GREEN_S, ORANGE_T)
    check_invariants(state)


def test_rescue_6_phase_ends_when_both_fields_are_empty() -> None:
    """RESCUE-6: the phase ends as soon as both fields are empty, even if players have not passed."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_field(state, "left", [BLUE_I])
    state = set_field(state, "right", [])
    state = choose_rescue_cards(state, {})
    state = engine.apply(state, Rescue("Ann", "left", BLUE_I.id))
    assert state.phase == "rescue"
    state = _place_first(state)
    assert state.phase == "rare_finds"
    assert not state.player("Ben").passed and _turn(state) == "Ann"


def test_rescue_6_empty_fields_end_the_phase_at_reveal() -> None:
    """RESCUE-6: when the fields are empty once the cards are revealed, nobody takes a rescue turn."""
    state = _choose_step(2)
    state = set_field(set_field(state, "left", []), "right", [])
    state = set_hand(state, "Ann", (43,))
    discard = state.discard
    state = choose_rescue_cards(state, {"Ann": (43,)})
    assert state.phase == "rare_finds" and state.discard == (*discard, 43)


def test_rescue_anytime_between_turns_by_another_player() -> None:
    """ANY-2 in the rescue phase: a player whose turn it is not may play an anytime card between two actions."""
    state = _choose_step(2)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(state, "Ben", (84,))
    state = choose_rescue_cards(state, {})
    assert PlayAnytime("Ben", 84) in engine.legal_actions(state, "Ben")
    state = engine.apply(state, PlayAnytime("Ben", 84))
    assert state.player("Ben").permanent_baskets == 2 and _turn(state) == "Ann"
