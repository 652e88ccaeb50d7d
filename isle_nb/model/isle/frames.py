"""The game state as pandas DataFrames, for inspection mid-game: players, boats, tiles, cards and the log.

:func:`tile_locations` and :func:`card_locations` say where every one of the 160 tiles and 150 cards is; the
frames and the conformance tests both use them, so "every component is in exactly one place" is checked on the
same data a user sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isle_nb.model.isle.hidden import CardLocation, card_locations, hidden_from
from isle_nb.model.isle.state import FieldForCat, GameState, PlaceTile
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.boat import ROOM_NAMES
from isle_nb.model.parts.cards import card, discovery_card_ids, family_lesson_ids
from isle_nb.model.parts.tiles import Tile

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

TileLocation = tuple[Tile, str, str | None]
"""A tile, where it is (bag, left field, right field, display, supply, oshax, box, boat, pending) and whose."""

def tile_locations(state: GameState) -> list[TileLocation]:
    """Every tile in the game with its location; each tile appears exactly once."""
    found: list[TileLocation] = []
    for where, tiles in (
        ("bag", state.bag),
        ("left field", state.left_field),
        ("right field", state.right_field),
        ("around the island", state.around_island),
        ("rare display", state.rare_display),
        ("common supply", state.common_supply),
        ("oshax supply", state.oshax_supply),
        ("box", state.box),
    ):
        found.extend((t, where, None) for t in tiles)
    for player in state.players:
        found.extend((p.tile, "boat", player.name) for p in player.boat.tiles)
    for pending in state.pending:
        if isinstance(pending, (PlaceTile, FieldForCat)):
            found.append((pending.tile, "being placed" if pending.kind == "place" else "drawn", pending.player))
    return found


def players_frame(state: GameState) -> pd.DataFrame:
    """One row per player (seat order): boat, fish, cards, baskets, speed, place in turn order, tiles on boat."""
    rows = []
    for p in state.players:
        rows.append(
            {
                "player": p.name,
                "seat": p.seat,
                "turn_position": state.turn_order.index(p.seat) + 1,
                "boat": p.boat.layout_name,
                "fish": p.fish,
                "hand": len(p.hand),
                "private_lessons": len(p.private_lessons),
                "permanent_baskets": p.permanent_baskets,
                "baskets_ready": p.ready_baskets,
                "speed": p.speed,
                "tiles_on_boat": len(p.boat.tiles),
                "cells_covered": p.boat.occupied.bit_count(),
            }
        )
    return pd.DataFrame(rows)


def boat_frame(state: GameState, name: str) -> pd.DataFrame:
    """One row per cell of a player's boat: x, y, room, rat, map colour, edge, the covering tile."""
    boat = state.player(name).boat
    layout = boat.layout
    covering = {cell: placed.tile for placed in boat.tiles for cell in placed.cells}
    rows = []
    for x, y in sorted(layout.cells, key=lambda c: (c[1], c[0])):
        tile = covering.get((x, y))
        rows.append(
            {
                "x": x,
                "y": y,
                "room": layout.room_of[(x, y)],
                "room_name": ROOM_NAMES[layout.room_of[(x, y)]],
                "rat": (x, y) in layout.rats,
                "map": layout.maps.get((x, y)),
                "edge": (x, y) in layout.edge,
                "tile": tile.id if tile else None,
                "tile_kind": tile.kind if tile else None,
                "tile_colour": tile.colour if tile else None,
            }
        )
    return pd.DataFrame(rows)


def tiles_frame(state: GameState) -> pd.DataFrame:
    """Every tile (85 cats, 6 Oshax, 25 rare and 44 common treasures) and where it is."""
    rows = [
        {
            "tile": t.id,
            "kind": t.kind,
            "shape": str(t.shape),
            "colour": t.colour,
            "cells": t.size,
            "location": where,
            "owner": owner,
        }
        for t, where, owner in tile_locations(state)
    ]
    return pd.DataFrame(rows).sort_values(["kind", "tile"], ignore_index=True)


def family_card_locations(state: GameState) -> list[CardLocation]:
    """Family game: the 18 family lessons, dealt or kept by a player or in the box (FAMILY-1)."""
    found: list[CardLocation] = []
    for p in state.players:
        found.extend((c, "family lessons dealt", p.name) for c in p.family_offer)
        found.extend((c, "family lessons kept", p.name) for c in p.family_lessons)
    held = {c for c, _, _ in found}
    found.extend((c, "box", None) for c in family_lesson_ids() if c not in held)
    return found


def cards_frame(state: GameState, viewer: str | None = None) -> pd.DataFrame:
    """Every discovery card and where it is. With ``viewer``, cards hidden from that player show no id.

    The family game has no discovery cards (FAMILY-1): its frame lists the 18 family lessons instead.
    """
    rows = []
    family = variant(state.mode).family_lessons
    locations = family_card_locations(state) if family else card_locations(state)
    where_of = {c: (where, owner) for c, where, owner in locations}
    for card_id in family_lesson_ids() if family else discovery_card_ids():
        where, owner = where_of[card_id]
        hidden = viewer is not None and hidden_from(where, owner, viewer)
        found = card(card_id)
        rows.append(
            {
                "card": None if hidden else card_id,
                "type": None if hidden else found.type,
                "title": None if hidden else found.title,
                "cost": None if hidden else found.cost,
                "location": where,
                "owner": owner,
            }
        )
    frame = pd.DataFrame(rows)
    if viewer is not None:  # rows in card-id order would tell a hidden card's id by its position: group them
        frame = frame.sort_values(["location", "owner", "card"], na_position="last", kind="stable", ignore_index=True)
    return frame


def log_frame(state: GameState, viewer: str | None = None) -> pd.DataFrame:
    """The game log: day, phase, player, text (private lines only for their player when ``viewer`` is given)."""
    rows = [
        {"day": e.day, "phase": e.phase, "player": e.player, "text": e.text}
        for e in state.log
        if e.visible_to(viewer)
    ]
    return pd.DataFrame(rows, columns=["day", "phase", "player", "text"])
