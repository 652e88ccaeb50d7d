"""The random bot shared by both games: it picks uniformly among the legal actions it is given."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from isle_nb.model.core.contract import Shell

A = TypeVar("A")


class RandomBot:
    """Chooses uniformly at random among the legal actions (seeded, so games replay exactly)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Shell, player: str, actions: Sequence[A]) -> A:
        """A uniformly random legal action (``actions`` is never empty)."""
        return self.rng.choice(list(actions))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
