"""SearchBot (isle_nb.model.isle.search): a seeded, reproducible search bot that only uses what its seat may see.

Strength and speed are measured in ``benchmarks/bots.py``, never here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from isle_nb import Game, GreedyBot, SearchBot, play
from isle_nb.bots import BOTS, make_bot
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import Action, Buy, ChooseRescueCards, DraftPick, Place, Rescue
from isle_nb.model.isle.determinize import determinize
from isle_nb.model.isle.player_view import player_view
from isle_nb.model.isle.search import evaluate
from isle_nb.model.isle.state import GameState
from tests.game_helpers import random_action


@dataclass
class Table:
    """The least a bot needs of a game: its current state."""

    state: GameState

    @property
    def awaiting(self) -> tuple[str, ...]:
        return engine.awaiting(self.state)

    def view(self, player: str) -> Any:
        return player_view(self.state, player)


def decision_states(seed: int, kinds: tuple[type[Action], ...], players: int = 3, limit: int = 2) -> list[GameState]:
    """States of a seeded random game where an awaited player faces a decision of one of these kinds (at most
    ``limit`` of each kind)."""
    names = ("Ann", "Ben", "Cat", "Dan")[:players]
    state = engine.new_game(names, seed)
    rnd = random.Random(seed)
    found: list[GameState] = []
    seen: dict[type, int] = {}
    while not state.over and len(found) < limit * len(kinds):
        name = engine.awaiting(state)[0]
        legal = engine.legal_actions(state, name)
        kind = type(legal[0]) if legal else None
        if len(legal) > 1 and kind in kinds and seen.get(kind, 0) < limit:
            seen[kind] = seen.get(kind, 0) + 1
            found.append(state)
        state = engine.apply(state, random_action(state, rnd, anytime_chance=0.0))
    return found


def test_the_decision_does_not_depend_on_what_the_seat_cannot_see() -> None:
    """Re-deal every secret of the true state (other hands, packs, picks, private lessons, the deck order, the bag's
    future): the bot's view is the same, and so is its decision, for drafts, buys, rescue cards and rescues."""
    states = decision_states(21, (DraftPick, Buy, ChooseRescueCards, Rescue), limit=2)
    assert {type(engine.legal_actions(s, engine.awaiting(s)[0])[0]) for s in states} == {
        DraftPick, Buy, ChooseRescueCards, Rescue
    }
    for index, state in enumerate(states):
        name = engine.awaiting(state)[0]
        other_truth = determinize(state, name, random.Random(500 + index))
        assert player_view(other_truth, name) == player_view(state, name)
        assert other_truth != state, "the secrets must really differ"
        legal = engine.legal_actions(state, name)
        first = SearchBot(seed=4, budget=4).choose(Table(state), name, legal)
        second = SearchBot(seed=4, budget=4).choose(Table(other_truth), name, legal)
        assert first == second


def test_same_seed_same_game() -> None:
    """With an iteration budget a seeded SearchBot replays exactly: the same actions, the same scores."""
    logs = []
    for _ in range(2):
        game = Game.new(["Ann", "Ben"], seed=8)
        play(game, [SearchBot(1, budget=2), GreedyBot(2)])
        logs.append((game.to_json(), game.scores()))
    assert logs[0] == logs[1]
    assert Game.from_json(logs[0][0]).scores() == logs[0][1]


@pytest.mark.parametrize("mode", ["solo", "family"])
def test_plays_whole_games_in_every_mode(mode: str) -> None:
    """SearchBot finishes a solo game (against the sister) and a family game; every action it chose was legal."""
    names = ["Ann"] if mode == "solo" else ["Ann", "Ben"]
    game = Game.new(names, seed=3, mode=mode)  # type: ignore[arg-type]
    bots = [SearchBot(5, budget=2)] + [GreedyBot(6)] * (len(names) - 1)
    play(game, bots)
    assert game.over
    assert set(game.scores()) >= set(names)


def test_seated_by_name_and_budget_checked() -> None:
    """``"search"`` is in the bot registry (play_app's ``"bot:search"``); a bad budget is refused in words."""
    assert BOTS["search"] is SearchBot
    assert isinstance(make_bot("search", 3), SearchBot)
    for bad in (0, -1, "fast", True):
        with pytest.raises(ValueError, match="budget"):
            SearchBot(0, budget=bad)  # type: ignore[arg-type]


def test_time_budget_returns_a_legal_action() -> None:
    """A budget in seconds (a float) still gives a legal action, after at least one round of candidates."""
    state = decision_states(2, (DraftPick,), players=2, limit=1)[0]
    name = engine.awaiting(state)[0]
    legal = engine.legal_actions(state, name)
    assert SearchBot(0, budget=0.01).choose(Table(state), name, legal) in legal


def test_placements_are_judged_by_the_model_score() -> None:
    """A placement decision compares the best few spots by the score after placing; the chosen spot is legal and
    scores at least as well as the rules-of-thumb favourite."""
    states = decision_states(13, (Place,), players=2, limit=3)
    bot = SearchBot(0, budget=4)
    for state in states:
        name = engine.awaiting(state)[0]
        legal = engine.legal_actions(state, name)
        judged = bot.judge(state, name, legal)
        assert judged[0].action in legal
        assert [j.value for j in judged] == sorted((j.value for j in judged), reverse=True)


def test_evaluate_prefers_a_lead() -> None:
    """The evaluation is a score lead: the same position seen from the two seats of a 2-player game sums to about
    zero (both value what lies ahead the same way)."""
    state = decision_states(4, (Rescue,), players=2, limit=1)[0]
    assert evaluate(state, "Ann") == pytest.approx(-evaluate(state, "Ben"))
