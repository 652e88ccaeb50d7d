"""Buying cards for fish: after the draft (EXPLORE-5) and after a "draw cards" anytime card (ANY-3).

Both offer a set of cards, of which the player buys any subset they can pay for; the rest are discarded.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations
from operator import itemgetter

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle.state import GameState, replace, without_all
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.scoring.score import plural
from isle_nb.model.parts.words import subject


def affordable_sets(offered: tuple[int, ...], fish: int) -> list[tuple[int, ...]]:
    """Every subset of the offered cards (the empty one included) whose fish costs add up to at most ``fish``, in
    the order of :func:`itertools.combinations` by size (bots pick by position, so the order is part of a replay).
    """
    costs = [card(c).cost for c in offered]
    totals = [0] * (1 << len(offered))  # the cost of every subset, by bitmask, each from a smaller one
    for mask in range(1, len(totals)):
        low = mask & -mask
        totals[mask] = totals[mask ^ low] + costs[low.bit_length() - 1]
    return [pick(offered) for pick, mask in _subsets(len(offered)) if totals[mask] <= fish]


def _picker(combo: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """A function giving the items of ``combo``'s indices as a tuple (``itemgetter`` with two or more)."""
    if len(combo) >= 2:
        return itemgetter(*combo)
    return (lambda items: (items[combo[0]],)) if combo else (lambda items: ())


@cache
def _subsets(count: int) -> tuple[tuple[Callable[[tuple[int, ...]], tuple[int, ...]], int], ...]:
    """Every subset of ``range(count)`` as (a picker of its items, bitmask), by size then in combinations order."""
    return tuple(
        (_picker(combo), sum(1 << i for i in combo))
        for size in range(count + 1) for combo in combinations(range(count), size)
    )


def buy(state: GameState, name: str, offered: tuple[int, ...], chosen: tuple[int, ...], rule: str) -> GameState:
    """The player pays for ``chosen`` (taken from ``offered``) and takes them into hand; the rest are discarded.

    Raises :class:`IllegalAction` citing ``rule`` for cards not on offer or that the player cannot pay for.
    """
    player = state.player(name)
    try:
        rest = without_all(offered, chosen)
    except ValueError:
        raise IllegalAction(rule, f"buy only cards on offer to you {sorted(offered)}") from None
    cost = sum(card(c).cost for c in chosen)
    if cost > player.fish:
        raise IllegalAction(rule, f"those cards cost {cost} fish but {subject(player.name, 'has')} {player.fish}")
    state = state.update_player(name, fish=player.fish - cost, hand=player.hand + chosen)
    state = replace(state, discard=state.discard + rest)
    discards = f" and discards {plural(len(rest), 'card')}" if rest else ""
    return state.logged(name, f"buys {plural(len(chosen), 'card')} for {cost} fish{discards} ({rule})")
