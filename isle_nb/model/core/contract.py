"""The one contract every game of the package implements: :class:`Rules`, :class:`Bot` and :class:`LogEntry`.

A game is a pure rules core over frozen states. The Isle of Cats (standard, solo and family modes), Pocket Cats
and Explore & Draw each provide one :class:`Rules` object; one generic traitlets shell
(:class:`isle_nb.model.core.shell.GameShell`) turns any of them into an observable game with apply, check, undo/redo,
JSON save/load, a log and bot play. ``play()`` (:mod:`isle_nb.bots`) and the widgets' bot driver work with every
game through this contract only (the way OpenSpiel's ``State`` or pgx's ``Env`` serve every game).

How a new game plugs in
-----------------------
1. **State.** A frozen dataclass (tuples, frozensets, other frozen values) that satisfies :class:`GameState`:
   ``revealed`` (a counter that grows whenever hidden information becomes known: a card drawn, a tile flipped;
   undo never crosses a change of it), ``log`` (a tuple of :class:`LogEntry`) and ``over``. All chance comes from
   a random generator seeded by the state (seed plus a draw counter), so a game replays exactly from its setup
   and its actions.
2. **Actions.** Small frozen dataclasses that satisfy :class:`GameAction`: a ``player`` field, a ``kind`` class
   variable and ``to_dict()``; ``Rules.action_from_dict`` rebuilds one and raises
   :class:`~isle_nb.model.core.errors.InvalidSave` for anything malformed.
3. **Rules.** One object (a class instance; it keeps no state of its own) with the methods of :class:`Rules`.
   ``apply`` validates with the same checks ``legal_actions`` generates with, and raises
   :class:`~isle_nb.model.core.errors.IllegalAction` naming the rule ID it breaks, leaving its input unchanged.
   ``view(state, player)`` returns a frozen value holding only what that player may see. ``setup(state)`` and
   ``new_from_setup(data)`` are the save format: a JSON object of the setup (players, seed, options); a saved game
   is ``{"format": rules.save_format, "version": rules.save_version, **setup, "actions": [...]}`` and loading
   replays the actions through ``apply``.
4. **Shell.** ``class MyGame(GameShell[MyState, MyAction, MyView])`` with ``rules = MyRules()``, the traits the
   game publishes, and ``_mirror(state)`` that copies a new state into those traits (the shell calls it inside one
   ``hold_trait_notifications()`` block, so observers see a consistent game). The shell gives ``new``,
   ``apply``, ``check``, ``legal_actions``, ``undo``/``redo``, ``to_json``/``from_json``, ``view``, ``awaiting``,
   ``over``, ``log``, ``scores`` and ``winners``.
5. **Bots.** Any object with ``choose(game, player, actions)`` (the :class:`Bot` protocol); list them by name in
   the shell's ``bot_kinds()`` so ``play(game, ["random", "greedy"])`` and the apps can build them.
6. **Tests.** Add the game to ``tests/test_contract.py``: it checks the protocol and plays random games through
   the contract only (legal actions accepted, illegal ones refused without change, save/load round trips).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of a game's log: when it happened, who did it and what happened, in plain words.

    ``round`` counts the game's big steps (the day in The Isle of Cats, the game of a Pocket Cats match);
    ``phase`` names where in the round it happened (the phase or stage); ``turn`` is the turn number where the game
    counts turns (Pocket Cats), else ``None``.
    """

    round: int
    phase: str
    player: str | None
    text: str
    private: bool = False
    """True when only ``player`` may read the text (e.g. which card they drafted)."""
    turn: int | None = None

    @property
    def day(self) -> int:
        """The day (The Isle of Cats' name for the round)."""
        return self.round

    @property
    def game(self) -> int:
        """The game of the match (Pocket Cats' name for the round)."""
        return self.round

    def visible_to(self, viewer: str | None) -> bool:
        """Whether ``viewer`` may read this line (everyone reads public lines; ``None`` reads everything)."""
        return viewer is None or not self.private or self.player == viewer

    def seen_by(self, seat: str | None) -> bool:
        """Whether the player ``seat`` may read this line in their view; a watcher (``None``) reads public lines."""
        return not self.private or (seat is not None and self.player == seat)


@runtime_checkable
class GameAction(Protocol):
    """What every action of every game has: who does it, its kind, and a JSON form."""

    kind: ClassVar[str]

    @property
    def player(self) -> str:
        """The player who does it."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form, ``{"kind": ..., "player": ..., other fields}``."""
        ...


@runtime_checkable
class GameState(Protocol):
    """What every game state offers the shell: the reveal counter, the log and whether the game is over."""

    @property
    def revealed(self) -> int:
        """Grows whenever hidden information became known; undo never crosses a change of it."""
        ...

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The game log so far."""
        ...

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        ...


@dataclass(frozen=True, slots=True)
class PlacementChoice:
    """One tile a player must place now, said so that its many placement actions can be listed without building
    them: every legal place of ``shape`` on the ``free`` cells (a bitmask over the boat's grid) that meets
    ``touch`` (a bitmask a placement must border, ``None``: anywhere), once per colour in ``colours`` (an Oshax's
    colours; ``(None,)`` otherwise). The actions are of ``kind`` and share the fields ``same`` (the player; the
    tile of a drawing); ``anchored`` actions also carry the placement's orientation and anchor. A hub sends a
    seat's thousands of placements as one such entry (see :mod:`isle_nb.hub.compact`)."""

    kind: str
    same: dict[str, Any]
    shape: int | str
    free: int
    touch: int | None
    colours: tuple[str | None, ...]
    anchored: bool


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=GameAction)
V = TypeVar("V", covariant=True)


@runtime_checkable
class Rules(Protocol[S, A, V]):
    """The rules of one game as pure functions of frozen states (see the module docstring for how to add one).

    Type parameters: ``S`` the state, ``A`` the action base class, ``V`` the player view.
    """

    save_format: str
    """The ``"format"`` tag of saved games, e.g. ``"isle_nb.game"``."""
    save_version: int
    """The save version this code reads and writes."""

    @property
    def new_game(self) -> Callable[..., S]:
        """``new_game(players, seed, **options)``: a new game, set up and waiting for its first decisions:
        ``players`` (``Sequence[str] | int``) are the names, or how many players (named "Player 1"... by
        :func:`~isle_nb.model.core.records.check_names`); ``options`` are the game's own keywords, each named in its
        signature (hence a read-only callable here: a method with ``**options: Any`` would oblige every game to take
        any keyword); :class:`IllegalAction` for a bad setup."""
        ...

    def players(self, state: S) -> tuple[str, ...]:
        """The players' names in seat order."""
        ...

    def awaiting(self, state: S) -> tuple[str, ...]:
        """The players who must decide something now (empty once the game is over)."""
        ...

    def simultaneous(self, state: S) -> bool:
        """Whether the awaited players decide at once and in secret (a draft) rather than one after another."""
        ...

    def legal_actions(self, state: S, player: str) -> list[A]:
        """The legal actions for ``player`` now, one of each set of interchangeable choices (actions that differ
        only in which of two equivalent cards they use); each one ``apply`` accepts, and every legal action is one
        of them or equivalent to one. Empty for a player the game does not wait for, except for interrupts the rules
        allow at any time (The Isle of Cats' anytime cards, ANY-2)."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; :class:`IllegalAction` naming the rule (and no change) if it is illegal.
        It accepts an action exactly when it accepts every action of the same :meth:`normal_form`."""
        ...

    def normal_form(self, view: Any, action: A) -> A:
        """What makes two actions the same choice, said once: two actions are the same choice exactly when their
        normal forms are equal (cards chosen together as a set, interchangeable copies of a card as the one
        ``legal_actions`` lists, cells in order...). ``view`` is the acting player's own view
        (``view(state, action.player)``): all a normal form may read, so a screen holding only that view (a remote
        seat) judges a move as the rules do (:class:`SameChoices`). The action itself for a game without such
        choices; never refuses (a malformed or illegal action has a normal form too)."""
        ...

    def scores(self, state: S) -> dict[str, int]:
        """Each player's points if the game ended now (final once it is over)."""
        ...

    def winners(self, state: S) -> tuple[str, ...]:
        """The winner(s) by the game's rules and tie-breaks (several for a shared victory); empty until it is over."""
        ...

    def progress(self, view: Any) -> str:
        """Where the game stands, in a short phrase for a list of tables (``"day 3 of 5, Rescue cats (choosing
        rescue cards)"``), read from ``view`` alone: given the public view, it tells nothing a player keeps
        secret."""
        ...

    def shown_scores(self, view: Any) -> dict[str, int] | None:
        """Each player's score so far as ``view`` shows it while the game is played, read from ``view`` alone (the
        public view's: no secret in it); ``None`` where the game shows no score before its end (some points stay
        secret until then) and once it is over (the game's result has the final scores)."""
        ...

    def view(self, state: S, player: str | None) -> V:
        """What ``player`` may see: a frozen value with the other players' secrets stripped, with exact
        ``to_dict``/``from_dict``. Anyone who is not a player (``None`` too) gets the public view: the same value
        of the same type for every watcher, holding nothing any player keeps secret."""
        ...

    def setup(self, state: S) -> dict[str, Any]:
        """The JSON-ready setup of the game (players, seed, options) that :meth:`new_from_setup` rebuilds."""
        ...

    def new_from_setup(self, data: Mapping[str, Any]) -> S:
        """The new game a saved setup describes; :class:`InvalidSave` if the data is malformed."""
        ...

    def action_from_dict(self, data: Any) -> A:
        """An action from its ``to_dict`` form; :class:`InvalidSave` if it is malformed."""
        ...

    def placement_choices(self, state: S, player: str) -> list[PlacementChoice]:
        """The tiles ``player`` must place now whose placements are among their legal actions, each said once
        (see :class:`PlacementChoice`); empty in a game without placements."""
        ...


class SameChoices:
    """The choices a player's legal actions stand for, to judge any action as the rules do (see
    :meth:`Rules.normal_form`): ``action in choices`` when it is the same choice as one of ``legal`` (the acting
    player's legal actions now, their own view ``view``). The normal forms of one kind of action are worked out on
    the first question about that kind, once."""

    def __init__(self, rules: Rules[Any, Any, Any], view: Any, legal: Sequence[Any]) -> None:
        self.rules, self.view, self.legal = rules, view, legal
        self._kinds: dict[type, set[Any]] = {}

    def __contains__(self, action: object) -> bool:
        kind = type(action)
        if kind not in self._kinds:
            self._kinds[kind] = {self.rules.normal_form(self.view, a) for a in self.legal if type(a) is kind}
        try:
            return self.rules.normal_form(self.view, action) in self._kinds[kind]
        except TypeError:  # an action built by hand with a value that cannot be hashed is no legal one
            return False


class Shell(Protocol):
    """What a bot may read of the game it plays: the shell's state, the player views and the legal actions."""

    @property
    def state(self) -> Any:
        """The current state (a bot that must not peek reads :meth:`view` instead)."""
        ...

    @property
    def awaiting(self) -> tuple[str, ...]:
        """The players who must decide something now."""
        ...

    def view(self, player: str | None) -> object:
        """What ``player`` may see."""
        ...


@runtime_checkable
class Bot(Protocol[A]):
    """Anything that chooses one of the legal actions for a player (``A`` is the game's action type).

    ``game`` is the shell (a :class:`~isle_nb.model.core.shell.GameShell`); a bot that must not peek reads only
    ``game.view(player)``.
    """

    def choose(self, game: Shell, player: str, actions: Sequence[A]) -> A:
        """Pick one of ``actions`` (never empty) for ``player``."""
        ...


__all__ = ["Bot", "GameAction", "GameState", "LogEntry", "PlacementChoice", "Rules", "SameChoices", "Shell"]
