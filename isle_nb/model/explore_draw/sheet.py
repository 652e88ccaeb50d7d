"""Drawing discoveries on a boat sheet (ED-3): the PLACE rules on the shared bitmask engine.

A sheet is a :class:`~isle_nb.model.boat.Boat` value: the same layout, rats, maps and scoring questions. Unlike a
boat of the board game, a sheet may hold two identical drawings (a cat drawn twice with a special, two common
treasures of one shape), because discoveries are drawn with a pen, not taken from a limited supply.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from isle_nb.model.bitmask_placements import Placement, orientation_tables, placement_from_cells
from isle_nb.model.boat import Boat, PlacedTile
from isle_nb.model.errors import IllegalPlacement
from isle_nb.model.explore_draw.actions import Draw
from isle_nb.model.geometry import neighbours_mask
from isle_nb.model.tiles import Tile


def fits(boat: Boat, tile: Tile) -> bool:
    """Whether ``tile`` has at least one legal place on the sheet: anywhere on an empty sheet, else touching an
    earlier discovery (PLACE-1..3)."""
    return boat.can_place(tile.shape, must_touch=True)


def placements(boat: Boat, tile: Tile) -> list[Placement]:
    """Every legal place of ``tile`` on the sheet (bitmask enumeration, all rotations and mirror images)."""
    return boat.legal_placements(tile.shape, must_touch=True)


_DRAWS: dict[tuple[str, str, tuple[str | None, ...]], list[dict[int, tuple[Draw, ...]]]] = {}
_DRAW_KEYS_KEPT = 512


def draw_actions(boat: Boat, player: str, tile: Tile, colours: tuple[str | None, ...] = (None,)) -> list[Draw]:
    """A :class:`Draw` action for every legal place of ``tile`` (the places :func:`placements` lists, in the same
    order), in each of ``colours`` (an Oshax's possible colours; ``(None,)`` for other tiles): the hot path of
    legal actions.

    Actions are immutable values, so each is built once per player, tile, colours and place, then reused."""
    key = (player, tile.id, colours)
    built = _DRAWS.get(key)
    tables = orientation_tables(tile.shape_def)
    if built is None:
        if len(_DRAWS) >= _DRAW_KEYS_KEPT:
            _DRAWS.clear()
        built = _DRAWS[key] = [{} for _ in tables]
    free = boat.free
    touch = boat.touch_mask() if boat.occupied else None
    found: list[Draw] = []
    extend = found.extend
    for table, known in zip(tables, built, strict=True):
        anchors = table.anchors(free, touch)
        get = known.get
        while anchors:
            low = anchors & -anchors
            anchor_bit = low.bit_length() - 1
            actions = get(anchor_bit)
            if actions is None:
                cells = table.placement(anchor_bit).sorted_cells
                actions = known[anchor_bit] = tuple(Draw(player, tile.id, cells, c) for c in colours)
            extend(actions)
            anchors ^= low
    return found


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
        raise IllegalPlacement("ED-3", f"{tile} would lie off the boat at {off} (PLACE-1)")
    placement = placement_from_cells(tile.shape_def, found)
    if placement is None:
        raise IllegalPlacement(
            "ED-3", f"those cells do not form the shape of {tile}, in any rotation or mirror image (PLACE-1)"
        )
    if placement.mask & boat.occupied:
        raise IllegalPlacement("ED-3", f"{tile} would overlap a discovery already drawn (PLACE-1)")
    if boat.occupied and not placement.mask & neighbours_mask(boat.occupied):
        raise IllegalPlacement(
            "ED-3", f"{tile} must share an edge with a discovery already drawn; diagonals do not count (PLACE-3)"
        )
    return placement


def draw(boat: Boat, tile: Tile, placement: Placement) -> tuple[Boat, PlacedTile]:
    """The sheet with ``tile`` drawn at ``placement`` (already checked), and the drawing with the treasure maps
    of its own colour it covers (ED-7, MAP-1)."""
    placed = PlacedTile(tile, placement.cells, placement.mask, boat.map_bonuses(tile, placement))
    return Boat(boat.layout_name, (*boat.tiles, placed), boat.occupied | placement.mask), placed
