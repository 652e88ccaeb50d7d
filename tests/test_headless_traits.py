"""A game nobody observes stores its traits without traitlets' validation (the bots' and simulations' fast path,
``model.shell.assign_changed``). Played side by side with an observed game, every trait of the game and of each
player must hold equal values of the same types after every action, in every mode."""

from __future__ import annotations

import random
from typing import Any

import pytest

from isle_nb import Game, new_game
from isle_nb.model.pocket.game import PocketGame


def traits(owner: Any) -> dict[str, tuple[type, Any]]:
    """Each trait's type and value (``players`` holds the player models, compared one by one)."""
    return {name: (type(value), value) for name, value in owner.trait_values().items() if name != "players"}


def models(game: Any) -> list[Any]:
    """The game's observable player models (Pocket Cats has none: its ``players`` are names)."""
    return [p for p in getattr(game, "players", ()) if hasattr(p, "trait_values")]


def snapshot(game: Any) -> list[dict[str, tuple[type, Any]]]:
    return [traits(game), *(traits(p) for p in models(game))]


@pytest.mark.parametrize("make", [
    lambda: Game.new(4, seed=3),
    lambda: Game.new(["Ann"], seed=4, mode="solo", difficulty="medium"),
    lambda: Game.new(3, seed=5, mode="family"),
    lambda: new_game("explore_draw", 3, seed=6),
    lambda: PocketGame.new(seed=7),
], ids=["standard", "solo", "family", "explore_draw", "pocket"])
def test_an_unobserved_game_holds_the_same_traits_as_an_observed_one(make: Any) -> None:
    headless, observed = make(), make()
    seen: list[str] = []
    observed.observe(lambda change: seen.append(change["name"]))
    for player in models(observed):
        player.observe(lambda change: seen.append(change["name"]))
    assert not headless._trait_notifiers and observed._trait_notifiers
    rng = random.Random(1)
    actions = 0
    while not headless.over and actions < 400:
        name = headless.awaiting[0]
        action = rng.choice(headless.legal_actions(name))
        headless.apply(action)
        observed.apply(action)
        assert snapshot(headless) == snapshot(observed)
        actions += 1
    assert actions > 40 and seen
    headless.undo() if headless.can_undo else None
    observed.undo() if observed.can_undo else None
    assert snapshot(headless) == snapshot(observed)


def test_a_player_sync_covers_every_trait() -> None:
    """``PlayerModel.sync`` assigns the traits named in ``PLAYER_TRAITS``: a trait added to the model but not to
    that tuple would never change, so the two must name the same traits."""
    from isle_nb.model.isle.game import PLAYER_TRAITS, PlayerModel

    assert set(PLAYER_TRAITS) == set(PlayerModel.class_trait_names())
    assert len(PLAYER_TRAITS) == len(set(PLAYER_TRAITS))
