"""A ``Place`` carries the orientation and anchor it was made with (PLACE-1), so views never rebuild them from the
cells; saves written before those fields existed still load and replay."""

from __future__ import annotations

import json

import pytest
from game_helpers import new_state, step_until

from isle_nb.bots import RandomBot, play
from isle_nb.model.core.errors import IllegalPlacement
from isle_nb.model.isle import engine
from isle_nb.model.isle.actions import Place, action_from_dict
from isle_nb.model.isle.gained_tiles import place_action
from isle_nb.model.isle.game import Game
from isle_nb.model.parts.tiles import SHAPES


def placing_state():
    """A game where the first player must place a rescued tile."""
    return step_until(new_state(2, seed=3), lambda s: bool(s.pending) and s.pending[-1].kind == "place")


def test_legal_place_actions_carry_orientation_and_anchor_matching_their_cells() -> None:
    """PLACE-1: each legal Place names the orientation and anchor whose cells it covers."""
    state = placing_state()
    top = state.pending[-1]
    actions = [a for a in engine.legal_actions(state, top.player) if isinstance(a, Place)]
    assert actions
    shape = top.tile.shape_def
    for action in actions:
        assert action.orientation is not None and action.anchor is not None
        assert sorted(shape.cells_at(action.orientation, action.anchor)) == list(action.cells)
        assert place_action(action.player, top.tile, action.orientation, action.anchor, action.colour) == action


def test_orientation_and_anchor_do_not_change_what_an_action_is() -> None:
    """The cells say where a tile lies: a Place with or without its orientation is the same move."""
    state = placing_state()
    top = state.pending[-1]
    legal = next(a for a in engine.legal_actions(state, top.player) if isinstance(a, Place))
    bare = Place(legal.player, legal.cells, legal.colour)
    assert bare == legal and hash(bare) == hash(legal)
    assert engine.apply(state, bare).players == engine.apply(state, legal).players


def test_an_orientation_that_does_not_match_the_cells_is_refused_and_changes_nothing() -> None:
    """PLACE-1: the orientation and anchor, when given, must describe the same cells."""
    state = placing_state()
    top = state.pending[-1]
    legal = next(a for a in engine.legal_actions(state, top.player) if isinstance(a, Place))
    shifted = Place(legal.player, legal.cells, legal.colour, legal.orientation, (legal.anchor[0] + 1, legal.anchor[1]))
    with pytest.raises(IllegalPlacement, match="PLACE-1"):
        engine.apply(state, shifted)
    half = Place(legal.player, legal.cells, legal.colour, legal.orientation, None)
    with pytest.raises(IllegalPlacement, match="PLACE-1"):
        engine.apply(state, half)


def test_a_place_saved_without_orientation_and_anchor_still_loads() -> None:
    """Saves from before Place carried its orientation load with both unset."""
    action = action_from_dict({"kind": "place", "player": "Ann", "cells": [[3, 4], [4, 4]], "colour": None})
    assert action == Place("Ann", ((3, 4), (4, 4))) and action.orientation is None and action.anchor is None
    data = Place("Ann", ((3, 4), (4, 4)), None, 0, (3, 4)).to_dict()
    assert data["orientation"] == 0 and data["anchor"] == [3, 4]
    again = action_from_dict(json.loads(json.dumps(data)))
    assert again.orientation == 0 and again.anchor == (3, 4)


def test_a_game_saved_with_oriented_places_replays() -> None:
    """A save written now (Place with orientation and anchor) replays to the same state."""
    game = Game.new(["Ann", "Ben"], seed=11)
    play(game, [RandomBot(1), RandomBot(2)])
    assert any(isinstance(a, Place) and a.orientation is not None for a in game.actions)
    again = Game.from_json(game.to_json())
    assert again.over and again.state.players == game.state.players


def test_shape_turns_and_mirrors_map_orientations() -> None:
    """PLACE-1: four quarter turns or two mirrors bring every orientation back to itself."""
    for shape in SHAPES.values():
        for index in range(len(shape.orientations)):
            turned = index
            for _ in range(4):
                turned = shape.turned(turned)
            assert turned == index
            assert shape.mirrored(shape.mirrored(index)) == index


def test_a_tile_just_off_the_boat_is_refused_by_the_rule_in_plain_words() -> None:
    """PLACE-1: a pointer just past the boat's edge gives a player's sentence ("off the boat"), not a malformed-action
    message; only coordinates no pointer could produce are malformed."""
    from isle_nb.model.core.errors import MalformedAction

    state = placing_state()
    top = state.pending[-1]
    legal = next(a for a in engine.legal_actions(state, top.player) if isinstance(a, Place))
    left = min(x for x, _ in legal.cells)
    shifted = tuple(sorted((x - left - 1, y) for x, y in legal.cells))
    with pytest.raises(IllegalPlacement, match="off the boat") as refused:
        engine.apply(state, Place(legal.player, shifted, legal.colour))
    assert not isinstance(refused.value, MalformedAction)
    far = tuple((x - 500, y) for x, y in legal.cells)
    with pytest.raises(MalformedAction, match="far off"):
        engine.apply(state, Place(legal.player, far, legal.colour))
