"""The class's results as tables (issue #30 §5): fixed columns per player, the long table of the score sheets, and
their CSV, from the hub's finished games (``remote.results``)."""

from __future__ import annotations

import io

import pandas as pd

from isle_nb.hub.results import SCORES_COLUMNS, TOTALS_COLUMNS, csv_text, ranks, scores_frame, totals_frame
from isle_nb.model.core.result import GameResult

ISLE = GameResult(("Ann", "Bob", "Cleo"), ("rats", "families", "total", "fish left"),
                  ((-5, 20, 40, 3), (0, 25, 40, 1), (-2, 10, 30, 9)), ("Ann",), "Ann has more fish left", True,
                  "fish left")
POCKET = GameResult.of_totals({"Dan": 12, "Eve": 12}, ("Dan", "Eve"), "a shared win")


def results() -> pd.DataFrame:
    """What ``remote.results`` returns for two finished tables (and a row a broken store could hold)."""
    return pd.DataFrame([("3", "standard", ["Ann", "Bob", "Cleo"], 1.0, ISLE.to_dict()),
                         ("5", "pocket", ["Dan", "Eve"], 2.0, POCKET.to_dict()),
                         ("6", "pocket", ["Fay", "Gus"], 3.0, None)],
                        columns=["id", "mode", "players", "finished", "result"])


def test_the_results_have_fixed_columns_a_row_per_player_and_ranks_that_follow_the_winners() -> None:
    frame = totals_frame(results())
    assert list(frame.columns) == TOTALS_COLUMNS
    assert frame.values.tolist() == [["3", "standard", "Ann", 40, 1, True], ["3", "standard", "Bob", 40, 2, False],
                                     ["3", "standard", "Cleo", 30, 3, False], ["5", "pocket", "Dan", 12, 1, True],
                                     ["5", "pocket", "Eve", 12, 1, True]]
    assert ranks(GameResult.of_totals({"A": 5, "B": 9, "C": 5, "D": 1}, ("B",))) == {"A": 2, "B": 1, "C": 2, "D": 4}


def test_the_long_table_holds_every_line_of_every_score_sheet() -> None:
    frame = scores_frame(results())
    assert list(frame.columns) == SCORES_COLUMNS and len(frame) == 3 * 4 + 2 * 1
    assert frame.iloc[:4].values.tolist() == [["3", "Ann", "rats", -5], ["3", "Ann", "families", 20],
                                              ["3", "Ann", "total", 40], ["3", "Ann", "fish left", 3]]
    assert frame.iloc[-1].tolist() == ["5", "Eve", "total", 12]


def test_the_csv_reads_back_as_the_same_table_and_no_results_make_empty_tables_with_their_columns() -> None:
    frame = totals_frame(results())
    text = csv_text(frame)
    assert text.splitlines()[0] == "table,mode,player,total,rank,winner" and "\r" not in text
    back = pd.read_csv(io.StringIO(text), dtype={"table": str})
    assert back.values.tolist() == frame.values.tolist()
    empty = pd.DataFrame(columns=["id", "mode", "players", "finished", "result"])
    assert list(totals_frame(empty).columns) == TOTALS_COLUMNS and totals_frame(empty).empty
    assert csv_text(scores_frame(empty)) == "table,player,category,value\n"
