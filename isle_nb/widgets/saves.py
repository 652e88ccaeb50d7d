"""Where the app keeps games: one JSON file per game, written after every move, so nothing a player did is lost.

The folder is ``$ISLE_NB_SAVES`` if set, else ``~/.isle_nb/games``. Each file holds the seats (who plays each
player: a name or ``"bot:greedy"``), the bot delay, when the game started and was last played, whether it is over,
and the game itself as :meth:`Game.to_json` writes it (players, seed, mode and every action). Loading replays the
actions through the rules (:meth:`Game.from_json`), so a damaged or edited file is refused, never half-loaded; the
list of games names every damaged file with what is wrong (:class:`DamagedGame`). Every write goes to a temporary
file of its own first (:func:`write_text`); :mod:`isle_nb.widgets.save_lock` keeps two apps from playing one game.
"""

from __future__ import annotations

import errno
import json
import math
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from isle_nb.model.core.errors import InvalidSave
from isle_nb.model.core.history import ACTIONS_LIMIT, read_json_record
from isle_nb.model.core.records import SEED_LIMIT
from isle_nb.model.core.seating import BOT_PREFIX
from isle_nb.model.core.table import LocalTable
from isle_nb.model.modes import game_mode, load_game, mode_of_save
from isle_nb.model.parts.words import plural

FORMAT = "isle_nb-app-game"
VERSION = 1
ENV = "ISLE_NB_SAVES"
MAX_BOT_DELAY = 10.0
"""The longest pause, in seconds, a bot may take before each move (a saved game asking for more is refused)."""
PROGRESS_LIMIT = 120
"""The longest description of where a saved game stands ("day 3 of 5") that a file may hold."""
LATEST_TIME = 253402300799.0
"""The last second of the year 9999: a saved time beyond it is not a time."""


def saves_folder() -> Path:
    """The folder the app saves games in (``$ISLE_NB_SAVES`` or ``~/.isle_nb/games``)."""
    configured = os.environ.get(ENV)
    return Path(configured).expanduser() if configured else Path.home() / ".isle_nb" / "games"


@dataclass(frozen=True)
class SavedGame:
    """A game file: its path and what the file says about the game (the game itself is loaded on demand)."""

    path: Path
    seats: tuple[str, ...]
    mode: str
    seed: int
    started: float
    updated: float
    over: bool
    moves: int
    bot_delay: float = 0.6
    progress: str = ""
    """Where the game stood when last saved, in the app's words ("day 3 of 5"; empty in older files)."""

    @property
    def players(self) -> str:
        """Who plays, in words: "You vs greedy bot", "Ann vs Cleo (greedy bot)"."""
        return " vs ".join(seat_words(s) for s in self.seats)

    @property
    def label(self) -> str:
        """One line for a list of games, in the players' words: when it was last played, the game, who plays,
        where it stands and its seed ("28 Nov 16:30: Pocket Cats, Ann vs greedy bot, 12 moves played, seed 7")."""
        when = time.strftime("%d %b %H:%M", time.localtime(self.updated))
        game = game_mode(self.mode).label
        state = "finished" if self.over else self.progress or f"{plural(self.moves, 'move')} played"
        return f"{when}: {game}, {self.players}, {state}, seed {self.seed}"

    def load(self) -> Any:
        """The game, replayed through the rules (:class:`InvalidSave` if the file is damaged)."""
        return read_game(self.path.read_text(encoding="utf-8"))[1]


def seat_words(seat: str) -> str:
    """A seat in words: a person's name, "greedy bot", or "Cleo (greedy bot)"."""
    name, _, kind = seat.rpartition("=") if "=" in seat else ("", "", seat)
    if kind.startswith(BOT_PREFIX):
        bot = f"{kind[len(BOT_PREFIX):]} bot"
        return f"{name} ({bot})" if name else bot
    return seat


def game_record(table: LocalTable, seats: tuple[str, ...], started: float, bot_delay: float,
                progress: str = "") -> dict[str, Any]:
    """The JSON record of a game in the app (``progress``: where the game stands, in the app's words)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seats": list(seats),
        "bot_delay": bot_delay,
        "started": started,
        "updated": time.time(),
        "over": table.over,
        "moves": table.moves,
        "progress": progress[:PROGRESS_LIMIT],
        "game": table.save_data(),
    }


def _number(data: dict[str, Any], key: str, low: float, high: float, default: float) -> float:
    """``data[key]`` as a finite number in ``[low, high]`` (``default`` if absent); :class:`InvalidSave` otherwise."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidSave(f"{key!r} must be a number")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not (math.isfinite(number) and low <= number <= high):
        raise InvalidSave(f"{key!r} must lie between {low:g} and {high:g}")
    return number


def check_bot_delay(delay: object) -> float:
    """A bot delay in seconds, 0 to :data:`MAX_BOT_DELAY`; :class:`ValueError` (:class:`InvalidSave` from a file)
    for anything else (infinity, 1e9, a negative number, text)."""
    return _number({"bot_delay": delay}, "bot_delay", 0.0, MAX_BOT_DELAY, 0.0)


def read_record(text: str) -> dict[str, Any]:
    """Parse and check an app game file (not the game inside); :class:`InvalidSave` if it is not one. Every number
    the app reads before replaying the game is checked here: times, the bot delay, the moves and the seed."""
    data = read_json_record(text, FORMAT, VERSION, "an isle_nb app game")
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise InvalidSave("'seats' must be a list of names or bot kinds")
    game = data.get("game")
    if not isinstance(game, dict):
        raise InvalidSave("'game' must be a saved game")
    for key in ("started", "updated"):
        _number(data, key, 0.0, LATEST_TIME, 0.0)
    _number(data, "bot_delay", 0.0, MAX_BOT_DELAY, 0.6)
    moves = data.get("moves", 0)
    if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= ACTIONS_LIMIT:
        raise InvalidSave(f"'moves' must be a whole number from 0 to {ACTIONS_LIMIT:,}")
    seed = game.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT < seed < SEED_LIMIT:
        raise InvalidSave("the game's 'seed' must be a whole number between -2**63 and 2**63")
    if not isinstance(game.get("mode", "standard"), str):
        raise InvalidSave("the game's 'mode' must be a name")
    progress = data.get("progress", "")
    if not isinstance(progress, str) or len(progress) > PROGRESS_LIMIT:
        raise InvalidSave(f"'progress' must be a few words (at most {PROGRESS_LIMIT} characters)")
    return data


def read_game(text: str) -> tuple[dict[str, Any], Any]:
    """An app game file's record and its game (a shell for a :class:`~isle_nb.model.core.table.LocalTable`), replayed
    through the rules."""
    data = read_record(text)
    return data, load_game(json.dumps(data["game"]))


@dataclass(frozen=True)
class DamagedGame:
    """A file in the saves folder that is not a game the app can read, and why (listed, never skipped)."""

    path: Path
    reason: str

    @property
    def label(self) -> str:
        """One line for a list of games: the file's name and what is wrong with it."""
        return f"{self.path.name}: damaged, cannot be resumed ({self.reason})"


def summary(path: Path) -> SavedGame | DamagedGame:
    """What a game file says about its game, or why it is damaged (a cut file, a number out of range...)."""
    try:
        data = read_record(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeError, InvalidSave) as error:
        return DamagedGame(path, str(error) or type(error).__name__)
    setup = data["game"]
    try:
        mode = mode_of_save(setup).name
    except InvalidSave as error:
        return DamagedGame(path, str(error))
    return SavedGame(path, tuple(data["seats"]), mode, int(setup.get("seed", 0)),
                     float(data.get("started", 0)), float(data.get("updated", 0)), bool(data.get("over")),
                     int(data.get("moves", 0)), float(data.get("bot_delay", 0.6)), str(data.get("progress", "")))


def scan(folder: Path | None = None) -> tuple[list[SavedGame], list[DamagedGame]]:
    """The games in ``folder`` (default :func:`saves_folder`), most recently played first, and the damaged files."""
    folder = folder or saves_folder()
    if not folder.is_dir():
        return [], []
    found = [summary(p) for p in sorted(folder.glob("*.json"))]
    games = [s for s in found if isinstance(s, SavedGame)]
    damaged = [s for s in found if isinstance(s, DamagedGame)]
    return sorted(games, key=lambda s: s.updated, reverse=True), damaged


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """The readable games in ``folder`` (default :func:`saves_folder`), most recently played first."""
    return scan(folder)[0]


def write_text(path: Path, text: str) -> None:
    """Write a file atomically: into a temporary file of its own in the same folder, then put in place, so a crash
    leaves the old file or the new one (never half a file) and two writers never share a temporary file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


def write(path: Path, record: dict[str, Any]) -> None:
    """Write a game record atomically (:func:`write_text`)."""
    write_text(path, json.dumps(record))


SAVE_FAILURES = {
    errno.ENOSPC: "the disk is full",
    getattr(errno, "EDQUOT", errno.ENOSPC): "your disk quota is used up",
    errno.EACCES: "the saves folder may not be written to",
    errno.EPERM: "the saves folder may not be written to",
    errno.EROFS: "the disk is read-only",
}
"""Why a save failed, in words, by error number."""


def save_failure(error: OSError, path: str | Path | None) -> str:
    """A failed save in plain words: ``"Your game could not be saved: the disk is full (...)"``."""
    why = SAVE_FAILURES.get(error.errno or 0, (error.strerror or str(error) or "the file could not be written").lower())
    where = f" ({path})" if path else ""
    return f"Your game could not be saved: {why}{where}. Play goes on; free some space or save it from Games later."


def new_path(folder: Path, seed: int, label: str = "game") -> Path:
    """A fresh file name for a game in ``folder``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{label}-{stamp}-seed{seed}.json"
    number = 2
    while path.exists():
        path = folder / f"{label}-{stamp}-seed{seed}-{number}.json"
        number += 1
    return path


__all__ = ["ENV", "MAX_BOT_DELAY", "DamagedGame", "SavedGame", "check_bot_delay", "game_record", "new_path",
           "read_game", "save_failure", "saved_games", "saves_folder", "scan", "seat_words", "summary", "write",
           "write_text"]
