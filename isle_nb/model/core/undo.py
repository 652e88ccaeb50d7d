"""Who may take back what: the one undo rule of every game, at a device and at a hub's table (issue #30).

A person may take back their last move together with the bot moves that followed it, while no other person has
moved since, nothing was revealed since (the shell's :attr:`~isle_nb.model.core.history.ActionHistory.undo_depth`)
and never once the game is over. ``mine`` are the people one screen or device speaks for (a hot-seat device speaks
for all the people at it); ``people`` are the other people at the table (none at a device, where every other seat
is a bot). Redo plays again up to and including the next such move and the bot moves that followed it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from isle_nb.model.core.history import GAME_OVER, UndoRefused

if TYPE_CHECKING:
    from isle_nb.model.core.shell import GameShell


OVER_NOTE = "The game is over: start a rematch or a new game."
"""Why Undo is off once the game has ended, on every screen (a finished game stays as it ended)."""


def person_move_depth(game: GameShell, people: Collection[str] | None = None) -> int | None:
    """How far back the last move of one of ``people`` (anyone when ``None``) is: 1 for the last action, 2 for the
    one before...; ``None`` if none of them has moved."""
    for depth, action in enumerate(reversed(game.actions), 1):
        if people is None or action.player in people:
            return depth
    return None


def undo_reach(game: GameShell, mine: Collection[str], people: Collection[str] = ()) -> tuple[int, str]:
    """How many of the last moves Undo takes back for ``mine`` now (see the module docstring), and why it is off
    ("" when it is on; the depth is then at least 1)."""
    if game.over:
        return 0, OVER_NOTE
    for depth, action in enumerate(reversed(game.actions), 1):
        if action.player in mine:
            if game.undo_depth < depth:
                return 0, "Undo is off: the last move revealed new cards, tiles or picks."
            return depth, ""
        if action.player in people:
            if any(earlier.player in mine for earlier in game.actions[:-depth]):
                return 0, f"Undo is off: {action.player} has moved since your last move."
            break
    return 0, "Nothing to undo yet."


def undo_note(game: GameShell, mine: Collection[str], people: Collection[str] = ()) -> str:
    """Why Undo is off now for ``mine``, in words ("" when it is on)."""
    return undo_reach(game, mine, people)[1]


def take_back(game: GameShell, mine: Collection[str], people: Collection[str] = (),
              each: Callable[[], None] | None = None) -> Any:
    """Undo moves up to and including the last move of one of ``mine`` (with the bot moves after it) and return
    that move; ``each()`` is called before each move is taken back (a hub forgets it in its store first).
    :class:`UndoRefused` (nothing changed) when the rule does not allow it."""
    if game.over:
        raise UndoRefused(GAME_OVER)
    depth, note = undo_reach(game, mine, people)
    if not depth:
        raise UndoRefused(note)
    taken = None
    for _ in range(depth):
        taken = game.actions[-1]
        if each is not None:
            each()
        game.undo()
    return taken


def play_again(game: GameShell, mine: Collection[str]) -> None:
    """Redo up to and including the next move of one of ``mine``, then the others' moves that followed it."""
    game.redo()
    while game.can_redo and game.actions and game.actions[-1].player not in mine:
        game.redo()


__all__ = ["OVER_NOTE", "person_move_depth", "play_again", "take_back", "undo_note", "undo_reach"]
