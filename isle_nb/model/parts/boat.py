"""A player's boat: the fixed layout (cells, rooms, rats, treasure maps) and the tiles placed on it.

:class:`Boat` is an immutable value. :meth:`Boat.place` checks PLACE-1..5 and returns a new boat; the old one is
untouched, so a refused placement changes nothing. Occupancy is a bitmask (see :mod:`isle_nb.model.parts.geometry`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any, TypeVar

import msgspec

from isle_nb.data import load
from isle_nb.model.core.errors import IllegalPlacement, InvalidSave, UnknownComponent, quote
from isle_nb.model.core.wire import from_plain, plain_form
from isle_nb.model.parts.geometry import HEIGHT, WIDTH, Cell, Shape, cells_to_mask, iter_cells, neighbours_mask
from isle_nb.model.parts.placements import (
    Placement,
    count_placements,
    enumerate_placements,
    has_placement,
    placement_actions,
    placement_from_cells,
)
from isle_nb.model.parts.tiles import SHAPES, Colour, Tile, check_colour, tile_from_plain, tile_to_plain

A = TypeVar("A")

_BOATS = load("boats")

LAYOUTS: tuple[str, ...] = tuple(_BOATS["boats"])
"""Boat layout names: ``A``-``D`` (base game) and ``E``, ``F`` (spare Explore & Draw sheets)."""

BASE_LAYOUTS: tuple[str, ...] = ("A", "B", "C", "D")
"""The four boats of the base game (SETUP-1)."""

ROOM_ICONS: Mapping[int, str | None] = MappingProxyType({int(k): v["icon"] for k, v in _BOATS["rooms"].items()})
"""Corner icon of each room 1-7 (parrot, moon, apple, moon, none, grain, parrot)."""

ROOM_NAMES: Mapping[int, str] = MappingProxyType({int(k): v["name"] for k, v in _BOATS["rooms"].items()})
"""Readable name of each room 1-7."""

PARROT_ROOMS = (1, 7)
MOON_ROOMS = (2, 4)
APPLE_ROOM = 3
MIDDLE_ROW = 4


@dataclass(frozen=True, slots=True)
class Layout:
    """The printed side of one boat: its cells, rooms, rats and treasure maps. Shared by every boat of that name."""

    name: str
    cells: frozenset[Cell]
    rooms: Mapping[int, frozenset[Cell]]
    room_of: Mapping[Cell, int]
    rats: frozenset[Cell]
    maps: Mapping[Cell, Colour]
    edge: frozenset[Cell]
    hull_mask: int
    rat_mask: int
    edge_mask: int
    room_masks: Mapping[int, int]


@cache
def layout(name: str) -> Layout:
    """The layout of boat ``name`` (``A``-``F``)."""
    if not isinstance(name, str) or name not in _BOATS["boats"]:
        raise UnknownComponent(f"unknown boat {quote(name)}; boats are {', '.join(LAYOUTS)}")
    grid: list[str] = _BOATS["room_grid"]
    room_of = {(x, y): int(ch) for y, row in enumerate(grid) for x, ch in enumerate(row) if ch != "."}
    cells = frozenset(room_of)
    rooms = {r: frozenset(c for c, rr in room_of.items() if rr == r) for r in sorted(set(room_of.values()))}
    spec = _BOATS["boats"][name]
    rats = frozenset((x, y) for x, y in spec["rats"])
    maps = {(x, y): check_colour(colour) for colour, (x, y) in spec["maps"].items()}
    edge = frozenset(
        (x, y) for x, y in cells if any(n not in cells for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)))
    )
    return Layout(
        name=name,
        cells=cells,
        rooms=MappingProxyType(rooms),
        room_of=MappingProxyType(room_of),
        rats=rats,
        maps=MappingProxyType(maps),
        edge=edge,
        hull_mask=cells_to_mask(cells),
        rat_mask=cells_to_mask(rats),
        edge_mask=cells_to_mask(edge),
        room_masks=MappingProxyType({r: cells_to_mask(c) for r, c in rooms.items()}),
    )


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on a boat: the tile, its cells, their bitmask, and the treasure maps its placement triggered.

    ``map_bonuses`` lists the map cells of the tile's own colour that this cat or Oshax covered when it was placed:
    one common-treasure bonus each (MAP-1, MAP-2).
    """

    tile: Tile
    cells: frozenset[Cell]
    mask: int = field(repr=False)
    map_bonuses: tuple[Cell, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form."""
        data: dict[str, Any] = {"tile": self.tile.id, "cells": sorted(self.cells)}
        if self.tile.kind == "oshax":
            data["colour"] = self.tile.colour
        return data


class Boat:
    """One boat with its placed tiles. Immutable: :meth:`place` and :meth:`remove` return new boats.

    ``Boat("A")`` is an empty boat of layout A. A frozen value compared and hashed by its fields, as a frozen
    dataclass would be; written by hand, not as a dataclass, because it travels in its own form
    (:func:`boat_to_plain`) and msgspec writes every dataclass as an object of its fields, with no hook.
    """

    __slots__ = ("layout_name", "occupied", "tiles")
    __match_args__ = ("layout_name", "tiles", "occupied")
    layout_name: str
    tiles: tuple[PlacedTile, ...]
    occupied: int

    def __init__(self, layout_name: str, tiles: tuple[PlacedTile, ...] = (), occupied: int = 0) -> None:
        layout(layout_name)  # validates the name
        if not isinstance(tiles, tuple) or not all(isinstance(t, PlacedTile) for t in tiles):
            raise UnknownComponent(
                f"a boat's tiles are PlacedTile values (build a boat with Boat(name).place), not {quote(tiles)}"
            )
        set_field = object.__setattr__
        set_field(self, "layout_name", layout_name)
        set_field(self, "tiles", tiles)
        set_field(self, "occupied", occupied)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a boat is frozen: cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a boat is frozen: cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Boat], tuple[Any, ...]]:
        return (Boat, (self.layout_name, self.tiles, self.occupied))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Boat:
            return NotImplemented
        return (self.layout_name, self.tiles, self.occupied) == (
            other.layout_name, other.tiles, other.occupied)

    def __hash__(self) -> int:
        return hash((self.layout_name, self.tiles, self.occupied))

    # -- the layout ---------------------------------------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        """The boat's printed layout."""
        return layout(self.layout_name)

    @property
    def cells(self) -> frozenset[Cell]:
        """The 142 cells of the hull."""
        return self.layout.cells

    @property
    def rooms(self) -> Mapping[int, frozenset[Cell]]:
        """Room number (1-7) to its cells."""
        return self.layout.rooms

    @property
    def rats(self) -> frozenset[Cell]:
        """The 19 rat cells."""
        return self.layout.rats

    @property
    def maps(self) -> Mapping[Cell, Colour]:
        """Treasure-map cell to its colour (one map of each colour)."""
        return self.layout.maps

    @property
    def edge(self) -> frozenset[Cell]:
        """The 44 cells on the edge of the boat (a neighbour is outside the hull)."""
        return self.layout.edge

    # -- what lies on it ----------------------------------------------------------------------------------------
    @property
    def free(self) -> int:
        """Bitmask of empty hull cells."""
        return self.layout.hull_mask & ~self.occupied

    @property
    def covered(self) -> frozenset[Cell]:
        """Cells covered by a tile."""
        return frozenset(iter_cells(self.occupied))

    @property
    def empty(self) -> bool:
        """True when no tile is on the boat yet (PLACE-2)."""
        return not self.tiles

    def tile_at(self, cell: Cell) -> PlacedTile | None:
        """The placed tile covering ``cell``, if any."""
        x, y = cell
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            return None
        bit_mask = cells_to_mask([cell])
        if not self.occupied & bit_mask:
            return None
        return next(p for p in self.tiles if p.mask & bit_mask)

    def find(self, tile: Tile) -> PlacedTile | None:
        """Where ``tile`` lies on this boat (an Oshax is found whatever its chosen colour)."""
        for placed in self.tiles:
            if placed.tile.id == tile.id:
                return placed
        return None

    # -- placing ------------------------------------------------------------------------------------------------
    def touch_mask(self) -> int:
        """Empty cells next to a tile already on the boat: a new tile must cover one of them (PLACE-3)."""
        return neighbours_mask(self.occupied) & self.free

    def legal_placements(self, tile: Tile | int | str, must_touch: bool = True) -> list[Placement]:
        """Every legal placement of ``tile`` (PLACE-1..5); ``must_touch=False`` ignores PLACE-3 (PLACE-6)."""
        return enumerate_placements(_shape_of(tile), *self.placement_masks(must_touch))

    def placement_actions(self, tile: Tile, must_touch: bool, key: Hashable,
                          make: Callable[[Placement], tuple[A, ...]]) -> list[A]:
        """The actions ``make`` builds for each of :meth:`legal_placements`, in the same order, each built once and
        reused (see :func:`~isle_nb.model.parts.placements.placement_actions`; ``key`` names what ``make``
        depends on besides the placement)."""
        return placement_actions(_shape_of(tile), *self.placement_masks(must_touch), key, make)

    def placement_masks(self, must_touch: bool = True) -> tuple[int, int | None]:
        """The free cells, and the cells a new tile must cover one of (``None``: anywhere, PLACE-3/PLACE-6)."""
        return self.free, self.touch_mask() if must_touch and self.occupied else None

    def count_legal_placements(self, tile: Tile | int | str, must_touch: bool = True) -> int:
        """How many legal placements ``tile`` has, without building them."""
        shape = _shape_of(tile)
        touch = self.touch_mask() if must_touch and self.occupied else None
        return count_placements(shape, self.free, touch)

    def can_place(self, tile: Tile | int | str, must_touch: bool = True) -> bool:
        """Whether ``tile`` has at least one legal placement (PLACE-5)."""
        touch = self.touch_mask() if must_touch and self.occupied else None
        return has_placement(_shape_of(tile), self.free, touch)

    def check_placement(
        self, tile: Tile, where: Placement | Iterable[Cell], must_touch: bool = True
    ) -> Placement:
        """Validate a placement and return it; raise :class:`IllegalPlacement` naming the rule otherwise."""
        if not isinstance(tile, Tile):
            raise UnknownComponent(f"expected a Tile, got {quote(tile)}")
        if tile.kind == "oshax" and tile.colour is None:
            raise IllegalPlacement("OSHAX-1", f"choose a colour for the {tile} before placing it")
        if self.find(tile) is not None:
            raise IllegalPlacement("PLACE-1", f"the {tile} is already on this boat")
        shape = tile.shape_def
        if isinstance(where, Placement):
            if where.shape != tile.shape:
                raise IllegalPlacement(
                    "PLACE-1", f"that placement is for another shape, not for the {tile}"
                )
            placement = where
        else:
            try:
                cells = [(_coordinate(x), _coordinate(y)) for x, y in where]
            except (TypeError, ValueError):
                raise IllegalPlacement(
                    "PLACE-1", f"cells must be (x, y) pairs of integers, got {quote(where)}"
                ) from None
            if len(set(cells)) != len(cells):
                raise IllegalPlacement("PLACE-1", f"the cells {sorted(cells)} repeat a cell")
            off_cells = sorted(set(cells) - self.cells)
            if off_cells:
                raise IllegalPlacement("PLACE-1", _off_words(tile, len(off_cells)))
            found = placement_from_cells(shape, cells)
            if found is None:
                raise IllegalPlacement(
                    "PLACE-1",
                    f"the cells {sorted(cells)} do not form the shape of the {tile} ("
                    f"any rotation or mirror image)",
                )
            placement = found
        off = sorted(placement.cells - self.cells)
        if off:
            raise IllegalPlacement("PLACE-1", _off_words(tile, len(off)))
        if placement.mask & self.occupied:
            clash = (placement.mask & self.occupied).bit_count()
            raise IllegalPlacement(
                "PLACE-1",
                f"overlaps: {_cells_words(clash)} would lie on a tile already on your boat",
            )
        if must_touch and self.occupied and not placement.mask & neighbours_mask(self.occupied):
            raise IllegalPlacement(
                "PLACE-3", "must touch a tile you have: share an edge with a tile on your boat (corners do not count)"
            )
        return placement

    def map_bonuses(self, tile: Tile, placement: Placement) -> tuple[Cell, ...]:
        """Treasure maps of the tile's own colour that this placement covers (MAP-1, MAP-2)."""
        if not tile.is_cat or tile.colour is None:
            return ()
        maps = self.layout.maps
        return tuple(sorted(c for c in placement.cells if maps.get(c) == tile.colour))

    def place(self, tile: Tile, where: Placement | Iterable[Cell], must_touch: bool = True) -> Boat:
        """A new boat with ``tile`` placed (PLACE-1..5). ``where`` is a :class:`Placement` or the tile's cells.

        The new tile's :attr:`PlacedTile.map_bonuses` tells which treasure-map bonuses the placement earned.
        Raises :class:`IllegalPlacement` (nothing changes) if the placement breaks a rule.
        """
        placement = self.check_placement(tile, where, must_touch)
        placed = PlacedTile(tile, placement.cells, placement.mask, self.map_bonuses(tile, placement))
        return Boat(self.layout_name, (*self.tiles, placed), self.occupied | placement.mask)

    def remove(self, tile: Tile) -> Boat:
        """A new boat without ``tile`` (used by cards that discard treasures from a boat)."""
        placed = self.find(tile)
        if placed is None:
            raise IllegalPlacement("PLACE-1", f"the {tile} is not on this boat")
        return Boat(
            self.layout_name, tuple(p for p in self.tiles if p is not placed), self.occupied & ~placed.mask
        )

    # -- saving -------------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form: the layout and the tiles in the order they were placed."""
        return {"layout": self.layout_name, "tiles": [p.to_dict() for p in self.tiles]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Boat:
        """Rebuild a boat saved by :meth:`to_dict`, replaying every placement through the rules.

        Placements are replayed without the touch rule (a card may have lifted it), but everything else is checked.
        Raises :class:`InvalidSave` on malformed data.
        """
        try:
            boat = cls(str(data["layout"]))
            for entry in data["tiles"]:
                tile = Tile.from_id(str(entry["tile"]))
                if tile.kind == "oshax":
                    tile = tile.with_colour(entry["colour"])
                boat = boat.place(tile, [tuple(c) for c in entry["cells"]], must_touch=False)
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidSave(f"invalid boat data: {error}") from None
        return boat

    def __repr__(self) -> str:
        return f"Boat({self.layout_name!r}, {len(self.tiles)} tiles, {self.occupied.bit_count()}/142 cells covered)"

    def _repr_html_(self) -> str:
        from isle_nb.view.boat import boat_svg

        return boat_svg(self)


def _cells_words(count: int) -> str:
    return f"{count} cell" if count == 1 else f"{count} cells"


def _off_words(tile: Tile, count: int) -> str:
    word = "cat" if tile.kind in ("cat", "oshax") else "treasure"
    return f"off the boat: {_cells_words(count)} of the {word} would lie outside it"


def _coordinate(value: object) -> int:
    """An integer grid coordinate (ints and numpy integers; floats and bools are refused)."""
    if isinstance(value, bool):
        raise TypeError("a coordinate cannot be a bool")
    return operator.index(value)  # type: ignore[arg-type]  # it refuses a value without __index__ itself


def _shape_of(tile: Tile | int | str) -> Shape:
    if isinstance(tile, Tile):
        return tile.shape_def
    if isinstance(tile, (int, str)) and not isinstance(tile, bool) and tile in SHAPES:
        return SHAPES[tile]
    raise UnknownComponent(f"unknown tile or shape {quote(tile)}")


def boat_to_plain(boat: Boat) -> dict[str, Any]:
    """A boat's layout and its placed tiles in the order they were placed, with the map bonuses each earned: how a
    boat travels in a view."""
    return {
        "layout": boat.layout_name,
        "tiles": [
            {"tile": tile_to_plain(p.tile), "cells": sorted(p.cells), "map_bonuses": list(p.map_bonuses)}
            for p in boat.tiles
        ],
    }


class _PlacedForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A placed tile as it travels (see :func:`boat_to_plain`)."""

    tile: str
    cells: tuple[tuple[int, int], ...]
    map_bonuses: tuple[tuple[int, int], ...]


class _BoatForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A boat as it travels (see :func:`boat_to_plain`)."""

    layout: str
    tiles: tuple[_PlacedForm, ...]


_READ: dict[_PlacedForm, PlacedTile] = {}
"""The placed tiles :func:`boat_from_plain` read, by their form (a placed tile is a value: one object serves every
reading of a boat that still holds it)."""
READ_KEPT = 4096
"""How many forms :data:`_READ` remembers (all are forgotten when it is full: a hostile stream stays bounded)."""


def _placed(entry: _PlacedForm) -> PlacedTile:
    found = _READ.get(entry)
    if found is None:
        cells = frozenset(entry.cells)
        found = PlacedTile(tile_from_plain(entry.tile), cells, cells_to_mask(cells), entry.map_bonuses)
        if len(_READ) >= READ_KEPT:
            _READ.clear()
        _READ[entry] = found
    return found


def boat_from_plain(data: Any) -> Boat:
    """The boat :func:`boat_to_plain` wrote (an Explore & Draw sheet may hold what no boat of the base game could, so
    nothing is replayed through the placement rules)."""
    form: _BoatForm = from_plain(data, _BoatForm)
    placed = tuple(_placed(entry) for entry in form.tiles)
    occupied = 0
    for tile in placed:
        occupied |= tile.mask
    try:
        return Boat(form.layout, placed, occupied)
    except UnknownComponent as error:
        raise InvalidSave(str(error)) from None


plain_form(Boat, boat_to_plain, boat_from_plain)

