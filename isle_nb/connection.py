"""A remote seat's live connection to its hub: the WebSocket that brings the table's messages and carries the
seat's moves and their answers, wherever the seat runs.

In a Jupyter kernel (an event loop already runs in the calling thread) the connection is a task on the kernel's own
loop, so updates arrive while the kernel stays free; a move then returns at once and a refusal arrives in the
``refusal`` trait. In a script (no running loop) it runs on a background thread, and a move waits for the hub's
answer. A lost connection is retried with back-off; the hub then sends the whole seat again. :class:`HubConnection`
is the base of :class:`~isle_nb.remote.RemoteSeat`, which says what a message shows (``_show``) and what an
accepted move of its own means (``_accepted``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import threading
import time
from collections.abc import Generator
from typing import Any
from urllib.parse import quote

import msgspec
import websockets
from traitlets import Bool, HasTraits, Unicode

from isle_nb.hub.protocol import (
    PROTOCOL,
    Act,
    Error,
    Hello,
    Here,
    Ok,
    Refused,
    State,
    Undo,
    encode_text,
    from_hub,
    plain,
)
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.history import SafeObservers, UndoRefused

TIMEOUT = 10.0
"""Seconds an HTTP request or a move's answer may take."""
BACKOFF = (0.05, 1.0)
"""The first and the longest wait before connecting again after a failed attempt (doubling in between, with
jitter); websockets' own reconnecting loop waits them (a connection that broke is retried at once)."""


class HubRefused(ValueError):
    """The hub refused a request; ``code`` says why (``docs/protocol.md``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class ConnectionLost(ConnectionError):
    """The connection to the hub broke before it answered a move: look at the table again, then retry."""


class HubConnection(SafeObservers, HasTraits):
    """The live connection of one seat of table ``table_id`` on the hub at ``url`` (``token`` ``None``: a
    watcher's); see the module docstring."""

    connected = Bool(False, help="Whether the live connection to the hub is up.")
    refusal = Unicode(None, allow_none=True, help="The hub's last refusal of a move sent from a kernel, in words.")

    def __init__(self, url: str, table_id: str, token: str | None) -> None:
        super().__init__()
        self.url, self.table_id, self._token = url, table_id, token
        self._numbers = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Ok | Refused]] = {}
        self._socket: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._was_connected = False
        self._busy = False
        self._up = threading.Event()
        """Set once the first connection is up (or the seat gave up): what ``connect`` waits for in a script."""
        self._news: asyncio.Event | None = None
        """Set (on the seat's loop) by the next message from the hub; what ``wait_async`` awaits."""
        self._socket_up: asyncio.Event | None = None
        """Set (on the seat's loop) while a connection is up; what a move sent before the first one awaits."""

    def _show(self, message: dict[str, Any]) -> None:  # pragma: no cover - the seat says what a message shows
        """Take in a ``state`` message from the hub."""
        raise NotImplementedError

    def _accepted(self, seq: int) -> None:  # pragma: no cover - the seat says what its accepted move means
        """The hub accepted an own move, which made the table's move number ``seq``."""
        raise NotImplementedError

    def _told(self) -> None:
        """Wake whatever awaits the next message from the hub (``wait_async``): call after each message."""
        news, self._news = self._news, None
        if news is not None:
            news.set()

    async def _on_loop(self, work: Any) -> Any:
        """Run the coroutine ``work`` on the seat's loop (this one, or its background thread's)."""
        loop = self._loop
        if loop is None:
            work.close()
            raise ConnectionLost("this seat is closed")
        if loop is asyncio.get_running_loop():
            return await work
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, loop))

    async def _until(self, check: Any, timeout: float) -> bool:
        """Wait on the seat's loop, told by each message from the hub, until ``check()``; whether within ``timeout``
        seconds."""
        deadline = time.monotonic() + timeout
        while not check():
            if self._news is None:
                self._news = asyncio.Event()
            try:
                await asyncio.wait_for(self._news.wait(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                return bool(check())
        return True

    def _request(self, message: Act | Undo | Here) -> Ok | None:
        loop = self._loop
        if loop is None:
            raise ConnectionLost("this seat is closed")
        if running_loop() is loop:  # in the kernel: never block its loop
            future = asyncio.ensure_future(self._send(message))
            future.add_done_callback(self._report)
            return None
        answer = asyncio.run_coroutine_threadsafe(self._send(message), loop).result(TIMEOUT)
        return self._raise_refusal(answer)

    def _report(self, future: asyncio.Future[Ok | Refused]) -> None:
        try:
            self._raise_refusal(future.result())
            self.refusal = None
        except (ValueError, ConnectionError) as error:
            self.refusal = str(error)

    @staticmethod
    def _raise_refusal(answer: Ok | Refused) -> Ok:
        if isinstance(answer, Ok):
            return answer
        if answer.code == "illegal":
            raise IllegalAction(answer.rule or "SETUP-1", rule_sentence(answer.message, answer.rule))
        if answer.code == "undo":
            raise UndoRefused(answer.message)
        raise HubRefused(answer.code, answer.message)

    async def _send(self, message: Act | Undo | Here) -> Ok | Refused:
        socket = self._socket or await self._first_connection()
        number = next(self._numbers)
        answer: asyncio.Future[Ok | Refused] = asyncio.get_running_loop().create_future()
        self._waiting[number] = answer
        try:
            try:
                await socket.send(encode_text(msgspec.structs.replace(message, id=number)))
            except websockets.ConnectionClosed:
                raise ConnectionLost("the connection to the hub broke before the move was sent") from None
            found = await asyncio.wait_for(answer, TIMEOUT)
            if isinstance(message, Act) and isinstance(found, Ok):
                self._accepted(found.seq)
            return found
        finally:
            self._waiting.pop(number, None)

    def connect(self) -> None:
        """Start the live connection: a task on the running loop (a kernel's), else on a background thread."""
        loop = _turning_loop()
        if loop is not None:
            self._loop = loop
            self._task = loop.create_task(self._run())
            return
        loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=loop.run_forever, name=f"isle_nb seat {self.table_id}",
                                        daemon=True)
        self._thread.start()
        self._loop = loop
        self._task = asyncio.run_coroutine_threadsafe(self._start(), loop).result(TIMEOUT)
        self._up.wait(TIMEOUT)

    async def _start(self) -> asyncio.Task[None]:
        return asyncio.get_running_loop().create_task(self._run())

    def close(self) -> None:
        """Stop the connection for good."""
        self._closed = True
        loop, task, self._loop = self._loop, self._task, None
        if loop is None or task is None:
            return
        task.cancel()
        if running_loop() is loop:
            return
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(_finish(task), loop).result(TIMEOUT)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(TIMEOUT)
        loop.close()

    async def _run(self) -> None:
        """The live connection, for as long as the seat is open: websockets' own loop connects again after a
        failed attempt, waiting :data:`BACKOFF`; a connection that broke is tried again at once."""
        address = self.url.replace("http", "ws", 1) + f"/api/tables/{quote(self.table_id)}/ws"
        if self._socket_up is None:  # (a move sent before this task started may have made it)
            self._socket_up = asyncio.Event()
        connecting = websockets.connect(address, max_size=2**22, open_timeout=TIMEOUT, reconnect_delays=_delays,
                                        process_exception=_retried)
        try:
            async with contextlib.aclosing(aiter(connecting)) as sockets:  # type: ignore[type-var]  # has aclose
                async for socket in sockets:
                    try:
                        await self._session(socket)
                    except (TimeoutError, OSError, websockets.WebSocketException, msgspec.DecodeError,
                            msgspec.ValidationError, ConnectionLost):
                        pass
                    finally:
                        self._lost()
                    if self._closed:
                        return
                    if self._busy:  # the hub had no room: try again later, not at once
                        self._busy = False
                        await asyncio.sleep(next(_delays_after(BACKOFF[1])))
        finally:
            self._up.set()

    async def _session(self, socket: Any) -> None:
        """One connection: the hello, the seat's state, then every message until it breaks."""
        hello = Hello(PROTOCOL) if self._token is None else Hello(PROTOCOL, self._token)
        await socket.send(encode_text(hello))
        first = from_hub(await socket.recv())
        if isinstance(first, Error):
            if first.code == "busy":
                self._busy = True
                return
            self._closed, self.refusal = True, first.message  # the seat is gone: retrying cannot help
            return
        if not isinstance(first, State):
            raise ConnectionLost("the hub did not begin with the seat's state")
        self._show(state_data(first))
        self._socket, self.connected, self._was_connected = socket, True, True
        assert self._socket_up is not None
        self._socket_up.set()
        self._up.set()
        async for text in socket:
            self._receive(from_hub(text))

    def _lost(self) -> None:
        """The connection is down: every move awaiting its answer learns it."""
        self._socket, self.connected = None, False
        if self._socket_up is not None:
            self._socket_up.clear()
        for answer in self._waiting.values():
            if not answer.done():
                answer.set_exception(ConnectionLost("the connection to the hub broke before it answered"))

    async def _first_connection(self) -> Any:
        """The socket, once up, for a move sent before the seat ever connected: a seat joined inside a running loop
        (a kernel's) only connects when that loop turns, which a notebook's next cell may come before (up to
        ``TIMEOUT``). A connection that broke later is not waited for: the move is refused at once."""
        if self._socket is None and not self._was_connected and not self._closed:
            if self._socket_up is None:  # the connecting task has not started yet
                self._socket_up = asyncio.Event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._socket_up.wait(), TIMEOUT)
        if self._socket is None:
            raise ConnectionLost("not connected to the hub right now; it is being retried")
        return self._socket

    def _receive(self, message: State | Ok | Refused | Error) -> None:
        if isinstance(message, State):
            self._show(state_data(message))
            return
        if isinstance(message, Error) or message.id is None:
            return
        answer = self._waiting.get(message.id)
        if answer is not None and not answer.done():
            answer.set_result(message)


def state_data(state: State) -> dict[str, Any]:
    """A ``state`` message as plain data, as sent: its view read from JSON (the view class rebuilds it later)."""
    data: dict[str, Any] = {"type": "state"}
    for name in state.__struct_fields__:
        data[name] = getattr(state, name)
    data["view"] = plain(state.view)
    data["log"] = {"keep": state.log.keep, "add": state.log.add, "stand_in": state.log.stand_in}
    return data


def _delays_after(first: float) -> Generator[float, None, None]:
    """Waits doubling from ``first`` to :data:`BACKOFF`'s longest, each with jitter (between half and 1.5 times)."""
    delay = first
    while True:
        yield delay * (0.5 + random.random())
        delay = min(delay * 2, BACKOFF[1])


def _delays() -> Generator[float, None, None]:
    """The waits between failed attempts to connect (websockets' ``reconnect_delays``)."""
    return _delays_after(BACKOFF[0])


def _retried(error: Exception) -> Exception | None:
    """Whether a failed attempt to connect is tried again (``None``: the network, a timeout, the hub restarting or
    refusing for now) or ends the seat's connection (the error itself)."""
    return None if isinstance(error, TimeoutError | OSError | websockets.WebSocketException) else error


async def _finish(task: asyncio.Task[None]) -> None:
    """Wait until a cancelled task has ended."""
    with contextlib.suppress(asyncio.CancelledError):
        await task


def running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _turning_loop() -> asyncio.AbstractEventLoop | None:
    """The loop that will run the seat's connection if it lives in this thread: the running loop, but only when we
    are inside one of its tasks (a Jupyter kernel runs every cell and widget message in a task; so does a
    coroutine of a script). A loop that is only marked as running while plain code runs (Playwright's sync API
    does that) never turns for us, so the seat then gets a background thread of its own."""
    loop = running_loop()
    return loop if loop is not None and asyncio.current_task(loop) is not None else None


def rule_sentence(message: str, rule: str | None) -> str:
    """The rule's sentence without the ``"RULE: "`` prefix that :class:`IllegalAction` adds again."""
    return message.removeprefix(f"{rule}: ") if rule else message


__all__ = ["BACKOFF", "TIMEOUT", "ConnectionLost", "HubConnection", "HubRefused", "rule_sentence", "running_loop",
           "state_data"]
