"""Fuzzing illegal actions: wrong player, wrong phase, unaffordable, bad placements, stale actions and malformed
fields. Each must be refused with :class:`IllegalAction` (malformed fields: any ``ValueError`` subclass), and the
game must be unchanged: ``Game.to_json()`` byte-identical and the full state equal before and after.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import msgspec
import pytest
from game_helpers import NAMES, random_action

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.records import record_fields
from isle_nb.model.isle import engine, flow
from isle_nb.model.isle.actions import (
    Action,
    Buy,
    BuyDrawn,
    ChooseField,
    ChooseLessonColour,
    ChooseRescueCards,
    DraftPick,
    MoveCat,
    Pass,
    Place,
    PlayAnytime,
    PlayOshax,
    PlayTreasure,
    Rescue,
    TakeMapBonus,
)
from isle_nb.model.isle.game import Game
from isle_nb.model.isle.state import GameState

# Action kinds whose legal_actions list is complete (every legal action of that kind is listed).
COMPLETE = (DraftPick, Buy, Rescue, Place, TakeMapBonus, MoveCat, ChooseField, BuyDrawn, Pass)


def surely_illegal(state: GameState, action: Action) -> bool:
    """True when ``action`` is certainly not legal now (the legal lists of some kinds are deduplicated)."""
    if action.player not in state.names:
        return True
    player = state.player(action.player)
    if isinstance(action, COMPLETE):
        return action not in engine.legal_actions(state, action.player)
    if isinstance(action, (PlayOshax, PlayTreasure, PlayAnytime)):
        return action.card not in player.hand
    if isinstance(action, ChooseRescueCards):
        return any(c not in player.hand for c in action.cards) or player.rescue_cards is not None
    if isinstance(action, ChooseLessonColour):
        return action.card not in player.colour_lessons
    return False


def allowed_kinds(state: GameState, name: str) -> tuple[type[Action], ...]:
    """The action kinds the rules allow ``name`` now (anytime cards only without a pending decision)."""
    if state.over:
        return ()
    if state.pending:
        top = state.pending[-1]
        return tuple(flow.PENDING[top.kind].handlers) if top.player == name else ()
    return (*flow.row(state).handlers, *flow.ANYTIME)


def sample_actions(state: GameState, name: str) -> Iterator[Action]:
    """One plausible action of every kind for ``name`` (built from what the player holds and sees)."""
    p = state.player(name)
    field_cat = (state.left_field + state.right_field)[:1]
    yield DraftPick(name, p.pack[:2] or (1, 2))
    yield Buy(name, p.drafted[:1])
    yield ChooseLessonColour(name, 144, "red")
    yield ChooseRescueCards(name, ())
    if field_cat:
        side = "left" if state.left_field else "right"
        yield Rescue(name, side, field_cat[0].id)
        yield MoveCat(name, field_cat[0].id)
    yield Place(name, ((5, 4),))
    yield TakeMapBonus(name, None)
    yield PlayOshax(name, 1, 300)
    yield PlayTreasure(name, 98, ("common:1x1",))
    yield PlayAnytime(name, 84)
    yield BuyDrawn(name, ())
    yield ChooseField(name, "left")
    yield Pass(name)


History = list[tuple[GameState, Action]]


def states_to_probe(players: int, seed: int, every: int = 9) -> Iterator[tuple[GameState, History]]:
    """States along a random game, with the actions applied so far (for stale actions)."""
    rnd = random.Random(seed)
    state = engine.new_game(NAMES[:players], seed)
    history: History = []
    count = 0
    while not state.over:
        if count % every == 0:
            yield state, history
        action = random_action(state, rnd, anytime_chance=0.2)
        history.append((state, action))
        state = engine.apply(state, action)
        count += 1
    yield state, history


def refused_unchanged(game: Game, action: Action, error: type[Exception] = IllegalAction) -> Exception:
    """Apply ``action`` to ``game``: it must raise ``error`` and leave the game exactly as it was."""
    text, state, log, actions = game.to_json(), game.state, game.state.log, list(game.actions)
    with pytest.raises(error) as caught:
        game.apply(action)
    assert game.to_json() == text
    assert game.state is state and game.state == state and game.state.log == log
    assert list(game.actions) == actions
    return caught.value


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fuzz_wrong_player_and_wrong_phase(players: int) -> None:
    """DAY-2, RESCUE-3, RARE-1, ANY-1: actions of the wrong player or of another phase are refused, nothing changes."""
    checked = 0
    for state, _ in states_to_probe(players, players * 31):
        game = Game(state)
        for p in state.players:
            legal = engine.legal_actions(state, p.name)
            # wrong player: someone else's legal action
            for action in legal[:4]:
                for other in state.players:
                    moved = msgspec.structs.replace(action, player=other.name)
                    if other.name != p.name and surely_illegal(state, moved):
                        refused_unchanged(game, moved)
                        checked += 1
            # wrong phase / wrong moment: every kind the rules do not allow now
            kinds = allowed_kinds(state, p.name)
            for action in sample_actions(state, p.name):
                if not isinstance(action, kinds):
                    assert action not in legal
                    refused_unchanged(game, action)
                    checked += 1
                elif surely_illegal(state, action):
                    refused_unchanged(game, action)
                    checked += 1
    assert checked > 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fuzz_stale_actions(players: int) -> None:
    """An action that was legal a few actions ago but is not now is refused (stale), nothing changes."""
    rnd = random.Random(players)
    checked = 0
    for state, history in states_to_probe(players, players * 17, every=5):
        game = Game(state)
        for old_state, _ in history[-6:]:
            for name in old_state.names:
                for action in rnd.sample(engine.legal_actions(old_state, name),
                                         min(3, len(engine.legal_actions(old_state, name)))):
                    if surely_illegal(state, action):
                        refused_unchanged(game, action)
                        checked += 1
    assert checked > 200


@pytest.mark.parametrize("players", [2, 4])
def test_fuzz_unaffordable(players: int) -> None:
    """EXPLORE-5, RESCUE-4, RARE-3, ANY-3: with no fish, paying actions are refused and nothing changes."""
    checked = 0
    for state, _ in states_to_probe(players, players * 5, every=3):
        for p in state.players:
            legal = engine.legal_actions(state, p.name)
            poor = state.update_player(p.name, fish=0)
            game = Game(poor)
            for action in legal:
                costly = (
                    (isinstance(action, (Buy, BuyDrawn)) and any(_cost(c) for c in action.cards))
                    or isinstance(action, Rescue)
                    or (isinstance(action, PlayTreasure) and action.pay)
                )
                if costly:
                    refused_unchanged(game, action)
                    checked += 1
    assert checked > 50


def _cost(card_id: int) -> int:
    from isle_nb.model.parts.cards import card

    return card(card_id).cost


def _bad_cells(state: GameState, name: str, cells: tuple) -> Iterator[tuple]:
    boat = state.player(name).boat
    yield tuple((x + 30, y) for x, y in cells)  # off the boat
    yield tuple((x, y - 9) for x, y in cells)  # off the boat (wrapping rows)
    yield cells[:-1]  # a cell short: wrong shape
    yield (*cells, cells[0])  # a repeated cell
    yield ()
    if boat.tiles:
        covered = sorted(boat.tiles[0].cells)
        yield tuple(covered[: len(cells)])  # overlapping a tile
    for placement in boat.legal_placements(state.pending[-1].tile, must_touch=False):
        if not placement.mask & boat.touch_mask() and boat.tiles:
            yield tuple(sorted(placement.cells))  # not touching (PLACE-3)
            break


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fuzz_bad_placements(players: int) -> None:
    """PLACE-1..3: placements off the boat, overlapping, not touching or of the wrong shape are refused."""
    rnd = random.Random(players)
    state = engine.new_game(NAMES[:players], players)
    checked = 0
    while not state.over:
        if state.pending and state.pending[-1].kind == "place":
            top = state.pending[-1]
            game = Game(state)
            legal = engine.legal_actions(state, top.player)
            sample = legal[0]
            for cells in _bad_cells(state, top.player, sample.cells):
                action = msgspec.structs.replace(sample, cells=cells)
                if action not in legal:  # the list of placements is complete, with sorted cells
                    error = refused_unchanged(game, action)
                    assert str(error).startswith(("PLACE-", "OSHAX-"))
                    checked += 1
            if top.tile.kind == "oshax":
                refused_unchanged(game, msgspec.structs.replace(sample, colour=None))
                refused_unchanged(game, msgspec.structs.replace(sample, colour="pink"))
            else:
                refused_unchanged(game, msgspec.structs.replace(sample, colour="red"))
            checked += 2
        state = engine.apply(state, random_action(state, rnd))
    assert checked > 100


MALFORMED: list[tuple[str, object]] = [
    ("cards", "abc"),
    ("cards", (None,)),
    ("cards", (True, False)),
    ("cards", (1.0, 2.0)),
    ("cards", 5),
    ("cards", ((1,), (2,))),
    ("card", "1"),
    ("card", True),
    ("card", 1.0),
    ("card", None),
    ("card", (1,)),
    ("cells", "x"),
    ("cells", ((0.5, 1),)),
    ("cells", ((True, 4),)),
    ("cells", (5,)),
    ("cells", None),
    ("colour", 5),
    ("colour", ("red",)),
    ("field", None),
    ("field", ["left"]),
    ("tile", 5),
    ("tile", None),
    ("tiles", None),
    ("tiles", "common:1x1"),
    ("tiles", ((1,),)),
    ("pay", "yes"),
    ("shape", [1]),
    ("shape", 300.0),
    ("choice", 5),
    ("choice", (1, 2)),
    ("player", None),
    ("player", 5),
    ("player", ["Ann"]),
]


@pytest.mark.parametrize("players", [2, 3])
def test_fuzz_malformed_fields(players: int) -> None:
    """Actions with fields of the wrong type are refused (IllegalAction or another ValueError), nothing changes."""
    checked = 0
    for state, _ in states_to_probe(players, players * 3, every=7):
        game = Game(state)
        for p in state.players:
            candidates = engine.legal_actions(state, p.name)[:6] + list(sample_actions(state, p.name))
            for action in candidates:
                names = set(record_fields(type(action)))
                for field, value in MALFORMED:
                    if field in names:
                        bad = msgspec.structs.replace(action, **{field: value})
                        refused_unchanged(game, bad, ValueError)
                        checked += 1
    assert checked > 500


def test_fuzz_not_an_action() -> None:
    """Anything that is not an action is refused."""
    game = Game.new(["Ann", "Ben"], seed=1)
    for thing in (None, "pass", {"kind": "pass", "player": "Ann"}, 5, Action("Ann")):
        refused_unchanged(game, thing)
