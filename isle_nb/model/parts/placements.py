"""Enumerating legal placements with bitmasks (PLACE-1..6): the hot path of previews, hints and bots.

For one orientation with cell bit-offsets ``o1..ok`` (the orientation is normalized, so every offset is >= 0),
the anchors where the whole tile lies on free cells are ``AND_i (free >> o_i)``, and the anchors where some cell
of the tile lies next to a tile already on the boat are ``OR_i (next_to_tiles >> o_i)``. So all legal
placements of one orientation come from ``2k`` shifts of one big integer, whatever the number of placements.

:class:`Placement` objects are built once per (shape, orientation, anchor) and cached, so enumeration only walks
the set bits of the result.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import TypeVar

from isle_nb.model.parts.geometry import HEIGHT, STRIDE, WIDTH, Cell, Shape, cells_to_mask


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a tile lies: which orientation of its shape, the anchor cell of that orientation, and its cells.

    ``anchor`` is the boat cell where the orientation's (0, 0) corner falls (it may itself be empty for shapes
    like a T). ``mask`` is the bitmask of ``cells``.
    """

    shape: int | str
    orientation: int
    anchor: Cell
    cells: frozenset[Cell] = field(compare=False)
    mask: int = field(compare=False, repr=False)
    sorted_cells: tuple[Cell, ...] = field(default=(), compare=False, repr=False)
    """``cells`` in sorted order (what a ``Place`` action carries), computed once for the cached placement."""

    def __post_init__(self) -> None:
        if not self.sorted_cells:
            object.__setattr__(self, "sorted_cells", tuple(sorted(self.cells)))

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form."""
        return {"orientation": self.orientation, "anchor": list(self.anchor), "cells": sorted(self.cells)}

    def __repr__(self) -> str:
        return f"Placement(shape={self.shape!r}, orientation={self.orientation}, anchor={self.anchor})"


class OrientationTable:
    """Bit offsets of one orientation and its cache of :class:`Placement` objects by anchor bit."""

    __slots__ = ("cache", "cells", "index", "mask", "offsets", "shape", "sorted_cells")

    def __init__(self, shape: Shape, index: int) -> None:
        self.shape = shape.key
        self.index = index
        self.cells = shape.orientations[index]
        self.sorted_cells = tuple(sorted(self.cells))  # moving every cell by the anchor keeps this order
        self.offsets = tuple(y * STRIDE + x for x, y in self.cells)
        self.mask = cells_to_mask(self.cells)
        self.cache: dict[int, Placement] = {}

    def placement(self, anchor_bit: int) -> Placement:
        """The placement with its (0, 0) corner at this bit (cached)."""
        found = self.cache.get(anchor_bit)
        if found is None:
            ax, ay = anchor_bit % STRIDE, anchor_bit // STRIDE
            placed = tuple([(ax + x, ay + y) for x, y in self.sorted_cells])
            found = Placement(self.shape, self.index, (ax, ay), frozenset(placed), self.mask << anchor_bit, placed)
            self.cache[anchor_bit] = found
        return found

    def anchors(self, free: int, touch: int | None) -> int:
        """Bitmask of anchors where this orientation lies on ``free`` cells (and meets ``touch``, if given)."""
        offsets = self.offsets
        fits = free >> offsets[0]
        for offset in offsets[1:]:
            fits &= free >> offset
            if not fits:
                return 0
        if touch is None:
            return fits
        meets = 0
        for offset in offsets:
            meets |= touch >> offset
        return fits & meets


@cache
def orientation_tables(shape: Shape) -> tuple[OrientationTable, ...]:
    """The tables of every distinct orientation of a shape, built once."""
    return tuple(OrientationTable(shape, i) for i in range(len(shape.orientations)))


def enumerate_placements(shape: Shape, free: int, touch: int | None) -> list[Placement]:
    """All placements of ``shape`` lying on ``free`` cells and, unless ``touch`` is None, meeting ``touch``."""
    result: list[Placement] = []
    append = result.append
    for table in orientation_tables(shape):
        anchors = table.anchors(free, touch)
        if not anchors:
            continue
        cache_get = table.cache.get
        while anchors:
            low = anchors & -anchors
            anchor_bit = low.bit_length() - 1
            placement = cache_get(anchor_bit)
            append(placement if placement is not None else table.placement(anchor_bit))
            anchors ^= low
    return result


A = TypeVar("A")

_ACTIONS: dict[Hashable, list[dict[int, tuple[object, ...]]]] = {}
_ACTION_KEYS_KEPT = 1024


def placement_actions(shape: Shape, free: int, touch: int | None, key: Hashable,
                      make: Callable[[Placement], tuple[A, ...]]) -> list[A]:
    """The actions ``make`` builds for each placement :func:`enumerate_placements` lists, in its order: the legal
    actions of a placement decision (one or more per placement, e.g. one per Oshax colour).

    Actions are immutable values, so each is built once and then reused: ``key`` must name everything ``make``
    depends on besides the placement (player, shape, colours...)."""
    tables = orientation_tables(shape)
    built = _ACTIONS.get(key)
    if built is None:
        if len(_ACTIONS) >= _ACTION_KEYS_KEPT:
            _ACTIONS.clear()
        built = _ACTIONS[key] = [{} for _ in tables]
    found: list[A] = []
    extend = found.extend
    for table, known in zip(tables, built, strict=True):
        anchors = table.anchors(free, touch)
        get = known.get
        while anchors:
            low = anchors & -anchors
            anchor_bit = low.bit_length() - 1
            actions = get(anchor_bit)
            if actions is None:
                actions = known[anchor_bit] = make(table.placement(anchor_bit))
            extend(actions)  # type: ignore[arg-type]  # the cache holds what make built for this key
            anchors ^= low
    return found


def count_placements(shape: Shape, free: int, touch: int | None) -> int:
    """How many placements :func:`enumerate_placements` would return, without building them."""
    return sum(table.anchors(free, touch).bit_count() for table in orientation_tables(shape))


def nth_placement(shape: Shape, free: int, touch: int | None, index: int) -> Placement:
    """``enumerate_placements(shape, free, touch)[index]``, found by counting (the others are not built);
    :class:`IndexError` past the last."""
    if index >= 0:
        for table in orientation_tables(shape):
            anchors = table.anchors(free, touch)
            count = anchors.bit_count()
            if index >= count:
                index -= count
                continue
            for _ in range(index):
                anchors &= anchors - 1  # drop the lowest anchor
            return table.placement((anchors & -anchors).bit_length() - 1)
    raise IndexError("no placement of that number")


def has_placement(shape: Shape, free: int, touch: int | None) -> bool:
    """Whether :func:`enumerate_placements` would return anything (stops at the first orientation that fits)."""
    return any(table.anchors(free, touch) for table in orientation_tables(shape))


def placement_from_cells(shape: Shape, cells: Iterable[Cell]) -> Placement | None:
    """The placement covering exactly these cells, or ``None`` when they do not form this shape."""
    cells = frozenset(cells)
    if len(cells) != shape.size or any(not (0 <= x < WIDTH and 0 <= y < HEIGHT) for x, y in cells):
        return None
    index = shape.orientation_index(cells)
    if index is None:
        return None
    anchor_x = min(x for x, _ in cells)
    anchor_y = min(y for _, y in cells)
    return orientation_tables(shape)[index].placement(anchor_y * STRIDE + anchor_x)


def iter_orientation_cells(shape: Shape) -> Iterator[tuple[Cell, ...]]:
    """The cells of each orientation, in the order of :attr:`Placement.orientation`."""
    yield from shape.orientations
