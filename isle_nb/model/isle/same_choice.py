"""When two actions of The Isle of Cats are the same choice: the normal form of an action.

Cards chosen together are a set: picking #83 and #139 in the draft is one choice whichever is named first (draft
picks, buys, cards bought after a draw, family lessons kept, rescue cards, the lessons or treasures an anytime card
discards, the cells of a placement; the treasures a treasure card takes are placed in the order named, so that
order is part of the choice). Copies of a card that cannot differ in
effect are interchangeable, and the rules list only the lowest id the player holds (rescue cards with the same speed
and basket, anytime cards with the same effect, Oshax and treasure cards with the same effect): the normal form
names that one. Everything needed is in the acting player's own view (their hand), so a screen that holds only that
view judges an action exactly as the rules do.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from msgspec.structs import replace

from isle_nb.model.core.records import in_order
from isle_nb.model.isle.actions import (
    Action,
    Buy,
    BuyDrawn,
    ChooseRescueCards,
    DraftPick,
    KeepFamilyLessons,
    Place,
    PlayAnytime,
    PlayOshax,
    PlayTreasure,
)
from isle_nb.model.parts.cards import CARDS, Card


def rescue_class(found: Card) -> Hashable:
    """Rescue cards with the same speed and basket are interchangeable (RESCUE-1)."""
    return (found.speed, found.basket)


def anytime_class(found: Card) -> Hashable:
    """Copies of an anytime card (the same effect and count) are interchangeable (ANY-1)."""
    return (found.effect, found.params.get("n"))


def rare_find_class(found: Card) -> Hashable:
    """Oshax and treasure cards with the same effect give the same choices (RARE-2, RARE-3)."""
    return found.effect


def _card(card_id: object) -> Card | None:
    return CARDS.get(card_id) if isinstance(card_id, int) and not isinstance(card_id, bool) else None


def lowest_copy(card_id: int, hand: Iterable[int], kind: tuple[str, ...],
                same: Callable[[Card], Hashable]) -> int:
    """The lowest id in ``hand`` of a card of a type in ``kind`` interchangeable with ``card_id`` (by ``same``);
    ``card_id`` itself when it is not such a card in ``hand``."""
    found = _card(card_id)
    if found is None or found.type not in kind or card_id not in hand:
        return card_id
    key = same(found)
    return min(c for c in hand if (other := _card(c)) is not None and other.type in kind and same(other) == key)


def lowest_copies(cards: tuple[int, ...], hand: tuple[int, ...], kind: tuple[str, ...],
                  same: Callable[[Card], Hashable]) -> tuple[int, ...]:
    """``cards`` (distinct cards of ``hand``) with each class of interchangeable cards replaced by its lowest ids in
    ``hand``, sorted; sorted as they are when they are not distinct cards of that kind in ``hand``."""
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        return in_order(cards)
    classes: dict[Hashable, list[int]] = {}
    for card_id in sorted(hand):
        found = _card(card_id)
        if found is not None and found.type in kind:
            classes.setdefault(same(found), []).append(card_id)
    chosen: list[int] = []
    for card_id in cards:
        found = _card(card_id)
        if found is None or found.type not in kind:
            return in_order(cards)
        copies = classes[same(found)]
        chosen.append(copies[sum(1 for c in chosen if c in copies)])
    return tuple(sorted(chosen))


def normal_form(hand: tuple[int, ...], action: Action) -> Action:
    """The normal form of ``action`` for a player holding ``hand`` (see the module docstring): two actions are
    the same choice exactly when their normal forms are equal."""
    if isinstance(action, (DraftPick, Buy, BuyDrawn, KeepFamilyLessons)):
        return replace(action, cards=in_order(action.cards))
    if isinstance(action, ChooseRescueCards):
        return replace(action, cards=lowest_copies(action.cards, hand, ("rescue",), rescue_class))
    if isinstance(action, PlayAnytime):
        return replace(action, card=lowest_copy(action.card, hand, ("anytime",), anytime_class),
                              choice=in_order(action.choice))
    if isinstance(action, PlayOshax):
        return replace(action, card=lowest_copy(action.card, hand, ("oshax", "treasure"), rare_find_class))
    if isinstance(action, PlayTreasure):
        return replace(action, card=lowest_copy(action.card, hand, ("oshax", "treasure"), rare_find_class))
    if isinstance(action, Place):
        return replace(action, cells=in_order(action.cells))
    return action


__all__ = ["lowest_copies", "lowest_copy", "normal_form"]
