"""Observers and messages (issue #10 §2): a move either happens and is shown, or does not happen.

An observer that raises must not make ``apply`` raise after the move was recorded, must not skip the observers
after it, and must not stall an app or its bot seats; its error is reported (the app's message area, the log).
Tested on the shells directly and with a raising observer in every app: standard, solo, family and Pocket Cats.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from isle_nb.bots import GreedyBot
from isle_nb.model.core.history import ObserverError
from isle_nb.model.isle.game import Game
from isle_nb.model.pocket.game import PocketGame
from isle_nb.widgets import GameApp
from isle_nb.widgets.pocket import PocketBoardWidget

P1, P2 = "Player 1", "Player 2"


class Boom(RuntimeError):
    pass


def boom(change: Any) -> None:
    raise Boom("observer bug " + "x" * 10_000)


def first_move(game: Game | PocketGame) -> None:
    name = game.awaiting[0]
    game.apply(game.legal_actions(name)[0])


@pytest.mark.parametrize("make", [lambda: Game.new(2, seed=1), lambda: PocketGame.new(seed=1)], ids=["isle", "pocket"])
def test_a_raising_observer_neither_undoes_nor_hides_the_move(make: Any, caplog: pytest.LogCaptureFixture) -> None:
    game = make()
    before: list[str] = []
    after: list[str] = []
    game.observe(lambda change: before.append(change["name"]), names=["state"])
    game.observe(boom, names=["state", "actions"])
    game.observe(lambda change: after.append(change["name"]), names=["state"])
    reported: list[ObserverError] = []
    game.on_observer_error(reported.append)
    with caplog.at_level(logging.ERROR, logger="isle_nb"):
        first_move(game)  # does not raise
    assert len(game.actions) == 1 and game.state.log
    assert before == ["state"] and after == ["state"], "every other observer was told"
    assert len(reported) == 2 and all(isinstance(e.error, Boom) for e in reported)
    assert game.observer_errors == reported
    assert "the move stands" in str(reported[0]) and len(str(reported[0])) < 300
    assert any("observer" in r.getMessage() for r in caplog.records)
    game.unobserve(boom, names=["state", "actions"])  # the guarded handler is found by the one given
    first_move(game)
    assert len(reported) == 2 and len(game.actions) == 2


def test_a_failing_reporter_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    game = Game.new(2, seed=1)
    game.observe(boom, names=["state"])
    game.on_observer_error(boom)
    with caplog.at_level(logging.ERROR, logger="isle_nb"):
        first_move(game)
    assert len(game.actions) == 1 and len(game.observer_errors) == 1
    assert any("reporting an observer error failed" in r.getMessage() for r in caplog.records)


def test_a_player_model_observer_that_raises_is_reported_by_its_game() -> None:
    game = Game.new(["Ann", "Bob"], seed=1)
    game.player("Ann").observe(boom, names=["fish"])
    seen: list[str] = []
    game.observe(lambda change: seen.append("state"), names=["state"])
    while not game.observer_errors:
        first_move(game)
    assert seen and game.observer_errors[0].change["name"] == "fish"


@pytest.mark.parametrize("where", ["before the app", "after the app"])
@pytest.mark.parametrize("mode", ["standard", "solo", "family"])
def test_the_game_app_keeps_playing_and_shows_an_observer_error(mode: str, where: str) -> None:
    """A raising observer registered before or after the app's own: the human's move happens, the app redraws,
    the bot seats keep moving and the message area says what failed."""
    names = ["Ann"] if mode == "solo" else ["Ann", "Bot"]
    game = Game.new(names, seed=2, mode=mode)
    if where == "before the app":
        game.observe(boom, names=["state"])
    app = GameApp(game, bots={"Bot": GreedyBot()} if mode != "solo" else {}, bot_delay=0)
    if where == "after the app":
        game.observe(boom, names=["state"])
    for _ in range(6):  # a few decisions, sent as the panels send them, each answered by the bot
        moves, panel = len(game.actions), app.panel
        app.messages.guard(app.act)(game.legal_actions("Ann")[0])
        assert len(game.actions) > moves, "the move happened"
        assert app.messages.kind == "error" and "the move stands" in app.messages.text
        assert "Ann" in game.awaiting or game.over, "the bot seat moved and it is the human's turn again"
        assert app.panel is not panel, "the app redrew its panel for the new state"
    assert game.observer_errors and all(isinstance(e.error, Boom) for e in game.observer_errors)


def test_the_pocket_board_keeps_playing_and_shows_an_observer_error() -> None:
    game = PocketGame.new(seed=6)
    game.observe(boom, names=["state"])
    widget = PocketBoardWidget(game, player=P1, bot="greedy")
    widget.click_cell(0, 1)
    assert game.stage == "move" and "the move stands" in widget.message.text
    widget.click_cell(*widget.targets()[0])
    assert game.turn == 2 and game.awaiting == (P1,), "the bot flipped and moved after the human's swap"
    assert "Player 2 flips" in widget.log_view.value
    assert widget.message.kind == "error" and "the move stands" in widget.message.text
