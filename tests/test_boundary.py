"""The one boundary every action passes before any rule runs (issue #10 §1-§2): the examples that used to break.

Actions built in Python are checked with the same schema as saved ones: wrong types, cells off the grid, unknown
ids and fields an action does not use are refused with a :class:`MalformedAction` (an ``IllegalAction`` naming the
rule and the field), the state unchanged, and messages quote hostile values only as short excerpts.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from isle_nb.model.core.errors import QUOTE_LIMIT, IllegalAction, InvalidSave, MalformedAction, quote
from isle_nb.model.isle.actions import Place, PlayAnytime, Rescue, action_from_dict
from isle_nb.model.isle.game import Game
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
        (Place("Ann", ((500, 0),)), "cells"),  # just off the grid is the PLACE-1 rule's (test_place_action)
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


def test_a_value_out_of_range_is_refused_in_a_players_words() -> None:
    """Issue #34: a colour a person typed that is no cat colour is refused naming the value and what is allowed,
    under the action's rule, with no internal key ("choose_lesson_colour") in the sentence."""
    from isle_nb.model.isle.actions import ChooseLessonColour, check_action

    with pytest.raises(MalformedAction) as refused:
        check_action(ChooseLessonColour("Bob", 149, "pink"))
    assert str(refused.value) == "LESSON-2: colour 'pink' must be one of blue, green, red, purple, orange"
    with pytest.raises(MalformedAction, match=r"^PLACE-1: cells item 0 \(\(400, 3\)\) is far off the 22x9 boat grid$"):
        check_action(Place("Ann", ((400, 3),)))


# -- §4 the public API's edges: a ValueError subclass with a sentence, never KeyError/TypeError/AttributeError ------
@pytest.mark.parametrize("method", ["score", "boat_frame", "player", "picks_needed", "cards_frame",
                                    "log_frame", "legal_actions"])
def test_an_unknown_player_name_is_refused_everywhere(method: str) -> None:
    game = Game.new(2, seed=1)
    with pytest.raises(IllegalAction, match="SETUP-1: there is no player called 'Nobody'"):
        getattr(game, method)("Nobody")


@pytest.mark.parametrize("method", ["grid_frame", "log_frame", "legal_actions"])
def test_pocket_an_unknown_player_name_is_refused(method: str) -> None:
    with pytest.raises(IllegalAction, match="POCKET-1"):
        getattr(PocketGame.new(seed=1), method)("Nobody")


@pytest.mark.parametrize("make", [lambda: Game.new(2, seed=1), lambda: PocketGame.new(seed=1)], ids=["isle", "pocket"])
def test_anyone_who_is_not_a_player_watches_the_public_view(make) -> None:  # type: ignore[no-untyped-def]
    """Issue #19: view() of a name that is no player's is the public view (it used to be refused)."""
    game = make()
    assert game.view("Nobody") == game.view(None) and game.view("Nobody").player is None


@pytest.mark.parametrize(
    "arguments",
    [
        {"players": "Bob"},
        {"players": ["Ann", "  "]},
        {"players": ["Ann", "Ann"]},
        {"players": ["Ann", "Bob\n"]},
        {"players": ["Ann", HUGE_TEXT]},
        {"players": 2.0},
        {"players": None},
        {"players": True},
        {"players": 10**6},
        {"players": 10**5000},
        {"difficulty": "impossible"},
        {"difficulty": "easy"},  # only the solo game has a difficulty
        {"seed": "7"},
        {"seed": 7.9},
        {"seed": True},
        {"seed": None},
        {"seed": [1]},
        {"seed": float("inf")},
        {"seed": 10**5000},
        {"seed": 2**63},
        {"mode": ["standard"]},
        {"mode": "solo", "difficulty": "impossible"},
        {"mode": "solo", "difficulty": 3},
    ],
)
def test_game_new_refuses_bad_arguments_with_a_sentence(arguments: dict) -> None:
    with pytest.raises(IllegalAction) as caught:
        Game.new(**arguments)
    assert len(str(caught.value)) < 200


def test_game_new_accepts_what_it_documents() -> None:
    assert Game.new(["Ann", "Bob"], seed=-(2**63) + 1).state.seed == -(2**63) + 1
    assert Game.new(1, mode="solo").state.sister.difficulty == "easy"
    assert Game.new(("Ann",), mode="solo", difficulty="hard").state.sister.difficulty == "hard"
    assert Game.new(4, mode="family").state.names == ("Player 1", "Player 2", "Player 3", "Player 4")


@pytest.mark.parametrize(
    "arguments",
    [{"players": "AB"}, {"players": ("A",)}, {"seed": "5"}, {"seed": 1.0}, {"effects": "no"}, {"effects": 1},
     {"clans": "AB"}, {"clans": ("royal claws",)}, {"variant": "quick"}],
)
def test_pocket_new_refuses_bad_arguments(arguments: dict) -> None:
    with pytest.raises(IllegalAction):
        PocketGame.new(**arguments)


def test_scoring_and_components_refuse_bad_arguments_with_a_sentence() -> None:
    from isle_nb.model.core.errors import InvalidArgument, UnknownComponent
    from isle_nb.model.parts.boat import Boat
    from isle_nb.model.parts.scoring import score_boat
    from isle_nb.model.parts.tiles import Tile

    boat = Boat("A")
    for call in (
        lambda: score_boat(None),
        lambda: score_boat("A"),
        lambda: score_boat(boat, private_lessons=None),
        lambda: score_boat(boat, fish=-5),
        lambda: score_boat(boat, fish="x"),
        lambda: score_boat(boat, permanent_baskets=-1),
        lambda: score_boat(boat, first_in_turn_order="yes"),
    ):
        with pytest.raises(InvalidArgument):
            call()
    for call in (
        lambda: Boat("A", tiles=("junk",)),
        lambda: Boat(None),
        lambda: Tile.from_id(None),
        lambda: Tile.from_id(HUGE_TEXT),
        lambda: boat.legal_placements([1]),
    ):
        with pytest.raises(UnknownComponent):
            call()
    assert score_boat(boat, fish=3, permanent_baskets=0).total < 0


# -- §5 saved games -----------------------------------------------------------------------------------------------
def test_saves_refuse_a_huge_name_quickly() -> None:
    import time

    from isle_nb.model.core.history import SAVE_LIMIT

    save = json.loads(Game.new(["Ann", "Bob"]).to_json())
    save["players"] = ["Ann", "x" * 50_000_000]
    text = json.dumps(save)
    start = time.perf_counter()
    with pytest.raises(InvalidSave, match=f"at most {SAVE_LIMIT:,} characters"):
        Game.from_json(text)
    assert time.perf_counter() - start < 1.0, "refused before parsing"
    save["players"] = ["Ann", "x" * 41]
    with pytest.raises(InvalidSave, match="1-40 printable characters"):
        Game.from_json(json.dumps(save))


@pytest.mark.parametrize("version", [1.0, True, "1", None, 2, [1]])
@pytest.mark.parametrize("make", [lambda: Game.new(2), lambda: PocketGame.new()], ids=["isle", "pocket"])
def test_saves_refuse_any_version_but_the_formats_own(make: Any, version: object) -> None:
    game = make()
    save = json.loads(game.to_json())
    assert save["version"] == 1 and type(game).from_json(json.dumps(save)).to_json() == game.to_json()
    save["version"] = version
    with pytest.raises(InvalidSave, match="unsupported save version"):
        type(game).from_json(json.dumps(save))


@pytest.mark.parametrize("make", [lambda: Game.new(2), lambda: PocketGame.new()], ids=["isle", "pocket"])
def test_saves_refuse_unknown_top_level_keys(make: Any) -> None:
    """Decision (README): a key the game never writes is refused, naming it, rather than ignored."""
    game = make()
    save = json.loads(game.to_json())
    save["cheat"] = {"fish": 99}
    with pytest.raises(InvalidSave, match="unknown keys in the saved game: \\['cheat'\\]"):
        type(game).from_json(json.dumps(save))


def test_saves_refuse_too_many_actions_and_non_text() -> None:
    from isle_nb.model.core.history import ACTIONS_LIMIT

    save = json.loads(Game.new(2).to_json())
    save["actions"] = [{"kind": "pass", "player": "Player 1"}] * (ACTIONS_LIMIT + 1)
    with pytest.raises(InvalidSave, match="at most"):
        Game.from_json(json.dumps(save))
    for junk in (None, 7, ["{}"]):
        with pytest.raises(InvalidSave):
            Game.from_json(junk)  # type: ignore[arg-type]
