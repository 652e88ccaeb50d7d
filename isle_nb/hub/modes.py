"""What a hub adds to the model's registry of games (:mod:`isle_nb.model.modes`, the one place a mode is declared):
how a table's seats are read, open seats allowed, and how the lobby lists a mode.

Seat specs follow ``play_app``: a person's name, ``"bot:<kind>"`` / ``"Name=bot:<kind>"`` for a bot played on the
hub, and ``"open"`` / ``"Name=open"`` for a seat anyone with the lobby address may claim.
"""

from __future__ import annotations

from isle_nb.hub.protocol import ModeEntry
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.seating import SeatSpec
from isle_nb.model.core.seating import parse_seats as read_seats
from isle_nb.model.modes import GameMode


def parse_seats(players: object, mode: GameMode) -> list[SeatSpec]:
    """The seats ``players`` describes, read by the model (:func:`isle_nb.model.core.seating.parse_seats`, open seats
    allowed); :class:`IllegalAction` saying why when a spec is malformed, a bot kind unknown, or the count not one
    the mode allows."""
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise IllegalAction("SETUP-1", "players must be a list of names, 'bot:<kind>' or 'open' seats")
    if len(players) not in mode.players:
        raise IllegalAction(mode.rule, f"{mode.label} is played by {mode.player_counts} players, not {len(players)}")
    return list(read_seats(players, mode.bots, open_seats=True))


def lobby_entry(mode: GameMode) -> ModeEntry:
    """A mode as ``GET /api/modes`` lists it: its name, label, fewest and most players, and option names."""
    return ModeEntry(mode.name, mode.label, [mode.players[0], mode.players[-1]], list(mode.options))


__all__ = ["SeatSpec", "lobby_entry", "parse_seats"]
