"""Random-playout conformance for the solo game (SOLO-1..12) and the family game (FAMILY-1..5).

Seeded games of random legal actions: 200 solo games (40 per difficulty) and 210 family games (70 each for 2, 3 and
4 players). After EVERY action:

* all 160 tiles are each in exactly one place (:func:`isle_nb.model.isle.frames.tile_locations`), with 85 cats, 6 Oshax,
  25 rare and 44 common treasures, and each place holds only what belongs there (SETUP-3, SETUP-4);
* solo: the 150 discovery cards are each in exactly one place (SETUP-5), the 23 basket cards are in her deck, today's
  row or the used pile (SOLO-2, SOLO-6), her colours are face up one per day (SOLO-11), she never waits for input
  (SOLO-7, SOLO-10); family: no fish, no discovery cards, no Oshax beside the island (FAMILY-1), at most 4 cats per
  player around the island and never a right field (FAMILY-2);
* no tiles overlap and every changed boat re-validates from its saved form (PLACE-1);
* the turn order is a permutation of the seats (the sister's included, RESCUE-2, FAMILY-3);
* someone is awaited until the game is over, every awaited player has a legal action, and after the end nobody has.

Every game ends after day 5. Each game is saved at a random point, loaded, and the rest of its actions replayed on
the loaded game: the end state is identical.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from isle_nb import load_game
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import Action, PlayAnytime, action_from_dict
from isle_nb.model.isle.frames import tile_locations
from isle_nb.model.isle.game import Game
from isle_nb.model.isle.hidden import card_locations
from isle_nb.model.isle.state import SISTER, GameState
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.cards import discovery_card_ids, solo_basket_ids

NAMES = ("Ann", "Ben", "Cat", "Dan")
TILE_TOTALS = {"cat": 85, "oshax": 6, "rare": 25, "common": 44}
DIFFICULTIES = ("easy", "medium", "hard", "very hard", "expert")
SOLO_GAMES_PER_DIFFICULTY = 40
FAMILY_GAMES_PER_COUNT = 70
BLOCKS = 2
DISCOVERY = sorted(discovery_card_ids())
BASKETS = sorted(solo_basket_ids())


def check(state: GameState, previous: GameState | None, legal: dict[str, list[Action]]) -> None:
    """Every invariant of one state (raises AssertionError naming what failed)."""
    locations = tile_locations(state)
    ids = [t.id for t, _, _ in locations]
    assert len(ids) == len(set(ids)) == 160, f"tiles: {len(ids)} listed, {len(set(ids))} distinct"
    assert Counter(t.kind for t, _, _ in locations) == TILE_TOTALS
    assert all(t.kind == "cat" for t in state.left_field + state.right_field + state.around_island)
    assert all(t.kind in ("cat", "rare") for t in state.bag)
    assert all(t.kind == "rare" for t in state.rare_display)
    assert all(t.kind == "common" for t in state.common_supply)
    assert all(t.kind == "oshax" and t.colour is None for t in state.oshax_supply)
    for p in state.players:
        assert p.fish >= 0
        mask = 0
        for placed in p.boat.tiles:
            assert not mask & placed.mask, f"overlapping tiles on {p.name}'s boat"
            mask |= placed.mask
            assert placed.tile.kind != "oshax" or placed.tile.colour is not None
        assert mask == p.boat.occupied
        if previous is None or previous.players[p.seat].boat is not p.boat:
            assert Boat.from_dict(p.boat.to_dict()) == p.boat, f"{p.name}'s boat does not re-validate"
    if state.mode == "solo":
        _check_solo(state)
    else:
        _check_family(state)
    waiting = engine.awaiting(state)
    if state.over:
        assert waiting == () and all(actions == [] for actions in legal.values())
        assert state.day == 5
    else:
        assert waiting, f"nobody to act in {state.phase}/{state.step}"
        assert SISTER not in waiting
        for name in waiting:
            assert legal[name], f"{name} must act but has no legal action"


def _check_solo(state: GameState) -> None:
    sister = state.sister
    assert sister is not None and len(state.players) == 1
    assert sorted(c for c, _, _ in card_locations(state)) == DISCOVERY, "discovery cards missing or repeated"
    assert sorted(state.turn_order) == [0, 1]
    assert sorted(sister.deck + sister.cards + sister.used) == BASKETS
    assert 0 <= sister.resolved <= len(sister.cards)
    assert sister.colours_revealed == state.day and sorted(sister.colour_row) == sorted(set(sister.colour_row))
    if state.phase == "rescue" and state.step == "turns" and not state.pending:
        assert state.turn != state.sister_seat, "the sister's turn is played at once (SOLO-7)"
    if state.phase in ("explore", "lessons") or (state.phase == "rescue" and state.step == "choose"):
        assert sister.cards == () and sister.resolved == 0


def _check_family(state: GameState) -> None:
    assert state.sister is None and state.mode == "family"
    assert card_locations(state) == [] and state.oshax_supply == ()
    assert sorted(state.turn_order) == list(range(len(state.players)))
    assert state.left_field == state.right_field == () and len(state.around_island) <= 4 * len(state.players)
    assert all(p.fish == 0 and p.hand == () for p in state.players)
    lessons = [c for p in state.players for c in p.family_lessons + p.family_offer]
    assert len(lessons) == len(set(lessons))
    if state.phase != "setup":
        assert all(len(p.family_lessons) == 2 and p.family_offer == () for p in state.players)


def playout(names: tuple[str, ...], seed: int, mode: str, difficulty: str = "easy") -> tuple[GameState, list[Action]]:
    """One random game, every invariant checked after every action."""
    rnd = random.Random(f"{mode}:{len(names)}:{difficulty}:{seed}")
    state = engine.new_game(names, seed, mode, difficulty if mode == "solo" else None)  # type: ignore[arg-type]
    actions: list[Action] = []
    previous = None
    while True:
        legal = {p.name: engine.legal_actions(state, p.name) for p in state.players}
        check(state, previous, legal)
        if state.over:
            return state, actions
        plays = [a for acts in legal.values() for a in acts if isinstance(a, PlayAnytime)]
        if plays and rnd.random() < 0.1:
            action = rnd.choice(plays)
        else:
            action = rnd.choice(legal[rnd.choice(engine.awaiting(state))])
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action
        previous, state = state, engine.apply(state, action)
        actions.append(action)
        assert len(actions) < 3000, "the game does not end"


def round_trip(names: tuple[str, ...], seed: int, mode: str, difficulty: str, actions: list[Action],
               final: GameState) -> None:
    """Save after a random number of actions, load, replay the rest on the loaded game: the same end."""
    cut = random.Random(seed).randrange(len(actions) + 1)
    game = Game(engine.new_game(names, seed, mode, difficulty if mode == "solo" else None))  # type: ignore[arg-type]
    for action in actions[:cut]:
        game.apply(action)
    loaded = load_game(game.to_json())
    assert loaded.state == game.state and loaded.state.log == game.state.log
    state = loaded.state
    for action in actions[cut:]:
        state = engine.apply(state, action)
    assert state == final and state.log == final.log


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_solo_conformance_random_games(difficulty: str, block: int) -> None:
    """SOLO-1..12, SETUP-3..5, PLACE-1, RESCUE-2: the invariants hold after every action of 200 random solo games
    (40 per difficulty), and a save/load at a random point continues identically."""
    per_block = SOLO_GAMES_PER_DIFFICULTY // BLOCKS
    for seed in range(block * per_block, (block + 1) * per_block):
        final, actions = playout(("Ann",), seed, "solo", difficulty)
        assert final.sister is not None and final.sister.colours_revealed == 5
        round_trip(("Ann",), seed, "solo", difficulty, actions, final)


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_family_conformance_random_games(players: int, block: int) -> None:
    """FAMILY-1..5, PLACE-1: the invariants hold after every action of 210 random family games (70 per player
    count), and a save/load at a random point continues identically."""
    per_block = FAMILY_GAMES_PER_COUNT // BLOCKS
    names = NAMES[:players]
    for seed in range(block * per_block, (block + 1) * per_block):
        final, actions = playout(names, seed, "family")
        assert final.turn_order == tuple(final.turn_order)  # still a permutation (checked in check)
        round_trip(names, seed, "family", "easy", actions, final)
