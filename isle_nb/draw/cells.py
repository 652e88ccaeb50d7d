"""Drawing on a square grid: the outline of a set of cells (a polyomino) and the pattern marks inside one cell.

A cell is an ``(x, y)`` pair of grid coordinates; ``size`` is a cell's side in pixels and ``offset`` the pixel of
cell (0, 0)'s top-left corner. Nothing here knows what the cells stand for.
"""

from __future__ import annotations

from collections.abc import Iterable

from isle_nb.draw.items import Circle, Item, Line

GridCell = tuple[int, int]
"""An ``(x, y)`` grid cell."""

PATTERNS = ("stripes", "backslash", "dots", "checks", "bars")
"""The pattern marks :func:`pattern_items` draws."""


def outline(
    cells: Iterable[GridCell], stroke: str, width: float, size: int, offset: tuple[float, float] = (0, 0)
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


def pattern_items(kind: str, left: float, top: float, size: float, ink: str) -> list[Item]:
    """One of :data:`PATTERNS` drawn inside the cell whose top-left pixel is (left, top)."""
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


__all__ = ["PATTERNS", "GridCell", "outline", "pattern_items"]
