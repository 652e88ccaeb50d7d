"""The rules of thumb bots judge by: how good a placement looks, what a card is worth, a map bonus's size.

:class:`~isle_nb.bots.GreedyBot` plays by them; :class:`~isle_nb.model.search.SearchBot` uses them to order the
moves it searches and in its fast rollouts. Plain functions of model values, no chance and no hidden information.
"""

from __future__ import annotations

from collections.abc import Sequence

from isle_nb.model.actions import (
    Action,
    ChooseRescueCards,
    DraftPick,
    KeepFamilyLessons,
    MoveCat,
    Pass,
    PlayAnytime,
    PlayOshax,
    PlayTreasure,
    Rescue,
    TakeCat,
)
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.geometry import cells_to_mask, neighbours_mask
from isle_nb.model.parts.tiles import Tile
from isle_nb.model.state import GameState


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


def card_value(card_id: int, state: GameState, player: str) -> float:
    """A rough worth of a card to the greedy bot, in fish."""
    found = card(card_id)
    if found.type == "rescue":
        return {"full": 6.0, "half": 3.0, "none": 1.0}[found.basket] + 0.3 * found.speed
    if found.type == "lesson":
        return 4.0 if found.public else 3.0 + (2.0 if state.day <= 3 else 0.0)
    if found.type == "treasure":
        return 3.5
    if found.type == "oshax":
        return 6.0 if state.oshax_supply else 0.0
    if found.effect in ("gain_basket",):
        return 5.0
    return 2.0


def bonus_size(option: str | None) -> int:
    """Cells of a map-bonus option: a common shape name or a rare tile id (family game); 0 to decline."""
    if option is None:
        return 0
    tile = Tile.from_id(option) if ":" in option else Tile.common(option)
    return len(tile.cells) + (5 if tile.kind == "rare" else 0)





TURN_ACTIONS = (Rescue, Pass, PlayOshax, PlayTreasure, PlayAnytime, MoveCat, TakeCat)
"""The actions of a turn (rescue, take a cat, rare finds, anytime cards, pass), which come mixed together."""

CARD_PICKS = (DraftPick, ChooseRescueCards, KeepFamilyLessons)
"""Choices of a set of cards that the rules of thumb weigh card by card."""


def own_choices(actions: Sequence[Action], turn_actions: tuple[type[Action], ...] = TURN_ACTIONS) -> list[Action]:
    """The step's own choices among ``actions`` (the first action's kind), without the anytime plays offered with
    them; a turn's mixed actions are kept whole."""
    first = actions[0]
    if isinstance(first, turn_actions):
        return list(actions)
    return [a for a in actions if type(a) is type(first)]


def rare_find_worth(action: PlayOshax | PlayTreasure) -> float:
    """A rare find by the rules of thumb: an Oshax first, then the most treasure tiles, free before paid."""
    return 10 if isinstance(action, PlayOshax) else len(action.tiles) * (2 - action.pay)


def simple_gains(actions: Sequence[Action]) -> list[Action]:
    """The anytime plays that simply gain fish or a basket: always worth playing."""
    return [a for a in actions if isinstance(a, PlayAnytime) and card(a.card).effect.startswith(("fish_", "gain_"))]


__all__ = [
    "CARD_PICKS",
    "TURN_ACTIONS",
    "bonus_size",
    "card_value",
    "own_choices",
    "placement_value",
    "rare_find_worth",
    "simple_gains",
]
