"""What scoring returns: a :class:`Score` made of :class:`ScoreRow` lines, and the categories they fall in."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, get_args

from isle_nb.model.parts.words import plural

if TYPE_CHECKING:
    import pandas as pd

Mode = Literal["standard", "solo", "family"]
"""Which game is scored: the standard game, the solo game (the player's side) or the family game."""

MODES: tuple[str, ...] = get_args(Mode)

CATEGORIES: tuple[str, ...] = (
    "rats",
    "rooms",
    "families",
    "rare_treasures",
    "private_lessons",
    "public_lessons",
    "family_lessons",
)
"""The categories of :attr:`Score.categories` for :func:`~isle_nb.model.parts.scoring.score_boat`, in score-pad
order."""

SISTER_CATEGORIES: tuple[str, ...] = ("colours", "solo_lessons")
"""The categories of :attr:`Score.categories` for :func:`~isle_nb.model.parts.scoring.score_sister`."""


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One line of a score sheet: its category (see :data:`CATEGORIES`), a readable detail, the points."""

    category: str
    detail: str
    points: int


@dataclass(frozen=True)
class Score:
    """A scored boat: ``total``, subtotals per category and the rows they come from.

    ``categories`` always has every key of its kind (:data:`CATEGORIES` for ``score_boat``,
    :data:`SISTER_CATEGORIES` for ``score_sister``), zero where nothing scored.
    """

    total: int
    categories: Mapping[str, int]
    rows: tuple[ScoreRow, ...]

    @classmethod
    def from_rows(cls, rows: Iterable[ScoreRow], categories: Sequence[str] = CATEGORIES) -> Score:
        """Build a score from its rows; subtotals and total are summed from them."""
        rows = tuple(rows)
        sums = dict.fromkeys(categories, 0)
        for row in rows:
            if row.category not in sums:
                raise ValueError(f"unknown score category {row.category!r}; expected one of {tuple(sums)}")
            sums[row.category] += row.points
        return cls(sum(sums.values()), MappingProxyType(sums), rows)

    def __getitem__(self, category: str) -> int:
        """The subtotal of one category: ``score["families"]``."""
        return self.categories[category]

    @property
    def breakdown(self) -> pd.DataFrame:
        """The rows as a DataFrame with columns ``category``, ``detail``, ``points``."""
        import pandas as pd

        return pd.DataFrame(
            [(r.category, r.detail, r.points) for r in self.rows], columns=["category", "detail", "points"]
        )

    def __str__(self) -> str:
        width = max((len(r.category) for r in self.rows), default=8)
        lines = [f"{r.category:<{width}}  {r.points:>4}  {r.detail}" for r in self.rows]
        lines.append(f"{'total':<{width}}  {self.total:>4}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from isle_nb.view.scores import score_html

        return score_html(self)


def rooms_text(rooms: Iterable[int]) -> str:
    """Room numbers as ``"1, 4"``, or ``"none"``."""
    rooms = tuple(rooms)
    return ", ".join(str(r) for r in rooms) if rooms else "none"


__all__ = ["CATEGORIES", "MODES", "SISTER_CATEGORIES", "Mode", "Score", "ScoreRow", "plural", "rooms_text"]
