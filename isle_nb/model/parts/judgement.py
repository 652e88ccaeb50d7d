"""How good a placement looks, judged the same way by the bots of every game that places tiles on a boat (The Isle
of Cats' greedy and search bots, Explore & Draw's bot): a plain function of model values, no chance, no hidden
information."""

from __future__ import annotations

from collections.abc import Sequence

from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.geometry import cells_to_mask, neighbours_mask
from isle_nb.model.parts.tiles import Tile


def placement_value(boat: Boat, tile: Tile, cells: Sequence[tuple[int, int]]) -> float:
    """How good a placement looks: same-colour neighbours, rats covered, rooms completed, few stranded holes."""
    mask = cells_to_mask(cells)
    layout = boat.layout
    value = 0.0
    value += 2.0 * (mask & layout.rat_mask).bit_count()
    around = neighbours_mask(mask) & ~mask
    if tile.is_cat and tile.colour is not None:
        for placed in boat.tiles:
            if placed.tile.colour == tile.colour and placed.mask & around:
                value += 6.0
    occupied = boat.occupied | mask
    value += 0.5 * (around & boat.occupied).bit_count()
    for room_mask in layout.room_masks.values():
        if room_mask & ~boat.occupied & layout.hull_mask and not room_mask & ~occupied:
            value += 8.0
    free_after = layout.hull_mask & ~occupied
    stranded = 0
    frontier = around & free_after
    while frontier:
        low = frontier & -frontier
        if not neighbours_mask(low) & free_after & ~low:
            stranded += 1
        frontier ^= low
    value -= 3.0 * stranded
    return value


__all__ = ["placement_value"]
