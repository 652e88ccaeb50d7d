"""A class's results as tables (issue #30 §5): what the teacher's page shows and downloads as CSV, from the hub's
finished games (:func:`isle_nb.remote.results`, which outlive the expiry of their tables).

* :func:`totals_frame`: fixed columns, one row per player of each finished table: table, mode, player, total, rank,
  winner. Every mode fits it, whatever its score sheet.
* :func:`scores_frame`: the long table, one row per player and line of the score sheet: table, player, category,
  value. The lines are the mode's own ("rats", "families"..., "total", and the tie-break value when the game has
  one), so one table holds every mode.

No widget here: the page (:mod:`isle_nb.widgets.teacher`) only shows these frames.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from isle_nb.model.core.result import GameResult

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

TOTALS_COLUMNS = ["table", "mode", "player", "total", "rank", "winner"]
"""The columns of :func:`totals_frame`."""
SCORES_COLUMNS = ["table", "player", "category", "value"]
"""The columns of :func:`scores_frame`."""


def _finished(results: pd.DataFrame) -> Iterator[tuple[str, str, GameResult]]:
    """Each finished table's id, mode and result, in the order the hub gave them (rows without a result skipped)."""
    for row in results.itertuples(index=False):
        data: Any = row.result
        if isinstance(data, dict):
            yield str(row.id), str(row.mode), GameResult.from_dict(data)


def ranks(result: GameResult) -> dict[str, int]:
    """Each player's place: 1 for the winners, then by total (and the tie-break value, when the game has one);
    players level on both share a place, and the next place counts everyone ahead (1, 2, 2, 4)."""
    def standing(player: str) -> tuple[bool, int, int]:
        values = result.values[result.players.index(player)]
        tie = values[result.columns.index(result.tie_column)] if result.tie_column in result.columns else 0
        return player in result.winners, result.total(player), tie

    order = {player: standing(player) for player in result.players}
    return {player: 1 + sum(other > mine for other in order.values()) for player, mine in order.items()}


def totals_frame(results: pd.DataFrame) -> pd.DataFrame:
    """One row per player of every finished table (``results`` as :func:`isle_nb.remote.results` returns it):
    table, mode, player, total, rank (1 is a winner), winner."""
    rows = [(table, mode, player, result.total(player), place[player], player in result.winners)
            for table, mode, result in _finished(results)
            for place in [ranks(result)] for player in result.players]
    return pd.DataFrame(rows, columns=TOTALS_COLUMNS).astype({"total": "int64", "rank": "int64", "winner": "bool"})


def scores_frame(results: pd.DataFrame) -> pd.DataFrame:
    """The long table of every finished table's score sheet: one row per player and line of the sheet (table,
    player, category, value), the lines in the sheet's order ("total" and any tie-break value included)."""
    rows = [(table, player, category, value)
            for table, _mode, result in _finished(results)
            for player, values in zip(result.players, result.values, strict=True)
            for category, value in zip(result.columns, values, strict=True)]
    return pd.DataFrame(rows, columns=SCORES_COLUMNS).astype({"value": "int64"})


def csv_text(frame: pd.DataFrame) -> str:
    """``frame`` as CSV text (a header line, no index column, ``\\n`` line ends): what the page downloads."""
    return frame.to_csv(index=False, lineterminator="\n")


__all__ = ["SCORES_COLUMNS", "TOTALS_COLUMNS", "csv_text", "ranks", "scores_frame", "totals_frame"]
