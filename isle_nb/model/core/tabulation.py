"""How a finished game becomes rows of a table: what :func:`isle_nb.simulate` reads of each registered mode."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Row = dict[str, Any]
"""One row: column name -> value."""
Moves = list[tuple[int, Any]]
"""A game's moves as ``(day or round, action)`` pairs, in the order they were made."""


@dataclass(frozen=True)
class Tabulation:
    """How a finished game of one mode becomes rows: ``rows(game, start, moves)`` turns the game shell, the state
    it began with and its moves into player rows and card rows. ``player_columns`` and ``card_columns`` order their
    columns (no card columns: the mode has no cards to tabulate); ``whole_numbers`` are the columns that hold whole
    numbers, blank where they do not apply (a DataFrame keeps them as integers)."""

    rows: Callable[[Any, Any, Moves], tuple[list[Row], list[Row]]]
    player_columns: tuple[str, ...] = ()
    card_columns: tuple[str, ...] = ()
    whole_numbers: tuple[str, ...] = ()

    @property
    def has_cards(self) -> bool:
        """Whether the mode has cards to tabulate."""
        return bool(self.card_columns)


__all__ = ["Moves", "Row", "Tabulation"]
