"""The hub's messages as JSON: what a seat receives after every change, and the limits every message keeps.

A seat's message holds its own player view, who is awaited, the sequence number (actions applied so far), what the
seat may do (:mod:`isle_nb.hub.compact`), whether it may take back its last move, and the result once the game is
over. The view is the view's exact ``to_dict()`` form, except that its ``log`` travels as a change: the lines a
connection already has are kept (``keep``) and only the new ones are sent (``add``), so an update stays a few KB
however long the game. The client rebuilds the whole view dict, and from it the view (``View.from_dict``). The hub
builds each message from the seat's view and legal actions only, so nothing of another seat's secrets can be in it
(the protocol tests hold every byte against the local model). A watcher gets the public view (``view(None)``).
The hub writes a seat's message as text directly (:class:`SeatText`), reusing the text of the view's parts that
did not change since the last announcement (:class:`~isle_nb.model.core.wire.TextMemo`): the same characters as the
message as data (:func:`seat_state`) written with :func:`dumps`. ``docs/protocol.md`` describes every message.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from functools import cache
from typing import Any

from isle_nb.hub.compact import compact
from isle_nb.model.core.shell import GameShell
from isle_nb.model.core.wire import TextMemo, field_names, to_plain, to_text

PROTOCOL = 1
"""The protocol version, in every hello."""
MESSAGE_LIMIT = 16_384
"""The longest message a client may send, in characters (an action is well under 1 KB)."""
RATE = 100.0
"""Messages per second a connection may send on average..."""
BURST = 200
"""...and at once."""
LOG = "log"
"""The view field that travels as a change (every game's view has one)."""


def view_without_log(view: Any) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """A view's ``to_dict()`` form without its log, and its log (the view's own values)."""
    data = {name: to_plain(getattr(view, name)) for name in _sent_fields(type(view))}
    return data, tuple(getattr(view, LOG))


def view_text(view: Any, memo: TextMemo | None = None, last: dict[str, tuple[Any, str]] | None = None) -> str:
    """The JSON text of :func:`view_without_log`'s form of ``view``, written with ``memo`` (the text of the parts
    that did not change since the memo's last use is reused). ``last`` holds each field of the view this seat was
    last sent and its text, and is brought up to date: a field equal to the one sent last is not written again
    (the view's fields hold values of their declared types, so equal values have the same text)."""
    texts = []
    for name in _sent_fields(type(view)):
        value = getattr(view, name)
        before = None if last is None else last.get(name)
        if before is not None and type(before[0]) is type(value) and before[0] == value:
            text = before[1]
        else:
            text = to_text(value, memo)
            if last is not None:
                last[name] = (value, text)
        texts.append(f'"{name}":{text}')
    return "{" + ",".join(texts) + "}"


@cache
def _sent_fields(cls: type) -> tuple[str, ...]:
    return tuple(name for name in field_names(cls) if name != LOG)


def log_change(sent: Sequence[Any], log: Sequence[Any]) -> int:
    """How many of the log lines already ``sent`` the new ``log`` starts with (all of them, unless an undo took some
    back)."""
    count = len(sent)
    if count <= len(log) and (count == 0 or sent[-1] is log[count - 1]):
        return count  # the usual case: lines were only added (each line is one object for the whole game)
    keep = 0
    for old, new in zip(sent, log, strict=False):
        if old != new:
            break
        keep += 1
    return keep


def full_view(data: dict[str, Any], log: list[Any]) -> dict[str, Any]:
    """The view's whole ``to_dict()`` form from a message's ``view`` and the log lines rebuilt from its changes."""
    return {**data, LOG: log}


def result_data(game: GameShell) -> dict[str, Any] | None:
    """The game's result as sent (``GameResult.to_dict()``) once it is over, else ``None``."""
    result = game.game_result()
    return None if result is None else result.to_dict()


def may_of(game: GameShell, seat: str | None, last: list[Any] | None = None) -> list[dict[str, Any]]:
    """What ``seat`` may do now, compactly (:func:`~isle_nb.hub.compact.compact`, with its ``last``); nothing for
    a watcher."""
    if seat is None or seat not in game.player_names:
        return []
    return compact(game, seat, game.legal_actions(seat), last)


def state_fields(table: str, mode: str, game: GameShell, seat: str | None, can_undo: bool,
                 away: Collection[str], result: dict[str, Any] | None,
                 may: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The fields of what ``seat`` (a watcher for ``None``) receives now, but the log, in the order sent; ``view``
    is the seat's view itself (see :func:`seat_state` and :class:`SeatText` for the message as data and as text).
    ``away``: the people a bot plays for now (they kept the table waiting too long); ``result``: the game's
    :func:`result_data`, the same for every seat (a table works it out once); ``may``: :func:`may_of`, if the
    caller has it."""
    return {
        "type": "state",
        "table": table,
        "mode": mode,
        "seat": seat,
        "seq": len(game.actions),
        "view": game.view(seat),
        "awaiting": list(game.awaiting),
        "over": game.over,
        "may": may_of(game, seat) if may is None else may,
        "can_undo": can_undo,
        "result": result,
        "away": sorted(away),
    }


def seat_state(table: str, mode: str, game: GameShell, seat: str | None, can_undo: bool,
               away: Collection[str] = ()) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """What ``seat`` receives now as plain data, but the log; and the view's log lines (:func:`state_fields`)."""
    state = state_fields(table, mode, game, seat, can_undo, away, result_data(game))
    view, log = view_without_log(state["view"])
    return {**state, "view": view}, log


class SeatText:
    """What every connection of one seat receives now, as text (:func:`state_fields`), built once for all of them;
    :meth:`text` adds the change of a connection's log. The same characters as ``dumps`` of the message as data."""

    def __init__(self, state: dict[str, Any], memo: TextMemo | None = None,
                 last: dict[str, tuple[Any, str]] | None = None) -> None:
        view = state["view"]
        names = list(state)
        at = names.index("view")  # after "type": the head is never empty
        self.head = dumps({n: state[n] for n in names[:at]})[:-1] + f',"view":{view_text(view, memo, last)}'
        self.tail = {n: state[n] for n in names[at + 1:]}
        self.log: tuple[Any, ...] = tuple(getattr(view, LOG))
        """The view's log lines."""

    def text(self, sent: Sequence[Any] = ()) -> str:
        """The message for a connection that has the log lines ``sent``."""
        keep = log_change(sent, self.log)
        tail = dumps({**self.tail, LOG: {"keep": keep, "add": [to_plain(line) for line in self.log[keep:]]}})
        return f"{self.head},{tail[1:]}"


_ENCODE = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode
"""``json.dumps`` with compact separators, its encoder built once (``json.dumps`` builds one per call when given
arguments) and without the check for cycles (a message is plain data from the hub's own builders)."""


def dumps(message: dict[str, Any]) -> str:
    """A message as the text sent (compact separators: the same message is always the same bytes)."""
    return _ENCODE(message)


__all__ = ["BURST", "MESSAGE_LIMIT", "PROTOCOL", "RATE", "SeatText", "dumps", "full_view", "log_change", "result_data",
           "seat_state", "state_fields", "view_text", "view_without_log"]
