"""Backend-neutral pictures of boats, tiles and the island: one description, three renderers.

A :class:`Scene` is a list of drawing items (:class:`Rect`, :class:`Line`, :class:`Circle`, :class:`Text`,
:class:`Polygon`, :class:`Polyline`) grouped in named layers. :func:`to_svg` and :func:`to_png` (Pillow) render it
for notebooks and docs; the ipycanvas widgets (the boat, the Pocket Cats board) draw the very same items
(``isle_nb.widgets.canvas``), so a static picture and the live widget always agree. This module imports no widget
library.

Colour-blind help: every cat colour also has its own pattern (stripes, dots, checks...) and a letter.
"""

from __future__ import annotations

import html
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from isle_nb.model.boat import ROOM_ICONS, Boat, PlacedTile
from isle_nb.model.geometry import HEIGHT, WIDTH, Cell
from isle_nb.model.state import GameState
from isle_nb.model.tiles import COLOUR_HEX, Tile

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

CELL = 28
MARGIN = 10

HULL_FILL = "#f3ead8"
HULL_STROKE = "#6b4f2a"
GRID_STROKE = "#d8c8a8"
WALL_STROKE = "#6b4f2a"
ROOM_TINTS = {1: "#efe3c8", 2: "#e9e4d2", 3: "#f1e6cf", 4: "#e9e4d2", 5: "#f3ead8", 6: "#eee2c2", 7: "#efe3c8"}
RAT_FILL = "#5d5d5d"
TREASURE_FILL = {"common": "#c9c9c9", "rare": "#f2c94c"}
GHOST_OK = "rgba(46, 160, 67, 0.55)"
GHOST_BAD = "rgba(207, 34, 46, 0.45)"
HIGHLIGHT = "rgba(46, 160, 67, 0.18)"

COLOUR_LETTER = {"blue": "B", "green": "G", "red": "R", "purple": "P", "orange": "O"}
"""A letter per cat colour, drawn on every cat so colours never rely on hue alone."""

COLOUR_PATTERN = {"blue": "stripes", "green": "dots", "red": "checks", "purple": "backslash", "orange": "bars"}
"""A pattern per cat colour (colour-blind friendly)."""

ROOM_ICON_LETTER = {"parrot": "P", "moon": "M", "apple": "A", "grain": "G"}


# -- drawing items ----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Rect:
    """A filled (and optionally outlined) rectangle."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    stroke_inside: bool = False
    """Draw the outline inside the edges (as Pillow always does) instead of centred on them (SVG, canvas)."""


@dataclass(frozen=True, slots=True)
class Line:
    """A straight line segment."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float = 1.0


@dataclass(frozen=True, slots=True)
class Circle:
    """A filled circle."""

    x: float
    y: float
    r: float
    fill: str
    stroke: str | None = None


@dataclass(frozen=True, slots=True)
class Text:
    """A short label, centred on (x, y)."""

    x: float
    y: float
    text: str
    fill: str = "#222222"
    size: int = 12
    bold: bool = False
    stroke_width: int | None = None
    """PNG only: the glyph outline, in image pixels, that fakes bold type (Pillow's default font has no bold face).
    ``None``: 1 for bold text, 0 otherwise. SVG and canvas use a bold font instead."""


@dataclass(frozen=True, slots=True)
class Polygon:
    """A filled polygon, optionally outlined with a 1-pixel line."""

    points: tuple[tuple[float, float], ...]
    fill: str
    stroke: str | None = None


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open line through several points, with flat ends (a :class:`Line` has square ends)."""

    points: tuple[tuple[float, float], ...]
    stroke: str
    width: float = 1.0


Item = Rect | Line | Circle | Text | Polygon | Polyline


@dataclass(frozen=True)
class Scene:
    """A picture: its size in CSS pixels and its items by layer, drawn in layer order."""

    width: int
    height: int
    layers: dict[str, tuple[Item, ...]] = field(default_factory=dict)

    @property
    def items(self) -> tuple[Item, ...]:
        """Every item, layer after layer."""
        return tuple(item for layer in self.layers.values() for item in layer)

    def _repr_svg_(self) -> str:
        return to_svg(self)


# -- geometry helpers -------------------------------------------------------------------------------------------
def cell_origin(cell: Cell, size: int = CELL) -> tuple[float, float]:
    """Top-left pixel of a boat cell."""
    x, y = cell
    return MARGIN + x * size, MARGIN + y * size


def cell_at(px: float, py: float, size: int = CELL) -> Cell | None:
    """The grid cell under a pixel position, or ``None`` outside the 22 x 9 grid."""
    x = int((px - MARGIN) // size)
    y = int((py - MARGIN) // size)
    if 0 <= x < WIDTH and 0 <= y < HEIGHT and px >= MARGIN and py >= MARGIN:
        return (x, y)
    return None


def outline(
    cells: Iterable[Cell], stroke: str, width: float, size: int = CELL, offset: tuple[float, float] = (MARGIN, MARGIN)
) -> list[Line]:
    """Line segments along the border of a set of cells (its polyomino outline)."""
    cells = set(cells)
    ox, oy = offset
    lines: list[Line] = []
    for x, y in cells:
        left, top = ox + x * size, oy + y * size
        if (x, y - 1) not in cells:
            lines.append(Line(left, top, left + size, top, stroke, width))
        if (x, y + 1) not in cells:
            lines.append(Line(left, top + size, left + size, top + size, stroke, width))
        if (x - 1, y) not in cells:
            lines.append(Line(left, top, left, top + size, stroke, width))
        if (x + 1, y) not in cells:
            lines.append(Line(left + size, top, left + size, top + size, stroke, width))
    return lines


def _pattern(kind: str, left: float, top: float, size: float, ink: str) -> list[Item]:
    """A colour's pattern drawn inside one cell."""
    a, b = size * 0.25, size * 0.75
    if kind == "stripes":
        return [Line(left + a, top + b, left + b, top + a, ink, 1.5)]
    if kind == "backslash":
        return [Line(left + a, top + a, left + b, top + b, ink, 1.5)]
    if kind == "dots":
        return [Circle(left + size / 2, top + size / 2, size * 0.1, ink)]
    if kind == "checks":
        return [
            Line(left + a, top + size / 2, left + b, top + size / 2, ink, 1.5),
            Line(left + size / 2, top + a, left + size / 2, top + b, ink, 1.5),
        ]
    return [Line(left + size / 2, top + a, left + size / 2, top + b, ink, 1.5)]


def tile_fill(tile: Tile) -> str:
    """The fill colour of a tile."""
    if tile.is_cat and tile.colour is not None:
        return COLOUR_HEX[tile.colour]
    if tile.kind == "oshax":
        return "#9e9e9e"
    return TREASURE_FILL[tile.kind]


def tile_items(
    tile: Tile,
    cells: Iterable[Cell],
    size: int = CELL,
    offset: tuple[float, float] = (MARGIN, MARGIN),
    stroke: str = "#222222",
) -> list[Item]:
    """A tile drawn on the grid: cells in its colour with its pattern, its outline, and its letter or mark."""
    cells = sorted(cells, key=lambda c: (c[1], c[0]))
    ox, oy = offset
    fill = tile_fill(tile)
    items: list[Item] = [Rect(ox + x * size, oy + y * size, size, size, fill) for x, y in cells]
    if tile.is_cat and tile.colour is not None:
        for x, y in cells:
            items.extend(_pattern(COLOUR_PATTERN[tile.colour], ox + x * size, oy + y * size, size, "rgba(0,0,0,0.35)"))
    items.extend(outline(cells, stroke, 2.0, size, offset))
    x, y = cells[0]
    cx, cy = ox + x * size + size / 2, oy + y * size + size / 2
    if tile.kind == "cat" and tile.colour is not None:
        items.append(Text(cx, cy, COLOUR_LETTER[tile.colour], "#111111", int(size * 0.5), True))
    elif tile.kind == "oshax":
        items.append(Circle(cx, cy, size * 0.32, "#ffffff", "#111111"))
        items.append(
            Text(cx, cy, "X" if tile.colour is None else COLOUR_LETTER[tile.colour], "#111111", int(size * 0.42), True)
        )
    else:
        items.append(Text(cx, cy, "R" if tile.kind == "rare" else "C", "#111111", int(size * 0.5), True))
    return items


# -- boats ------------------------------------------------------------------------------------------------------
def boat_static_items(boat: Boat, size: int = CELL, rooms: bool = True) -> list[Item]:
    """The printed boat: hull cells (tinted by room), grid, room walls, rats, treasure maps, room icons."""
    layout = boat.layout
    items: list[Item] = []
    for cell in sorted(layout.cells):
        left, top = cell_origin(cell, size)
        tint = ROOM_TINTS[layout.room_of[cell]] if rooms else HULL_FILL
        items.append(Rect(left, top, size, size, tint, GRID_STROKE, 1.0))
    for (x, y), room in layout.room_of.items():
        left, top = cell_origin((x, y), size)
        if layout.room_of.get((x + 1, y)) not in (None, room):
            items.append(Line(left + size, top, left + size, top + size, WALL_STROKE, 2.5))
        if layout.room_of.get((x, y + 1)) not in (None, room):
            items.append(Line(left, top + size, left + size, top + size, WALL_STROKE, 2.5))
    items.extend(outline(layout.cells, HULL_STROKE, 3.0, size))
    for cell in sorted(layout.rats):
        left, top = cell_origin(cell, size)
        items.append(Circle(left + size * 0.5, top + size * 0.55, size * 0.2, RAT_FILL))
        items.append(Circle(left + size * 0.34, top + size * 0.36, size * 0.09, RAT_FILL))
        items.append(Line(left + size * 0.68, top + size * 0.62, left + size * 0.88, top + size * 0.8, RAT_FILL, 1.5))
    for cell, colour in sorted(layout.maps.items()):
        left, top = cell_origin(cell, size)
        items.append(Rect(left + 3, top + 3, size - 6, size - 6, COLOUR_HEX[colour], "#3b2a14", 1.5))
        items.append(Line(left + 8, top + 8, left + size - 8, top + size - 8, "#3b2a14", 2.0))
        items.append(Line(left + size - 8, top + 8, left + 8, top + size - 8, "#3b2a14", 2.0))
        items.append(Text(left + size - 6, top + 7, COLOUR_LETTER[colour], "#111111", int(size * 0.32), True))
    if rooms:
        for room, cells in layout.rooms.items():
            icon = ROOM_ICONS[room]
            if icon is None:
                continue
            plain = [c for c in cells if c not in layout.maps and c not in layout.rats] or list(cells)
            x, y = min(plain, key=lambda c: (c[1], c[0]))
            left, top = cell_origin((x, y), size)
            items.append(
                Text(left + size * 0.3, top + size * 0.3, ROOM_ICON_LETTER[icon], WALL_STROKE, int(size * 0.34), True)
            )
    return items


def boat_tile_items(tiles: Sequence[PlacedTile], size: int = CELL) -> list[Item]:
    """The tiles placed on a boat."""
    items: list[Item] = []
    for placed in tiles:
        items.extend(tile_items(placed.tile, placed.cells, size))
    return items


def ghost_items(cells: Iterable[Cell], legal: bool, size: int = CELL) -> list[Item]:
    """A tile being placed, tinted legal (green) or illegal (red)."""
    fill = GHOST_OK if legal else GHOST_BAD
    cells = list(cells)
    items: list[Item] = [Rect(*cell_origin(c, size), size, size, fill) for c in cells]
    items.extend(outline(cells, "#1a7f37" if legal else "#cf222e", 2.5, size))
    return items


def highlight_items(cells: Iterable[Cell], size: int = CELL) -> list[Item]:
    """Cells where the tile being placed could go."""
    return [Rect(*cell_origin(c, size), size, size, HIGHLIGHT) for c in cells]


def boat_size(size: int = CELL) -> tuple[int, int]:
    """Pixel size of a boat picture."""
    return 2 * MARGIN + WIDTH * size, 2 * MARGIN + HEIGHT * size


def boat_scene(
    boat: Boat, size: int = CELL, rooms: bool = True, ghost: Iterable[Cell] | None = None, ghost_legal: bool = True
) -> Scene:
    """A boat with its tiles (layers ``boat``, ``tiles``, ``overlay``)."""
    width, height = boat_size(size)
    overlay = tuple(ghost_items(ghost, ghost_legal, size)) if ghost else ()
    return Scene(
        width,
        height,
        {
            "boat": tuple(boat_static_items(boat, size, rooms)),
            "tiles": tuple(boat_tile_items(boat.tiles, size)),
            "overlay": overlay,
        },
    )


def tile_scene(tile: Tile, size: int = CELL) -> Scene:
    """One tile on its own."""
    cells = tile.cells
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    return Scene(w * size + 2 * 4, h * size + 2 * 4, {"tiles": tuple(tile_items(tile, cells, size, (4, 4)))})


def island_scene(state: GameState, size: int = 16, width: int = 560) -> Scene:
    """The island: left field (3 fish), right field (5 fish) and the rare-treasure display, as small tiles.

    In the family game the cats lie around the island and cost nothing (FAMILY-2); in the solo game they are
    numbered Cat 1-8 across both fields (SOLO-3).
    """
    if state.mode == "family":
        rows: list[tuple[str, tuple[Tile, ...]]] = [
            (f"Cats around the island ({len(state.around_island)})", state.around_island),
        ]
    else:
        numbered = " - Cat 1-4" if state.mode == "solo" else ""
        rows = [
            (f"Left field - 3 fish ({len(state.left_field)}){numbered}", state.left_field),
            (f"Right field - 5 fish ({len(state.right_field)}){' - Cat 5-8' if numbered else ''}", state.right_field),
        ]
    rows.append((f"Rare treasures ({len(state.rare_display)})", state.rare_display))
    gap = size // 2 + 4
    items: list[Item] = []
    y = 6
    for title, tiles in rows:
        items.append(Text(12 + 4 * len(title), y + 8, title, "#3b2a14", 13, True))
        y += 22
        x, line_height = 12, 2 * size
        for tile in tiles:
            w = (max(cx for cx, _ in tile.cells) + 1) * size
            h = (max(cy for _, cy in tile.cells) + 1) * size
            if x + w > width - 8 and x > 12:
                x, y, line_height = 12, y + line_height + gap, 2 * size
            items.extend(tile_items(tile, tile.cells, size, (x, y), "#333333"))
            x += w + gap
            line_height = max(line_height, h)
        y += line_height + 2 * gap
    return Scene(width, y, {"island": tuple(items)})


# -- renderers --------------------------------------------------------------------------------------------------
def _rgba(colour: str) -> tuple[int, int, int, int]:
    """Parse ``#rrggbb`` or ``rgba(r, g, b, a)``."""
    colour = colour.strip()
    if colour.startswith("#"):
        value = colour[1:]
        if len(value) == 3:
            value = "".join(ch * 2 for ch in value)
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16), 255
    if colour.startswith("rgba("):
        r, g, b, a = (part.strip() for part in colour[5:-1].split(","))
        return int(r), int(g), int(b), round(float(a) * 255)
    raise ValueError(f"unsupported colour {colour!r}")


def _colours(item: Item) -> list[str]:
    if isinstance(item, (Rect, Circle, Polygon)):
        return [c for c in (item.fill, item.stroke) if c]
    if isinstance(item, (Line, Polyline)):
        return [item.stroke]
    return [item.fill]


def _svg_points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x},{y}" for x, y in points)


def _svg_parts(item: Item) -> tuple[Item, ...]:
    """SVG strokes a rectangle on its edges: an outline inside them becomes the fill and an inset outline."""
    if not (isinstance(item, Rect) and item.stroke and item.stroke_inside):
        return (item,)
    half = item.width / 2
    inset = Rect(item.x + half, item.y + half, item.w - item.width, item.h - item.width, None, item.stroke, item.width)
    return (Rect(item.x, item.y, item.w, item.h, item.fill), inset) if item.fill else (inset,)


def _svg_colour(colour: str) -> str:
    return html.escape(colour)


def to_svg(scene: Scene) -> str:
    """The scene as an inline SVG document."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{scene.width}" height="{scene.height}" '
        f'viewBox="0 0 {scene.width} {scene.height}" font-family="sans-serif">'
    ]
    for item in (part for whole in scene.items for part in _svg_parts(whole)):
        if isinstance(item, Rect):
            fill = _svg_colour(item.fill) if item.fill else "none"
            stroke = f' stroke="{_svg_colour(item.stroke)}" stroke-width="{item.width}"' if item.stroke else ""
            parts.append(f'<rect x="{item.x}" y="{item.y}" width="{item.w}" height="{item.h}" fill="{fill}"{stroke}/>')
        elif isinstance(item, Line):
            parts.append(
                f'<line x1="{item.x1}" y1="{item.y1}" x2="{item.x2}" y2="{item.y2}" '
                f'stroke="{_svg_colour(item.stroke)}" stroke-width="{item.width}" stroke-linecap="square"/>'
            )
        elif isinstance(item, Circle):
            stroke = f' stroke="{_svg_colour(item.stroke)}"' if item.stroke else ""
            parts.append(f'<circle cx="{item.x}" cy="{item.y}" r="{item.r}" fill="{_svg_colour(item.fill)}"{stroke}/>')
        elif isinstance(item, Polygon):
            stroke = f' stroke="{_svg_colour(item.stroke)}" stroke-width="1"' if item.stroke else ""
            parts.append(f'<polygon points="{_svg_points(item.points)}" fill="{_svg_colour(item.fill)}"{stroke}/>')
        elif isinstance(item, Polyline):
            stroke = f'stroke="{_svg_colour(item.stroke)}" stroke-width="{item.width}"'
            parts.append(f'<polyline points="{_svg_points(item.points)}" fill="none" {stroke}/>')
        else:
            weight = ' font-weight="bold"' if item.bold else ""
            parts.append(
                f'<text x="{item.x}" y="{item.y}" font-size="{item.size}" fill="{_svg_colour(item.fill)}" '
                f'text-anchor="middle" dominant-baseline="central"{weight}>{html.escape(item.text)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def to_png(scene: Scene, scale: float = 2.0) -> bytes:
    """The scene as PNG bytes, drawn with Pillow at ``scale`` x its CSS size."""
    buffer = io.BytesIO()
    to_image(scene, scale).save(buffer, format="PNG")
    return buffer.getvalue()


def to_image(scene: Scene, scale: float = 2.0) -> PILImage:
    """The scene drawn with Pillow at ``scale`` x its CSS size, as an RGB ``PIL.Image.Image`` (see :func:`to_png`)."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGBA", (round(scene.width * scale), round(scene.height * scale)), (255, 255, 255, 255))
    fonts: dict[int, ImageFont.FreeTypeFont | ImageFont.ImageFont] = {}
    direct = ImageDraw.Draw(image)
    for item in scene.items:
        translucent = any(_rgba(c)[3] < 255 for c in _colours(item))
        layer = Image.new("RGBA", image.size, (0, 0, 0, 0)) if translucent else image
        draw = ImageDraw.Draw(layer) if translucent else direct
        if isinstance(item, Rect):
            box = [item.x * scale, item.y * scale, (item.x + item.w) * scale - 1, (item.y + item.h) * scale - 1]
            draw.rectangle(
                box,
                fill=_rgba(item.fill) if item.fill else None,
                outline=_rgba(item.stroke) if item.stroke else None,
                width=max(1, round(item.width * scale)) if item.stroke else 0,
            )
        elif isinstance(item, Line):
            draw.line(
                [item.x1 * scale, item.y1 * scale, item.x2 * scale, item.y2 * scale],
                fill=_rgba(item.stroke),
                width=max(1, round(item.width * scale)),
            )
        elif isinstance(item, Circle):
            r = item.r * scale
            draw.ellipse(
                [item.x * scale - r, item.y * scale - r, item.x * scale + r, item.y * scale + r],
                fill=_rgba(item.fill),
                outline=_rgba(item.stroke) if item.stroke else None,
            )
        elif isinstance(item, Polygon):
            draw.polygon(
                [(x * scale, y * scale) for x, y in item.points],
                fill=_rgba(item.fill),
                outline=_rgba(item.stroke) if item.stroke else None,
            )
        elif isinstance(item, Polyline):
            draw.line(
                [(x * scale, y * scale) for x, y in item.points],
                fill=_rgba(item.stroke),
                width=max(1, round(item.width * scale)),
            )
        else:
            font_size = max(6, round(item.size * scale))
            if font_size not in fonts:
                fonts[font_size] = ImageFont.load_default(font_size)
            draw.text(
                (item.x * scale, item.y * scale),
                item.text,
                fill=_rgba(item.fill),
                font=fonts[font_size],
                anchor="mm",
                stroke_width=(1 if item.bold else 0) if item.stroke_width is None else item.stroke_width,
                stroke_fill=_rgba(item.fill),
            )
        if translucent:
            image = Image.alpha_composite(image, layer)
            direct = ImageDraw.Draw(image)
    return image.convert("RGB")


def boat_svg(boat: Boat) -> str:
    """A boat as inline SVG (used by ``Boat._repr_html_``)."""
    return to_svg(boat_scene(boat))


def boat_png(boat: Boat, scale: float = 2.0) -> bytes:
    """A boat as PNG bytes."""
    return to_png(boat_scene(boat), scale)


# -- pictures for the rules notebooks (added for notebooks 01-08) ----------------------------------------------
def highlight_scene(
    boat: Boat,
    cells: Iterable[Cell],
    size: int = CELL,
    rooms: bool = True,
    ghost: Iterable[Cell] | None = None,
    ghost_legal: bool = True,
    fill: str = "rgba(46, 160, 67, 0.35)",
) -> Scene:
    """A boat with some cells highlighted (say, every cell a tile could cover) and an optional ghost tile.

    Layers, bottom to top: ``boat``, ``tiles``, ``highlight``, ``overlay`` (the ghost).
    """
    base = boat_scene(boat, size, rooms, ghost, ghost_legal)
    marks = tuple(Rect(*cell_origin(c, size), size, size, fill) for c in sorted(set(cells)))
    return Scene(
        base.width,
        base.height,
        {
            "boat": base.layers["boat"],
            "tiles": base.layers["tiles"],
            "highlight": marks,
            "overlay": base.layers["overlay"],
        },
    )


def gallery_scene(
    entries: Sequence[tuple[Tile, Sequence[Cell] | None, str]], size: int = 18, per_row: int = 6, caption_size: int = 12
) -> Scene:
    """Several tiles side by side in a grid, each with a caption below it.

    ``entries`` holds ``(tile, cells, caption)``; ``cells`` gives the orientation to draw (``None``: the tile as
    drawn in the reference). Every column is as wide as the widest tile, so the tiles line up.
    """
    shapes: list[tuple[Tile, tuple[Cell, ...], str]] = []
    for tile, cells, caption in entries:
        drawn = tuple(cells) if cells is not None else tile.cells
        min_x = min(x for x, _ in drawn)
        min_y = min(y for _, y in drawn)
        shapes.append((tile, tuple((x - min_x, y - min_y) for x, y in drawn), caption))
    if not shapes:
        return Scene(1, 1, {"gallery": ()})
    cell_w = max(max(x for x, _ in c) + 1 for _, c, _ in shapes) * size
    cell_h = max(max(y for _, y in c) + 1 for _, c, _ in shapes) * size
    col_w = max(cell_w, 7 * caption_size) + 16
    row_h = cell_h + caption_size + 22
    columns = min(per_row, len(shapes))
    rows = (len(shapes) + columns - 1) // columns
    items: list[Item] = []
    for index, (tile, cells, caption) in enumerate(shapes):
        col, row = index % columns, index // columns
        w = (max(x for x, _ in cells) + 1) * size
        h = (max(y for _, y in cells) + 1) * size
        left = 8 + col * col_w + (col_w - w) / 2
        top = 8 + row * row_h + (cell_h - h) / 2
        items.extend(tile_items(tile, cells, size, (left, top), "#333333"))
        items.append(
            Text(
                8 + col * col_w + col_w / 2,
                8 + row * row_h + cell_h + 6 + caption_size / 2,
                caption,
                "#3b2a14",
                caption_size,
            )
        )
    return Scene(16 + columns * col_w, 16 + rows * row_h, {"gallery": tuple(items)})
