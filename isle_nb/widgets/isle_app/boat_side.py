"""The app's left side: the viewer's boat (with placing), the sister's panel under it in the solo game, and the
latest events."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.model.isle.actions import Action, Place
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.widgets.boat import BoatWidget
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels import Context, SisterPanel
from isle_nb.widgets.slots import Slot
from isle_nb.widgets.words import bot_lines, latest_lines, line_html, player_text

EVENT_LINES = 3


def boat_of(view: PlayerView, player: str | None) -> Any:
    """A player's boat as the viewer sees it (boats are public), or ``None``."""
    assert view.me is not None, "the app shows a player's seat"
    if player == view.me.name:
        return view.me.boat
    return next((o.boat for o in view.others if o.name == player), None)


class BoatSide:
    """The left column (``box``): the boat, the sister's box (solo game) and the latest events. A new game gets a
    new boat (:meth:`start`); the old one closes."""

    def __init__(self, cell: int, messages: MessageArea) -> None:
        self.cell = cell
        self.messages = messages
        self.events = widgets.HTML()
        self.events.add_class("isle-events")
        self.box = widgets.VBox()
        self.box.add_class("isle-left")
        self.boat: BoatWidget = None  # type: ignore[assignment]  # made by start()
        self.sister_box: widgets.VBox | None = None
        self._placing_slot = Slot()
        self._sister_slot = Slot()

    def start(self, view: PlayerView) -> None:
        """A new game shown from ``view``: a new boat, and the sister's box if the game has her."""
        self._placing_slot, self._sister_slot = Slot(), Slot()
        assert view.me is not None, "the app shows a player's seat"
        self.boat = BoatWidget(view.me.boat, cell=self.cell, messages=self.messages)
        self.sister_box = None
        shown: list[widgets.Widget] = [self.boat]
        if view.sister is not None:  # the solo game: the sister, under the boat, all game long
            self.sister_box = widgets.VBox(layout=widgets.Layout(width=self.boat.layout.width))
            self.sister_box.add_class("isle-sister-box")
            shown.append(self.sister_box)
        shown.append(self.events)
        replace_children(self.box, shown)  # the last game's boat and sister box close
        self.box.layout.width = self.boat.layout.width

    def show_boat(self, ctx: Context, mine: bool, act: Callable[[Action], None]) -> None:
        """The viewer's boat, placing the tile the viewer must place now (``mine``: a person's seat)."""
        viewer, view = ctx.viewer, ctx.view
        top = view.pending[-1] if view.pending else None
        assert view.me is not None, "the app shows a player's seat"
        boat = view.me.boat
        with self.boat.batch():
            self.boat.title.value = f'<b style="font-size:14px">Your boat</b> ({html.escape(viewer)})'
            self.boat.boat = boat
            if mine and top is not None and top.kind == "place" and top.player == viewer and top.tile is not None:
                if self._placing_slot.changed((viewer, top, len(view.pending), boat)):
                    self.boat.start_placing(top.tile, ctx.of(Place), on_place=act, player=viewer,
                                            ask_colour=False)  # the prompt asks (PlacePanel)
            else:
                self.boat.stop_placing()
                self._placing_slot.forget()

    def show_sister(self, ctx: Context) -> None:
        """The sister's panel (solo game only)."""
        if self.sister_box is None:
            return
        if self._sister_slot.changed(SisterPanel.key(ctx)):
            replace_children(self.sister_box, (SisterPanel(ctx),))

    @property
    def sister_panel(self) -> SisterPanel | None:
        """The sister's panel (solo game), else ``None``."""
        if self.sister_box is None or not self.sister_box.children:
            return None
        return self.sister_box.children[0]

    def show_events(self, ctx: Context) -> None:
        """The last lines of the log this player may read."""
        view = ctx.view
        items = []
        for entry, stand_in in latest_lines(view.log, EVENT_LINES, bot_lines(ctx.seat)):
            words, rules = player_text(entry.text, entry.player, ctx.viewer, boat_of(view, entry.player), stand_in)
            items.append(f'<div class="isle-event">{line_html(words, rules)}</div>')
        self.events.value = (f'<div style="font-size:12px;color:#555;background:#faf8f3;border-radius:6px;'
                             f'padding:2px 8px 4px 8px;line-height:1.35;margin-top:4px;min-height:70px;'
                             f'box-sizing:border-box">'
                             f'<b>Latest:</b>{"".join(items)}</div>')


__all__ = ["EVENT_LINES", "BoatSide", "boat_of"]
