"""``ExploreDrawGame``: Explore & Draw in the generic observable shell, over :data:`RULES`.

:class:`ExploreDrawRules` is the game's :class:`~isle_nb.model.core.contract.Rules` object (the pure functions of
:mod:`.rules`, the player view of :mod:`.view`, the scores of :mod:`.scoring`, the save format). The shell
(:class:`~isle_nb.model.core.shell.GameShell`) holds the current immutable state and mirrors it into traitlets (``day``,
``step``, ``awaiting``, ``island``, ``boats``, ``ticks``, ``log``, ``over``) in one batch per action. Undo/redo
stop where something was revealed (a new island, the choices of the day, a sister's colour card). A game saves as
its players, seed, difficulty and action log; loading replays every action through the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from typing import Any, ClassVar

from msgspec.structs import replace
from traitlets import Dict, Instance, Int, Tuple, Unicode

from isle_nb.model.core.contract import Bot, PlacementChoice
from isle_nb.model.core.errors import IllegalAction, InvalidSave, OutdatedSave, quote
from isle_nb.model.core.records import in_order
from isle_nb.model.core.result import GameResult
from isle_nb.model.core.shell import GameShell, StateTable, assign_changed, setup_error
from isle_nb.model.explore_draw import frames, rules, scoring
from isle_nb.model.explore_draw.actions import ChooseCards, Draw, EDAction, TakeCard, action_from_dict
from isle_nb.model.explore_draw.island import DAYS
from isle_nb.model.explore_draw.state import DIFFICULTIES, EDState, new_state
from isle_nb.model.explore_draw.view import ExploreDrawView, player_view
from isle_nb.model.parts.scoring import Score
from isle_nb.model.parts.tiles import COLOURS, Tile

BEFORE_PRINTED_CARDS = (
    "this game was saved by an older version of Explore & Draw, from before it had the printed cards, and this version "
    "cannot continue it: its moves were made on other cards. Start a new Explore & Draw game"
)
"""Why a save from before the printed cards (ED-10) is refused."""


class ExploreDrawRules:
    """Explore & Draw (ED-1..ED-10) as a :class:`~isle_nb.model.core.contract.Rules`."""

    save_format = "isle_nb.explore_draw"
    save_version = 1

    def new_game(
        self, players: Sequence[str] | int, seed: int, difficulty: str | None = None, mixed_cards: bool = False
    ) -> EDState:
        """A new game for 2-12 players, or 1 against the sister with a ``difficulty`` (ED-1, ED-8, ED-9);
        ``mixed_cards`` adds the mixed cards to the cat deck (ED-10)."""
        return new_state(players, seed, difficulty, mixed_cards)

    def players(self, state: EDState) -> tuple[str, ...]:
        """The players in seat order (not the sister)."""
        return state.names

    awaiting = staticmethod(rules.awaiting)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    view = staticmethod(player_view)
    action_from_dict = staticmethod(action_from_dict)

    def normal_form(self, view: object, action: EDAction) -> EDAction:
        """The chosen slots, the picks of an ``any 2`` card and the cells of a drawing in order: in any other order
        they are the same choice (ED-2, ED-4, ED-3). No other action has one."""
        if isinstance(action, ChooseCards):
            return replace(action, slots=in_order(action.slots))
        if isinstance(action, TakeCard):
            return replace(action, picks=in_order(action.picks))
        if isinstance(action, Draw):
            return replace(action, cells=in_order(action.cells))
        return action

    def simultaneous(self, state: EDState) -> bool:
        """True while the day's cards are chosen (hidden, all at once, ED-2); players then draw independently."""
        return state.step == "choose"

    def scores(self, state: EDState) -> dict[str, int]:
        """Each player's total (and the sister's in the solo game) if the game ended now."""
        return {name: score.total for name, score in scoring.scores(state).items()}

    def winners(self, state: EDState) -> tuple[str, ...]:
        """Most points, then most filled rooms, else shared (ED-7); the sister wins ties (ED-8). Empty until over."""
        return scoring.winners(state) if state.over else ()

    def progress(self, view: ExploreDrawView) -> str:
        """The day of the seven and what is being done ("day 3 of 7, drawing today's discoveries")."""
        if view.step == "over":
            return f"the game is over after day {view.day}"
        doing = "choosing today's cards" if view.step == "choose" else "drawing today's discoveries"
        return f"day {view.day} of {DAYS}, {doing}"

    def shown_scores(self, view: ExploreDrawView) -> dict[str, int] | None:
        """Each player's sheet's total if the game ended now, as every sheet shows it (ED-7); ``None`` once
        over."""
        return None if view.step == "over" else {sheet.name: sheet.score for sheet in view.seats}

    def placement_choices(self, state: EDState, player: str) -> list[PlacementChoice]:
        """The discoveries ``player`` draws now, each tile once: anywhere on free squares of their sheet touching
        what is drawn (ED-4); an Oshax in its chosen colour, or in any colour while it has none."""
        me = state.seat(player)
        if state.step != "resolve" or not me.busy:
            return []
        tiles: tuple[Tile, ...] = ()
        if me.now:
            tiles = () if me.now[0].tile is None else (me.now[0].tile,)
        elif me.card is not None:
            tiles = me.items
        free, touch = me.boat.placement_masks(True)
        found = []
        for tile in dict.fromkeys(tiles):
            colours: tuple[str | None, ...] = (None,)
            if tile.kind == "oshax":
                colours = (tile.colour,) if tile.colour is not None else COLOURS
            found.append(PlacementChoice("draw", {"player": player, "tile": tile.id}, tile.shape, free, touch,
                                         colours, False))
        return found

    def setup(self, state: EDState) -> dict[str, Any]:
        """Mode, players, seed and the solo difficulty."""
        return {
            "mode": "explore_draw",
            "players": list(state.names),
            "seed": state.seed,
            "difficulty": state.sister.difficulty if state.sister is not None else None,
            "mixed_cards": state.mixed_cards,
        }

    def new_from_setup(self, data: Mapping[str, Any]) -> EDState:
        """The game a saved setup describes; :class:`InvalidSave` if it is malformed or the rules refuse it, and
        :class:`OutdatedSave` if it was saved before Explore & Draw had its printed cards (ED-10).

        Those saves have the same format and version, but they were played on reconstructed cards that no longer
        exist, so no migration can replay them: their moves would name other cards (most are refused halfway, and a
        save from the first choice of the day would quietly deal other cards). Every save since has the
        ``mixed_cards`` option, which is how they are told apart.
        """
        if data.get("mode", "explore_draw") != "explore_draw":
            raise InvalidSave(f"a saved Explore & Draw game says it is a game of {quote(data['mode'])}")
        if "mixed_cards" not in data:
            raise OutdatedSave(BEFORE_PRINTED_CARDS)
        players, seed, difficulty = (data.get(k) for k in ("players", "seed", "difficulty"))
        mixed_cards = data["mixed_cards"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise InvalidSave("'players' must be a list of names")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidSave("'seed' must be an integer")
        if difficulty is not None and difficulty not in DIFFICULTIES:
            raise InvalidSave(f"unknown difficulty {difficulty!r}")
        if not isinstance(mixed_cards, bool):
            raise InvalidSave("'mixed_cards' must be true or false")
        try:
            return new_state(players, seed, difficulty, mixed_cards)
        except IllegalAction as error:
            raise setup_error(error) from None


RULES = ExploreDrawRules()
"""The rules object of Explore & Draw."""


class ExploreDrawGame(GameShell[EDState, EDAction, ExploreDrawView]):
    """A game of The Isle of Cats: Explore & Draw, 2-12 players or solo. Build one with :meth:`new` (or
    ``new_game("explore_draw", players)``) or :meth:`from_json`."""

    rules: ClassVar[ExploreDrawRules] = RULES
    save_what = "a saved Explore & Draw game"
    reveal_words = "cards (a new island, the day's choices or a colour card)"
    mode = "explore_draw"

    state = Instance(EDState, help="The current immutable game state.")
    day = Int(1, help="The day, 1-7.")
    step = Unicode("choose", help="choose (hidden choice of cards), resolve (drawing), or over.")
    island = Tuple(help="Today's island as (slot, card id) pairs, slots 1-12 row by row.")
    boats = Dict(help="Each player's boat sheet (a Boat value) by name.")
    ticks = Dict(help="Each player's ticked lessons as (lesson number, colour) pairs, by name.")

    @classmethod
    def new(
        cls, players: Sequence[str] | int = 2, seed: int = 0, difficulty: str | None = None, mixed_cards: bool = False
    ) -> ExploreDrawGame:
        """A new game for the named players (or that many players called "Player 1"...): 2-12 players, or one
        player against the sister with a ``difficulty`` (easy, medium, hard, very hard, expert) (ED-1, ED-8, ED-9).
        Names and seed pass the same checks as in every game. ``mixed_cards=True`` shuffles the 5 mixed cards into
        the cat deck; a standard game leaves them out (ED-10)."""
        return cls(RULES.new_game(players, seed, difficulty, mixed_cards))

    @classmethod
    def bot_kinds(cls) -> Mapping[str, Callable[[int], Bot[Any]]]:
        """``"random"`` (the shared random bot) and ``"greedy"`` (:class:`.bots.ExploreDrawGreedyBot`)."""
        from isle_nb.model.core.random_bot import RandomBot
        from isle_nb.model.explore_draw.bots import ExploreDrawGreedyBot

        return {"random": RandomBot, "greedy": ExploreDrawGreedyBot}

    # -- reading ----------------------------------------------------------------------------------------------
    def game_result(self) -> GameResult | None:
        """How the game ended once it is over (``None`` before): every score by category, the winners and the
        tie-break (ED-7, ED-8)."""
        return scoring.game_result(self.state) if self.over else None

    def score(self, player: str) -> Score:
        """``player``'s score if the game ended now (``"Sister"`` in the solo game scores the sister)."""
        if player == scoring.SISTER and self.state.sister is not None:
            return scoring.score_sister_of(self.state)
        return scoring.score_seat(self.state, self.state.seat(player))

    result = StateTable(frames.result_frame)
    players_frame = StateTable(frames.players_frame)
    boat_frame = StateTable(frames.boat_frame)
    discoveries_frame = StateTable(frames.discoveries_frame)
    cards_frame = StateTable(frames.cards_frame)
    resolved_frame = StateTable(frames.resolved_frame)
    lesson_sheet_frame = StateTable(frames.lesson_sheet_frame)
    log_frame = StateTable(frames.log_frame)
    score_frame = StateTable(frames.score_frame)

    # -- internals --------------------------------------------------------------------------------------------
    def _mirror(self, state: EDState, shown: EDState | None, batch: ExitStack) -> None:
        """Copy a state into the traits; parts that are the very same objects as last shown are skipped."""
        assign_changed(self, day=state.day, step=state.step, island=state.island)
        if shown is None or shown.seats is not state.seats:
            self.boats = {s.name: s.boat for s in state.seats}
            self.ticks = {s.name: s.ticks for s in state.seats}

    def __repr__(self) -> str:
        names = ", ".join(self.state.names)
        if self.over:
            return f"ExploreDrawGame({names}; over)"
        return f"ExploreDrawGame({names}; day {self.day}, {self.step}, awaiting {', '.join(self.awaiting)})"


__all__ = ["RULES", "ExploreDrawGame", "ExploreDrawRules"]
