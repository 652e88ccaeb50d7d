"""The Isle of Cats (standard, solo and family modes) as one :class:`~isle_nb.model.core.contract.Rules` object.

:data:`RULES` is what the shell (:class:`~isle_nb.model.isle.game.Game`) and anything written against the contract
use: the engine's pure functions (:mod:`isle_nb.model.isle.engine`), the player views
(:mod:`isle_nb.model.isle.player_view`),
the scores (:mod:`isle_nb.model.isle.results`) and the save format (players, seed, mode, difficulty).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from isle_nb.model.core.contract import PlacementChoice
from isle_nb.model.core.errors import IllegalAction, InvalidSave, quote
from isle_nb.model.isle import results, same_choice
from isle_nb.model.isle.actions import Action, action_from_dict
from isle_nb.model.isle.constants import DAYS
from isle_nb.model.isle.engine import MODES, apply, awaiting, legal_actions, new_game, simultaneous
from isle_nb.model.isle.flow import row
from isle_nb.model.isle.gained_tiles import must_touch
from isle_nb.model.isle.player_view import PlayerView, player_view
from isle_nb.model.isle.state import GameState, Mode, PlaceTile
from isle_nb.model.isle.turns import require_player
from isle_nb.model.parts.tiles import COLOURS


class IsleRules:
    """The Isle of Cats (standard, solo and family modes) as a :class:`~isle_nb.model.core.contract.Rules`."""

    save_format = "isle_nb.game"
    save_version = 1

    def new_game(
        self, players: Sequence[str] | int, seed: int, mode: Mode = "standard", difficulty: str | None = None
    ) -> GameState:
        """A new game (see :func:`new_game`)."""
        return new_game(players, seed, mode, difficulty)

    def players(self, state: GameState) -> tuple[str, ...]:
        """The players in seat order (not the sister of a solo game)."""
        return state.names

    awaiting = staticmethod(awaiting)
    simultaneous = staticmethod(simultaneous)
    apply = staticmethod(apply)
    view = staticmethod(player_view)
    action_from_dict = staticmethod(action_from_dict)

    def legal_actions(self, state: GameState, player: str) -> list[Action]:
        """See :func:`isle_nb.model.isle.engine.legal_actions`; :class:`IllegalAction` for an unknown player."""
        require_player(state, player)
        return legal_actions(state, player)

    def normal_form(self, view: PlayerView, action: Action) -> Action:
        """Cards chosen together as a set, interchangeable cards as the lowest id held (see
        :mod:`isle_nb.model.isle.same_choice`); ``view`` is the acting player's."""
        me = view.me if isinstance(view, PlayerView) else None
        return same_choice.normal_form(me.hand if me is not None and me.name == action.player else (), action)

    def scores(self, state: GameState) -> dict[str, int]:
        """Each player's total (and the sister's in a solo game) if the game ended now."""
        return {name: score.total for name, score in results.scores(state).items()}

    def winners(self, state: GameState) -> tuple[str, ...]:
        """Most points; ties broken by fish (SCORE-8), filled rooms (FAMILY-5), the sister wins ties (SOLO-12).
        Empty while the game is not over."""
        if not state.over:
            return ()
        return results.winner_names(state, results.scores(state))

    def progress(self, view: PlayerView) -> str:
        """The day of the five and the phase, in the phase table's words ("day 2 of 5, Rescue cats (choosing rescue
        cards)")."""
        if view.over:
            return f"the game is over after day {view.day}"
        return f"day {view.day} of {DAYS}, {row(view).words}"

    def shown_scores(self, view: PlayerView) -> None:
        """None: the private lessons each player keeps face down score too, so no score is shown before the end."""
        return None

    def placement_choices(self, state: GameState, player: str) -> list[PlacementChoice]:
        """The gained tile ``player`` must place now, if the top pending decision is theirs (PLACE-1..5): anywhere
        it fits on free cells, touching their tiles unless they may place anywhere; an Oshax in any colour."""
        top = state.pending[-1] if state.pending else None
        if not isinstance(top, PlaceTile) or top.player != player:
            return []
        me = state.player(player)
        colours: tuple[str | None, ...] = COLOURS if top.tile.kind == "oshax" else (None,)
        free, touch = me.boat.placement_masks(must_touch(me))
        return [PlacementChoice("place", {"player": player}, top.tile.shape, free, touch, colours, True)]

    def setup(self, state: GameState) -> dict[str, Any]:
        """Players, seed, mode and the solo difficulty."""
        return {
            "players": list(state.names),
            "seed": state.seed,
            "mode": state.mode,
            "difficulty": state.sister.difficulty if state.sister is not None else None,
        }

    def new_from_setup(self, data: Mapping[str, Any]) -> GameState:
        """The game a saved setup describes; :class:`InvalidSave` if it is malformed or the rules refuse it."""
        players, seed, mode, difficulty = (data.get(k) for k in ("players", "seed", "mode", "difficulty"))
        if not isinstance(players, list):
            raise InvalidSave("'players' must be a list of names")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidSave("'seed' must be an integer")
        if mode not in MODES:
            raise InvalidSave(f"unknown mode {quote(mode)}")
        if difficulty is not None and not isinstance(difficulty, str):
            raise InvalidSave("'difficulty' must be a string or null")
        try:
            return new_game(players, seed, mode, difficulty)
        except IllegalAction as error:
            raise InvalidSave(f"cannot set up the saved game: {error}") from None

    def __repr__(self) -> str:
        return "IsleRules()"


RULES = IsleRules()
"""The rules of The Isle of Cats, for the generic shell and anything written against the contract."""
