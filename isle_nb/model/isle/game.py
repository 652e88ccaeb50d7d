"""``Game``: The Isle of Cats in the generic observable shell (:class:`~isle_nb.model.core.shell.GameShell`).

A :class:`Game` is the shell over :data:`isle_nb.model.isle.rules.RULES`: it holds the current immutable
:class:`~isle_nb.model.isle.state.GameState` and mirrors it into traitlets (``day``, ``phase``, ``awaiting``,
``players``, ``fields``, ...) that widgets and notebooks observe. Every action reassigns the traits that changed
inside one ``hold_trait_notifications()`` block, so an observer always sees a consistent game. Undo/redo walk a
history of states; undo is refused across a moment that revealed hidden information (a card or tile drawn, draft
picks passed, rescue cards revealed). A game saves as its seed and action log, and loading replays every action
through the rules.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from traitlets import Bool, Dict, HasTraits, Instance, Int, Tuple, Unicode

from isle_nb.model.core.contract import Bot
from isle_nb.model.core.copying import Fields
from isle_nb.model.core.history import SafeObservers, UndoRefused, assign_pairs
from isle_nb.model.core.result import GameResult
from isle_nb.model.core.shell import GameShell, StateTable, assign_changed, hold_if_observed
from isle_nb.model.isle import frames, hints, results
from isle_nb.model.isle.actions import Action
from isle_nb.model.isle.bots import BOTS
from isle_nb.model.isle.flow import describe_pending
from isle_nb.model.isle.hints import Hint
from isle_nb.model.isle.phases import explore, solo
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.isle.rules import RULES, IsleRules
from isle_nb.model.isle.state import GameState, LogEntry, PlayerState, SisterState
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.scoring import Score
from isle_nb.model.parts.tiles import COMMON_SHAPES

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd


class FrontDoor(Protocol):
    """What :class:`Game` asks of the registry of games (:mod:`isle_nb.model.modes`) without importing it."""

    def game_mode(self, name: str) -> Any:
        """The registered mode called ``name``."""
        ...

    def new_game(self, mode: str, players: Sequence[str] | int, seed: int = 0, **options: Any) -> Any:
        """A new game of the registered ``mode``."""
        ...

    def shell_of_save(self, text: str | bytes) -> type[GameShell[Any, Any, Any]] | None:
        """The shell that loads a saved game, by its format."""
        ...


SAVE_FORMAT = RULES.save_format
SAVE_VERSION = RULES.save_version


PLAYER_TRAITS = (
    "name", "seat", "boat", "fish", "hand", "private_lessons", "permanent_baskets", "baskets_ready", "speed",
    "full_baskets", "half_baskets", "baskets_available", "passed", "family_lessons", "family_offer",
)
"""The traits of a :class:`PlayerModel`, in the order a sync assigns them (each named as the state's attribute)."""


MIRRORED = (
    "day", "phase", "step", "around_island", "rare_display", "oshax_supply", "public_lessons", "pending", "sister",
)
"""The game's traits that hold the state's values unchanged (the rest are derived: turn, turn order, fields...)."""
_PLAYER, _MIRRORED = Fields(PLAYER_TRAITS), Fields(MIRRORED)


class PlayerModel(SafeObservers, HasTraits):
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
        assign_pairs(self, _PLAYER.pairs(player))

    def __repr__(self) -> str:
        return f"PlayerModel({self.name!r}, fish={self.fish}, boat={self.boat!r})"


class Game(GameShell[GameState, Action, PlayerView]):
    """A game of The Isle of Cats. Build one with :meth:`Game.new` or :meth:`Game.from_json`."""

    rules: ClassVar[IsleRules] = RULES
    save_what = "an isle_nb saved game"
    reveal_words = "hidden information (cards, tiles or picks)"

    state = Instance(GameState, help="The current immutable game state.")
    day = Int(1, help="The day, 1-5 (Vesh's boat moves one space a day).")
    phase = Unicode("explore", help="The phase: explore, lessons, rescue, rare_finds or over.")
    step = Unicode("draft", help="The step within the phase (draft, buy, colours, choose, turns, done).")
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
    sister = Instance(SisterState, allow_none=True, help="Solo game: the sister's colours, lessons and basket cards.")


    # -- building ---------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: Sequence[str] | int = 2, seed: int = 0, mode: str = "standard", **options: Any) -> Game:
        """A new game of any registered mode (:func:`isle_nb.modes`) for the named players (or that many players
        called "Player 1"...), seeded.

        ``mode`` is ``"standard"`` (2-4 players), ``"solo"`` (1 player against the sister; the option
        ``difficulty`` is ``"easy"`` (the default), ``"medium"``, ``"hard"``, ``"very hard"`` or ``"expert"``),
        ``"family"`` (2-4 players), or another game of the registry, whose own shell it returns (``"pocket"``: a
        :class:`~isle_nb.model.pocket.game.PocketGame`, ``"explore_draw"``: an
        :class:`~isle_nb.model.explore_draw.game.ExploreDrawGame`). ``seed`` is a whole number; names are 1-40
        printable characters, all different. Anything else raises :class:`IllegalAction` (a ``ValueError``)
        saying why, before any work.
        """
        door = cls._front_door()
        if door.game_mode(mode).shell is not cls:
            warnings.warn(
                f"Game.new(mode={mode!r}) is deprecated and will be removed in the next release: "
                f"use isle_nb.new_game({mode!r}, players, seed=...)",
                DeprecationWarning, stacklevel=2,
            )
        return door.new_game(mode, players, seed, **options)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a saved game of any registered mode (a Pocket Cats or Explore & Draw save loads as that game's
        shell), replaying every action through the rules."""
        shell = cls._front_door().shell_of_save(text)
        if shell is not None and shell is not cls:
            warnings.warn(
                f"Game.from_json for a saved {shell.__name__} is deprecated and will be removed in the next release: "
                "use isle_nb.load_game(text)",
                DeprecationWarning, stacklevel=2,
            )
            return shell.from_json(text)  # type: ignore[return-value]  # deprecated: another game's shell
        return super().from_json(text)

    registry: ClassVar[FrontDoor | None] = None
    """The registry of games (:mod:`isle_nb.model.modes`, which sets this when it loads), through which
    :meth:`new` and :meth:`from_json` still open the other games for one more release."""

    @classmethod
    def _front_door(cls) -> FrontDoor:
        if Game.registry is None:
            raise RuntimeError("the registry of games is not loaded: import isle_nb first")
        return Game.registry

    @classmethod
    def bot_kinds(cls) -> Mapping[str, Callable[[int], Bot[Any]]]:
        """``"random"``, ``"greedy"`` and ``"search"`` (:data:`isle_nb.model.isle.bots.BOTS`)."""
        return BOTS

    # -- playing ----------------------------------------------------------------------------------------------
    def picks_needed(self, player: str) -> int:
        """How many cards ``player`` keeps from their current draft pack (EXPLORE-2; 3 of 5 in solo, SOLO-4)."""
        return explore.picks_needed(self.state.player(player), self.state.mode)

    @property
    def pass_direction(self) -> int:
        """Where draft packs go today: +1 to the next seat ("left", days 1, 3, 5), -1 ("right", days 2, 4),
        0 when nothing is passed (solo) (EXPLORE-3)."""
        return explore.pass_direction(self.state.day) if variant(self.state.mode).passes_packs else 0

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

    # -- reading ----------------------------------------------------------------------------------------------
    def player(self, name: str) -> PlayerModel:
        """The observable model of one player; :class:`IllegalAction` (SETUP-1) for an unknown name."""
        return self.players[self.state.seat_of(name)]

    def hint(self, player: str, seed: int = 0) -> Hint | None:
        """What the search bot would do for ``player`` now and why, from that player's view only (nothing is
        played); ``None`` if they have nothing to decide. See :func:`isle_nb.model.isle.hints.hint`."""
        return hints.hint(self.state, player, seed=seed)

    def score(self, player: str) -> Score:
        """``player``'s score if the game ended now (final once the game is over)."""
        return results.score_player(self.state, player)

    def game_result(self) -> GameResult | None:
        """How the game ended once it is over (``None`` before): every player's score by category, the winners and
        how a tie was broken (SCORE-8, SOLO-12, FAMILY-5)."""
        return results.game_result(self.state) if self.over else None

    result = StateTable(results.result_frame)
    players_frame = StateTable(frames.players_frame)
    boat_frame = StateTable(frames.boat_frame)
    tiles_frame = StateTable(frames.tiles_frame)
    score_frame = StateTable(results.score_frame)

    def cards_frame(self, viewer: str | None = None) -> pd.DataFrame:
        """Every discovery card and where it is (hidden ones blank when ``viewer`` is given; :class:`IllegalAction`
        for a viewer who is not a player)."""
        if viewer is not None:
            self.state.seat_of(viewer)
        return frames.cards_frame(self.state, viewer)

    def log_frame(self, viewer: str | None = None) -> pd.DataFrame:
        """The game log (with ``viewer``, only the lines that player may read; :class:`IllegalAction` for a viewer
        who is not a player)."""
        if viewer is not None:
            self.state.seat_of(viewer)
        return frames.log_frame(self.state, viewer)

    # -- internals --------------------------------------------------------------------------------------------
    def _prepare(self, state: GameState) -> None:
        self.players = tuple(PlayerModel() for _ in state.players)
        for model in self.players:
            model.report_observer_errors_to(self)  # a player's observers fail as visibly as the game's

    def _mirror(self, state: GameState, shown: GameState | None, batch: ExitStack) -> None:
        """Copy a state into the game's and every player's traits (their notifications held in ``batch``); parts
        that are the very same objects as in ``shown`` (the state shown last) are skipped."""
        for index, (model, player) in enumerate(zip(self.players, state.players, strict=True)):
            if shown is None or shown.players[index] is not player:
                hold_if_observed(model, batch)
                model.sync(player)
        assign_pairs(self, _MIRRORED.pairs(state))
        assign_changed(self, turn=None if state.turn is None else state.seat_name(state.turn))
        if shown is None or shown.turn_order is not state.turn_order:
            self.turn_order = tuple(state.seat_name(s) for s in state.turn_order)
        if shown is None or shown.left_field is not state.left_field or shown.right_field is not state.right_field:
            self.fields = {"left": state.left_field, "right": state.right_field}
        if shown is None or shown.common_supply is not state.common_supply:
            self.common_supply = {s: sum(t.shape == s for t in state.common_supply) for s in COMMON_SHAPES}

    def __repr__(self) -> str:
        names = ", ".join(self.state.names)
        if self.over:
            return f"Game({names}; over)"
        return f"Game({names}; day {self.day}, {self.phase}, awaiting {', '.join(self.awaiting) or 'nobody'})"


__all__ = ["Game", "LogEntry", "PlayerModel", "UndoRefused"]
