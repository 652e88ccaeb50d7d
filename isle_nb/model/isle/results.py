"""Scoring a game state: every player's live or final score (SCORE-1..8, SOLO-12, FAMILY-5)."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from isle_nb.model.core.result import GameResult
from isle_nb.model.isle.state import SISTER, GameState
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.boat_analysis import filled_rooms, largest_family_size
from isle_nb.model.parts.scoring import (
    CATEGORIES,
    SISTER_CATEGORIES,
    Score,
    family_winners,
    score_boat,
    score_sister,
    solo_winner,
    winners,
)

TIE_BREAKS = {
    "standard": "Ties are broken by the fish left (SCORE-8).",
    "solo": "The sister wins ties: you have to score strictly more (SOLO-12).",
    "family": "Ties are broken by the most filled rooms, else shared (FAMILY-5).",
}
"""How each mode breaks a tie for first place, in a sentence for players."""
TIE_BREAK_VALUES = {"standard": ("fish left", "SCORE-8"), "family": ("filled rooms", "FAMILY-5")}
"""What breaks a tie in each mode that uses a value (the solo game's sister simply wins ties), and its rule."""
SISTER_LABEL = "The sister"


def score_player(state: GameState, name: str) -> Score:
    """The score ``name`` would get if the game ended now (in a solo game, ``"Sister"`` scores the sister)."""
    if name == SISTER and state.sister is not None:
        (player,) = state.players
        return score_sister(
            player.boat,
            colour_order=state.sister.revealed_colours,
            solo_lessons=state.sister.lessons,
            fish=player.fish,
            private_lesson_count=len(player.private_lessons),
        )
    player = state.player(name)
    return side_score(
        state.mode, player.boat,
        private_lessons=player.private_lessons,
        family_lessons=player.family_lessons,
        public_lessons=state.public_lessons,
        fish=player.fish,
        permanent_baskets=player.permanent_baskets,
        first_in_turn_order=bool(state.turn_order) and state.turn_order[0] == player.seat,
        largest_family_of_others=largest_elsewhere({p.name: p.boat for p in state.players}, name),
    )


def largest_elsewhere(boats: dict[str, Boat], name: str) -> int:
    """The largest family on any boat but ``name``'s (lessons 121 and 165 compare with it)."""
    return max((largest_family_size(boat) for other, boat in boats.items() if other != name), default=0)


def side_score(
    mode: str,
    boat: Boat,
    *,
    private_lessons: Sequence[int],
    private_lesson_count: int | None = None,
    family_lessons: Sequence[int],
    public_lessons: Sequence[tuple[int, str | None]],
    fish: int,
    permanent_baskets: int,
    first_in_turn_order: bool,
    largest_family_of_others: int,
) -> Score:
    """A player's score from their side of the table: their boat, the lessons known to count for them, fish and
    baskets (SCORE-1..8; in the family game the boat and the family lessons, FAMILY-5). ``private_lesson_count``:
    how many private lessons they played, when ``private_lessons`` are not known (lessons 126, 133, 147 count them)."""
    if mode == "family":
        return score_boat(boat, mode="family", family_lessons=family_lessons,
                          largest_family_of_others=largest_family_of_others)
    return score_boat(
        boat,
        private_lessons=private_lessons,
        private_lesson_count=private_lesson_count,
        public_lessons=[(c, colour) if colour else c for c, colour in public_lessons],
        fish=fish,
        permanent_baskets=permanent_baskets,
        first_in_turn_order=first_in_turn_order,
        largest_family_of_others=largest_family_of_others,
        mode=mode,
    )


def scores(state: GameState) -> dict[str, Score]:
    """Every player's score, in seat order (and the sister's last, in a solo game)."""
    result = {p.name: score_player(state, p.name) for p in state.players}
    if state.sister is not None:
        result[SISTER] = score_player(state, SISTER)
    return result


def winner_names(state: GameState, by_player: dict[str, Score]) -> tuple[str, ...]:
    """Who wins with these scores: SCORE-8 (fish), FAMILY-5 (filled rooms), SOLO-12 (the sister wins ties)."""
    totals = {n: s.total for n, s in by_player.items()}
    if state.sister is not None:
        (player,) = state.players
        return (SISTER,) if solo_winner(totals[player.name], totals[SISTER]) == "sister" else (player.name,)
    if state.mode == "family":
        return family_winners(totals, {p.name: len(filled_rooms(p.boat)) for p in state.players})
    return winners(totals, {p.name: p.fish for p in state.players})


def result_frame(state: GameState) -> pd.DataFrame:
    """One row per player (and the sister): each score category, the total, the tie-break value and who won."""
    by_player = scores(state)
    won = winner_names(state, by_player)
    columns = CATEGORIES + (SISTER_CATEGORIES if state.sister is not None else ())
    rows = []
    for name, score in by_player.items():
        if state.sister is not None:  # the sister wins ties (SOLO-12): fish break no tie in the solo game
            tiebreak = None
        elif state.mode == "family":
            tiebreak = len(filled_rooms(state.player(name).boat))
        else:
            tiebreak = state.player(name).fish
        rows.append(
            {
                "player": name,
                **{c: score.categories.get(c, 0) for c in columns},
                "total": score.total,
                "tiebreak": tiebreak,
                "winner": name in won,
            }
        )
    return pd.DataFrame(rows)


def score_frame(state: GameState) -> pd.DataFrame:
    """The live score breakdown of every boat: player, category, detail, points."""
    frames = []
    for name, score in scores(state).items():
        frame = score.breakdown
        frame.insert(0, "player", name)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def result_table(state: GameState) -> pd.DataFrame:
    """The result as shown to players: readable column names, the tie-break column named by what it counts, and
    outside the standard game without the categories that are zero for everyone (no fish and no cards in the family
    game, the player has no colours in the solo game)."""
    result = result_frame(state)
    mode = state.mode
    tiebreak = TIE_BREAK_VALUES.get(mode)
    result = (result.drop(columns=["tiebreak"]) if tiebreak is None  # the sister wins ties (SOLO-12)
              else result.rename(columns={"tiebreak": tiebreak[0]}))
    if mode != "family" and "family_lessons" in result:
        result = result.drop(columns=["family_lessons"])  # only the family game has family lessons
    if mode != "standard":
        keep = {"player", "rats", "rooms", "families", "total", "winner", "filled rooms"}
        result = result.loc[:, [c for c in result.columns if c in keep or result[c].astype(bool).any()]]
    return result.rename(columns=lambda c: c.replace("_", " "))


def tie_break_text(state: GameState, result: pd.DataFrame) -> str:
    """How a tie for the top total was broken, in words ("" when nobody tied); ``result`` is :func:`result_table`."""
    top = result["total"].max()
    tied = result.loc[result["total"] == top]
    if len(tied) < 2:
        return ""
    names_tied = " and ".join(SISTER_LABEL if n == SISTER else str(n) for n in tied["player"])
    tiebreak = TIE_BREAK_VALUES.get(state.mode)
    if tiebreak is None:
        return f"{names_tied} tied on {top} points: the sister wins ties (SOLO-12)."
    what, rule = tiebreak
    counts = ", ".join(f"{n} {int(v)}" for n, v in zip(tied["player"], tied[what], strict=True))
    return f"{names_tied} tied on {top} points; the tie is broken by the {what} ({counts}) ({rule})."


def game_result(state: GameState) -> GameResult:
    """The end of the game as every player sees it: the score table by category, the winners and the tie-break."""
    table = result_table(state)
    tie = tie_break_text(state, table)
    columns = tuple(c for c in table.columns if c not in ("player", "winner"))
    return GameResult(
        players=tuple(str(p) for p in table["player"]),
        columns=columns,
        values=tuple(tuple(int(v) for v in row) for row in table[list(columns)].itertuples(index=False)),
        winners=tuple(str(p) for p in table.loc[table["winner"], "player"]),
        tie_break=tie or TIE_BREAKS[state.mode],
        tied=bool(tie),
        tie_column=TIE_BREAK_VALUES[state.mode][0] if state.mode in TIE_BREAK_VALUES else None,
    )
