"""Scoring a game state: every player's live or final score (SCORE-1..8)."""

from __future__ import annotations

import pandas as pd

from isle_nb.model.boat_analysis import largest_family_size
from isle_nb.model.scoring import CATEGORIES, Score, score_boat, winners
from isle_nb.model.state import GameState


def score_player(state: GameState, name: str) -> Score:
    """The score ``name`` would get if the game ended now, with the lessons in play and in front of them."""
    player = state.player(name)
    others = [largest_family_size(p.boat) for p in state.players if p.name != name]
    return score_boat(
        player.boat,
        private_lessons=player.private_lessons,
        public_lessons=[(c, colour) if colour else c for c, colour in state.public_lessons],
        fish=player.fish,
        permanent_baskets=player.permanent_baskets,
        first_in_turn_order=bool(state.turn_order) and state.turn_order[0] == player.seat,
        largest_family_of_others=max(others, default=0),
        mode=state.mode,
    )


def scores(state: GameState) -> dict[str, Score]:
    """Every player's score, in seat order."""
    return {p.name: score_player(state, p.name) for p in state.players}


def result_frame(state: GameState) -> pd.DataFrame:
    """One row per player: each score category, the total, fish (the tie-break, SCORE-8) and who won."""
    by_player = scores(state)
    won = winners({n: s.total for n, s in by_player.items()}, {p.name: p.fish for p in state.players})
    rows = []
    for player in state.players:
        score = by_player[player.name]
        rows.append(
            {
                "player": player.name,
                **{c: score.categories[c] for c in CATEGORIES},
                "total": score.total,
                "tiebreak_fish": player.fish,
                "winner": player.name in won,
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
