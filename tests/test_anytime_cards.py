"""Anytime cards 67-97: one test per effect (17 kinds of card, game-data §4.3), and ANY-1..3.

Each test builds the situation by hand, asserts the exact effect, and that illegal uses are refused with nothing
changed.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from game_helpers import (
    card_to_pile,
    check_invariants,
    choose_rescue_cards,
    cram_boat,
    give_cards,
    move_tile,
    new_state,
    passive_policy,
    put_on_boat,
    set_field,
    set_hand,
    to_phase,
)

from isle_nb.bots import GreedyBot, RandomBot
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import (
    BuyDrawn,
    ChooseField,
    DraftPick,
    MoveCat,
    Pass,
    Place,
    PlayAnytime,
    Rescue,
    TakeMapBonus,
)
from isle_nb.model.isle.game import Game
from isle_nb.model.isle.player_view import player_view
from isle_nb.model.isle.state import GameState
from isle_nb.model.isle.view_facts import caution
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.tiles import Tile

BLUE_I = Tile.cat("blue", 415)
BLUE_X = Tile.cat("blue", 412)
RED_T = Tile.cat("red", 400)
GREEN_S = Tile.cat("green", 414)


def _explore(hand: tuple[int, ...], players: int = 2) -> GameState:
    """Day 1, during the draft, Ann holding ``hand``."""
    return set_hand(new_state(players), "Ann", hand)


def _rescue_turns(hand: tuple[int, ...], left=(BLUE_I, RED_T), right=(GREEN_S,)) -> GameState:
    """Day 1, rescue turns, Ann first, holding ``hand``; the fields as given."""
    state = to_phase(new_state(2), "rescue", "choose", policy=passive_policy)
    state = replace(state, turn_order=(0, 1))
    state = set_hand(set_hand(state, "Ann", hand), "Ben", ())
    state = set_field(set_field(state, "left", list(left)), "right", list(right))
    return choose_rescue_cards(state, {})


def _play(state: GameState, card_id: int, **kwargs) -> GameState:
    """Ann plays the card; it must be listed as legal first (for plays without a choice)."""
    action = PlayAnytime("Ann", card_id, **kwargs)
    if not kwargs:
        assert any(isinstance(a, PlayAnytime) and card(a.card).effect == card(card_id).effect
                   for a in engine.legal_actions(state, "Ann"))
    after = engine.apply(state, action)
    drawn = after.pending[-1].cards if after.pending and after.pending[-1].kind == "buy_drawn" else ()
    assert card_id not in after.player("Ann").hand and (card_id in after.discard or card_id in drawn + after.deck)
    return after


def _refused(state: GameState, action, rule: str = "ANY-3") -> None:
    before = state
    with pytest.raises(IllegalAction, match=rule):
        engine.apply(state, action)
    assert state == before


def _fish(state: GameState) -> int:
    return state.player("Ann").fish


# ==== fish gains =========================================================================================
def test_card_67_two_fish_per_oshax() -> None:
    """Cards 67-68: gain 2 fish for each Oshax on your boat."""
    state = _explore((67, 68))
    state = put_on_boat(state, "Ann", Tile.oshax(300, "red"), [(9, 2), (10, 2), (8, 3), (9, 3), (7, 4), (8, 4)])
    state = put_on_boat(state, "Ann", Tile.oshax(303, "blue"), [(12, 2), (12, 3), (11, 4), (12, 4), (13, 4), (11, 5)])
    state = put_on_boat(state, "Ann", BLUE_I, [(2, 4), (3, 4), (4, 4), (5, 4), (6, 4)])
    fish = _fish(state)
    state = _play(state, 67)
    assert _fish(state) == fish + 4
    state = put_on_boat(state, "Ann", Tile.oshax(301, "red"), [(15, 2), (14, 3), (15, 3), (15, 4), (16, 4), (15, 5)])
    state = _play(state, 68)
    assert _fish(state) == fish + 4 + 6
    check_invariants(state)


def test_card_78_one_fish_per_private_lesson() -> None:
    """Cards 78-79: gain 1 fish for each private lesson in front of you (not for lessons in hand)."""
    state = _explore((78, 79, 115))
    state = give_cards(state, "Ann", (113, 114, 120), where="private_lessons")
    fish = _fish(state)
    state = _play(state, 78)
    assert _fish(state) == fish + 3


def test_card_90_one_fish_per_cat_colour_oshax_not_counted() -> None:
    """Cards 90-91: gain 1 fish per colour of cat on your boat; Oshax do not count as a colour."""
    state = _explore((90,))
    state = put_on_boat(state, "Ann", BLUE_I, [(2, 4), (3, 4), (4, 4), (5, 4), (6, 4)])
    state = put_on_boat(state, "Ann", BLUE_X, [(8, 3), (7, 4), (8, 4), (9, 4), (8, 5)])
    state = put_on_boat(state, "Ann", RED_T, [(12, 2), (10, 3), (11, 3), (12, 3), (12, 4)])
    state = put_on_boat(state, "Ann", Tile.oshax(303, "green"), [(14, 2), (14, 3), (13, 4), (14, 4), (15, 4), (13, 5)])
    state = put_on_boat(state, "Ann", Tile.common("1x1", 0), [(0, 4)])
    fish = _fish(state)
    state = _play(state, 90)
    assert _fish(state) == fish + 2


def test_card_92_two_fish_per_rare_treasure() -> None:
    """Cards 92-93: gain 2 fish for each rare treasure on your boat (common ones do not count)."""
    state = _explore((92,))
    state = put_on_boat(state, "Ann", Tile.rare("O", 0), [(5, 3), (6, 3), (5, 4), (6, 4)])
    state = put_on_boat(state, "Ann", Tile.rare("I", 1), [(7, 4), (8, 4), (9, 4), (10, 4)])
    state = put_on_boat(state, "Ann", Tile.common("1x1", 0), [(0, 4)])
    fish = _fish(state)
    state = _play(state, 92)
    assert _fish(state) == fish + 4


def test_card_94_one_fish_per_common_treasure() -> None:
    """Cards 94-95: gain 1 fish for each common treasure on your boat (rare ones do not count)."""
    state = _explore((94,))
    state = put_on_boat(state, "Ann", Tile.common("1x1", 0), [(0, 4)])
    state = put_on_boat(state, "Ann", Tile.common("1x2", 0), [(1, 4), (2, 4)])
    state = put_on_boat(state, "Ann", Tile.common("I3", 0), [(3, 4), (4, 4), (5, 4)])
    state = put_on_boat(state, "Ann", Tile.rare("I", 1), [(7, 4), (8, 4), (9, 4), (10, 4)])
    fish = _fish(state)
    state = _play(state, 94)
    assert _fish(state) == fish + 3


def test_card_96_one_fish_per_cat_and_oshax_of_a_colour() -> None:
    """Cards 96-97: pick a colour, gain 1 fish for each cat and Oshax of that colour; a colour is required."""
    state = _explore((96, 97))
    state = put_on_boat(state, "Ann", BLUE_I, [(2, 4), (3, 4), (4, 4), (5, 4), (6, 4)])
    state = put_on_boat(state, "Ann", BLUE_X, [(8, 3), (7, 4), (8, 4), (9, 4), (8, 5)])
    state = put_on_boat(state, "Ann", RED_T, [(12, 2), (10, 3), (11, 3), (12, 3), (12, 4)])
    state = put_on_boat(state, "Ann", Tile.oshax(303, "blue"), [(14, 2), (14, 3), (13, 4), (14, 4), (15, 4), (13, 5)])
    offered = {a.colour for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayAnytime)}
    assert offered == {"blue", "green", "red", "purple", "orange"}
    _refused(state, PlayAnytime("Ann", 96))
    _refused(state, PlayAnytime("Ann", 96, colour="pink"))
    fish = _fish(state)
    state = _play(state, 96, colour="blue")
    assert _fish(state) == fish + 3
    state = _play(state, 97, colour="orange")
    assert _fish(state) == fish + 3


# ==== baskets ===========================================================================================
def test_card_76_discard_a_permanent_basket_for_five_fish() -> None:
    """Card 76: discard 1 permanent basket (a used one first) and gain 5 fish; refused without a basket."""
    state = _explore((76,))
    state = state.update_player("Ann", permanent_baskets=2, baskets_used=1)
    fish = _fish(state)
    after = _play(state, 76)
    ann = after.player("Ann")
    assert ann.fish == fish + 5 and ann.permanent_baskets == 1 and ann.baskets_used == 0 and ann.ready_baskets == 1
    state = state.update_player("Ann", permanent_baskets=0, baskets_used=0)
    assert PlayAnytime("Ann", 76) not in engine.legal_actions(state, "Ann")
    _refused(state, PlayAnytime("Ann", 76))


def test_card_84_gain_a_permanent_basket() -> None:
    """Cards 84-85: gain 1 permanent basket, ready to use today."""
    state = _explore((84,))
    state = state.update_player("Ann", baskets_used=1)
    state = _play(state, 84)
    ann = state.player("Ann")
    assert ann.permanent_baskets == 2 and ann.ready_baskets == 1


def test_card_86_discard_two_private_lessons_for_a_basket() -> None:
    """Cards 86-87: discard any 2 played private lessons, gain a permanent basket; exactly 2 of your own."""
    state = _explore((86,))
    state = give_cards(state, "Ann", (113, 114, 120), where="private_lessons")
    state = give_cards(state, "Ben", (121,), where="private_lessons")
    choices = {a.choice for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayAnytime)}
    assert choices == {("113", "114"), ("113", "120"), ("114", "120")}
    _refused(state, PlayAnytime("Ann", 86, choice=("113",)))
    _refused(state, PlayAnytime("Ann", 86, choice=("113", "113")))
    _refused(state, PlayAnytime("Ann", 86, choice=("113", "114", "120")))
    _refused(state, PlayAnytime("Ann", 86, choice=("113", "121")))
    _refused(state, PlayAnytime("Ann", 86, choice=("113", "x")))
    discard = state.discard
    state = _play(state, 86, choice=("120", "113"))
    ann = state.player("Ann")
    assert ann.private_lessons == (114,) and ann.permanent_baskets == 2
    assert state.discard == (*discard, 86, 120, 113)
    check_invariants(state)
    few = give_cards(_explore((86,)), "Ann", (113,), where="private_lessons")
    assert engine.legal_actions(few, "Ann") == [a for a in engine.legal_actions(few, "Ann")
                                                 if not isinstance(a, PlayAnytime)]
    _refused(few, PlayAnytime("Ann", 86, choice=("113", "114")))


def test_card_88_discard_two_treasures_from_the_boat_for_a_basket() -> None:
    """Cards 88-89: discard any 2 treasures from your boat (to the box), gain a permanent basket; not cats."""
    state = _explore((88,))
    state = put_on_boat(state, "Ann", Tile.common("1x1", 0), [(0, 4)])
    state = put_on_boat(state, "Ann", Tile.rare("I", 1), [(1, 4), (2, 4), (3, 4), (4, 4)])
    state = put_on_boat(state, "Ann", BLUE_I, [(5, 4), (6, 4), (7, 4), (8, 4), (9, 4)])
    choices = {a.choice for a in engine.legal_actions(state, "Ann") if isinstance(a, PlayAnytime)}
    assert choices == {("common:1x1:0", "rare:I:1")}
    _refused(state, PlayAnytime("Ann", 88, choice=("common:1x1:0", BLUE_I.id)))
    _refused(state, PlayAnytime("Ann", 88, choice=("common:1x1:0",)))
    _refused(state, PlayAnytime("Ann", 88, choice=("common:1x1:0", "common:1x1:0")))
    _refused(state, PlayAnytime("Ann", 88, choice=("common:1x1:0", "common:1x2:3")))
    _refused(state, PlayAnytime("Ann", 88, choice=("common:1x1:0", "nonsense")))
    box = state.box
    state = _play(state, 88, choice=("rare:I:1", "common:1x1:0"))
    ann = state.player("Ann")
    assert [p.tile for p in ann.boat.tiles] == [BLUE_I] and ann.permanent_baskets == 2
    assert state.box == (*box, Tile.rare("I", 1), Tile.common("1x1", 0))
    check_invariants(state)
    assert not any(isinstance(a, PlayAnytime) for a in engine.legal_actions(set_hand(state, "Ann", (89,)), "Ann"))


# ==== placing ===========================================================================================
def test_card_69_next_tile_ignores_the_touch_rule() -> None:
    """Cards 69-70: the next cat, Oshax or treasure may go anywhere on the boat (PLACE-6); only the next one."""
    state = _rescue_turns((69,), left=(BLUE_I, RED_T))
    state = state.update_player("Ann", full_baskets=1)  # as if from a played rescue card
    state = put_on_boat(state, "Ann", Tile.common("1x1", 0), [(0, 4)])
    state = _play(state, 69)
    state = engine.apply(state, Rescue("Ann", "left", BLUE_I.id))
    places = [a for a in engine.legal_actions(state, "Ann") if isinstance(a, Place)]
    assert any(min(x for x, _ in a.cells) > 5 for a in places)
    far = next(a for a in places if a.cells == ((12, 4), (13, 4), (14, 4), (15, 4), (16, 4)))
    state = engine.apply(state, far)
    assert not state.player("Ann").place_anywhere
    state = engine.apply(state, Pass("Ben"))
    state = engine.apply(state, Rescue("Ann", "left", RED_T.id))
    cells = [a.cells for a in engine.legal_actions(state, "Ann") if isinstance(a, Place)]
    boat = state.player("Ann").boat
    assert cells and all(any(boat.tile_at((x + dx, y + dy)) for x, y in c for dx, dy in ((1, 0), (-1, 0), (0, 1),
                                                                                         (0, -1))) for c in cells)


def test_card_75_random_tile_from_the_bag_placed_at_once() -> None:
    """Card 75: take 1 tile from the bag at random and place it on your boat at once."""
    state = _explore((75,))
    only = Tile.cat("purple", 403)
    for tile in [t for t in state.bag if t != only]:
        state = move_tile(state, tile, "box")
    assert state.bag == (only,)
    state = _play(state, 75)
    assert state.bag == () and state.pending[-1].tile == only and state.pending[-1].kind == "place"
    assert engine.awaiting(state) == ("Ann",)
    place = next(a for a in engine.legal_actions(state, "Ann") if isinstance(a, Place))
    state = engine.apply(state, place)
    while state.pending:
        state = engine.apply(state, TakeMapBonus("Ann", None))
    assert state.player("Ann").boat.find(only) is not None
    check_invariants(state)
    empty = set_hand(state, "Ann", (75,))
    assert not any(isinstance(a, PlayAnytime) for a in engine.legal_actions(empty, "Ann"))
    _refused(empty, PlayAnytime("Ann", 75))


def test_card_75_tile_that_cannot_be_placed_goes_back_to_the_bag() -> None:
    """Card 75 / PLACE-5: a drawn tile that fits nowhere cannot be gained, so it goes back into the bag; the log
    says which tile was drawn and that it went back (the card is spent)."""
    state = _explore((75,))
    state = cram_boat(state, "Ann")
    for tile in [t for t in state.bag if t.kind != "rare"]:
        state = move_tile(state, tile, "box")
    bag = set(state.bag)
    assert bag and not any(state.player("Ann").boat.can_place(t) for t in bag)
    state = _play(state, 75)
    assert state.pending == () and set(state.bag) == bag
    assert 75 in state.discard and 75 not in state.player("Ann").hand
    drawn = next(e.text for e in state.log if "from the bag and must place it" in e.text)
    back = state.log[-1].text
    assert back.endswith("does not fit on the boat and goes back into the bag (PLACE-5)")
    drawn_tile = drawn.split("draws ")[1].split(" from the bag")[0]  # "draws an I-shaped ... treasure from the bag"
    assert drawn_tile.split(" ", 1)[1] == back.split("the ", 1)[1].split(" does not fit")[0]
    check_invariants(state)


# ==== cards ==============================================================================================
@pytest.mark.parametrize(("card_id", "count"), [(71, 2), (73, 3)])
def test_card_71_73_draw_cards_and_buy_at_their_cost(card_id: int, count: int) -> None:
    """Cards 71-74 / ANY-3: draw 2 (71-72) or 3 (73-74) cards; keep those you pay for, discard the rest."""
    state = _explore((card_id,))
    for c in (1, 84, 55):
        state = card_to_pile(state, c)  # deck top: 55, 84, 1
    state = state.update_player("Ann", fish=8)
    state = _play(state, card_id)
    drawn = (55, 84, 1)[:count]
    assert state.pending[-1].kind == "buy_drawn" and state.pending[-1].cards == drawn
    options = {a.cards for a in engine.legal_actions(state, "Ann")}
    assert (55, 84) not in options and (84,) in options and () in options
    assert engine.legal_actions(state, "Ben") == []
    _refused(state, BuyDrawn("Ann", (55, 84)))
    _refused(state, BuyDrawn("Ann", (7,)))
    _refused(state, BuyDrawn("Ben", ()), "ANY-1")
    discard = state.discard
    state = engine.apply(state, BuyDrawn("Ann", (84,)))
    assert state.player("Ann").fish == 2 and state.player("Ann").hand == (84,)
    assert state.discard == discard + tuple(c for c in drawn if c != 84)
    assert state.pending == ()
    check_invariants(state)


def test_card_71_deck_runs_out_discard_reshuffled() -> None:
    """Cards 71-74 with an empty deck draw from the reshuffled discard pile; with no card anywhere they cannot be
    played (EXPLORE-1 decision)."""
    state = _explore((71, 72))
    state = replace(state, discard=state.discard + state.deck, deck=())
    discard = state.discard
    state = _play(state, 71)
    drawn = state.pending[-1].cards
    assert len(drawn) == 2 and set(drawn) <= set(discard) and state.discard == ()
    state = engine.apply(state, BuyDrawn("Ann", ()))
    # every other card out of reach: deck and discard pile empty
    hoard = state.deck + state.discard
    state = replace(state, deck=(), discard=())
    state = state.update_player("Ben", hand=state.player("Ben").hand + hoard)
    assert not any(isinstance(a, PlayAnytime) for a in engine.legal_actions(state, "Ann"))
    _refused(state, PlayAnytime("Ann", 72))
    check_invariants(state)


# ==== fields ============================================================================================
def test_card_77_move_up_to_three_cats_between_fields() -> None:
    """Card 77: move up to 3 different cats, each to the other field; stop at any time."""
    state = _rescue_turns((77,), left=(BLUE_I, RED_T), right=(GREEN_S, BLUE_X))
    state = _play(state, 77)
    assert state.pending[-1].kind == "move_cats" and state.pending[-1].count == 3
    assert {a.tile for a in engine.legal_actions(state, "Ann") if isinstance(a, MoveCat)} == {
        BLUE_I.id, RED_T.id, GREEN_S.id, BLUE_X.id}
    _refused(state, MoveCat("Ann", "cat:pink:400"))
    _refused(state, Rescue("Ann", "left", BLUE_I.id), "ANY-1")
    state = engine.apply(state, MoveCat("Ann", BLUE_I.id))
    assert state.left_field == (RED_T,) and state.right_field == (GREEN_S, BLUE_X, BLUE_I)
    _refused(state, MoveCat("Ann", BLUE_I.id))  # each cat moves once
    state = engine.apply(state, MoveCat("Ann", GREEN_S.id))
    state = engine.apply(state, MoveCat("Ann", RED_T.id))
    assert state.pending == ()
    assert state.left_field == (GREEN_S,) and state.right_field == (BLUE_X, BLUE_I, RED_T)
    started = _play(_rescue_turns((77,)), 77)
    stopped = engine.apply(started, Pass("Ann"))
    assert stopped.pending == () and stopped.left_field == started.left_field
    assert stopped.players[stopped.turn].name == "Ann", "stopping is not passing the rescue turn"
    none = _rescue_turns((77,), left=(), right=())
    assert none.phase == "rare_finds"
    _refused(none, PlayAnytime("Ann", 77))


def test_card_77_bots_answer_the_move_decision() -> None:
    """Card 77: both bots answer the move decision with a legal action (the greedy bot stops moving)."""
    state = _play(_rescue_turns((77,)), 77)
    game = Game(state)
    legal = game.legal_actions("Ann")
    assert GreedyBot(0).choose(game, "Ann", legal) == Pass("Ann")
    assert RandomBot(0).choose(game, "Ann", legal) in legal


def test_card_83_four_tiles_from_the_bag_to_the_fields() -> None:
    """Card 83: draw 4 tiles from the bag; the player chooses a field for each cat; rare treasures go on display."""
    state = _explore((83,))
    keep = [BLUE_I, Tile.rare("S", 2), RED_T, GREEN_S]
    for tile in [t for t in state.bag if t not in keep]:
        state = move_tile(state, tile, "box")
    display = state.rare_display
    left, right = state.left_field, state.right_field
    state = _play(state, 83)
    assert state.bag == ()
    assert state.rare_display == (*display, Tile.rare("S", 2))
    drawn = [p.tile for p in state.pending]
    assert sorted(drawn) == sorted([BLUE_I, RED_T, GREEN_S]) and all(p.kind == "choose_field" for p in state.pending)
    _refused(state, ChooseField("Ann", "middle"))
    first = state.pending[-1].tile
    state = engine.apply(state, ChooseField("Ann", "right"))
    second = state.pending[-1].tile
    state = engine.apply(state, ChooseField("Ann", "left"))
    third = state.pending[-1].tile
    state = engine.apply(state, ChooseField("Ann", "left"))
    assert state.pending == ()
    assert state.left_field == (*left, second, third) and state.right_field == (*right, first)
    check_invariants(state)
    _refused(set_hand(state, "Ann", (83,)), PlayAnytime("Ann", 83))


# ==== rescue ==============================================================================================
def test_card_80_rescue_two_cats_with_one_rescue() -> None:
    """Cards 80-82: the next rescue may take 2 cats, each paid with fish and a basket; the second is optional."""
    state = _rescue_turns((80, 81, 43))
    state = state.update_player("Ann", full_baskets=1)  # a full basket from a played card
    fish = _fish(state)
    state = _play(state, 80)
    assert state.player("Ann").extra_rescues == 1
    state = engine.apply(state, Rescue("Ann", "left", BLUE_I.id))
    assert [p.kind for p in state.pending] == ["extra_rescue", "place"]
    state = engine.apply(state, next(a for a in engine.legal_actions(state, "Ann") if isinstance(a, Place)))
    while state.pending and state.pending[-1].kind == "map_bonus":
        state = engine.apply(state, TakeMapBonus("Ann", None))
    assert state.pending[-1].kind == "extra_rescue" and engine.awaiting(state) == ("Ann",)
    options = engine.legal_actions(state, "Ann")
    assert Pass("Ann") in options and Rescue("Ann", "right", GREEN_S.id) in options
    state = engine.apply(state, Rescue("Ann", "right", GREEN_S.id))
    state = engine.apply(state, next(a for a in engine.legal_actions(state, "Ann") if isinstance(a, Place)))
    while state.pending:
        state = engine.apply(state, TakeMapBonus("Ann", None))
    ann = state.player("Ann")
    assert ann.fish == fish - 3 - 5 and ann.baskets_available == 0 and not ann.extra_rescues
    assert state.players[state.turn].name == "Ben"
    check_invariants(state)


def test_card_80_second_cat_declined_or_impossible() -> None:
    """Cards 80-82: the second rescue may be declined; without a second basket only declining is offered."""
    state = _rescue_turns((80,))
    state = _play(state, 80)
    state = engine.apply(state, Rescue("Ann", "left", BLUE_I.id))
    state = engine.apply(state, next(a for a in engine.legal_actions(state, "Ann") if isinstance(a, Place)))
    while state.pending and state.pending[-1].kind == "map_bonus":
        state = engine.apply(state, TakeMapBonus("Ann", None))
    assert engine.legal_actions(state, "Ann") == [Pass("Ann")]
    _refused(state, Rescue("Ann", "left", RED_T.id), "RESCUE-5")
    state = engine.apply(state, Pass("Ann"))
    assert state.pending == () and state.players[state.turn].name == "Ben"
    assert not state.player("Ann").passed, "declining the second cat is not passing the phase"


def _finish_placing(state: GameState) -> GameState:
    """Ann places the tile she gained at its first legal place and declines any map bonus."""
    state = engine.apply(state, next(a for a in engine.legal_actions(state, "Ann") if isinstance(a, Place)))
    while state.pending and state.pending[-1].kind == "map_bonus":
        state = engine.apply(state, TakeMapBonus("Ann", None))
    return state


def test_any_1_cards_80_82_stack_to_rescue_more_cats() -> None:
    """ANY-1 (publisher's clarification): with two cards 80-82 a player may play both and rescue 3 cats with one
    rescue, each cat paid with fish and a basket; a second card is no longer refused while the first waits."""
    state = _rescue_turns((80, 81, 43), left=(BLUE_I, RED_T, BLUE_X))
    state = state.update_player("Ann", full_baskets=2, fish=20)
    state = _play(state, 80)
    state = _play(state, 81)
    assert state.player("Ann").extra_rescues == 2
    state = _finish_placing(engine.apply(state, Rescue("Ann", "left", BLUE_I.id)))
    assert state.pending[-1].kind == "extra_rescue" and state.player("Ann").extra_rescues == 1
    state = _finish_placing(engine.apply(state, Rescue("Ann", "left", RED_T.id)))
    assert state.pending[-1].kind == "extra_rescue" and state.player("Ann").extra_rescues == 0
    state = _finish_placing(engine.apply(state, Rescue("Ann", "right", GREEN_S.id)))
    ann = state.player("Ann")
    assert state.pending == () and len(ann.boat.tiles) == 3 and ann.fish == 20 - 3 - 3 - 5
    assert state.players[state.turn].name == "Ben"
    check_invariants(state)


def test_any_1_card_80_played_between_the_cats_adds_one_and_declining_ends_the_rescue() -> None:
    """ANY-1: a card 80-82 played between the cats of a rescue adds a cat to that rescue; declining one cat ends
    the rescue, with every further cat the cards allowed."""
    state = _rescue_turns((80, 81), left=(BLUE_I, RED_T, BLUE_X))
    state = state.update_player("Ann", full_baskets=2, fish=20)
    state = _finish_placing(engine.apply(_play(state, 80), Rescue("Ann", "left", BLUE_I.id)))
    state = _play(state, 81)
    assert state.player("Ann").extra_rescues == 1 and "this rescue" in state.log[-1].text
    state = _finish_placing(engine.apply(state, Rescue("Ann", "left", RED_T.id)))
    assert state.pending[-1].kind == "extra_rescue"
    state = engine.apply(state, Pass("Ann"))
    assert state.pending == () and state.player("Ann").extra_rescues == 0
    assert state.players[state.turn].name == "Ben"


def test_any_1_anytime_cards_between_the_two_cats_of_card_80() -> None:
    """ANY-1: the second cat of card 80-82 is a rescue of its own, so anytime cards may be played between the two
    cats, by the rescuer and by the others (the publisher's card-76 example: the first cat uses the permanent
    basket, card 76 discards that used basket for 5 fish, the second cat uses the card basket)."""
    state = _rescue_turns((80, 76, 43))
    state = set_hand(state, "Ben", (85,))
    state = state.update_player("Ann", full_baskets=1, fish=10)
    state = _finish_placing(engine.apply(_play(state, 80), Rescue("Ann", "left", BLUE_I.id, "permanent")))
    assert state.pending[-1].kind == "extra_rescue" and engine.awaiting(state) == ("Ann",)
    assert PlayAnytime("Ben", 85) in engine.legal_actions(state, "Ben")
    ben_80 = engine.apply(set_hand(state, "Ben", (81,)), PlayAnytime("Ben", 81))
    assert ben_80.player("Ben").extra_rescues == 1 and "the next rescue" in ben_80.log[-1].text  # Ben's own rescue
    state = engine.apply(state, PlayAnytime("Ben", 85))
    assert state.player("Ben").permanent_baskets == 2 and state.pending[-1].kind == "extra_rescue"
    fish = _fish(state)
    state = _play(state, 76)
    ann = state.player("Ann")
    assert ann.fish == fish + 5 and ann.permanent_baskets == 0 and ann.baskets_available == 1
    state = _finish_placing(engine.apply(state, Rescue("Ann", "right", GREEN_S.id)))
    assert state.pending == () and len(state.player("Ann").boat.tiles) == 2
    check_invariants(state)


def test_any_1_card_81_with_one_basket_says_why_before_it_is_played() -> None:
    """ANY-1 / RESCUE-5: card 81 may be played with a single basket (a basket may still be gained between the
    cats), but each cat needs its own basket, so the player is told before playing it that it gives nothing now."""
    state = _rescue_turns((81,))
    assert PlayAnytime("Ann", 81) in engine.legal_actions(state, "Ann")
    warning = caution(player_view(state, "Ann"), 81)
    assert warning is not None and "1 basket" in warning and "each cat needs its own" in warning
    assert caution(player_view(state.update_player("Ann", full_baskets=1), "Ann"), 81) is None
    assert caution(player_view(state, "Ann"), 84) is None


# ==== ANY-1..3 ==========================================================================================
def test_any_1_no_anytime_card_while_a_decision_is_pending() -> None:
    """ANY-1: an anytime card cannot be played in the middle of resolving another action (by anyone)."""
    state = _rescue_turns((84,))
    state = set_hand(state, "Ben", (85,))
    state = engine.apply(state, Rescue("Ann", "left", BLUE_I.id))
    assert state.pending
    assert engine.legal_actions(state, "Ben") == []
    assert not any(isinstance(a, PlayAnytime) for a in engine.legal_actions(state, "Ann"))
    _refused(state, PlayAnytime("Ben", 85), "ANY-1")
    _refused(state, PlayAnytime("Ann", 84), "ANY-1")


def test_any_2_playable_between_actions_by_a_non_active_player() -> None:
    """ANY-2: between any two actions of a day, every player holding an anytime card may play it."""
    state = _explore((84,))
    state = set_hand(state, "Ben", (85,))
    state = engine.apply(state, DraftPick("Ann", state.player("Ann").pack[:2]))
    assert engine.awaiting(state) == ("Ben",)
    assert PlayAnytime("Ann", 84) in engine.legal_actions(state, "Ann")
    state = engine.apply(state, PlayAnytime("Ann", 84))
    assert state.player("Ann").permanent_baskets == 2 and engine.awaiting(state) == ("Ben",)
    state = to_phase(state, "rare_finds", policy=passive_policy)
    state = set_hand(state, "Ben", (85,))
    turn = state.turn
    waiting = state.players[turn].name
    other = "Ben" if waiting == "Ann" else "Ann"
    state = set_hand(state, other, (85,))
    state = engine.apply(state, PlayAnytime(other, 85))
    assert state.turn == turn and state.player(other).permanent_baskets >= 2


def test_any_3_anytime_card_must_be_held() -> None:
    """ANY-3 / ANY-1: only an anytime card in the player's own hand can be played as one."""
    state = _explore((84,))
    _refused(state, PlayAnytime("Ben", 84), "ANY-1")
    _refused(set_hand(state, "Ann", (98,)), PlayAnytime("Ann", 98), "ANY-1")
    _refused(state, PlayAnytime("Ann", "84"), "DAY-2")  # malformed: a card id is a number


def test_any_no_anytime_card_after_the_game() -> None:
    """ANY-1: anytime cards belong to the days of the game; after day 5 none can be played."""
    state = to_phase(new_state(2), "over", policy=passive_policy)
    state = set_hand(state, "Ann", (84,))
    assert engine.legal_actions(state, "Ann") == []
    _refused(state, PlayAnytime("Ann", 84), "END-2")
