"""Undo and Redo in an app where people play with bots, shared by every game's app.

A person's Undo takes back their last move and every bot move made after it (the bots then wait, so that Redo can
still play the moves again); Redo plays again up to and including the next move of a person, then the bot moves
that followed it. Undo never crosses a reveal (the model refuses it): the controls say why they are off.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as widgets

from isle_nb.model.history import UndoRefused
from isle_nb.model.records import ActionRecord
from isle_nb.model.shell import GameShell


def person_move_depth(game: GameShell, humans: Collection[str] | None = None) -> int | None:
    """How far back the last move of a person (one of ``humans``; anyone when ``None``) is: 1 for the last action,
    2 for the one before...; ``None`` if no person has moved."""
    for depth, action in enumerate(reversed(game.actions), 1):
        if humans is None or action.player in humans:
            return depth
    return None


def undo_reason(game: GameShell, humans: Collection[str] | None = None) -> str:
    """Why Undo is off now, in words ("" when it is on); ``humans``: the seats whose moves Undo takes back."""
    if game.over:
        return "The game is over: start a rematch or a new game."
    depth = person_move_depth(game, humans)
    if depth is None:
        return "Nothing to undo yet."
    if game.undo_depth < depth:
        return "Undo is off: the last move revealed new cards, tiles or picks."
    return ""


def take_back(game: GameShell, bots: Collection[str]) -> ActionRecord | None:
    """Undo moves up to and including the last move of a person (not in ``bots``), and return that move; if only
    bots have moved, undo the last move and return it. :class:`UndoRefused` (nothing changed) when a reveal
    lies between."""
    if not game.actions:
        raise UndoRefused("there is nothing to undo")
    humans = {a.player for a in game.actions} - set(bots)
    depth = person_move_depth(game, humans) or 1
    if game.undo_depth < depth:
        raise UndoRefused(f"something was revealed since {game.actions[-depth].player}'s last move, so it cannot "
                          "be taken back")
    taken = None
    for _ in range(depth):
        taken = game.actions[-1]
        game.undo()
    return taken


def play_again(game: GameShell, bots: Collection[str]) -> None:
    """Redo up to and including the next move of a person, then the bot moves that followed it."""
    game.redo()
    while game.can_redo and game.actions and game.actions[-1].player in bots:
        game.redo()


class HistoryControls:
    """The Undo and Redo buttons and the line that says why Undo is off, for any game's app."""

    def __init__(self, guard: Callable[[Callable[[Any], None]], Callable[[Any], None]],
                 on_undo: Callable[[], None], on_redo: Callable[[], None]) -> None:
        small = widgets.Layout(width="78px")
        self.undo_button = widgets.Button(description="Undo", tooltip="Take back your last move", layout=small)
        self.undo_button.add_class("isle-undo")
        self.undo_button.on_click(guard(lambda _b: on_undo()))
        self.redo_button = widgets.Button(description="Redo", tooltip="Play again what you took back", layout=small)
        self.redo_button.add_class("isle-redo")
        self.redo_button.on_click(guard(lambda _b: on_redo()))
        self.note = widgets.HTML(layout=widgets.Layout(width="160px", height="34px", overflow="hidden"))
        self.note.add_class("isle-undo-note")
        self.buttons = widgets.HBox([self.undo_button, self.redo_button])

    def update(self, game: GameShell, humans: Collection[str], blocked: bool = False) -> None:
        """Show the buttons as the game allows now (gone once it is over; off while ``blocked``, e.g. covered)."""
        over = game.over
        self.buttons.layout.display = "none" if over else None
        reason = "" if over else undo_reason(game, humans)
        self.undo_button.disabled = bool(reason) or blocked or over
        self.redo_button.disabled = not game.can_redo or blocked or over
        self.note.value = (f'<div style="font-size:11px;color:#7a6a50;line-height:1.25;text-align:right">'
                           f"{html.escape(reason)}</div>")
        self.undo_button.tooltip = reason or "Take back your last move"


__all__ = ["HistoryControls", "person_move_depth", "play_again", "take_back", "undo_reason"]
