"""Undo and Redo in an app where people play with bots, shared by every game's app.

A person's Undo takes back their last move and every bot move made after it (the bots then wait, so that Redo can
still play the moves again); Redo plays again up to and including the next move of a person, then the bot moves
that followed it (:func:`isle_nb.model.core.seat.take_back`). Undo never crosses a reveal (the model refuses it): the
controls say why they are off.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.model.core.seat import Seat


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
        self.note = widgets.HTML(layout=widgets.Layout(max_width="420px", min_height="16px", margin="0"))
        self.note.add_class("isle-undo-note")
        self.buttons = widgets.HBox([self.undo_button, self.redo_button])

    def update(self, seat: Seat[Any, Any], blocked: bool = False) -> None:
        """Show the buttons as ``seat`` allows now (gone once the game is over; off while ``blocked``, e.g.
        covered)."""
        over = seat.over
        self.buttons.layout.display = "none" if over else None
        reason = "" if over else seat.undo_note
        self.undo_button.disabled = bool(reason) or blocked or over
        self.redo_button.disabled = not seat.can_redo or blocked or over
        self.note.value = (f'<div style="font-size:11px;color:#7a6a50;line-height:1.25;text-align:right">'
                           f"{html.escape(reason)}</div>")
        self.undo_button.tooltip = reason or "Take back your last move"


__all__ = ["HistoryControls"]
