"""The one observable shell every game shares: :class:`GameShell` over a :class:`~isle_nb.model.core.contract.Rules`.

The shell holds the current frozen state and mirrors it into traitlets that widgets and notebooks observe. It does,
once for every game: apply (through the rules, which refuse an illegal action without changing anything), check,
legal actions, undo/redo over the history of states (refused across a reveal), JSON save/load (the setup and the
action log, replayed through the rules on load), the player views, scores and winners, and bot play
(:func:`play`). A game is a subclass that names its ``rules``, its ``bots`` and the traits it publishes, and fills
those traits in :meth:`GameShell._mirror` (see :mod:`isle_nb.model.core.contract` for the whole recipe).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any, ClassVar, Concatenate, Generic, ParamSpec, TypeVar, overload

from traitlets import Bool, HasTraits, List, Tuple

from isle_nb.model.core.contract import Bot, Rules
from isle_nb.model.core.errors import IllegalAction, InvalidSave
from isle_nb.model.core.history import ActionHistory, assign_changed, check_save_keys, read_save, replay
from isle_nb.model.core.result import GameResult

if TYPE_CHECKING:
    import pandas as pd

G = TypeVar("G", bound="GameShell[Any, Any, Any]")
P = ParamSpec("P")
S = TypeVar("S")
"""The game's state."""
A = TypeVar("A")
"""The game's action type."""
V = TypeVar("V")
"""The game's player view."""


class StateTable(Generic[P]):
    """A game's method that returns a DataFrame of its current state: ``game.players_frame(...)`` is
    ``build(game.state, ...)``, documented by ``build``'s docstring. The tables live beside the rules as functions
    of a state; the shell only hands them the state it holds."""

    def __init__(self, build: Callable[Concatenate[Any, P], pd.DataFrame]) -> None:
        self.build = build
        self.__doc__ = build.__doc__

    @overload
    def __get__(self, game: None, owner: type | None = None) -> StateTable[P]: ...

    @overload
    def __get__(self, game: GameShell, owner: type | None = None) -> Callable[P, pd.DataFrame]: ...

    def __get__(self, game: GameShell | None, owner: type | None = None) -> Any:
        if game is None:
            return self
        build, state = self.build, game.state

        def table(*args: P.args, **kwargs: P.kwargs) -> pd.DataFrame:
            return build(state, *args, **kwargs)

        table.__name__ = table.__qualname__ = build.__name__
        table.__doc__ = build.__doc__
        return table


class GameShell(ActionHistory, HasTraits, Generic[S, A, V]):
    """An observable game over pure rules. Subclasses set :attr:`rules` and publish their own traits; the type
    parameters are the game's state, action and view types (``class Game(GameShell[GameState, Action,
    PlayerView])``), so ``legal_actions``, ``apply`` and ``view`` are typed for each game without re-declaring them."""

    rules: ClassVar[Rules[Any, Any, Any]]
    """The game's rules (a stateless object satisfying the :class:`~isle_nb.model.core.contract.Rules` protocol)."""
    save_what: ClassVar[str] = "a saved game"
    """What a save file of this game is, in words, for the refusal of a wrong file."""
    old_setup_keys: ClassVar[frozenset[str]] = frozenset()
    """Setup keys that older saves wrote and the rules still read (an option renamed since)."""

    awaiting = Tuple(help="Names of the players who must decide something now.")
    over = Bool(False, help="True once the game has ended.")
    log = Tuple(help="The game log (LogEntry values).")
    can_undo = Bool(False, help="Whether undo() would succeed now.")
    can_redo = Bool(False, help="Whether redo() would succeed now.")
    actions: List[Any] = List(help="The actions applied so far (the action log).")

    def __init__(self, state: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._start_history()
        self._shown: Any = None
        self._prepare(state)
        self._show(state)

    @classmethod
    def bot_kinds(cls) -> Mapping[str, Callable[[int], Bot[Any]]]:
        """The game's bots by name (``"random"``, ``"greedy"``...), each built from a seed."""
        return {}

    # -- playing ----------------------------------------------------------------------------------------------
    @property
    def player_names(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self.rules.players(self.state)

    def legal_actions(self, player: str) -> list[A]:
        """The legal actions for ``player`` now, one of each set of interchangeable choices (empty if they cannot
        act); see the rules' ``legal_actions``."""
        return self.rules.legal_actions(self.state, player)

    def check(self, action: A) -> str | None:
        """Why the rules would refuse ``action`` now (the :class:`IllegalAction` message), or ``None`` if it is
        legal. Nothing changes either way."""
        try:
            self.rules.apply(self.state, action)
        except IllegalAction as error:
            return str(error)
        return None

    def apply(self, action: A) -> None:
        """Apply an action; raises :class:`IllegalAction` naming the rule (and changes nothing) if illegal."""
        self._record(self.rules.apply(self.state, action), action)

    def record(self, new: S, action: A) -> None:
        """Make ``new`` current as the state after ``action``: the second half of :meth:`apply`, for a caller that
        must do something between the rules accepting an action (``new = rules.apply(game.state, action)``) and
        the game showing it, as a hub stores each move before anyone may see it. ``new`` must be exactly what the
        rules returned for this state and action."""
        self._record(new, action)

    @property
    def simultaneous(self) -> bool:
        """Whether the awaited players decide at once and in secret now (a draft), not one after another."""
        return self.rules.simultaneous(self.state)

    # -- reading ----------------------------------------------------------------------------------------------
    def view(self, player: str | None) -> V:
        """What ``player`` may see now: a frozen view with the other players' secrets stripped; anyone who is not
        a player (``None`` too) gets the public view, the same for every watcher."""
        return self.rules.view(self.state, player)

    def scores(self) -> dict[str, int]:
        """Each player's points if the game ended now (final once it is over)."""
        return self.rules.scores(self.state)

    def winners(self) -> tuple[str, ...]:
        """The winner(s) by the rules' tie-breaks (several for a shared victory); empty until the game is over."""
        return self.rules.winners(self.state)

    def game_result(self) -> GameResult | None:
        """How the game ended (scores, winners, the tie-break) once it is over, else ``None``. This one knows each
        player's total only; a game with a score table by category gives more."""
        if not self.over:
            return None
        return GameResult.of_totals(self.scores(), self.winners())

    # -- saving -----------------------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as JSON: the format tag, the setup (players, seed, options) and the action log."""
        rules = self.rules
        return json.dumps(
            {
                "format": rules.save_format,
                "version": rules.save_version,
                **rules.setup(self.state),
                "actions": [a.to_dict() for a in self.actions],
            }
        )

    @classmethod
    def from_json(cls: type[G], text: str | bytes) -> G:
        """Load a game saved by :meth:`to_json`, replaying every action through the rules.

        Raises :class:`InvalidSave` for malformed JSON, a save that is too long (see
        :func:`~isle_nb.model.core.history.read_save`), a wrong format or version, keys the game never writes, or an
        action the rules refuse; nothing is half-built.
        """
        rules = cls.rules
        data = read_save(text, rules.save_format, rules.save_version, cls.save_what)
        state = rules.new_from_setup(data)
        check_save_keys(data, {**rules.setup(state), **dict.fromkeys(cls.old_setup_keys)})
        state, history, applied = replay(state, data["actions"], rules.action_from_dict, rules.apply)
        game = cls(state)
        game._start_history(history)
        game.actions = applied
        game.can_undo = game._undo_possible()
        return game

    # -- mirroring the state into traits ----------------------------------------------------------------------
    def _prepare(self, state: Any) -> None:
        """Build what the traits need before the first state is shown (e.g. one model per player)."""

    def _mirror(self, state: Any, shown: Any, batch: ExitStack) -> None:  # pragma: no cover - games override it
        """Copy ``state`` into the game's own traits; ``batch`` holds their notifications (enter more into it).

        ``shown`` is the state shown last (``None`` at first): values are immutable, so a part that is the very
        same object cannot have changed and need not be assigned again (see :func:`assign_changed`).
        """
        raise NotImplementedError

    def _show(self, state: Any, appended: Any = None, removed: bool = False) -> None:
        """Mirror a new state into the traits, all in one batch: no observer is notified before every trait holds
        the new state."""
        with ExitStack() as batch:
            hold_if_observed(self, batch)
            self._mirror(state, self._shown, batch)
            assign_changed(self, awaiting=self.rules.awaiting(state), log=state.log, over=state.over)
            self._show_history(state, appended, removed)
        self._shown = state


def hold_if_observed(owner: HasTraits, batch: ExitStack) -> None:
    """Hold ``owner``'s notifications until ``batch`` ends, if anything observes it. With no observer (bots and
    simulations playing headless) holding would only cost time: there is nobody to show a half-updated game."""
    if owner._trait_notifiers:  # observers of any trait, @observe handlers included, are registered here
        batch.enter_context(owner.hold_trait_notifications())




def setup_error(error: IllegalAction) -> InvalidSave:
    """A save whose setup the rules refuse."""
    return InvalidSave(f"cannot set up the saved game: {error}")


def play(
    game: G,
    bots: Mapping[str, Bot[Any] | str] | Sequence[Bot[Any] | str | None],
    max_actions: int = 100_000,
    until: Callable[[G], bool] | None = None,
) -> G:
    """Let bots play their seats until the game is over, a seat without a bot must act, or ``until(game)`` holds
    (checked before every action); returns ``game``.

    Works for every game shell. ``bots`` maps player names to bots, or lists a bot (or ``None`` for a human) per
    seat; a bot may be given by name (a key of the game's ``bot_kinds()``, e.g. ``"random"`` or ``"greedy"``), seeded by
    its position in ``bots``.
    """
    if not isinstance(bots, Mapping):
        bots = {name: bot for name, bot in zip(game.player_names, bots, strict=False) if bot is not None}
    chosen: dict[str, Bot[Any]] = {
        name: make_bot(type(game), bot, seat) if isinstance(bot, str) else bot
        for seat, (name, bot) in enumerate(bots.items())
    }
    for _ in range(max_actions):
        if game.over or (until is not None and until(game)):
            return game
        waiting = [name for name in game.awaiting if name in chosen]
        if not waiting:
            return game
        name = waiting[0]
        game.apply(chosen[name].choose(game, name, game.legal_actions(name)))
    raise RuntimeError(f"the game did not end within {max_actions} actions")


def make_bot(shell: type[GameShell], kind: str, seed: int = 0) -> Bot[Any]:
    """A bot for this kind of game by name (a key of ``shell.bot_kinds()``)."""
    return bot_by_name(shell.bot_kinds(), kind, seed)


def bot_by_name(kinds: Mapping[str, Callable[[int], Bot[Any]]], kind: str, seed: int = 0) -> Bot[Any]:
    """The bot called ``kind`` among ``kinds``, seeded; ValueError naming the choices for an unknown name."""
    if kind not in kinds:
        raise ValueError(f"unknown bot {kind!r}; choose one of {', '.join(kinds)}")
    return kinds[kind](seed)


__all__ = ["GameShell", "StateTable", "assign_changed", "bot_by_name", "make_bot", "play"]
