"""The one boundary every action passes before any rule runs (issue #10 §1-§2): the examples that used to break.

Actions built in Python are checked with the same schema as saved ones: wrong types, cells off the grid, unknown
ids and fields an action does not use are refused with a :class:`MalformedAction` (an ``IllegalAction`` naming the
rule and the field), the state unchanged, and messages quote hostile values only as short excerpts.
"""

from __future__ import annotations

import json
import math

import pytest

from isle_nb.model.actions import Place, PlayAnytime, Rescue, action_from_dict
from isle_nb.model.errors import QUOTE_LIMIT, IllegalAction, InvalidSave, MalformedAction, quote
from isle_nb.model.game import Game
from isle_nb.model.pocket.actions import ChooseClan, Flip, RotateDog, Swap
from isle_nb.model.pocket.actions import action_from_dict as pocket_action_from_dict
from isle_nb.model.pocket.game import PocketGame

HUGE_TEXT = "x" * 5_000_000


def refused(game: Game | PocketGame, action: object, rule: str | None = None, field: str | None = None) -> str:
    """``action`` is refused by both ``check`` and ``apply`` with a MalformedAction, and nothing changes."""
    before, state = game.to_json(), game.state
    reason = game.check(action)  # type: ignore[arg-type]
    assert reason is not None
    with pytest.raises(MalformedAction) as caught:
        game.apply(action)  # type: ignore[arg-type]
    assert str(caught.value) == reason
    assert game.to_json() == before and game.state is state
    if rule is not None:
        assert caught.value.rule == rule
    if field is not None:
        assert caught.value.field == field
    assert len(reason) < 400, "a refusal quotes at most a short excerpt"
    return reason


def pocket_at_move() -> PocketGame:
    game = PocketGame.new(seed=3)
    game.apply(game.legal_actions(game.awaiting[0])[0])
    return game


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (Flip("Player 1", (0, 0, 7)), "cell"),  # accepted before, and the game could no longer save
        (Flip("Player 1", None), "cell"),
        (Flip("Player 1", "ab"), "cell"),
        (Flip("Player 1", (5, 0)), "cell"),
        (Flip("Player 1", (-1, 0)), "cell"),
        (Flip("Player 1", (True, 0)), "cell"),
        (Flip("Player 1", (0.0, 1)), "cell"),
        (Flip("Player 1", [0, 0]), "cell"),  # lists stand for tuples only in JSON
        (Flip(None, (0, 0)), "player"),
        (Flip(HUGE_TEXT, (0, 0)), "player"),
    ],
)
def test_pocket_flip_with_a_malformed_cell_or_player_is_refused(action: Flip, field: str) -> None:
    refused(PocketGame.new(seed=3), action, field=field)


@pytest.mark.parametrize(
    ("source", "target"),
    [((0, 0), [[0, 0]]), ((0, 0), (3,)), ((0, 0), {}), (None, (0, 0)), ((0, 0), (10**40, 0)), ((0, 0), math.nan)],
)
def test_pocket_swap_with_malformed_cells_is_refused(source: object, target: object) -> None:
    refused(pocket_at_move(), Swap("Player 1", source, target), "POCKET-2")  # type: ignore[arg-type]


def test_pocket_rotate_and_clan_values_out_of_range_are_refused() -> None:
    game = PocketGame.new(seed=3)
    refused(game, RotateDog("Player 1", (0, 0), 4), "POCKET-6", "quarter_turns")
    refused(game, RotateDog("Player 1", (0, 0), 10**30), "POCKET-6", "quarter_turns")
    refused(game, ChooseClan("Player 1", HUGE_TEXT), "POCKET-5", "clan")


def test_anytime_card_76_takes_no_colour_and_no_choice() -> None:
    """ANY-3: card 76 uses neither a colour nor a choice: filled, they are refused instead of going into the log."""
    game = Game.new(2, seed=1)
    name = game.state.names[0]
    refused(game, PlayAnytime(name, 76, colour="x"), field="colour")
    refused(game, PlayAnytime(name, 76, colour="blue"), "ANY-3", "colour")
    refused(game, PlayAnytime(name, 76, choice=("1",)), "ANY-3", "choice")


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (Place("Ann", ((0, 0, 7),)), "cells"),
        (Place("Ann", ((22, 0),)), "cells"),
        (Place("Ann", ((0, 0),), colour="x"), "colour"),
        (Place("Ann", tuple((0, 0) for _ in range(1000))), "cells"),
        (Rescue("Ann", "middle", "cat:blue:412"), "field"),
        (Rescue("Ann", "left", "junk"), "tile"),
        (Rescue("Ann", "left", "cat:blue:412", "both"), "basket"),
        (PlayAnytime("Ann", 9999), "card"),
        (PlayAnytime("Ann", -1), "card"),
        (PlayAnytime("Ann", 10**5000), "card"),
        (PlayAnytime("Ann", math.nan), "card"),  # type: ignore[arg-type]
        (PlayAnytime("Ann", True), "card"),
    ],
)
def test_standard_actions_with_values_out_of_range_are_refused(action: object, field: str) -> None:
    refused(Game.new(["Ann", "Bob"], seed=2), action, field=field)


def test_not_an_action_and_a_subclass_are_refused() -> None:
    game = Game.new(2)
    for thing in (None, "pass", {"kind": "pass"}, object(), Flip("Player 1", (0, 0))):
        refused(game, thing, "DAY-2")

    class Sneaky(Rescue):
        pass

    refused(game, Sneaky("Player 1", "left", "cat:blue:412"), "DAY-2")


def test_a_fifty_megabyte_action_kind_gives_a_short_message() -> None:
    """§2: a hostile value is quoted as a short excerpt (the message does not grow with it)."""
    kind = "k" * 50_000_000
    with pytest.raises(InvalidSave) as caught:
        action_from_dict({"kind": kind, "player": "Ann"})
    assert len(str(caught.value)) < 200 and "50000000 characters" in str(caught.value)
    with pytest.raises(InvalidSave) as caught:
        pocket_action_from_dict({"kind": "flip", "player": "Ann", "cell": [HUGE_TEXT, 0]})
    assert len(str(caught.value)) < 300


def test_quote_is_short_and_escaped() -> None:
    assert quote("a\nb\x00") == "'a\\nb\\x00'"
    assert len(quote(HUGE_TEXT)) < QUOTE_LIMIT + 40 and "5000000 characters" in quote(HUGE_TEXT)
    assert quote(10**5000) == "<a 16610-bit integer>"
    assert len(quote([[0] * 10**5] * 10**3)) < 100
    assert quote((0, 0, 7)) == "(0, 0, 7)"


def test_saved_actions_pass_the_same_check() -> None:
    """A saved action is decoded, then checked by the same schema as an action built in Python."""
    with pytest.raises(InvalidSave, match="cell"):
        pocket_action_from_dict({"kind": "flip", "player": "Player 1", "cell": [0, 9]})
    with pytest.raises(InvalidSave, match="colour"):
        action_from_dict({"kind": "play_anytime", "player": "Ann", "card": 76, "colour": "x", "choice": []})
    with pytest.raises(InvalidSave, match="card"):
        action_from_dict({"kind": "buy", "player": "Ann", "cards": [1.5]})
    assert action_from_dict({"kind": "place", "player": "Ann", "cells": [[0, 0]], "colour": None}) == Place(
        "Ann", ((0, 0),)
    )
    rescue = Rescue("Ann", "left", "cat:blue:412")
    old = {k: v for k, v in rescue.to_dict().items() if k != "basket"}  # saved before rescues named a basket
    assert action_from_dict(json.loads(json.dumps(old))) == rescue


def test_a_malformed_action_is_an_illegal_action_and_a_value_error() -> None:
    assert issubclass(MalformedAction, IllegalAction) and issubclass(MalformedAction, ValueError)
