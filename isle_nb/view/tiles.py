"""Pictures of tiles: a cat's colour, pattern and letter, treasures and Oshax; one tile, or a captioned gallery."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from isle_nb.draw import Circle, Item, Polygon, Rect, Scene, Text, pattern_items
from isle_nb.model.parts.boat import PlacedTile
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.tiles import COLOUR_HEX, Tile
from isle_nb.view.grid import CELL, MARGIN, outline

TREASURE_FILL = {"common": "#c9c9c9", "rare": "#f2c94c"}
OSHAX_FILL = "#9e9e9e"

COLOUR_LETTER = {"blue": "B", "green": "G", "red": "R", "purple": "P", "orange": "O"}
"""A letter per cat colour, drawn on every cat so colours never rely on hue alone."""

COLOUR_PATTERN = {"blue": "stripes", "green": "dots", "red": "checks", "purple": "backslash", "orange": "bars"}
"""A pattern per cat colour (colour-blind friendly)."""


def treasure_mark(kind: str, cx: float, cy: float, size: float, ink: str) -> list[Item]:
    """The mark on a treasure, centred on (cx, cy) in a square ``size`` wide: a five-pointed star on a rare treasure,
    a ring (a coin) on a common one. Shapes, not letters: the letters name the cat colours ("R" is a red cat)."""
    if kind == "rare":
        outer, inner = size * 0.34, size * 0.14
        points = tuple(
            (cx + r * math.sin(math.pi * k / 5), cy - r * math.cos(math.pi * k / 5))
            for k, r in enumerate((outer, inner) * 5)
        )
        return [Polygon(points, ink)]
    return [Circle(cx, cy, size * 0.22, ink), Circle(cx, cy, size * 0.11, "rgba(255,255,255,0.85)")]


def tile_fill(tile: Tile) -> str:
    """The fill colour of a tile."""
    if tile.is_cat and tile.colour is not None:
        return COLOUR_HEX[tile.colour]
    if tile.kind == "oshax":
        return OSHAX_FILL
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
            items.extend(
                pattern_items(COLOUR_PATTERN[tile.colour], ox + x * size, oy + y * size, size, "rgba(0,0,0,0.35)")
            )
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
        items.extend(treasure_mark(tile.kind, cx, cy, size, "#111111"))
    return items


def placed_tiles_items(
    tiles: Iterable[PlacedTile], size: int = CELL, draw: Callable[[Tile, Iterable[Cell], int], list[Item]] = tile_items
) -> list[Item]:
    """The tiles placed on a boat (or a sheet), each drawn by ``draw`` (:func:`tile_items` by default)."""
    return [item for placed in tiles for item in draw(placed.tile, placed.cells, size)]


def tile_scene(tile: Tile, size: int = CELL) -> Scene:
    """One tile on its own."""
    cells = tile.cells
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    return Scene(w * size + 2 * 4, h * size + 2 * 4, {"tiles": tuple(tile_items(tile, cells, size, (4, 4)))})


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


__all__ = [
    "COLOUR_LETTER",
    "COLOUR_PATTERN",
    "TREASURE_FILL",
    "gallery_scene",
    "placed_tiles_items",
    "tile_fill",
    "tile_items",
    "tile_scene",
    "treasure_mark",
]
