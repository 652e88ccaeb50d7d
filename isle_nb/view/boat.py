"""Pictures of a boat: the printed boat (hull, rooms, rats, treasure maps), its tiles, a ghost and highlights.

The boat widget paints the same layers on its canvases, so the static picture and the live widget agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from isle_nb.draw import Circle, Item, Line, Rect, Scene, Text, to_png, to_svg
from isle_nb.model.parts.boat import ROOM_ICONS, Boat, PlacedTile
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.tiles import COLOUR_HEX
from isle_nb.view.grid import CELL, boat_size, cell_origin, outline
from isle_nb.view.tiles import COLOUR_LETTER, placed_tiles_items

HULL_FILL = "#f3ead8"
HULL_STROKE = "#6b4f2a"
GRID_STROKE = "#d8c8a8"
WALL_STROKE = "#6b4f2a"
ROOM_TINTS = {1: "#f2d7c4", 2: "#d6e2f0", 3: "#dcebcf", 4: "#e3d9ef", 5: "#f3ead8", 6: "#f3e4a8", 7: "#f0d0dc"}
"""A clearly different pale tint per room 1-7 (numbered on the board as in the boat data and the score sheet)."""
RAT_FILL = "#5d5d5d"
GHOST_OK = "rgba(46, 160, 67, 0.55)"
GHOST_BAD = "rgba(207, 34, 46, 0.45)"
HIGHLIGHT = "rgba(46, 160, 67, 0.18)"
CHANGED = "#ad1457"
"""What changed since the viewer's last move: the outline of a new tile (no cat colour, 5.8:1 on the hull)."""
CHANGED_GLOW = "rgba(173, 20, 87, 0.28)"
"""The soft glow under that outline."""

ROOM_ICON_LETTER = {"parrot": "P", "moon": "M", "apple": "A", "grain": "G"}


def boat_static_items(boat: Boat, size: int = CELL, rooms: bool = True) -> list[Item]:
    """The printed boat: hull cells (tinted by room), grid, room walls, rats, treasure maps, room numbers and icons."""
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
    if rooms:  # each room's number (as in the boat data and the score sheet) and its icon letter
        for room, cells in layout.rooms.items():
            plain = [c for c in cells if c not in layout.maps and c not in layout.rats] or list(cells)
            x, y = min(plain, key=lambda c: (c[1], c[0]))
            left, top = cell_origin((x, y), size)
            items.append(Circle(left + size * 0.42, top + size * 0.42, size * 0.34, "#ffffff", WALL_STROKE))
            items.append(Text(left + size * 0.42, top + size * 0.44, str(room), WALL_STROKE, int(size * 0.46), True))
            icon = ROOM_ICONS[room]
            if icon is not None:
                items.append(Text(left + size * 0.84, top + size * 0.8, ROOM_ICON_LETTER[icon], WALL_STROKE,
                                  int(size * 0.3), True))
    return items


def boat_tile_items(tiles: Sequence[PlacedTile], size: int = CELL) -> list[Item]:
    """The tiles placed on a boat."""
    return placed_tiles_items(tiles, size)


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


def changed_items(tiles: Iterable[Iterable[Cell]], size: int = CELL) -> list[Item]:
    """New tiles (each given by its cells): a soft glow along each outline under a thin solid line."""
    shapes = [tuple(cells) for cells in tiles]
    glow = [line for cells in shapes for line in outline(cells, CHANGED_GLOW, 6, size)]
    return [*glow, *(line for cells in shapes for line in outline(cells, CHANGED, 2, size))]


def boat_scene(
    boat: Boat, size: int = CELL, rooms: bool = True, ghost: Iterable[Cell] | None = None, ghost_legal: bool = True,
    changed: Iterable[Iterable[Cell]] = (),
) -> Scene:
    """A boat with its tiles (layers ``boat``, ``tiles``, ``changed`` when some tiles are new since the viewer's
    last move, each given by its cells, and ``overlay``)."""
    width, height = boat_size(size)
    overlay = tuple(ghost_items(ghost, ghost_legal, size)) if ghost else ()
    marks = tuple(changed_items(changed, size))
    layers = {"boat": tuple(boat_static_items(boat, size, rooms)), "tiles": tuple(boat_tile_items(boat.tiles, size))}
    return Scene(width, height, {**layers, **({"changed": marks} if marks else {}), "overlay": overlay})


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


def boat_svg(boat: Boat) -> str:
    """A boat as inline SVG (what ``Boat._repr_html_`` shows)."""
    return to_svg(boat_scene(boat))


def boat_png(boat: Boat, scale: float = 2.0) -> bytes:
    """A boat as PNG bytes."""
    return to_png(boat_scene(boat), scale)


__all__ = [
    "CHANGED",
    "CHANGED_GLOW",
    "GHOST_BAD",
    "GHOST_OK",
    "HIGHLIGHT",
    "ROOM_TINTS",
    "boat_png",
    "boat_scene",
    "boat_static_items",
    "boat_svg",
    "boat_tile_items",
    "changed_items",
    "ghost_items",
    "highlight_items",
    "highlight_scene",
]
