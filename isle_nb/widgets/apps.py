"""The app of every registered game mode: each mode's app maker is registered with the model's registry of games
(:func:`isle_nb.model.modes.register_app`) when the widgets load (``isle_nb/widgets/__init__.py`` imports this
module).

An app maker takes a game shell and who sits where, and returns the app showing it:
``maker(game, bots, seats, bot_delay=..., hot_seat_cover=..., autosave=..., save_path=...)``. The launcher
(:mod:`isle_nb.widgets.launcher`) opens every game through the registry, so it imports no app, and no app imports
another: this module is the only one that names them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from isle_nb.model.core.contract import Bot
from isle_nb.model.modes import MODES, register_app, same_game
from isle_nb.widgets.app import GameApp
from isle_nb.widgets.explore_draw import ExploreDrawApp
from isle_nb.widgets.pocket import PocketBoardWidget


def make_isle_app(game: Any, bots: Mapping[str, Bot[Any]], seats: Sequence[str], bot_delay: float = 0.6,
                  hot_seat_cover: bool = True, autosave: bool = True, save_path: str | None = None) -> GameApp:
    """The Isle of Cats app (standard, solo and family games)."""
    app = GameApp(game, bots=bots, bot_delay=bot_delay, hot_seat_cover=hot_seat_cover, seats=seats,
                  autosave=autosave)
    app.save_path = save_path or app.save_path
    return app


def make_explore_draw_app(game: Any, bots: Mapping[str, Bot[Any]], seats: Sequence[str], bot_delay: float = 0.6,
                          hot_seat_cover: bool = True, autosave: bool = True,
                          save_path: str | None = None) -> ExploreDrawApp:
    """The Explore & Draw app."""
    return ExploreDrawApp(game, bots, bot_delay=bot_delay, seats=seats, autosave=autosave, save_path=save_path)


def make_pocket_app(game: Any, bots: Mapping[str, Bot[Any]], seats: Sequence[str], bot_delay: float = 0.6,
                    hot_seat_cover: bool = True, autosave: bool = True,
                    save_path: str | None = None) -> PocketBoardWidget:
    """The Pocket Cats app."""
    return PocketBoardWidget(game, bots=bots, bot_delay=bot_delay, seats=seats, autosave=autosave,
                             save_path=save_path)


for _name in MODES:  # every mode The Isle of Cats' shell plays (its variants: isle_nb.model.isle.variants)
    if same_game(_name, "standard"):
        register_app(_name, lambda: make_isle_app)
register_app("pocket", lambda: make_pocket_app)
register_app("explore_draw", lambda: make_explore_draw_app)


__all__ = ["make_explore_draw_app", "make_isle_app", "make_pocket_app"]
