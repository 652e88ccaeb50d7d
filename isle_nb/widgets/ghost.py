"""``GhostOverlay``: the tile being placed, drawn in the browser (anywidget) over the boat canvas, with a line that
says what the spot under the mouse would give.

Following the mouse through the kernel costs a round trip per cell, which is laggy on a busy machine or a remote
kernel. So Python sends, once per tile, everything the browser needs and the browser only draws and reports
intents:

* the pictures: for each orientation the tile's own scene items (colour, pattern, letter) and its outline, drawn
  by :mod:`isle_nb.view` relative to the handle cell, and the legal-spot marker; the grid's cell edges. The
  browser translates and paints them; it has no copy of the boat geometry (no ``cell_at`` or ``outline``);
* the legal spots of each orientation (from the model's legal ``Place`` actions, see
  :class:`~isle_nb.widgets.pointer.Placer`) and, for each, what it would give in the game's words
  (:func:`~isle_nb.model.parts.placement_effects.describe_placement`).

The browser moves the ghost, turns it (R / F), steps through the legal spots with the keyboard (Tab / arrows, Enter
places) and sends only a click: ``{event: "click", x, y, orientation}``. Python asks the model, which places the
tile or refuses; a refusal comes back as :attr:`GhostOverlay.notice`, shown on the same fixed line (nothing moves).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import anywidget
from traitlets import Bool, Dict, Float, Int, List, Unicode

from isle_nb.draw import Circle, Item, Line, Polygon, Polyline, Rect, Text
from isle_nb.model.parts.geometry import HEIGHT, WIDTH
from isle_nb.view.grid import cell_origin, outline
from isle_nb.view.tiles import tile_items

INFO_HEIGHT = 40
"""Height in CSS pixels of the lines under the boat that say what the spot would give (two: a long sentence wraps
and its rule tag shows)."""

TOUCH_INFO_HEIGHT = 48
"""The same lines' height on a touch screen, where the Place button beside them is tapped (44 px at least)."""

LEGAL_OUTLINE = "#0b6e2e"
ILLEGAL_OUTLINE = "#cf222e"
SUGGESTION_OUTLINE = "#1f5fbf"
MARKER_FILL = "#0b6e2e"

CSS = f"""
.isle-boat-stack {{ position: relative; max-width: 100%; height: auto !important; padding-bottom: {INFO_HEIGHT}px; }}
.isle-boat-stack > canvas.boat-canvas {{ max-width: 100%; min-width: 0 !important; height: auto !important; }}
.isle-boat-stack > .isle-ghost {{ position: absolute; left: 0; top: 0; width: 100%; margin: 0; padding: 0; }}
.isle-ghost-canvas {{ display: block; cursor: crosshair; outline: none; border-radius: 4px; max-width: 100%;
  height: auto; touch-action: manipulation; }}
.isle-ghost-canvas:focus-visible {{ box-shadow: 0 0 0 3px #1f5fbf; }}
.isle-ghost-row {{ display: flex; align-items: stretch; }}
.isle-ghost-place {{ flex: 0 0 auto; width: 76px; height: {INFO_HEIGHT}px; margin: 0 0 0 4px; }}
.isle-ghost-info {{ flex: 1 1 auto; min-width: 0; height: {INFO_HEIGHT}px; line-height: 18px; font-size: 13px;
  white-space: normal; overflow: hidden; padding: 2px 6px; box-sizing: border-box; color: #333; }}
.isle-ghost-info.legal {{ color: #0b5a26; background: #e6f4ea; }}
.isle-ghost-info.illegal {{ color: #8a1a1a; background: #fdf0f0; }}
.isle-ghost-info.refused {{ color: #8a1a1a; background: #fde0e0; font-weight: bold; }}
@media (pointer: coarse) {{
  .isle-boat-stack {{ padding-bottom: {TOUCH_INFO_HEIGHT}px; }}
  .isle-ghost-info, .isle-ghost-place {{ height: {TOUCH_INFO_HEIGHT}px; }}
}}
.isle-ghost-rule {{ font-size: 11px; color: #555; border: 1px solid #bbb; border-radius: 3px; padding: 0 3px;
  margin-left: 6px; font-weight: normal; }}
"""


def item_json(item: Item, dx: float = 0.0, dy: float = 0.0) -> dict[str, Any]:
    """A scene item as plain data for the browser, moved by (dx, dy)."""
    if isinstance(item, Rect):
        return {"t": "rect", "x": item.x + dx, "y": item.y + dy, "w": item.w, "h": item.h, "fill": item.fill,
                "stroke": item.stroke, "width": item.width}
    if isinstance(item, Line):
        return {"t": "line", "x1": item.x1 + dx, "y1": item.y1 + dy, "x2": item.x2 + dx, "y2": item.y2 + dy,
                "stroke": item.stroke, "width": item.width}
    if isinstance(item, Circle):
        return {"t": "circle", "x": item.x + dx, "y": item.y + dy, "r": item.r, "fill": item.fill,
                "stroke": item.stroke}
    if isinstance(item, Text):
        return {"t": "text", "x": item.x + dx, "y": item.y + dy, "text": item.text, "fill": item.fill,
                "size": item.size, "bold": item.bold}
    if isinstance(item, (Polygon, Polyline)):
        points = [[x + dx, y + dy] for x, y in item.points]
        if isinstance(item, Polygon):
            return {"t": "polygon", "points": points, "fill": item.fill, "stroke": item.stroke}
        return {"t": "polyline", "points": points, "stroke": item.stroke, "width": item.width}
    raise TypeError(f"unknown scene item {item!r}")


def items_json(items: Iterable[Item], dx: float = 0.0, dy: float = 0.0) -> list[dict[str, Any]]:
    """Scene items as plain data, moved by (dx, dy)."""
    return [item_json(item, dx, dy) for item in items]


def synced_list(help_text: str) -> List[Any]:
    """A list trait the browser shares with Python, empty at first, with its ``help``."""
    return List(help=help_text).tag(sync=True)


class GhostOverlay(anywidget.AnyWidget):
    """A transparent canvas over the boat that draws the placing ghost in the browser, and the spot's info line."""

    _esm = Path(__file__).with_name("ghost.js").read_text(encoding="utf-8")
    """The script as text: given as a file, anywidget ties every instance to the file's change signal for good,
    so a closed one (and the app it served, with its game) would never be freed (issue #32 §2)."""
    _css = CSS

    width = Int(600, help="CSS width in pixels (the boat canvas's).").tag(sync=True)
    height = Int(270, help="CSS height in pixels of the boat canvas (the info line comes below).").tag(sync=True)
    scale = Float(2.0, help="Canvas pixels per CSS pixel (HiDPI).").tag(sync=True)
    cell = Int(26, help="Cell size in CSS pixels.").tag(sync=True)
    columns: List[Any] = synced_list("Left edge of each grid column, then the right edge of the last (from "
                                      "isle_nb.view.grid).")
    rows: List[Any] = synced_list("Top edge of each grid row, then the bottom edge of the last.")
    active = Bool(False, help="True while a tile is being placed.").tag(sync=True)
    pictures: List[Any] = synced_list("For each orientation: the tile's scene items and its outline segments, "
                                      "relative to the top-left corner of the handle cell.")
    marker: List[Any] = synced_list("Scene items of a legal-spot marker, relative to a cell's top-left corner.")
    targets: List[Any] = synced_list("For each orientation, the handle cells [x, y] of the legal spots (top row "
                                     "first).")
    infos: List[str] = synced_list("What the spots would give, in words (each text once).")
    target_infos: List[Any] = synced_list("For each orientation, the index in infos of each legal spot's text.")
    rotate_map: List[int] = synced_list("Orientation index after a quarter turn, by orientation.")
    mirror_map: List[int] = synced_list("Orientation index after a left-right flip, by orientation.")
    orientation = Int(0, help="The current orientation (the browser changes it with R / F).").tag(sync=True)
    show_legal = Bool(False, help="Mark every legal spot of the current orientation.").tag(sync=True)
    ready = Bool(True, help="False while a click cannot place yet (an Oshax without its colour).").tag(sync=True)
    hint = Unicode("", help="The info line while the mouse is not on a spot.").tag(sync=True)
    touch_hint = Unicode("", help="The info line on a touch screen before a tap on the boat.").tag(sync=True)
    notice = Unicode("", help="Why the last click was refused (one line), until the ghost moves.").tag(sync=True)
    notice_rule = Unicode("", help="The rule ID of the refusal, shown as a small tag.").tag(sync=True)
    suggestion: List[int] = synced_list("A suggested spot [orientation, x, y] drawn with a blue outline ([] = none).")
    marked: List[Any] = synced_list("Boat cells [x, y] outlined in gold (e.g. treasures a card would pay).")
    marked_label = Unicode("", help="What the gold outline means, shown on the info line.").tag(sync=True)
    revision = Int(0, help="Counts answered clicks; the browser then drops its instant preview.").tag(sync=True)
    styles = Dict(
        {"ok": LEGAL_OUTLINE, "bad": ILLEGAL_OUTLINE, "suggestion": SUGGESTION_OUTLINE},
        help="Outline colours of a legal, an illegal and a suggested ghost.",
    ).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("isle-ghost")
        self.columns = [cell_origin((x, 0), self.cell)[0] for x in range(WIDTH + 1)]
        self.rows = [cell_origin((0, y), self.cell)[1] for y in range(HEIGHT + 1)]
        size = self.cell
        self.marker = items_json([Circle(size / 2, size / 2, size * 0.24, MARKER_FILL, "#ffffff"),
                                  Circle(size / 2, size / 2, size * 0.09, "#ffffff")])

    def answered(self) -> None:
        """A click was handled (placed or refused): the browser drops its instant preview."""
        self.revision += 1

    def load(
        self,
        tile_pictures: Sequence[tuple[Any, ...]],
        targets: Sequence[Sequence[tuple[int, int]]],
        infos: Sequence[str],
        target_infos: Sequence[Sequence[int]],
        rotate_map: Sequence[int],
        mirror_map: Sequence[int],
        orientation: int,
    ) -> None:
        """Show the ghost of a new tile, all in one update. ``tile_pictures`` holds, per orientation, the tile's
        cells and the handle (``(tile, cells, handle)``); they are drawn here with :mod:`isle_nb.view.tiles`."""
        size = self.cell
        pictures = []
        for tile, cells, (hx, hy) in tile_pictures:
            dx, dy = -hx * size, -hy * size
            pictures.append({
                "tile": items_json(tile_items(tile, cells, size, (0, 0)), dx, dy),
                "outline": [[ln.x1, ln.y1, ln.x2, ln.y2] for ln in outline(cells, "#000", 1.0, size, (dx, dy))],
            })
        with self.hold_sync():
            self.pictures = pictures
            self.targets = [[list(c) for c in t] for t in targets]
            self.infos = list(infos)
            self.target_infos = [list(t) for t in target_infos]
            self.rotate_map = list(rotate_map)
            self.mirror_map = list(mirror_map)
            self.orientation = orientation
            self.notice = ""
            self.suggestion = []
            self.active = True

    def clear(self) -> None:
        """No tile to place: hide the ghost."""
        with self.hold_sync():
            self.active = False
            self.notice = ""
            self.suggestion = []

    def __repr__(self) -> str:
        return f"GhostOverlay(active={self.active}, orientation={self.orientation})"


__all__ = ["INFO_HEIGHT", "TOUCH_INFO_HEIGHT", "GhostOverlay", "item_json", "items_json"]
