"""The hub's messages as JSON: what a seat receives after every change, and the limits every message keeps.

A seat's message holds its own player view, who is awaited, the sequence number (actions applied so far), what the
seat may do (:mod:`isle_nb.hub.compact`), whether it may take back its last move, and the result once the game is
over. The view is the view's exact ``to_dict()`` form, except that its ``log`` travels as a change: the lines a
connection already has are kept (``keep``) and only the new ones are sent (``add``), so an update stays a few KB
however long the game. The client rebuilds the whole view dict, and from it the view (``View.from_dict``). The hub
builds each message from the seat's view and legal actions only, so nothing of another seat's secrets can be in it
(the protocol tests hold every byte against the local model). A watcher gets the public view (``view(None)``).
The hub writes a seat's message (:class:`~isle_nb.hub.protocol.State`, :class:`SeatText`) with the view's text
written by the model's wire, reusing the text of the view's parts that did not change since the last announcement
(:class:`~isle_nb.model.core.wire.TextMemo`): the same JSON values as the message as data (:func:`seat_state`).
``docs/protocol.md`` describes every message.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import Any

import msgspec
from msgspec import Raw

from isle_nb.hub.compact import compact
from isle_nb.hub.protocol import LogChange, State, encode_text
from isle_nb.model.core.shell import GameShell
from isle_nb.model.core.wire import TextMemo, field_names, to_plain, to_text

LOG = "log"
"""The view field that travels as a change (every game's view has one)."""


def view_without_log(view: Any) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """A view's ``to_dict()`` form without its log, and its log (the view's own values)."""
    kind: type = type(view)
    data = {name: to_plain(getattr(view, name)) for name in _sent_fields(kind)}
    return data, tuple(getattr(view, LOG))


def view_text(view: Any, memo: TextMemo | None = None, last: dict[str, tuple[Any, str]] | None = None) -> str:
    """The JSON text of :func:`view_without_log`'s form of ``view``, written with ``memo`` (the text of the parts
    that did not change since the memo's last use is reused). ``last`` holds each field of the view this seat was
    last sent and its text, and is brought up to date: a field equal to the one sent last is not written again
    (the view's fields hold values of their declared types, so equal values have the same text)."""
    texts = []
    kind: type = type(view)
    for name in _sent_fields(kind):
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
                 may: list[dict[str, Any]] | None = None, present: Collection[str] = ()) -> dict[str, Any]:
    """The fields of what ``seat`` (a watcher for ``None``) receives now, but the log, in the order sent; ``view``
    is the seat's view itself (see :func:`seat_state` and :class:`SeatText` for the message as data and as text).
    ``away``: the people a bot plays for now (they kept the table waiting too long); ``result``: the game's
    :func:`result_data`, the same for every seat (a table works it out once); ``may``: :func:`may_of`, if the
    caller has it; ``present``: the people whose page is open."""
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
        "present": sorted(present),
    }


def seat_state(table: str, mode: str, game: GameShell, seat: str | None, can_undo: bool,
               away: Collection[str] = ()) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """What ``seat`` receives now as plain data, but the log; and the view's log lines (:func:`state_fields`)."""
    state = state_fields(table, mode, game, seat, can_undo, away, result_data(game))
    view, log = view_without_log(state["view"])
    return {**state, "view": view}, log


class SeatText:
    """What every connection of one seat receives now (:func:`state_fields`), its view written once for all of them
    (:class:`~isle_nb.hub.protocol.State`); :meth:`text` adds the change of a connection's log. ``stand_in``: the
    lines of the seat's log that tell of a bot's move for a person who was away, by place, with that person."""

    def __init__(self, state: dict[str, Any], memo: TextMemo | None = None,
                 last: dict[str, tuple[Any, str]] | None = None, stand_in: Mapping[int, str] | None = None) -> None:
        view = state["view"]
        fields_ = {name: value for name, value in state.items() if name != "type"}
        self.state = State(**{**fields_, "view": Raw(view_text(view, memo, last)), "log": _NO_LOG})
        self.log: tuple[Any, ...] = tuple(getattr(view, LOG))
        """The view's log lines."""
        self.stand_in = sorted((stand_in or {}).items())

    def text(self, sent: Sequence[Any] = ()) -> str:
        """The message for a connection that has the log lines ``sent``."""
        keep = log_change(sent, self.log)
        marked = [(place, person) for place, person in self.stand_in if place >= keep]
        change = LogChange(keep, [to_plain(line) for line in self.log[keep:]], marked)
        return encode_text(msgspec.structs.replace(self.state, log=change))


_NO_LOG = LogChange(0, [])


__all__ = ["SeatText", "full_view", "log_change", "may_of", "result_data", "seat_state", "state_fields",
           "view_text", "view_without_log"]
