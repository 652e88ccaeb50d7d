"""Pixel geometry of a boat picture: cell size, margin, and the mapping between boat cells and pixels."""

from __future__ import annotations

from collections.abc import Iterable

from isle_nb.draw import Line
from isle_nb.draw import outline as cells_outline
from isle_nb.model.parts.geometry import HEIGHT, WIDTH, Cell

CELL = 28
"""A boat cell's side, in CSS pixels."""
MARGIN = 10
"""The blank border around a boat picture."""


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


def boat_size(size: int = CELL) -> tuple[int, int]:
    """Pixel size of a boat picture."""
    return 2 * MARGIN + WIDTH * size, 2 * MARGIN + HEIGHT * size


def outline(
    cells: Iterable[Cell], stroke: str, width: float, size: int = CELL, offset: tuple[float, float] = (MARGIN, MARGIN)
) -> list[Line]:
    """Line segments along the border of a set of boat cells (see :func:`isle_nb.draw.outline`)."""
    return cells_outline(cells, stroke, width, size, offset)


__all__ = ["CELL", "MARGIN", "boat_size", "cell_at", "cell_origin", "outline"]
