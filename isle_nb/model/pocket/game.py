"""``PocketGame``: the observable shell around the Pocket Cats rules.

A :class:`PocketGame` holds the current immutable :class:`~isle_nb.model.pocket.state.PocketState` and mirrors it
into traitlets (``stage``, ``awaiting``, ``grid``, ``turn``, ``over``, ``log``, ...) that widgets and notebooks
observe; every action reassigns them inside one ``hold_trait_notifications()`` block. Undo walks back through the
history of states, but never across a flip (it revealed a tile) or a clan card shown to a player. A match saves
as its setup and action log; loading replays every action through the rules.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pandas as pd
from traitlets import Bool, Dict, HasTraits, Instance, Int, List, Tuple, Unicode

from isle_nb.model.errors import IllegalAction, InvalidSave
from isle_nb.model.history import ActionHistory, UndoRefused, read_save, replay
from isle_nb.model.pocket import frames, rules
from isle_nb.model.pocket.actions import PocketAction, action_from_dict
from isle_nb.model.pocket.board import rows
from isle_nb.model.pocket.endgame import EndResult, EndStep
from isle_nb.model.pocket.scene import Scene, board_scene, scene_to_png
from isle_nb.model.pocket.state import DEFAULT_PLAYERS, MODES, PocketState, new_state

SAVE_FORMAT = "isle_nb.pocket"
SAVE_VERSION = 1


class PocketGame(ActionHistory, HasTraits):
    """A match of Pocket Cats. Build one with :meth:`PocketGame.new` or :meth:`PocketGame.from_json`."""

    state = Instance(PocketState, help="The current immutable match state.")
    stage = Unicode("flip", help="choose_clan, flip, move, chief (Royal Claws' end choice), between or over.")
    awaiting = Tuple(help="Names of the players who must act now.")
    grid = Tuple(help="The grid as 5 rows of 5 Square values (tile id, face up, dog turn).")
    turn = Int(0, help="Turns completed in the current game (a turn is a flip and a move; 24 per game).")
    game_number = Int(1, help="The game of the match (2 only in the second experts game).")
    clans = Dict(help="Each player's clan key (None while still choosing).")
    flipped = Tuple(
        default_value=None, allow_none=True, help="The cell (row, col) flipped this turn and not yet moved, or None."
    )
    over = Bool(False, help="True once the match has ended.")
    log = Tuple(help="The log (PocketLogEntry values).")
    end_steps = Tuple(help="The explained end-game steps of the latest finished game.")
    can_undo = Bool(False, help="Whether undo() would succeed now.")
    can_redo = Bool(False, help="Whether redo() would succeed now.")
    actions = List(help="The actions applied so far.")

    reveal_words = "a tile or a clan card"

    def __init__(self, state: PocketState, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._start_history()
        self._show(state)

    # -- building ---------------------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        clans: Sequence[str] | None = None,
        mode: str = "freedom",
        effects: bool = True,
        seed: int = 0,
        players: Sequence[str] = DEFAULT_PLAYERS,
    ) -> PocketGame:
        """A new match (POCKET-1, POCKET-5).

        ``mode`` is ``"freedom"`` (``clans`` names the two clans, default Royal Claws against Gourmets),
        ``"limited"`` (each player draws 3 clan cards and keeps 1) or ``"experts"`` (the starting player draws 3,
        keeps 1 and passes 2; two games, totals decide). ``effects=False`` switches clan effects and chief
        abilities off, as for a first game. The first named player starts.
        """
        pair = tuple(clans) if clans is not None else None
        return cls(new_state(tuple(players), pair, mode, effects, int(seed)))  # type: ignore[arg-type]

    # -- playing ----------------------------------------------------------------------------------------------
    def legal_actions(self, player: str) -> list[PocketAction]:
        """Every legal action for ``player`` now (empty if they do not act now)."""
        return rules.legal_actions(self.state, player)

    def apply(self, action: PocketAction) -> None:
        """Apply an action; raises :class:`IllegalAction` naming the POCKET rule (changing nothing) if illegal."""
        self._record(rules.apply(self.state, action), action)

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

    def winners(self) -> tuple[str, ...]:
        """The winner of the match, or both players for a shared victory; empty while it is not over."""
        if not self.over:
            return ()
        return rules.match_winners(self.state.finished, self.state.players)

    def result(self) -> pd.DataFrame:
        """One row per finished game and player: prey points, pair bonus, clan bonus, points, prey tiles, winner.

        An experts match adds two ``game == "total"`` rows once both games are over (POCKET-3..5).
        """
        return frames.result_frame(self.state)

    def grid_frame(self, viewer: str | None = None) -> pd.DataFrame:
        """One row per cell: row, col, tile, face up/down, owner clan, attack, dog orientation and arrows."""
        return frames.grid_frame(self.state, viewer)

    def captures_frame(self) -> pd.DataFrame:
        """The captures of the latest finished game, prey by prey."""
        if self.end is None:
            raise ValueError("no game has ended yet")
        return frames.captures_frame(self.end)

    def log_frame(self, viewer: str | None = None) -> pd.DataFrame:
        """The log; private lines (clan cards drawn) only for their player when ``viewer`` is given."""
        entries = [e for e in self.state.log if viewer is None or not e.private or e.player == viewer]
        return pd.DataFrame(
            [{"game": e.game, "turn": e.turn, "player": e.player, "text": e.text} for e in entries],
            columns=["game", "turn", "player", "text"],
        )

    def scene(self, **drawing: Any) -> Scene:
        """The drawing of the current grid (see :func:`isle_nb.model.pocket.scene.board_scene`).

        Once a game is over the picture shows the eliminated cats and who caught each prey; the tile flipped this
        turn is framed. Keyword arguments (``targets``, ``selected``, ``options``, ...) go to ``board_scene``.
        """
        state = self.state
        if state.end is not None:
            drawing.setdefault("reveal", True)
            drawing.setdefault("captured", [(c.cell, c.winner) for c in state.end.captures if c.winner])
        drawing.setdefault("selected", state.flipped)
        drawing.setdefault("caption", "Choosing clans...")
        return board_scene(state.grid, chaoticats_value=self._chaos(), **drawing)

    def to_png(self, **drawing: Any) -> bytes:
        """The current grid as a PNG picture (face-down tiles shown as backs); arguments as for :meth:`scene`."""
        return scene_to_png(self.scene(**drawing))

    def _repr_png_(self) -> bytes:
        return self.to_png()

    # -- saving -----------------------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The match as JSON: players, clans (freedom mode), mode, effects, seed and the action log."""
        state = self.state
        first = state.finished[0].clans if state.finished else state.clans
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "players": list(state.players),
                "mode": state.mode,
                "clans": list(first) if state.mode == "freedom" else None,
                "effects": state.effects,
                "seed": state.seed,
                "actions": [a.to_dict() for a in self.actions],
            }
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> PocketGame:
        """Load a match saved by :meth:`to_json`, replaying every action through the rules.

        Raises :class:`InvalidSave` for malformed JSON, a wrong format or an action the rules refuse.
        """
        data = read_save(text, SAVE_FORMAT, SAVE_VERSION, "a saved Pocket Cats match")
        players, mode, clans, effects, seed = (data.get(k) for k in ("players", "mode", "clans", "effects", "seed"))
        if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
            raise InvalidSave("'players' must be a list of two names")
        if mode not in MODES:
            raise InvalidSave(f"unknown mode {mode!r}")
        if clans is not None and (not isinstance(clans, list) or not all(isinstance(c, str) for c in clans)):
            raise InvalidSave("'clans' must be a list of clan names or null")
        if not isinstance(effects, bool):
            raise InvalidSave("'effects' must be true or false")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidSave("'seed' must be an integer")
        try:
            state = new_state((players[0], players[1]), tuple(clans) if clans else None, mode, effects, seed)  # type: ignore[arg-type]
        except IllegalAction as error:
            raise InvalidSave(f"cannot set up the saved match: {error}") from None
        state, history, applied = replay(state, data["actions"], action_from_dict, rules.apply)
        game = cls(state)
        game._start_history(history)
        game.actions = applied
        game.can_undo = game._undo_possible()
        return game

    # -- internals --------------------------------------------------------------------------------------------
    def _chaos(self) -> int | None:
        end = self.state.end
        return end.chaoticats_value if end is not None else None

    def _show(self, state: PocketState, appended: PocketAction | None = None, removed: bool = False) -> None:
        """Mirror a new state into the traits, all in one batch."""
        steps: tuple[EndStep, ...] = state.finished[-1].steps if state.finished else ()
        with self.hold_trait_notifications():
            self.stage = state.stage
            self.awaiting = rules.awaiting(state)
            self.grid = rows(state.grid) if state.grid else ()
            self.turn = state.turn
            self.game_number = state.game
            self.clans = dict(zip(state.players, state.clans, strict=True))
            self.flipped = state.flipped
            self.over = state.over
            self.log = state.log
            self.end_steps = steps
            self._show_history(state, appended, removed)

    def __repr__(self) -> str:
        names = " vs ".join(f"{p} ({c or '?'})" for p, c in zip(self.state.players, self.state.clans, strict=True))
        if self.over:
            return f"PocketGame({names}; over, {self.state.mode})"
        return f"PocketGame({names}; {self.state.mode}, game {self.game_number}, turn {self.turn}, {self.stage})"


__all__ = ["PocketGame", "UndoRefused"]
