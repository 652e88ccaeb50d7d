"""``Game``: the observable shell around the pure rules engine.

A :class:`Game` holds the current immutable :class:`~isle_nb.model.state.GameState` and mirrors it into traitlets
(``day``, ``phase``, ``awaiting``, ``players``, ``fields``, ...) that widgets and notebooks observe. Every action
reassigns the traits that changed inside one ``hold_trait_notifications()`` block, so an observer always sees a
consistent game. Undo/redo walk a history of states; undo is refused across a moment that revealed hidden
information (a card or tile drawn, draft picks passed, rescue cards revealed). A game saves as its seed and action
log, and loading replays every action through the rules.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import ExitStack
from typing import Any

import pandas as pd
from traitlets import Bool, Dict, HasTraits, Instance, Int, List, Tuple, Unicode

from isle_nb.model import engine, frames, results
from isle_nb.model.actions import Action, action_from_dict
from isle_nb.model.boat import Boat
from isle_nb.model.errors import IllegalAction, InvalidSave
from isle_nb.model.history import ActionHistory, UndoRefused, read_save, replay
from isle_nb.model.phases import explore, solo
from isle_nb.model.scoring import Score
from isle_nb.model.state import GameState, LogEntry, Mode, PlayerState, SisterState
from isle_nb.model.tiles import COMMON_SHAPES
from isle_nb.model.turns import describe_pending

SAVE_FORMAT = "isle_nb.game"
SAVE_VERSION = 1


def assign_changed(owner: HasTraits, **values: Any) -> None:
    """Assign each trait whose current value is not the very same object: an identical value could not notify,
    and skipping it saves traitlets' validation (the hot path of bots and simulations)."""
    for name, value in values.items():
        if not owner.trait_has_value(name) or getattr(owner, name) is not value:
            setattr(owner, name, value)


class PlayerModel(HasTraits):
    """The observable state of one player, updated by its :class:`Game`."""

    name = Unicode(help="The player's name.")
    seat = Int(help="Seat number round the table (0 = first).")
    boat = Instance(Boat, help="The player's boat with its tiles.")
    fish = Int(0, help="Fish the player has.")
    hand = Tuple(help="Card ids in hand (hidden from the other players).")
    private_lessons = Tuple(help="Private lessons played face down.")
    permanent_baskets = Int(1, help="Permanent baskets owned.")
    baskets_ready = Int(1, help="Permanent baskets still on their ready side today.")
    speed = Int(0, help="Speed from the rescue cards played this day.")
    full_baskets = Int(0, help="Full baskets from rescue cards played this phase, still unused (RESCUE-5).")
    half_baskets = Int(0, help="Half baskets from rescue cards played this phase, still unused (RESCUE-5).")
    baskets_available = Int(1, help="Cats the player could carry now: ready permanent, full and paired half baskets.")
    passed = Bool(False, help="Out of the current phase of turns (RESCUE-3, RARE-1, FAMILY-2).")
    family_lessons = Tuple(help="Family game: the 2 family lessons kept (hidden from the others, FAMILY-1).")
    family_offer = Tuple(help="Family game: the 3 family lessons dealt, until 2 are kept (FAMILY-1).")

    def sync(self, player: PlayerState) -> None:
        """Copy a player's state into the traits (only changed values notify)."""
        assign_changed(
            self,
            name=player.name,
            seat=player.seat,
            boat=player.boat,
            fish=player.fish,
            hand=player.hand,
            private_lessons=player.private_lessons,
            permanent_baskets=player.permanent_baskets,
            baskets_ready=player.ready_baskets,
            speed=player.speed,
            full_baskets=player.full_baskets,
            half_baskets=player.half_baskets,
            baskets_available=player.baskets_available,
            passed=player.passed,
            family_lessons=player.family_lessons,
            family_offer=player.family_offer,
        )

    def __repr__(self) -> str:
        return f"PlayerModel({self.name!r}, fish={self.fish}, boat={self.boat!r})"


class Game(ActionHistory, HasTraits):
    """A game of The Isle of Cats. Build one with :meth:`Game.new` or :meth:`Game.from_json`."""

    reveal_words = "hidden information (cards, tiles or picks)"

    state = Instance(GameState, help="The current immutable game state.")
    day = Int(1, help="The day, 1-5 (Vesh's boat moves one space a day).")
    phase = Unicode("explore", help="The phase: explore, lessons, rescue, rare_finds or over.")
    step = Unicode("draft", help="The step within the phase (draft, buy, colours, choose, turns, done).")
    awaiting = Tuple(help="Names of the players who must decide something now.")
    players = Tuple(help="One PlayerModel per player, in seat order.")
    turn_order = Tuple(help="Player names in turn order.")
    turn = Unicode(None, allow_none=True, help="Whose turn it is in the rescue and rare finds phases.")
    fields = Dict(help='Cats in the fields: {"left": (tiles...), "right": (tiles...)}.')
    around_island = Tuple(help="Family game: the cats lying around the island (the game has no fields).")
    rare_display = Tuple(help="Rare treasures on display below the island.")
    common_supply = Dict(help="Common treasures left in the supply, by shape.")
    oshax_supply = Tuple(help="Oshax tiles still beside the island.")
    public_lessons = Tuple(help="Public lessons in play as (card id, colour) pairs.")
    pending = Tuple(help="The stack of pending decisions (top last).")
    log = Tuple(help="The game log (LogEntry values).")
    over = Bool(False, help="True once the game has ended.")
    sister = Instance(SisterState, allow_none=True, help="Solo game: the sister's colours, lessons and basket cards.")
    can_undo = Bool(False, help="Whether undo() would succeed now.")
    can_redo = Bool(False, help="Whether redo() would succeed now.")
    actions = List(help="The actions applied so far (the action log).")

    def __init__(self, state: GameState, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._start_history()
        self.players = tuple(PlayerModel() for _ in state.players)
        self._shown: GameState | None = None
        self._show(state)

    # -- building ---------------------------------------------------------------------------------------------
    @classmethod
    def new(
        cls, players: Sequence[str] | int = 2, seed: int = 0, mode: Mode = "standard", difficulty: str = "easy"
    ) -> Game:
        """A new game for the named players (or that many players called "Player 1"...), seeded.

        ``mode`` is ``"standard"`` (2-4 players), ``"solo"`` (1 player against the sister; ``difficulty`` is
        ``"easy"``, ``"medium"``, ``"hard"``, ``"very hard"`` or ``"expert"``) or ``"family"`` (2-4 players).
        """
        names = tuple(f"Player {i + 1}" for i in range(players)) if isinstance(players, int) else tuple(players)
        return cls(engine.new_game(names, int(seed), mode, difficulty))

    # -- playing ----------------------------------------------------------------------------------------------
    def legal_actions(self, player: str) -> list[Action]:
        """Every legal action for ``player`` now (empty if they cannot act)."""
        if player not in self.state.names:
            raise IllegalAction("SETUP-1", f"there is no player called {player!r}")
        return engine.legal_actions(self.state, player)

    def check(self, action: Action) -> str | None:
        """Why the rules would refuse ``action`` now (the :class:`IllegalAction` message), or ``None`` if it is
        legal. Nothing changes either way."""
        try:
            engine.apply(self.state, action)
        except IllegalAction as error:
            return str(error)
        return None

    def picks_needed(self, player: str) -> int:
        """How many cards ``player`` keeps from their current draft pack (EXPLORE-2; 3 of 5 in solo, SOLO-4)."""
        return explore.picks_needed(self.state.player(player), self.state.mode)

    @property
    def pass_direction(self) -> int:
        """Where draft packs go today: +1 to the next seat ("left", days 1, 3, 5), -1 ("right", days 2, 4),
        0 when nothing is passed (solo) (EXPLORE-3)."""
        return 0 if self.state.mode == "solo" else explore.pass_direction(self.state.day)

    def solo_rows(self) -> dict[str, list[Any]] | None:
        """Solo game: the numbered rows the sister's basket cards refer to (SOLO-3, SOLO-8), else ``None``.

        ``"cats"``: the cats as Cat 1..n (left field, then right field); ``"rare"``: the rare stacks as Rare 1..n,
        each a list of tiles of one shape; ``"oshax"``: the Oshax as Oshax 1..n.
        """
        if self.state.sister is None:
            return None
        return {
            "cats": list(solo.cat_row(self.state)),
            "rare": [list(stack) for stack in solo.rare_stacks(self.state)],
            "oshax": list(self.state.oshax_supply),
        }

    def describe_pending(self) -> str | None:
        """The decision on top of the pending stack, in words, or ``None`` if there is none."""
        return describe_pending(self.state.pending[-1].kind) if self.state.pending else None

    def apply(self, action: Action) -> None:
        """Apply an action; raises :class:`IllegalAction` naming the rule (and changes nothing) if illegal."""
        self._record(engine.apply(self.state, action), action)

    # -- reading ----------------------------------------------------------------------------------------------
    def player(self, name: str) -> PlayerModel:
        """The observable model of one player."""
        for model in self.players:
            if model.name == name:
                return model
        raise KeyError(name)

    def view(self, player: str) -> dict[str, Any]:
        """What ``player`` may see: their own hand and picks; for others only counts (EXPLORE-4, LESSON-1)."""
        state = self.state
        me = state.player(player)
        return {
            "player": player,
            "day": state.day,
            "phase": state.phase,
            "step": state.step,
            "awaiting": list(self.awaiting),
            "turn_order": list(self.turn_order),
            "fields": {side: [t.id for t in tiles] for side, tiles in self.fields.items()},
            "around_island": [t.id for t in state.around_island],
            "rare_display": [t.id for t in state.rare_display],
            "common_supply": dict(self.common_supply),
            "oshax_supply": [t.id for t in state.oshax_supply],
            "public_lessons": [list(p) for p in state.public_lessons],
            "me": {
                "fish": me.fish,
                "hand": list(me.hand),
                "private_lessons": list(me.private_lessons),
                "colour_lessons": list(me.colour_lessons),
                "pack": list(me.pack),
                "drafted": list(me.drafted),
                "pick": list(me.pick) if me.pick is not None else None,
                "rescue_cards": list(me.rescue_cards) if me.rescue_cards is not None else None,
                "boat": me.boat.to_dict(),
                "permanent_baskets": me.permanent_baskets,
                "baskets_ready": me.ready_baskets,
            },
            "others": {
                p.name: {
                    "fish": p.fish,
                    "hand_size": len(p.hand),
                    "private_lessons": len(p.private_lessons),
                    "has_picked": p.pick is not None,
                    "rescue_cards": list(p.rescue_cards) if state.step == "turns" and p.rescue_cards else None,
                    "speed": p.speed,
                    "boat": p.boat.to_dict(),
                    "permanent_baskets": p.permanent_baskets,
                }
                for p in state.players
                if p.name != player
            },
            "log": [e.text for e in state.log if not e.private or e.player == player],
            "family_lessons": list(me.family_lessons),
            "family_offer": list(me.family_offer),
            "sister": None if state.sister is None else {
                "colours": list(state.sister.revealed_colours),
                "lessons": list(state.sister.lessons),
                "cards_today": list(state.sister.cards[: max(1, state.sister.resolved)]) if state.sister.cards else [],
                "face_down_today": len(state.sister.cards) - max(1, state.sister.resolved) if state.sister.cards else 0,
                "speed": state.sister.speed,
            },
        }

    def score(self, player: str) -> Score:
        """``player``'s score if the game ended now (final once the game is over)."""
        return results.score_player(self.state, player)

    def result(self) -> pd.DataFrame:
        """The score table: player, each category, total, tie-break fish, winner (SCORE-1..8)."""
        return results.result_frame(self.state)

    def players_frame(self) -> pd.DataFrame:
        """One row per player."""
        return frames.players_frame(self.state)

    def boat_frame(self, player: str) -> pd.DataFrame:
        """One row per cell of ``player``'s boat."""
        return frames.boat_frame(self.state, player)

    def tiles_frame(self) -> pd.DataFrame:
        """Every tile and where it is."""
        return frames.tiles_frame(self.state)

    def cards_frame(self, viewer: str | None = None) -> pd.DataFrame:
        """Every discovery card and where it is (hidden ones blank when ``viewer`` is given)."""
        return frames.cards_frame(self.state, viewer)

    def log_frame(self, viewer: str | None = None) -> pd.DataFrame:
        """The game log."""
        return frames.log_frame(self.state, viewer)

    def score_frame(self) -> pd.DataFrame:
        """The live score breakdown of every boat."""
        return results.score_frame(self.state)

    # -- saving -----------------------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON: players, seed, mode and the action log."""
        state = self.state
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "players": list(state.names),
                "seed": state.seed,
                "mode": state.mode,
                "difficulty": state.sister.difficulty if state.sister is not None else None,
                "actions": [a.to_dict() for a in self.actions],
            }
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`, replaying every action through the rules.

        Raises :class:`InvalidSave` for malformed JSON, a wrong format or an action the rules refuse; nothing is
        half-built.
        """
        data = read_save(text, SAVE_FORMAT, SAVE_VERSION, "an isle_nb saved game")
        players, seed, mode = (data.get(k) for k in ("players", "seed", "mode"))
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise InvalidSave("'players' must be a list of names")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidSave("'seed' must be an integer")
        if mode not in ("standard", "solo", "family"):
            raise InvalidSave(f"unknown mode {mode!r}")
        difficulty = data.get("difficulty") or "easy"
        if not isinstance(difficulty, str):
            raise InvalidSave("'difficulty' must be a string")
        try:
            state = engine.new_game(tuple(players), seed, mode, difficulty)
        except IllegalAction as error:
            raise InvalidSave(f"cannot set up the saved game: {error}") from None
        state, history, applied = replay(state, data["actions"], action_from_dict, engine.apply)
        game = cls(state)
        game._start_history(history)
        game.actions = applied
        game.can_undo = game._undo_possible()
        return game

    # -- internals --------------------------------------------------------------------------------------------

    def _show(self, state: GameState, appended: Action | None = None, removed: bool = False) -> None:
        """Mirror a new state into the traits, all in one batch: no observer (of the game or of a player) is
        notified before every trait holds the new state."""
        # Values are immutable, so a part of the state that is the very same object as in the state shown last
        # cannot have changed: skipping it saves validating traits that would not notify anyway (the hot path
        # of bots and simulations).
        shown = self._shown
        with ExitStack() as batch:
            batch.enter_context(self.hold_trait_notifications())
            for index, (model, player) in enumerate(zip(self.players, state.players, strict=True)):
                if shown is None or shown.players[index] is not player:
                    batch.enter_context(model.hold_trait_notifications())
                    model.sync(player)
            assign_changed(
                self,
                day=state.day,
                phase=state.phase,
                step=state.step,
                awaiting=engine.awaiting(state),
                turn=None if state.turn is None else state.seat_name(state.turn),
                around_island=state.around_island,
                rare_display=state.rare_display,
                oshax_supply=state.oshax_supply,
                public_lessons=state.public_lessons,
                pending=state.pending,
                log=state.log,
                over=state.over,
                sister=state.sister,
            )
            if shown is None or shown.turn_order is not state.turn_order:
                self.turn_order = tuple(state.seat_name(s) for s in state.turn_order)
            if shown is None or shown.left_field is not state.left_field or shown.right_field is not state.right_field:
                self.fields = {"left": state.left_field, "right": state.right_field}
            if shown is None or shown.common_supply is not state.common_supply:
                self.common_supply = {s: sum(t.shape == s for t in state.common_supply) for s in COMMON_SHAPES}
            self._show_history(state, appended, removed)
        self._shown = state

    def __repr__(self) -> str:
        names = ", ".join(self.state.names)
        if self.over:
            return f"Game({names}; over)"
        return f"Game({names}; day {self.day}, {self.phase}, awaiting {', '.join(self.awaiting) or 'nobody'})"


__all__ = ["Game", "LogEntry", "PlayerModel", "UndoRefused"]
