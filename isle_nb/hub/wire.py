"""The hub's messages as JSON: what a seat receives after every change, and the limits every message keeps.

A seat's message holds its own player view (``view.to_dict()``), who is awaited, the sequence number (actions
applied so far), what the seat may do (:mod:`isle_nb.hub.compact`), whether it may take back its last move, and the
result once the game is over. The hub builds it from the seat's view and legal actions only, so nothing of another
seat's secrets can be in it (the protocol tests hold every byte against the local model). ``docs/protocol.md``
describes every message.
"""

from __future__ import annotations

import json
from dataclasses import fields, is_dataclass
from typing import Any

from isle_nb.hub.compact import compact
from isle_nb.model.boat import Boat
from isle_nb.model.shell import GameShell
from isle_nb.model.tiles import Tile

PROTOCOL = 1
"""The protocol version, in every hello."""
MESSAGE_LIMIT = 16_384
"""The longest message a client may send, in characters (an action is well under 1 KB)."""
RATE = 100.0
"""Messages per second a connection may send on average..."""
BURST = 200
"""...and at once."""


def view_data(view: Any) -> Any:
    """A player view as JSON-ready data: its own ``to_dict()`` where it has one, else its fields (tiles by id,
    boats by their ``to_dict``, tuples as lists)."""
    to_dict = getattr(view, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    return _plain(view)


def _plain(value: Any) -> Any:
    if isinstance(value, Tile):
        return value.id
    if isinstance(value, Boat):
        return value.to_dict()
    if is_dataclass(value) and not isinstance(value, type):
        data = {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
        kind = getattr(type(value), "kind", None)
        return {"kind": kind, **data} if isinstance(kind, str) else data
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def result_data(game: GameShell) -> dict[str, Any] | None:
    """The final scores and winners once the game is over, else ``None``."""
    if not game.over:
        return None
    return {"scores": game.scores(), "winners": list(game.winners())}


def seat_message(table: str, mode: str, game: GameShell, seat: str, can_undo: bool) -> dict[str, Any]:
    """What ``seat`` receives now: its view and everything its screen needs (see the module docstring)."""
    awaiting = list(game.awaiting)
    return {
        "type": "state",
        "table": table,
        "mode": mode,
        "seat": seat,
        "seq": len(game.actions),
        "view": view_data(game.view(seat)),
        "awaiting": awaiting,
        "over": game.over,
        "may": compact(game, seat, game.legal_actions(seat)),
        "can_undo": can_undo,
        "result": result_data(game),
    }


def watcher_message(table: str, mode: str, game: GameShell) -> dict[str, Any]:
    """What a watcher receives: who is awaited, the sequence number and the result; the public view where the game
    has one (``public_view()``), nothing any player keeps secret."""
    public = getattr(game, "public_view", None)
    return {
        "type": "state",
        "table": table,
        "mode": mode,
        "seat": None,
        "seq": len(game.actions),
        "view": view_data(public()) if callable(public) else None,
        "awaiting": list(game.awaiting),
        "over": game.over,
        "may": [],
        "can_undo": False,
        "result": result_data(game),
    }


def dumps(message: dict[str, Any]) -> str:
    """A message as the text sent (compact separators: the same message is always the same bytes)."""
    return json.dumps(message, separators=(",", ":"))


__all__ = ["BURST", "MESSAGE_LIMIT", "PROTOCOL", "RATE", "dumps", "seat_message", "view_data", "watcher_message"]
