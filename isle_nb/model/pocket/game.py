"""``PocketGame``: Pocket Cats in the generic observable shell (:class:`~isle_nb.model.core.shell.GameShell`).

A :class:`PocketGame` is the shell over :data:`isle_nb.model.pocket.rules.RULES`: it holds the current immutable
:class:`~isle_nb.model.pocket.state.PocketState` and mirrors it into traitlets (``stage``, ``awaiting``, ``grid``,
``turn``, ``over``, ``log``, ...) that widgets and notebooks observe; every action reassigns them inside one
``hold_trait_notifications()`` block. Undo walks back through the history of states, but never across a flip (it
revealed a tile) or a clan card shown to a player. A match saves as its setup and action log; loading replays every
action through the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any, ClassVar

from traitlets import Dict, Instance, Int, Tuple, Unicode

from isle_nb.model.core.contract import Bot
from isle_nb.model.core.history import UndoRefused
from isle_nb.model.core.shell import GameShell
from isle_nb.model.pocket import frames
from isle_nb.model.pocket.actions import PocketAction
from isle_nb.model.pocket.board import rows
from isle_nb.model.pocket.bots import POCKET_BOTS
from isle_nb.model.pocket.endgame import EndResult, EndStep
from isle_nb.model.pocket.player_view import PocketView
from isle_nb.model.pocket.rules import RULES, PocketRules
from isle_nb.model.pocket.state import DEFAULT_PLAYERS, PocketState

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

SAVE_FORMAT = RULES.save_format
SAVE_VERSION = RULES.save_version


class PocketGame(GameShell[PocketState, PocketAction, PocketView]):
    """A match of Pocket Cats. Build one with :meth:`PocketGame.new` or :meth:`PocketGame.from_json`."""

    rules: ClassVar[PocketRules] = RULES
    save_what = "a saved Pocket Cats match"
    old_setup_keys = frozenset({"mode"})  # the variant's name in saves written before it had its own
    reveal_words = "a tile or a clan card"

    state = Instance(PocketState, help="The current immutable match state.")
    stage = Unicode("flip", help="choose_clan, flip, move, chief (Royal Claws' end choice), between or over.")
    grid = Tuple(help="The grid as 5 rows of 5 Square values (tile id, face up, dog turn).")
    turn = Int(0, help="Turns completed in the current game (a turn is a flip and a move; 24 per game).")
    game_number = Int(1, help="The game of the match (2 only in the second experts game).")
    clans = Dict(help="Each player's clan key (None while still choosing).")
    flipped = Tuple(
        default_value=None, allow_none=True, help="The cell (row, col) flipped this turn and not yet moved, or None."
    )
    end_steps = Tuple(help="The explained end-game steps of the latest finished game.")

    @classmethod
    def bot_kinds(cls) -> Mapping[str, Callable[[int], Bot[Any]]]:
        """``"random"`` and ``"greedy"`` (:mod:`isle_nb.model.pocket.bots`)."""
        return POCKET_BOTS

    # -- building ---------------------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: Sequence[str] | int = DEFAULT_PLAYERS,
        seed: int = 0,
        clans: Sequence[str] | None = None,
        variant: str = "freedom",
        effects: bool = True,
    ) -> PocketGame:
        """A new match for the two named players (or ``2``: "Player 1" and "Player 2"), seeded (POCKET-1, POCKET-5).

        ``variant`` is ``"freedom"`` (``clans`` names the two clans, default Royal Claws against Gourmets),
        ``"limited"`` (each player draws 3 clan cards and keeps 1) or ``"experts"`` (the starting player draws 3,
        keeps 1 and passes 2; two games, totals decide). ``effects=False`` switches clan effects and chief
        abilities off, as for a first game. The first named player starts.
        """
        return cls(RULES.new_game(players, seed, clans, variant, effects))

    # -- reading ----------------------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, str]:
        """The two player names; the first one starts the (first) game."""
        return self.state.players

    @property
    def current_player(self) -> str | None:
        """The player whose turn it is (``None`` while choosing clans in limited mode or once over)."""
        return self.awaiting[0] if len(self.awaiting) == 1 else None

    @property
    def end(self) -> EndResult | None:
        """The resolution of the latest finished game (``None`` before any game ended)."""
        return self.state.finished[-1] if self.state.finished else None

    def result(self) -> pd.DataFrame:
        """One row per finished game and player: prey points, pair bonus, clan bonus, points, prey tiles, winner.

        An experts match adds two ``game == "total"`` rows once both games are over (POCKET-3..5).
        """
        return frames.result_frame(self.state)

    def grid_frame(self, viewer: str | None = None) -> pd.DataFrame:
        """One row per cell: row, col, tile, face up/down, owner clan, attack, dog orientation and arrows."""
        if viewer is not None:
            self.state.seat(viewer)  # IllegalAction (POCKET-1) for a viewer who is not a player
        return frames.grid_frame(self.state, viewer)

    def captures_frame(self) -> pd.DataFrame:
        """The captures of the latest finished game, prey by prey."""
        if self.end is None:
            raise ValueError("no game has ended yet")
        return frames.captures_frame(self.end)

    def log_frame(self, viewer: str | None = None) -> pd.DataFrame:
        """The log; private lines (clan cards drawn) only for their player when ``viewer`` is given."""
        if viewer is not None:
            self.state.seat(viewer)  # IllegalAction (POCKET-1) for a viewer who is not a player
        entries = [e for e in self.state.log if e.visible_to(viewer)]
        return pd.DataFrame(
            [{"game": e.game, "turn": e.turn, "player": e.player, "text": e.text} for e in entries],
            columns=["game", "turn", "player", "text"],
        )

    def _repr_png_(self) -> bytes:
        from isle_nb.view.pocket import pocket_png

        return pocket_png(self)

    # -- internals --------------------------------------------------------------------------------------------
    def _mirror(self, state: PocketState, shown: PocketState | None, batch: ExitStack) -> None:
        """Copy a state into the match's traits (the shell holds their notifications)."""
        steps: tuple[EndStep, ...] = state.finished[-1].steps if state.finished else ()
        self.stage = state.stage
        self.grid = rows(state.grid) if state.grid else ()
        self.turn = state.turn
        self.game_number = state.game
        self.clans = dict(zip(state.players, state.clans, strict=True))
        self.flipped = state.flipped  # type: ignore[assignment]  # traitlets' Tuple type ignores allow_none=True
        self.end_steps = steps

    def __repr__(self) -> str:
        names = " vs ".join(f"{p} ({c or '?'})" for p, c in zip(self.state.players, self.state.clans, strict=True))
        if self.over:
            return f"PocketGame({names}; over, {self.state.variant})"
        return f"PocketGame({names}; {self.state.variant}, game {self.game_number}, turn {self.turn}, {self.stage})"


__all__ = ["PocketGame", "UndoRefused"]
