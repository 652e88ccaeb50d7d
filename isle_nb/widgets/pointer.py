"""Mapping the pointer (mouse or keyboard) to a placement: the current orientation and the legal spots.

A :class:`Placer` is built once per tile from the model's legal ``Place`` actions, which carry the orientation and
anchor they were made with, so nothing here works out a placement from cells: turning the tile uses the shape's
own orientation maps (:meth:`Shape.turned`, :meth:`Shape.mirrored`) and a spot's cells come from
:meth:`Shape.cells_at`. It never judges a rule: a spot is legal exactly when one of those actions lies there.

The ghost is held by a *handle* cell of the current orientation (the cell nearest its middle), which follows the
mouse, so rotating keeps the tile under the pointer. Which cell is the handle is a choice of the view, not a rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from isle_nb.model.isle.actions import Place
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.tiles import Tile


def handle_of(cells: tuple[Cell, ...]) -> Cell:
    """The cell of a normalized orientation nearest its centre (ties: top-left first)."""
    cx = sum(x for x, _ in cells) / len(cells)
    cy = sum(y for _, y in cells) / len(cells)
    return min(cells, key=lambda c: ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c[1], c[0]))


def row_major(cell: Cell) -> tuple[int, int]:
    """Sort key of cells: top row first, then left to right (the order Tab steps through spots)."""
    return (cell[1], cell[0])


@dataclass
class Placer:
    """Placing one tile: its orientations, the current one, and the legal ``Place`` actions by orientation and handle.

    ``actions`` are the model's legal placements of the tile (an Oshax's come once per colour; one of each spot is
    kept, and :meth:`action_at` gives it the chosen colour).
    """

    tile: Tile
    actions: tuple[Place, ...]
    orientation: int = 0
    orientations: tuple[tuple[Cell, ...], ...] = field(init=False)
    handles: tuple[Cell, ...] = field(init=False)
    spots: tuple[dict[Cell, Place], ...] = field(init=False)
    """For each orientation, the legal action by the handle cell that places it."""

    def __post_init__(self) -> None:
        shape = self.tile.shape_def
        self.orientations = shape.orientations
        self.handles = tuple(handle_of(cells) for cells in self.orientations)
        spots: list[dict[Cell, Place]] = [{} for _ in self.orientations]
        for action in self.actions:
            if action.orientation is None or action.anchor is None:
                raise ValueError(f"{action} does not say its orientation and anchor")
            hx, hy = self.handles[action.orientation]
            handle = (action.anchor[0] + hx, action.anchor[1] + hy)
            spots[action.orientation].setdefault(handle, action)
        self.spots = tuple(dict(sorted(s.items(), key=lambda item: row_major(item[0]))) for s in spots)
        if not self.spots[self.orientation]:
            self.orientation = next((i for i, s in enumerate(self.spots) if s), self.orientation)

    @classmethod
    def of(cls, tile: Tile, actions: Iterable[Place]) -> Placer:
        """A placer from any iterable of legal ``Place`` actions for ``tile``."""
        return cls(tile, tuple(actions))

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The current orientation's cells, normalized."""
        return self.orientations[self.orientation]

    @property
    def targets(self) -> tuple[tuple[Cell, ...], ...]:
        """For each orientation, the handle cells of its legal spots (top row first)."""
        return tuple(tuple(s) for s in self.spots)

    @property
    def current_targets(self) -> tuple[Cell, ...]:
        """Where the handle may point in the current orientation."""
        return tuple(self.spots[self.orientation])

    def anchor_for(self, cell: Cell, orientation: int | None = None) -> Cell:
        """The anchor of the orientation whose handle lies on ``cell``."""
        hx, hy = self.handles[self.orientation if orientation is None else orientation]
        return (cell[0] - hx, cell[1] - hy)

    def ghost(self, cell: Cell) -> frozenset[Cell]:
        """The cells the tile would cover with its handle on ``cell`` (current orientation)."""
        return frozenset(self.tile.shape_def.cells_at(self.orientation, self.anchor_for(cell)))

    def action_at(self, cell: Cell, player: str, colour: str | None = None) -> Place:
        """The ``Place`` for the handle on ``cell`` in the current orientation: the model's legal action when there
        is one (with ``colour`` for an Oshax), else the same move built from the orientation and anchor, for the
        model to refuse with its reason."""
        legal = self.spots[self.orientation].get(cell)
        if legal is not None:
            return Place(player, legal.cells, colour, legal.orientation, legal.anchor)
        anchor = self.anchor_for(cell)
        cells = self.tile.shape_def.cells_at(self.orientation, anchor)
        return Place(player, tuple(sorted(cells)), colour, self.orientation, anchor)

    def is_legal(self, cell: Cell) -> bool:
        """Whether the handle on ``cell`` (current orientation) is one of the model's legal placements."""
        return cell in self.spots[self.orientation]

    def rotate(self) -> None:
        """Turn the tile a quarter clockwise."""
        self.orientation = self.tile.shape_def.turned(self.orientation)

    def mirror(self) -> None:
        """Flip the tile left-right."""
        self.orientation = self.tile.shape_def.mirrored(self.orientation)

    def spot_of(self, action: Place) -> tuple[int, Cell] | None:
        """The orientation and handle cell of a ``Place`` (for showing a suggested placement)."""
        if action.orientation is None or action.anchor is None:
            return None
        hx, hy = self.handles[action.orientation]
        return action.orientation, (action.anchor[0] + hx, action.anchor[1] + hy)


__all__ = ["Placer", "handle_of", "row_major"]
