"""Scoring Explore & Draw (ED-7, ED-8): an explainable breakdown per player, the tie-break and the winners.

A player scores rats (-1 each), unfilled rooms (-5 each), families, rare treasures (3 each) with the shared
board-game scoring, plus every ticked lesson of their sheet whose requirement is met (ED-7). Lessons that count
"lessons" count the lessons ticked on the sheet. Tie: most filled rooms, else a shared win. In the solo game the
sister scores 5/4/3/2/1 per cat of her revealed colours on the player's boat plus her lessons, and wins ties
(ED-8).
"""

from __future__ import annotations

from dataclasses import replace

from isle_nb.model.core.result import GameResult
from isle_nb.model.explore_draw.data import sheet_lesson
from isle_nb.model.explore_draw.state import EDPlayer, EDState
from isle_nb.model.parts.boat_analysis import filled_rooms, largest_family_size
from isle_nb.model.parts.scoring import (
    SISTER,
    LessonContext,
    Score,
    ScoreRow,
    family_winners,
    score_boat,
    score_lesson,
    score_sister,
    solo_winner,
)

CATEGORIES: tuple[str, ...] = ("rats", "rooms", "families", "rare_treasures", "lessons")
"""The categories of an Explore & Draw score, in score-pad order."""



def others_largest_family(state: EDState, name: str) -> int:
    """The largest family on any boat but ``name``'s (what "beat the others' families" lessons compare with)."""
    return max((largest_family_size(s.boat) for s in state.seats if s.name != name), default=0)


def lesson_rows(state: EDState, seat: EDPlayer, others: int | None = None) -> dict[int, ScoreRow]:
    """Each ticked lesson of ``seat`` scored now, by lesson number: why it does or does not score, and its points.

    ``others`` is :func:`others_largest_family` if the caller already has it (bots scoring many candidates)."""
    others = others_largest_family(state, seat.name) if others is None else others
    ctx = LessonContext(boat=seat.boat, private_lesson_count=len(seat.ticks), largest_family_of_others=others)
    rows: dict[int, ScoreRow] = {}
    for number, colour in sorted(seat.ticks):
        lesson = sheet_lesson(number)
        outcome = score_lesson(lesson.card, replace(ctx, colour=colour)).outcome
        chosen = f" ({colour} chosen)" if colour else ""
        detail = f"lesson {number}, {lesson.title}{chosen}: needs {outcome.needs}; has {outcome.has}"
        rows[number] = ScoreRow("lessons", detail, outcome.points)
    return rows


def score_seat(state: EDState, seat: EDPlayer, others: int | None = None) -> Score:
    """``seat``'s score if the game ended now (ED-7); ``others`` as for :func:`lesson_rows`."""
    base = score_boat(seat.boat)
    rows = [r for r in base.rows if r.category in CATEGORIES]
    lessons = lesson_rows(state, seat, others)
    rows += lessons.values() if lessons else [ScoreRow("lessons", "no lesson ticked", 0)]
    return Score.from_rows(rows, CATEGORIES)


def score_sister_of(state: EDState) -> Score:
    """The sister's score from the solo player's boat (ED-8): revealed colours, then her lessons."""
    if state.sister is None:
        raise ValueError("only the solo game has a sister")
    (seat,) = state.seats
    return score_sister(
        seat.boat,
        colour_order=state.sister.revealed_colours,
        solo_lessons=state.sister.lessons,
        private_lesson_count=len(seat.ticks),
    )


def scores(state: EDState) -> dict[str, Score]:
    """Every player's score in seat order, and the sister's last in the solo game."""
    found = {seat.name: score_seat(state, seat) for seat in state.seats}
    if state.sister is not None:
        found[SISTER] = score_sister_of(state)
    return found


def winners(state: EDState, by_player: dict[str, Score] | None = None) -> tuple[str, ...]:
    """Who wins: the highest total, then most filled rooms, else shared (ED-7); the sister wins ties (ED-8)."""
    by_player = scores(state) if by_player is None else by_player
    totals = {name: score.total for name, score in by_player.items()}
    if state.sister is not None:
        (seat,) = state.seats
        return (SISTER,) if solo_winner(totals[seat.name], totals[SISTER]) == "sister" else (seat.name,)
    return family_winners(totals, {s.name: len(filled_rooms(s.boat)) for s in state.seats})


def game_result(state: EDState) -> GameResult:
    """The end of the game as every player sees it: each score by category (the sister's by her own), the winners
    and how ties are broken (ED-7, ED-8)."""
    by_player = scores(state)
    won = winners(state, by_player)
    categories = tuple(dict.fromkeys(c for score in by_player.values() for c in score.categories))
    values = tuple((*(score.categories.get(c, 0) for c in categories), score.total) for score in by_player.values())
    totals = [v[-1] for v in values]
    rule = ("The sister wins a tie (ED-8)." if state.sister is not None
            else "A tie goes to the most filled rooms, else the win is shared (ED-7).")
    return GameResult(tuple(by_player), (*(c.replace("_", " ") for c in categories), "total"), values, won, rule,
                      totals.count(max(totals)) > 1)
