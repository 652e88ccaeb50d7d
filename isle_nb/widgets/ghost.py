"""``GhostOverlay``: the ghost of the tile being placed, drawn in the browser (anywidget) over the boat canvas.

Following the mouse through the kernel (ipycanvas) costs a round trip per cell, which is laggy on a busy machine
or a remote kernel. This overlay gets, once per tile, the orientations and the legal spots computed from the
model's legal ``Place`` actions (see :class:`~isle_nb.widgets.pointer.Placer`), draws the ghost locally, handles
R / F, and sends only the click. Legality stays in the model: the ghost is green exactly where the Placer says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
from traitlets import Bool, Dict, Float, Int, List, Unicode

from isle_nb.model.geometry import HEIGHT, WIDTH
from isle_nb.view import GHOST_BAD, GHOST_OK, MARGIN
from isle_nb.widgets.pointer import Placer, handle_of, mirror_cells, rotate_cells

CSS = """
.isle-boat-stack { position: relative; }
.isle-boat-stack > .isle-ghost { position: absolute; left: 0; top: 0; margin: 0; padding: 0; }
.isle-ghost-canvas { display: block; cursor: crosshair; }
"""


class GhostOverlay(anywidget.AnyWidget):
    """A transparent canvas over the boat that draws the placing ghost in the browser."""

    _esm = Path(__file__).with_name("ghost.js")
    _css = CSS

    width = Int(600, help="CSS width in pixels (the boat canvas's).").tag(sync=True)
    height = Int(270, help="CSS height in pixels.").tag(sync=True)
    scale = Float(2.0, help="Canvas pixels per CSS pixel (HiDPI).").tag(sync=True)
    cell = Int(26, help="Cell size in CSS pixels.").tag(sync=True)
    margin = Int(MARGIN, help="Margin around the grid in CSS pixels.").tag(sync=True)
    columns = Int(WIDTH, help="Grid columns.").tag(sync=True)
    rows = Int(HEIGHT, help="Grid rows.").tag(sync=True)
    active = Bool(False, help="True while a tile is being placed.").tag(sync=True)
    orientations = List(help="Cells of each orientation of the tile, normalized.").tag(sync=True)
    handles = List(help="The handle cell (under the mouse) of each orientation.").tag(sync=True)
    targets = List(help="For each orientation, the handle cells where the placement is legal.").tag(sync=True)
    rotate_map = List(help="Orientation index after a quarter turn, by orientation.").tag(sync=True)
    mirror_map = List(help="Orientation index after a left-right flip, by orientation.").tag(sync=True)
    orientation = Int(0, help="The current orientation (the browser changes it with R / F).").tag(sync=True)
    fill = Unicode("", help="The tile's colour, drawn at once on a legal click ('' = not ready, e.g. an Oshax "
                   "without its colour).").tag(sync=True)
    revision = Int(0, help="Counts answered clicks; the browser then drops its instant preview.").tag(sync=True)
    styles = Dict(
        {"ok": GHOST_OK, "bad": GHOST_BAD, "ok_outline": "#1a7f37", "bad_outline": "#cf222e"},
        help="Ghost colours (the same as isle_nb.view.boat.ghost_items).",
    ).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("isle-ghost")

    def answered(self) -> None:
        """A click was handled (placed or refused): the browser drops its instant preview."""
        self.revision += 1

    def load(self, placer: Placer) -> None:
        """Show the ghost of a new tile: its orientations and legal spots, all in one update."""
        orientations = placer.orientations
        index = {cells: i for i, cells in enumerate(orientations)}
        with self.hold_sync():
            self.orientations = [[list(c) for c in cells] for cells in orientations]
            self.handles = [list(handle_of(cells)) for cells in orientations]
            self.targets = [sorted([x, y] for x, y in t) for t in placer.targets]
            self.rotate_map = [index[rotate_cells(cells)] for cells in orientations]
            self.mirror_map = [index[mirror_cells(cells)] for cells in orientations]
            self.orientation = placer.orientation
            self.active = True

    def clear(self) -> None:
        """No tile to place: hide the ghost."""
        self.active = False

    def __repr__(self) -> str:
        return f"GhostOverlay(active={self.active}, orientation={self.orientation})"


__all__ = ["GhostOverlay"]
