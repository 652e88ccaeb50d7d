"""A finished game stays finished (issue #30 §1): once a game of any mode is over, nothing can take a move back,
not the bare shell, not a seat, not a hub table, and trying changes nothing."""

from __future__ import annotations

import functools

import pytest

from isle_nb import LocalSeat, UndoRefused, new_game, play
from isle_nb.hub.store import StoredSeat
from isle_nb.hub.tables import Refusal, Table, TableManager
from isle_nb.model.core.history import GAME_OVER
from isle_nb.model.core.undo import OVER_NOTE
from isle_nb.model.modes import MODES, game_mode

PLAYERS = {"standard": 2, "solo": 1, "family": 2, "pocket": 2, "explore_draw": 2}


@functools.cache
def finished(mode: str):  # type: ignore[no-untyped-def]
    game = new_game(mode, PLAYERS[mode], seed=3)
    play(game, ["random"] * PLAYERS[mode])
    assert game.over
    return game


@pytest.mark.parametrize("mode", list(MODES))
def test_the_last_move_of_a_finished_game_cannot_be_taken_back(mode: str) -> None:
    game = finished(mode)
    before, actions = game.state, list(game.actions)
    assert not game.can_undo and game.undo_depth == 0
    with pytest.raises(UndoRefused, match="finished game stays as it ended"):
        game.undo()
    assert game.state is before and list(game.actions) == actions and game.over
    seat = LocalSeat(game, game.player_names[0])
    assert not seat.can_undo and seat.undo_note
    with pytest.raises(UndoRefused):
        seat.undo()
    assert game.state is before


@pytest.mark.parametrize("mode", list(MODES))
def test_a_hub_table_of_a_finished_game_lets_nobody_undo(mode: str) -> None:
    game = finished(mode)
    before, last = game.state, game.actions[-1].player
    seats = [StoredSeat(n, name, "person", None, "x") for n, name in enumerate(game.player_names)]
    table = Table(id="t1", mode=game_mode(mode), game=game, seats=seats, options={}, created=0.0)
    assert not table.can_undo(last) and table.undo_note(last) == OVER_NOTE
    manager = TableManager.__new__(TableManager)  # no store is touched: the undo is refused first
    with pytest.raises(Refusal, match="game is over"):
        manager.undo(table, last)
    assert game.state is before


def test_the_refusal_reads_as_a_sentence() -> None:
    assert GAME_OVER[0].islower() and "rematch" in GAME_OVER and "_" not in GAME_OVER
