"""What a placement would give, in the game's words: rooms, rats covered, treasure maps, rooms filled, families.

The placing ghost says it while the mouse hovers a spot, the log says it after a tile is placed, and a hint says
it for the suggested spot, all from :func:`placement_effects` / :func:`describe_placement`. Nothing here decides
whether a placement is legal (that is :meth:`Boat.check_placement`); it only reads the boat.

For many placements of one tile (a whole ghost's worth), build one :class:`PlacementDescriber`: it looks at the
boat once (its families, rats and rooms as bitmasks), so each placement then costs a few integer operations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from isle_nb.model.parts.boat import ROOM_NAMES, Boat
from isle_nb.model.parts.boat_analysis import families, family_points
from isle_nb.model.parts.geometry import Cell, cells_to_mask, neighbours_mask
from isle_nb.model.parts.placements import Placement
from isle_nb.model.parts.tiles import Colour, Tile
from isle_nb.model.parts.words import with_article


def room_words(room: int) -> str:
    """A room as every part of the game names it: ``"room 3 (dining room)"``, ``"room 4 (bedroom, bottom)"``
    (number and name from the boat data, whose "(bottom)" becomes ", bottom" so brackets never nest; the board
    shows the same numbers)."""
    name = ROOM_NAMES[room]
    name = re.sub(r"\s*\(([^()]*)\)", r", \1", name[0].lower() + name[1:])
    return f"room {room} ({name})"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True, slots=True)
class PlacementEffects:
    """What one placement of a tile would do on a boat.

    ``maps`` lists the colours of the treasure maps the tile covers; ``map_bonuses`` how many of them earn a
    common treasure (the tile is a cat or coloured Oshax of the map's colour, MAP-1, MAP-2). ``family_size`` is
    the number of cats in the family the tile would belong to (0 for treasures and for an Oshax without its colour
    yet); ``joined`` how many existing same-colour groups it would join.
    """

    tile: Tile
    rooms: tuple[int, ...]
    rats_covered: int
    maps: tuple[Colour, ...]
    map_bonuses: int
    rooms_filled: tuple[int, ...]
    family_size: int
    joined: int

    @property
    def family_points(self) -> int:
        """Points the tile's family would score now (SCORE-3; 0 below three cats)."""
        return family_points(self.family_size)

    def words(self) -> list[str]:
        """The effects as short phrases in the game's words (the first says where the tile lies)."""
        single = len(self.rooms) == 1
        parts = [f"in {room_words(self.rooms[0])}" if single else f"across rooms {_and([str(r) for r in self.rooms])}"]
        if self.rats_covered:
            parts.append(f"covering {self.rats_covered} rat{'s' if self.rats_covered != 1 else ''}")
        colour = self.tile.colour if self.tile.is_cat else None
        for map_colour in self.maps:
            if map_colour == colour:
                parts.append(f"on the {map_colour} map: a treasure-map bonus")
            elif colour is None and self.tile.kind == "oshax":
                parts.append(f"on the {map_colour} map: a bonus if the Oshax is {map_colour}")
            else:
                parts.append(f"no bonus: the map is {map_colour}")
        for room in self.rooms_filled:
            parts.append(f"fills room {room}")
        if colour is not None and self.family_size == 2:
            parts.append(f"next to {with_article(colour)} cat")
        elif colour is not None and self.family_size >= 3:
            parts.append(f"{with_article(colour)} family of {self.family_size} cats ({self.family_points} points)")
        return parts

    def sentence(self) -> str:
        """The effects as one sentence: ``"In room 3 (dining room), covering 2 rats, fills room 3."``."""
        text = ", ".join(self.words())
        return f"{text[0].upper()}{text[1:]}."


class PlacementDescriber:
    """Describes many placements of one tile on one boat (the boat is read once)."""

    def __init__(self, boat: Boat, tile: Tile) -> None:
        self.boat = boat
        self.tile = tile
        layout = boat.layout
        self._room_masks = tuple(layout.room_masks.items())
        self._rat_mask = layout.rat_mask & ~boat.occupied
        self._maps = tuple((cells_to_mask([cell]), colour) for cell, colour in sorted(layout.maps.items())
                           if not boat.occupied & cells_to_mask([cell]))
        colour = tile.colour if tile.is_cat else None
        self._families = (
            tuple((family.mask, family.size) for family in families(boat) if family.colour == colour)
            if colour is not None else ()
        )

    def effects(self, where: Placement | Iterable[Cell]) -> PlacementEffects:
        """What placing the tile on ``where`` (a placement or its cells) would do; the spot is not checked."""
        mask = where.mask if isinstance(where, Placement) else cells_to_mask(where)
        occupied = self.boat.occupied | mask
        touched = [(room, room_mask) for room, room_mask in self._room_masks if room_mask & mask]
        rooms = tuple(room for room, _ in touched)
        filled = tuple(room for room, room_mask in touched if not room_mask & ~occupied)
        maps = tuple(colour for map_mask, colour in self._maps if map_mask & mask)
        colour = self.tile.colour if self.tile.is_cat else None
        bonuses = sum(1 for c in maps if c == colour)
        size = joined = 0
        if colour is not None:
            size = 1
            around = neighbours_mask(mask)
            for family_mask, family_size in self._families:
                if family_mask & around:
                    size += family_size
                    joined += 1
        return PlacementEffects(
            tile=self.tile,
            rooms=rooms,
            rats_covered=(self._rat_mask & mask).bit_count(),
            maps=maps,
            map_bonuses=bonuses,
            rooms_filled=filled,
            family_size=size,
            joined=joined,
        )

    def describe(self, where: Placement | Iterable[Cell]) -> str:
        """:meth:`effects` as one sentence."""
        return self.effects(where).sentence()


def placement_effects(boat: Boat, tile: Tile, where: Placement | Iterable[Cell]) -> PlacementEffects:
    """What placing ``tile`` on ``where`` (a :class:`Placement` or the cells it would cover) would do on ``boat``.

    The boat is the one *before* the tile is placed. Legality is not checked: ask the boat for that.
    """
    return PlacementDescriber(boat, tile).effects(where)


def describe_placement(boat: Boat, tile: Tile, where: Placement | Iterable[Cell]) -> str:
    """A placement in the game's words, for players and the log, e.g. ``"In room 3 (dining room), covering 2 rats,
    on the blue map: a treasure-map bonus, fills room 3, a blue family of 4 cats (11 points)."``

    ``boat`` is the boat before the tile is placed (for a placement already made, pass the boat without it, e.g.
    ``boat.remove(tile)``); an Oshax should carry its chosen colour. Legality is not checked.
    """
    return placement_effects(boat, tile, where).sentence()


__all__ = ["PlacementDescriber", "PlacementEffects", "describe_placement", "placement_effects", "room_words"]
