"""Running a hub: :func:`running_hub` (a context manager for tests and notebooks) and ``isle-nb hub`` (:func:`main`).

Both serve the app with uvicorn on 127.0.0.1 unless another host is asked for.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import logging
import secrets
import socket
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from isle_nb.hub.admin import STARTED_HERE, admin_secret, secret_path
from isle_nb.hub.app import LIMITS, Hub, Limits, create_app
from isle_nb.hub.store import DEFAULT_DB, Store, StoreRefused

FRAME_LIMIT = 65_536
"""The largest WebSocket frame uvicorn reads; a longer one closes the connection (the hub refuses any message
over :data:`~isle_nb.hub.wire.MESSAGE_LIMIT` with an error first)."""


class RunningHub:
    """A hub serving from a background thread of this process (:func:`start_hub`): its address, its store and its
    admin ``secret`` (which ``isle_nb.remote.create_table`` in this process finds by itself)."""

    def __init__(self, store: Store, sock: socket.socket, server: uvicorn.Server, thread: threading.Thread,
                 secret: str) -> None:
        self.store = store
        self.secret = secret
        self.port: int = sock.getsockname()[1]
        host = sock.getsockname()[0]
        self.url = f"http://{f'[{host}]' if ':' in host else host}:{self.port}"
        self._sock, self._server, self._thread = sock, server, thread
        STARTED_HERE[self.url] = secret

    @property
    def hub(self) -> Hub:
        """The hub's routes and table manager (for tests)."""
        return self._server.config.app.state.hub  # type: ignore[union-attr]

    def stop(self) -> None:
        """Stop serving and close the store (the tables stay in a database file, if it has one)."""
        STARTED_HERE.pop(self.url, None)
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._sock.close()
        self.store.close()

    def __repr__(self) -> str:
        return f"RunningHub({self.url!r}, {len(list(self.store.tables()))} tables)"


SEND_BUFFER = 128 * 1024
"""Bytes the system may hold for one connection on their way out (the kernel doubles it for its own bookkeeping).
Without a bound Linux lets each grow to 4 MB: 800 clients that do not read would hold 3 GB of the machine's memory,
and a non-reading client would be noticed (its queue full: :class:`~isle_nb.hub.app.Limits`) only minutes later. An
update is a few KB: 128 KB is dozens of them, more than a connection across the world has on the way."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (a free port for 0), reusable at once after a restart. Its connections
    inherit its send buffer of :data:`SEND_BUFFER` bytes."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # the connections inherit it: without it the "ok"
    # that follows a state message waits for the client's delayed ACK (a move's round trip was 42 ms, now 3 ms)
    sock.bind((host, port))
    sock.listen(128)
    return sock


PING = 20.0
"""Seconds between the hub's pings on every connection, and how long an answer may take before it is closed."""


def server(store: Store, origins: Iterable[str] = (), secret: str | None = None, limits: Limits = LIMITS,
           ping: float = PING) -> uvicorn.Server:
    """A uvicorn server of the hub app over ``store`` (see :func:`~isle_nb.hub.app.create_app`). Every connection
    is pinged every ``ping`` seconds and closed when it does not answer within as long (a kernel's client answers
    by itself, however long it waits for the others). Messages travel uncompressed (no permessage-deflate): an
    update is a few KB, and deflating each one took about a tenth of the hub's CPU per move (and the kernels'
    again to inflate it)."""
    config = uvicorn.Config(create_app(store, origins, secret, limits), log_level="warning",
                            ws_max_size=FRAME_LIMIT, lifespan="on", ws_ping_interval=ping, ws_ping_timeout=ping,
                            ws_per_message_deflate=False, timeout_keep_alive=5)
    return uvicorn.Server(config)


def quiet_collector() -> None:
    """Tune the garbage collector of a process that serves a hub: the rebuilt tables stay out of every collection
    (``gc.freeze``) and the youngest generation is collected every 20,000 allocations instead of 700. A hub's data
    are frozen values that seldom form cycles, and a move allocates thousands of them; with the defaults the
    collector took ~10% of the hub's CPU per move (and a full collection walks every table's history)."""
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def start_hub(db: str | Path = ":memory:", port: int = 0, host: str = "127.0.0.1",
              origins: Iterable[str] = (), limits: Limits = LIMITS, ping: float = PING) -> RunningHub:
    """Start a hub in a background thread of this process (for notebooks); ``.stop()`` it when done.

    ``db``: the SQLite file of its tables (by default kept in memory only); ``port=0`` picks a free port. Its admin
    secret is the one beside the database file (written there the first time), or one of its own in memory.
    """
    store = Store(db)
    secret = secrets.token_urlsafe(32) if str(db) == ":memory:" else admin_secret(db)
    sock = bind(host, port)
    hub = server(store, origins, secret, limits, ping)
    thread = threading.Thread(target=hub.run, kwargs={"sockets": [sock]}, name="isle_nb hub", daemon=True)
    thread.start()
    while not hub.started:
        if not thread.is_alive():
            sock.close()
            store.close()
            raise RuntimeError("the hub did not start")
        threading.Event().wait(0.01)
    return RunningHub(store, sock, hub, thread, secret)


@contextmanager
def running_hub(db: str | Path = ":memory:", port: int = 0, host: str = "127.0.0.1",
                origins: Iterable[str] = (), limits: Limits = LIMITS, ping: float = PING) -> Iterator[RunningHub]:
    """Run a hub (:func:`start_hub`) until the block ends; yields it (``.url``, ``.secret``)."""
    hub = start_hub(db, port, host, origins, limits, ping)
    try:
        yield hub
    finally:
        hub.stop()


def more_open_files() -> None:
    """Let this process open as many files as the system allows it (connections are files): the hub bounds its
    connections itself (:class:`~isle_nb.hub.app.Limits`)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65_536)), hard))


def main(argv: Sequence[str] | None = None) -> None:
    """``isle-nb hub [--host 127.0.0.1] [--port 8765] [--db PATH] [--origin URL ...]``: serve a hub until
    stopped. Whatever keeps it from starting is said in a sentence naming the file (exit status 1)."""
    parser = argparse.ArgumentParser(prog="isle-nb", description="Serve The Isle of Cats tables for players to "
                                                                 "join from their own notebooks.")
    commands = parser.add_subparsers(dest="command", required=True)
    hub = commands.add_parser("hub", help="serve a hub of tables")
    hub.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine)")
    hub.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    hub.add_argument("--db", default=str(DEFAULT_DB), help=f"the tables' SQLite file (default {DEFAULT_DB})")
    hub.add_argument("--origin", action="append", default=[],
                     help="a browser Origin allowed to open WebSockets (kernels send none); repeatable")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        store = Store(args.db)
        secret = admin_secret(args.db)
    except StoreRefused as error:
        print(f"isle-nb hub: {error}", file=sys.stderr)
        raise SystemExit(1) from None
    try:
        sock = bind(args.host, args.port)
    except OSError as error:
        store.close()
        print(f"isle-nb hub: cannot listen on {args.host}:{args.port} ({error.strerror}): is another hub running "
              f"there? Choose another --port.", file=sys.stderr)
        raise SystemExit(1) from None
    more_open_files()
    serving = server(store, args.origin, secret)  # every stored table rebuilt
    quiet_collector()
    print(f"isle_nb hub on http://{args.host}:{sock.getsockname()[1]} (tables in {store.path}; the admin secret "
          f"that creating tables needs is in {secret_path(args.db)})", flush=True)
    try:
        serving.run(sockets=[sock])
    finally:
        store.close()


__all__ = ["RunningHub", "main", "quiet_collector", "running_hub", "start_hub"]
