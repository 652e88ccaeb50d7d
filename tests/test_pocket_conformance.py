"""Pocket Cats conformance: 1,000 seeded games of random legal actions, with invariants checked after every action.

The games cover all three modes (POCKET-5), every clan, clan effects on and off. Invariants: the 25 tiles of the
two clans are always on the grid, each exactly once (POCKET-1); every turn is exactly one flip followed by exactly
one move (POCKET-2); a face-down tile count that falls by one per turn; dogs keep their turn during play; a game
lasts exactly 24 turns, 12 per player (the centre starts face up, so 24 tiles are face down, POCKET-3); at the end
only cats are face down and the scores add up (POCKET-3, POCKET-4).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.pocket import (
    CLAN_KEYS,
    TURNS_PER_GAME,
    Flip,
    KeepDogs,
    PocketGame,
    RotateDog,
    Stay,
    Swap,
    rules,
    tile,
)
from isle_nb.model.pocket.data import PAIR_POINTS
from isle_nb.model.pocket.endgame import EndResult
from isle_nb.model.pocket.state import PocketState, new_state
from isle_nb.model.pocket.tiles import game_tile_ids

GAMES = 1000


def setup(seed: int) -> PocketState:
    """A seeded mix: 70% freedom (random clans, effects on or off), 15% limited, 15% experts."""
    pick = random.Random(seed)
    roll = pick.random()
    effects = pick.random() < 0.7
    if roll < 0.7:
        return new_state(clans=tuple(pick.sample(CLAN_KEYS, 2)), effects=effects, seed=seed)  # type: ignore[arg-type]
    return new_state(variant="limited" if roll < 0.85 else "experts", effects=effects, seed=seed)


def check_grid(state: PocketState, dealt_turns: dict[str, int]) -> None:
    clans = state.clans
    assert clans[0] is not None and clans[1] is not None
    ids = [s.tile for s in state.grid]
    assert len(ids) == 25 and sorted(ids) == sorted(game_tile_ids((clans[0], clans[1])))
    down = sum(1 for s in state.grid if not s.face_up)
    expected = TURNS_PER_GAME - state.turn - (1 if state.stage == "move" else 0)
    assert down == expected, (state.stage, state.turn, down)
    for square in state.grid:
        if square.piece.kind == "dog":
            assert square.turn == dealt_turns[square.tile]  # dogs keep their turn while the game runs


def check_end(result: EndResult) -> None:
    assert all(s.face_up or s.piece.kind == "cat" for s in result.grid)
    prey = [s.tile for s in result.grid if s.piece.kind == "prey"]
    caught = [p for score in result.scores for p in score.prey]
    assert len(caught) == len(set(caught)) and set(caught) <= set(prey)
    for score in result.scores:
        assert score.prey_points == sum(tile(p).points for p in score.prey)
        bonus = 0
        for kind, together in PAIR_POINTS.items():
            pair = [p for p in score.prey if tile(p).prey == kind]
            bonus += together - sum(tile(p).points for p in pair) if len(pair) == 2 else 0
        assert score.pair_bonus == bonus
        assert score.total == score.prey_points + score.pair_bonus + score.clan_bonus
    assert result.winners and set(result.winners) <= set(result.players)
    a, b = result.scores
    if len(result.winners) == 2:
        assert (a.total, a.prey_count) == (b.total, b.prey_count)
    else:
        winner = result.score(result.winners[0])
        loser = b if winner is a else a
        assert (winner.total, winner.prey_count) > (loser.total, loser.prey_count)
    assert result.steps[0].rule == "POCKET-3" and result.steps[-1].rule == "POCKET-4"


def play_random(seed: int) -> tuple[PocketState, list[object]]:
    """Play one match with random legal actions, checking the invariants after every action."""
    state = setup(seed)
    chooser = random.Random(seed + 10_000)
    actions: list[object] = []
    dealt = {s.tile: s.turn for s in state.grid if s.piece.kind == "dog"}
    per_turn: list[str] = []
    turns_by_player: Counter[str] = Counter()
    games = 0
    while not state.over:
        waiting = rules.awaiting(state)
        assert waiting, state.stage
        for player in state.players:
            if player not in waiting:
                assert rules.legal_actions(state, player) == []
        player = waiting[0] if len(waiting) == 1 else chooser.choice(waiting)
        legal = rules.legal_actions(state, player)
        assert legal
        if state.stage == "flip" and chooser.random() < 0.05:  # an illegal flip is refused
            face_up = next(i for i, s in enumerate(state.grid) if s.face_up)
            with pytest.raises(IllegalAction):
                rules.apply(state, Flip(player, divmod(face_up, 5)))
        action = chooser.choice(legal)
        before = state
        state = rules.apply(state, action)
        actions.append(action)
        if before.stage in ("choose_clan", "between") and state.stage == "flip":
            dealt = {s.tile: s.turn for s in state.grid if s.piece.kind == "dog"}
        if isinstance(action, Flip):
            assert per_turn == [] and before.stage == "flip"
            per_turn.append("flip")
        elif isinstance(action, (Swap, Stay)):
            assert per_turn == ["flip"]  # exactly one move, right after the flip
            assert state.turn == before.turn + 1 or state.stage in ("chief", "between", "over")
            per_turn = []
            turns_by_player[f"{before.game}:{player}"] += 1
        if state.stage in ("flip", "move"):
            check_grid(state, dealt)
        if len(state.finished) > games:
            games += 1
            assert before.turn + (1 if before.stage == "move" else 0) == TURNS_PER_GAME
            check_end(state.finished[-1])
        if isinstance(action, (RotateDog, KeepDogs)):
            assert before.stage == "chief"
    expected_games = 2 if state.variant == "experts" else 1
    assert games == expected_games == len(state.finished)
    assert sorted(turns_by_player.values()) == [TURNS_PER_GAME // 2] * (2 * expected_games)
    return state, actions


def test_1000_random_games_keep_the_invariants() -> None:
    modes: Counter[str] = Counter()
    clans: Counter[str] = Counter()
    stays = rotations = 0
    for seed in range(GAMES):
        state, actions = play_random(seed)
        modes[state.variant] += 1
        for result in state.finished:
            clans.update(result.clans)
        stays += sum(isinstance(a, Stay) for a in actions)
        rotations += sum(isinstance(a, RotateDog) for a in actions)
    assert set(modes) == {"freedom", "limited", "experts"}
    assert set(clans) == set(CLAN_KEYS)
    assert stays > 0 and rotations > 0  # the Power Cats' and the Royal Claws chief's choices were exercised


def test_random_games_replay_from_their_save() -> None:
    for seed in range(0, GAMES, 50):
        state, actions = play_random(seed)
        game = PocketGame(new_state(state.players, None if state.variant != "freedom" else state.finished[0].clans,
                                    state.variant, state.effects, state.seed))
        for action in actions:
            game.apply(action)  # type: ignore[arg-type]
        assert game.state == state
        assert PocketGame.from_json(game.to_json()).state == state
