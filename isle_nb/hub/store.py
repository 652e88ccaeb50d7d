"""The hub's store: every table's setup, its seats (tokens kept only as hashes) and its action log, in SQLite.

One small class over the standard ``sqlite3`` in WAL mode, so that a server database can replace it later. A store
on a file holds a lock on it (``<db>.lock``) for as long as it is open, so a second hub on the same file refuses to
start instead of letting two hubs' tables diverge; it checks at once that it can write the file, and on a clean stop
it folds the write-ahead log back into the database file, so that the file alone holds every table. Whatever stops
it from opening is a :class:`StoreRefused`, a sentence naming the file. The
action log is the save format: a move is committed here before anyone is told about it, and a restarted hub
rebuilds every table by replaying its log (:mod:`isle_nb.hub.tables`). With ``synchronous=NORMAL`` a committed move
survives the process being killed (SIGKILL included); only a power cut or an operating-system crash could lose the
moves committed just before it, which spares every move a disk flush.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

try:
    import fcntl
except ImportError:  # Windows: no advisory locks (a second hub there is not detected)
    fcntl = None  # type: ignore[assignment]

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
CREATE TABLE IF NOT EXISTS results (
    table_id TEXT PRIMARY KEY, mode TEXT NOT NULL, players TEXT NOT NULL, finished REAL NOT NULL, result TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hub (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stand_in (
    table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, line INTEGER NOT NULL, person TEXT NOT NULL,
    PRIMARY KEY (table_id, line)
);
"""
ENDED = "ALTER TABLE tables ADD COLUMN ended REAL"
"""The column added to a database written before tables could be ended (when it is missing)."""


class StoreRefused(RuntimeError):
    """The store cannot open its database: a sentence naming the file and what to do."""


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
    ended: float | None = None
    """When the table was ended or its game finished (``time.time()``), else ``None``."""
    stand_in: dict[int, str] = field(default_factory=dict)
    """The lines of the game's log (by place) that tell of a move a bot made for a person who was away, with that
    person."""


class Store:
    """The hub's tables in one SQLite file (``":memory:"`` for a store that forgets)."""

    def __init__(self, path: str | Path = DEFAULT_DB) -> None:
        self._lock: IO[bytes] | None = None
        if str(path) != ":memory:":
            path = Path(path).expanduser()
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreRefused(f"The hub cannot create the folder of its database {path.parent} "
                                   f"({error.strerror}): choose another place with --db.") from None
            self._lock = _locked(path)
        self.path = path
        try:
            self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")  # a killed process loses nothing; only a power cut could
            self.db.executescript(SCHEMA)
            if "ended" not in {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}:
                self.db.execute(ENDED)
            self.db.execute("INSERT OR REPLACE INTO hub VALUES ('opened', ?)", (str(time.time()),))  # writable?
        except sqlite3.Error as error:
            self._unlock()
            raise StoreRefused(f"The hub cannot use {path} as its database ({error}): check that the file is a "
                               f"hub's database and that this user may write it and its folder, or choose "
                               f"another file with --db.") from None

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database file, so that the file alone holds every table (a hub
        stopped by a signal never reaches :meth:`close`: uvicorn ends the process with the signal again)."""
        with contextlib.suppress(sqlite3.Error):
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def close(self) -> None:
        """Fold the write-ahead log into the database file, close the database and let go of its lock."""
        self.checkpoint()
        self.db.close()
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            self._lock.close()  # closing the file lets go of its lock
            self._lock = None

    def add_table(self, table: StoredTable) -> None:
        """Store a new table with its seats (its log is empty)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO tables (id, mode, save, options, created) VALUES (?, ?, ?, ?, ?)", (
                table.id, table.mode, json.dumps(table.save), json.dumps(table.options), table.created))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", [
                (table.id, s.seat, s.name, s.kind, s.bot, s.token_hash) for s in table.seats])

    def set_seat(self, table_id: str, seat: StoredSeat, save: dict[str, Any] | None = None) -> None:
        """Replace one seat (an open seat claimed under its person's name, or given to a bot), and with ``save``
        the table's saved game header (the table dealt again for the names taken, before any move), together."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE seats SET name = ?, kind = ?, bot = ?, token_hash = ? "
                            "WHERE table_id = ? AND seat = ?",
                            (seat.name, seat.kind, seat.bot, seat.token_hash, table_id, seat.seat))
            if save is not None:
                self.db.execute("UPDATE tables SET save = ? WHERE id = ?", (json.dumps(save), table_id))

    def append(self, table_id: str, seq: int, action: dict[str, Any], stand_in: dict[int, str] | None = None) -> None:
        """Add action number ``seq`` (0-based) to a table's log; committed when this returns. ``stand_in``: the
        lines of the game's log it adds (by place) that tell of a bot's move for a person who was away, with that
        person."""
        row = (table_id, seq, json.dumps(action))
        if not stand_in:
            self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", row)
            return
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", row)
            self.db.executemany("INSERT OR REPLACE INTO stand_in VALUES (?, ?, ?, ?)",
                                [(table_id, seq, line, person) for line, person in stand_in.items()])

    def remove_last(self, table_id: str, seq: int) -> None:
        """Take action ``seq`` (the last) out of a table's log (an undo)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM actions WHERE table_id = ? AND seq = ?", (table_id, seq))
            self.db.execute("DELETE FROM stand_in WHERE table_id = ? AND seq >= ?", (table_id, seq))

    def end(self, table_id: str, when: float, result: dict[str, Any] | None = None,
            players: list[str] | None = None, mode: str = "") -> None:
        """Mark a table ended at ``when``; a finished game's ``result`` is kept apart (:meth:`results`), and stays
        when the table is deleted."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE tables SET ended = ? WHERE id = ? AND ended IS NULL", (when, table_id))
            if result is not None:
                self.db.execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?)",
                                (table_id, mode, json.dumps(players or []), when, json.dumps(result)))

    def delete(self, table_id: str) -> None:
        """Remove a table, its seats and its log (its result, if it finished, stays)."""
        with self.db:
            self.db.execute("BEGIN")
            for name in ("actions", "seats", "stand_in"):
                self.db.execute(f"DELETE FROM {name} WHERE table_id = ?", (table_id,))
            self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def expired(self, before: float) -> list[str]:
        """The tables ended before ``before`` (``time.time()``)."""
        return [row[0] for row in self.db.execute("SELECT id FROM tables WHERE ended < ?", (before,))]

    def results(self) -> list[dict[str, Any]]:
        """Every finished table's result, oldest first: id, mode, players, when it finished, the result."""
        rows = self.db.execute("SELECT table_id, mode, players, finished, result FROM results ORDER BY finished")
        return [{"id": table_id, "mode": mode, "players": json.loads(players), "finished": finished,
                 "result": json.loads(result)} for table_id, mode, players, finished, result in rows]

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table with its seats and log, oldest first."""
        rows = self.db.execute("SELECT id FROM tables ORDER BY created, id").fetchall()
        for (table_id,) in rows:
            found = self.table(table_id)
            if found is not None:
                yield found

    def table(self, table_id: str) -> StoredTable | None:
        """One stored table with its seats and log (``None``: no such table)."""
        row = self.db.execute("SELECT mode, save, options, created, ended FROM tables WHERE id = ?",
                              (table_id,)).fetchone()
        if row is None:
            return None
        mode, save, options, created, ended = row
        seats = tuple(StoredSeat(*seat) for seat in self.db.execute(
            "SELECT seat, name, kind, bot, token_hash FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)))
        actions = tuple(json.loads(a) for (a,) in self.db.execute(
            "SELECT action FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)))
        stand_in = dict(self.db.execute("SELECT line, person FROM stand_in WHERE table_id = ?", (table_id,)))
        return StoredTable(table_id, mode, json.loads(save), json.loads(options), created, seats, actions, ended,
                           stand_in)


def _locked(path: Path) -> IO[bytes] | None:
    """The lock file of the database at ``path``, locked for this process; :class:`StoreRefused` when another
    process (a hub already running on it) holds it."""
    if fcntl is None:
        return None
    lock_path = path.with_name(path.name + ".lock")
    try:
        lock = lock_path.open("ab")
    except OSError as error:
        raise StoreRefused(f"The hub cannot write {lock_path} beside its database ({error.strerror}): check that "
                           f"this user may write the folder {path.parent}, or choose another file with --db.") from None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        raise StoreRefused(f"Another hub is already running on {path}: stop it first, or give this one another "
                           f"database with --db.") from None
    return lock

__all__ = ["DEFAULT_DB", "Store", "StoreRefused", "StoredSeat", "StoredTable", "token_hash"]
