"""Drawing discoveries on a boat sheet (ED-3): the PLACE rules on the shared bitmask engine.

A sheet is a :class:`~isle_nb.model.parts.boat.Boat` value: the same layout, rats, maps and scoring questions. Unlike a
boat of the board game, a sheet may hold two identical drawings (a cat drawn twice with a special, two common
treasures of one shape), because discoveries are drawn with a pen, not taken from a limited supply.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from isle_nb.model.core.errors import IllegalPlacement
from isle_nb.model.explore_draw.actions import Draw
from isle_nb.model.parts.boat import Boat, PlacedTile
from isle_nb.model.parts.geometry import neighbours_mask
from isle_nb.model.parts.placements import Placement, placement_from_cells
from isle_nb.model.parts.tiles import Tile


def fits(boat: Boat, tile: Tile) -> bool:
    """Whether ``tile`` has at least one legal place on the sheet: anywhere on an empty sheet, else touching an
    earlier discovery (PLACE-1..3)."""
    return boat.can_place(tile.shape, must_touch=True)


def placements(boat: Boat, tile: Tile) -> list[Placement]:
    """Every legal place of ``tile`` on the sheet (bitmask enumeration, all rotations and mirror images)."""
    return boat.legal_placements(tile.shape, must_touch=True)


def draw_actions(boat: Boat, player: str, tile: Tile, colours: tuple[str | None, ...] = (None,)) -> list[Draw]:
    """A :class:`Draw` action for every legal place of ``tile`` (the places :func:`placements` lists, in the same
    order), in each of ``colours`` (an Oshax's possible colours; ``(None,)`` for other tiles): the hot path of
    legal actions. Each action is built once and then reused (:meth:`Boat.placement_actions`)."""
    return boat.placement_actions(
        tile, True, ("draw", player, tile.id, colours),
        lambda p: tuple(Draw(player, tile.id, p.sorted_cells, c) for c in colours))


def check_drawing(boat: Boat, tile: Tile, cells: Iterable[tuple[int, int]]) -> Placement:
    """The placement covering ``cells``, if drawing ``tile`` there keeps the PLACE rules; else
    :class:`IllegalPlacement` naming ED-3 and the PLACE rule broken."""
    try:
        found = [(operator.index(x), operator.index(y)) for x, y in cells]
    except (TypeError, ValueError):
        raise IllegalPlacement("ED-3", f"cells must be (x, y) pairs of integers, got {cells!r} (PLACE-1)") from None
    if any(isinstance(v, bool) for c in cells for v in c):
        raise IllegalPlacement("ED-3", "a coordinate cannot be true or false (PLACE-1)")
    if len(set(found)) != len(found):
        raise IllegalPlacement("ED-3", f"the cells {sorted(found)} repeat a cell (PLACE-1)")
    off = sorted(set(found) - boat.cells)
    if off:
        raise IllegalPlacement("ED-3", f"the {tile} would lie off the boat at {off} (PLACE-1)")
    placement = placement_from_cells(tile.shape_def, found)
    if placement is None:
        raise IllegalPlacement(
            "ED-3", f"those cells do not form the shape of the {tile}, in any rotation or mirror image (PLACE-1)"
        )
    if placement.mask & boat.occupied:
        raise IllegalPlacement("ED-3", f"the {tile} would overlap a discovery already drawn (PLACE-1)")
    if boat.occupied and not placement.mask & neighbours_mask(boat.occupied):
        raise IllegalPlacement(
            "ED-3", f"the {tile} must share an edge with a discovery already drawn; diagonals do not count (PLACE-3)"
        )
    return placement


def draw(boat: Boat, tile: Tile, placement: Placement) -> tuple[Boat, PlacedTile]:
    """The sheet with ``tile`` drawn at ``placement`` (already checked), and the drawing with the treasure maps
    of its own colour it covers (ED-7, MAP-1)."""
    placed = PlacedTile(tile, placement.cells, placement.mask, boat.map_bonuses(tile, placement))
    return Boat(boat.layout_name, (*boat.tiles, placed), boat.occupied | placement.mask), placed
