"""Bots for Explore & Draw, playing through the public API (``legal_actions`` and ``apply``).

The shared :class:`~isle_nb.model.core.random_bot.RandomBot` plays E&D as it is. :class:`ExploreDrawGreedyBot` is a
one-step greedy player: it judges every candidate by the change in its own score breakdown (ED-7, from
:func:`.scoring.score_seat`) plus look-ahead rules of thumb that the end score does not see yet: rooms nearly
filled, families growing, rats covered, no stranded holes, lessons it can still meet. It uses the specials (ED-6)
where they pay: a row or an extra card when it beats the best column by enough, "twice" on a big cat or a treasure,
and any special left when the days run out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from isle_nb.model.explore_draw import rules, sheet
from isle_nb.model.explore_draw.actions import ChooseCards, DeclineCopy, Draw, TakeCard, TakeMapBonus, UseSpecial
from isle_nb.model.explore_draw.data import IslandCard, discovery_tile, island_card
from isle_nb.model.explore_draw.island import DAYS
from isle_nb.model.explore_draw.scoring import others_largest_family, score_seat
from isle_nb.model.explore_draw.sheet import fits
from isle_nb.model.explore_draw.state import EDPlayer, EDState
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.boat_analysis import colour_counts
from isle_nb.model.parts.judgement import placement_value
from isle_nb.model.parts.tiles import COLOURS, Colour, Tile

if TYPE_CHECKING:
    from isle_nb.model.explore_draw.actions import EDAction

SHORTLIST = 6
"""How many placements (ranked by the fast rules of thumb) are scored exactly by applying them."""


def room_progress(boat: Boat) -> float:
    """Credit for rooms on their way to being filled: an unfilled room costs 5 (ED-7); a nearly full one less so."""
    layout = boat.layout
    credit = 0.0
    for room_mask in layout.room_masks.values():
        room = room_mask & layout.hull_mask
        size = room.bit_count()
        if not size:
            continue
        done = (room & boat.occupied).bit_count()
        if done < size:
            credit += 4.0 * (done / size) ** 2
    return credit


def tile_value(boat: Boat, tile: Tile) -> float:
    """A rough worth of drawing ``tile``: its cells, more for a rare treasure, an Oshax and a colour already drawn."""
    if not fits(boat, tile):
        return 0.0
    value = float(tile.size)
    if tile.kind == "rare":
        value += 3.0
    if tile.kind == "cat" and tile.colour is not None:
        value += 0.5 * min(colour_counts(boat).get(tile.colour, 0), 8)
    if tile.kind == "oshax":
        value += 2.0
    return value


def lesson_gain(state: EDState, seat: EDPlayer, number: int, colour: Colour | None) -> float:
    """What ticking lesson ``number`` is worth now: its points if met today, part of them while days are left."""
    if number in seat.ticked:
        return 0.0
    others = others_largest_family(state, seat.name)
    before = score_seat(state, seat, others).total
    ticked = replace(seat, ticks=(*seat.ticks, (number, colour)))
    after = score_seat(state, ticked, others).total
    days_left = DAYS - state.day
    return max(after - before, 0.0) + (1.5 + 0.4 * days_left if after <= before else 0.0)


def card_value(state: EDState, seat: EDPlayer, card: IslandCard) -> float:
    """The best a card can give this seat."""
    boat = seat.boat
    if card.lesson is not None:
        if card.lesson in seat.ticked:
            return 0.0
        counts = colour_counts(boat)
        colour = max(COLOURS, key=lambda c: counts.get(c, 0))
        return lesson_gain(state, seat, card.lesson, colour)
    values = [tile_value(boat, t) for t in card.discoveries]
    if card.keyword == "or":
        return max(sum(values), sum(tile_value(boat, t) for t in card.below))
    if card.keyword == "any 2":
        return 2 * max(values)
    return sum(values)


def specials_pressure(state: EDState, seat: EDPlayer) -> bool:
    """Whether ``seat`` must use a special today or lose one: as many specials left as days left (ED-6)."""
    left = rules.SPECIALS_PER_GAME - len(seat.specials)
    return left > 0 and left >= DAYS - state.day + 1


class ExploreDrawGreedyBot:
    """A greedy Explore & Draw player: its own score change plus look-ahead rules of thumb, one decision at a time."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any, player: str, actions: Sequence[EDAction]) -> EDAction:
        """The action that looks best: see the module docstring for how each kind of decision is judged."""
        state: EDState = game.state
        seat = state.seat(player)
        specials = [a for a in actions if isinstance(a, UseSpecial)]
        # a simplification: the bot always draws the second copy of a "twice" special
        kinds = [a for a in actions if not isinstance(a, (UseSpecial, DeclineCopy))] or list(actions)
        first = kinds[0]
        if isinstance(first, ChooseCards):
            return self._choose_cards(state, seat, kinds)
        if isinstance(first, TakeCard):
            return self._take_card(state, seat, kinds, specials)
        if isinstance(first, Draw):
            return self._draw(state, seat, kinds, specials)
        if isinstance(first, TakeMapBonus):
            return self._map_bonus(state, seat, kinds)
        return self.rng.choice(kinds)

    def _choose_cards(self, state: EDState, seat: EDPlayer, kinds: list[EDAction]) -> EDAction:
        cache: dict[int, float] = {}

        def slot_value(slot: int) -> float:
            if slot not in cache:
                cache[slot] = card_value(state, seat, island_card(state.card_at(slot)))
            return cache[slot]

        def value(action: EDAction) -> float:
            assert isinstance(action, ChooseCards)
            return sum(slot_value(s) for s in action.slots) + 0.01 * self.rng.random()

        plain = [a for a in kinds if isinstance(a, ChooseCards) and not a.special]
        special = [a for a in kinds if isinstance(a, ChooseCards) and a.special]
        best = max(plain, key=value)
        if special:
            best_special = max(special, key=value)
            # a special is scarce (three a game, ED-6): spend it when it clearly pays, or when it would be lost
            margin = 0.0 if specials_pressure(state, seat) else 4.0
            if value(best_special) - value(best) > margin:
                return best_special
        return best

    def _take_card(
        self, state: EDState, seat: EDPlayer, kinds: list[EDAction], specials: Sequence[EDAction]
    ) -> EDAction:
        boat = seat.boat

        def value(action: EDAction) -> float:
            assert isinstance(action, TakeCard)
            card = island_card(state.card_at(action.slot))
            if card.lesson is not None:
                return lesson_gain(state, seat, card.lesson, action.colour)
            if card.keyword == "or":
                side = card.discoveries if action.side == "above" else card.below
                return sum(tile_value(boat, t) for t in side)
            if card.keyword == "any 2":
                return sum(tile_value(boat, card.discoveries[i]) for i in action.picks)
            return sum(tile_value(boat, t) for t in card.discoveries)

        return max(kinds, key=value)

    def _draw(self, state: EDState, seat: EDPlayer, kinds: list[EDAction], specials: Sequence[EDAction]) -> EDAction:
        boat = seat.boat
        counts = colour_counts(boat)
        best_colour = max(COLOURS, key=lambda c: counts.get(c, 0))
        progress = room_progress(boat)

        tiles: dict[tuple[str, str | None], Tile] = {}

        def tile_of(action: Draw) -> Tile:
            key = (action.tile, action.colour)
            if key not in tiles:
                tile = discovery_tile(action.tile)
                tiles[key] = tile.with_colour(action.colour or best_colour) if tile.kind == "oshax" else tile
            return tiles[key]

        def quick(action: EDAction) -> float:
            assert isinstance(action, Draw)
            tile = tile_of(action)
            bonus = 1.0 if action.colour in (None, best_colour) else 0.0
            return placement_value(boat, tile, action.cells) + bonus + 0.1 * tile.size

        ranked = sorted(kinds, key=quick, reverse=True)[:SHORTLIST]
        others = others_largest_family(state, seat.name)
        before = score_seat(state, seat, others).total

        def exact(action: EDAction) -> float:
            assert isinstance(action, Draw)
            tile = tile_of(action)
            boat_after, _ = sheet.draw(boat, tile, sheet.check_drawing(boat, tile, action.cells))
            after = score_seat(state, replace(seat, boat=boat_after), others).total
            return after - before + room_progress(boat_after) - progress + 0.25 * quick(action)

        best = max(ranked, key=exact)
        assert isinstance(best, Draw)
        tile = discovery_tile(best.tile)
        late = specials_pressure(state, seat)
        for special in specials:
            assert isinstance(special, UseSpecial)
            if special.special == "twice_cat" and tile.kind in ("cat", "oshax") and (tile.size >= 4 or late):
                return special
            if special.special == "twice_treasure" and tile.kind in ("rare", "common") and (
                    tile.kind == "rare" or tile.size >= 3 or late):
                return special
        return best

    def _map_bonus(self, state: EDState, seat: EDPlayer, kinds: list[EDAction]) -> EDAction:
        sizes = {"1x1": 1, "1x2": 2, "L3": 3, "I3": 3}
        bonuses = [a for a in kinds if isinstance(a, TakeMapBonus)]  # all of them: one kind, as the first
        return max(bonuses, key=lambda a: sizes.get(a.shape or "", 0))

    def __repr__(self) -> str:
        return "ExploreDrawGreedyBot()"
