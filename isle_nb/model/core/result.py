"""How a game ended, as every player may see it: :class:`GameResult`, the one result of every game's shell, seat
and hub table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended, as every player may see it: the score table, the winners and how a tie was broken.

    ``columns`` are the score table's rows as shown to players ("rats", "families"..., "total", and the tie-break
    value such as "fish left" when the game has one); ``values[i]`` are ``players[i]``'s numbers in that order.
    """

    players: tuple[str, ...]
    columns: tuple[str, ...]
    values: tuple[tuple[int, ...], ...]
    winners: tuple[str, ...]
    tie_break: str = ""
    """How ties for first place are broken, in a sentence: what happened if there was a tie, else the rule."""
    tied: bool = False
    """Whether several players had the top total (``tie_break`` then says how the tie was broken)."""
    tie_column: str | None = None
    """The column holding what breaks ties ("fish left"), if the game breaks ties by a value."""

    @property
    def categories(self) -> tuple[str, ...]:
        """The columns that are points by category (neither the total nor the tie-break value)."""
        return tuple(c for c in self.columns if c not in ("total", self.tie_column))

    def total(self, player: str) -> int:
        """``player``'s final total."""
        return self.values[self.players.index(player)][self.columns.index("total")]

    @property
    def totals(self) -> dict[str, int]:
        """Every player's final total, in the table's order."""
        return {p: self.total(p) for p in self.players}

    def frame(self) -> pd.DataFrame:
        """The table as a DataFrame: one row per player, a column per score line, and ``winner``."""
        import pandas as pd

        rows = [{"player": p, **dict(zip(self.columns, v, strict=True)), "winner": p in self.winners}
                for p, v in zip(self.players, self.values, strict=True)]
        return pd.DataFrame(rows, columns=["player", *self.columns, "winner"])

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON data (:meth:`from_dict` rebuilds it exactly)."""
        return {"players": list(self.players), "columns": list(self.columns),
                "values": [list(v) for v in self.values], "winners": list(self.winners),
                "tie_break": self.tie_break, "tied": self.tied, "tie_column": self.tie_column}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameResult:
        """The result from its :meth:`to_dict` form."""
        return cls(tuple(data["players"]), tuple(data["columns"]), tuple(tuple(v) for v in data["values"]),
                   tuple(data["winners"]), str(data["tie_break"]), bool(data["tied"]), data["tie_column"])

    @classmethod
    def of_totals(cls, totals: Mapping[str, int], winners: Sequence[str], tie_break: str = "") -> GameResult:
        """A result that knows only each player's total (games without a score table by category)."""
        top = max(totals.values(), default=0)
        return cls(tuple(totals), ("total",), tuple((t,) for t in totals.values()), tuple(winners), tie_break,
                   sum(t == top for t in totals.values()) > 1)


__all__ = ["GameResult"]
