"""The box's contents as pandas DataFrames: a boat's rooms, the four boats side by side, the kinds of tiles and the
discovery deck by card type. The first notebook shows these tables; they are computed from the game data, so what
a reader sees is what the game uses."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from isle_nb.model.parts.boat import BASE_LAYOUTS, ROOM_NAMES, Boat
from isle_nb.model.parts.cards import CARDS, Card, card, discovery_card_ids
from isle_nb.model.parts.tiles import Tile, all_cats, all_common_treasures, all_oshax, all_rare_treasures

if TYPE_CHECKING:
    import pandas as pd

    from isle_nb.model.isle.game import Game
else:
    from isle_nb.model.core.lazy import pandas as pd

CARD_TYPES = ("oshax", "rescue", "anytime", "treasure", "lesson")
"""The discovery deck's card types, in the order of their card numbers."""


def rooms_frame(boat: Boat) -> pd.DataFrame:
    """One row per room of ``boat``: its number and name, how many cells and rats it has, and the colours of the
    treasure maps in it."""
    return pd.DataFrame(
        {
            "room": number,
            "name": ROOM_NAMES[number],
            "cells": len(cells),
            "rats": len(cells & boat.rats),
            "maps": ", ".join(colour for cell, colour in boat.maps.items() if cell in cells),
        }
        for number, cells in boat.rooms.items()
    )


def layouts_frame(layouts: Iterable[str] = BASE_LAYOUTS) -> pd.DataFrame:
    """The boats side by side, a column each: the colour of the map on each map cell (the same cells on every
    boat), then the number of rats."""
    boats = {name: Boat(name) for name in layouts}
    map_cells = sorted(next(iter(boats.values())).maps)
    return pd.DataFrame(
        {name: [boat.maps[cell] for cell in map_cells] + [len(boat.rats)] for name, boat in boats.items()},
        index=[f"map at {cell}" for cell in map_cells] + ["rats"],
    )


def tile_groups() -> dict[str, tuple[Tile, ...]]:
    """Every tile in the box by kind: cats, Oshax, rare treasures, common treasures."""
    return {
        "cat": all_cats(),
        "oshax": all_oshax(),
        "rare treasure": all_rare_treasures(),
        "common treasure": all_common_treasures(),
    }


def tile_kinds_frame() -> pd.DataFrame:
    """One row per kind of tile: how many tiles and shapes there are, and their sizes in squares."""
    return pd.DataFrame(
        {
            "kind": kind,
            "tiles": len(group),
            "shapes": len({t.shape for t in group}),
            "squares per tile": "-".join(map(str, sorted({t.size for t in group}))),
        }
        for kind, group in tile_groups().items()
    )


def deck_frame() -> pd.DataFrame:
    """The 150-card discovery deck by card type: how many cards, their costs in fish and their card numbers."""
    deck = [card(i) for i in discovery_card_ids()]
    rows = []
    for kind in CARD_TYPES:
        cards = [c for c in deck if c.type == kind]
        rows.append(
            {
                "type": kind,
                "cards": len(cards),
                "cost (fish)": "-".join(map(str, sorted({c.cost for c in cards}))),
                "ids": f"{min(c.id for c in cards)}-{max(c.id for c in cards)}",
            }
        )
    return pd.DataFrame(rows)


def lesson_cards_frame() -> pd.DataFrame:
    """The 38 lesson cards of the base game (113-150), one row each: number, set (core, A, B, C), private or public,
    cost, whether a colour is picked (LESSON-2, LESSON-4), title and text."""
    return pd.DataFrame(
        {
            "card": c.id,
            "set": c.module,
            "kind": "public" if c.public else "private",
            "cost": c.cost,
            "pick a colour": c.pick_colour,
            "title": c.title,
            "text": c.text,
        }
        for c in map(card, range(113, 151))
    )


def anytime_effects_frame() -> pd.DataFrame:
    """The anytime cards grouped by effect (ANY-3), one row per effect: the card numbers, how many copies, the
    cost, the title and the text."""
    groups: dict[tuple[object, ...], list[Card]] = {}
    for c in CARDS.values():
        if c.type == "anytime":
            groups.setdefault((c.effect, tuple(sorted(c.params.items()))), []).append(c)
    return pd.DataFrame(
        {
            "cards": f"{cards[0].id}-{cards[-1].id}" if len(cards) > 1 else str(cards[0].id),
            "copies": len(cards),
            "cost": cards[0].cost,
            "title": cards[0].title,
            "effect": cards[0].text,
        }
        for cards in groups.values()
    )


def setup_frame(games: Iterable[Game]) -> pd.DataFrame:
    """One row per newly set-up game (SETUP-1..6, DAY-1, FISH-1): its players and their boats, the fields, the rare
    treasures on display, the bag, the common treasures per shape, each player's fish and dealt cards, the deck
    and the turn order."""
    rows = []
    for game in games:
        first = game.players[0]
        rows.append(
            {
                "players": len(game.players),
                "boats": "".join(p.boat.layout_name for p in game.state.players),
                "left field": len(game.fields["left"]),
                "right field": len(game.fields["right"]),
                "rare on display": len(game.rare_display),
                "in bag": len(game.state.bag),
                "common per shape": game.common_supply["1x1"],
                "fish each": first.fish,
                "cards dealt": len(game.view(first.name)["me"]["pack"]),
                "deck left": len(game.state.deck),
                "turn order": " > ".join(game.turn_order),
            }
        )
    return pd.DataFrame(rows)


__all__ = [
    "CARD_TYPES",
    "anytime_effects_frame",
    "deck_frame",
    "layouts_frame",
    "lesson_cards_frame",
    "rooms_frame",
    "setup_frame",
    "tile_groups",
    "tile_kinds_frame",
]
