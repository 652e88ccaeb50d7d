"""Who sits at each seat of a game, read from seat specs: the same words for ``play_app``, the app's Games dialog, a
saved game's seats and a hub's tables.

A spec is a person's name (``"Ann"``), a bot (``"bot:greedy"``, named e.g. ``"Greedy bot"``, numbered when the same
spec appears several times) or a named bot (``"Cleo=bot:greedy"``); where seats may be left open for people to claim
(a hub's table), ``"open"`` or ``"Name=open"``. :func:`parse_seats` reads specs into :class:`SeatSpec` values and
:func:`seat_bots` makes the bots, seeded by the game's seed and their seat.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from isle_nb.model.core.contract import Bot
from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.core.shell import bot_by_name

BOT_PREFIX = "bot:"
OPEN = "open"


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat: the player's name, who plays it (a person, a bot of kind ``bot``, or open for anyone to claim)."""

    name: str
    kind: Literal["person", "bot", "open"]
    bot: str | None = None


def parse_seats(specs: Sequence[str], bot_kinds: Collection[str], open_seats: bool = False) -> tuple[SeatSpec, ...]:
    """The seats ``specs`` describe (see the module docstring); :class:`IllegalAction` (SETUP-1, a ValueError) for a
    spec that is no name, an unknown bot kind, or an open seat where none may be."""
    seats: list[SeatSpec] = []
    counts: dict[str, int] = {}
    for spec in specs:
        if not isinstance(spec, str) or not spec.strip():
            raise IllegalAction("SETUP-1", f"a player is a name or 'bot:<kind>', not {quote(spec)}")
        label, _, what = (part.strip() for part in spec.partition("=")) if "=" in spec else ("", "", spec.strip())
        if what.startswith(BOT_PREFIX):
            kind = what[len(BOT_PREFIX):]
            if kind not in bot_kinds:
                raise IllegalAction("SETUP-1", f"unknown bot {kind!r}; choose one of {', '.join(bot_kinds)}")
            counts[kind] = counts.get(kind, 0) + 1
            name = label or f"{kind.capitalize()} bot"
            if not label and sum(1 for other in specs if other == spec) > 1:
                name = f"{name} {counts[kind]}"
            seats.append(SeatSpec(name, "bot", kind))
        elif what == OPEN and open_seats:
            seats.append(SeatSpec(label or f"Player {len(seats) + 1}", "open"))
        else:
            seats.append(SeatSpec(spec.strip(), "person"))
    return tuple(seats)


def seat_bots(seats: Sequence[SeatSpec], kinds: Mapping[str, Callable[[int], Bot[Any]]], seed: int = 0
              ) -> dict[str, Bot[Any]]:
    """The bot of every bot seat, by player name, each seeded by the game's seed and its seat."""
    return {s.name: bot_by_name(kinds, s.bot, seed * 101 + number)
            for number, s in enumerate(seats) if s.bot is not None}


__all__ = ["BOT_PREFIX", "OPEN", "SeatSpec", "parse_seats", "seat_bots"]
