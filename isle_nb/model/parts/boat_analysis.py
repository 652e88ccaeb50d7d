"""Pure, read-only questions about a :class:`~isle_nb.model.parts.boat.Boat`, used by scoring, hints and displays.

Conventions (rules.md SCORE-3, OSHAX-1; game-data §4.6):

* A **cat** here means a cat tile *or* an Oshax tile. A tile counts as **one** cat whatever its size.
* An Oshax counts as a cat of its chosen colour (for families, colour counts, edges, lessons) and *also* as an
  Oshax (:func:`oshax_count`).
* Two tiles **touch** when some cell of one shares an edge with some cell of the other; diagonal contact is
  not touching (PLACE-3).
* A **family** is a maximal group of same-colour cats joined by touching. :func:`families` returns every
  group, including groups of one or two cats; only groups of three or more score (:func:`scoring_families`).
* A cat **touches the edge** when it covers at least one edge cell of the boat (game-data §1.3).
* A **visible rat** is a rat cell no tile covers. A **filled room** has every cell covered, an **unfilled
  room** has at least one empty cell, an **empty room** has no covered cell at all.

Every function takes the boat and returns plain values (tuples, dicts, ints); nothing is mutated or cached on
the boat, and all the work is a few bitmask operations per tile.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from isle_nb.model.parts.boat import MIDDLE_ROW, Boat, PlacedTile
from isle_nb.model.parts.geometry import Cell, cells_to_mask, iter_cells, neighbours_mask
from isle_nb.model.parts.tiles import COLOURS, Colour

__all__ = [
    "Family",
    "cat_tiles",
    "cats_not_touching_treasure",
    "cats_of_colour",
    "cats_touching_edge",
    "cats_touching_treasure",
    "cats_touching_visible_rats",
    "colour_counts",
    "colours_touching_visible_rats",
    "common_treasures",
    "covered_maps",
    "empty_edge_cells",
    "empty_rooms",
    "families",
    "family_points",
    "filled_rooms",
    "largest_family_size",
    "lonely_cats",
    "middle_row_empty_cells",
    "oshax_count",
    "rare_treasures",
    "scoring_families",
    "tiles_touching",
    "touching_tiles",
    "treasures",
    "treasures_touching_colour",
    "uncovered_maps",
    "unfilled_rooms",
    "visible_rats",
]


def family_points(size: int) -> int:
    """Points for a family of ``size`` cats (SCORE-3): 3 → 8, 4 → 11, n ≥ 5 → 5·(n-2); fewer than 3 → 0."""
    if size < 3:
        return 0
    if size == 3:
        return 8
    if size == 4:
        return 11
    return 5 * (size - 2)


@dataclass(frozen=True, slots=True)
class Family:
    """A maximal group of same-colour cats (cats and Oshax) joined by shared edges.

    ``size`` is the number of tiles, not of cells. Groups of one or two cats are families in this sense too,
    but score nothing (:attr:`points` is 0); ``is_scoring`` tells whether the group is a family of SCORE-3.
    """

    colour: Colour
    tiles: tuple[PlacedTile, ...]

    @property
    def size(self) -> int:
        """Number of cats (tiles) in the family."""
        return len(self.tiles)

    @property
    def points(self) -> int:
        """Family points by SCORE-3 (0 below three cats)."""
        return family_points(len(self.tiles))

    @property
    def is_scoring(self) -> bool:
        """True for a family of three or more cats (SCORE-3)."""
        return len(self.tiles) >= 3

    @property
    def oshax(self) -> int:
        """How many of its cats are Oshax."""
        return sum(1 for p in self.tiles if p.tile.kind == "oshax")

    @property
    def mask(self) -> int:
        """Bitmask of every cell the family covers."""
        mask = 0
        for placed in self.tiles:
            mask |= placed.mask
        return mask

    @property
    def cells(self) -> frozenset[Cell]:
        """Every cell the family covers."""
        return frozenset(iter_cells(self.mask))

    def describe(self) -> str:
        """A short text such as ``"blue family of 4 cats (1 Oshax)"``."""
        word = "cat" if self.size == 1 else "cats"
        text = f"{self.colour} family of {self.size} {word}"
        if self.oshax:
            text += f" ({self.oshax} Oshax)"
        return text

    def __repr__(self) -> str:
        return f"Family({self.colour!r}, size={self.size})"


# -- tiles by kind -------------------------------------------------------------------------------------------
def cat_tiles(boat: Boat) -> tuple[PlacedTile, ...]:
    """The cats and Oshax on the boat, in placement order."""
    return tuple(p for p in boat.tiles if p.tile.is_cat)


def cats_of_colour(boat: Boat, colour: str) -> tuple[PlacedTile, ...]:
    """The cats and Oshax of ``colour`` (an Oshax by its chosen colour)."""
    return tuple(p for p in boat.tiles if p.tile.is_cat and p.tile.colour == colour)


def oshax_count(boat: Boat) -> int:
    """How many Oshax tiles are on the boat."""
    return sum(1 for p in boat.tiles if p.tile.kind == "oshax")


def treasures(boat: Boat) -> tuple[PlacedTile, ...]:
    """The rare and common treasures on the boat."""
    return tuple(p for p in boat.tiles if p.tile.is_treasure)


def rare_treasures(boat: Boat) -> tuple[PlacedTile, ...]:
    """The rare treasures on the boat."""
    return tuple(p for p in boat.tiles if p.tile.kind == "rare")


def common_treasures(boat: Boat) -> tuple[PlacedTile, ...]:
    """The common treasures on the boat."""
    return tuple(p for p in boat.tiles if p.tile.kind == "common")


def colour_counts(boat: Boat) -> Mapping[Colour, int]:
    """Cats (Oshax included, by chosen colour) per colour; every one of the five colours is a key."""
    counts: dict[Colour, int] = dict.fromkeys(COLOURS, 0)
    for placed in boat.tiles:
        colour = placed.tile.colour
        if placed.tile.is_cat and colour is not None:
            counts[colour] += 1
    return MappingProxyType(counts)


# -- touching ------------------------------------------------------------------------------------------------
def tiles_touching(placed_a: PlacedTile, placed_b: PlacedTile) -> bool:
    """True when the two tiles share at least one cell edge (diagonal contact does not count)."""
    if placed_a is placed_b:
        return False
    return bool(neighbours_mask(placed_a.mask) & placed_b.mask)


def touching_tiles(boat: Boat, placed: PlacedTile) -> tuple[PlacedTile, ...]:
    """The other tiles on the boat that touch ``placed``."""
    around = neighbours_mask(placed.mask) & ~placed.mask
    return tuple(p for p in boat.tiles if p is not placed and p.mask & around)


def families(boat: Boat) -> list[Family]:
    """Every same-colour group of touching cats, including groups of one or two (SCORE-3, OSHAX-1).

    Sorted largest first; equal sizes follow the colour order of :data:`~isle_nb.model.parts.tiles.COLOURS`, then
    the order the first tile of each group was placed. Each tile lists in placement order.
    """
    cats = [p for p in boat.tiles if p.tile.is_cat and p.tile.colour is not None]
    around = [neighbours_mask(p.mask) for p in cats]
    seen = [False] * len(cats)
    groups: list[tuple[int, Family]] = []
    for start, first in enumerate(cats):
        if seen[start]:
            continue
        seen[start] = True
        members = [start]
        stack = [start]
        while stack:
            current = stack.pop()
            for other, candidate in enumerate(cats):
                if (
                    not seen[other]
                    and candidate.tile.colour == first.tile.colour
                    and around[current] & candidate.mask
                ):
                    seen[other] = True
                    members.append(other)
                    stack.append(other)
        colour = first.tile.colour
        assert colour is not None
        groups.append((start, Family(colour, tuple(cats[i] for i in sorted(members)))))
    groups.sort(key=lambda item: (-item[1].size, COLOURS.index(item[1].colour), item[0]))
    return [family for _, family in groups]


def scoring_families(boat: Boat) -> list[Family]:
    """The families of three or more cats (the ones that score, SCORE-3), largest first."""
    return [f for f in families(boat) if f.is_scoring]


def largest_family_size(boat: Boat) -> int:
    """Size of the largest scoring family (three or more cats), or 0 if the boat has none."""
    found = scoring_families(boat)
    return found[0].size if found else 0


def lonely_cats(boat: Boat, colour: str | None = None) -> tuple[PlacedTile, ...]:
    """Cats (Oshax included) that touch no other cat of their colour; only those of ``colour`` if given."""
    return tuple(f.tiles[0] for f in families(boat) if f.size == 1 and (colour is None or f.colour == colour))


# -- the edge and the middle row -----------------------------------------------------------------------------
def cats_touching_edge(boat: Boat, colour: str | None = None) -> tuple[PlacedTile, ...]:
    """Cats (Oshax included) covering at least one edge cell; only those of ``colour`` if given."""
    edge = boat.layout.edge_mask
    return tuple(
        p
        for p in boat.tiles
        if p.tile.is_cat and p.mask & edge and (colour is None or p.tile.colour == colour)
    )


def empty_edge_cells(boat: Boat) -> frozenset[Cell]:
    """Edge cells no tile covers."""
    return frozenset(iter_cells(boat.layout.edge_mask & ~boat.occupied))


def middle_row_empty_cells(boat: Boat) -> frozenset[Cell]:
    """Empty cells of the middle row (y = 4, all 22 columns)."""
    row = cells_to_mask(c for c in boat.layout.cells if c[1] == MIDDLE_ROW)
    return frozenset(iter_cells(row & ~boat.occupied))


# -- rats, rooms, maps ---------------------------------------------------------------------------------------
def visible_rats(boat: Boat) -> frozenset[Cell]:
    """Rat cells no tile covers (SCORE-1)."""
    return frozenset(iter_cells(boat.layout.rat_mask & ~boat.occupied))


def filled_rooms(boat: Boat) -> tuple[int, ...]:
    """Rooms (1-7) whose every cell is covered."""
    return tuple(r for r, mask in boat.layout.room_masks.items() if not mask & ~boat.occupied)


def unfilled_rooms(boat: Boat) -> tuple[int, ...]:
    """Rooms (1-7) with at least one empty cell (SCORE-2)."""
    return tuple(r for r, mask in boat.layout.room_masks.items() if mask & ~boat.occupied)


def empty_rooms(boat: Boat) -> tuple[int, ...]:
    """Rooms (1-7) with no covered cell at all (lessons 137, 140)."""
    return tuple(r for r, mask in boat.layout.room_masks.items() if not mask & boat.occupied)


def uncovered_maps(boat: Boat) -> Mapping[Cell, Colour]:
    """Treasure-map cells no tile covers, with their colours."""
    occupied = boat.occupied
    return MappingProxyType(
        {c: colour for c, colour in boat.layout.maps.items() if not cells_to_mask([c]) & occupied}
    )


def covered_maps(boat: Boat) -> Mapping[Cell, Colour]:
    """Treasure-map cells covered by any tile, with their colours."""
    occupied = boat.occupied
    return MappingProxyType(
        {c: colour for c, colour in boat.layout.maps.items() if cells_to_mask([c]) & occupied}
    )


# -- cats against treasures and rats -------------------------------------------------------------------------
def _union(tiles: Iterable[PlacedTile]) -> int:
    mask = 0
    for placed in tiles:
        mask |= placed.mask
    return mask


def cats_touching_treasure(boat: Boat) -> tuple[PlacedTile, ...]:
    """Cats (Oshax included) that touch at least one treasure, rare or common."""
    treasure_mask = _union(treasures(boat))
    return tuple(p for p in cat_tiles(boat) if neighbours_mask(p.mask) & treasure_mask)


def cats_not_touching_treasure(boat: Boat) -> tuple[PlacedTile, ...]:
    """Cats (Oshax included) that touch no treasure."""
    treasure_mask = _union(treasures(boat))
    return tuple(p for p in cat_tiles(boat) if not neighbours_mask(p.mask) & treasure_mask)


def treasures_touching_colour(boat: Boat, colour: str) -> tuple[PlacedTile, ...]:
    """Treasures (rare or common) touching at least one cat of ``colour``; each treasure listed once."""
    colour_mask = _union(cats_of_colour(boat, colour))
    return tuple(p for p in treasures(boat) if neighbours_mask(p.mask) & colour_mask)


def cats_touching_visible_rats(boat: Boat) -> tuple[PlacedTile, ...]:
    """Cats (Oshax included) orthogonally next to at least one visible (uncovered) rat cell."""
    rats = boat.layout.rat_mask & ~boat.occupied
    return tuple(p for p in cat_tiles(boat) if neighbours_mask(p.mask) & rats)


def colours_touching_visible_rats(boat: Boat) -> frozenset[Colour]:
    """Colours that have at least one cat next to a visible rat."""
    return frozenset(p.tile.colour for p in cats_touching_visible_rats(boat) if p.tile.colour is not None)


def most_treasures_touching_a_rat(boat: Boat) -> int:
    """The most treasures (rare or common) touching one visible rat cell (Explore & Draw lesson 10); 0 if none."""
    found = treasures(boat)
    return max(
        (sum(1 for p in found if neighbours_mask(p.mask) & cells_to_mask([rat])) for rat in visible_rats(boat)),
        default=0,
    )


def treasures_touching(boat: Boat, placed: PlacedTile) -> int:
    """How many treasures (rare or common) touch ``placed``."""
    around = neighbours_mask(placed.mask)
    return sum(1 for p in treasures(boat) if p.mask & around)
