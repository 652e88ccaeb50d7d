"""What every game shell shares: an action log over immutable states, undo/redo that stops at reveals, and saved
games as JSON replayed through the rules.

:class:`ActionHistory` is a mixin for the traitlets shells (:class:`~isle_nb.model.isle.game.Game`,
:class:`~isle_nb.model.pocket.game.PocketGame`). A shell supplies a ``state`` whose ``revealed`` counter grows
whenever hidden information becomes known, an ``actions`` list trait, ``can_undo``/``can_redo`` traits, and
``_show(state, appended=..., removed=...)`` that mirrors a state into its traits in one batch.

:class:`SafeObservers` makes a move atomic for the people watching it: a move either happens and is shown, or does
not happen. Every handler given to ``observe`` runs guarded, so an observer that raises cannot make ``apply`` raise
after the move was recorded, cannot skip the observers after it, and cannot stall an app or its bot seats; the error
goes to the ``isle_nb`` logger, to :attr:`SafeObservers.observer_errors`, and to every reporter registered with
:meth:`SafeObservers.on_observer_error` (the apps show it in their message area).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, TypeVar

from traitlets import All, HasTraits
from traitlets.traitlets import EventHandler
from traitlets.utils.sentinel import Sentinel

from isle_nb.model.core.errors import IllegalAction, InvalidSave, quote

S = TypeVar("S")
A = TypeVar("A")


GAME_OVER = "the game is over, and a finished game stays as it ended: start a rematch or a new game"
"""Why nothing can be taken back once a game has ended (every game, every seat, every table)."""


class UndoRefused(ValueError):
    """Undo or redo is not possible (nothing to undo, or hidden information was revealed since)."""


LOGGER = logging.getLogger("isle_nb")

OBSERVER_ERRORS_KEPT = 20
"""How many observer errors a game keeps in :attr:`SafeObservers.observer_errors` (the oldest are dropped)."""


class ObserverError(RuntimeError):
    """An observer (a handler given to ``observe``) raised while being told about a change; the change stands."""

    def __init__(self, handler: Callable[..., Any], change: Any, error: BaseException) -> None:
        self.handler = handler
        self.change = change
        self.error = error
        name = getattr(handler, "__qualname__", None) or type(handler).__name__
        trait = change.get("name") if isinstance(change, dict) else None
        super().__init__(
            f"an observer ({quote(name)}) of {quote(trait)} failed after the move was made; the move stands, "
            f"the other observers were told: {type(error).__name__}: {quote(str(error))}"
        )


class _Guarded:
    """An observer that never raises: its errors go to its owner's reporters. Compares equal to the handler it
    wraps, so ``unobserve(handler)`` finds it."""

    __slots__ = ("handler", "owner")

    def __init__(self, handler: Callable[..., Any], owner: SafeObservers) -> None:
        self.handler = handler
        self.owner = owner

    def __call__(self, change: Any) -> None:
        try:
            self.handler(change)
        except Exception as error:  # an observer's bug must never undo or stall a recorded move
            self.owner._observer_failed(ObserverError(self.handler, change, error))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Guarded):
            return self.handler == other.handler
        return bool(self.handler == other)

    def __hash__(self) -> int:
        return hash(self.handler)


class SafeObservers:
    """A mixin for ``HasTraits`` classes: observers that raise are reported, never propagated (see the module)."""

    _observer_errors: list[ObserverError]
    _observer_reporters: list[Callable[[ObserverError], None]]
    _reporting = False

    def observe(
        self,
        handler: Callable[..., Any],
        names: Sentinel | str | Collection[Sentinel | str] = All,
        type: Sentinel | str = "change",
    ) -> None:
        """Like ``HasTraits.observe``, but an error in ``handler`` is reported instead of raised."""
        if isinstance(handler, EventHandler) and handler.name is not None:  # an @observe method of the class
            handler = getattr(self, handler.name)
        # the mixin's super() is HasTraits in every class that uses it, which the checker cannot know
        super().observe(_Guarded(handler, self), names=names, type=type)  # type: ignore[misc]

    def on_observer_error(self, reporter: Callable[[ObserverError], None], remove: bool = False) -> None:
        """Call ``reporter`` with each :class:`ObserverError` from now on (or stop, with ``remove=True``)."""
        reporters = self.__dict__.setdefault("_observer_reporters", [])
        if remove:
            reporters.remove(reporter)
        elif reporter not in reporters:
            reporters.append(reporter)

    def report_observer_errors_to(self, owner: SafeObservers) -> None:
        """Report this object's observer errors where ``owner`` reports its own (a game's player models)."""
        self.__dict__["_observer_owner"] = owner

    @property
    def observer_errors(self) -> list[ObserverError]:
        """The latest errors raised by observers (at most :data:`OBSERVER_ERRORS_KEPT`), oldest first."""
        return list(self.__dict__.get("_observer_errors", ()))

    def _observer_failed(self, error: ObserverError) -> None:
        owner = self.__dict__.get("_observer_owner")
        if owner is not None:
            owner._observer_failed(error)
            return
        LOGGER.error("%s", error, exc_info=error.error)
        kept = self.__dict__.setdefault("_observer_errors", [])
        kept.append(error)
        del kept[:-OBSERVER_ERRORS_KEPT]
        if self._reporting:  # a reporter that fails is logged, not reported again
            return
        self._reporting = True
        try:
            for reporter in list(self.__dict__.get("_observer_reporters", ())):
                try:
                    reporter(error)
                except Exception:
                    LOGGER.exception("reporting an observer error failed")
        finally:
            self._reporting = False


def assign_changed(owner: HasTraits, **values: Any) -> None:
    """Assign each trait whose value changes (see :func:`assign_pairs`)."""
    assign_pairs(owner, values.items())


def assign_pairs(owner: HasTraits, values: Iterable[tuple[str, Any]]) -> None:
    """Assign each trait whose value changes. A value that is the very same object, or an equal string, number or
    tuple (compared cheaply), could not notify: skipping it saves traitlets' validation, which costs more than
    the comparison (the hot path of bots and simulations). With no observer and no cross-validator (bots and
    simulations playing headless) the value is stored directly: the model's values already have the traits' types
    (``tests/test_headless_traits.py`` compares every trait against an observed game's)."""
    current = owner._trait_values  # read directly: a trait's getter would validate a default first (slower)
    headless = not owner._trait_notifiers and not owner._trait_validators
    for name, value in values:
        old = current.get(name, _UNSET)
        if old is value or (type(old) is type(value) and type(value) in _PLAIN and old == value):
            continue
        if headless:  # nobody observes or cross-validates: store the model's value as traitlets would, untouched
            current[name] = value
        else:
            setattr(owner, name, value)


_PLAIN = (str, int, bool, tuple)
"""Types whose equality is cheap and means the same as for traitlets (a tuple of other length differs at once)."""


_UNSET = object()


class ActionHistory(SafeObservers):
    """Undo/redo over a history of immutable states; undo is refused across a moment that revealed something."""

    reveal_words = "hidden information"
    """What a reveal uncovers, in the shell's words, for the refusal message."""

    _history: list[Any]
    _future: list[tuple[Any, Any]]
    state: Any
    actions: list[Any]
    can_undo: bool
    can_redo: bool

    def _start_history(self, history: Sequence[Any] = ()) -> None:
        self._history = list(history)
        self._future = []

    def _show(self, state: Any, appended: Any = None, removed: bool = False) -> None:  # pragma: no cover
        raise NotImplementedError

    def _show_history(self, state: Any, appended: Any = None, removed: bool = False) -> None:
        """The last step of ``_show`` (inside its batch): the action log, ``state`` itself and the undo flags."""
        assert isinstance(self, HasTraits), "a game shell is HasTraits"
        changes: dict[str, Any] = {}
        if appended is not None:
            changes["actions"] = [*self.actions, appended]
        elif removed:
            changes["actions"] = self.actions[:-1]
        assign_changed(self, **changes, state=state)
        assign_changed(self, can_undo=self._undo_possible(), can_redo=bool(self._future))  # from the new state

    def _record(self, new: Any, action: Any) -> None:
        """Make ``new`` (the state after ``action``) current."""
        self._history.append(self.state)
        self._future.clear()
        self._show(new, appended=action)

    def undo(self) -> None:
        """Take back the last action, unless it revealed hidden information or ended the game (then
        :class:`UndoRefused`: a finished game stays finished)."""
        if self.state.over:
            raise UndoRefused(GAME_OVER)
        if not self._history:
            raise UndoRefused("there is nothing to undo")
        previous = self._history[-1]
        if previous.revealed != self.state.revealed:
            raise UndoRefused(f"the last action revealed {self.reveal_words}, so it cannot be undone")
        action = self.actions[-1]
        self._history.pop()
        self._future.append((self.state, action))
        self._show(previous, removed=True)

    def redo(self) -> None:
        """Apply again the last undone action."""
        if not self._future:
            raise UndoRefused("there is nothing to redo")
        state, action = self._future.pop()
        self._history.append(self.state)
        self._show(state, appended=action)

    def state_after(self, index: int) -> Any:
        """The state right after action ``index`` of :attr:`actions` (0 is the first; -1 the last), as it was then."""
        index = index % len(self.actions) if self.actions else index
        if not 0 <= index < len(self.actions):
            raise IndexError(f"there is no action {index}: {len(self.actions)} were played")
        return self._history[index + 1] if index + 1 < len(self._history) else self.state

    def _undo_possible(self) -> bool:
        return bool(self._history) and self._history[-1].revealed == self.state.revealed and not self.state.over

    @property
    def undo_depth(self) -> int:
        """How many of the last actions :meth:`undo` can take back one after another (it stops at a reveal)."""
        revealed = self.state.revealed
        depth = 0
        if self.state.over:
            return depth
        for previous in reversed(self._history):
            if previous.revealed != revealed:
                break
            depth += 1
        return depth


SAVE_LIMIT = 2_000_000
"""The longest saved game read, in characters (a whole 4-player game is about 60 000)."""
ACTIONS_LIMIT = 10_000
"""The most actions a saved game may hold (a whole 4-player game has well under 2 000)."""
SAVE_KEYS = frozenset({"format", "version", "actions"})
"""The keys every save has besides its game's setup (see :func:`check_save_keys`)."""


def read_json_record(text: str | bytes, record_format: str, version: int, what: str) -> dict[str, Any]:
    """Parse a JSON file of ours and check its size, ``format`` and ``version``; :class:`InvalidSave` otherwise.

    It is refused quickly, before any parsing, when it is not text or longer than :data:`SAVE_LIMIT`; the version
    must be exactly the integer ``version`` (not ``1.0`` or ``true``). ``what`` names the kind of file
    ("an isle_nb saved game") when the format is not the one expected.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidSave(f"a saved game is JSON text, not {quote(text)}")
    if len(text) > SAVE_LIMIT:
        raise InvalidSave(f"a saved game is at most {SAVE_LIMIT:,} characters long; this one has {len(text):,}")
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise InvalidSave(f"not valid JSON: {quote(str(error))}") from None
    if not isinstance(data, dict) or data.get("format") != record_format:
        raise InvalidSave(f"not {what} (expected format {record_format!r})")
    found = data.get("version")
    if type(found) is not int or found != version:
        raise InvalidSave(f"unsupported save version {quote(found)} (this is version {version})")
    return data


def read_save(text: str | bytes, save_format: str, version: int, what: str) -> dict[str, Any]:
    """Parse a saved game's JSON and check it (:func:`read_json_record`), then its ``actions``: a list of at most
    :data:`ACTIONS_LIMIT` actions; :class:`InvalidSave` otherwise."""
    data = read_json_record(text, save_format, version, what)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise InvalidSave("'actions' must be a list")
    if len(actions) > ACTIONS_LIMIT:
        raise InvalidSave(f"a saved game holds at most {ACTIONS_LIMIT:,} actions; this one has {len(actions):,}")
    return data


def check_save_keys(data: dict[str, Any], setup: dict[str, Any]) -> None:
    """Refuse keys a save of this game never writes (:class:`InvalidSave`): ``format``, ``version``, ``actions``
    and the keys of its ``setup`` are known; anything else means another program's file or a newer format, and
    guessing what it meant could load a different game than the one saved."""
    unknown = sorted(str(k) for k in set(data) - SAVE_KEYS - set(setup))
    if unknown:
        raise InvalidSave(f"unknown keys in the saved game: {quote(unknown)}")


def replay(
    state: S, raw_actions: list[Any], decode: Callable[[Any], A], apply: Callable[[S, A], S]
) -> tuple[S, list[S], list[A]]:
    """Replay saved actions through the rules: the final state, the states before each action, the actions.

    Any action the rules refuse raises :class:`InvalidSave` saying which one and why; nothing is half-built.
    """
    history: list[S] = []
    applied: list[A] = []
    for number, raw in enumerate(raw_actions):
        action = decode(raw)
        try:
            new = apply(state, action)
        except IllegalAction as error:
            raise InvalidSave(f"action {number} ({action}) is not legal: {error}") from None
        history.append(state)
        applied.append(action)
        state = new
    return state, history, applied
