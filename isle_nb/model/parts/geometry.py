"""Polyomino geometry on the boat grid: shapes, their orientations and integer bitmasks.

The boat is a 22 x 9 grid. A set of cells is held as a Python ``int`` whose bit ``y * STRIDE + x`` is set for
cell ``(x, y)``. ``STRIDE`` is 32, wider than the grid, so the ten spare bits at the end of each row are always
zero in every mask: shifting a mask by a cell offset can never wrap a tile from one row into the next. This is
what makes legal-placement enumeration a handful of big-integer shifts and ANDs per orientation
(see :mod:`isle_nb.model.parts.placements`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

Cell = tuple[int, int]
"""A grid cell ``(x, y)``: x = column 0-21 from the stern, y = row 0-8 from the top."""

WIDTH = 22
HEIGHT = 9
STRIDE = 32


def bit(cell: Cell) -> int:
    """The bit index of a cell."""
    x, y = cell
    return y * STRIDE + x


def cells_to_mask(cells: Iterable[Cell]) -> int:
    """The bitmask holding exactly these cells."""
    mask = 0
    for x, y in cells:
        mask |= 1 << (y * STRIDE + x)
    return mask


def mask_to_cells(mask: int) -> frozenset[Cell]:
    """The cells set in a bitmask."""
    return frozenset(iter_cells(mask))


def iter_cells(mask: int) -> Iterator[Cell]:
    """Iterate over the cells of a bitmask, lowest bit (top-left) first."""
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        yield (index % STRIDE, index // STRIDE)
        mask ^= low


def neighbours_mask(mask: int) -> int:
    """Cells orthogonally next to any cell of ``mask`` (not clipped to a boat; may include ``mask`` itself)."""
    return (mask << 1) | (mask >> 1) | (mask << STRIDE) | (mask >> STRIDE)


def normalize(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Translate cells so that the smallest x and y are 0, sorted by (y, x)."""
    cells = list(cells)
    if not cells:
        raise ValueError("a shape needs at least one cell")
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return tuple(sorted(((x - min_x, y - min_y) for x, y in cells), key=lambda c: (c[1], c[0])))


def _rotate(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """A quarter turn clockwise, normalized."""
    return normalize((-y, x) for x, y in cells)


def _mirror(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The mirror image (left-right), normalized."""
    return normalize((-x, y) for x, y in cells)


def orientations_of(cells: Iterable[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """Every distinct orientation (4 rotations of the shape and of its mirror image), symmetric duplicates removed.

    The order is stable: the shape as given first, then its clockwise rotations, then the mirrored ones.
    """
    base = normalize(cells)
    found: list[tuple[Cell, ...]] = []
    for start in (base, _mirror(base)):
        current = start
        for _ in range(4):
            if current not in found:
                found.append(current)
            current = _rotate(current)
    return tuple(found)


def parse_rows(rows: Iterable[str]) -> tuple[Cell, ...]:
    """Cells of a shape drawn as text rows, ``#`` = a cell (``["..#", "###"]``)."""
    return normalize((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#")


@dataclass(frozen=True, slots=True)
class Shape:
    """A polyomino: its name, its cells as drawn, and all its distinct orientations (PLACE-1)."""

    key: int | str
    cells: tuple[Cell, ...]
    orientations: tuple[tuple[Cell, ...], ...]

    @classmethod
    def from_cells(cls, key: int | str, cells: Iterable[Cell]) -> Shape:
        """Build a shape and precompute its orientations."""
        base = normalize(cells)
        return cls(key, base, orientations_of(base))

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def turned(self, index: int) -> int:
        """The orientation a quarter turn clockwise from orientation ``index``."""
        return self.orientations.index(_rotate(self.orientations[index]))

    def mirrored(self, index: int) -> int:
        """The orientation that is the left-right mirror image of orientation ``index``."""
        return self.orientations.index(_mirror(self.orientations[index]))

    def cells_at(self, index: int, anchor: Cell) -> tuple[Cell, ...]:
        """The cells of orientation ``index`` with its (0, 0) corner on ``anchor`` (may lie off any boat)."""
        ax, ay = anchor
        return tuple((ax + x, ay + y) for x, y in self.orientations[index])

    def orientation_index(self, cells: Iterable[Cell]) -> int | None:
        """Which orientation a set of cells has (in any position), or ``None`` if it is not this shape."""
        try:
            return self.orientations.index(normalize(cells))
        except ValueError:
            return None

    def __repr__(self) -> str:
        return f"Shape({self.key!r}, {self.size} cells, {len(self.orientations)} orientations)"
