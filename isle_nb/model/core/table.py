"""A table at one device: a game shell, the bots that play some of its players, and a :class:`LocalSeat` for each
person (design.md §3).

An app holds a :class:`LocalTable`: it shows the people's seats (hot seat: several people share the device), lets
the bots move (:meth:`LocalTable.play_bot`, scheduled by the widgets' bot driver) and saves the game. Only the table
touches the shell; a screen draws everything from a seat.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from isle_nb.model.core.contract import Bot
from isle_nb.model.core.seat import LocalSeat

if TYPE_CHECKING:
    from isle_nb.model.core.shell import GameShell


class LocalTable:
    """One game played at this device: people at its seats, bots at the others (see the module docstring)."""

    def __init__(self, game: GameShell, bots: Mapping[str, Bot[Any]] | None = None) -> None:
        self._game = game
        self.bots: dict[str, Bot[Any]] = dict(bots or {})
        unknown = set(self.bots) - set(game.player_names)
        if unknown:
            raise ValueError(f"bots for unknown players {sorted(unknown)}; players are {list(game.player_names)}")
        self.players: tuple[str, ...] = tuple(game.player_names)
        """Every player's name, in seat order."""
        self.people: tuple[str, ...] = tuple(n for n in self.players if n not in self.bots)
        """The players who are people at this device (the others are bots)."""
        self._seats: dict[str, LocalSeat] = {}

    @property
    def game(self) -> GameShell:
        """The game shell, for scripts and tests (a screen never reads it: it draws from a seat)."""
        return self._game

    def seat(self, name: str) -> LocalSeat:
        """The seat of ``name`` (a player, or a spectator's name for the public view), made on first use."""
        if name not in self._seats:
            self._seats[name] = LocalSeat(self._game, name, people=self.people)
        return self._seats[name]

    # -- the game as the app needs it ---------------------------------------------------------------------------
    @property
    def seed(self) -> int:
        """The game's seed (shown so that the same deal can be played again)."""
        return int(self._game.rules.setup(self._game.state)["seed"])

    @property
    def setup(self) -> dict[str, Any]:
        """The game's setup (players, seed, mode, options), as saved."""
        return dict(self._game.rules.setup(self._game.state))

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self._game.over)

    @property
    def moves(self) -> int:
        """How many actions were played."""
        return len(self._game.actions)

    @property
    def people_moved(self) -> bool:
        """Whether a person (not a bot) has made a move that still stands."""
        return any(a.player in self.people for a in self._game.actions)

    def to_json(self) -> str:
        """The game as its shell saves it (setup and action log)."""
        return self._game.to_json()

    def save_data(self) -> dict[str, Any]:
        """The game's save as JSON data."""
        return dict(json.loads(self.to_json()))

    # -- bots -------------------------------------------------------------------------------------------------
    @property
    def simultaneous(self) -> bool:
        """Whether the awaited players decide at once and in secret now (a draft)."""
        return bool(self._game.simultaneous)

    def bot_to_move(self) -> str | None:
        """The first bot the game awaits, if any."""
        if self._game.over:
            return None
        return next((name for name in self._game.awaiting if name in self.bots), None)

    def play_bot(self, name: str) -> Any:
        """Let the bot of ``name`` choose among its legal actions and play it; returns the action."""
        game = self._game
        action = self.bots[name].choose(game, name, game.legal_actions(name))
        game.apply(action)
        return action

    # -- watching ---------------------------------------------------------------------------------------------
    def on_error(self, reporter: Any) -> None:
        """Report errors of the game's other observers with ``reporter`` (the move stands)."""
        self._game.on_observer_error(reporter)

    def close(self) -> None:
        """Stop every seat of this table observing the game."""
        for seat in self._seats.values():
            seat.close()
        self._seats.clear()

    def __repr__(self) -> str:
        return f"LocalTable({self._game!r}, bots={sorted(self.bots)})"


__all__ = ["LocalTable"]
