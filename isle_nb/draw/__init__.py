"""The drawing kit: backend-neutral drawing items and their renderers. It knows nothing of the game.

- :mod:`isle_nb.draw.items`: :class:`Rect`, :class:`Line`, :class:`Circle`, :class:`Text`, :class:`Polygon`,
  :class:`Polyline` and :class:`Scene`, a picture made of named layers of items.
- :mod:`isle_nb.draw.svg` and :mod:`isle_nb.draw.png`: render a scene as inline SVG or with Pillow as PNG.
- :mod:`isle_nb.draw.cells`: outlines of cell sets and the pattern marks inside a cell.

The ipycanvas widgets paint the very same items (``isle_nb.widgets.canvas``), so a static picture and a live widget
always agree. The pictures of game objects built from these items live in :mod:`isle_nb.view`.
"""

from isle_nb.draw.cells import PATTERNS, GridCell, outline, pattern_items
from isle_nb.draw.items import Circle, Item, Line, Polygon, Polyline, Rect, Scene, Text
from isle_nb.draw.png import rgba, side_by_side, to_image, to_png
from isle_nb.draw.svg import to_svg

__all__ = [
    "PATTERNS",
    "Circle",
    "GridCell",
    "Item",
    "Line",
    "Polygon",
    "Polyline",
    "Rect",
    "Scene",
    "Text",
    "outline",
    "pattern_items",
    "rgba",
    "side_by_side",
    "to_image",
    "to_png",
    "to_svg",
]
