"""Which saved game "Resume your last game" offers: the save layer's one rule for it.

After a kernel restart the player runs the cell again and expects the game they were playing. That game is the
most recently played saved game (:func:`~isle_nb.widgets.saves.saved_games`), offered only if it can be resumed:

* it is not over: a finished game is not resumed (the Games dialog still lists it, to load and look at);
* it is not the game the new app already plays;
* no live app plays it (:mod:`isle_nb.widgets.save_lock`): a dead kernel's lock does not count, nor an app of this
  kernel that no browser shows any more (its cell was run again, so its output is gone): that app hands the game
  over when the player resumes (:func:`take_over`).

An older unfinished game is never offered in its place: "your last game" is the last one played, and the Games
dialog lists every other one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from isle_nb.widgets.save_lock import holder_here, open_elsewhere
from isle_nb.widgets.saves import SavedGame, saved_games


def last_game(current: str | Path | None = None, folder: Path | None = None) -> SavedGame | None:
    """The saved game to offer to resume (see the module's text), or ``None``. ``current`` is the file of the game
    the asking app plays already; ``folder`` the saves folder (default :func:`~isle_nb.widgets.saves.saves_folder`)."""
    games = [g for g in saved_games(folder) if current is None or g.path != Path(current)]
    if not games:
        return None
    last = games[0]
    if last.over or (open_elsewhere(last.path, "") is not None and left_behind(last.path) is None):
        return None
    return last


def shown_here(current: str | Path | None = None, folder: Path | None = None) -> Any | None:
    """The app of this kernel that a browser still shows with the last game, if that game is unfinished: when the
    player runs its cell again, its output goes and the game may be offered (:func:`last_game`) to the new app."""
    games = [g for g in saved_games(folder) if current is None or g.path != Path(current)]
    if not games or games[0].over:
        return None
    holder = holder_here(games[0].path)
    return holder if holder is not None and getattr(holder, "on_screen", False) else None


def left_behind(path: Path) -> Any | None:
    """The app of this kernel that holds the game ``path`` although no browser shows it any more, if any."""
    holder = holder_here(path)
    return holder if holder is not None and not getattr(holder, "on_screen", True) else None


def take_over(saved: SavedGame, by: object) -> bool:
    """Before ``by`` (an app) resumes ``saved``: close the app of this kernel left behind with it, if any (its bots
    stop and it gives the game back). Returns whether there was one."""
    holder = left_behind(saved.path)
    if holder is None or holder is by:
        return False
    holder.close()
    return True


__all__ = ["last_game", "left_behind", "shown_here", "take_over"]
