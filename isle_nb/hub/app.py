"""The hub as an ASGI app (Starlette): a small HTTP API for the lobby and one WebSocket per seat for live play.

Every route only decodes the request, asks the table manager (:mod:`isle_nb.hub.tables`) and sends its answer; no
message ever runs code. ``docs/protocol.md`` lists the routes, messages and errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import time
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any, TypeVar

import msgspec
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from isle_nb.hub.admin import HEADER, allowed
from isle_nb.hub.limits import RateLimit
from isle_nb.hub.modes import lobby_entry
from isle_nb.hub.protocol import (
    MESSAGE_LIMIT,
    PROTOCOL,
    RATE,
    Act,
    CheckRequest,
    Claimed,
    ClaimRequest,
    Created,
    CreateRequest,
    Hello,
    Here,
    Ok,
    Refused,
    Undo,
    Verdict,
    decode,
    encode,
    encode_text,
    from_client,
    numbered,
    plain,
)
from isle_nb.hub.store import Store
from isle_nb.hub.tables import EXPIRE_AFTER, Listener, Refusal, Table, TableManager
from isle_nb.model.modes import MODES

STATUS = {"unknown_table": 404, "not_a_seat": 403, "not_over": 409, "no_open_seat": 409, "name": 409, "started": 409,
          "full": 503, "too_long": 413, "origin": 403, "admin": 403, "damaged": 409, "ended": 409, "busy": 503}
"""The HTTP status of each refusal code (400 for the others)."""
TICK = 0.1
"""How often (seconds) the hub looks for people who keep a table with a time limit waiting."""
CATCH_UP = 0.03
"""The longest (seconds) a connection that only watches others move waits to be told (:meth:`Table.announce`): it
is told at once of a move after a quiet CATCH_UP (a person's move reaches the other pages with no delay), and of a
burst of moves (bots answering each other) at most once every CATCH_UP seconds. (It was told CATCH_UP after every
move, 0.1 s at first: most of a click's 150 ms budget, benchmarks/table_click.py.)"""
POLICY_VIOLATION = 1008
"""The WebSocket close code for a handshake from a browser Origin the hub does not serve, or a link not a seat's."""
TRY_AGAIN_LATER = 1013
"""The WebSocket close code for a connection the hub has no room for."""
EXPIRY_CHECK = 3600.0
"""How often (seconds) the hub deletes the tables that ended long ago (:data:`~isle_nb.hub.tables.EXPIRE_AFTER`)."""


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one hub allows each client (``docs/protocol.md`` states them)."""

    hello: float = 5.0
    """Seconds a new connection has to say hello, at most (each is closed after 60 to 100 % of it)."""
    queue: int = 256
    """Messages waiting to go out on one connection; a client that lets more pile up (it does not read) is closed."""
    connections: int = 800
    """Open WebSocket connections (under the common limit of 1,024 open files); the next one is refused."""


LIMITS = Limits()
"""The limits of a hub unless told otherwise."""


def answer(message: Any, status: int = 200) -> Response:
    """A protocol message (or a list of them) as an HTTP answer."""
    return Response(encode(message), status_code=status, media_type="application/json")


def refused(error: Refusal) -> Response:
    """A refusal as an HTTP answer."""
    return answer(error.error(), STATUS.get(error.code, 400))


Body = TypeVar("Body")


async def body(request: Request, kind: type[Body]) -> Body:
    """The request's body read as ``kind`` (:mod:`isle_nb.hub.protocol`), at most :data:`MESSAGE_LIMIT` bytes;
    :class:`Refusal` otherwise."""
    raw = await request.body()
    if len(raw) > MESSAGE_LIMIT:
        raise Refusal("too_long", f"a request is at most {MESSAGE_LIMIT:,} characters long")
    try:
        return decode(raw or b"{}", kind)
    except msgspec.ValidationError as error:
        raise Refusal("malformed", f"the request does not fit the protocol: {error}") from None
    except msgspec.DecodeError:
        raise Refusal("malformed", "the request is not JSON") from None


class ServedOrigins:
    """ASGI middleware: an HTTP request carrying a browser ``Origin`` the hub does not serve is refused (403) before
    any route runs, so a web page the player happens to visit cannot create tables or claim seats on their hub
    (kernels send no Origin; WebSocket handshakes are checked in :meth:`Hub.websocket`)."""

    def __init__(self, app: Any, origins: Iterable[str] = ()) -> None:
        self.app = app
        self.origins = frozenset(origins)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            origin = dict(scope["headers"]).get(b"origin")
            if origin is not None and origin.decode("latin-1") not in self.origins:
                error = Refusal("origin", "this hub does not serve requests from web pages of that origin")
                await refused(error)(scope, receive, send)
                return
        await self.app(scope, receive, send)


@dataclasses.dataclass
class Telling:
    """A table's changes waiting to be announced: the answers (``ok``) to send after, and the seats that moved."""

    answers: list[tuple[Callable[[str], None], str]] = dataclasses.field(default_factory=list)
    movers: set[str | None] = dataclasses.field(default_factory=set)


class Hub:
    """The routes over one table manager; ``origins``: the browser Origins whose WebSocket handshakes it accepts
    (kernels send none)."""

    def __init__(self, store: Store, origins: Iterable[str] = (), secret: str | None = None,
                 limits: Limits = LIMITS, expire_after: float = EXPIRE_AFTER) -> None:
        self.manager = TableManager(store, expire_after)
        self.origins = frozenset(origins)
        self.secret = secret
        self.limits = limits
        self.connections = 0
        """WebSocket connections open now."""
        self.busy: set[str] = set()  # tables whose bots are moving now
        self.telling: dict[str, Telling] = {}  # tables to announce soon
        self.behind: set[str] = set()  # tables with listeners to catch up soon

    # -- HTTP -------------------------------------------------------------------------------------------------
    async def modes(self, request: Request) -> Response:
        """``GET /api/modes``: the games a table may play, with their player counts and options."""
        return answer([lobby_entry(m) for m in MODES.values()])

    async def tables(self, request: Request) -> Response:
        """``GET /api/tables``: the lobby, every table's summary (no token, no secret)."""
        return answer(self.manager.summaries())

    def admin(self, request: Request) -> None:
        """:class:`Refusal` (``admin``) unless the request carries the hub's admin secret."""
        if not allowed(self.secret, request.headers.get(HEADER)):
            raise Refusal("admin", f"only the hub's keeper may create, start, end or delete tables: send the secret "
                                   f"that isle-nb hub wrote beside its database (hub.secret) in the {HEADER} header")

    async def create(self, request: Request) -> Response:
        """``POST /api/tables`` (admin): a new table; the answer holds each person seat's token."""
        try:
            self.admin(request)
            data = await body(request, CreateRequest)
            table, tokens = self.manager.create(data.mode, data.players, data.seed, data.options)
        except Refusal as error:
            return refused(error)
        self.play_bots(table)
        summary = table.summary()
        fields = {name: getattr(summary, name) for name in summary.__struct_fields__}
        return answer(Created(**{**fields, "tokens": tokens}), 201)

    async def end(self, request: Request) -> Response:
        """``POST /api/tables/{id}/end`` (admin): end a table, finished or abandoned; it expires later."""
        try:
            self.admin(request)
            table = self.manager.table(request.path_params["table"])
        except Refusal as error:
            return refused(error)
        if table.ended is None:
            self.manager.end(table)
            table.changed = True
            self.after_change(table)  # everyone at the table is told it has ended
        return answer(table.summary())

    async def delete(self, request: Request) -> Response:
        """``DELETE /api/tables/{id}`` (admin): remove a table (a finished game's result stays for download)."""
        try:
            self.admin(request)
            self.manager.delete(request.path_params["table"])
        except Refusal as error:
            return refused(error)
        return Response(status_code=204)

    async def results(self, request: Request) -> Response:
        """``GET /api/results`` (admin): every finished table's result, kept after the table expires."""
        try:
            self.admin(request)
        except Refusal as error:
            return refused(error)
        return answer(self.manager.results())

    async def claim(self, request: Request) -> Response:
        """``POST /api/tables/{id}/claim``: take an open seat, first come, under the name its person chose (if
        given); the table is dealt again with the names taken, and starts once every seat is taken."""
        try:
            table = self.manager.table(request.path_params["table"])
            wanted = await body(request, ClaimRequest)
            name, token = self.manager.claim(table, wanted.seat, wanted.name)
        except Refusal as error:
            return refused(error)
        self.after_change(table)  # everyone at the table sees the name, and the bots move once it starts
        return answer(Claimed(table.id, name, token))

    async def start(self, request: Request) -> Response:
        """``POST /api/tables/{id}/start`` (admin): start a table whose seats are not all taken, with bots in the
        open seats."""
        try:
            self.admin(request)
            table = self.manager.table(request.path_params["table"])
            self.manager.start(table)
        except Refusal as error:
            return refused(error)
        self.after_change(table)
        return answer(table.summary())

    async def state(self, request: Request) -> Response:
        """``GET /api/tables/{id}/state``: the seat's state (``X-Seat-Token``), or a watcher's without one."""
        try:
            table = self.manager.table(request.path_params["table"])
            seat = self.seat(table, request.headers.get("x-seat-token"))
        except Refusal as error:
            return refused(error)
        return Response(table.message(seat), media_type="application/json")

    async def check(self, request: Request) -> Response:
        """``POST /api/tables/{id}/check``: would the rules accept the seat's action (``X-Seat-Token``) now? Their
        rule and sentence if not; nothing changes."""
        try:
            table = self.manager.table(request.path_params["table"])
            seat = self.seat(table, request.headers.get("x-seat-token"))
            if seat is None:
                raise Refusal("not_a_seat", "a watcher cannot act")
            found = self.manager.check(table, seat, (await body(request, CheckRequest)).action)
        except Refusal as error:
            return refused(error)
        return answer(Verdict() if found is None else Verdict(found.rule, str(found)))

    async def saved(self, request: Request) -> Response:
        """``GET /api/tables/{id}/saved``: the saved game, once the game is over."""
        try:
            return Response(self.manager.saved_game(self.manager.table(request.path_params["table"])),
                            media_type="application/json")
        except Refusal as error:
            return refused(error)

    @staticmethod
    def seat(table: Table, token: object) -> str | None:
        """The seat a token opens (``None``: no token, a watcher); :class:`Refusal` for a token not a seat's."""
        if token is None:
            return None
        seat = table.seat_of(token)
        if seat is None:
            raise Refusal("not_a_seat", "that link is not a seat's at this table")
        return seat.name

    # -- WebSocket --------------------------------------------------------------------------------------------
    async def websocket(self, socket: WebSocket) -> None:
        """``/api/tables/{id}/ws``: a hello, then the seat's states out and its moves in (``docs/protocol.md``)."""
        origin = socket.headers.get("origin")
        if origin is not None and origin not in self.origins:
            await socket.close(code=POLICY_VIOLATION)  # before accepting: the handshake is refused (HTTP 403)
            return
        await socket.accept()
        if self.connections >= self.limits.connections:
            error: Refusal | None = Refusal("busy", f"this hub has as many connections open as it serves "
                                    f"({self.limits.connections:,}): try again in a minute")
            await socket.send_text(encode_text(error.error()))  # type: ignore[union-attr]  # just made
            await socket.close(code=TRY_AGAIN_LATER)
            return
        self.connections += 1
        outbox: asyncio.Queue[str] = asyncio.Queue(self.limits.queue)
        sender: asyncio.Task[None] | None = None  # started after the hello: an idle connection costs no task
        handler = asyncio.current_task()
        dropped = False

        def deliver(text: str) -> None:
            nonlocal dropped
            try:
                outbox.put_nowait(text)
            except asyncio.QueueFull:  # the client does not read what it is sent: close it
                if not dropped and handler is not None:
                    dropped = True
                    handler.cancel()

        listener: Listener | None = None
        table: Table | None = None
        seat: str | None = None
        try:
            try:
                # after 60 to 100 % of the limit: connections opened together are not all closed together (and
                # opened again together by a client that insists, a burst of handshakes)
                patience = self.limits.hello * random.uniform(0.6, 1.0)
                hello = await asyncio.wait_for(_receive(socket), patience)
            except TimeoutError:
                hello = None
                error = Refusal("slow", f"a connection says hello within {self.limits.hello:g} seconds")
            else:
                try:
                    table, seat = self._hello(socket.path_params["table"], hello)
                except Refusal as refusal:
                    error = refusal
                else:
                    error = None
            if error is not None or table is None:  # (a table is found whenever no refusal is)
                error = error or Refusal("unknown_table", "there is no such table on this hub")
                await socket.send_text(encode_text(error.error()))
                await socket.close(code=POLICY_VIOLATION)
                return
            sender = asyncio.create_task(self._send(socket, outbox))
            listener = Listener(seat, deliver)
            was_here = table.present()
            table.listeners.add(listener)
            if seat is not None and seat in table.away:  # back at the table: no bot plays for them any more
                self.manager.back(table, seat)
            if seat is not None and seat not in was_here:  # everyone sees who is connected: told with them
                table.changed = True
                self.after_change(table, mover=seat)
            else:
                table.tell(listener)
            limit = RateLimit()
            while True:
                text = await _receive(socket)
                reply = self._handle(table, seat, text, limit)
                if isinstance(reply, Ok):  # answered once the seat has been told of the change
                    self.after_change(table, (deliver, encode_text(reply)), seat)
                else:
                    deliver(encode_text(reply))
                    if reply.code == "rate":  # read nothing more for a while: a flood is slowed down by its
                        await asyncio.sleep(limit.wait())  # own connection, at little cost to the others
        except WebSocketDisconnect:
            pass
        except asyncio.CancelledError:
            if not dropped:
                raise
            # uvicorn closes the connection once this returns (a close frame could not reach a client that does
            # not read)
        finally:
            self.connections -= 1
            if table is not None and listener is not None:
                table.listeners.discard(listener)
                if listener.seat is not None and listener.seat not in table.present():  # their page has gone
                    table.changed = True
                    with contextlib.suppress(RuntimeError):  # (no loop left when the hub itself stops)
                        self.after_change(table)
            if sender is not None:
                sender.cancel()

    @staticmethod
    async def _send(socket: WebSocket, outbox: asyncio.Queue[str]) -> None:
        while True:
            await socket.send_text(await outbox.get())

    def _hello(self, table_id: str, text: str | None) -> tuple[Table, str | None]:
        message = _decode(text)
        if not isinstance(message, Hello) or message.protocol != PROTOCOL:
            raise Refusal("malformed", f"the first message is a hello of protocol {PROTOCOL}")
        table = self.manager.table(table_id)
        return table, self.seat(table, None if isinstance(message.token, msgspec.UnsetType) else message.token)

    def _handle(self, table: Table, seat: str | None, text: str | None, limit: RateLimit) -> Ok | Refused:
        """Answer one message: ``ok`` with the new sequence number, or ``refused`` saying why."""
        number = None
        try:
            try:
                if not limit.allow():  # malformed messages count too
                    raise Refusal("rate", f"too many messages: at most {RATE:g} a second")
                message = _decode(text)
            except Refusal:
                number = None if text is None or len(text) > MESSAGE_LIMIT else numbered(text)
                raise
            number = getattr(message, "id", None)
            if not isinstance(message, Act | Undo | Here):
                raise Refusal("malformed", "a message is an 'act', an 'undo' or a 'here'")
            if seat is None:
                raise Refusal("not_a_seat", "a watcher cannot act")
            if seat in table.away:
                self.manager.back(table, seat)
                self.after_change(table)
            if isinstance(message, Here):
                return Ok(number, table.seq)
            if isinstance(message, Act):
                action = None if isinstance(message.action, msgspec.UnsetType) else plain(message.action)
                self.manager.act(table, seat, action, message.seq)
                return Ok(number, table.seq)
            taken = self.manager.undo(table, seat)
            return Ok(number, table.seq, msgspec.Raw(encode(taken.to_dict())))
        except Refusal as error:
            return error.refused(number)

    def after_change(self, table: Table, answer: tuple[Callable[[str], None], str] | None = None,
                     mover: str | None = None) -> None:
        """Tell the table's listeners of its change soon, once for every change made until then (moves that
        arrive together are announced together), then send the ``answer`` (the ``ok`` of the ``mover``'s move)
        and let bots move. The ``mover`` (who moved, or whose page just opened) is told at once. Those who only
        watch others move are told within :data:`CATCH_UP` seconds, once for every move made meanwhile
        (:meth:`Table.announce`): a busy hub answers moves first."""
        telling = self.telling.get(table.id)
        if telling is None:
            telling = self.telling[table.id] = Telling()
            asyncio.get_running_loop().call_soon(self._tell, table)
        if answer is not None:
            telling.answers.append(answer)
        if mover is not None:
            telling.movers.add(mover)

    def _tell(self, table: Table) -> None:
        telling = self.telling.pop(table.id, Telling())
        if table.changed and table.announce(telling.movers) and table.id not in self.behind:
            # those left behind are told at once after a quiet CATCH_UP (a person's move reaches the others with
            # no delay), else when CATCH_UP has passed since they were last told (a burst of bot moves, once)
            self.behind.add(table.id)
            loop = asyncio.get_running_loop()
            loop.call_later(max(0.0, table.caught_up + CATCH_UP - loop.time()), self._catch_up, table)
        for send, text in telling.answers:
            send(text)
        if table.game.over and table.id in self.manager.tables:
            self.manager.retire(table)  # everyone has been told: the table leaves memory (it stays stored)
        self.play_bots(table)

    def _catch_up(self, table: Table) -> None:
        self.behind.discard(table.id)
        table.caught_up = asyncio.get_running_loop().time()
        table.catch_up()

    async def watch_time(self) -> None:
        """Every :data:`TICK` seconds, let a bot play for the people who keep a table with a time limit waiting
        (everyone is told: their names are in every state's ``away``)."""
        expiry = 0.0
        while True:
            await asyncio.sleep(TICK)
            now = time.monotonic()
            for table in list(self.manager):
                if self.manager.overdue(table, now):
                    self.after_change(table)
            if now >= expiry:
                self.manager.expire(time.time())
                expiry = now + EXPIRY_CHECK

    def play_bots(self, table: Table) -> None:
        """Let the table's bot seats move, one move at a time, each announced (in the background)."""
        if table.id in self.busy or not (table.bots or table.away):
            return
        self.busy.add(table.id)
        asyncio.get_running_loop().create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        try:
            while table.ended is None and self.manager.bot_move(table):
                self.after_change(table)
                await asyncio.sleep(0)  # the announcement goes out before the next bot move
        finally:
            self.busy.discard(table.id)


async def _receive(socket: WebSocket) -> str | None:
    """The next text message (``None`` for a binary one, which :func:`_decode` refuses)."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text")


def _decode(text: str | None) -> Hello | Act | Undo:
    """A client's message (:data:`~isle_nb.hub.protocol.FromClient`); :class:`Refusal` saying why it is none."""
    if text is None:
        raise Refusal("malformed", "messages are JSON text, not binary")
    if len(text) > MESSAGE_LIMIT:
        raise Refusal("too_long", f"a message is at most {MESSAGE_LIMIT:,} characters long")
    try:
        return from_client(text)
    except msgspec.DecodeError:
        raise Refusal("malformed", "the message is not JSON") from None
    except msgspec.ValidationError as error:
        raise Refusal("malformed", f"a message is a JSON object: a hello, an 'act' or an 'undo' ({error})") from None


def create_app(store: Store, origins: Iterable[str] = (), secret: str | None = None, limits: Limits = LIMITS,
               expire_after: float = EXPIRE_AFTER) -> Starlette:
    """The hub's ASGI app over ``store`` (see :class:`Hub` for ``origins``): ``secret`` is the admin secret that
    creating, ending and deleting tables need (none: nobody may), ``limits`` what each client is allowed, and
    ``expire_after`` the seconds an ended table stays. A request body over :data:`MESSAGE_LIMIT` bytes is refused
    before it is read."""
    hub = Hub(store, origins, secret, limits, expire_after)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for table in hub.manager:  # bots awaited when the hub stopped move on
            hub.play_bots(table)
        clock = asyncio.create_task(hub.watch_time())
        yield
        clock.cancel()
        store.checkpoint()  # a clean stop leaves every table in the database file itself

    app = Starlette(lifespan=lifespan, max_body_size=MESSAGE_LIMIT,
                    middleware=[Middleware(ServedOrigins, origins=hub.origins)], routes=[
        Route("/", lambda request: PlainTextResponse("isle_nb hub\n")),
        Route("/api/modes", hub.modes),
        Route("/api/tables", hub.tables, methods=["GET"]),
        Route("/api/tables", hub.create, methods=["POST"]),
        Route("/api/tables/{table}", hub.delete, methods=["DELETE"]),
        Route("/api/tables/{table}/end", hub.end, methods=["POST"]),
        Route("/api/tables/{table}/start", hub.start, methods=["POST"]),
        Route("/api/results", hub.results, methods=["GET"]),
        Route("/api/tables/{table}/claim", hub.claim, methods=["POST"]),
        Route("/api/tables/{table}/state", hub.state),
        Route("/api/tables/{table}/saved", hub.saved),
        Route("/api/tables/{table}/check", hub.check, methods=["POST"]),
        WebSocketRoute("/api/tables/{table}/ws", hub.websocket),
    ])
    app.state.hub = hub
    return app


__all__ = ["LIMITS", "Hub", "Limits", "create_app"]
