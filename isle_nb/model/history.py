"""What every game shell shares: an action log over immutable states, undo/redo that stops at reveals, and saved
games as JSON replayed through the rules.

:class:`ActionHistory` is a mixin for the traitlets shells (:class:`~isle_nb.model.game.Game`,
:class:`~isle_nb.model.pocket.game.PocketGame`). A shell supplies a ``state`` whose ``revealed`` counter grows
whenever hidden information becomes known, an ``actions`` list trait, ``can_undo``/``can_redo`` traits, and
``_show(state, appended=..., removed=...)`` that mirrors a state into its traits in one batch.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from isle_nb.model.errors import IllegalAction, InvalidSave, quote

S = TypeVar("S")
A = TypeVar("A")


class UndoRefused(ValueError):
    """Undo or redo is not possible (nothing to undo, or hidden information was revealed since)."""


class ActionHistory:
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
        if appended is not None:
            self.actions = [*self.actions, appended]
        elif removed:
            self.actions = self.actions[:-1]
        self.state = state
        can_undo, can_redo = self._undo_possible(), bool(self._future)
        if self.can_undo is not can_undo:  # an unchanged flag would not notify: skip traitlets' validation
            self.can_undo = can_undo
        if self.can_redo is not can_redo:
            self.can_redo = can_redo

    def _record(self, new: Any, action: Any) -> None:
        """Make ``new`` (the state after ``action``) current."""
        self._history.append(self.state)
        self._future.clear()
        self._show(new, appended=action)

    def undo(self) -> None:
        """Take back the last action, unless it revealed hidden information (then :class:`UndoRefused`)."""
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

    def _undo_possible(self) -> bool:
        return bool(self._history) and self._history[-1].revealed == self.state.revealed


def read_save(text: str | bytes, save_format: str, version: int, what: str) -> dict[str, Any]:
    """Parse a saved game's JSON and check its format and version; :class:`InvalidSave` otherwise."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise InvalidSave(f"not valid JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != save_format:
        raise InvalidSave(f"not {what} (expected format {save_format!r})")
    if data.get("version") != version:
        raise InvalidSave(f"unsupported save version {quote(data.get('version'))} (this is version {version})")
    if not isinstance(data.get("actions"), list):
        raise InvalidSave("'actions' must be a list")
    return data


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
