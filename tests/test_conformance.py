"""Random-playout conformance: seeded games of random legal actions over 2, 3 and 4 players.

After EVERY action: all 160 tiles and 150 cards are each in exactly one place (SETUP-3..5), fish never go
negative and change only as the rules say (FISH-1, EXPLORE-5, RESCUE-4, RARE-3, ANY-3), no tiles overlap and every
boat re-validates (PLACE-1), the turn order is a permutation (RESCUE-2), someone is awaited until the end and every
awaited player has a legal action, and legal actions (sampled) are accepted by ``apply``. Anytime cards are played
by random players between actions (ANY-2). Save/load at a random point continues identically, and undo restores
the exact previous state whenever it is allowed.

The default run is 300 games (100 per player count). ``ISLE_NB_SLOW=1`` adds a longer run.
"""

from __future__ import annotations

import json
import random

import msgspec
import pytest
from game_helpers import NAMES, check_fish, check_invariants, random_action

from isle_nb.bots import GreedyBot, RandomBot
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import PlayAnytime, action_from_dict
from isle_nb.model.isle.game import SAVE_FORMAT, SAVE_VERSION, Game, UndoRefused
from isle_nb.model.isle.state import GameState

GAMES_PER_COUNT = 100
SAMPLED_LEGAL_ACTIONS = 2


def playout(players: int, seed: int, samples: int = SAMPLED_LEGAL_ACTIONS) -> tuple[GameState, list]:
    """Play one random game, checking every invariant after every action; returns the final state and actions."""
    rnd = random.Random(seed * 7919 + players)
    state = engine.new_game(NAMES[:players], seed)
    actions = []
    previous = None
    while True:
        legal = {p.name: engine.legal_actions(state, p.name) for p in state.players}
        check_invariants(state, previous, legal)
        if state.over:
            break
        # every listed action (sampled, for every player) is accepted
        everyone = [a for actions in legal.values() for a in actions]
        for other in rnd.sample(everyone, min(samples, len(everyone))):
            engine.apply(state, other)
        action = random_action(state, rnd, legal=legal)
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        new = engine.apply(state, action)
        check_fish(state, action, new)
        actions.append(action)
        previous, state = state, new
        assert len(actions) < 5000, "the game does not end"
    return state, actions


def save_text(players: int, seed: int, actions: list) -> str:
    return json.dumps(
        {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "players": list(NAMES[:players]),
            "seed": seed,
            "mode": "standard",
            "actions": [a.to_dict() for a in actions],
        }
    )


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("block", range(4))
def test_conformance_random_games(players: int, block: int) -> None:
    """SETUP-3..5, FISH-1, PLACE-1, RESCUE-2, DAY-2: invariants hold after every action of 300 random games."""
    per_block = GAMES_PER_COUNT // 4
    for seed in range(block * per_block, (block + 1) * per_block):
        final, actions = playout(players, seed)
        assert final.over and final.day == 5
        # save/load at a random point, then the same future actions: the same final state
        cut = random.Random(seed).randrange(len(actions) + 1)
        state = Game.from_json(save_text(players, seed, actions[:cut])).state
        for action in actions[cut:]:
            state = engine.apply(state, action)
        assert state == final
        assert state.log == final.log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_undo_restores_previous_state(players: int) -> None:
    """Undo (when allowed) restores exactly the previous state; redo restores the next; refused after a reveal and
    after the move that ended the game (a finished game stays finished, issue #30)."""
    for seed in range(3):
        rnd = random.Random(seed)
        game = Game.new(list(NAMES[:players]), seed=seed)
        undone = refused = 0
        while not game.over:
            before = game.state
            game.apply(random_action(before, rnd))
            after = game.state
            if after.revealed == before.revealed and not after.over:
                assert game.can_undo
                game.undo()
                assert game.state == before and game.state.log == before.log
                assert game.can_redo
                game.redo()
                assert game.state == after and game.state.log == after.log
                undone += 1
            else:
                assert not game.can_undo
                with pytest.raises(UndoRefused):
                    game.undo()
                assert game.state is after
                refused += 1
        assert undone > 20 and refused > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_illegal_sampled_actions_change_nothing(players: int) -> None:
    """Actions legal for one player are refused for the others (wrong player) without changing the state."""
    rnd = random.Random(players)
    state = engine.new_game(NAMES[:players], 11)
    checked = 0
    while not state.over:
        for p in state.players:
            for action in engine.legal_actions(state, p.name)[:3]:
                for other in state.players:
                    if other.name == p.name:
                        continue
                    moved = msgspec.structs.replace(action, player=other.name)
                    if moved in engine.legal_actions(state, other.name):
                        continue
                    snapshot = state
                    with pytest.raises(IllegalAction):
                        engine.apply(state, moved)
                    assert state == snapshot
                    checked += 1
        state = engine.apply(state, random_action(state, rnd))
    assert checked > 100


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_long_run(players: int) -> None:
    """The same checks over 1000 more games per player count (ISLE_NB_SLOW=1)."""
    for seed in range(1000, 2000):
        final, _ = playout(players, seed, samples=4)
        assert final.over


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_bots_answer_every_decision(players: int) -> None:
    """GreedyBot and RandomBot seats finish a game through every decision, including the ones that anytime cards
    (played at random by anyone between actions, ANY-2) push on them; the invariants hold after every action."""
    rnd = random.Random(players)
    game = Game.new(list(NAMES[:players]), seed=players)
    bots = {name: GreedyBot(i) if i % 2 == 0 else RandomBot(i) for i, name in enumerate(NAMES[:players])}
    previous = None
    while not game.over:
        state = game.state
        check_invariants(state, previous)
        plays = [a for p in state.players for a in engine.legal_actions(state, p.name) if isinstance(a, PlayAnytime)]
        if plays and rnd.random() < 0.15:
            action = rnd.choice(plays)
        else:
            name = game.awaiting[0]
            action = bots[name].choose(game, name, game.legal_actions(name))
        game.apply(action)
        check_fish(state, action, game.state)
        previous = state
    check_invariants(game.state, previous)
