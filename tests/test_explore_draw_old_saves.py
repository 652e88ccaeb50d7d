"""Explore & Draw games saved before it had its printed cards (ED-10) are refused with a sentence that says so
(polish): their moves were made on reconstructed cards that no longer exist, so no migration can replay them. Before,
most were refused halfway through the replay with a rule that made no sense ("action 2 ... is not legal: ED-4: an
'or' card..."), and one saved before any card was taken quietly loaded with other cards."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from isle_nb import Game, load_game, new_game
from isle_nb.model.core.errors import InvalidSave, OutdatedSave
from isle_nb.model.explore_draw.game import ExploreDrawGame
from isle_nb.widgets import play_app

OLD_SAVE = {  # written by the code of commit dbcfe04^ (its first four moves), the last before the printed cards
    "format": "isle_nb.explore_draw", "version": 1, "mode": "explore_draw", "players": ["Ann", "Ben"], "seed": 5,
    "difficulty": None, "actions": [
        {"kind": "choose_cards", "player": "Ann", "slots": [1, 7, 10], "special": "one_per_row"},
        {"kind": "choose_cards", "player": "Ben", "slots": [4, 7, 10], "special": "one_per_row"},
        {"kind": "take_card", "player": "Ann", "slot": 7, "side": None, "picks": [1, 2], "colour": None},
        {"kind": "draw", "player": "Ann", "tile": "common:1x2:0", "cells": [[5, 3], [6, 3]], "colour": None},
    ],
}


@pytest.mark.parametrize("moves", [4, 1, 0])
def test_a_save_from_before_the_printed_cards_is_refused_in_words(moves: int) -> None:
    text = json.dumps(OLD_SAVE | {"actions": OLD_SAVE["actions"][:moves]})
    for load in (ExploreDrawGame.from_json, Game.from_json, load_game):
        with pytest.raises(OutdatedSave) as refused, warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # Game.from_json of another game's save
            load(text)
        assert isinstance(refused.value, InvalidSave)
        words = str(refused.value)
        assert "saved by an older version of Explore & Draw" in words and "cannot continue it" in words
        assert "not legal" not in words


def test_a_save_of_the_printed_cards_still_loads() -> None:
    game = new_game("explore_draw", ["Ann", "Ben"], seed=5)
    assert json.loads(game.to_json())["mixed_cards"] is False
    assert load_game(game.to_json()).state == game.state


def test_the_app_says_so_and_keeps_the_game_it_shows() -> None:
    old = play_app(["Ann", "Ben"], mode="explore_draw", seed=5, bot_delay=0)
    path = Path(old.save())
    old.close()  # as a kernel restart leaves it
    record = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(record | {"game": OLD_SAVE}), encoding="utf-8")

    new = play_app(["Ann", "bot:greedy"], seed=6, bot_delay=0)  # offers the last game, of any mode
    assert new.offer is not None
    before = new.game.to_json()
    new.offer.resume()
    assert new.messages.kind == "warning", new.messages.text
    assert new.messages.text.startswith("This game was saved by an older version of Explore & Draw")
    assert new.game.to_json() == before and getattr(new, "other_app", None) is None
