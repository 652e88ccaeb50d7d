"""Bots for Explore & Draw, playing through the public API (``legal_actions`` and ``apply``).

The shared :class:`~isle_nb.model.random_bot.RandomBot` plays E&D as it is. :class:`ExploreDrawGreedyBot` takes the
cards that draw most cells in colours it already has, draws each discovery where the standard greedy bot would
place a tile (families, rats, rooms, no stranded holes), and takes the biggest map treasure.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from isle_nb.bots import placement_value
from isle_nb.model.boat import Boat
from isle_nb.model.boat_analysis import colour_counts
from isle_nb.model.explore_draw.actions import ChooseCards, Draw, EDAction, TakeCard, TakeMapBonus, UseSpecial
from isle_nb.model.explore_draw.data import IslandCard, island_card
from isle_nb.model.explore_draw.sheet import fits
from isle_nb.model.explore_draw.state import EDState
from isle_nb.model.tiles import COLOURS, Tile


def tile_value(boat: Boat, tile: Tile) -> float:
    """A rough worth of drawing ``tile``: its cells, more for a rare treasure and a colour already on the boat."""
    if not fits(boat, tile):
        return 0.0
    value = float(tile.size)
    if tile.kind == "rare":
        value += 3.0
    if tile.kind == "cat" and tile.colour is not None:
        value += 0.5 * colour_counts(boat).get(tile.colour, 0)
    if tile.kind == "oshax":
        value += 2.0
    return value


def card_value(boat: Boat, card: IslandCard, ticked: frozenset[int]) -> float:
    """The best a card can give this boat."""
    if card.lesson is not None:
        return 0.5 if card.lesson in ticked else 3.0
    values = [tile_value(boat, t) for t in card.discoveries]
    if card.keyword == "or":
        return max(sum(values), sum(tile_value(boat, t) for t in card.below))
    if card.keyword == "any 2":
        return 2 * max(values)
    return sum(values)


class ExploreDrawGreedyBot:
    """A greedy Explore & Draw player."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any, player: str, actions: Sequence[EDAction]) -> EDAction:
        """The action that looks best by simple rules of thumb."""
        state: EDState = game.state
        seat = state.seat(player)
        boat = seat.boat
        kinds = [a for a in actions if not isinstance(a, UseSpecial)] or list(actions)
        first = kinds[0]
        if isinstance(first, ChooseCards):
            def choice_value(action: EDAction) -> float:
                assert isinstance(action, ChooseCards)
                cards = [island_card(state.card_at(s)) for s in action.slots]
                return sum(card_value(boat, c, seat.ticked) for c in cards) - (2.5 if action.special else 0.0)

            return max(kinds, key=choice_value)
        if isinstance(first, TakeCard):
            counts = colour_counts(boat)

            def take_value(action: EDAction) -> float:
                assert isinstance(action, TakeCard)
                card = island_card(state.card_at(action.slot))
                if card.keyword == "or":
                    side = card.discoveries if action.side == "above" else card.below
                    return sum(tile_value(boat, t) for t in side)
                if card.keyword == "any 2":
                    return sum(tile_value(boat, card.discoveries[i]) for i in action.picks)
                return counts.get(action.colour, 0) if action.colour else 0.0  # type: ignore[call-overload]

            return max(kinds, key=take_value)
        if isinstance(first, Draw):
            counts = colour_counts(boat)
            best_colour = max(COLOURS, key=lambda c: counts.get(c, 0))

            def draw_value(action: EDAction) -> float:
                assert isinstance(action, Draw)
                tile = Tile.from_id(action.tile)
                if tile.kind == "oshax":
                    tile = tile.with_colour(action.colour or best_colour)
                bonus = 1.0 if action.colour in (None, best_colour) else 0.0
                return placement_value(boat, tile, action.cells) + bonus + 0.1 * tile.size

            return max(kinds, key=draw_value)
        if isinstance(first, TakeMapBonus):
            sizes = {"1x1": 1, "1x2": 2, "L3": 3, "I3": 3}
            return max(kinds, key=lambda a: sizes.get(a.shape or "", 0))  # type: ignore[attr-defined]
        return self.rng.choice(kinds)

    def __repr__(self) -> str:
        return "ExploreDrawGreedyBot()"
