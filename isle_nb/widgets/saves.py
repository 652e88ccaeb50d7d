"""Where the app keeps games: one JSON file per game, written after every move, so nothing a player did is lost.

The folder is ``$ISLE_NB_SAVES`` if set, else ``~/.isle_nb/games``. Each file holds the seats (who plays each
player: a name or ``"bot:greedy"``), the bot delay, when the game started and was last played, whether it is over,
and the game itself as :meth:`Game.to_json` writes it (players, seed, mode and every action). Loading replays the
actions through the rules (:meth:`Game.from_json`), so a damaged or edited file is refused, never half-loaded.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from isle_nb.model.errors import InvalidSave
from isle_nb.model.game import Game
from isle_nb.model.history import read_json_record

FORMAT = "isle_nb-app-game"
VERSION = 1
ENV = "ISLE_NB_SAVES"


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

    @property
    def label(self) -> str:
        """One line for a list of games: players, mode, seed, moves and when it was last played."""
        when = time.strftime("%d %b %H:%M", time.localtime(self.updated))
        players = ", ".join(s.partition("=")[0] if "=" in s else s for s in self.seats)
        state = "finished" if self.over else f"{self.moves} moves"
        return f"{when}: {players} ({self.mode}, seed {self.seed}, {state})"

    def load(self) -> Game:
        """The game, replayed through the rules (:class:`InvalidSave` if the file is damaged)."""
        return read_game(self.path.read_text(encoding="utf-8"))[1]


def game_record(game: Game, seats: tuple[str, ...], started: float, bot_delay: float) -> dict[str, Any]:
    """The JSON record of a game in the app."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seats": list(seats),
        "bot_delay": bot_delay,
        "started": started,
        "updated": time.time(),
        "over": bool(game.over),
        "moves": len(game.actions),
        "game": json.loads(game.to_json()),
    }


def read_record(text: str) -> dict[str, Any]:
    """Parse and check an app game file (not the game inside); :class:`InvalidSave` if it is not one."""
    data = read_json_record(text, FORMAT, VERSION, "an isle_nb app game")
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise InvalidSave("'seats' must be a list of names or bot kinds")
    if not isinstance(data.get("game"), dict):
        raise InvalidSave("'game' must be a saved game")
    for key in ("started", "updated", "bot_delay"):
        if not isinstance(data.get(key, 0), int | float) or isinstance(data.get(key), bool):
            raise InvalidSave(f"{key!r} must be a number")
    return data


def read_game(text: str) -> tuple[dict[str, Any], Game]:
    """An app game file's record and its game, replayed through the rules."""
    data = read_record(text)
    return data, Game.from_json(json.dumps(data["game"]))


def summary(path: Path) -> SavedGame | None:
    """What a game file says about its game, or ``None`` if it is not a readable app game file."""
    try:
        data = read_record(path.read_text(encoding="utf-8"))
        game = data["game"]
        return SavedGame(path, tuple(data["seats"]), str(game.get("mode", "standard")), int(game.get("seed", 0)),
                         float(data.get("started", 0)), float(data.get("updated", 0)), bool(data.get("over")),
                         int(data.get("moves", 0)), float(data.get("bot_delay", 0.6)))
    except (OSError, InvalidSave, TypeError, ValueError):
        return None


def saved_games(folder: Path | None = None) -> list[SavedGame]:
    """The games in ``folder`` (default :func:`saves_folder`), most recently played first."""
    folder = folder or saves_folder()
    if not folder.is_dir():
        return []
    found = [s for p in folder.glob("*.json") if (s := summary(p)) is not None]
    return sorted(found, key=lambda s: s.updated, reverse=True)


def write(path: Path, record: dict[str, Any]) -> None:
    """Write a record atomically (a crash never leaves half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(record), encoding="utf-8")
    tmp.replace(path)


def new_path(folder: Path, seed: int, label: str = "game") -> Path:
    """A fresh file name for a game in ``folder``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{label}-{stamp}-seed{seed}.json"
    number = 2
    while path.exists():
        path = folder / f"{label}-{stamp}-seed{seed}-{number}.json"
        number += 1
    return path


__all__ = ["ENV", "SavedGame", "game_record", "new_path", "read_game", "saved_games", "saves_folder", "summary",
           "write"]
