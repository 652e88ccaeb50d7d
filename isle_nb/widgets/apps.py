"""The app of every registered game mode: each app module is registered with the model's registry of games
(:func:`isle_nb.model.modes.register_app`) and imported only when a game of its mode is first opened.

An app maker takes a game shell and who sits where, and returns the app showing it:
``maker(game, bots, seats, bot_delay=..., hot_seat_cover=..., autosave=..., save_path=...)``. :func:`open_game`
starts a new game of any mode in its app and :func:`resume_game` continues a saved one, so ``play_app`` and the
Games dialog treat every mode alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from isle_nb.model.core.contract import Bot
from isle_nb.model.core.records import check_names
from isle_nb.model.modes import app_maker, game_mode, mode_of_save, register_app
from isle_nb.widgets.saves import read_game
from isle_nb.widgets.seats import parse_players


def make_isle_app(game: Any, bots: Mapping[str, Bot[Any]], seats: Sequence[str], bot_delay: float = 0.6,
             hot_seat_cover: bool = True, autosave: bool = True, save_path: str | None = None) -> Any:
    """The Isle of Cats app (standard, solo and family games)."""
    from isle_nb.widgets.app import GameApp

    app = GameApp(game, bots=bots, bot_delay=bot_delay, hot_seat_cover=hot_seat_cover, seats=seats,
                  autosave=autosave)
    app.save_path = save_path or app.save_path
    return app


def make_explore_draw_app(game: Any, bots: Mapping[str, Bot[Any]], seats: Sequence[str], bot_delay: float = 0.6,
                     hot_seat_cover: bool = True, autosave: bool = True, save_path: str | None = None) -> Any:
    """The Explore & Draw app."""
    from isle_nb.widgets.explore_draw import ExploreDrawApp

    return ExploreDrawApp(game, bots, bot_delay=bot_delay, seats=seats, autosave=autosave, save_path=save_path)


def make_pocket_app(game: Any, bots: Mapping[str, Bot[Any]], seats: Sequence[str], bot_delay: float = 0.6,
               hot_seat_cover: bool = True, autosave: bool = True, save_path: str | None = None) -> Any:
    """The Pocket Cats app."""
    from isle_nb.widgets.pocket import PocketBoardWidget

    return PocketBoardWidget(game, bots=bots, bot_delay=bot_delay, seats=seats, autosave=autosave,
                             save_path=save_path)


for _name in ("standard", "solo", "family"):
    register_app(_name, lambda: make_isle_app)
register_app("pocket", lambda: make_pocket_app)
register_app("explore_draw", lambda: make_explore_draw_app)


def open_game(mode: str, players: Sequence[str] | int, seed: int, options: Mapping[str, Any] | None = None,
              **app_options: Any) -> Any:
    """A new game of the registered ``mode`` in its app: ``players`` are seats as in ``play_app`` (a name, or
    ``"Cleo=bot:greedy"``), or how many people play (named "Player 1"...); ``options`` the mode's options,
    ``app_options`` the maker's (``bot_delay``...)."""
    entry = game_mode(mode)
    if isinstance(players, int):
        players = check_names(players, range(entry.players[0], entry.players[-1] + 1), entry.rule, entry.label)
    names, bots = parse_players(players, seed, entry.bots)
    game = entry.new(names, seed, **(options or {}))
    return app_maker(mode)(game, bots, tuple(players), **app_options)


def resume_game(path: Path, **app_options: Any) -> Any:
    """A saved app game (any mode) in its app, saving on into the same file."""
    data, game = read_game(path.read_text(encoding="utf-8"))
    saved = data["game"]  # checked by the replay: the setup and the actions
    entry = mode_of_save(saved)
    names, bots = parse_players(data["seats"], saved["seed"], entry.bots)
    if list(names) != list(saved["players"]):
        raise ValueError("the saved seats do not match the saved game's players")
    app_options = {**app_options, "bot_delay": float(data.get("bot_delay", app_options.get("bot_delay", 0.6)))}
    app = app_maker(entry.name)(game, bots, tuple(data["seats"]), save_path=str(path), **app_options)
    app.claim_save(path)  # GameOpenElsewhere while another live app plays this file
    app._started = float(data.get("started", app._started))
    return app


__all__ = ["make_explore_draw_app", "make_isle_app", "make_pocket_app", "open_game", "resume_game"]
