"""The rules of thumb bots judge by: how good a placement looks, what a card is worth, a map bonus's size.

:class:`~isle_nb.bots.GreedyBot` plays by them; :class:`~isle_nb.model.isle.search.SearchBot` uses them to order the
moves it searches and in its fast rollouts. Plain functions of model values, no chance and no hidden information.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from isle_nb.model.isle.actions import (
    Action,
    Buy,
    BuyDrawn,
    ChooseLessonColour,
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
    TakeMapBonus,
)
from isle_nb.model.isle.constants import DAYS
from isle_nb.model.isle.state import GameState, PlayerState
from isle_nb.model.parts.boat_analysis import colour_counts
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


def turn_moves(actions: Sequence[Action]) -> tuple[list[Rescue], list[TakeCat], list[PlayOshax | PlayTreasure]]:
    """A turn's rescues and cat takes in the order offered, for a bot to rank, and its rare finds best first
    (:func:`rare_find_worth`; equal ones in the order offered)."""
    finds = [a for a in actions if isinstance(a, (PlayOshax, PlayTreasure))]
    return of_kind(actions, Rescue), of_kind(actions, TakeCat), sorted(finds, key=lambda a: -rare_find_worth(a))


class CardChoice(Protocol):
    """A choice of cards: a draft pick, a buy, rescue cards, family lessons."""

    @property
    def cards(self) -> tuple[int, ...]:
        """The card ids chosen."""
        ...


def card_worths(state: GameState, player: str, actions: Sequence[CardChoice]) -> dict[int, float]:
    """The rules-of-thumb worth (:func:`card_value`) of every card the actions mention, computed once."""
    ids = {c for a in actions for c in a.cards}
    return {c: card_value(c, state, player) for c in ids}


def buy_values(state: GameState, me: PlayerState, actions: Sequence[Buy | BuyDrawn]) -> dict[Action, float]:
    """Each way to buy: the cards' worth minus their cost, or -1 if it leaves less than a reserve of fish (10 fish
    before the last day, 6 on it)."""
    worth = card_worths(state, me.name, actions)
    cost = {c: card(c).cost for c in worth}
    reserve = 10 if state.day < DAYS else 6
    values: dict[Action, float] = {}
    for action in actions:
        cards = action.cards
        paid = sum(cost[c] for c in cards)
        values[action] = -1.0 if cards and me.fish - paid < reserve else sum(worth[c] - cost[c] for c in cards)
    return values


def thumb_choice(state: GameState, me: PlayerState, actions: Sequence[Action]) -> Action | None:
    """The choice every bot makes by the rules of thumb alone, among a step's own choices (:func:`own_choices`):
    the best buy (:func:`buy_values`), the lesson colour most on ``me``'s boat, the biggest map bonus; ``None`` for
    the other decisions."""
    first = actions[0]
    if isinstance(first, (Buy, BuyDrawn)):
        buys = [a for a in actions if isinstance(a, (Buy, BuyDrawn))]
        return max(buys, key=buy_values(state, me, buys).__getitem__)
    if isinstance(first, ChooseLessonColour):
        counts: dict[str, int] = {c: n for c, n in colour_counts(me.boat).items()}  # keyed by plain text
        return max(of_kind(actions, ChooseLessonColour), key=lambda a: counts.get(a.colour, 0))
    if isinstance(first, TakeMapBonus):
        return max(of_kind(actions, TakeMapBonus), key=lambda a: bonus_size(a.shape))
    return None


__all__ = [
    "CARD_PICKS",
    "TURN_ACTIONS",
    "CardChoice",
    "bonus_size",
    "buy_values",
    "card_value",
    "card_worths",
    "of_kind",
    "own_choices",
    "rare_find_worth",
    "simple_gains",
    "thumb_choice",
    "turn_moves",
]
