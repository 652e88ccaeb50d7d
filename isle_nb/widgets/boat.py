"""``BoatWidget``: a player's boat on an ipycanvas ``MultiCanvas``, and placing a tile on it with the mouse.

Three layers, each redrawn only when it changes and always in one message: the printed boat (hull, rooms, walls,
rats, treasure maps, room icons), the placed tiles (outline, colour, colour-blind pattern and letter; Oshax with
their chosen colour, treasures marked C / R), and an overlay (every legal spot, when asked for). Everything is
drawn from :mod:`isle_nb.view.boat`, the same description the static PNG/SVG pictures use.

Placing: :meth:`BoatWidget.start_placing` takes the tile and the model's legal placements. The ghost follows the
mouse, tinted legal / illegal; Rotate and Mirror buttons (R / F keys over the boat) turn it; a click hands the
cells to ``on_place``, which sends the model a ``Place`` action. The widget never judges a rule: the ghost is legal
exactly when its cells are one of the model's placements, and a refused click shows the model's reason.

By default the ghost is drawn in the browser (:class:`~isle_nb.widgets.ghost.GhostOverlay`, fed once per tile),
so hovering costs no kernel round trip; ``browser_ghost=False`` draws it on the ipycanvas overlay layer instead.
``hover_cell``, ``click_cell``, ``rotate`` and ``mirror`` are the methods the mouse and the buttons use, so tests
drive the widget from Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets
from ipycanvas import MultiCanvas
from traitlets import Bool, Instance, Unicode

from isle_nb.draw import Scene, to_svg
from isle_nb.model.boat import Boat
from isle_nb.model.geometry import Cell
from isle_nb.model.tiles import COLOUR_HEX, COLOURS, Tile
from isle_nb.view import (
    boat_size,
    boat_static_items,
    boat_tile_items,
    cell_at,
    ghost_items,
    highlight_items,
    tile_fill,
    tile_items,
)
from isle_nb.widgets.canvas import paint, pin_size, redraw_batch
from isle_nb.widgets.ghost import GhostOverlay
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.pointer import Placer

LAYERS = ("boat", "tiles", "overlay")
PlaceHandler = Callable[[tuple[Cell, ...], str | None], None]


def orientation_svg(tile: Tile, cells: Sequence[Cell], size: int = 11) -> str:
    """A small picture of a tile in one orientation (for the placing toolbar)."""
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    scene = Scene(w * size + 4, h * size + 4, {"tile": tuple(tile_items(tile, cells, size, (2, 2)))})
    return to_svg(scene)


class BoatWidget(widgets.VBox):
    """A boat drawn on a layered canvas, with placing by mouse (ghost, rotate, mirror, click to place)."""

    boat = Instance(Boat, help="The boat shown.")
    show_rooms = Bool(True, help="Tint the rooms and show their icons.")
    show_legal = Bool(False, help="Highlight every spot where the tile being placed may go (current orientation).")
    colour = Unicode(None, allow_none=True, help="The colour chosen for an Oshax being placed (OSHAX-1).")

    def __init__(
        self,
        boat: Boat,
        cell: int = 26,
        scale: float = 2.0,
        messages: MessageArea | None = None,
        title: str = "",
        browser_ghost: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.browser_ghost = browser_ghost
        self.cell = cell
        self.scale = scale
        self.messages = messages if messages is not None else MessageArea()
        self.width, self.height = boat_size(cell)
        self.placer: Placer | None = None
        self.hover: Cell | None = None
        self.on_place: PlaceHandler | None = None
        self._dirty: set[str] = set()
        self._holding = 0
        self._drawn_tiles: object = None
        self._drawn_static: object = None

        self.canvas = MultiCanvas(len(LAYERS))
        pin_size(self.canvas, self.width, self.height, scale)
        self.canvas.add_class("boat-canvas")
        guard = self.messages.guard
        self.canvas.on_mouse_move(guard(self._mouse_move))
        self.canvas.on_mouse_down(guard(self._mouse_down))
        self.canvas.on_mouse_out(guard(self._mouse_out))
        self.canvas.on_key_down(guard(self._key_down))
        self.canvas.on_client_ready(guard(self.redraw))
        self.ghost_view: GhostOverlay | None = None
        layers: list[widgets.Widget] = [self.canvas]
        if browser_ghost:
            self.ghost_view = GhostOverlay(width=self.width, height=self.height, scale=scale, cell=cell)
            self.ghost_view.on_msg(guard(self._ghost_message))
            self.ghost_view.observe(guard(self._ghost_turned), names=["orientation"])
            layers.append(self.ghost_view)
        self.stack = widgets.Box(layers, layout=widgets.Layout(width=f"{self.width}px", height=f"{self.height}px"))
        self.stack.add_class("isle-boat-stack")

        self.title = widgets.HTML(title)
        self.title.add_class("isle-boat-title")
        self.rotate_button = widgets.Button(description="Rotate (R)", icon="redo", layout=widgets.Layout(width="110px"))
        self.mirror_button = widgets.Button(description="Mirror (F)", icon="arrows-h",
                                            layout=widgets.Layout(width="110px"))
        self.rotate_button.on_click(guard(lambda _b: self.rotate()))
        self.mirror_button.on_click(guard(lambda _b: self.mirror()))
        self.rooms_toggle = widgets.ToggleButton(True, description="Rooms", tooltip="Show the rooms",
                                                 layout=widgets.Layout(width="80px"))
        self.legal_toggle = widgets.ToggleButton(False, description="Legal spots", tooltip="Highlight every legal spot",
                                                 layout=widgets.Layout(width="105px"))
        widgets.link((self.rooms_toggle, "value"), (self, "show_rooms"))
        widgets.link((self.legal_toggle, "value"), (self, "show_legal"))
        self.preview = widgets.HTML("", layout=widgets.Layout(min_width="40px"))
        self.colour_buttons = widgets.ToggleButtons(
            options=[(c.capitalize(), c) for c in COLOURS], value=None, description="Oshax colour:",
            style={"button_width": "62px", "description_width": "initial"},
        )
        self.colour_buttons.observe(guard(self._colour_picked), names=["value"])
        self.placing_tools = widgets.HBox(
            [self.preview, self.rotate_button, self.mirror_button, self.legal_toggle],
            layout=widgets.Layout(align_items="center", display="none"),
        )
        self.colour_row = widgets.HBox([self.colour_buttons], layout=widgets.Layout(display="none"))
        self.status = widgets.HTML("")
        self.status.add_class("isle-boat-status")
        self.offer = widgets.HBox([], layout=widgets.Layout(display="none", flex_flow="row wrap", align_items="center"))
        self.offer.add_class("isle-map-bonus")
        header = widgets.HBox([self.title, self.rooms_toggle],
                              layout=widgets.Layout(justify_content="space-between", align_items="center",
                                                    width=f"{self.width}px"))
        self.children = [header, self.stack, self.placing_tools, self.colour_row, self.status, self.offer]
        self.layout.width = f"{self.width + 4}px"
        self.add_class("isle-boat")

        self.observe(guard(self._on_boat), names=["boat"])
        self.observe(guard(self._on_rooms), names=["show_rooms"])
        self.observe(guard(self._on_overlay), names=["show_legal", "colour"])
        with self.batch():
            self.boat = boat

    # -- public API -------------------------------------------------------------------------------------------
    @contextmanager
    def batch(self) -> Iterator[None]:
        """Collect changes; the layers that changed are redrawn together, in one message, at the end."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if not self._holding:
                self._flush()

    def start_placing(
        self,
        tile: Tile,
        legal: Iterable[Iterable[Cell]] | None = None,
        on_place: PlaceHandler | None = None,
        must_touch: bool = True,
    ) -> None:
        """Place ``tile`` by mouse. ``legal`` lists the model's legal placements (cell sets); when it is None the
        boat's own ``legal_placements`` are used. ``on_place(cells, colour)`` gets the clicked placement (without
        it the tile is placed on this widget's boat only, a sandbox)."""
        if legal is None:
            legal = [p.cells for p in self.boat.legal_placements(tile, must_touch)]
        self._must_touch = must_touch
        with self.batch():
            self.placer = Placer.from_cell_sets(tile, legal)
            self.on_place = on_place
            with self.colour_buttons.hold_trait_notifications():
                self.colour_buttons.value = None
            self.colour = None
            self._dirty.add("ghost")
            self.placing_tools.layout.display = "flex"
            self.colour_row.layout.display = "flex" if tile.kind == "oshax" else "none"
            self._dirty.update(("overlay", "status"))

    def stop_placing(self) -> None:
        """Leave placing mode (the ghost disappears)."""
        if self.placer is None:
            return
        with self.batch():
            self.placer = None
            self.on_place = None
            self._dirty.add("ghost")
            self.placing_tools.layout.display = "none"
            self.colour_row.layout.display = "none"
            self.status.value = ""
            self._dirty.add("overlay")

    @property
    def placing(self) -> Tile | None:
        """The tile being placed, if any."""
        return None if self.placer is None else self.placer.tile

    def rotate(self) -> None:
        """Turn the tile being placed a quarter clockwise."""
        if self.placer is None:
            return
        with self.batch():
            self.placer.rotate()
            self._sync_orientation()
            self._dirty.update(("overlay", "status"))

    def mirror(self) -> None:
        """Flip the tile being placed left-right."""
        if self.placer is None:
            return
        with self.batch():
            self.placer.mirror()
            self._sync_orientation()
            self._dirty.update(("overlay", "status"))

    def hover_cell(self, x: int, y: int) -> None:
        """The mouse is over cell (x, y): move the ghost there."""
        if (x, y) == self.hover:
            return
        self.hover = (x, y)
        if self.placer is not None:
            with self.batch():
                self._dirty.add("status")
                if self.ghost_view is None:
                    self._dirty.add("overlay")

    def leave(self) -> None:
        """The mouse left the boat: hide the ghost."""
        if self.hover is None:
            return
        self.hover = None
        if self.placer is not None and self.ghost_view is None:
            with self.batch():
                self._dirty.add("overlay")

    def click_cell(self, x: int, y: int) -> None:
        """A click on cell (x, y): place the tile with its handle there (the model judges the placement)."""
        self.hover_cell(x, y)
        if self.placer is None:
            return
        cells = tuple(sorted(self.placer.ghost((x, y))))
        colour = self.colour if self.placer.tile.kind == "oshax" else None
        if self.on_place is not None:
            self.on_place(cells, colour)
            return
        tile = self.placer.tile.with_colour(colour) if colour else self.placer.tile
        new = self.boat.place(tile, cells, must_touch=self._must_touch)  # sandbox: the boat judges
        with self.batch():
            self.stop_placing()
            self.boat = new

    def ghost(self) -> tuple[frozenset[Cell], bool] | None:
        """The ghost's cells and whether they are a legal placement (``None`` when there is no ghost)."""
        if self.placer is None or self.hover is None:
            return None
        cells = self.placer.ghost(self.hover)
        return cells, self.placer.is_legal(cells)

    def offer_map_bonus(self, shapes: Sequence[str], on_choose: Callable[[str | None], None]) -> None:
        """Offer a common treasure for a covered treasure map (MAP-1): one button per shape, and "No thanks"."""
        guard = self.messages.guard
        children: list[widgets.Widget] = [widgets.HTML("<b>Treasure map!</b> Take a common treasure:&nbsp;")]
        for shape in shapes:
            tile = Tile.common(shape)
            button = widgets.Button(description=shape, tooltip=f"Take a {shape} common treasure",
                                    layout=widgets.Layout(width="64px"))
            button.add_class(f"isle-bonus-{shape}")
            button.on_click(guard(lambda _b, s=shape: on_choose(s)))
            children.append(widgets.HBox([widgets.HTML(orientation_svg(tile, tile.cells, 9)), button],
                                         layout=widgets.Layout(align_items="center", margin="0 8px 0 0")))
        decline = widgets.Button(description="No thanks", layout=widgets.Layout(width="100px"))
        decline.add_class("isle-bonus-decline")
        decline.on_click(guard(lambda _b: on_choose(None)))
        children.append(decline)
        self.offer.children = children
        self.offer.layout.display = "flex"

    def close_offer(self) -> None:
        """Remove the map-bonus offer."""
        if self.offer.layout.display != "none":
            self.offer.children = []
            self.offer.layout.display = "none"

    def redraw(self) -> None:
        """Redraw every layer (also when a browser view connects: Voila, page reload)."""
        self._dirty.update(LAYERS)
        self._drawn_static = self._drawn_tiles = None
        self._flush()

    # -- drawing ----------------------------------------------------------------------------------------------
    def layer_items(self, layer: str) -> list[Any]:
        """The scene items of one layer, as drawn now."""
        if layer == "boat":
            return boat_static_items(self.boat, self.cell, self.show_rooms)
        if layer == "tiles":
            return boat_tile_items(self.boat.tiles, self.cell)
        items: list[Any] = []
        if self.placer is None:
            return items
        if self.show_legal:
            items.extend(highlight_items(self.placer.current_targets, self.cell))
        ghost = self.ghost()
        if ghost is not None and self.ghost_view is None:  # else the browser draws the ghost
            cells, legal = ghost
            items.extend(ghost_items(sorted(cells), legal, self.cell))
        return items

    def _flush(self) -> None:
        if not self._dirty:
            return
        dirty, self._dirty = self._dirty, set()
        if dirty & set(LAYERS):
            with redraw_batch():
                for index, layer in enumerate(LAYERS):
                    if layer in dirty:
                        paint(self.canvas[index], self.layer_items(layer), self.width, self.height, self.scale)
        if "ghost" in dirty and self.ghost_view is not None:  # after the canvas: the new tile shows first
            if self.placer is None:
                self.ghost_view.clear()
            else:
                self.ghost_view.load(self.placer)
                self._sync_fill()
        if "status" in dirty:  # last: text never delays a picture
            self._show_placing_status()

    # -- observers and events ---------------------------------------------------------------------------------
    def _on_boat(self, change: dict[str, Any]) -> None:
        old: Boat | None = change["old"] if isinstance(change["old"], Boat) else None
        with self.batch():
            if old is None or old.layout_name != self.boat.layout_name:
                self._dirty.add("boat")
            if old is None or old.tiles != self.boat.tiles:
                self._dirty.add("tiles")

    def _on_rooms(self, change: dict[str, Any]) -> None:
        with self.batch():
            self._dirty.add("boat")

    def _on_overlay(self, change: dict[str, Any]) -> None:
        if self.placer is not None:
            with self.batch():
                self._dirty.update(("overlay", "status"))

    def _sync_orientation(self) -> None:
        if self.ghost_view is not None and self.placer is not None:
            self.ghost_view.orientation = self.placer.orientation

    def _ghost_message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """A click reported by the browser ghost: its cell and the orientation it showed."""
        if content.get("event") != "click" or self.placer is None:
            return
        orientation = content.get("orientation")
        if isinstance(orientation, int) and 0 <= orientation < len(self.placer.orientations):
            self.placer.orientation = orientation
        try:
            self.click_cell(int(content["x"]), int(content["y"]))
        finally:
            if self.ghost_view is not None:
                self.ghost_view.answered()

    def _ghost_turned(self, change: dict[str, Any]) -> None:
        """R / F pressed in the browser."""
        placer = self.placer
        if placer is None or change["new"] == placer.orientation:
            return
        if 0 <= change["new"] < len(placer.orientations):
            with self.batch():
                placer.orientation = change["new"]
                self._dirty.update(("overlay", "status"))

    def _colour_picked(self, change: dict[str, Any]) -> None:
        self.colour = change["new"]
        self._sync_fill()

    def _sync_fill(self) -> None:
        """The colour the browser paints a legal click with ('' while an Oshax has no colour yet)."""
        if self.ghost_view is None or self.placer is None:
            return
        tile = self.placer.tile
        if tile.kind == "oshax":
            self.ghost_view.fill = COLOUR_HEX[self.colour] if self.colour else ""
        else:
            self.ghost_view.fill = tile_fill(tile)

    def _cell_at(self, px: float, py: float) -> Cell | None:
        return cell_at(px / self.scale, py / self.scale, self.cell)

    def _mouse_move(self, px: float, py: float) -> None:
        cell = self._cell_at(px, py)
        if cell is None:
            self.leave()
        else:
            self.hover_cell(*cell)

    def _mouse_down(self, px: float, py: float) -> None:
        cell = self._cell_at(px, py)
        if cell is not None:
            self.click_cell(*cell)

    def _mouse_out(self, px: float, py: float) -> None:
        self.leave()

    def _key_down(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        if key in ("r", "R"):
            self.rotate()
        elif key in ("f", "F"):
            self.mirror()

    def _show_placing_status(self) -> None:
        placer = self.placer
        if placer is None:
            return
        tile = placer.tile.with_colour(self.colour) if placer.tile.kind == "oshax" and self.colour else placer.tile
        self.preview.value = orientation_svg(tile, placer.cells)
        turn = f"orientation {placer.orientation + 1} of {len(placer.orientations)}"
        if not placer.current_targets:
            hint = '<span style="color:#a11a1a">no legal spot in this orientation: rotate or mirror</span>'
        elif self.ghost_view is not None:
            hint = "the ghost is <b>green</b> where the tile may go: click to place"
        else:
            ghost = self.ghost()
            if ghost is None:
                hint = "move the mouse over the boat, click to place"
            elif ghost[1]:
                hint = '<span style="color:#1a7f37"><b>legal here</b>: click to place</span>'
            else:
                hint = '<span style="color:#a11a1a">not legal here</span>'
        colour_hint = ""
        if placer.tile.kind == "oshax" and self.colour is None:
            colour_hint = ' &middot; <span style="color:#a11a1a">choose the Oshax colour</span>'
        self.status.value = (
            f'<span style="font-size:12.5px">Placing <b>{tile}</b> &middot; {turn} &middot; {hint}{colour_hint}</span>'
        )

    def __repr__(self) -> str:
        placing = f", placing {self.placer.tile}" if self.placer is not None else ""
        return f"BoatWidget({self.boat!r}{placing})"


def colour_swatch(colour: str) -> str:
    """A small coloured square with the colour's name (HTML)."""
    return (
        f'<span style="display:inline-block;width:10px;height:10px;background:{COLOUR_HEX[colour]};'
        f'border:1px solid #333;margin-right:3px"></span>{colour}'
    )


__all__ = ["BoatWidget", "colour_swatch", "orientation_svg"]
