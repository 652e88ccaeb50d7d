"""Which saved game "Resume your last game" offers, and taking a game over from another app of this kernel.

After a kernel restart, or a page reload, the player runs the cell again (a Voila page runs it by itself) and
expects the game they were playing. That game is the most recently played saved game
(:func:`~isle_nb.widgets.saves.saved_games`), offered only if it can be resumed:

* it is not over: a finished game is not resumed (the Games dialog still lists it, to load and look at);
* it is not the game the new app already plays;
* no app of another kernel plays it (:mod:`isle_nb.widgets.save_lock`): a dead kernel's lock does not count. An app
  of this kernel that plays it does not count either: a page reload does not close the widgets of a notebook, so the
  old app lives on in the kernel though no page shows it (and running the cell again leaves one behind too). When the
  player resumes, that app hands the game over and closes (:func:`take_over`).

An older unfinished game is never offered in its place: "your last game" is the last one played, and the Games
dialog lists every other one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from isle_nb.widgets.save_lock import holder_here, open_elsewhere
from isle_nb.widgets.saves import SavedGame, saved_games


def _newest(current: str | Path | None, folder: Path | None) -> SavedGame | None:
    """The most recently played saved game other than ``current``, if it is unfinished."""
    games = [g for g in saved_games(folder) if current is None or g.path != Path(current)]
    return games[0] if games and not games[0].over else None


def last_game(current: str | Path | None = None, folder: Path | None = None) -> SavedGame | None:
    """The saved game to offer to resume (see the module's text), or ``None``. ``current`` is the file of the game
    the asking app plays already; ``folder`` the saves folder (default :func:`~isle_nb.widgets.saves.saves_folder`)."""
    last = _newest(current, folder)
    if last is None or (open_elsewhere(last.path, "") is not None and holder_here(last.path) is None):
        return None
    return last


def held_by_another_kernel(current: str | Path | None = None, folder: Path | None = None) -> bool:
    """Whether the last game is unfinished but held by a live app of another kernel (perhaps one shutting down: the
    kernel of a Voila page that was just reloaded), so that it may be offered a moment later."""
    last = _newest(current, folder)
    return last is not None and open_elsewhere(last.path, "") is not None and holder_here(last.path) is None


def close_app(app: Any) -> None:
    """Close ``app``: an app shown in another app's place (its launcher's ``shown``) goes back to that app's own
    game; any other closes with every widget it is made of."""
    launcher = getattr(app, "launcher", None)
    if launcher is not None and getattr(launcher, "shown", None) is app:
        launcher.close_shown()
    else:
        app.close()


def take_over(path: Path, keep: tuple[object, ...] = ()) -> bool:
    """Before an app plays the game file ``path``: close the app of this kernel that holds it, if any and not one of
    ``keep`` (the apps that play on), so that it gives the game back. Returns whether one was closed."""
    holder = holder_here(path)
    if holder is None or any(holder is app for app in keep):
        return False
    close_app(holder)
    return True


__all__ = ["close_app", "held_by_another_kernel", "last_game", "take_over"]
