"""The hub's messages, both ways, declared once: what a kernel and the hub say to each other (``docs/protocol.md``).

Every message is a frozen msgspec Struct, written and read by msgspec. The WebSocket messages are tagged unions on
their ``type`` field: :data:`FromClient` (``hello``, ``act``, ``undo``, ``here``) and :data:`FromHub` (``state``,
``ok``, ``refused``, ``error``); the lobby's HTTP bodies are plain Structs. A player view and an action inside a message
travel as JSON already written by the model's wire (:class:`msgspec.Raw`), so this module knows no game: the hub
writes a view's text once for all the connections of a seat, and the client rebuilds the view from it with the
game's own ``from_dict``. The hub (:mod:`isle_nb.hub.app`) and the client (:mod:`isle_nb.remote`) both import it.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import UNSET, Meta, Raw, Struct, UnsetType

PROTOCOL = 1
"""The protocol version, in every hello."""
MESSAGE_LIMIT = 16_384
"""The longest message a client may send, in characters (an action is well under 1 KB); also the longest request
body, in bytes."""
RATE = 100.0
"""Messages per second a connection may send on average (malformed ones included)..."""
BURST = 200
"""...and at once."""
NAME_LIMIT = 100
"""The longest table id, seat name or mode name a request may carry, in characters."""
SEATS_LIMIT = 20
"""The most seats a table may be asked for (every game has fewer)."""
Name = Annotated[str, Meta(max_length=NAME_LIMIT)]
"""Text a request names something with: a seat, a mode."""
Token = Annotated[str, Meta(max_length=200)]
"""A seat's token (the hub hands out 32 characters)."""


# -- client to hub (WebSocket) -----------------------------------------------------------------------------------
class Hello(Struct, frozen=True, tag="hello", tag_field="type"):
    """The first message of a connection: open the seat whose ``token`` this is (none: watch the table)."""

    protocol: int
    token: Token | UnsetType = UNSET


class Act(Struct, frozen=True, tag="act", tag_field="type"):
    """Play ``action`` (the action's ``to_dict()`` as JSON) having seen move ``seq``; ``id`` comes back in the
    answer. A missing ``seq`` or ``action`` is refused by the hub in words."""

    id: int | None = None
    seq: int | None = None
    action: Raw | UnsetType = UNSET


class Undo(Struct, frozen=True, tag="undo", tag_field="type"):
    """Take back the seat's own last move."""

    id: int | None = None


class Here(Struct, frozen=True, tag="here", tag_field="type"):
    """The seat's person is at the screen again (a click, a key, the page shown again): a bot that was playing for
    them because they kept the table waiting stops, and their next decision waits for them."""

    id: int | None = None


FromClient = Hello | Act | Undo | Here
"""What a client sends on a seat's WebSocket."""


# -- hub to client (WebSocket) -----------------------------------------------------------------------------------
class LogChange(Struct, frozen=True, omit_defaults=True):
    """How a connection's copy of the view's log changes: keep its first ``keep`` lines, then add ``add``.
    ``stand_in`` marks the added lines that tell of a move a bot made for a person who kept the table waiting: each
    a pair of the line's place in the seat's whole log (0 for its first line) and that person (left out when no
    added line is one, so an older client reads every message as before)."""

    keep: int
    add: list[Any]
    stand_in: list[tuple[int, str]] = []


class State(Struct, frozen=True, tag="state", tag_field="type"):
    """What a seat (``seat`` ``None``: a watcher) sees now. ``view`` is the seat's view's ``to_dict()`` without its
    log, as JSON; ``may`` its legal actions compactly (:mod:`isle_nb.hub.compact`); ``result`` the game's
    ``GameResult.to_dict()`` once over; ``away`` the people a bot plays for now; ``log`` the change of the log;
    ``present`` the people whose page is open."""

    table: str
    mode: str
    seat: str | None
    seq: int
    view: Raw
    awaiting: list[str]
    over: bool
    may: list[Any]
    can_undo: bool
    result: dict[str, Any] | None
    away: list[str]
    log: LogChange
    present: list[str] = []
    """The people whose seat has a connection open now (their page is open)."""


class Ok(Struct, frozen=True, tag="ok", tag_field="type"):
    """The move ``id`` was stored and applied: the table is at move ``seq``; an undo names the move ``undone``."""

    id: int | None
    seq: int
    undone: Raw | UnsetType = UNSET


class Refused(Struct, frozen=True, tag="refused", tag_field="type"):
    """The message ``id`` was refused (``code``, the ``rule`` an illegal move breaks, a sentence): nothing changed."""

    id: int | None
    code: str
    rule: str | None
    message: str


class Error(Struct, frozen=True, tag="error", tag_field="type"):
    """A refusal that ends the connection (a bad hello), or an HTTP request's refusal."""

    code: str
    rule: str | None
    message: str


FromHub = State | Ok | Refused | Error
"""What the hub sends on a seat's WebSocket."""


# -- the lobby (HTTP) ---------------------------------------------------------------------------------------------
class ModeEntry(Struct, frozen=True):
    """A game a table may play (``GET /api/modes``): its name, label, fewest and most players, option names."""

    name: str
    label: str
    players: list[int]
    options: list[str]


class Summary(Struct, frozen=True):
    """A table as the lobby lists it (``GET /api/tables``): no token, no secret. ``damaged``: why a stored table
    could not be rebuilt (it is then not played), else ``None``; ``ended``: when the game finished or the table was
    ended (``time.time()``), else ``None``; ``progress``: where the game stands, in a short phrase ("" while the
    table waits for players); ``scores``: each player's score as the public view shows it (the score so far while
    the game is played, where the game shows one; the final scores once it is over), else ``None``. Both are read
    from the public view and the result alone: what a watcher sees."""

    id: str
    mode: str
    label: str
    players: list[str]
    kinds: list[str]
    open: list[str]
    seq: int
    over: bool
    time_limit: float | None
    away: list[str]
    awaiting: list[str]
    created: float
    damaged: str | None = None
    ended: float | None = None
    progress: str = ""
    scores: dict[str, int] | None = None


class Created(Summary, frozen=True):
    """A new table's summary and each person seat's token by name (``POST /api/tables``)."""

    tokens: dict[str, str] = {}


class Claimed(Struct, frozen=True):
    """An open seat taken (``POST /api/tables/{id}/claim``): the table, the seat's player and its new token."""

    table: str
    seat: str
    token: str


class CreateRequest(Struct, frozen=True, forbid_unknown_fields=True):
    """``POST /api/tables``: the mode, the seats as in ``play_app``, the seed (none: a secret one) and options."""

    mode: Name = "standard"
    players: Annotated[list[Name], Meta(max_length=SEATS_LIMIT)] | None = None
    seed: int | None = None
    options: dict[str, Any] = {}


class CheckRequest(Struct, frozen=True, forbid_unknown_fields=True):
    """``POST /api/tables/{id}/check`` (header ``X-Seat-Token``): would the rules accept ``action`` (its
    ``to_dict()``) from this seat now? Nothing changes."""

    action: Any = None


class Verdict(Struct, frozen=True):
    """The rules' answer to a :class:`CheckRequest`: the ``rule`` the action breaks and the rules' sentence, or
    both ``None`` when the rules would accept it."""

    rule: str | None = None
    message: str | None = None


class ClaimRequest(Struct, frozen=True, forbid_unknown_fields=True):
    """``POST /api/tables/{id}/claim``: the open seat wanted (none: the first), and the name its person plays
    under (none: the seat's own)."""

    seat: Name | None = None
    name: Name | None = None


T = TypeVar("T")
_ENCODER = msgspec.json.Encoder()
_FROM_CLIENT = msgspec.json.Decoder(FromClient)
_FROM_HUB = msgspec.json.Decoder(FromHub)


def encode(message: Struct | list[Struct]) -> bytes:
    """A message as the JSON sent (UTF-8; compact, so the same message is always the same bytes)."""
    return _ENCODER.encode(message)


def encode_text(message: Struct) -> str:
    """A message as the text of a WebSocket frame."""
    return _ENCODER.encode(message).decode()


def from_client(text: str | bytes) -> Hello | Act | Undo:
    """A client's message; :class:`msgspec.DecodeError` (not JSON) or :class:`msgspec.ValidationError`."""
    return _FROM_CLIENT.decode(text)


def from_hub(text: str | bytes) -> State | Ok | Refused | Error:
    """A hub's message; :class:`msgspec.DecodeError` or :class:`msgspec.ValidationError` if it is none."""
    return _FROM_HUB.decode(text)


def decode(text: str | bytes, kind: type[T]) -> T:
    """A lobby body of ``kind``; :class:`msgspec.DecodeError` or :class:`msgspec.ValidationError` otherwise."""
    return msgspec.json.decode(text, type=kind)


def plain(raw: Raw | bytes | str) -> Any:
    """The plain data (dicts, lists...) of JSON carried as :class:`msgspec.Raw` (a view, an action)."""
    return msgspec.json.decode(raw)


def numbered(text: str | bytes) -> int | None:
    """The ``id`` of a message that could not be read otherwise (so that its refusal names it), if it has one."""
    try:
        found = msgspec.json.decode(text, type=_Numbered).id
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


class _Numbered(Struct, frozen=True):
    id: Any = None


__all__ = ["BURST", "MESSAGE_LIMIT", "NAME_LIMIT", "PROTOCOL", "RATE", "SEATS_LIMIT", "Act", "CheckRequest",
           "ClaimRequest", "Claimed", "CreateRequest", "Created", "Error", "FromClient", "FromHub", "Hello", "Here",
           "LogChange", "ModeEntry", "Ok", "Refused", "State", "Summary", "Undo", "Verdict", "decode", "encode",
           "encode_text", "from_client", "from_hub", "numbered", "plain"]
