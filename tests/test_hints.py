"""Hints (isle_nb.model.isle.hints, Game.hint): the search bot's suggestion with reasons from the model's numbers."""

from __future__ import annotations

import random

import pytest

from isle_nb import Game, Hint
from isle_nb.model.isle import engine, results
from isle_nb.model.isle.actions import Buy, ChooseRescueCards, DraftPick, Pass, Place, Rescue
from isle_nb.model.isle.determinize import determinize
from isle_nb.model.isle.hints import describe_action, hint
from tests.game_helpers import random_action


def game_at(kind: type, seed: int = 4) -> Game:
    """A seeded 2-player game, played at random until an awaited player has a choice of this kind."""
    game = Game.new(["Ann", "Ben"], seed=seed)
    rnd = random.Random(seed)
    while not game.over:
        name = game.awaiting[0]
        legal = game.legal_actions(name)
        if len(legal) > 1 and isinstance(legal[0], kind):
            return game
        game.apply(random_action(game.state, rnd, anytime_chance=0.0))
    raise AssertionError(f"no {kind.__name__} decision")


@pytest.mark.parametrize("kind", [DraftPick, Buy, ChooseRescueCards, Rescue])
def test_hint_is_a_legal_action_with_reasons_from_the_numbers(kind: type) -> None:
    """The hint is one of the legal actions; its sentences quote the fish left and the simulations' margin, and
    nothing is played (the game is unchanged)."""
    game = game_at(kind)
    name = game.awaiting[0]
    before = game.state
    found = game.hint(name)
    assert isinstance(found, Hint)
    assert game.state is before and not game.can_redo
    assert found.action in game.legal_actions(name)
    assert found.summary == describe_action(game.state, found.action)
    assert f"You keep {found.fish_after} fish" in found.text
    assert found.fish_after <= found.fish_before
    if found.runner_up is not None:
        assert found.runner_up_value is not None and found.value >= found.runner_up_value
        assert "simulated" in found.text


def test_draft_hint_names_the_cards_kept_and_passed_on() -> None:
    game = game_at(DraftPick)
    name = game.awaiting[0]
    found = game.hint(name)
    assert found is not None and isinstance(found.action, DraftPick)
    for card_id in found.action.cards:
        assert f"#{card_id} (" in found.summary
    passed = [c for c in game.state.player(name).pack if c not in found.action.cards]
    assert all(f"#{c} (" in found.text for c in passed)
    assert "passes on" in found.text


def test_placement_hint_offers_the_best_spots_by_score_change() -> None:
    """For a tile to place: the suggested spot first, then the other best spots by score change, each legal, each
    with the score change the model computes and what it gives in words (rooms, rats, maps, families)."""
    game = game_at(Place)
    name = game.awaiting[0]
    found = game.hint(name)
    assert found is not None and isinstance(found.action, Place)
    assert found.placements and found.placements[0].action == found.action
    assert len(found.placements) <= 3
    world = determinize(game.state, name, random.Random(0))
    base = results.score_player(world, name).total
    for option in found.placements:
        assert option.action in game.legal_actions(name)
        after = results.score_player(engine.apply(world, option.action), name).total
        assert option.score_change == after - base
        assert option.words.startswith(("In room", "Across rooms"))
    assert found.score_change == found.placements[0].score_change
    assert found.placements[0].words in found.text


def test_no_hint_for_a_player_with_nothing_to_decide() -> None:
    game = Game.new(["Ann", "Ben"], seed=1)
    game.apply(game.legal_actions("Ann")[0])
    assert hint(game.state, "Ann") is None
    assert game.hint("Ann") is None


def test_hint_does_not_depend_on_hidden_information() -> None:
    """The same view gives the same hint, whatever the other player's cards and the deck really are."""
    game = game_at(Rescue, seed=6)
    name = game.awaiting[0]
    other_truth = determinize(game.state, name, random.Random(77))
    assert hint(game.state, name) == hint(other_truth, name)


def test_passing_is_described_and_explained() -> None:
    assert describe_action(Game.new(2).state, Pass("Player 1")) == "Pass."
