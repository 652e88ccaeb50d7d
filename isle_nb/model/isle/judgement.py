"""The rules of thumb bots judge by: how good a placement looks, what a card is worth, a map bonus's size.

:class:`~isle_nb.bots.GreedyBot` plays by them; :class:`~isle_nb.model.isle.search.SearchBot` uses them to order the
moves it searches and in its fast rollouts. Plain functions of model values, no chance and no hidden information.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from isle_nb.model.isle.actions import (
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
from isle_nb.model.isle.state import GameState
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.tiles import Tile


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

K = TypeVar("K", bound=Action)

CARD_PICKS = (DraftPick, ChooseRescueCards, KeepFamilyLessons)
"""Choices of a set of cards that the rules of thumb weigh card by card."""


def own_choices(actions: Sequence[Action], turn_actions: tuple[type[Action], ...] = TURN_ACTIONS) -> list[Action]:
    """The step's own choices among ``actions`` (the first action's kind), without the anytime plays offered with
    them; a turn's mixed actions are kept whole."""
    first = actions[0]
    if isinstance(first, turn_actions):
        return list(actions)
    return [a for a in actions if type(a) is type(first)]


def of_kind(actions: Sequence[Action], kind: type[K]) -> list[K]:
    """The actions of one kind, typed as such: all of a step's own choices when ``kind`` is the first one's
    (:func:`own_choices` keeps only that kind)."""
    return [a for a in actions if isinstance(a, kind)]


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
    "of_kind",
    "own_choices",
    "rare_find_worth",
    "simple_gains",
]
