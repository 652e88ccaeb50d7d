"""Seats: who plays each player (a person or a bot), and the driver that lets bot seats move by themselves.

Bots are driven by the model's ``awaiting``: whenever a bot must decide, it chooses among the model's legal actions.
Simultaneous hidden steps (draft, buy, lesson colours, rescue cards, family lessons) are decided at once; turns
and the tile placements that follow them wait ``delay`` seconds each, so people can follow what a bot does. With no
running event loop (plain Python, tests) or ``delay=0`` the bots move synchronously. The sister of the solo game is no
seat: the model plays her turns itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from isle_nb.bots import BOTS
from isle_nb.model.core.contract import Bot
from isle_nb.model.core.seating import BOT_PREFIX, parse_seats, seat_bots
from isle_nb.model.core.table import LocalTable


def parse_players(players: Sequence[str], seed: int = 0,
                  kinds: Mapping[str, Callable[[int], Bot[Any]]] = BOTS) -> tuple[list[str], dict[str, Bot[Any]]]:
    """Player names and bots from specs like ``["Ann", "Bob", "bot:greedy"]`` (read by the model:
    :func:`~isle_nb.model.core.seating.parse_seats`); ``kinds`` are the game's bots by name, by default the Isle of
    Cats'
    search, greedy and random."""
    seats = parse_seats(players, kinds)
    return [seat.name for seat in seats], seat_bots(seats, kinds, seed)


class BotDriver:
    """Moves the bot seats of a :class:`~isle_nb.model.core.table.LocalTable` whenever its game awaits one of them.

    ``BotDriver(game, bots, ...)`` (a game shell and its bots by player) still works for the apps not yet drawn
    from seats: the driver makes their table.
    """

    def __init__(self, table: LocalTable | Any, bots: Mapping[str, Bot[Any]] | float | None = None,
                 delay: float = 0.0, on_error: Callable[[BaseException], None] | None = None) -> None:
        if not hasattr(table, "seat"):  # a game shell (a LocalTable, or a table joined on a hub, has seats)
            table = LocalTable(table, bots)  # type: ignore[arg-type]  # the old form passes bots by player
        elif isinstance(bots, (int, float)):
            delay = float(bots)
        self.table = table
        self.bots = table.bots
        self.delay = delay
        self.on_error = on_error
        self.paused = False
        self.moves = 0
        self._running = False
        self._handle: asyncio.TimerHandle | None = None

    @property
    def busy(self) -> bool:
        """Whether a bot is moving or a bot move is scheduled."""
        return self._running or self._handle is not None

    def bot_to_move(self) -> str | None:
        """The first bot the model awaits, if any."""
        return None if self.table.over else self.table.bot_to_move()

    def _simultaneous(self) -> bool:
        return self.table.simultaneous

    @staticmethod
    def _loop() -> asyncio.AbstractEventLoop | None:
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def kick(self, around: Callable[[], AbstractContextManager[object]] | None = None) -> None:
        """Let bots move now (or schedule the next move when a delay applies).

        ``around`` wraps a burst of synchronous moves (the app uses it to redraw once at the end).
        """
        if self._running or self.paused or self.bot_to_move() is None:
            return
        self._running = True
        try:
            with around() if around is not None else nullcontext():
                while (name := self.bot_to_move()) is not None:
                    loop = self._loop()
                    if self.delay > 0 and loop is not None and not self._simultaneous():
                        self._schedule(loop)
                        break
                    if not self._step(name):
                        break
        finally:
            self._running = False

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._handle is None:
            self._handle = loop.call_later(self.delay, self._fire)

    def _fire(self) -> None:
        self._handle = None
        if self.paused:
            return
        name = self.bot_to_move()
        if name is not None:
            self._running = True
            try:
                self._step(name)
            finally:
                self._running = False
            self.kick()

    def cancel(self) -> None:
        """Forget a scheduled move."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _step(self, name: str) -> bool:
        try:
            self.table.play_bot(name)
        except Exception as error:  # a bot must never hang the game silently
            self.paused = True
            if self.on_error is not None:
                self.on_error(error)
            return False
        self.moves += 1
        return True


__all__ = ["BOT_PREFIX", "BotDriver", "parse_players"]
