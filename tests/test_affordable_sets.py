"""Buying offers every affordable subset in one fixed order (EXPLORE-5, ANY-3): bots choose by position, so the
order is part of every replay and golden game."""

from __future__ import annotations

import random
from itertools import combinations

from isle_nb.model.isle.buying import affordable_sets
from isle_nb.model.parts.cards import card, discovery_card_ids


def test_every_affordable_subset_in_combinations_order() -> None:
    ids = list(discovery_card_ids())
    rng = random.Random(5)
    for _ in range(300):
        offered = tuple(rng.sample(ids, rng.randint(0, 9)))
        fish = rng.randint(0, 25)
        expected = [
            combo
            for size in range(len(offered) + 1)
            for combo in combinations(offered, size)
            if sum(card(c).cost for c in combo) <= fish
        ]
        assert affordable_sets(offered, fish) == expected


def test_nothing_affordable_still_offers_buying_nothing() -> None:
    dear = tuple(c for c in discovery_card_ids() if card(c).cost > 0)[:4]
    assert affordable_sets(dear, 0) == [()]
