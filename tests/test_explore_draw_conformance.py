"""Explore & Draw conformance: seeded random games over 1-12 players with invariants after every action.

After every action: the island pattern (ED-1), seats 7-12 on boat sheets 1-6 again (ED-9), no overlapping drawings,
discoveries skipped only when they have no legal placement (ED-3), the limits of the specials and nobody else seeing
the special chosen with today's cards (ED-6), only printed cards of the standard decks on the island (ED-10). After
every game: 56 cat-deck and 28 lesson-deck cards dealt, each player resolved 21 cards plus one per "extra card" or
"row" special, the save loads back to the same state. Samples of illegal actions are refused with the state
unchanged, and undo/redo round trip through the shell.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from isle_nb import load_game, new_game
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.explore_draw import rules
from isle_nb.model.explore_draw.actions import ChooseCards, Draw, EDAction, TakeCard, action_from_dict
from isle_nb.model.explore_draw.data import island_card
from isle_nb.model.explore_draw.game import RULES, ExploreDrawGame
from isle_nb.model.explore_draw.island import CAT_SLOTS, DAYS, LESSON_SLOTS
from isle_nb.model.explore_draw.sheet import fits
from isle_nb.model.explore_draw.state import EDState, new_state
from isle_nb.model.explore_draw.view import player_view

PLAYER_COUNTS = tuple(range(1, 13))


def check_invariants(before: EDState, after: EDState) -> None:
    if not after.over:
        island = dict(after.island)
        assert sorted(island) == list(range(1, 13))
        assert all(island_card(island[s]).deck == "cat" for s in CAT_SLOTS)
        assert all(island_card(island[s]).deck == "lesson" for s in LESSON_SLOTS)
        assert all(island_card(c).standard for c in island.values())
        assert 1 <= after.day <= DAYS
    assert [s.sheet for s in after.seats] == [n % 6 + 1 for n in range(len(after.seats))]
    if after.step == "choose" and len(after.seats) > 1:
        seen = player_view(after, after.seats[1].name).seats[0]
        assert seen.choice is None and seen.choice_special is None
        assert all(day != after.day for _, day in seen.specials)
    for seat, old in zip(after.seats, before.seats, strict=True):
        if seat is old:
            continue  # seats are values: an unchanged seat was checked before
        boat = seat.boat
        union = 0
        for placed in boat.tiles:
            assert not union & placed.mask, "drawings overlap"
            union |= placed.mask
        assert union == boat.occupied and not boat.occupied & ~boat.layout.hull_mask
        for lost in seat.skipped[len(old.skipped):]:
            assert not fits(boat, lost.tile), f"{lost.tile} was skipped but fits"
        keys = [k for k, _ in seat.specials]
        days = [d for _, d in seat.specials]
        assert len(keys) <= 3 and len(set(keys)) == len(keys) and len(set(days)) == len(days)
        assert len(set(n for n, _ in seat.ticks)) == len(seat.ticks)


def illegal_samples(state: EDState, player: str, rng: random.Random) -> list[EDAction]:
    """Actions the rules must refuse now."""
    others = [n for n in state.names if n not in rules.awaiting(state)]
    found: list[EDAction] = []
    if others:
        found.append(ChooseCards(others[0], (1, 5, 9)))
    if state.step == "choose":
        found.append(ChooseCards(player, (1, 2, 3)))
        found.append(TakeCard(player, 1))
    else:
        seat = state.seat(player)
        found.append(TakeCard(player, next(s for s in range(1, 13) if s not in seat.to_resolve)))
        found.append(ChooseCards(player, (1, 5, 9)))
        found.append(Draw(player, "cat:blue:400", ((30, 30),)))
    return found


def play_random(players: int, seed: int, check_illegal: bool = True) -> tuple[EDState, list[EDAction]]:
    state = new_state(tuple(f"P{i + 1}" for i in range(players)), seed, "medium" if players == 1 else None)
    rng = random.Random(seed)
    actions: list[EDAction] = []
    while not state.over:
        player = rng.choice(rules.awaiting(state))
        legal = rules.legal_actions(state, player)
        assert legal, f"{player} awaited with no legal action"
        if check_illegal and rng.random() < 0.05:
            for wrong in illegal_samples(state, player, rng):
                with pytest.raises(IllegalAction):
                    rules.apply(state, wrong)
        action = rng.choice(legal)
        new = rules.apply(state, action)
        check_invariants(state, new)
        actions.append(action)
        state = new
    return state, actions


def check_end(state: EDState, actions: list[EDAction]) -> None:
    assert (state.dealt_cat, state.dealt_lesson) == (56, 28)
    assert state.day == DAYS and state.over and rules.awaiting(state) == ()
    for seat in state.seats:
        extras = sum(k in ("extra_card", "row") for k, _ in seat.specials)
        assert len(seat.resolved) == 3 * DAYS + extras
    saved = json.dumps({
        "format": RULES.save_format, "version": RULES.save_version, **RULES.setup(state),
        "actions": [a.to_dict() for a in actions],
    })
    loaded = load_game(saved)
    assert isinstance(loaded, ExploreDrawGame) and loaded.state == state
    assert [action_from_dict(a.to_dict()) for a in actions[:50]] == actions[:50]


def games(count: int) -> list[tuple[int, list[int]]]:
    """``count`` seeded games spread evenly over 1-12 players, as (players, seeds) pairs."""
    spread = [(PLAYER_COUNTS[i % len(PLAYER_COUNTS)], 1000 + i) for i in range(count)]
    return [(p, [s for q, s in spread if q == p]) for p in PLAYER_COUNTS]


@pytest.mark.parametrize(("players", "seeds"), games(24))
def test_random_games_keep_the_invariants(players: int, seeds: list[int]) -> None:
    """24 seeded random games in CI (2 per player count, solo included); the slow test plays 300."""
    for seed in seeds:
        state, actions = play_random(players, seed)
        check_end(state, actions)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seeds"), games(300))
def test_300_random_games_keep_the_invariants(players: int, seeds: list[int]) -> None:
    """300 seeded random games over 1-12 players (25 per player count), with the illegal samples."""
    assert len(seeds) == 25
    for seed in seeds:
        check_end(*play_random(players, seed))


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (6, 6), (12, 7)])
def test_undo_redo_round_trip_through_the_shell(players: int, seed: int) -> None:
    game = new_game("explore_draw", players, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        player = rng.choice(game.awaiting)
        before = game.state
        game.apply(rng.choice(game.legal_actions(player)))
        after = game.state
        if game.can_undo:
            game.undo()
            assert game.state == before
            game.redo()
            assert game.state == after
        else:  # only a reveal or the end of the game stops undo (a finished game stays finished, issue #30)
            assert before.revealed != after.revealed or after.over
        wrong = ChooseCards(player, (1, 2, 3))
        count = len(game.actions)
        with pytest.raises(IllegalAction):
            game.apply(wrong)
        assert game.state == after and len(game.actions) == count
    assert set(game.result().columns) >= {"total", "winner"}
    assert game.result()["winner"].any()


def test_replacing_a_draw_by_another_players_refused() -> None:
    state, _ = play_random(2, 11, check_illegal=False)
    with pytest.raises(IllegalAction, match="ED-1"):
        rules.apply(replace(state), ChooseCards("P1", (1, 5, 9)))
