"""Who has a saved game open: a small lock file beside the game file, so that two apps never play one saved game.

The app that saves a game (or loads it to play on) claims it: ``<game>.lock`` names its process, its machine and a
token of its own. Another app that wants the same game is told it is open elsewhere, until the lock is stale: its
process is gone (checked on this machine), the app that claimed it no longer exists (in this process), or, for a
process on another machine, nothing was saved for :data:`STALE_AFTER` seconds. A dead kernel's lock therefore never
holds the game for long, and a kernel that is shut down (a Voila page's, when the page goes) removes its locks as it
exits.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
import time
import uuid
import weakref
from pathlib import Path
from typing import Any

from isle_nb.widgets.saves import write_text

STALE_AFTER = 30 * 60
"""Seconds after its last save that a lock held by a process on another machine no longer counts."""

_LIVE: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
"""The tokens of the apps alive in this process, each to its app."""

_HELD: dict[Path, str] = {}
"""The game files whose locks this process holds, each to the token holding it: given back when the process exits."""


class GameOpenElsewhere(ValueError):
    """The saved game is open in another app (another notebook, window or kernel) that is still alive."""


def new_token(owner: Any) -> str:
    """A lock token for ``owner`` (an app), valid while it exists."""
    token = uuid.uuid4().hex
    _LIVE[token] = owner
    return token


def lock_path(game: Path) -> Path:
    """The lock file of a game file (``game.json`` -> ``game.json.lock``)."""
    return game.with_name(game.name + ".lock")


def _holder(game: Path) -> dict[str, Any] | None:
    """What the lock file says, or ``None`` if there is none or it cannot be read (a cut file counts as none)."""
    try:
        data = json.loads(lock_path(game).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _process_alive(pid: object) -> bool:
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # it exists, as another user's
    return True


def stale(holder: dict[str, Any], saved_at: float) -> bool:
    """Whether a lock no longer holds: its app or process is gone, or (another machine) it saved long ago."""
    if holder.get("host") != socket.gethostname():
        return time.time() - saved_at > STALE_AFTER
    if holder.get("pid") == os.getpid():
        return holder.get("token") not in _LIVE
    return not _process_alive(holder.get("pid"))


def open_elsewhere(game: Path, token: str) -> str | None:
    """Why another app holds ``game`` now, in words, or ``None`` if it is free or ours."""
    holder = _holder(game)
    if holder is None or holder.get("token") == token:
        return None
    try:
        saved_at = lock_path(game).stat().st_mtime
    except OSError:
        return None
    if stale(holder, saved_at):
        return None
    when = time.strftime("%H:%M", time.localtime(saved_at))
    where = "in this notebook" if holder.get("pid") == os.getpid() else f"in another notebook or window (process " \
        f"{holder.get('pid')} on {holder.get('host')})"
    return f"this game is open {where}, last saved at {when}: close it there first"


def holder_here(game: Path) -> Any | None:
    """The live app of this process (this kernel) that holds ``game``, if any: an app the player may have left behind
    by running its cell again, whose output is gone."""
    holder = _holder(game)
    if holder is None or holder.get("host") != socket.gethostname() or holder.get("pid") != os.getpid():
        return None
    return _LIVE.get(str(holder.get("token")))


def claim(game: Path, token: str) -> None:
    """Take the lock of ``game`` for the app with ``token`` (again after each save: it says the holder lives);
    :class:`GameOpenElsewhere` if another live app holds it."""
    reason = open_elsewhere(game, token)
    if reason is not None:
        raise GameOpenElsewhere(reason[0].upper() + reason[1:] + ".")
    record = {"token": token, "pid": os.getpid(), "host": socket.gethostname(), "time": time.time()}
    write_text(lock_path(game), json.dumps(record))
    _HELD[game] = token


def release(game: Path, token: str) -> None:
    """Give the lock of ``game`` back, if ``token`` holds it."""
    holder = _holder(game)
    if holder is not None and holder.get("token") == token:
        lock_path(game).unlink(missing_ok=True)
    if _HELD.get(game) == token:
        del _HELD[game]


@atexit.register
def release_all() -> None:
    """Give back every lock this process holds (it exits: its apps play no more)."""
    for game, token in list(_HELD.items()):
        try:
            release(game, token)
        except OSError:  # a folder gone or read-only: the lock is stale anyway once the process is gone
            continue


__all__ = ["STALE_AFTER", "GameOpenElsewhere", "claim", "holder_here", "lock_path", "new_token", "open_elsewhere",
           "release", "release_all", "stale"]
