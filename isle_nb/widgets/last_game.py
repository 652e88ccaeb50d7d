"""Which saved game "Resume your last game" offers: the save layer's one rule for it.

After a kernel restart the player runs the cell again and expects the game they were playing. That game is the
most recently played saved game (:func:`~isle_nb.widgets.saves.saved_games`), offered only if it can be resumed:

* it is not over: a finished game is not resumed (the Games dialog still lists it, to load and look at);
* it is not the game the new app already plays;
* no live app of another kernel plays it (:mod:`isle_nb.widgets.save_lock`): a dead kernel's lock does not count,
  and an app of this kernel that holds it (its cell was run again, so its output is gone) hands it over when the
  player resumes (:func:`take_over`).

An older unfinished game is never offered in its place: "your last game" is the last one played, and the Games
dialog lists every other one.
"""

from __future__ import annotations

from pathlib import Path

from isle_nb.widgets.save_lock import holder_here, open_elsewhere
from isle_nb.widgets.saves import SavedGame, saved_games


def last_game(current: str | Path | None = None, folder: Path | None = None) -> SavedGame | None:
    """The saved game to offer to resume (see the module's text), or ``None``. ``current`` is the file of the game
    the asking app plays already; ``folder`` the saves folder (default :func:`~isle_nb.widgets.saves.saves_folder`)."""
    games = [g for g in saved_games(folder) if current is None or g.path != Path(current)]
    if not games:
        return None
    last = games[0]
    if last.over or (open_elsewhere(last.path, "") is not None and holder_here(last.path) is None):
        return None
    return last


def take_over(saved: SavedGame, by: object) -> bool:
    """Before ``by`` (an app) resumes ``saved``: close the app of this kernel that still plays it, if any (its bots
    stop and it gives the game back). Returns whether there was one."""
    holder = holder_here(saved.path)
    if holder is None or holder is by:
        return False
    holder.close()
    return True


__all__ = ["last_game", "take_over"]
