"""``BoatWidget``: a player's boat on an ipycanvas ``MultiCanvas``, and placing a tile on it by mouse or keyboard.

Two canvas layers, each redrawn only when it changes and always in one message: the printed boat (hull, rooms with
their numbers, walls, rats, treasure maps) and the placed tiles (outline, colour, colour-blind pattern and letter;
Oshax with their chosen colour, treasures marked with a ring if common, a star if rare). Everything is drawn from
:mod:`isle_nb.view.boat`, the same description the static PNG/SVG pictures use.

Placing: :meth:`BoatWidget.start_placing` takes the tile and the model's legal ``Place`` actions (each names its
orientation and anchor). The ghost is drawn in the browser (:class:`~isle_nb.widgets.ghost.GhostOverlay`, fed once
per tile), so hovering costs no kernel round trip: it shows the tile itself (colour and pattern) with a green
(legal) or dashed red (illegal) outline, and the line under the boat says what the spot would give, in the game's
words (:mod:`isle_nb.model.parts.placement_effects`). Rotate and Mirror buttons (R / F keys) turn it; Tab / arrow keys
step through the legal spots and Enter places, so placing works without a mouse. A click hands a ``Place`` to
``on_place``, which sends it to the model; a refusal is said in one line on that same fixed line (nothing moves).
The placing half lives in :mod:`isle_nb.widgets.boat_placing` (a mixin). The widget never judges a rule.
``click_cell``, ``rotate``, ``mirror`` and :meth:`show_suggestion` are what the browser and the buttons use, so tests
drive the widget from Python.
"""

from __future__ import annotations

import asyncio
import html
import sys
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any

import ipywidgets as widgets
from ipycanvas import MultiCanvas
from traitlets import Bool, Instance, Unicode

from isle_nb.model.parts.boat import ROOM_NAMES, Boat, PlacedTile
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.tiles import COLOUR_HEX, COLOURS, Tile
from isle_nb.model.parts.words import with_article
from isle_nb.view import ROOM_TINTS, boat_size, boat_static_items, boat_tile_items
from isle_nb.widgets.boat_placing import (
    SANDBOX_PLAYER,
    BoatPlacing,
    PlaceHandler,
    orientation_svg,
    rule_and_reason,
)
from isle_nb.widgets.canvas import paint, pin_size, redraw_batch
from isle_nb.widgets.closing import ClosesParts, replace_children
from isle_nb.widgets.ghost import INFO_HEIGHT, GhostOverlay
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.pointer import Placer
from isle_nb.widgets.slots import Batch

LAYERS = ("boat", "tiles")
GHOST_AFTER_PAINT = 0.03
"""Seconds the next tile's ghost (its pictures, legal spots and what each gives) waits after the boat was repainted in
a running kernel: the browser shows the placed tile first, before it unpacks the ghost (click-to-redraw latency)."""
HINT = "Point at your boat (or click it and press Tab) to see where the tile would lie and what it gives."
"""The info line under the boat before the pointer reaches it (one line at the boat's width: under 100 characters)."""
TOUCH_HINT = "Tap your boat to see the tile there; tap again (or Place) to place it."
"""The same line on a touch screen (two lines at a phone's width): placing by taps."""


def rooms_legend() -> str:
    """The room numbers drawn on the board with their names and tints (HTML), from the boat data."""
    items = "".join(
        f'<span style="white-space:nowrap;margin-right:10px"><span style="display:inline-block;min-width:15px;'
        f'text-align:center;background:{ROOM_TINTS[room]};border:1px solid #6b4f2a;border-radius:8px;'
        f'font-weight:bold;font-size:11px;margin-right:3px">{room}</span>{html.escape(name)}</span>'
        for room, name in ROOM_NAMES.items()
    )
    return f'<div class="isle-rooms-legend" style="font-size:11.5px;color:#444;line-height:1.6">{items}</div>'



def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the Jupyter kernel handling a message now; ``None`` outside a kernel (plain Python, tests,
    or another library's loop such as a browser driver's), where everything is drawn at once."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return loop if getattr(shell, "kernel", None) is not None else None


class BoatWidget(BoatPlacing, ClosesParts, widgets.VBox):
    """A boat drawn on a layered canvas, with placing by mouse or keyboard (ghost, rotate, mirror, click to place)."""

    boat = Instance(Boat, help="The boat shown.")
    show_rooms = Bool(True, help="Tint the rooms and show their numbers.")
    show_legal = Bool(True, help="Mark every spot where the tile being placed may go (current orientation).")
    colour = Unicode(None, allow_none=True, help="The colour chosen for an Oshax being placed (OSHAX-1).")
    def __init__(
        self,
        boat: Boat,
        cell: int = 26,
        scale: float = 2.0,
        messages: MessageArea | None = None,
        title: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.cell = cell
        self.scale = scale
        self.messages = messages if messages is not None else MessageArea()
        self.closes_with = ("_links",) if messages is not None else ("_links", "messages")
        """What closes with the boat besides what it shows: the toggles' links, its own message area."""
        self.width, self.height = boat_size(cell)
        self.placer: Placer | None = None
        self.player = SANDBOX_PLAYER
        self.on_place: PlaceHandler | None = None
        self._must_touch = True
        self._dirty: set[str] = set()
        self._ghost_version = 0
        self._added: tuple[PlacedTile, ...] = ()
        """Tiles placed since the last redraw, drawn over the tiles layer without repainting it."""
        self._holding = Batch(lambda: self._flush())
        self._suggestion_words = ""

        self.canvas = MultiCanvas(len(LAYERS))
        pin_size(self.canvas, self.width, self.height, scale)
        self.canvas.add_class("boat-canvas")
        guard = self.messages.guard
        self.canvas.on_client_ready(guard(self.redraw))
        self.ghost_view = GhostOverlay(width=self.width, height=self.height, scale=scale, cell=cell, hint=HINT,
                                       touch_hint=TOUCH_HINT)
        self.ghost_view.on_msg(guard(self._ghost_message))
        self.ghost_view.observe(guard(self._ghost_turned), names=["orientation"])
        self.stack = widgets.Box([self.canvas, self.ghost_view], layout=widgets.Layout(
            width=f"{self.width}px", height=f"{self.height + INFO_HEIGHT}px", flex="0 0 auto"))
        self.stack.add_class("isle-boat-stack")

        self.title = widgets.HTML(title)
        self.title.add_class("isle-boat-title")
        self.rotate_button = widgets.Button(description="Rotate (R)", icon="redo", tooltip="Turn the tile a quarter",
                                            layout=widgets.Layout(width="112px", flex="0 0 auto"))
        self.mirror_button = widgets.Button(description="Mirror (F)", icon="arrows-h", tooltip="Flip the tile over",
                                            layout=widgets.Layout(width="112px", flex="0 0 auto"))
        self.rotate_button.on_click(guard(lambda _b: self.rotate()))
        self.mirror_button.on_click(guard(lambda _b: self.mirror()))
        self.rooms_toggle = widgets.ToggleButton(True, layout=widgets.Layout(width="112px"))
        self.rooms_toggle.add_class("isle-rooms-toggle")
        self.legal_toggle = widgets.ToggleButton(True, layout=widgets.Layout(width="136px", visibility="hidden"))
        self.legal_toggle.add_class("isle-legal-toggle")
        self._links = (widgets.link((self.rooms_toggle, "value"), (self, "show_rooms")),
                       widgets.link((self.legal_toggle, "value"), (self, "show_legal")))
        self.preview = widgets.HTML("", layout=widgets.Layout(min_width="40px", flex="0 0 auto"))
        self.status = widgets.HTML("", layout=widgets.Layout(flex="1 1 auto", margin="0 0 0 6px"))
        self.status.add_class("isle-boat-status")
        self.placing_tools = widgets.HBox(
            [self.preview, self.rotate_button, self.mirror_button, self.status],
            layout=widgets.Layout(align_items="center", display="none", width=f"{self.width}px"),
        )
        self.colour_buttons = widgets.ToggleButtons(
            options=[(c.capitalize(), c) for c in COLOURS], value=None, description="Oshax colour:",
            style={"button_width": "78px", "description_width": "initial"},
        )
        self.colour_buttons.observe(guard(self._colour_button), names=["value"])
        self.colour_row = widgets.HBox([self.colour_buttons], layout=widgets.Layout(display="none"))
        self.offer = widgets.HBox([], layout=widgets.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.offer.add_class("isle-map-bonus")
        self.hover: Cell | None = None
        self.legend = widgets.HTML(rooms_legend(), layout=widgets.Layout(width=f"{self.width}px"))
        toggles = widgets.HBox([self.legal_toggle, self.rooms_toggle])
        toggles.add_class("isle-boat-toggles")
        header = widgets.HBox([self.title, toggles],
                              layout=widgets.Layout(justify_content="space-between", align_items="center",
                                                    width=f"{self.width}px"))
        self.children = [header, self.stack, self.placing_tools, self.colour_row, self.offer, self.legend]
        self.layout.width = f"{self.width + 4}px"
        self.add_class("isle-boat")

        self.observe(guard(self._on_boat), names=["boat"])
        self.observe(guard(self._on_rooms), names=["show_rooms"])
        self.observe(guard(self._on_legal), names=["show_legal"])
        self._show_toggles()
        with self.batch():
            self.boat = boat

    # -- public API -------------------------------------------------------------------------------------------
    def batch(self) -> AbstractContextManager[None]:
        """Collect changes; the layers that changed are redrawn together, in one message, at the end."""
        return self._holding()

    def offer_map_bonus(self, shapes: Sequence[str], on_choose: Callable[[str | None], None]) -> None:
        """Offer a common treasure for a covered treasure map under the boat (MAP-1): one button per shape, and
        "No thanks" (for apps without a prompt panel; the game app offers it in its prompt)."""
        guard = self.messages.guard
        children: list[widgets.Widget] = [widgets.HTML("<b>Treasure map!</b> Take a common treasure:&nbsp;")]
        for shape in shapes:
            tile = Tile.common(shape)
            button = widgets.Button(description=shape, tooltip=f"Take {with_article(str(tile))}",
                                    layout=widgets.Layout(width="64px"))
            button.add_class(f"isle-bonus-{shape}")
            button.on_click(guard(lambda _b, s=shape: on_choose(s)))
            children.append(widgets.HBox([widgets.HTML(orientation_svg(tile, tile.cells, 9)), button],
                                         layout=widgets.Layout(align_items="center", margin="0 8px 0 0")))
        decline = widgets.Button(description="No thanks", layout=widgets.Layout(width="100px"))
        decline.add_class("isle-bonus-decline")
        decline.on_click(guard(lambda _b: on_choose(None)))
        children.append(decline)
        replace_children(self.offer, children)
        self.offer.layout.display = "flex"

    def close_offer(self) -> None:
        """Remove the map-bonus offer."""
        if self.offer.layout.display != "none":
            replace_children(self.offer, ())
            self.offer.layout.display = "none"

    def mark_cells(self, cells: Iterable[Cell], label: str = "") -> None:
        """Outline these boat cells in gold (e.g. the treasures a card would pay), with ``label`` beside them;
        no cells removes the mark."""
        with self.ghost_view.hold_sync():
            self.ghost_view.marked = [list(c) for c in sorted(cells)]
            self.ghost_view.marked_label = label

    def redraw(self) -> None:
        """Redraw every layer (also when a browser view connects: Voila, page reload)."""
        self._dirty.update(LAYERS)
        self._flush()

    # -- drawing ----------------------------------------------------------------------------------------------
    def layer_items(self, layer: str) -> list[Any]:
        """The scene items of one canvas layer, as drawn now."""
        if layer == "boat":
            return boat_static_items(self.boat, self.cell, self.show_rooms)
        return self.tiles_items(self.boat.tiles)

    def tiles_items(self, tiles: Sequence[PlacedTile]) -> list[Any]:
        """The scene items of some placed tiles, as this widget draws them (a full repaint and a tile just placed
        are drawn alike)."""
        return boat_tile_items(tiles, self.cell)

    def _flush(self) -> None:
        if not self._dirty and not self._added:
            return
        dirty, self._dirty = self._dirty, set()
        added, self._added = self._added, ()
        if dirty & set(LAYERS) or added:
            with redraw_batch():
                for index, layer in enumerate(LAYERS):
                    if layer in dirty:
                        paint(self.canvas[index], self.layer_items(layer), self.width, self.height, self.scale)
                    elif layer == "tiles" and added:  # only new tiles: draw them over the others, no clearing
                        paint(self.canvas[index], self.tiles_items(added), self.width, self.height,
                              self.scale, clear=False)
        if "ghost" in dirty:  # after the canvas: the new tile shows first
            self._ghost_version += 1
            loop = kernel_loop()
            if loop is not None and (dirty & set(LAYERS) or added):
                loop.call_later(GHOST_AFTER_PAINT, self._load_ghost_if_current, self._ghost_version)
            else:
                self._load_ghost()
        if "status" in dirty:  # last: text never delays a picture
            self._show_placing_status()

    # -- observers and events ---------------------------------------------------------------------------------
    def _on_boat(self, change: dict[str, Any]) -> None:
        old: Boat | None = change["old"] if isinstance(change["old"], Boat) else None
        with self.batch():
            if old is None or old.layout_name != self.boat.layout_name:
                self._dirty.add("boat")
            if old is None or old.tiles != self.boat.tiles:
                new = self.boat.tiles
                if old is not None and len(new) > len(old.tiles) and new[:len(old.tiles)] == old.tiles \
                        and "tiles" not in self._dirty:
                    self._added = self._added + new[len(old.tiles):]  # a tile was placed: draw just that one
                else:
                    self._dirty.add("tiles")
                    self._added = ()
                if self.ghost_view.marked:
                    self.mark_cells([])  # the tiles under the mark may have gone

    def _on_rooms(self, change: dict[str, Any]) -> None:
        self._show_toggles()
        with self.batch():
            self._dirty.add("boat")

    def _on_legal(self, change: dict[str, Any]) -> None:
        self._show_toggles()
        self.ghost_view.show_legal = self.show_legal

    def _show_toggles(self) -> None:
        """The toggles say their state in words and colour (not only by looking pressed)."""
        rooms, legal = self.show_rooms, self.show_legal
        self.rooms_toggle.description = "Rooms: on" if rooms else "Rooms: off"
        self.rooms_toggle.icon = "check" if rooms else ""
        self.rooms_toggle.button_style = "info" if rooms else ""
        self.rooms_toggle.tooltip = "Hide the room tints and numbers" if rooms else "Show the rooms with their numbers"
        self.legend.layout.visibility = "visible" if rooms else "hidden"  # keeps its place: nothing moves
        self.legal_toggle.description = "Legal spots: on" if legal else "Legal spots: off"
        self.legal_toggle.icon = "check" if legal else ""
        self.legal_toggle.button_style = "success" if legal else ""
        self.legal_toggle.tooltip = "Mark every spot where the tile may go in this orientation"
        self.ghost_view.show_legal = legal

    def __repr__(self) -> str:
        placing = f", placing {self.placer.tile}" if self.placer is not None else ""
        return f"BoatWidget({self.boat!r}{placing})"


def colour_swatch(colour: str) -> str:
    """A small coloured square with the colour's name (HTML)."""
    return (
        f'<span style="display:inline-block;width:10px;height:10px;background:{COLOUR_HEX[colour]};'
        f'border:1px solid #333;margin-right:3px"></span>{colour}'
    )


__all__ = ["SANDBOX_PLAYER", "BoatWidget", "PlaceHandler", "colour_swatch", "orientation_svg", "rule_and_reason"]
