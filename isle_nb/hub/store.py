"""The hub's store: every table's setup, its seats (tokens kept only as hashes) and its action log, in SQLite.

One small class over the standard ``sqlite3`` in WAL mode, so that a server database can replace it later. The
action log is the save format: a move is committed here before anyone is told about it, and a restarted hub
rebuilds every table by replaying its log (:mod:`isle_nb.hub.tables`). With ``synchronous=NORMAL`` a committed move
survives the process being killed (SIGKILL included); only a power cut or an operating-system crash could lose the
moves committed just before it, which spares every move a disk flush.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_DB = Path("~/.isle_nb/hub.sqlite")
"""Where ``isle-nb hub`` keeps its tables unless ``--db`` says otherwise."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, mode TEXT NOT NULL, save TEXT NOT NULL, options TEXT NOT NULL, created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    bot TEXT, token_hash TEXT UNIQUE, PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
"""


def token_hash(token: str) -> str:
    """What the store keeps of a seat token (tokens are long random strings, so a plain SHA-256 suffices)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class StoredSeat:
    """One seat as stored: its number, the player's name, ``person``/``bot``/``open``, the bot kind, the token hash."""

    seat: int
    name: str
    kind: str
    bot: str | None
    token_hash: str | None


@dataclass(frozen=True, slots=True)
class StoredTable:
    """One table as stored: its id, mode, the saved game's header (format, version, setup), options, seats and
    action log (each action's ``to_dict``)."""

    id: str
    mode: str
    save: dict[str, Any]
    options: dict[str, Any]
    created: float
    seats: tuple[StoredSeat, ...]
    actions: tuple[dict[str, Any], ...]


class Store:
    """The hub's tables in one SQLite file (``":memory:"`` for a store that forgets)."""

    def __init__(self, path: str | Path = DEFAULT_DB) -> None:
        if str(path) != ":memory:":
            path = Path(path).expanduser()
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # a killed process loses nothing; only a power cut could
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def add_table(self, table: StoredTable) -> None:
        """Store a new table with its seats (its log is empty)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?)", (
                table.id, table.mode, json.dumps(table.save), json.dumps(table.options), table.created))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", [
                (table.id, s.seat, s.name, s.kind, s.bot, s.token_hash) for s in table.seats])

    def set_seat(self, table_id: str, seat: StoredSeat) -> None:
        """Replace one seat (an open seat claimed)."""
        self.db.execute("UPDATE seats SET kind = ?, bot = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                        (seat.kind, seat.bot, seat.token_hash, table_id, seat.seat))

    def append(self, table_id: str, seq: int, action: dict[str, Any]) -> None:
        """Add action number ``seq`` (0-based) to a table's log; committed when this returns."""
        self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", (table_id, seq, json.dumps(action)))

    def remove_last(self, table_id: str, seq: int) -> None:
        """Take action ``seq`` (the last) out of a table's log (an undo)."""
        self.db.execute("DELETE FROM actions WHERE table_id = ? AND seq = ?", (table_id, seq))

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table with its seats and log, oldest first."""
        rows = self.db.execute("SELECT id, mode, save, options, created FROM tables ORDER BY created, id").fetchall()
        for table_id, mode, save, options, created in rows:
            seats = tuple(StoredSeat(*row) for row in self.db.execute(
                "SELECT seat, name, kind, bot, token_hash FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)))
            actions = tuple(json.loads(a) for (a,) in self.db.execute(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)))
            yield StoredTable(table_id, mode, json.loads(save), json.loads(options), created, seats, actions)


__all__ = ["DEFAULT_DB", "Store", "StoredSeat", "StoredTable", "token_hash"]
