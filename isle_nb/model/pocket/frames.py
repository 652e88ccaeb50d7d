"""Pocket Cats as pandas DataFrames: the grid cell by cell, the captures of a game, and the result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isle_nb.model.core.tabulation import Moves, Row, Tabulation
from isle_nb.model.pocket.board import cell_of, dog_arrows, name
from isle_nb.model.pocket.endgame import EndResult
from isle_nb.model.pocket.rules import match_totals, match_winners
from isle_nb.model.pocket.state import PocketState
from isle_nb.model.pocket.tiles import tile

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

GRID_COLUMNS = ["row", "col", "cell", "tile", "kind", "face", "owner", "attack", "chief", "points", "orientation",
                "arrows"]
RESULT_COLUMNS = ["game", "player", "clan", "prey_points", "pair_bonus", "clan_bonus", "points", "prey_tiles",
                  "winner"]


def grid_frame(state: PocketState, viewer: str | None = None) -> pd.DataFrame:
    """One row per cell (row by row): the tile, its face, owning clan, attack, and a dog's orientation and arrows.

    With ``viewer`` given, face-down tiles show as ``"?"`` (what that player may see). A Chaoticat's attack is
    blank until the end of the game fixes it. ``orientation`` is a dog's turn in degrees clockwise.
    """
    chaos = state.end.chaoticats_value if state.end is not None else None
    rows = []
    for position, square in enumerate(state.grid):
        row, col = cell_of(position)
        piece = square.piece
        hidden = viewer is not None and not square.face_up
        attack = piece.attack if piece.attack is not None else chaos
        rows.append(
            {
                "row": row,
                "col": col,
                "cell": name((row, col)),
                "tile": "?" if hidden else piece.id,
                "kind": "?" if hidden else piece.kind,
                "face": "up" if square.face_up else "down",
                "owner": None if hidden else piece.clan,
                "attack": None if hidden or piece.kind != "cat" else attack,
                "chief": False if hidden else piece.chief,
                "points": None if hidden or piece.kind != "prey" else piece.points,
                "orientation": None if hidden or piece.kind != "dog" else 90 * square.turn,
                "arrows": None if hidden or piece.kind != "dog" else " ".join(dog_arrows(piece, square.turn)),
            }
        )
    frame = pd.DataFrame(rows, columns=GRID_COLUMNS)
    for column in ("attack", "points", "orientation"):
        frame[column] = frame[column].astype("Int64")
    return frame


def captures_frame(result: EndResult) -> pd.DataFrame:
    """One row per prey tile of a finished game: its points, each clan's attack on it, who caught it and how."""
    rows = []
    for capture in result.captures:
        row = {"cell": name(capture.cell), "prey": capture.prey, "points": tile(capture.prey).points}
        for key, total in capture.attack:
            row[f"attack_{key.replace(' ', '_')}"] = total
        row["caught_by"] = capture.winner
        row["how"] = capture.how
        rows.append(row)
    return pd.DataFrame(rows)


def result_frame(state: PocketState) -> pd.DataFrame:
    """The result of every finished game: one row per game and player (POCKET-3, POCKET-4).

    In experts mode, once both games are over, two more rows (``game == "total"``) add up the match (POCKET-5).
    """
    rows: list[dict[str, object]] = []
    for number, result in enumerate(state.finished, start=1):
        for score in result.scores:
            rows.append(
                {
                    "game": str(number),
                    "player": score.player,
                    "clan": score.clan,
                    "prey_points": score.prey_points,
                    "pair_bonus": score.pair_bonus,
                    "clan_bonus": score.clan_bonus,
                    "points": score.total,
                    "prey_tiles": score.prey_count,
                    "winner": score.player in result.winners,
                }
            )
    if state.variant == "experts" and len(state.finished) == 2:
        totals = match_totals(state.finished, state.players)
        winners = match_winners(state.finished, state.players)
        for player in state.players:
            rows.append(
                {
                    "game": "total",
                    "player": player,
                    "clan": " / ".join(r.score(player).clan for r in state.finished),
                    "prey_points": sum(r.score(player).prey_points for r in state.finished),
                    "pair_bonus": sum(r.score(player).pair_bonus for r in state.finished),
                    "clan_bonus": sum(r.score(player).clan_bonus for r in state.finished),
                    "points": totals[player][0],
                    "prey_tiles": totals[player][1],
                    "winner": player in winners,
                }
            )
    return pd.DataFrame(rows, columns=RESULT_COLUMNS)


def tabulate(game: Any, start: PocketState, moves: Moves) -> tuple[list[Row], list[Row]]:
    """A finished match's rows for :func:`isle_nb.simulate`: each player's final points by kind, their clan and
    start position (the first named player starts); Pocket Cats has no cards to tabulate."""
    result = game.result()
    final = result[result["game"] == "total"] if (result["game"] == "total").any() else result
    rows = []
    for entry in final.to_dict("records"):
        entry["total"] = entry.pop("points")
        entry["start_position"] = game.players.index(entry["player"]) + 1
        del entry["game"]
        rows.append(entry)
    return rows, []


TABULATION = Tabulation(
    tabulate, ("start_position", "clan", "prey_points", "pair_bonus", "clan_bonus", "total", "prey_tiles", "winner")
)
"""How :func:`isle_nb.simulate` tabulates a match of Pocket Cats."""

