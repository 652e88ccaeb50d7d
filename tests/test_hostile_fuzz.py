"""Hostile input, seeded (issue #10 §1): every field of every action type of every game gets hostile values.

States come from seeded random games of every game and mode (standard 2-4 players, solo, family, Pocket Cats in
freedom, limited and experts modes). At each one, every action type of the game is built with each of its fields
replaced by each hostile value (None, wrong types, nested lists, 3-tuples, huge and negative ints, NaN, unknown
ids, other players' names, long texts), and stale actions from earlier states are replayed. Every try must either be
refused with an ``IllegalAction`` (a ``ValueError``) whose message is short, by ``check`` and ``apply`` alike, with
the game exactly unchanged (same state object, same action log, byte-identical save), or be a legal action whose
game still saves and loads. Anything else is a violation; there must be none.

``summary()`` gives the counts (tries, refusals, accepted, violations); run with ``-s`` to see them printed.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.records import record_fields
from isle_nb.model.isle.actions import ACTION_TYPES as ISLE_TYPES
from isle_nb.model.isle.game import Game
from isle_nb.model.pocket.actions import ACTION_TYPES as POCKET_TYPES
from isle_nb.model.pocket.game import PocketGame

COUNTS: Counter[str] = Counter()
MESSAGE_LIMIT = 400
"""A refusal's message stays this short whatever the value (hostile values are quoted as short excerpts)."""


class Weird:
    """An object of no expected type, whose repr is long."""

    def __repr__(self) -> str:
        return "W" * 100_000


HOSTILE: tuple[Any, ...] = (
    None, "", " ", "x" * 100_000, "\x00\n", -1, 0, 10**40, -(10**40), 2**63, 10**5000, math.nan, math.inf, True,
    0.5, 1.0, [], [0, 0], [[0, 0]], (0, 0, 7), (3,), (-1, -1), (99, 99), ((0, 0, 7),), ((0,),), (None, None), {},
    {"a": 1}, set(), b"bytes", Weird(), (1.5, 2), ("a", "b"), tuple(range(1000)), (("x" * 1000,),),
    "cat:pink:1", "rare:Z:99", "common:Q", "common:L3:0", "oshax:999", 9999, -76, "left ", "LEFT", "purple ",
)
"""Hostile values for any field: wrong types, nesting, sizes, NaN, unknown ids, near misses of real values."""


def game_states(make: Callable[[], Any], seed: int, samples: int) -> Iterator[Any]:
    """Seeded random play; yields the shell at ``samples`` moments spread over the game (the same shell object)."""
    game = make()
    rnd = random.Random(seed)
    moments = 0
    while not game.over and moments < samples:
        if rnd.random() < 0.12:
            moments += 1
            yield game
        name = rnd.choice(list(game.awaiting))
        legal = game.legal_actions(name)
        game.apply(legal[rnd.randrange(len(legal))])


def base_actions(game: Any, types: dict[str, type]) -> Iterator[Any]:
    """One action of every type: a legal one when there is one (so only the hostile field is wrong), else the
    type's defaults for an awaited player."""
    names = list(game.player_names)
    legal = [a for name in names for a in game.legal_actions(name)]
    for cls in types.values():
        found = next((a for a in legal if type(a) is cls), None)
        yield found if found is not None else cls(game.awaiting[0] if game.awaiting else names[0])


def try_action(game: Any, action: Any, compare_save: bool) -> str:
    """Send ``action`` to ``check`` and ``apply``; return the outcome, raising AssertionError for a violation."""
    COUNTS["tries"] += 1
    state, actions = game.state, list(game.actions)
    save = game.to_json() if compare_save else None
    reason = game.check(action)
    try:
        game.apply(action)
    except IllegalAction as error:
        assert reason == str(error), "check and apply disagree"
        assert len(str(error)) < MESSAGE_LIMIT, f"a {len(str(error))}-character message"
        assert game.state is state and game.actions == actions, "a refused action changed the game"
        if save is not None:
            assert game.to_json() == save, "a refused action changed the save"
        COUNTS["refusals"] += 1
        return "refused"
    assert reason is None, f"check refused what apply accepted: {reason}"
    legal = game.rules.legal_actions(state, action.player)  # legal in the state it was applied to
    assert action in legal or type(action).__name__ in DEDUPLICATED, f"accepted but not legal: {action!r}"[:300]
    loaded = type(game).from_json(game.to_json())  # the game can still be saved and loaded
    assert loaded.state == game.state
    COUNTS["accepted"] += 1
    game.undo() if game.can_undo else None
    return "accepted"


DEDUPLICATED = {"PlayAnytime", "PlayOshax", "PlayTreasure", "ChooseRescueCards", "ChooseLessonColour"}
"""Action types whose legal list names one card per effect: an equivalent card is accepted without being listed."""


def fuzz(make: Callable[[], Any], types: dict[str, type], seed: int, samples: int) -> None:
    rnd = random.Random(seed)
    stale: list[Any] = []
    for game in game_states(make, seed, samples):
        start = game.state
        others = [*game.player_names, "Nobody", "Sister"]
        for base in base_actions(game, types):
            for field in record_fields(type(base)):
                values = others if field == "player" else HOSTILE
                for value in values:
                    action = msgspec.structs.replace(base, **{field: value})
                    try:
                        try_action(game, action, compare_save=rnd.random() < 0.02)
                    except AssertionError:
                        COUNTS["violations"] += 1
                        raise
                    if game.state is not start:  # a legal action was accepted and could not be undone
                        return
            stale.append(base)
        for action in rnd.sample(stale, min(len(stale), 12)):  # actions built for earlier moments
            try_action(game, action, compare_save=False)
            if game.state is not start:
                return


ISLE_GAMES = {
    "standard 2p": lambda: Game.new(2, seed=1),
    "standard 3p": lambda: Game.new(3, seed=2),
    "standard 4p": lambda: Game.new(4, seed=3),
    "solo": lambda: Game.new(1, seed=4, mode="solo", difficulty="hard"),
    "family 3p": lambda: Game.new(3, seed=5, mode="family"),
}
POCKET_GAMES = {
    "pocket freedom": lambda: PocketGame.new(seed=6),
    "pocket limited": lambda: PocketGame.new(variant="limited", seed=7),
    "pocket experts": lambda: PocketGame.new(variant="experts", seed=8),
}


@pytest.mark.parametrize("name", sorted(ISLE_GAMES))
def test_hostile_values_in_every_field_of_every_isle_action(name: str) -> None:
    fuzz(ISLE_GAMES[name], ISLE_TYPES, seed=len(name), samples=6)
    assert COUNTS["violations"] == 0


@pytest.mark.parametrize("name", sorted(POCKET_GAMES))
def test_hostile_values_in_every_field_of_every_pocket_action(name: str) -> None:
    fuzz(POCKET_GAMES[name], POCKET_TYPES, seed=len(name), samples=6)
    assert COUNTS["violations"] == 0


def test_hostile_saves_are_refused_as_invalid_saves() -> None:
    """The same hostile values as saved actions: each is refused with InvalidSave (a ValueError), never a crash."""
    from isle_nb.model.core.errors import InvalidSave

    for game in (Game.new(2, seed=1), PocketGame.new(seed=1)):
        save = json.loads(game.to_json())
        types = ISLE_TYPES if isinstance(game, Game) else POCKET_TYPES
        for kind, cls in types.items():
            for field in record_fields(cls):
                for value in HOSTILE:
                    try:
                        text = json.dumps(value)
                    except (TypeError, ValueError):
                        continue
                    raw = {"kind": kind, "player": game.player_names[0], field: json.loads(text)}
                    COUNTS["save tries"] += 1
                    try:
                        type(game).from_json(json.dumps({**save, "actions": [raw]}))
                    except InvalidSave as error:
                        assert len(str(error)) < MESSAGE_LIMIT + 200
                        COUNTS["save refusals"] += 1


def summary() -> str:
    """The fuzz counts so far, in one line."""
    return ", ".join(f"{key}: {COUNTS[key]}" for key in ("tries", "refusals", "accepted", "violations",
                                                           "save tries", "save refusals"))


def test_zz_summary(capsys: pytest.CaptureFixture[str]) -> None:
    """Prints the counts of the fuzz tests run before it in this session (see the module docstring)."""
    with capsys.disabled():
        print(f"\nhostile fuzz: {summary()}")
    assert COUNTS["violations"] == 0
