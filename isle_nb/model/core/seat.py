"""Seats: what one player's screen talks to (design.md §3).

A :class:`Seat` is everything a screen needs and nothing more: whose seat it is, that player's frozen view of the
game, their legal actions, a way to act and to ask whether an action would be accepted, who is awaited, whether the
game is over and its :class:`GameResult`, undo/redo where the seat may use them, and a change signal in the
traitlets style (``seat.observe(handler, names=["version"])``; ``version`` grows after every change).

:class:`LocalSeat` is a seat over a game shell in this kernel; several local seats share one game at a hot-seat
table (one per person at the device). A remote seat holds no game at all: it keeps the last view, legal actions and
result a hub sent it, and sends actions back; it satisfies the same protocol. A spectator's seat is a seat whose
name is not a player's: it shows the public view and has no legal actions.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from traitlets import HasTraits, Int, Unicode

from isle_nb.model.core.contract import SameChoices
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.history import SafeObservers
from isle_nb.model.core.result import GameResult
from isle_nb.model.core.undo import person_move_depth, play_again, take_back, undo_note

if TYPE_CHECKING:

    from isle_nb.model.core.shell import GameShell

A = TypeVar("A")
V = TypeVar("V", covariant=True)


@runtime_checkable
class Seat(Protocol[A, V]):
    """What one player's screen talks to (see the module docstring). ``A``: the game's actions; ``V``: its view."""

    @property
    def name(self) -> str:
        """Whose seat it is (a player's name; a spectator's seat has a name that is no player's)."""
        ...

    @property
    def view(self) -> V:
        """What this seat may see now: the game's frozen player view (the public view for a spectator)."""
        ...

    @property
    def seen(self) -> V | None:
        """This seat's view right after its own last move that still stands (``None`` before its first move): what
        the screen compares the view with to mark what the others did since (:mod:`isle_nb.model.isle.changes`)."""
        ...

    @property
    def awaiting(self) -> tuple[str, ...]:
        """The players who must decide something now."""
        ...

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        ...

    def result(self) -> GameResult | None:
        """The final scores, winners and tie-break once the game is over, else ``None`` (a method, as on a game)."""
        ...

    @property
    def version(self) -> int:
        """Grows after every change; observe it (``observe(handler, names=["version"])``) to be told of changes."""
        ...

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would succeed now."""
        ...

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` would succeed now."""
        ...

    @property
    def undo_note(self) -> str:
        """Why Undo is off now, in a sentence for the player ("" when it is on)."""
        ...

    def legal_actions(self) -> list[A]:
        """This seat's legal actions now (empty when it has nothing to decide, and always for a spectator)."""
        ...

    def check(self, action: A) -> str | None:
        """Why the rules would refuse ``action`` now, or ``None`` if it would be accepted; nothing changes."""
        ...

    def apply(self, action: A) -> None:
        """Play ``action`` for this seat; the rules' :class:`IllegalAction` (nothing changed) if it is refused."""
        ...

    def undo(self) -> Any:
        """Take back this seat's last move with the bot moves made after it, by the one undo rule
        (:mod:`isle_nb.model.core.undo`); :class:`UndoRefused` if not possible. Returns the move taken back."""
        ...

    def redo(self) -> None:
        """Play again what the last :meth:`undo` took back; :class:`UndoRefused` if there is nothing to redo."""
        ...

    def observe(self, handler: Callable[[Any], None], names: Any = ...) -> None:
        """Call ``handler`` on a change of the named traits (traitlets' ``observe``)."""
        ...

    def unobserve(self, handler: Callable[[Any], None], names: Any = ...) -> None:
        """Stop calling ``handler`` (traitlets' ``unobserve``)."""
        ...


class LocalSeat(SafeObservers, HasTraits):
    """A seat over a game shell in this kernel (see the module docstring).

    ``people`` are the players who sit at this device (the hot-seat table; by default only this seat): Undo takes
    back moves up to and including the last move of one of them, with every move of the others (bots) made after
    it, and Redo plays again up to and including the next such move and the others' moves that followed it.
    Call :meth:`close` when the seat is no longer shown (it stops observing the game).
    """

    name = Unicode(help="Whose seat it is.", read_only=True)
    version = Int(0, help="Grows after every change of the game.")

    def __init__(self, game: GameShell, name: str, people: Collection[str] | None = None) -> None:
        super().__init__()
        self.set_trait("name", name)
        self._game = game
        self.people = frozenset(people if people is not None else (name,))
        self._values: dict[str, Any] = {}
        self._values_of: Any = None
        self._seen: tuple[Any, Any] | None = None
        """The number and action of this seat's last move, and its view right after it (computed once a move)."""
        game.observe(self._changed, names=["state"])

    # -- reading ----------------------------------------------------------------------------------------------
    @property
    def plays(self) -> bool:
        """Whether this seat is a player's (a spectator's is not)."""
        return self.name in self._game.player_names

    @property
    def view(self) -> Any:
        """What this seat may see now (computed once per state)."""
        return self._per_state("view", lambda: self._game.view(self.name))

    @property
    def seen(self) -> Any:
        """This seat's view right after its own last move that still stands, ``None`` before its first move (read
        from the game's history: an undo takes the view back to the move before, a redo brings it again, a loaded
        game remembers it)."""
        depth = person_move_depth(self._game, (self.name,))
        if depth is None:
            return None
        if depth == 1:  # its own move was the last: what it saw then is what it sees now
            return self.view
        index = len(self._game.actions) - depth
        key = (index, self._game.actions[index])
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, self._game.rules.view(self._game.state_after(index), self.name))
        return self._seen[1]

    @property
    def awaiting(self) -> tuple[str, ...]:
        """The players who must decide something now."""
        return tuple(self._game.awaiting)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return bool(self._game.over)

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would succeed now."""
        return not self.undo_note

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` would succeed now."""
        return bool(self._game.can_redo) and not self._game.over

    def result(self) -> GameResult | None:
        """The game's result once it is over, else ``None``."""
        return self._game.game_result() if self._game.over else None

    @property
    def undo_note(self) -> str:
        """Why Undo is off now, in words ("" when it is on)."""
        return undo_note(self._game, self.people)  # every other seat at a device is a bot

    @property
    def simultaneous(self) -> bool:
        """Whether the awaited players decide at once and in secret now (a draft)."""
        return self._game.simultaneous

    def legal_actions(self) -> list[Any]:
        """This seat's legal actions now (computed once per state; none for a spectator)."""
        if not self.plays:
            return []
        return list(self._per_state("legal", lambda: self._game.legal_actions(self.name)))

    def check(self, action: Any) -> str | None:
        """Why the rules would refuse ``action`` now, or ``None``; nothing changes. The same choice as one of the
        legal actions (:class:`~isle_nb.model.core.contract.SameChoices`) is accepted at once; the rules say why
        anything else is refused."""
        refusal = seat_refusal(self.name, action)
        if refusal is not None:
            return str(refusal)
        if self.plays and action in self._per_state("choices", lambda: SameChoices(
                self._game.rules, self.view, self.legal_actions())):
            return None
        return self._game.check(action)

    # -- acting -----------------------------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Play ``action``; the rules' :class:`IllegalAction` (nothing changed) if refused."""
        self._own(action)
        self._game.apply(action)

    def undo(self) -> Any:
        """Take back moves up to and including the last move of one of :attr:`people` (see the class and
        :mod:`isle_nb.model.core.undo`, the one undo rule)."""
        return take_back(self._game, self.people)

    def redo(self) -> None:
        """Play again up to and including the next move of one of :attr:`people`, and the others' moves after it."""
        play_again(self._game, self.people)

    def hint(self, seed: int = 0) -> Any:
        """What the search bot would do for this seat now and why, from this player's view only (nothing is
        played); ``None`` if there is nothing to decide (see :func:`isle_nb.model.isle.hints.hint`). Only games that
        offer hints have it."""
        if not self.plays or not hasattr(self._game, "hint"):
            return None
        return self._game.hint(self.name, seed=seed)

    @property
    def hints(self) -> bool:
        """Whether this seat's game offers hints."""
        return hasattr(self._game, "hint")

    def close(self) -> None:
        """Stop observing the game (the seat is no longer shown)."""
        self._game.unobserve(self._changed, names=["state"])

    # -- internals --------------------------------------------------------------------------------------------
    def _own(self, action: Any) -> None:
        refusal = seat_refusal(self.name, action)
        if refusal is not None:
            raise refusal

    def _per_state(self, what: str, compute: Callable[[], Any]) -> Any:
        state = self._game.state
        if self._values_of is not state:
            self._values, self._values_of = {}, state
        if what not in self._values:
            self._values[what] = compute()
        return self._values[what]

    def _changed(self, _change: Any) -> None:
        self.version += 1

    def __repr__(self) -> str:
        return f"LocalSeat({self.name!r}, version={self.version})"


def seat_refusal(seat: str, action: Any) -> IllegalAction | None:
    """Why the seat of ``seat`` may not send ``action`` (another player's), or ``None``: every seat, local or
    remote, refuses it in these words."""
    player = getattr(action, "player", None)
    if player != seat:
        return IllegalAction("SEAT-1", f"{seat} cannot act for {player}: a seat plays only its own moves")
    return None


__all__ = ["LocalSeat", "Seat", "person_move_depth", "play_again", "seat_refusal", "take_back", "undo_note"]
