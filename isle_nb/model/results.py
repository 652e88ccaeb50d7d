"""Scoring a game state: every player's live or final score (SCORE-1..8, SOLO-12, FAMILY-5)."""

from __future__ import annotations

import pandas as pd

from isle_nb.model.boat_analysis import filled_rooms, largest_family_size
from isle_nb.model.scoring import (
    CATEGORIES,
    SISTER_CATEGORIES,
    Score,
    family_winners,
    score_boat,
    score_sister,
    solo_winner,
    winners,
)
from isle_nb.model.state import SISTER, GameState


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
    if state.mode == "family":
        return score_boat(player.boat, mode="family", family_lessons=player.family_lessons,
                          largest_family_of_others=_largest_elsewhere(state, name))
    return score_boat(
        player.boat,
        private_lessons=player.private_lessons,
        public_lessons=[(c, colour) if colour else c for c, colour in state.public_lessons],
        fish=player.fish,
        permanent_baskets=player.permanent_baskets,
        first_in_turn_order=bool(state.turn_order) and state.turn_order[0] == player.seat,
        largest_family_of_others=_largest_elsewhere(state, name),
        mode=state.mode,
    )


def _largest_elsewhere(state: GameState, name: str) -> int:
    """The largest family on any other boat (lessons 121 and 165 compare with it)."""
    return max((largest_family_size(p.boat) for p in state.players if p.name != name), default=0)


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
