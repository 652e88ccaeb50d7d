"""Scoring a game state: every player's live or final score (SCORE-1..8, SOLO-12, FAMILY-5)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from isle_nb.model.core.result import GameResult
from isle_nb.model.isle.state import SISTER, GameState, Mode, PlayerState
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.boat_analysis import filled_rooms, largest_family_size
from isle_nb.model.parts.scoring import (
    CATEGORIES,
    SISTER_CATEGORIES,
    Score,
    score_boat,
    score_sister,
    solo_winner,
)

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

TIE_VALUES: dict[str, Callable[[PlayerState], int]] = {
    "fish left": lambda player: player.fish,
    "filled rooms": lambda player: len(filled_rooms(player.boat)),
}
"""How each tie-break value (a mode's ``tie_column``) is counted for a player."""
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
    mode: Mode,
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
    if variant(mode).family_lessons:
        return score_boat(boat, mode=mode, family_lessons=family_lessons,
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
    rules = variant(state.mode)
    value = TIE_VALUES[rules.tie_column or "fish left"]
    return rules.winners(totals, {p.name: value(p) for p in state.players})


def result_frame(state: GameState) -> pd.DataFrame:
    """One row per player (and the sister): each score category, the total, the tie-break value and who won."""
    by_player = scores(state)
    won = winner_names(state, by_player)
    columns = CATEGORIES + (SISTER_CATEGORIES if state.sister is not None else ())
    rows = []
    for name, score in by_player.items():
        column = variant(state.mode).tie_column  # None in the solo game: the sister wins ties (SOLO-12)
        tiebreak = None if state.sister is not None or column is None else TIE_VALUES[column](state.player(name))
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
    rules = variant(state.mode)
    result = (result.drop(columns=["tiebreak"]) if rules.tie_column is None  # the sister wins ties (SOLO-12)
              else result.rename(columns={"tiebreak": rules.tie_column}))
    if not rules.family_lessons and "family_lessons" in result:
        result = result.drop(columns=["family_lessons"])  # only the family game has family lessons
    if not rules.every_category:
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
    rules = variant(state.mode)
    if rules.tie_column is None:
        return f"{names_tied} tied on {top} points: the sister wins ties (SOLO-12)."
    what, rule = rules.tie_column, rules.tie_rule
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
        tie_break=tie or variant(state.mode).tie_break,
        tied=bool(tie),
        tie_column=variant(state.mode).tie_column,
    )
