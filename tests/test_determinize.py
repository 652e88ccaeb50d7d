"""Determinization (isle_nb.model.isle.determinize): a state one seat could believe in, built from its view only.

What the rules keep secret from a player (EXPLORE-4 hidden picks and other packs, LESSON-1 private lessons,
RESCUE-1 rescue cards until revealed, FAMILY-1 family lessons, SOLO-2/SOLO-6 the sister's face-down cards, and the
order of the deck and the bag) is re-sampled; everything the player may see stays exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields

import msgspec
import pytest

from isle_nb.model.core.wire import field_names
from isle_nb.model.isle import engine
from isle_nb.model.isle.determinize import determinize
from isle_nb.model.isle.frames import tile_locations
from isle_nb.model.isle.hidden import HIDDEN_CARDS, card_locations
from isle_nb.model.isle.player_view import OtherView, OwnView, player_view
from isle_nb.model.isle.state import GameState, PlayerState
from tests.game_helpers import check_invariants, random_action

SETUPS = [
    ("standard", ("Ann", "Ben")),
    ("standard", ("Ann", "Ben", "Cat", "Dan")),
    ("solo", ("Ann",)),
    ("family", ("Ann", "Ben", "Cat")),
]


def states_along_a_game(mode: str, names: tuple[str, ...], seed: int, every: int = 7) -> Iterator[GameState]:
    """Every ``every``-th state of a seeded random game (anytime cards included), to the end."""
    state = engine.new_game(names, seed, mode)  # type: ignore[arg-type]
    rnd = random.Random(seed)
    count = 0
    while not state.over:
        if count % every == 0:
            yield state
        state = engine.apply(state, random_action(state, rnd))
        count += 1


def hidden_cards_of_others(state: GameState, viewer: str) -> list[tuple]:
    return [tuple(getattr(p, name) for name in HIDDEN_CARDS) for p in state.players if p.name != viewer]


def test_the_secrets_are_declared_once_for_the_view_and_the_redealing() -> None:
    """Issue #19: the hidden card fields (model/hidden.py) are the viewer's own in their view, only counted of the
    others, and the only fields of another player the re-dealing changes (with hidden rescue cards, RESCUE-1)."""
    own = set(field_names(OwnView))
    other = {f.name: f.type for f in msgspec.structs.fields(OtherView)}
    assert set(HIDDEN_CARDS) <= own
    assert all(other.get(name) in (None, int, bool) for name in HIDDEN_CARDS)
    names = ("Ann", "Ben", "Cat")
    for index, state in enumerate(states_along_a_game("standard", names, seed=3, every=13)):
        world = determinize(state, "Ann", random.Random(index))
        for before, after in zip(state.players, world.players, strict=True):
            changed = {f.name for f in fields(PlayerState) if getattr(before, f.name) != getattr(after, f.name)}
            assert changed <= ({*HIDDEN_CARDS, "rescue_cards"} if before.name != "Ann" else set()), changed


@pytest.mark.parametrize(("mode", "names"), SETUPS, ids=[f"{m}-{len(n)}p" for m, n in SETUPS])
def test_determinized_state_keeps_every_public_fact(mode: str, names: tuple[str, ...]) -> None:
    """The viewer's view of the determinized state equals their view of the true state (boats, fish, fields,
    display, supplies, public lessons, every count, who picked, revealed rescue cards, the sister's face-up cards,
    the log lines they may read), their legal actions are the same, and the state is whole: every card and tile
    in exactly one place."""
    changed = 0
    for index, state in enumerate(states_along_a_game(mode, names, seed=11)):
        viewer = names[index % len(names)]
        world = determinize(state, viewer, random.Random(index))
        assert player_view(world, viewer) == player_view(state, viewer)
        assert engine.legal_actions(world, viewer) == engine.legal_actions(state, viewer)
        assert engine.awaiting(world) == engine.awaiting(state)
        if mode == "standard":
            check_invariants(world)
        assert sorted(c for c, _, _ in card_locations(world)) == sorted(c for c, _, _ in card_locations(state))
        assert sorted(t.id for t, _, _ in tile_locations(world)) == sorted(t.id for t, _, _ in tile_locations(state))
        changed += world.deck != state.deck or hidden_cards_of_others(world, viewer) != hidden_cards_of_others(
            state, viewer
        )
        assert world.seed != state.seed, "the future draws must be a fresh guess, not the true ones"
    assert changed, "determinization must actually re-sample the secrets"


@pytest.mark.parametrize(("mode", "names"), SETUPS, ids=[f"{m}-{len(n)}p" for m, n in SETUPS])
def test_states_that_look_alike_determinize_alike(mode: str, names: tuple[str, ...]) -> None:
    """Two true states the viewer cannot tell apart (the second has every secret re-dealt and another seed) give
    the very same determinized state: nothing hidden leaks into it."""
    for index, state in enumerate(states_along_a_game(mode, names, seed=5, every=11)):
        viewer = names[index % len(names)]
        other_truth = determinize(state, viewer, random.Random(1000 + index))
        assert player_view(other_truth, viewer) == player_view(state, viewer)
        one = determinize(state, viewer, random.Random(7))
        two = determinize(other_truth, viewer, random.Random(7))
        assert one == two
        assert one.log == two.log


def test_secrets_are_redealt_within_their_kind() -> None:
    """Hidden cards go back only where such a card may lie: private lessons stay private lesson cards (LESSON-1),
    chosen rescue cards stay rescue cards in that player's hand (RESCUE-1), a hidden pick stays in its pack
    (EXPLORE-4)."""
    from isle_nb.model.parts.cards import card

    seen_private = seen_rescue = seen_pick = False
    for mode, names in SETUPS[:2]:
        for index, state in enumerate(states_along_a_game(mode, names, seed=3, every=3)):
            viewer = names[0]
            world = determinize(state, viewer, random.Random(index))
            for player in world.players:
                if player.name == viewer:
                    continue
                for lesson in player.private_lessons:
                    assert card(lesson).type == "lesson" and not card(lesson).public
                    seen_private = True
                if player.rescue_cards and state.step == "choose":
                    assert all(card(c).type == "rescue" and c in player.hand for c in player.rescue_cards)
                    seen_rescue = True
                if player.pick is not None:
                    assert set(player.pick) <= set(player.pack)
                    seen_pick = True
    assert seen_private and seen_rescue and seen_pick


def test_the_sisters_secrets_are_reshuffled() -> None:
    """Solo: the sister's face-down colour cards and basket deck are re-sampled; the face-up ones stay (SOLO-2)."""
    differs = 0
    for index, state in enumerate(states_along_a_game("solo", ("Ann",), seed=9, every=5)):
        world = determinize(state, "Ann", random.Random(index))
        sister, guessed = state.sister, world.sister
        assert sister is not None and guessed is not None
        assert guessed.revealed_colours == sister.revealed_colours
        assert sorted(guessed.colour_row) == sorted(sister.colour_row)
        shown = max(1, sister.resolved) if sister.cards else 0
        assert guessed.cards[:shown] == sister.cards[:shown]
        assert sorted(guessed.deck + guessed.cards) == sorted(sister.deck + sister.cards)
        differs += guessed.deck != sister.deck or guessed.colour_row != sister.colour_row
    assert differs
