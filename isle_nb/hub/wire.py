"""The hub's messages as JSON: what a seat receives after every change, and the limits every message keeps.

A seat's message holds its own player view, who is awaited, the sequence number (actions applied so far), what the
seat may do (:mod:`isle_nb.hub.compact`), whether it may take back its last move, and the result once the game is
over. The view is the view's exact ``to_dict()`` form, except that its ``log`` travels as a change: the lines a
connection already has are kept (``keep``) and only the new ones are sent (``add``), so an update stays a few KB
however long the game. The client rebuilds the whole view dict, and from it the view (``View.from_dict``). The hub
builds each message from the seat's view and legal actions only, so nothing of another seat's secrets can be in it
(the protocol tests hold every byte against the local model). A watcher gets the public view (``view(None)``).
``docs/protocol.md`` describes every message.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import fields
from typing import Any

from isle_nb.hub.compact import compact
from isle_nb.model.shell import GameShell
from isle_nb.model.wire import to_plain

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
    data = {f.name: to_plain(getattr(view, f.name)) for f in fields(view) if f.init and f.name != LOG}
    return data, tuple(getattr(view, LOG))


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


def seat_state(table: str, mode: str, game: GameShell, seat: str | None, can_undo: bool,
               away: Collection[str] = ()) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """What ``seat`` (a watcher for ``None``) receives now, but the log; and the view's log lines (see
    :func:`with_log`). ``away``: the people a bot plays for now (they kept the table waiting too long)."""
    view, log = view_without_log(game.view(seat))
    result = game.game_result()
    player = seat is not None and seat in game.player_names
    return {
        "type": "state",
        "table": table,
        "mode": mode,
        "seat": seat,
        "seq": len(game.actions),
        "view": view,
        "awaiting": list(game.awaiting),
        "over": game.over,
        "may": compact(game, seat, game.legal_actions(seat)) if player else [],
        "can_undo": can_undo,
        "result": None if result is None else result.to_dict(),
        "away": sorted(away),
    }, log


def with_log(state: dict[str, Any], log: Sequence[Any], sent: Sequence[Any]) -> dict[str, Any]:
    """The message for a connection that has the log lines ``sent``: ``state`` and the change of its log."""
    keep = log_change(sent, log)
    return {**state, LOG: {"keep": keep, "add": [to_plain(line) for line in log[keep:]]}}


def seat_message(table: str, mode: str, game: GameShell, seat: str | None, can_undo: bool,
                 sent: Sequence[Any] = (), away: Collection[str] = ()) -> dict[str, Any]:
    """What ``seat`` (a watcher for ``None``) receives now, for a connection that has the log lines ``sent``."""
    return with_log(*seat_state(table, mode, game, seat, can_undo, away), sent)


def dumps(message: dict[str, Any]) -> str:
    """A message as the text sent (compact separators: the same message is always the same bytes)."""
    return json.dumps(message, separators=(",", ":"))


__all__ = ["BURST", "MESSAGE_LIMIT", "PROTOCOL", "RATE", "dumps", "full_view", "log_change", "seat_message",
           "seat_state", "view_without_log", "with_log"]
