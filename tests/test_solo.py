"""The solo game against the sister (SOLO-1..12): one test group per rule, on hand-built states.

States come from :func:`engine.new_game` and are changed with ``dataclasses.replace``. Tiles are only moved
between places (bag, fields, display, supply, box), never invented, so the tile count stays 160 and the checks that
"a removed tile goes to the box and nowhere else" are exact. Basket cards are the real ones (variants-data §A.3).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

from isle_nb import Game, GreedyBot, IllegalAction, RandomBot, play
from isle_nb.model.isle import engine, results
from isle_nb.model.isle.actions import (
    Action,
    Buy,
    ChooseRescueCards,
    DraftPick,
    Pass,
    Place,
    PlayAnytime,
    PlayOshax,
    Rescue,
)
from isle_nb.model.isle.frames import tile_locations
from isle_nb.model.isle.game import UndoRefused
from isle_nb.model.isle.hidden import card_locations
from isle_nb.model.isle.phases import solo
from isle_nb.model.isle.state import SISTER, GameState, draw_tile
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.boat_analysis import scoring_families
from isle_nb.model.parts.cards import (
    SoloAction,
    card,
    discovery_card_ids,
    solo_advanced_lesson_ids,
    solo_basket_ids,
    solo_colour_ids,
    solo_lesson_ids,
)
from isle_nb.model.parts.scoring import Score, ScoreRow, score_boat, score_sister, solo_winner
from isle_nb.model.parts.tiles import COLOURS, Tile, all_cats, all_oshax

NAME = "Ann"
CATS = all_cats()
DIFFICULTIES = {"easy": 0, "medium": 1, "hard": 2, "very hard": 3, "expert": 4}


# ==== helpers =================================================================================================
def new(seed: int = 0, difficulty: str = "easy") -> GameState:
    return engine.new_game((NAME,), seed, "solo", difficulty)


def with_sister(state: GameState, **changes: object) -> GameState:
    assert state.sister is not None
    return replace(state, sister=replace(state.sister, **changes))  # type: ignore[arg-type]


def deck_first(state: GameState, *cards: int) -> GameState:
    """The sister's basket deck with ``cards`` on top (in this order), the other cards after them."""
    assert state.sister is not None
    pool = state.sister.deck + state.sister.used + state.sister.cards
    rest = tuple(c for c in sorted(solo_basket_ids()) if c not in cards and c in pool)
    return with_sister(state, deck=tuple(cards) + rest)


def arrange(state: GameState, left=(), right=(), rare=()) -> GameState:
    """Fields and rare display exactly as given; the tiles that lay there go back to the bag."""
    pool = state.bag + state.left_field + state.right_field + state.rare_display
    wanted = (*left, *right, *rare)
    assert all(t in pool for t in wanted), "arrange only moves tiles from the bag, fields and display"
    bag = tuple(t for t in pool if t not in wanted)
    return replace(state, bag=bag, left_field=tuple(left), right_field=tuple(right), rare_display=tuple(rare))


def oshax_row(state: GameState, shapes: tuple[int, ...]) -> GameState:
    """The Oshax beside the island in this order; the others go to the box."""
    row = tuple(Tile.oshax(s) for s in shapes)
    rest = tuple(t for t in all_oshax() if t not in row)
    box = tuple(t for t in state.box if t.kind != "oshax") + rest
    return replace(state, oshax_supply=row, box=box)


def give_hand(state: GameState, cards: tuple[int, ...]) -> GameState:
    """Move discovery cards from the deck or discard pile into the player's hand."""
    def drop(items: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(c for c in items if c not in cards)

    player = state.player(NAME)
    state = replace(state, deck=drop(state.deck), discard=drop(state.discard))
    return state.update_player(NAME, hand=drop(player.hand) + tuple(cards))


def step(state: GameState) -> GameState:
    """Apply the first legal action (no anytime cards): keep the first cards, buy nothing, pass."""
    name = engine.awaiting(state)[0]
    actions = [a for a in engine.legal_actions(state, name) if not isinstance(a, PlayAnytime)]
    passes = [a for a in actions if isinstance(a, Pass)]
    return engine.apply(state, passes[0] if passes else actions[0])


def to_moment(state: GameState, phase: str, step_name: str, day: int | None = None) -> GameState:
    for _ in range(2000):
        if state.phase == phase and state.step == step_name and not state.pending and (day is None or state.day == day):
            return state
        assert not state.over
        state = step(state)
    raise AssertionError("never reached")


def rescue_choose(seed: int = 0, difficulty: str = "easy") -> GameState:
    return to_moment(new(seed, difficulty), "rescue", "choose")


def tile_ids(state: GameState) -> Counter[str]:
    return Counter(t.id for t, _, _ in tile_locations(state))


def moved_to_box(before: GameState, after: GameState) -> list[str]:
    """Tile ids that are in the box after but not before (and the tile total is unchanged)."""
    assert tile_ids(before) == tile_ids(after), "a tile appeared or vanished"
    old = {t.id for t in before.box}
    return [t.id for t in after.box if t.id not in old]


def sister_log(state: GameState, since: GameState | None = None) -> list[str]:
    start = len(since.log) if since is not None else 0
    return [e.text for e in state.log[start:] if e.player == SISTER]


def cats_on(boat: Boat, tiles: list[Tile]) -> Boat:
    """Place tiles one after the other, each touching the ones before (first legal spot)."""
    for tile in tiles:
        boat = boat.place(tile, boat.legal_placements(tile, must_touch=bool(boat.tiles))[0])
    return boat


def scattered(boat: Boat, tiles: list[Tile]) -> Boat:
    """Place tiles at the first free spot, touch rule ignored (positions do not matter for the test)."""
    for tile in tiles:
        boat = boat.place(tile, boat.legal_placements(tile, must_touch=False)[0], must_touch=False)
    return boat


def resolve(state: GameState, action: SoloAction) -> tuple[GameState, str]:
    return solo.resolve_action(state, action)


CAT = lambda n: SoloAction("cat", n=n)  # noqa: E731
RARE = lambda n: SoloAction("rare", n=n)  # noqa: E731
OSHAX = lambda n: SoloAction("oshax", n=n)  # noqa: E731
SWAP = lambda a, b: SoloAction("swap", a=a, b=b)  # noqa: E731


# ==== SOLO-1: one boat, the Oshax row ===========================================================================
def test_solo_1_one_player_one_boat() -> None:
    """SOLO-1: the solo game has exactly one player and one boat; the sister sits in the turn order after them."""
    state = new(3)
    assert [p.name for p in state.players] == [NAME]
    assert state.players[0].boat.tiles == ()
    assert state.turn_order == (0, 1) and state.sister_seat == 1 and state.seat_name(1) == SISTER
    assert state.mode == "solo" and state.sister is not None


@pytest.mark.parametrize("names", [("Ann", "Ben"), ()])
def test_solo_1_refuses_other_player_counts(names: tuple[str, ...]) -> None:
    """SOLO-1: the solo game is for exactly 1 player."""
    with pytest.raises(IllegalAction) as error:
        engine.new_game(names, 0, "solo")
    assert error.value.rule == "SOLO-1"


def test_solo_1_oshax_lie_in_a_random_row() -> None:
    """SOLO-1: the 6 Oshax lie beside the island in a random row (a permutation of all 6, fixed by the seed)."""
    rows = {new(seed).oshax_supply for seed in range(8)}
    for row in rows:
        assert sorted(t.id for t in row) == sorted(t.id for t in all_oshax())
    assert len(rows) > 1, "the row is shuffled"
    assert new(5).oshax_supply == new(5).oshax_supply


def test_solo_1_oshax_n_is_counted_from_the_left_and_renumbered() -> None:
    """SOLO-1, SOLO-8: `Oshax n` removes the n-th Oshax from the left; the rest are renumbered, not moved."""
    state = oshax_row(new(), (305, 300, 303, 301, 304, 302))
    after, text = resolve(state, OSHAX(3))
    assert [t.shape for t in after.oshax_supply] == [305, 300, 301, 304, 302]
    assert moved_to_box(state, after) == ["oshax:303"]
    assert text.startswith("Oshax 3: ")
    again, _ = resolve(after, OSHAX(3))  # the former Oshax 4 is now Oshax 3
    assert [t.shape for t in again.oshax_supply] == [305, 300, 304, 302]


# ==== SOLO-2: the sister's setup ===============================================================================
@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
def test_solo_2_sister_setup_by_difficulty(difficulty: str) -> None:
    """SOLO-2: 5 colour cards in a row with the first face up, 3 basic solo lessons plus 0/1/2/3/4 advanced ones for
    easy/medium/hard/very hard/expert, and the 23 basket cards shuffled."""
    for seed in range(3):
        sister = new(seed, difficulty).sister
        assert sister is not None and sister.difficulty == difficulty
        assert sorted(sister.colour_row) == sorted(COLOURS)
        assert sorted(sister.colour_row) == sorted(card(c).colour for c in solo_colour_ids())
        assert sister.colours_revealed == 1 and sister.revealed_colours == sister.colour_row[:1]
        basic, advanced = sister.lessons[:3], sister.lessons[3:]
        assert set(basic) <= set(solo_lesson_ids()) and len(set(basic)) == 3
        assert set(advanced) <= set(solo_advanced_lesson_ids()) and len(set(advanced)) == DIFFICULTIES[difficulty]
        assert sorted(sister.deck) == list(range(174, 197)) and len(sister.deck) == 23
        assert sister.cards == () and sister.used == ()


def test_solo_2_setup_is_random_but_seeded() -> None:
    """SOLO-2: colours, lessons and basket deck are shuffled; the same seed gives the same sister."""
    sisters = [new(seed, "expert").sister for seed in range(6)]
    assert len({s.colour_row for s in sisters}) > 1
    assert len({s.deck for s in sisters}) > 1
    assert len({s.lessons for s in sisters}) > 1
    assert new(4, "expert").sister == new(4, "expert").sister


@pytest.mark.parametrize("difficulty", ["impossible", "Easy", "", "very_hard"])
def test_solo_2_unknown_difficulty_is_refused(difficulty: str) -> None:
    """SOLO-2: the difficulties are easy, medium, hard, very hard and expert."""
    with pytest.raises(IllegalAction) as error:
        Game.new([NAME], mode="solo", difficulty=difficulty)
    assert error.value.rule == "SOLO-2"


def test_solo_2_setup_log_names_her_first_colour_and_lessons() -> None:
    """SOLO-2: the sister's face-up colour and her lessons are public: the log says them."""
    state = new(2, "hard")
    first = state.log[0].text
    assert state.sister is not None
    assert state.sister.colour_row[0] in first and all(f"#{c}" in first for c in state.sister.lessons)


# ==== SOLO-3: fields of 4 + 4, numbered Cat 1-8; the rare row ====================================================
@pytest.mark.parametrize("seed", range(6))
def test_solo_3_first_four_cats_left_next_four_right(seed: int) -> None:
    """SOLO-3: tiles are drawn one at a time; the first 4 cats go left, the next 4 right; rare treasures go to the
    display in the order drawn and do not count."""
    before = solo.new_state(NAME, seed, "easy")
    replay, drawn = before, []
    while sum(t.kind == "cat" for t in drawn) < 8:
        replay, tile = draw_tile(replay)
        drawn.append(tile)
    cats = [t for t in drawn if t.kind == "cat"]
    state = new(seed)
    assert list(state.left_field) == cats[:4] and list(state.right_field) == cats[4:]
    assert list(state.rare_display) == [t for t in drawn if t.kind == "rare"]
    assert list(solo.cat_row(state)) == cats  # Cat 1..8 from left to right across both fields
    assert len(state.bag) == 110 - len(drawn)


def test_solo_3_cat_numbers_run_across_both_fields() -> None:
    """SOLO-3: Cat 5 is the first cat of the right field."""
    state = arrange(new(), CATS[0:4], CATS[10:14])
    after, _ = resolve(state, CAT(5))
    assert moved_to_box(state, after) == [CATS[10].id]
    assert after.left_field == CATS[0:4] and after.right_field == CATS[11:14]


def test_solo_3_rare_treasures_stack_by_shape_one_number_per_stack() -> None:
    """SOLO-3: a rare treasure of a shape already in the row is stacked on it; each stack has one number."""
    L0, L1 = Tile.rare("L", 0), Tile.rare("L", 1)
    T0, T1 = Tile.rare("T", 0), Tile.rare("T", 1)
    S0 = Tile.rare("S", 0)
    state = arrange(new(), CATS[0:4], CATS[4:8], (L0, T0, L1, S0, T1))
    assert solo.rare_stacks(state) == [[L0, L1], [T0, T1], [S0]]
    after, text = resolve(state, RARE(2))  # one tile of the T stack: the top one
    assert moved_to_box(state, after) == [T1.id]
    assert solo.rare_stacks(after) == [[L0, L1], [T0], [S0]] and text.startswith("Rare 2: ")
    again, _ = resolve(after, RARE(2))  # the T stack is now empty: S becomes Rare 2
    assert solo.rare_stacks(again) == [[L0, L1], [S0]]
    third, _ = resolve(again, RARE(2))
    assert solo.rare_stacks(third) == [[L0, L1]]


def test_solo_3_rare_treasures_left_from_earlier_days_keep_their_place_in_the_row() -> None:
    """SOLO-3: a rare treasure still on display from an earlier day keeps its number; a new one of its shape stacks
    on it."""
    state = to_moment(new(1), "explore", "draft", day=2)
    assert state.rare_display, "seed 1 has rare treasures on display on day 2"
    stacks = solo.rare_stacks(state)
    shapes = [stack[0].shape for stack in stacks]
    assert len(shapes) == len(set(shapes))
    assert sum(len(s) for s in stacks) == len(state.rare_display)
    first_seen = list(dict.fromkeys(t.shape for t in state.rare_display))
    assert shapes == first_seen


# ==== SOLO-4: explore: keep 3 of 5 twice, then the top card ======================================================
def test_solo_4_draft_keep_three_of_five_twice_then_the_top_card() -> None:
    """SOLO-4: 5 cards, keep 3 (the other 2 are discarded); again; then the top card of the deck: 7 drafted cards."""
    state = new(2)
    me = state.player(NAME)
    assert len(me.pack) == 5 and state.step == "draft"
    assert len(engine.legal_actions(state, NAME)) == len(list(combinations(me.pack, 3)))
    first_keep = me.pack[:3]
    discard0 = state.discard
    state = engine.apply(state, DraftPick(NAME, first_keep))
    me = state.player(NAME)
    assert me.drafted == first_keep and len(me.pack) == 5 and state.step == "draft"
    assert set(state.discard) - set(discard0) == set(engine.new_game((NAME,), 2, "solo").players[0].pack[3:])
    second_keep = me.pack[1:4]
    second_discard = {me.pack[0], me.pack[4]}
    top = state.deck[0]
    state = engine.apply(state, DraftPick(NAME, second_keep))
    me = state.player(NAME)
    assert me.drafted == first_keep + second_keep + (top,)
    assert len(me.drafted) == 7 and me.pack == () and state.step == "buy"
    assert second_discard <= set(state.discard) and len(state.discard) == len(discard0) + 4


@pytest.mark.parametrize("count", [2, 4, 5, 0])
def test_solo_4_keep_exactly_three(count: int) -> None:
    """SOLO-4: keeping any other number than 3 is refused and changes nothing."""
    state = new(2)
    cards = state.player(NAME).pack[:count]
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, DraftPick(NAME, cards))
    assert error.value.rule == "SOLO-4"
    assert engine.apply(state, DraftPick(NAME, state.player(NAME).pack[:3])) != state


def test_solo_4_buying_works_as_explore_5() -> None:
    """SOLO-4, EXPLORE-5: any affordable subset of the 7 drafted cards is bought for its fish; the rest are
    discarded."""
    state = to_moment(new(4), "explore", "buy")
    drafted = (55, 84, 15, 43, 98, 1, 73)  # costs 3 6 0 2 2 5 1 = 19
    old = state.player(NAME).drafted
    state = replace(
        state,
        deck=tuple(c for c in state.deck if c not in drafted),
        discard=tuple(c for c in state.discard if c not in drafted) + tuple(c for c in old if c not in drafted),
    )
    hand = tuple(c for c in state.player(NAME).hand if c not in drafted)
    state = state.update_player(NAME, drafted=drafted, hand=hand)
    assert sorted(c for c, _, _ in card_locations(state)) == list(discovery_card_ids())
    state = state.update_player(NAME, fish=10)
    fish = 10
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, Buy(NAME, (55, 84, 1)))  # 14 fish
    assert error.value.rule == "EXPLORE-5"
    discard = state.discard
    after = engine.apply(state, Buy(NAME, (55, 15, 98)))  # 3 + 0 + 2
    assert after.player(NAME).fish == fish - 5
    assert set(after.player(NAME).hand) >= {55, 15, 98}
    assert after.discard == (*discard, 84, 43, 1, 73)


# ==== SOLO-5: public lessons score half, rounded up; card 121 needs 7 ============================================
def test_solo_5_public_lessons_are_played_in_the_solo_game() -> None:
    """SOLO-5, LESSON-1: a public lesson bought in the solo game is played face up."""
    state = to_moment(new(3), "explore", "buy")
    state = replace(
        state, deck=tuple(c for c in state.deck if c != 150), discard=tuple(c for c in state.discard if c != 150)
    )
    state = state.update_player(NAME, drafted=(150,), fish=20)
    state = engine.apply(state, Buy(NAME, (150,)))
    assert state.public_lessons == ((150, None),)
    assert 150 not in state.player(NAME).hand


def test_solo_5_public_lessons_score_half_rounded_up() -> None:
    """SOLO-5: only the player scores public lessons, at half their points rounded up (25 -> 13)."""
    state = replace(new(), public_lessons=((150, None),))  # 5 per uncovered map; an empty boat has 5 maps
    boat = state.player(NAME).boat
    assert score_boat(boat, public_lessons=[150])["public_lessons"] == 25
    assert results.score_player(state, NAME)["public_lessons"] == 13
    assert score_boat(boat, public_lessons=[150], mode="solo")["public_lessons"] == 13
    assert "public_lessons" not in results.score_player(state, SISTER).categories


def test_solo_5_public_lessons_even_points_are_exactly_halved() -> None:
    """SOLO-5: 2 per private lesson with 3 private lessons: 6 -> 3."""
    state = replace(new(), public_lessons=((147, None),))
    state = state.update_player(NAME, private_lessons=(113, 114, 115))
    assert results.score_player(state, NAME)["public_lessons"] == 3


@pytest.mark.parametrize(("size", "points"), [(6, 0), (7, 10), (8, 10)])
def test_solo_5_card_121_needs_a_family_of_seven(size: int, points: int) -> None:
    """SOLO-5: "largest family" (card 121) needs a family of at least 7 cats in the solo game."""
    boat = cats_on(Boat("A"), [Tile.cat("blue", s) for s in range(400, 400 + size)])
    assert [f.size for f in scoring_families(boat)] == [size]
    state = new().update_player(NAME, boat=boat, private_lessons=(121,))
    assert results.score_player(state, NAME)["private_lessons"] == points
    assert score_boat(boat, private_lessons=[121])["private_lessons"] == 10  # the standard game: no minimum


# ==== SOLO-6: the first basket card: how many cards, her speed, the turn order ===================================
@pytest.mark.parametrize(("first", "count", "speed"), [(174, 1, 0), (177, 2, 1), (176, 3, 0), (178, 4, 1), (195, 3, 9)])
def test_solo_6_first_card_sets_number_of_cards_and_speed(first: int, count: int, speed: int) -> None:
    """SOLO-6: the revealed card's basket number N is how many cards she plays today (N-1 more drawn face down);
    its speed is her speed."""
    state = deck_first(rescue_choose(), first, 183, 184, 185)
    deck = state.sister.deck
    state = replace(state, turn_order=(1, 0))  # she goes first on ties: her first card resolves at once
    after = engine.apply(state, ChooseRescueCards(NAME, ()))
    assert after.sister.cards == deck[:count] and after.sister.deck == deck[count:]
    assert after.sister.speed == speed
    assert after.sister.resolved >= 1
    cards = "1 card" if count == 1 else f"{count} cards"
    assert f"reveals basket card #{first}: she plays {cards} today at speed {speed}" in sister_log(after)[0]


def test_solo_6_faster_sister_goes_first_and_resolves_her_card_at_once() -> None:
    """SOLO-6, RESCUE-2: speed 9 (card 194) beats the player's 0: she is first and resolves Swap 2,5; Cat 1 before
    the player's first turn."""
    state = arrange(deck_first(rescue_choose(), 194, 174, 175, 176), CATS[0:4], CATS[4:8])
    after = engine.apply(state, ChooseRescueCards(NAME, ()))
    assert after.turn_order == (1, 0) and after.turn == 0
    # row c0..c7; Swap 2,5 -> c0 c4 c2 c3 | c1 c5 c6 c7; Cat 1 -> c4 c2 c3 | c1 c5 c6 c7
    assert after.left_field == (CATS[4], CATS[2], CATS[3])
    assert after.right_field == (CATS[1], CATS[5], CATS[6], CATS[7])
    assert after.sister.resolved == 1
    order_line = [e.text for e in after.log if "turn order by speed" in e.text][-1]
    assert order_line.startswith(f"turn order by speed: {SISTER} > {NAME}")


def test_solo_6_faster_player_goes_first() -> None:
    """SOLO-6, RESCUE-2: rescue cards with speed 8 (cards 7, 8) beat her speed 7 (card 193)."""
    state = deck_first(give_hand(rescue_choose(), (7, 8)), 193, 174, 175)
    state = replace(state, turn_order=(1, 0))
    after = engine.apply(state, ChooseRescueCards(NAME, (7, 8)))
    assert after.player(NAME).speed == 8 and after.sister.speed == 7
    assert after.turn_order == (0, 1) and after.turn == 0 and after.sister.resolved == 0


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_solo_6_equal_speed_keeps_the_previous_order(order: tuple[int, int]) -> None:
    """SOLO-6, RESCUE-2: with equal speed (4 = card 7 against card 188) the previous turn order stays."""
    state = deck_first(give_hand(rescue_choose(), (7,)), 188, 174, 175, 176)
    state = replace(state, turn_order=order)
    after = engine.apply(state, ChooseRescueCards(NAME, (7,)))
    assert after.player(NAME).speed == after.sister.speed == 4
    assert after.turn_order == order
    assert after.sister.resolved == (1 if order[0] == 1 else 0)


def test_solo_6_zero_speed_tie_on_day_one_player_first() -> None:
    """SOLO-6: at the start the player is ahead of the sister in turn order, so on a tie (no cards, card 174)
    the player goes first."""
    state = deck_first(rescue_choose(), 174)
    after = engine.apply(state, ChooseRescueCards(NAME, ()))
    assert after.turn_order == (0, 1) and after.turn == 0 and after.sister.resolved == 0


# ==== SOLO-7: her turns; the player passing =====================================================================
def test_solo_7_a_day_of_turns_card_by_card_then_all_after_the_pass() -> None:
    """SOLO-7, SOLO-8: her first turn resolves the revealed card, each later turn reveals the next; when the player
    passes, all her remaining cards are revealed and resolved; speed and baskets of later cards are ignored."""
    state = arrange(deck_first(rescue_choose(), 178, 177, 174, 175), CATS[0:4], CATS[4:8])
    common = Counter(t.shape for t in state.common_supply)
    state = engine.apply(state, ChooseRescueCards(NAME, ()))
    # 178 (speed 1, 4 cards) beats 0: Cat 2 (c1) to the box, one L3 common treasure to the box
    assert state.sister.cards == (178, 177, 174, 175) and state.sister.speed == 1 and state.turn == 0
    assert solo.cat_row(state) == (CATS[0], CATS[2], CATS[3], *CATS[4:8])
    assert Counter(t.shape for t in state.common_supply)["L3"] == common["L3"] - 1
    # the player rescues c4 (Cat 4, first cat of the right field)
    state = engine.apply(state, Rescue(NAME, "right", CATS[4].id))
    before = state
    state = engine.apply(state, engine.legal_actions(state, NAME)[0])  # place it
    # her 2nd turn: reveal 177 (Cat 4; Cat 3): Cat 4 = c5, then Cat 3 = c3
    assert moved_to_box(before, state) == [CATS[5].id, CATS[3].id]
    assert state.left_field == (CATS[0], CATS[2]) and state.right_field == (CATS[6], CATS[7])
    assert state.sister.resolved == 2 and state.sister.speed == 1 and state.turn == 0
    assert "reveals basket card #177" in sister_log(state, before)[0]
    # the player passes: 174 (Cat 5 -> last = c7; Cat 4 -> last = c6) and 175 (Cat 6 -> last = c2; 1x1)
    before = state
    state = engine.apply(state, Pass(NAME))
    assert moved_to_box(before, state) == [CATS[7].id, CATS[6].id, CATS[2].id, state.box[-1].id]
    assert state.box[-1].kind == "common" and state.box[-1].shape == "1x1"
    assert state.phase == "rare_finds" and state.left_field == (CATS[0],) and state.right_field == ()
    assert state.sister.done and state.sister.resolved == 4
    log = sister_log(state, before)
    revealed = [line for line in log if line.startswith("reveals")]
    assert revealed == ["reveals basket card #174", "reveals basket card #175"]


def test_solo_7_when_her_cards_run_out_the_player_takes_every_turn() -> None:
    """SOLO-7: with one card (174) she is done after her first turn; the player then rescues turn after turn."""
    state = arrange(deck_first(give_hand(rescue_choose(), (43, 44)), 174), CATS[0:4], CATS[4:8])
    state = engine.apply(state, ChooseRescueCards(NAME, (43, 44)))
    assert state.turn == 0 and state.sister.cards == (174,)
    for _ in range(2):
        tile = state.left_field[0]
        state = engine.apply(state, Rescue(NAME, "left", tile.id))
        state = engine.apply(state, engine.legal_actions(state, NAME)[0])
    # first rescue: c0, then she resolved 174 (Cat 5 = c5, Cat 4 = c4), then the second rescue took c1
    assert state.sister.done and state.turn == 0 and state.phase == "rescue"
    assert state.left_field == (CATS[2], CATS[3]) and state.right_field == (CATS[6], CATS[7])


def test_solo_7_fields_emptied_ends_the_phase_and_her_cards_still_resolve() -> None:
    """SOLO-7, RESCUE-6: when the fields are empty the phase ends; her remaining cards are still resolved (their
    Cat keywords find nothing, the others act)."""
    state = arrange(deck_first(rescue_choose(), 174, 177), (CATS[0],), ())
    state = deck_first(state, 178, 174, 177, 176)  # 4 cards: Cat 2 (-> last = c0), L3; 174; 177; Cat 3, Oshax 3
    oshax = state.oshax_supply
    state = replace(state, turn_order=(1, 0))
    after = engine.apply(state, ChooseRescueCards(NAME, ()))
    assert after.phase == "rare_finds" and after.sister.resolved == 4
    assert after.oshax_supply == oshax[:2] + oshax[3:]
    assert any("no cat is left, nothing happens" in line for line in sister_log(after))


def test_solo_7_undo_cannot_cross_her_revealed_cards() -> None:
    """SOLO-7: a basket card turned face up is hidden information made known: undo is refused after it."""
    game = Game(deck_first(rescue_choose(), 178, 177, 174, 175))
    game.apply(ChooseRescueCards(NAME, ()))
    game.apply(Pass(NAME))
    assert game.state.sister.resolved == 4
    assert not game.can_undo
    with pytest.raises(UndoRefused):
        game.undo()


def test_solo_7_view_shows_only_her_revealed_cards() -> None:
    """SOLO-6, SOLO-7: the player sees her revealed cards and how many are still face down, not which."""
    game = Game(deck_first(rescue_choose(), 178, 177, 174, 175))
    game.apply(ChooseRescueCards(NAME, ()))
    shown = game.view(NAME)["sister"]
    assert shown["cards_today"] == [178] and shown["face_down_today"] == 3 and shown["speed"] == 1
    assert shown["colours"] == list(game.state.sister.revealed_colours)
    assert len(shown["colours"]) == 1
    text = json.dumps(shown)
    assert all(str(c) not in text for c in (177, 174, 175))


# ==== SOLO-8: every keyword ======================================================================================
def test_solo_8_cat_n_removes_that_cat_and_renumbers_without_moving() -> None:
    """SOLO-8: `Cat n` boxes cat n; the others are renumbered but stay in their fields (card 187: Cat 1; Cat 5)."""
    state = arrange(new(), CATS[0:4], CATS[4:8])
    state = with_sister(state, cards=(187,), resolved=0)
    after = solo.take_turn(state)
    # Cat 1 = c0 leaves; then Cat 5 is what was Cat 6 (c5), the second cat of the right field
    assert moved_to_box(state, after) == [CATS[0].id, CATS[5].id]
    assert after.left_field == CATS[1:4] and after.right_field == (CATS[4], CATS[6], CATS[7])
    assert after.sister.resolved == 1


@pytest.mark.parametrize(
    ("card_id", "boxed"),
    [(174, (4, 3)), (177, (3, 2)), (189, (5, 0)), (191, (4, 1)), (187, (0, 5))],
)
def test_solo_8_two_cat_keywords_resolve_top_to_bottom(card_id: int, boxed: tuple[int, int]) -> None:
    """SOLO-8: keywords resolve top to bottom, renumbering after each removal (174: Cat 5; Cat 4 takes c4 then c3)."""
    state = with_sister(arrange(new(), CATS[0:4], CATS[4:8]), cards=(card_id,), resolved=0)
    after = solo.take_turn(state)
    assert moved_to_box(state, after) == [CATS[i].id for i in boxed]


def test_solo_8_swap_moves_cats_between_fields() -> None:
    """SOLO-8: `Swap 1,6` (card 192) exchanges Cat 1 (left) and Cat 6 (right); then Cat 2 is boxed."""
    state = with_sister(arrange(new(), CATS[0:4], CATS[4:8]), cards=(192,), resolved=0)
    after = solo.take_turn(state)
    assert after.left_field == (CATS[5], CATS[2], CATS[3])
    assert after.right_field == (CATS[4], CATS[0], CATS[6], CATS[7])
    assert moved_to_box(state, after) == [CATS[1].id]


def test_solo_8_rare_n_removes_one_tile_of_that_stack() -> None:
    """SOLO-8: `Rare n` removes one tile of stack n (card 179: Cat 5; Rare 4)."""
    rare = tuple(Tile.rare(shape, copy) for shape, copy in (("O", 0), ("I", 0), ("O", 1), ("S", 0), ("T", 0), ("T", 1)))
    state = with_sister(arrange(new(), CATS[0:4], CATS[4:8], rare), cards=(179,), resolved=0)
    after = solo.take_turn(state)
    assert moved_to_box(state, after) == [CATS[4].id, "rare:T:1"]
    assert [len(s) for s in solo.rare_stacks(after)] == [2, 1, 1, 1]


def test_solo_8_oshax_keyword_via_card() -> None:
    """SOLO-8: card 195 (Cat 8; Oshax 1) boxes the last cat and the leftmost Oshax."""
    state = oshax_row(arrange(new(), CATS[0:4], CATS[4:8]), (302, 300, 301, 303, 304, 305))
    state = with_sister(state, cards=(195,), resolved=0)
    after = solo.take_turn(state)
    assert moved_to_box(state, after) == [CATS[7].id, "oshax:302"]
    assert [t.shape for t in after.oshax_supply] == [300, 301, 303, 304, 305]


@pytest.mark.parametrize(("card_id", "shape"), [(175, "1x1"), (178, "L3"), (183, "1x2"), (185, "I3")])
def test_solo_8_common_treasure_icon_removes_one_of_that_shape(card_id: int, shape: str) -> None:
    """SOLO-8: the common-treasure icon removes one common treasure of its shape from the supply."""
    state = with_sister(arrange(new(), CATS[0:4], CATS[4:8]), cards=(card_id,), resolved=0)
    counts = Counter(t.shape for t in state.common_supply)
    after = solo.take_turn(state)
    new_counts = Counter(t.shape for t in after.common_supply)
    assert new_counts[shape] == counts[shape] - 1
    assert all(new_counts[s] == counts[s] for s in counts if s != shape)
    boxed = moved_to_box(state, after)
    assert len(boxed) == 2 and boxed[1].startswith(f"common:{shape}:")


def test_solo_8_every_basket_card_resolves_as_listed() -> None:
    """SOLO-8: all 23 cards, on full fields: each keyword removes exactly one tile (a swap removes none)."""
    rare = (Tile.rare("O", 0), Tile.rare("I", 0), Tile.rare("S", 0), Tile.rare("T", 0), Tile.rare("L", 0))
    base = arrange(new(), CATS[0:4], CATS[4:8], rare)
    for card_id in solo_basket_ids():
        state = with_sister(base, cards=(card_id,), resolved=0)
        after = solo.take_turn(state)
        actions = card(card_id).actions
        assert len(moved_to_box(state, after)) == sum(a.kind != "swap" for a in actions), card_id
        texts = sister_log(after, state)
        assert [t.split(":")[0] for t in texts] == [_keyword(a) for a in actions]


def _keyword(action: SoloAction) -> str:
    if action.kind == "swap":
        return f"Swap {action.a},{action.b}"
    if action.kind == "common":
        return f"Common treasure {action.shape}"  # a keyword, capitalised like the others
    return f"{action.kind.capitalize()} {action.n}"


# ==== SOLO-9: fallbacks ==========================================================================================
def test_solo_9_missing_cat_number_takes_the_last_cat() -> None:
    """SOLO-9: `Cat 8` with 5 cats left takes the last one (Cat 5), and says why."""
    state = arrange(new(), CATS[0:3], CATS[3:5])
    after, text = resolve(state, CAT(8))
    assert moved_to_box(state, after) == [CATS[4].id]
    assert after.left_field == CATS[0:3] and after.right_field == (CATS[3],)
    assert "there is no Cat 8" in text


def test_solo_9_missing_cat_with_an_empty_right_field_takes_the_last_left_cat() -> None:
    """SOLO-9: the last cat of the row may lie in the left field."""
    state = arrange(new(), CATS[0:3], ())
    after, _ = resolve(state, CAT(6))
    assert moved_to_box(state, after) == [CATS[2].id] and after.left_field == CATS[0:2]


@pytest.mark.parametrize("keyword", [CAT(1), CAT(8), RARE(1), RARE(4), SWAP(1, 6)])
def test_solo_9_empty_row_nothing_happens(keyword: SoloAction) -> None:
    """SOLO-9: with no tile in the row, nothing happens."""
    state = arrange(new(), (), (), ())
    after, text = resolve(state, keyword)
    assert after == state and "nothing happens" in text


def test_solo_9_missing_rare_number_takes_from_the_last_stack() -> None:
    """SOLO-9: `Rare 5` with 2 stacks uses the last stack."""
    rare = (Tile.rare("S", 0), Tile.rare("I", 0), Tile.rare("S", 1))
    state = arrange(new(), CATS[0:4], CATS[4:8], rare)
    after, text = resolve(state, RARE(5))
    assert moved_to_box(state, after) == ["rare:I:0"] and "there is no Rare 5" in text


def test_solo_9_missing_oshax_number_takes_the_last_and_none_left_does_nothing() -> None:
    """SOLO-9: `Oshax 5` with 3 Oshax left takes the last; with none left nothing happens."""
    state = oshax_row(new(), (304, 300, 302))
    after, text = resolve(state, OSHAX(5))
    assert moved_to_box(state, after) == ["oshax:302"] and "there is no Oshax 5" in text
    empty = oshax_row(new(), ())
    after, text = resolve(empty, OSHAX(1))
    assert after == empty and "nothing happens" in text


@pytest.mark.parametrize(
    ("count", "swap", "expected"),
    [
        (8, (1, 6), (5, 1, 2, 3, 4, 0, 6, 7)),  # both exist
        (4, (1, 6), (3, 1, 2, 0)),  # 6 missing -> the last cat (Cat 4)
        (3, (2, 5), (0, 2, 1)),  # 5 missing -> the last cat (Cat 3)
        (2, (2, 5), (1, 0)),  # 5 -> last = Cat 2, which is the other one: use the second-to-last
        (4, (6, 7), (0, 1, 3, 2)),  # both missing: the last and the second-to-last
    ],
)
def test_solo_9_swap_with_missing_numbers(count: int, swap: tuple[int, int], expected: tuple[int, ...]) -> None:
    """SOLO-9: a missing Swap number becomes the last cat, or the second-to-last if the last is already used."""
    row = CATS[:count]
    state = arrange(new(), row[:4], row[4:])
    after, _ = resolve(state, SWAP(*swap))
    assert solo.cat_row(after) == tuple(row[i] for i in expected)
    assert len(after.left_field) == min(count, 4)  # the cats change places, the fields keep their sizes
    assert tile_ids(after) == tile_ids(state)


@pytest.mark.parametrize("count", [0, 1])
def test_solo_9_swap_with_fewer_than_two_cats_does_nothing(count: int) -> None:
    """SOLO-9: `Swap` with fewer than 2 cats does nothing."""
    state = arrange(new(), CATS[:count], ())
    after, text = resolve(state, SWAP(2, 5))
    assert after == state and "fewer than 2 cats" in text


def test_solo_9_common_shape_out_of_supply_does_nothing() -> None:
    """SOLO-8, SOLO-9: the icon's shape is not in the supply any more: nothing happens (other shapes stay)."""
    state = new()
    gone = tuple(t for t in state.common_supply if t.shape == "I3")
    state = replace(state, common_supply=tuple(t for t in state.common_supply if t.shape != "I3"), box=state.box + gone)
    after, text = resolve(state, SoloAction("common", shape="I3"))
    assert after == state and "none left" in text


def test_solo_9_cards_on_nearly_empty_fields() -> None:
    """SOLO-9 with real cards: 195 (Cat 8; Oshax 1) on 1 cat takes it; 177 (Cat 4; Cat 3) on 1 cat takes it, then
    nothing."""
    state = with_sister(arrange(new(), (CATS[9],), ()), cards=(177,), resolved=0)
    after = solo.take_turn(state)
    assert moved_to_box(state, after) == [CATS[9].id] and solo.cat_row(after) == ()
    assert "no cat is left" in sister_log(after, state)[-1]


# ==== SOLO-10: rare finds ========================================================================================
def test_solo_10_the_sister_does_nothing_in_rare_finds() -> None:
    """SOLO-10: in rare finds only the player acts; when they pass the day ends without the sister touching the
    Oshax, the display or the supply."""
    state = to_moment(new(5), "rare_finds", "turns")
    assert engine.awaiting(state) == (NAME,) and state.turn == 0
    oshax, common = state.oshax_supply, state.common_supply
    after = engine.apply(state, Pass(NAME))
    assert after.day == 2 and after.oshax_supply == oshax and after.common_supply == common
    lines = [e.text for e in after.log[len(state.log):] if e.player == SISTER]
    assert len(lines) == 1 and lines[0].startswith("flips her next colour card")


def test_solo_10_oshax_cards_do_nothing_when_no_oshax_is_left() -> None:
    """SOLO-10, RARE-2: with no Oshax left an Oshax card cannot be played."""
    state = to_moment(new(5), "rare_finds", "turns")
    state = oshax_row(give_hand(state, (1,)), ())
    assert not [a for a in engine.legal_actions(state, NAME) if isinstance(a, PlayOshax)]
    with pytest.raises(IllegalAction) as error:
        engine.apply(state, PlayOshax(NAME, 1, 300))
    assert error.value.rule == "RARE-2"


# ==== SOLO-11: colour cards =====================================================================================
def test_solo_11_one_colour_card_flipped_after_each_of_days_1_to_4() -> None:
    """SOLO-11: 1 colour face up on day 1, 2 on day 2, ..., 5 on day 5 and at the end (left to right)."""
    state = new(6, "medium")
    row = state.sister.colour_row
    seen = {}
    while not state.over:
        seen.setdefault(state.day, state.sister.colours_revealed)
        state = step(state)
    assert seen == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
    assert state.sister.colours_revealed == 5 and state.sister.revealed_colours == row
    flips = [e.text for e in state.log if e.player == SISTER and e.text.startswith("flips")]
    assert flips == [f"flips her next colour card: {c} (SOLO-11)" for c in row[1:]]


# ==== SOLO-12: scoring ==========================================================================================
ORDER = ("red", "blue", "green", "orange", "purple")


def _scoring_boat() -> Boat:
    tiles = [
        Tile.cat("red", 400), Tile.cat("red", 401), Tile.cat("blue", 402), Tile.cat("green", 403),
        Tile.cat("green", 404), Tile.cat("green", 405), Tile.cat("purple", 406), Tile.oshax(300, "red"),
    ]
    return scattered(Boat("B"), tiles)


@pytest.mark.parametrize(("revealed", "points"), [(1, 15), (2, 19), (3, 28), (4, 28), (5, 29)])
def test_solo_12_sister_scores_5_4_3_2_1_per_cat_of_her_colours(revealed: int, points: int) -> None:
    """SOLO-12: 5/4/3/2/1 per cat of the 1st-5th revealed colour on the player's boat; an Oshax counts as its chosen
    colour (3 red incl. the red Oshax = 15, 1 blue = 4, 3 green = 9, 0 orange, 1 purple = 1)."""
    score = score_sister(_scoring_boat(), colour_order=ORDER[:revealed])
    assert score["colours"] == points and score.total == points


def test_solo_12_sister_lessons_score_on_the_players_boat() -> None:
    """SOLO-12: her lessons score from the player's boat: 200 (4 per unspent fish), 204 (her best other lesson
    again), 207 (3 per private lesson of the player)."""
    boat = _scoring_boat()
    score = score_sister(boat, colour_order=ORDER, solo_lessons=(200, 204, 207), fish=7, private_lesson_count=3)
    assert score["colours"] == 29 and score["solo_lessons"] == 28 + 28 + 9 and score.total == 94


def test_solo_12_state_scoring_uses_revealed_colours_fish_and_private_lessons() -> None:
    """SOLO-12: the game scores the sister from the state: revealed colours, her lessons, the player's fish and
    private lessons."""
    state = with_sister(new(), colour_row=ORDER, colours_revealed=5, lessons=(200, 207))
    state = state.update_player(NAME, boat=_scoring_boat(), fish=3, private_lessons=(113, 114))
    score = results.score_player(state, SISTER)
    assert score["colours"] == 29 and score["solo_lessons"] == 12 + 6
    frame = results.result_frame(state)
    row = frame.set_index("player").loc[SISTER]
    assert row["total"] == 47 and row["colours"] == 29 and row["rats"] == 0


def test_solo_12_sister_wins_ties() -> None:
    """SOLO-12: the sister wins ties; the player needs strictly more points."""
    assert solo_winner(30, 30) == "sister"
    assert solo_winner(31, 30) == "player" and solo_winner(29, 30) == "sister"
    state = new()
    equal = {NAME: Score.from_rows([ScoreRow("families", "x", 20)]),
             SISTER: Score.from_rows([ScoreRow("colours", "x", 20)], ("colours", "solo_lessons"))}
    assert results.winner_names(state, equal) == (SISTER,)
    ahead = {NAME: Score.from_rows([ScoreRow("families", "x", 21)]), SISTER: equal[SISTER]}
    assert results.winner_names(state, ahead) == (NAME,)


def test_solo_12_result_frame_of_a_finished_game() -> None:
    """SOLO-12: the result has the player's row and the sister's; her points are colours and solo lessons only;
    exactly one winner, the sister on a tie; no fish tie-break."""
    game = play(Game.new([NAME], mode="solo", difficulty="hard", seed=11), [GreedyBot(1)])
    frame = game.result().set_index("player")
    assert list(frame.index) == [NAME, SISTER]
    sister = frame.loc[SISTER]
    assert sister["total"] == sister["colours"] + sister["solo_lessons"]
    assert all(sister[c] == 0 for c in ("rats", "rooms", "families", "rare_treasures", "private_lessons"))
    assert frame.loc[NAME, "colours"] == 0 and frame.loc[NAME, "solo_lessons"] == 0
    assert frame["winner"].sum() == 1
    assert frame.loc[SISTER, "winner"] == (frame.loc[SISTER, "total"] >= frame.loc[NAME, "total"])
    assert frame["tiebreak"].isna().all()
    assert frame.loc[NAME, "total"] == game.score(NAME).total and frame.loc[SISTER, "total"] == game.score(SISTER).total


# ==== refusals, undo, save/load, frames, bots, view ==============================================================
def _illegal_cases() -> list[tuple[str, GameState, Action, str]]:
    draft = new(2)
    buy = to_moment(new(2), "explore", "buy")
    choose = rescue_choose(2)
    turns = engine.apply(deck_first(choose, 174), ChooseRescueCards(NAME, ()))
    rare = to_moment(new(2), "rare_finds", "turns")
    return [
        ("keep 2 in the solo draft", draft, DraftPick(NAME, draft.player(NAME).pack[:2]), "SOLO-4"),
        ("keep cards not in the pack", draft, DraftPick(NAME, (9999, 9998, 9997)), "EXPLORE-2"),
        ("rescue while drafting", draft, Rescue(NAME, "left", draft.left_field[0].id), "DAY-2"),
        ("pass while drafting", draft, Pass(NAME), "DAY-2"),
        ("buy a card not drafted", buy, Buy(NAME, (9999,)), "EXPLORE-5"),
        ("buy beyond the fish", replace(buy, players=(replace(buy.players[0], fish=0),)),
         Buy(NAME, tuple(c for c in buy.player(NAME).drafted if card(c).cost > 0)[:1]), "EXPLORE-5"),
        ("rescue cards not in hand", choose, ChooseRescueCards(NAME, (7,)) if 7 not in choose.player(NAME).hand
         else ChooseRescueCards(NAME, (8,)), "RESCUE-1"),
        ("a cat the sister boxed", turns, Rescue(NAME, "right", CATS[84].id), "RESCUE-4"),
        ("no such field", turns, Rescue(NAME, "middle", turns.left_field[0].id), "RESCUE-4"),
        ("play an Oshax card not held", rare, PlayOshax(NAME, 1, 300) if 1 not in rare.player(NAME).hand
         else PlayOshax(NAME, 2, 300), "RARE-2"),
        ("act as the sister", turns, Pass(SISTER), "SETUP-1"),
    ]


@pytest.mark.parametrize("case", range(11))
def test_solo_errors_cite_rules_and_change_nothing(case: int) -> None:
    """Every refusal names its rule and leaves the state (and the saved game) exactly as it was."""
    label, state, action, rule = _illegal_cases()[case]
    game = Game(state)
    saved, log = game.to_json(), state.log
    with pytest.raises(IllegalAction) as error:
        game.apply(action)
    assert error.value.rule == rule, label
    assert game.state is state and game.state.log == log and game.to_json() == saved
    with pytest.raises(IllegalAction):
        engine.apply(state, action)


def test_solo_save_load_round_trip_continues_identically() -> None:
    """A saved solo game (difficulty included) loads to the same state and plays on identically."""
    game = Game.new([NAME], mode="solo", difficulty="very hard", seed=21)
    bot = GreedyBot(3)
    for _ in range(60):
        game.apply(bot.choose(game, NAME, game.legal_actions(NAME)))
    text = game.to_json()
    assert json.loads(text)["difficulty"] == "very hard" and json.loads(text)["mode"] == "solo"
    loaded = Game.from_json(text)
    assert loaded.state == game.state and loaded.state.log == game.state.log
    assert loaded.state.sister == game.state.sister
    play(game, [GreedyBot(9)])
    play(loaded, [GreedyBot(9)])
    assert game.over and loaded.state == game.state
    assert game.result().equals(loaded.result())


def test_solo_undo_restores_the_exact_previous_state() -> None:
    """Undo of a placement restores the state before it; redo applies it again."""
    state = engine.apply(deck_first(rescue_choose(3), 174), ChooseRescueCards(NAME, ()))
    game = Game(state)
    game.apply(Rescue(NAME, "left", state.left_field[0].id))
    rescued = game.state
    place = game.legal_actions(NAME)[0]
    assert isinstance(place, Place)
    game.apply(place)  # the sister then resolves her already revealed card 174: nothing hidden is revealed
    assert game.can_undo
    game.undo()
    assert game.state is rescued
    game.redo()
    assert game.state.sister.resolved == 1


def test_solo_frames() -> None:
    """players_frame, tiles_frame, cards_frame and log_frame work in a solo game and agree with the state."""
    game = play(Game.new([NAME], mode="solo", difficulty="easy", seed=4), [GreedyBot(4)])
    players = game.players_frame()
    assert list(players["player"]) == [NAME] and players.loc[0, "turn_position"] in (1, 2)
    tiles = game.tiles_frame()
    assert len(tiles) == 160 and tiles["tile"].is_unique
    assert dict(tiles["kind"].value_counts()) == {"cat": 85, "common": 44, "rare": 25, "oshax": 6}
    assert set(tiles[tiles["location"] == "boat"]["owner"]) == {NAME}
    cards = game.cards_frame()
    assert len(cards) == 150 and sorted(cards["card"]) == list(discovery_card_ids())
    hidden = game.cards_frame(viewer=NAME)
    assert hidden[hidden["owner"] == NAME]["card"].notna().all()
    log = game.log_frame()
    assert list(log.columns) == ["day", "phase", "player", "text"]
    assert (log["player"] == SISTER).sum() > 10
    assert set(log["day"]) == {1, 2, 3, 4, 5}


def test_solo_invariants_through_a_greedy_game() -> None:
    """Every tile and card is in one place after every action of a greedy solo game."""
    game = Game.new([NAME], mode="solo", difficulty="expert", seed=8)
    bot = GreedyBot(8)
    while not game.over:
        game.apply(bot.choose(game, NAME, game.legal_actions(NAME)))
        ids = [t.id for t, _, _ in tile_locations(game.state)]
        assert len(ids) == 160 == len(set(ids))
        assert sorted(c for c, _, _ in card_locations(game.state)) == list(discovery_card_ids())


@pytest.mark.parametrize("difficulty", list(DIFFICULTIES))
@pytest.mark.parametrize("bot", [GreedyBot, RandomBot])
def test_solo_bots_finish_every_difficulty(difficulty: str, bot: type) -> None:
    """A bot plays the solo game to the end at every difficulty; the sister needs no bot."""
    game = play(Game.new([NAME], mode="solo", difficulty=difficulty, seed=31), [bot(2)])
    assert game.over and game.awaiting == () and game.state.day == 5
    assert game.state.sister.colours_revealed == 5
    assert len(game.state.sister.used) + len(game.state.sister.cards) + len(game.state.sister.deck) == 23


def test_solo_3_game_exposes_the_numbered_rows_to_the_widgets():
    """SOLO-3, SOLO-8: Game.solo_rows() numbers Cat 1-8 across both fields, the rare stacks by shape, the Oshax row."""
    game = Game.new(["Ann"], mode="solo", seed=1)
    rows = game.solo_rows()
    assert rows is not None
    state = game.state
    assert rows["cats"] == list(state.left_field + state.right_field) and len(rows["cats"]) == 8
    assert all(len({t.shape for t in stack}) == 1 for stack in rows["rare"])
    assert sum(len(stack) for stack in rows["rare"]) == len(state.rare_display)
    assert len({stack[0].shape for stack in rows["rare"]}) == len(rows["rare"])
    assert rows["oshax"] == list(state.oshax_supply)
    assert Game.new(2, seed=1).solo_rows() is None
