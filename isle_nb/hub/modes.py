"""The games a hub can seat: each mode's shell, player counts, options and how to start one.

A thin table over the model's registry of games (:mod:`isle_nb.model.modes`); the hub reads nothing else about a
mode.
Seat specs follow ``play_app``: a person's name, ``"bot:<kind>"`` / ``"Name=bot:<kind>"`` for a bot played on the
hub, and ``"open"`` / ``"Name=open"`` for a seat anyone with the lobby address may claim.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from isle_nb.model.errors import IllegalAction
from isle_nb.model.modes import MODES as REGISTERED
from isle_nb.model.modes import GameMode, new_game
from isle_nb.model.seating import SeatSpec
from isle_nb.model.seating import parse_seats as read_seats
from isle_nb.model.shell import GameShell


@dataclass(frozen=True, slots=True)
class HubMode:
    """One game a table can play."""

    name: str
    label: str
    players: range
    options: tuple[str, ...]
    """The keyword options a table of this mode accepts (besides players and seed)."""
    shell: Callable[[], type[GameShell]]
    """The game shell class."""
    start: Callable[..., GameShell]
    """``start(names, seed, **options)``: a new game."""
    view: Callable[[], type[Any]]
    """The class of the game's player views, whose ``from_dict`` rebuilds a sent view."""


def _start(mode: str) -> Callable[..., GameShell]:
    """How the model's registry of games starts a game of ``mode`` (:func:`isle_nb.model.modes.new_game`)."""

    def start(names: Sequence[str], seed: int, **options: Any) -> GameShell:
        return new_game(mode, list(names), seed, **options)  # type: ignore[no-any-return]

    return start


def _hub_mode(mode: GameMode) -> HubMode:
    """A registered mode of the model (:mod:`isle_nb.model.modes`) as a hub table plays it."""
    return HubMode(mode.name, mode.label, range(mode.players[0], mode.players[-1] + 1), tuple(mode.options),
                   lambda: mode.shell, _start(mode.name), lambda: mode.view)


MODES: dict[str, HubMode] = {name: _hub_mode(mode) for name, mode in REGISTERED.items()}
"""Every mode a hub table may play, by name: the model's registry of games."""


def hub_mode(name: object) -> HubMode:
    """The mode called ``name``; :class:`IllegalAction` (SETUP-1) naming the choices otherwise."""
    if not isinstance(name, str) or name not in MODES:
        raise IllegalAction("SETUP-1", f"unknown mode {name!r}; choose one of {', '.join(MODES)}")
    return MODES[name]


def parse_seats(players: object, mode: HubMode) -> list[SeatSpec]:
    """The seats ``players`` describes, read by the model (:func:`isle_nb.model.seating.parse_seats`, open seats
    allowed); :class:`IllegalAction` (SETUP-1) saying why when a spec is malformed, a bot kind unknown, or the count
    not one the mode allows."""
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise IllegalAction("SETUP-1", "players must be a list of names, 'bot:<kind>' or 'open' seats")
    if len(players) not in mode.players:
        counts = f"{mode.players.start}-{mode.players.stop - 1}" if len(mode.players) > 1 else str(mode.players.start)
        raise IllegalAction("SETUP-1", f"{mode.label} is played by {counts} players, not {len(players)}")
    return list(read_seats(players, mode.shell().bot_kinds(), open_seats=True))


__all__ = ["MODES", "HubMode", "SeatSpec", "hub_mode", "parse_seats"]
