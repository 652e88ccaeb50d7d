"""What changed since a player's last move, from two of their views (design.md §3: derived facts come from views).

What the others did between two of your moves is easy to miss: a log line, and a boat that changed between looks.
:func:`changes_since` compares the view a seat had right after its own last move (:attr:`Seat.seen
<isle_nb.model.core.seat.Seat.seen>`) with the view now and says what is new: the tiles on each other player's boat
(cats, Oshax, treasures), the cats that arrived in or left the fields (or the cats around the island in the family
game), the rare treasures that came to or left the display, the Oshax taken, and the public lessons played. It reads
only the two views, so it serves a local seat, a remote one and a test alike; the screens only mark what it lists.
Before a player's first move there is nothing to compare with, and nothing is marked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.parts.boat import PlacedTile
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.scoring.score import plural
from isle_nb.model.parts.tiles import Tile

CHANGED_WORDS = "changed since your last move"
"""What a mark on a changed tile or card means, for legends and tooltips."""


@dataclass(frozen=True, slots=True)
class Changes:
    """What is new in a player's view since their last move (see the module docstring); empty before it."""

    boats: Mapping[str, tuple[PlacedTile, ...]] = field(default_factory=dict)
    """The tiles placed on each other player's boat since, by player (only players whose boat changed)."""
    arrived: frozenset[str] = frozenset()
    """The ids of the cats now in a field (or around the island) that were not in that field before."""
    left: tuple[Tile, ...] = ()
    """The cats that were in the fields (or around the island) and are in none now (rescued, or gone at night)."""
    rare_arrived: frozenset[str] = frozenset()
    """The ids of the rare treasures on display that were not there before."""
    rare_left: tuple[Tile, ...] = ()
    """The rare treasures taken from the display."""
    oshax_left: tuple[Tile, ...] = ()
    """The Oshax taken from the supply."""
    lessons: tuple[int, ...] = ()
    """The public lessons played since (card ids)."""

    @property
    def empty(self) -> bool:
        """Whether nothing changed (always so before the player's first move)."""
        return not (self.boats or self.arrived or self.left or self.rare_arrived or self.rare_left
                    or self.oshax_left or self.lessons)

    def cells(self, player: str) -> tuple[frozenset[Cell], ...]:
        """The cells of each tile placed on ``player``'s boat since (one set per tile; none if it did not
        change)."""
        return tuple(placed.cells for placed in self.boats.get(player, ()))

    def sentence(self) -> str:
        """What changed, in one sentence for the player ("" when nothing did)."""
        parts = [f"{name} placed {plural(len(tiles), 'tile')}" for name, tiles in self.boats.items()]
        counted = ((self.left, "cat", None, "left the fields"), (self.arrived, "cat", None, "arrived"),
                   (self.rare_left, "rare treasure", None, "taken from the display"),
                   (self.rare_arrived, "rare treasure", None, "came to the display"),
                   (self.oshax_left, "Oshax", "Oshax", "taken"), (self.lessons, "public lesson", None, "played"))
        parts += [f"{plural(len(items), word, many)} {what}" for items, word, many, what in counted if items]
        if not parts:
            return ""
        listed = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
        return f"Since your last move: {listed}."


NOTHING = Changes()
"""No change (before a player's first move, or when nobody did anything since)."""


def _fields(view: PlayerView) -> dict[str, tuple[Tile, ...]]:
    return {"left": view.left_field, "right": view.right_field, "around": view.around_island}


def _gone(before: Iterable[Tile], now: Iterable[Tile]) -> tuple[Tile, ...]:
    kept = {tile.id for tile in now}
    return tuple(tile for tile in before if tile.id not in kept)


def _new_ids(before: Iterable[Tile], now: Iterable[Tile]) -> frozenset[str]:
    had = {tile.id for tile in before}
    return frozenset(tile.id for tile in now if tile.id not in had)


def changes_since(before: PlayerView | None, now: PlayerView) -> Changes:
    """What is new in ``now`` compared with ``before``, the same player's view right after their last move
    (``None`` before their first move: nothing is marked). The player's own boat is theirs alone: only the others'
    boats are compared."""
    if before is None:
        return NOTHING
    old_boats = {side.name: side.boat for side in before.others}
    boats: dict[str, tuple[PlacedTile, ...]] = {}
    for side in now.others:
        old = old_boats.get(side.name)
        if old is None or old is side.boat:
            continue
        had = set(old.tiles)
        new = tuple(placed for placed in side.boat.tiles if placed not in had)
        if new:
            boats[side.name] = new
    old_fields, new_fields = _fields(before), _fields(now)
    arrived = frozenset().union(*(_new_ids(old_fields[name], tiles) for name, tiles in new_fields.items()))
    every_old = [tile for tiles in old_fields.values() for tile in tiles]
    every_new = [tile for tiles in new_fields.values() for tile in tiles]
    public_before = {card_id for card_id, _colour in before.public_lessons}
    return Changes(
        boats=boats,
        arrived=arrived,
        left=_gone(every_old, every_new),
        rare_arrived=_new_ids(before.rare_display, now.rare_display),
        rare_left=_gone(before.rare_display, now.rare_display),
        oshax_left=_gone(before.oshax_supply, now.oshax_supply),
        lessons=tuple(card_id for card_id, _colour in now.public_lessons if card_id not in public_before),
    )


__all__ = ["CHANGED_WORDS", "NOTHING", "Changes", "changes_since"]
