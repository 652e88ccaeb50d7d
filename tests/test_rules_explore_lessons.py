"""Explore (EXPLORE-1..6) and Read lessons (LESSON-1..5)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from game_helpers import (
    card_to_pile,
    check_invariants,
    choose_rescue_cards,
    give_cards,
    new_state,
    pass_until_rare_finds,
    passive_policy,
    put_on_boat,
    set_hand,
    to_phase,
)

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle import engine, results
from isle_nb.model.isle.actions import Buy, BuyDrawn, ChooseLessonColour, DraftPick, Pass, PlayAnytime
from isle_nb.model.isle.game import Game
from isle_nb.model.isle.phases import explore
from isle_nb.model.isle.state import GameState
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.tiles import Tile


def _end_of_day(state: GameState) -> GameState:
    """Pass everything until the next day's draft begins."""
    day = state.day
    return to_phase(state, "explore", "draft", day=day + 1, policy=passive_policy)


def _draft_all(state: GameState) -> GameState:
    """Everyone keeps the first cards of each pack until the draft is over."""
    while state.phase == "explore" and state.step == "draft":
        for p in state.players:
            if p.pick is None and p.pack:
                state = engine.apply(state, DraftPick(p.name, p.pack[:2]))
    return state


def _at_buy(state: GameState, name: str, drafted: tuple[int, ...]) -> GameState:
    """The buy step with ``name``'s drafted cards replaced by ``drafted``."""
    state = _draft_all(state)
    assert state.step == "buy"
    old = state.player(name).drafted
    state = state.update_player(name, drafted=())
    state = replace(state, discard=state.discard + old)
    return give_cards(state, name, drafted, where="drafted")


# ==== EXPLORE ===============================================================================================
def test_explore_1_seven_cards_from_the_top_of_the_deck() -> None:
    """EXPLORE-1: each player is dealt 7 cards from the top of the deck at the start of the day."""
    state = to_phase(new_state(3), "rare_finds", policy=passive_policy)
    top = state.deck[:21]
    state = _end_of_day(state)
    assert [p.pack for p in state.players] == [top[0:7], top[7:14], top[14:21]]


def test_explore_1_deck_runs_out_discard_pile_is_shuffled() -> None:
    """EXPLORE-1 decision: when the deck runs out, the discard pile is shuffled into a new deck and dealing goes on."""
    state = to_phase(new_state(2), "rare_finds", policy=passive_policy)
    deck = state.deck
    state = replace(state, deck=deck[:3], discard=state.discard + deck[3:])
    discard = state.discard
    draws = state.draws
    state = _end_of_day(state)
    ann, ben = state.players
    assert ann.pack[:3] == deck[:3]
    assert len(ann.pack) == 7 and len(ben.pack) == 7
    reshuffled = ann.pack[3:] + ben.pack + state.deck
    assert sorted(reshuffled) == sorted(discard)
    assert reshuffled != discard, "the discard pile was shuffled"
    assert state.discard == ()
    assert state.draws > draws
    check_invariants(state)


def test_explore_2_three_rounds_of_two_then_one() -> None:
    """EXPLORE-2: keep 2, pass, three times, then keep the last card: 7 drafted cards each."""
    state = new_state(3)
    sizes = []
    while state.step == "draft":
        sizes.append([len(p.pack) for p in state.players])
        assert next(a.cards for a in engine.legal_actions(state, "Ann") if isinstance(a, DraftPick)) == state.player(
            "Ann"
        ).pack[:2]
        for p in state.players:
            state = engine.apply(state, DraftPick(p.name, p.pack[:2]))
    assert sizes == [[7, 7, 7], [5, 5, 5], [3, 3, 3]]
    assert state.step == "buy"
    assert [len(p.drafted) for p in state.players] == [7, 7, 7]
    assert all(p.pack == () for p in state.players)


def test_explore_2_pick_exactly_two_from_your_pack() -> None:
    """EXPLORE-2: a pick of 1 or 3 cards, or of a card not in the pack, is refused; a second pick too."""
    state = new_state(2)
    ann, ben = state.players
    for cards in (ann.pack[:1], ann.pack[:3], (ann.pack[0], ben.pack[0]), (ann.pack[0], ann.pack[0])):
        with pytest.raises(IllegalAction, match="EXPLORE-2"):
            engine.apply(state, DraftPick("Ann", cards))
    state = engine.apply(state, DraftPick("Ann", ann.pack[:2]))
    with pytest.raises(IllegalAction, match="EXPLORE-4"):
        engine.apply(state, DraftPick("Ann", ann.pack[2:4]))


@pytest.mark.parametrize("day", [1, 2, 3, 4, 5])
def test_explore_3_pass_left_on_odd_days_right_on_even_days(day: int) -> None:
    """EXPLORE-3: packs go to the next seat (left) on days 1, 3, 5 and to the previous seat (right) on days 2, 4."""
    state = to_phase(new_state(4, 3), "explore", "draft", day=day, policy=passive_policy)
    before = {p.seat: p.pack for p in state.players}
    for p in state.players:
        state = engine.apply(state, DraftPick(p.name, p.pack[:2]))
    step = 1 if day % 2 == 1 else -1
    for p in state.players:
        giver = (p.seat - step) % 4
        assert p.pack == before[giver][2:], f"day {day}: seat {p.seat} should get seat {giver}'s pack"
    assert explore.pass_direction(day) == step
    direction = "left" if step == 1 else "right"
    assert any(f"pass to the {direction}" in e.text for e in state.log if e.day == day)


def test_explore_4_picks_are_hidden() -> None:
    """EXPLORE-4: picks are simultaneous and hidden: other players see only that someone has picked."""
    game = Game.new(["Ann", "Ben", "Cat"], seed=2)
    pick = game.state.player("Ann").pack[:2]
    game.apply(DraftPick("Ann", pick))
    mine, theirs = game.view("Ann"), game.view("Ben")
    assert mine["me"]["pick"] == list(pick)
    ann = theirs.other("Ann").to_dict()
    assert ann["has_picked"] is True
    assert theirs.other("Cat").has_picked is False
    assert "pick" not in ann and "drafted" not in ann
    assert "hand" not in ann and "pack" not in ann
    shown_to_ben = str(theirs["others"]) + " ".join(entry.text for entry in theirs.log)
    assert all(f"#{c}" not in shown_to_ben for c in pick)
    assert any(f"#{pick[0]}" in entry.text for entry in mine.log)
    frame = game.cards_frame(viewer="Ben")
    assert frame[frame["location"] == "draft pack"]["owner"].tolist().count("Ann") == 7
    assert frame[(frame["owner"] == "Ann")]["card"].isna().all()


def test_explore_5_buy_any_affordable_subset_rest_discarded() -> None:
    """EXPLORE-5: buy any subset you can pay for; the sum of the costs is paid; the rest go to the discard pile."""
    state = _at_buy(new_state(2), "Ann", (55, 84, 15, 113, 98, 1, 73))  # costs 3 6 0 2 2 5 1 = 19
    state = state.update_player("Ann", fish=10)
    costs = sum(card(c).cost for c in (55, 84, 1))
    assert costs == 14
    with pytest.raises(IllegalAction, match="EXPLORE-5"):
        engine.apply(state, Buy("Ann", (55, 84, 1)))
    with pytest.raises(IllegalAction, match="EXPLORE-5"):
        engine.apply(state, Buy("Ann", (7,)))  # not drafted
    legal = {a.cards for a in engine.legal_actions(state, "Ann") if isinstance(a, Buy)}
    assert (55, 84, 1) not in legal and (55, 84, 15) in legal and () in legal
    discard = state.discard
    state = engine.apply(state, Buy("Ann", (55, 84, 15)))
    ann = state.player("Ann")
    assert ann.fish == 1 and ann.hand[-3:] == (55, 84, 15) and ann.drafted == () and ann.bought
    assert state.discard == (*discard, 113, 98, 1, 73)
    with pytest.raises(IllegalAction, match="EXPLORE-5"):
        engine.apply(state, Buy("Ann", ()))


def test_explore_6_no_hand_limit_kept_cards_need_no_new_payment() -> None:
    """EXPLORE-6: hands have no limit; cards kept from earlier days stay in hand without paying again."""
    state = new_state(2)
    kept = tuple(range(7, 7 + 25))  # 25 rescue cards kept from earlier days
    state = set_hand(state, "Ann", kept)
    state = _draft_all(state)
    fish = state.player("Ann").fish
    drafted = state.player("Ann").drafted
    state = engine.apply(state, Buy("Ann", drafted[:1]))
    ann = state.player("Ann")
    assert ann.hand == kept + drafted[:1] and len(ann.hand) == 26
    assert ann.fish == fish - card(drafted[0]).cost


# ==== LESSONS ===============================================================================================
def test_lesson_1_every_lesson_in_hand_is_played() -> None:
    """LESSON-1: every lesson in hand is played: private ones face down in front of the player, public ones up."""
    state = _at_buy(new_state(2), "Ann", (113, 122, 147, 150, 7, 15, 23))
    state = engine.apply(state, Buy("Ann", (113, 122, 147, 150, 7)))
    state = engine.apply(state, Buy("Ben", ()))
    assert state.phase == "rescue"  # no colour to choose: the lessons phase resolves by itself
    ann = state.player("Ann")
    assert ann.private_lessons == (113, 122)
    assert state.public_lessons == ((147, None), (150, None))
    assert ann.hand == (7,)
    lines = [e for e in state.log if e.phase == "lessons"]
    assert any("plays 2 private lessons face down" in e.text and not e.private for e in lines)
    assert any("#113" in e.text and e.private for e in lines)
    check_invariants(state)


def test_lesson_2_public_colour_lesson_takes_its_players_colour() -> None:
    """LESSON-2: a public "pick a colour" lesson gets its colour from the player who plays it, now."""
    state = _at_buy(new_state(2), "Ben", (144, 143, 7))
    state = engine.apply(state, Buy("Ann", ()))
    state = engine.apply(state, Buy("Ben", (144, 143)))
    assert (state.phase, state.step) == ("lessons", "colours")
    assert engine.awaiting(state) == ("Ben",)
    assert engine.legal_actions(state, "Ann") == [] or all(
        isinstance(a, PlayAnytime) for a in engine.legal_actions(state, "Ann")
    )
    choices = [a for a in engine.legal_actions(state, "Ben") if isinstance(a, ChooseLessonColour)]
    assert {a.colour for a in choices} == {"blue", "green", "red", "purple", "orange"}
    assert {a.card for a in choices} == {144}
    assert Game(state).view("Ben")["me"]["colour_lessons"] == [144, 143]
    with pytest.raises(IllegalAction, match="LESSON-2"):
        engine.apply(state, ChooseLessonColour("Ben", 144, "pink"))
    with pytest.raises(IllegalAction, match="LESSON-2"):
        engine.apply(state, ChooseLessonColour("Ann", 144, "red"))
    state = engine.apply(state, ChooseLessonColour("Ben", 144, "red"))
    assert state.public_lessons == ((144, "red"),)
    state = engine.apply(state, ChooseLessonColour("Ben", 143, "blue"))
    assert state.public_lessons == ((144, "red"), (143, "blue"))
    assert state.phase == "rescue"
    with pytest.raises(IllegalAction, match="LESSON-2"):
        engine.apply(state, ChooseLessonColour("Ben", 143, "green"))


def _rescue_turns_with_draw_card(day: int, drawn: tuple[int, ...]) -> GameState:
    """Rescue turns of ``day`` with Ann holding card 71 (draw 2) and ``drawn`` on top of the deck."""
    state = to_phase(new_state(2), "rescue", "choose", day=day, policy=passive_policy)
    state = set_hand(state, "Ann", (71,))
    for c in reversed(drawn):
        state = card_to_pile(state, c)
    return choose_rescue_cards(state, {})


def test_lesson_3_lesson_gained_after_the_phase_waits_for_the_next_day() -> None:
    """LESSON-3: a lesson bought after the lessons phase stays in hand until the next day's lessons phase."""
    state = _rescue_turns_with_draw_card(1, (126, 148))
    state = engine.apply(state, PlayAnytime("Ann", 71))
    state = engine.apply(state, BuyDrawn("Ann", (126, 148)))
    assert state.player("Ann").hand == (126, 148)
    assert state.player("Ann").private_lessons == () and state.public_lessons == ()
    state = to_phase(state, "rescue", "choose", day=2, policy=passive_policy)
    assert 126 in state.player("Ann").private_lessons and (148, None) in state.public_lessons
    assert 126 not in state.player("Ann").hand


def test_lesson_3_lesson_gained_on_day_5_is_never_played() -> None:
    """LESSON-3: a lesson gained after the lessons phase of day 5 is never played and scores nothing."""
    state = _rescue_turns_with_draw_card(5, (142, 148))
    state = engine.apply(state, PlayAnytime("Ann", 71))
    state = engine.apply(state, BuyDrawn("Ann", (142, 148)))
    state = pass_until_rare_finds(state)
    state = to_phase(state, "over", policy=passive_policy)
    ann = state.player("Ann")
    assert ann.hand == (142, 148) and ann.fish >= 5
    assert 142 not in ann.private_lessons and state.public_lessons == ()
    score = results.score_player(state, "Ann")
    assert score.categories["private_lessons"] == 0 and score.categories["public_lessons"] == 0


def test_lesson_3_lesson_bought_during_the_lessons_phase_is_played_that_day() -> None:
    """LESSON-3: only a lesson gained in another phase waits; one that enters a hand while the Read lessons phase
    waits for colours is played at once, a public "pick a colour" lesson with a colour from its player (this test
    replaces the earlier decision that such lessons waited too: the FAQ holds back only cards drawn in another
    phase)."""
    state = _at_buy(new_state(2), "Ben", (144,))
    state = give_cards(state, "Ann", (71,))
    state = card_to_pile(state, 126)
    state = card_to_pile(state, 146)
    state = engine.apply(state, Buy("Ann", ()))
    state = engine.apply(state, Buy("Ben", (144,)))
    assert state.step == "colours" and engine.awaiting(state) == ("Ben",)
    state = engine.apply(state, PlayAnytime("Ann", 71))
    state = engine.apply(state, BuyDrawn("Ann", (146, 126)))
    ann = state.player("Ann")
    assert ann.hand == () and ann.private_lessons == (126,) and ann.colour_lessons == (146,)
    assert set(engine.awaiting(state)) == {"Ann", "Ben"}
    state = engine.apply(state, ChooseLessonColour("Ben", 144, "green"))
    state = engine.apply(state, ChooseLessonColour("Ann", 146, "red"))
    assert state.phase == "rescue" and (146, "red") in state.public_lessons
    check_invariants(state)


def _day_5_buys(order: tuple[str, str]) -> GameState:
    """Day 5, buying: Ann buys card 71 (draw 2) she drafted, Ben nothing, in the given order; the deck's top is a
    private lesson (126) and a public one (148)."""
    state = to_phase(new_state(2), "explore", "draft", day=5, policy=passive_policy)
    state = _at_buy(state, "Ann", (71,))
    state = card_to_pile(card_to_pile(state, 148), 126)
    for name in order:
        state = engine.apply(state, Buy(name, (71,) if name == "Ann" else ()))
    return state


@pytest.mark.parametrize("order", [("Ann", "Ben"), ("Ben", "Ann")])
def test_lesson_3_just_bought_draw_card_played_before_the_lessons_on_day_5(order: tuple[str, str]) -> None:
    """LESSON-3 / ANY-1: right after paying, a player may play a just-bought card 71-74 before the lessons are read
    (publisher's clarification), whoever bought last; the lessons it brings are played that day, so on day 5 they
    score instead of being lost."""
    state = _day_5_buys(order)
    assert (state.phase, state.step) == ("lessons", "draw") and engine.awaiting(state) == ("Ann",)
    assert Pass("Ann") in engine.legal_actions(state, "Ann")
    assert PlayAnytime("Ann", 71) in engine.legal_actions(state, "Ann")
    state = engine.apply(state, PlayAnytime("Ann", 71))
    state = engine.apply(state, BuyDrawn("Ann", (126, 148)))
    assert state.phase == "rescue", "the card is played: the lessons are read"
    assert state.player("Ann").private_lessons == (126,) and (148, None) in state.public_lessons
    assert state.player("Ann").hand == ()
    check_invariants(state)


def test_lesson_3_just_bought_draw_card_may_be_kept() -> None:
    """LESSON-3: a player who keeps the just-bought card goes on to the lessons; it stays in hand for later."""
    state = engine.apply(_day_5_buys(("Ben", "Ann")), Pass("Ann"))
    assert state.phase == "rescue" and state.player("Ann").hand == (71,)
    with pytest.raises(IllegalAction, match="DAY-2"):
        engine.apply(state, Pass("Ann"))


def test_lesson_4_private_colour_lesson_scores_its_best_colour() -> None:
    """LESSON-4: private lesson 117 is played with no colour; at the end it scores the owner's best colour."""
    state = _at_buy(new_state(2), "Ann", (117,))
    state = engine.apply(state, Buy("Ann", (117,)))
    state = engine.apply(state, Buy("Ben", ()))
    assert state.phase == "rescue" and state.player("Ann").private_lessons == (117,)
    # two red cats and one blue cat touching the edge
    state = put_on_boat(state, "Ann", Tile.cat("red", 415), [(7, 0), (8, 0), (9, 0), (10, 0), (11, 0)])
    state = put_on_boat(state, "Ann", Tile.cat("red", 414), [(7, 8), (8, 8), (6, 7), (7, 7)])
    state = put_on_boat(state, "Ann", Tile.cat("blue", 415), [(12, 8), (13, 8), (14, 8), (11, 8), (10, 8)])
    score = results.score_player(state, "Ann")
    assert score.categories["private_lessons"] == 2


def test_lesson_5_public_lessons_score_for_every_player() -> None:
    """LESSON-5: a public lesson belongs to nobody: every player scores it for their own boat."""
    state = _at_buy(new_state(2), "Ann", (148,))
    state = engine.apply(state, Buy("Ann", (148,)))
    state = engine.apply(state, Buy("Ben", ()))
    state = put_on_boat(state, "Ben", Tile.common("1x1", 0), [(5, 4)])
    state = put_on_boat(state, "Ben", Tile.common("1x2", 0), [(6, 4), (7, 4)])
    state = put_on_boat(state, "Ann", Tile.common("I3", 0), [(5, 4), (6, 4), (7, 4)])
    assert results.score_player(state, "Ben").categories["public_lessons"] == 4
    assert results.score_player(state, "Ann").categories["public_lessons"] == 2
