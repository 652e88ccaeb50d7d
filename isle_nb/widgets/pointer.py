"""Mapping the pointer to a placement: the orientation, the ghost cells under the mouse, and whether they are legal.

A :class:`Placer` is built once per tile to place, from the set of legal placements the model gave (each a set of
boat cells). It never judges a rule itself: a ghost is legal exactly when its cells are one of those placements.
The ghost is anchored by a *handle* cell of the current orientation (the cell nearest its middle), which follows
the mouse, so rotating keeps the tile under the pointer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from isle_nb.model.geometry import Cell, normalize
from isle_nb.model.tiles import Tile


def rotate_cells(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """A quarter turn clockwise, normalized."""
    return normalize((-y, x) for x, y in cells)


def mirror_cells(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The left-right mirror image, normalized."""
    return normalize((-x, y) for x, y in cells)


def handle_of(cells: tuple[Cell, ...]) -> Cell:
    """The cell of a normalized orientation nearest its centre (ties: top-left first)."""
    cx = sum(x for x, _ in cells) / len(cells)
    cy = sum(y for _, y in cells) / len(cells)
    return min(cells, key=lambda c: ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c[1], c[0]))


@dataclass
class Placer:
    """Placing one tile: its distinct orientations, the current one, and the legal placements by orientation.

    ``legal`` holds every legal placement as a frozenset of cells (from the model's ``Place`` actions).
    """

    tile: Tile
    legal: frozenset[frozenset[Cell]]
    orientation: int = 0
    orientations: tuple[tuple[Cell, ...], ...] = field(init=False)
    targets: tuple[frozenset[Cell], ...] = field(init=False)
    """For each orientation, the cells the handle may point at for a legal placement."""

    def __post_init__(self) -> None:
        self.orientations = self.tile.shape_def.orientations
        index = {cells: i for i, cells in enumerate(self.orientations)}
        targets: list[set[Cell]] = [set() for _ in self.orientations]
        for placement in self.legal:
            shape = normalize(placement)
            i = index.get(shape)
            if i is None:
                continue
            ax = min(x for x, _ in placement)
            ay = min(y for _, y in placement)
            hx, hy = handle_of(shape)
            targets[i].add((ax + hx, ay + hy))
        self.targets = tuple(frozenset(t) for t in targets)
        if not self.targets[self.orientation]:
            self.orientation = next((i for i, t in enumerate(self.targets) if t), self.orientation)

    @classmethod
    def from_cell_sets(cls, tile: Tile, placements: Iterable[Iterable[Cell]]) -> Placer:
        """A placer from any iterable of cell collections."""
        return cls(tile, frozenset(frozenset(p) for p in placements))

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The current orientation's cells, normalized."""
        return self.orientations[self.orientation]

    def ghost(self, cell: Cell) -> frozenset[Cell]:
        """The cells the tile would cover with its handle on ``cell``."""
        hx, hy = handle_of(self.cells)
        x, y = cell
        return frozenset((x + cx - hx, y + cy - hy) for cx, cy in self.cells)

    def is_legal(self, cells: frozenset[Cell]) -> bool:
        """Whether these cells are one of the model's legal placements."""
        return cells in self.legal

    def rotate(self) -> None:
        """Turn the tile a quarter clockwise."""
        self.orientation = self.orientations.index(rotate_cells(self.cells))

    def mirror(self) -> None:
        """Flip the tile left-right."""
        self.orientation = self.orientations.index(mirror_cells(self.cells))

    @property
    def current_targets(self) -> frozenset[Cell]:
        """Where the handle may point in the current orientation."""
        return self.targets[self.orientation]


__all__ = ["Placer", "handle_of", "mirror_cells", "rotate_cells"]
