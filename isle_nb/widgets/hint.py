"""The app's Hint button: asks the model for the strong bot's suggestion and shows it without playing it.

:class:`HintBox` holds the button (the app puts it in its header) and the area where the suggestion and its reasons
are read (under the message line). A click asks the seat shown for its hint
(:meth:`~isle_nb.model.core.seat.LocalSeat.hint`: from the player's view only) and highlights what it suggests: the
cards
in the phase panel (draft, buy, rescue cards, family lessons), the cat on the island (rescue, take a cat), the Pass
button, or a ghost of the tile at the suggested spot on the boat with the best other spots listed. Nothing is
applied: the player still decides. A change of the game clears the hint.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import Any, Protocol

import ipywidgets as widgets

from isle_nb.model.isle.actions import Action, Pass, Place, Rescue, TakeCat
from isle_nb.model.isle.hints import Hint
from isle_nb.widgets.cards import CardPicker

HINT_CLASS = "isle-hint"
"""CSS class of every control the hint highlights (the browser tests find them by it)."""
HINT_COLOUR = "#ffe08a"


def _walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _cards_of(action: Action) -> tuple[int, ...]:
    cards = getattr(action, "cards", None)
    if cards is not None:
        return tuple(cards)
    single = getattr(action, "card", None)
    return (single,) if isinstance(single, int) and single else ()


class HintHost(Protocol):
    """What the hint reads of the app it serves (:class:`~isle_nb.widgets.app.GameApp`): who is shown, their seat,
    whether the cover is up, the bots, and the boat, island and decision panel it highlights in."""

    viewer: str | None
    covered: bool
    bots: Any
    messages: Any
    seat: Any
    boat: Any
    island: Any
    panel: Any


class HintBox(widgets.VBox):
    """The Hint button and the suggestion it shows (see the module docstring)."""

    def __init__(self, app: HintHost, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.app = app
        self.hint: Hint | None = None
        self._asked: Any = None
        """The seat and its version when the hint was asked for."""
        self._marked: list[tuple[widgets.Button, str | None]] = []
        self.button = widgets.Button(description="Hint", icon="lightbulb-o", layout=widgets.Layout(width="90px"),
                                     tooltip="What would a strong player do here, and why? (nothing is played)")
        self.button.add_class("isle-hint-button")
        self.button.on_click(app.messages.guard(lambda _b: self.show()))
        self.reason = widgets.HTML()
        self.reason.add_class("isle-hint-reason")
        self.add_class("isle-hint-box")
        self.children = (self.reason,)

    def update_button(self) -> None:
        """Enable the button only when the player shown has something to decide; hide it after the game."""
        app = self.app
        viewer = app.viewer
        seat = app.seat
        self.button.disabled = bool(
            app.covered or viewer is None or viewer in app.bots or seat.over or viewer not in seat.awaiting
        )
        offered = getattr(seat, "hints", False) and not seat.over  # like Undo: gone once the game is over
        self.button.layout.display = None if offered else "none"

    def show(self) -> Hint | None:
        """Ask for the hint of the player shown and show it (highlights and reasons); returns it."""
        app = self.app
        viewer = app.viewer
        self.clear()
        if viewer is None or viewer in app.bots or app.covered:
            return None
        seat = app.seat
        found = seat.hint()
        if found is None:
            self.reason.value = '<div class="isle-hint-text">Nothing to decide right now.</div>'
            return None
        self.hint = found
        self._asked = (seat, seat.version)
        self._highlight(found.action)
        reasons = "".join(f"<li>{html.escape(r)}</li>" for r in found.reasons)
        spots = ""
        if len(found.placements) > 1:
            rows = "".join(
                f"<li>{'<b>shown</b>: ' if i == 0 else ''}{o.score_change:+d} points now &middot; "
                f"{html.escape(o.words)}</li>"
                for i, o in enumerate(found.placements)
            )
            spots = f'<div style="margin-top:4px"><b>Best places for this tile</b><ol>{rows}</ol></div>'
        self.reason.value = (
            f'<div class="isle-hint-text" style="background:#fff6d6;border:1px solid #e0c060;border-radius:6px;'
            f'padding:4px 10px;margin:4px 0;font-size:13px"><b>Hint:</b> {html.escape(found.summary)}'
            f'<ul style="margin:2px 0 2px 18px;padding:0">{reasons}</ul>{spots}</div>'
        )
        return found

    def clear(self) -> None:
        """Remove the hint: the reasons, the highlights and the suggested ghost."""
        for button, colour in self._marked:
            button.remove_class(HINT_CLASS)
            button.style.button_color = colour
        self._marked = []
        if self.hint is not None and isinstance(self.hint.action, Place):
            self.app.boat.show_suggestion(None)
        self.hint = None
        self.reason.value = ""

    def forget_if_stale(self) -> None:
        """Clear the hint once the game has moved on from the moment it was asked for."""
        seat = self.app.seat
        if self.hint is not None and self._asked != (seat, seat.version):
            self.clear()

    @property
    def highlighted(self) -> list[widgets.Button]:
        """The controls the hint highlights now."""
        return [button for button, _ in self._marked]

    def _mark(self, button: widgets.Button) -> None:
        self._marked.append((button, button.style.button_color))
        button.add_class(HINT_CLASS)
        button.style.button_color = HINT_COLOUR

    def _highlight(self, action: Action) -> None:
        app = self.app
        if isinstance(action, Place):
            app.boat.show_suggestion(action)
            return
        if isinstance(action, (Rescue, TakeCat)):
            button = app.island.buttons().get(action.tile)
            if button is not None:
                self._mark(button)
            return
        panel = app.panel
        if panel is None:
            return
        if isinstance(action, Pass):
            for widget in _walk(panel):
                if isinstance(widget, widgets.Button) and widget.description.startswith("Pass"):
                    self._mark(widget)
            return
        cards = _cards_of(action)
        for widget in _walk(panel):
            if isinstance(widget, CardPicker):
                for card_id in cards:
                    if card_id in widget.buttons:
                        self._mark(widget.buttons[card_id])


__all__ = ["HINT_CLASS", "HintBox"]
