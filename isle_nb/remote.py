"""The hub's client: create and list tables, and play a seat of a table from a notebook or a script.

``create_table(url, players=[...])`` sets a table up and returns each person's seat link; ``join(link)`` returns a
:class:`RemoteSeat`, which holds no game at all, only what the hub sends that seat: its view, who is awaited, the
sequence number and what it may do. It satisfies the :class:`~isle_nb.model.core.seat.Seat` protocol of the local seats
(``name``, ``view``, ``legal_actions()``, ``apply()``, ``awaiting``, ``over``, ``result()``, ``undo()``, a
``version`` trait to observe), so the apps can play on it.

Where it runs: in a Jupyter kernel (an event loop already runs in the calling thread) the seat's connection is a
task on the kernel's own loop, so updates arrive while the kernel stays free; ``apply`` then sends the move and
returns at once, and a refusal arrives in the ``refusal`` trait. In a script (no running loop) the connection runs
on a background thread: ``apply`` waits for the hub's answer and raises the rules' :class:`IllegalAction` on a
refusal, and ``wait(after_seq, timeout)`` blocks until the table moves on. A lost connection is retried with
back-off; the hub then sends the whole seat again, so nothing needs resynchronising. The connection itself lives in
:mod:`isle_nb.connection` (the base class of :class:`RemoteSeat`).
"""

from __future__ import annotations

import collections
import ipaddress
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import parse_qs, quote, urlsplit

import httpx
import msgspec
from traitlets import Bool, Int, Tuple, Unicode

from isle_nb.connection import (
    TIMEOUT,
    ConnectionLost,
    HubConnection,
    HubRefused,
    rule_sentence,
    running_loop,
    state_data,
)
from isle_nb.hub import protocol as lobby  # the lobby's request and answer bodies, as the hub reads them
from isle_nb.hub.admin import HEADER, STARTED_HERE, read_secret
from isle_nb.hub.compact import expand
from isle_nb.hub.protocol import Act, Error, Here, State, Summary, Undo, decode, encode, plain
from isle_nb.hub.wire import full_view
from isle_nb.model.core.contract import SameChoices
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.history import UndoRefused
from isle_nb.model.core.result import GameResult
from isle_nb.model.core.seat import seat_refusal
from isle_nb.model.core.undo import OVER_NOTE
from isle_nb.model.modes import game_mode

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

T = TypeVar("T")
RECENT = 8
"""How many of the hub's last messages a seat keeps to find the one showing its own move (see ``RemoteSeat.seen``)."""
WATCHER = "watcher"
"""The name of a watcher's seat (no player's: a spectator's seat, with the public view)."""


class NotASeat(ValueError):
    """A link that does not open a seat: not a seat link, no such table, or a token no seat has."""


# -- the lobby ------------------------------------------------------------------------------------------------
def _base(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"a hub address looks like http://127.0.0.1:8765, not {url!r}")
    return f"{parts.scheme}://{parts.netloc}"


def _answer(response: httpx.Response, kind: type[T]) -> T:
    """The hub's answer read as ``kind`` (:mod:`isle_nb.hub.protocol`); its refusal raised (:class:`HubRefused`,
    or the rules' :class:`IllegalAction`)."""
    if response.status_code >= 400:
        try:
            error = decode(response.content, Error)
        except (msgspec.DecodeError, msgspec.ValidationError):
            if response.status_code == 413:
                raise HubRefused("too_long", "the request is longer than the hub reads") from None
            raise HubRefused("error", response.text) from None
        if error.code == "illegal":
            raise IllegalAction(error.rule or "SETUP-1", rule_sentence(error.message, error.rule))
        raise HubRefused(error.code, error.message)
    return decode(response.content, kind)


def _post(url: str, message: msgspec.Struct, secret: str | None = None) -> httpx.Response:
    headers = {"content-type": "application/json", **({} if secret is None else {HEADER: secret})}
    return httpx.post(url, content=encode(message), headers=headers, timeout=TIMEOUT)


def hub_secret(url: str, secret: str | None = None) -> str | None:
    """The admin secret to send to the hub at ``url``: ``secret`` if given, else that of a hub this process started
    (``start_hub``), else the one ``isle-nb hub`` wrote beside its default database (``~/.isle_nb/hub.secret``)."""
    return secret or STARTED_HERE.get(_base(url)) or read_secret()


def _admin(url: str, secret: str | None) -> dict[str, str]:
    found = hub_secret(url, secret)
    return {} if found is None else {HEADER: found}


def seat_link(url: str, table_id: str, token: str) -> str:
    """The link that opens one seat: the hub's address, the table and the seat's secret token."""
    return f"{_base(url)}/tables/{quote(table_id)}?seat={quote(token)}"


@dataclass(frozen=True, slots=True)
class RemoteTable:
    """A table created on a hub: its ``id``, mode, players, and each person seat's secret ``links`` by name."""

    url: str
    id: str
    mode: str
    players: tuple[str, ...]
    links: dict[str, str]


def create_table(url: str, players: Sequence[str] = ("You", "bot:greedy"), mode: str = "standard",
                 seed: int | None = None, secret: str | None = None, **options: Any) -> RemoteTable:
    """A new table on the hub at ``url``: ``players`` as in ``play_app`` (a name, ``"bot:greedy"``,
    ``"Cleo=bot:random"``) plus ``"open"`` / ``"Name=open"`` for a seat anyone may claim; ``options`` are the
    mode's (``difficulty``...) and ``time_limit``: the seconds a person may keep the table waiting before a bot
    plays for them until they are back (off by default). Hand each person their link from ``.links``. Leave
    ``seed`` out for a real game: the hub then draws one nobody knows (whoever knows the seed could work out every
    hidden card). Creating a table takes the hub's admin ``secret`` (:func:`hub_secret` finds it when the hub runs
    on this machine: ``isle-nb hub`` writes it beside its database); :class:`HubRefused` (``admin``) without it."""
    request = lobby.CreateRequest(mode, list(players), seed, options)
    data = _answer(_post(f"{_base(url)}/api/tables", request, hub_secret(url, secret)), lobby.Created)
    links = {name: seat_link(url, data.id, token) for name, token in data.tokens.items()}
    return RemoteTable(_base(url), data.id, data.mode, tuple(data.players), links)


def end_table(url: str, table_id: str, secret: str | None = None) -> None:
    """End a table, finished or abandoned (nobody moves there any more; it expires later): the hub's admin
    ``secret`` (see :func:`create_table`)."""
    _answer(httpx.post(f"{_base(url)}/api/tables/{quote(table_id)}/end", headers=_admin(url, secret),
                       timeout=TIMEOUT), Summary)


def start_table(url: str, table_id: str, secret: str | None = None) -> None:
    """Start a table whose seats are not all taken, with bots in the open seats (a table otherwise starts when its
    last seat is taken): the hub's admin ``secret`` (see :func:`create_table`)."""
    _answer(httpx.post(f"{_base(url)}/api/tables/{quote(table_id)}/start", headers=_admin(url, secret),
                       timeout=TIMEOUT), Summary)


def delete_table(url: str, table_id: str, secret: str | None = None) -> None:
    """Remove a table from the hub (a finished game's result stays for :func:`results`): the admin ``secret``."""
    response = httpx.delete(f"{_base(url)}/api/tables/{quote(table_id)}", headers=_admin(url, secret),
                            timeout=TIMEOUT)
    if response.status_code >= 400:
        _answer(response, Error)


def results(url: str, secret: str | None = None) -> pd.DataFrame:
    """Every finished table's result, kept after the table expires (the admin ``secret``): id, mode, players, when
    it finished (``time.time()``), and the result (``GameResult.to_dict()``)."""
    rows = _answer(httpx.get(f"{_base(url)}/api/results", headers=_admin(url, secret), timeout=TIMEOUT),
                   list[dict[str, Any]])
    return pd.DataFrame(rows, columns=["id", "mode", "players", "finished", "result"])


def tables(url: str) -> pd.DataFrame:
    """The hub's tables: id, mode, players, open seats, moves so far, whether over, who is awaited, when the
    table ended (finished or ended by its host; ``None`` while it is played), each seat's kind ("person", "bot",
    "open"); then the mode's label, who is away, the time limit, why the table is damaged (else ``None``), where
    the game stands (``progress``: "day 3 of 5, ..."; "" while it waits for players) and the ``scores`` as a watcher
    sees them (the score so far where the game shows one, the final scores once over, else ``None``)."""
    rows = _answer(httpx.get(f"{_base(url)}/api/tables", timeout=TIMEOUT), list[Summary])
    columns = ["id", "mode", "players", "open", "seq", "over", "awaiting", "ended", "kinds", "label", "away",
               "time_limit", "damaged", "progress", "scores"]
    return pd.DataFrame([{c: getattr(row, c) for c in columns} for row in rows], columns=columns)


def claim(url: str, table_id: str, seat: str | None = None, name: str | None = None) -> str:
    """Take an open seat of a table (the named one, or the first), played under ``name`` if given (else the seat's
    own): its seat link. :class:`HubRefused` when none is left, or ``name`` is taken at the table. The table is dealt
    once every seat is taken (or the teacher starts it: :func:`start_table`)."""
    request = lobby.ClaimRequest(seat, name)
    data = _answer(_post(f"{_base(url)}/api/tables/{quote(table_id)}/claim", request), lobby.Claimed)
    return seat_link(url, data.table, data.token)


def saved_game(url: str, table_id: str) -> str:
    """The table's saved game (JSON text, loadable with ``isle_nb.load_game``) once it is over; :class:`HubRefused`
    (``not_over``) before: it holds every player's secrets."""
    response = httpx.get(f"{_base(url)}/api/tables/{quote(table_id)}/saved", timeout=TIMEOUT)
    if response.status_code >= 400:
        _answer(response, Error)
    return response.text


def join(link: str, timeout: float = TIMEOUT) -> RemoteSeat:
    """The seat a link opens, connected and showing the table as it is; :class:`NotASeat` for a link that is
    not a seat's (made up, another hub's, an unknown table or token)."""
    url, table_id, token = parse_link(link)
    return _open(url, table_id, token, timeout)


def watch(url: str, table_id: str, timeout: float = TIMEOUT) -> RemoteSeat:
    """Watch a table: a seat with the public view (nothing any player keeps secret) that cannot act."""
    return _open(_base(url), table_id, None, timeout)


def _open(url: str, table_id: str, token: str | None, timeout: float) -> RemoteSeat:
    headers = {} if token is None else {"x-seat-token": token}
    response = httpx.get(f"{url}/api/tables/{quote(table_id)}/state", headers=headers, timeout=timeout)
    if response.status_code in (403, 404):
        try:
            reason = decode(response.content, Error).message
        except (msgspec.DecodeError, msgspec.ValidationError):
            reason = response.text
        raise NotASeat(f"that link does not open a seat: {reason}")
    seat = RemoteSeat(url, table_id, token, state_data(_answer(response, State)))
    seat.connect()
    return seat


HUBS_ENV = "ISLE_NB_HUBS"
"""The environment variable listing (comma-separated) further hubs whose seat links a page may join."""


def allowed_hubs() -> list[str]:
    """The hubs a page's kernel may join from a link in the page's address: the server's own (``ISLE_NB_HUB``, set
    by ``make class``) and those listed in ``ISLE_NB_HUBS``; with neither, any hub on this machine (loopback)."""
    named = [os.environ.get("ISLE_NB_HUB", ""), *os.environ.get(HUBS_ENV, "").split(",")]
    return [_base(name.strip()) for name in named if name.strip()]


def _on_this_machine(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def link_in_query(query: str) -> str | None:
    """The seat link a page address carries in its query string (``...?table=<the seat link, URL-encoded>``), if
    any: how a Voila page opened with a seat link joins that seat (Voila gives the kernel the page's query string
    as the ``QUERY_STRING`` environment variable). Only a link to a hub the page's server allows
    (:func:`allowed_hubs`) is taken: anyone with the page's address could otherwise make the server's kernel
    connect wherever they like. :class:`NotASeat` for another."""
    found = parse_qs(query or "").get("table")
    if not found:
        return None
    url = parse_link(found[0])[0]
    hubs = allowed_hubs()
    if url in hubs or (not hubs and _on_this_machine(url)):
        return found[0]
    raise NotASeat(f"this page joins only tables of {' or '.join(hubs) if hubs else 'a hub on this machine'}, "
                   f"not of {url}")


def parse_link(link: object) -> tuple[str, str, str]:
    """The hub address, table id and seat token of a seat link; :class:`NotASeat` if it is not one."""
    if not isinstance(link, str) or len(link) > 500:
        raise NotASeat("a seat link is text like http://127.0.0.1:8765/tables/ab12cd34?seat=...")
    parts = urlsplit(link)
    path = parts.path.strip("/").split("/")
    token = parse_qs(parts.query).get("seat", [""])[0]
    if parts.scheme not in ("http", "https") or len(path) != 2 or path[0] != "tables" or not token:
        raise NotASeat(f"{link!r} is not a seat link (like http://127.0.0.1:8765/tables/ab12cd34?seat=...)")
    return f"{parts.scheme}://{parts.netloc}", path[1], token


# -- a seat ---------------------------------------------------------------------------------------------------
class RemoteSeat(HubConnection):
    """One seat of a table on a hub (see the module docstring); build it with :func:`join`. It satisfies the
    :class:`~isle_nb.model.core.seat.Seat` protocol, so a screen plays on it as on a local seat."""

    name = Unicode(help="The seat's player.")
    version = Int(0, help="Grows after every message from the hub; observe it to be told of changes.")
    seq = Int(0, help="Actions applied at the table so far.")
    awaiting = Tuple(help="Names of the players who must decide something now.")
    over = Bool(False, help="True once the game has ended.")
    can_undo = Bool(False, help="Whether undo() would be accepted now (the one undo rule: "
                    "isle_nb.model.core.undo).")
    can_redo = Bool(False, help="Always False: a move taken back at a shared table is made again, not redone.")
    away = Tuple(help="People a bot plays for now: they kept a table with a time limit waiting, until they are back.")
    present = Tuple(help="People whose page is open now (their seat has a connection to the hub).")

    def __init__(self, url: str, table_id: str, token: str | None, message: dict[str, Any]) -> None:
        super().__init__(url, table_id, token)
        self.mode = message["mode"]
        found = game_mode(self.mode)
        self.rules = found.rules
        self._view_class = found.view
        self._message: dict[str, Any] = {}
        self._log: list[Any] = []
        self._stand_in: dict[int, str] = {}
        self._view: Any = None
        self._legal: list[Any] | None = None
        self._choices: SameChoices | None = None
        """The choices the legal actions stand for (worked out on the first check of a message)."""
        self._verdicts: dict[bytes, str | None] = {}
        """The hub's answers about moves that are no legal action's choice, since its last message."""
        self._changed = threading.Condition()
        self._recent: collections.deque[tuple[int, dict[str, Any], list[Any]]] = collections.deque(maxlen=RECENT)
        """The last messages from the hub with their log lines (a move's answer may come after its announcement)."""
        self._moved: list[tuple[int, dict[str, Any], list[Any]]] = []
        """After each own move that still stands: the table's move number and the message showing it."""
        self._awaited_seq: int | None = None
        """The move number of an own move the hub accepted but has not shown yet."""
        self._seen: tuple[dict[str, Any], Any] | None = None
        self._show(message)

    def __repr__(self) -> str:
        state = "over" if self.over else f"awaiting {', '.join(self.awaiting) or 'nobody'}"
        return f"RemoteSeat({self.name!r} at table {self.table_id}, move {self.seq}, {state})"

    def here(self) -> None:
        """Tell the hub this seat's person is at the screen (a click, a key, their page shown again), if it counts
        them away: the bot that was playing for them stops, and their next decision waits for them."""
        if self.name in self.away and not self._closed:
            self._request(Here())

    # -- what the seat shows ----------------------------------------------------------------------------------
    def _show(self, message: dict[str, Any]) -> None:
        """Take in a ``state`` message (all traits change together, observers after)."""
        with self._changed:
            change = message["log"]
            keep = change["keep"]
            self._log = self._log[:keep] + list(change["add"])
            self._stand_in = {place: person for place, person in self._stand_in.items() if place < keep}
            self._stand_in.update((place, person) for place, person in change.get("stand_in", ()))
            self._message = message
            self._view = self._legal = self._choices = None
            self._verdicts.clear()
            self._remember(message)
            with self.hold_trait_notifications():
                self.name = message["seat"] or WATCHER
                self.seq = message["seq"]
                self.awaiting = tuple(message["awaiting"])
                self.over = message["over"]
                self.can_undo = message["can_undo"]
                self.away = tuple(message["away"])
                self.present = tuple(message.get("present", ()))
                self.version += 1
            self._changed.notify_all()
        self._told()

    @property
    def view(self) -> Any:
        """The seat's player view (the game's view class, rebuilt exactly from what the hub sent)."""
        if self._view is None:
            self._view = self._view_class.from_dict(self.view_data)
        return self._view

    @property
    def seen(self) -> Any:
        """The seat's view right after its own last move that still stands (``None`` before its first move): the
        hub's first message showing the table at that move's number."""
        if not self._moved:
            return None
        _seq, message, log = self._moved[-1]
        if self._seen is None or self._seen[0] is not message:
            self._seen = (message, self._view_class.from_dict(full_view(message["view"], log)))
        return self._seen[1]

    def _remember(self, message: dict[str, Any]) -> None:
        """Keep a message for :attr:`seen`; forget the own moves an undo took back."""
        seq = message["seq"]
        self._moved = [moved for moved in self._moved if moved[0] <= seq]
        self._recent.append((seq, message, self._log))
        if self._awaited_seq is not None and seq >= self._awaited_seq:
            self._moved = [*self._moved[-1:], (seq, message, self._log)]  # an undo takes back one own move at most
            self._awaited_seq = None

    def _accepted(self, seq: int) -> None:
        """The hub accepted an own move, which made the table's move number ``seq``."""
        shown = next((m for m in self._recent if m[0] == seq), None)
        if shown is not None:
            self._moved = [*(m for m in self._moved[-1:] if m[0] < seq), shown]
        else:
            self._awaited_seq = seq

    @property
    def view_data(self) -> dict[str, Any]:
        """The view's ``to_dict()`` form, as sent (the log rebuilt from its changes)."""
        return full_view(self._message["view"], self._log)

    @property
    def stand_in_lines(self) -> dict[int, str]:
        """The lines of the seat's log (by their place in ``view.log``) that tell of a move a bot made for a person
        who kept the table waiting, with that person: a page says a bot made it, not the person."""
        return dict(self._stand_in)

    def result(self) -> GameResult | None:
        """How the game ended (scores, winners, tie-break) once it is over, else ``None`` (a method, as on a
        game)."""
        found = self._message.get("result")
        return None if found is None else GameResult.from_dict(found)

    @property
    def undo_note(self) -> str:
        """Why Undo is off now, in a sentence ("" when it is on)."""
        if self.can_undo:
            return ""
        if self.over:
            return OVER_NOTE
        return "Undo takes back your last move and the bots' moves after it, until another person moves."

    def legal_actions(self) -> list[Any]:
        """Every action the seat may take now (the game's action objects, exactly the rules' list)."""
        if self._legal is None:
            self._legal = expand(self._message.get("may", []), self.rules.action_from_dict)
        return list(self._legal)

    def check(self, action: Any) -> str | None:
        """Why the rules would refuse ``action`` now, or ``None``; nothing changes. The same choice as one of the
        legal actions the hub sent is accepted at once (:class:`~isle_nb.model.core.contract.SameChoices`, the
        rules' own judgement); for anything else the hub's rules give their rule and sentence, as a local seat's
        would (asked once per move of the table)."""
        refusal = seat_refusal(self.name, action)
        if refusal is not None:
            return str(refusal)
        if self._choices is None:
            self._choices = SameChoices(self.rules, self.view, self.legal_actions())
        if action in self._choices:
            return None
        key = encode(action.to_dict())
        if key not in self._verdicts:
            self._verdicts[key] = self._ask(key)
        return self._verdicts[key]

    def _ask(self, action: bytes) -> str | None:
        """The hub's rules on ``action`` (its ``to_dict()`` as JSON): why they refuse it, or ``None``."""
        try:
            response = httpx.post(f"{self.url}/api/tables/{quote(self.table_id)}/check",
                                  content=encode(lobby.CheckRequest(msgspec.Raw(action))),
                                  headers={"content-type": "application/json", "x-seat-token": self._token or ""},
                                  timeout=TIMEOUT)
            verdict = _answer(response, lobby.Verdict)
        except HubRefused as error:  # a table that has ended, a move the hub cannot read: its sentence
            return str(error)
        except httpx.HTTPError as error:
            return f"the hub could not say whether this move is allowed now ({error}); try again"
        if verdict.message is None:
            return None
        return str(IllegalAction(verdict.rule or "SEAT-1", rule_sentence(verdict.message, verdict.rule)))

    @property
    def message(self) -> dict[str, Any]:
        """The latest message from the hub, as sent."""
        return self._message

    # -- acting -----------------------------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Send a move (an action of the game). In a script it waits for the hub: the rules'
        :class:`IllegalAction` on a refusal, :class:`HubRefused` for a stale or malformed move,
        :class:`ConnectionLost` if the hub went away first. In a kernel it returns at once (see ``refusal``)."""
        self._request(self._act(action))

    def undo(self) -> Any:
        """Take back your own last move with the bots' moves after it (while no other person moved, nothing was
        revealed and the game is not over: :mod:`isle_nb.model.core.undo`) and return it (``None`` in a kernel,
        where the answer arrives later); :class:`UndoRefused` otherwise."""
        answer = self._request(Undo())
        if answer is None or isinstance(answer.undone, msgspec.UnsetType):
            return None
        return self.rules.action_from_dict(plain(answer.undone))

    async def apply_async(self, action: Any) -> None:
        """Send a move and wait for the hub's answer without blocking the loop (``await seat.apply_async(a)`` in a
        notebook); raises like :meth:`apply` in a script."""
        self._raise_refusal(await self._on_loop(self._send(self._act(action))))

    def _act(self, action: Any) -> Act:
        """The message that plays ``action`` at the move this seat has seen."""
        return Act(None, self.seq, msgspec.Raw(encode(action.to_dict())))

    async def wait_async(self, after_seq: int | None = None, timeout: float = TIMEOUT) -> bool:
        """Wait without blocking the loop until the table passes move ``after_seq`` (default: the current one) or
        the game is over; whether it did within ``timeout`` seconds."""
        after = self.seq if after_seq is None else after_seq

        def passed() -> bool:
            return self.seq > after or self.over

        if passed() or self._loop is None:
            return passed()
        return bool(await self._on_loop(self._until(passed, timeout)))

    def log_frame(self) -> pd.DataFrame:
        """The log lines this seat may read, as a DataFrame (one row a line)."""
        lines = self.view_data["log"]
        return pd.DataFrame([line if isinstance(line, dict) else {"text": line} for line in lines])

    def redo(self) -> None:
        """Not offered at a shared table: a move taken back is simply made again."""
        raise UndoRefused("redo is not offered at a shared table: make the move again")

    # -- waiting ----------------------------------------------------------------------------------------------
    def wait(self, after_seq: int | None = None, timeout: float = TIMEOUT) -> bool:
        """Block until the table passes move ``after_seq`` (default: the current one) or the game is over;
        whether it did within ``timeout`` seconds. For scripts and tests: in a kernel, observe the traits."""
        if self._loop is not None and running_loop() is self._loop:
            raise RuntimeError("wait() would block the kernel: observe the seat's traits instead")
        after = self.seq if after_seq is None else after_seq
        with self._changed:
            return self._changed.wait_for(lambda: self.seq > after or self.over, timeout)

    # -- the connection ---------------------------------------------------------------------------------------
class JoinedTable:
    """A table on a hub as an app at this device plays it: one person here (the joined seat), everyone else
    elsewhere, bots on the hub. It offers what the apps use of a :class:`~isle_nb.model.core.table.LocalTable`; the game
    itself stays on the hub, and so does its seed (it would tell the hidden cards)."""

    def __init__(self, seat: RemoteSeat) -> None:
        self.joined = seat
        listed = next(row for row in _answer(httpx.get(f"{seat.url}/api/tables", timeout=TIMEOUT), list[Summary])
                      if row.id == seat.table_id)
        self.players: tuple[str, ...] = tuple(listed.players)
        """Every player's name, in seat order."""
        self.computer_players: tuple[str, ...] = tuple(
            name for name, kind in zip(listed.players, listed.kinds, strict=True) if kind == "bot")
        """The players the hub's bots play."""
        self.people: tuple[str, ...] = (seat.name,)
        """The one person at this device."""
        self.bots: dict[str, Any] = {}
        """No bot moves here: the hub plays the bot seats."""
        self.where = f"shared table {seat.table_id}"
        """Where the game is played, shown instead of a seed."""

    game = None
    """No game shell here: the game is on the hub."""
    simultaneous = False

    def seat(self, name: str) -> RemoteSeat:
        """The joined seat (the only one at this device)."""
        if name != self.joined.name:
            raise KeyError(f"{name} does not sit at this device; {self.joined.name} does")
        return self.joined

    @property
    def seed(self) -> str:
        """The table instead of the seed, which the hub keeps secret until the game is over."""
        return self.where

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.joined.over

    @property
    def moves(self) -> int:
        """Actions applied at the table so far."""
        return self.joined.seq

    people_moved = False
    """An app does not save a hub's game at this device (the hub keeps it)."""

    def bot_to_move(self) -> None:
        """No bot moves at this device."""
        return None

    def play_bot(self, name: str) -> None:
        """Never called: the hub plays its bots."""
        raise RuntimeError("the hub plays the bots of a shared table")

    def on_error(self, reporter: Any) -> None:
        """Report errors of the seat's other observers, and the hub's refusals of moves, with ``reporter``."""
        self.joined.on_observer_error(reporter)

        def refused(change: Any) -> None:
            if change["new"]:
                reporter(HubRefused("refused", change["new"]))

        self.joined.observe(refused, names=["refusal"])

    def close(self) -> None:
        """Leave the table (the seat's connection closes; its link opens it again)."""
        self.joined.close()

    def __repr__(self) -> str:
        return f"JoinedTable({self.joined!r})"


__all__ = ["ConnectionLost", "HubRefused", "JoinedTable", "NotASeat", "RemoteSeat", "RemoteTable", "allowed_hubs",
           "claim", "create_table", "delete_table", "end_table", "hub_secret", "join", "link_in_query", "parse_link",
           "results", "saved_game", "seat_link", "start_table", "tables", "watch"]
