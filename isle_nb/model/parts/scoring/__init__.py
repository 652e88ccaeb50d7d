"""End-of-game scoring for the standard game, the solo game (you and your sister) and the family game.

One job per module:

- :mod:`.score`: what scoring returns, a :class:`Score` of :class:`ScoreRow` lines, and the categories.
- :mod:`.categories`: the boat's own categories: rats, rooms, families, rare treasures (SCORE-1..4).
- :mod:`.lessons`: every lesson by effect key (SCORE-5, SCORE-6): a table of counters and a few combinators.
- :mod:`.boat`: :func:`score_boat`, one player's boat with its lessons (SOLO-5 in the solo game, FAMILY-5).
- :mod:`.sister`: :func:`score_sister`, the solo opponent scored from the player's boat (SOLO-12).
- :mod:`.winners`: :func:`winners`, :func:`family_winners`, :func:`solo_winner` and their tie-breaks.

Every result is a :class:`Score`: a total, per-category subtotals and one row per scoring item (one per family, one
per lesson, rats, rooms, rare treasures). ``score.breakdown`` is a pandas DataFrame and a Score displays itself as
a table in Jupyter.
"""

from isle_nb.model.parts.scoring.boat import PublicLesson, score_boat
from isle_nb.model.parts.scoring.lessons import LESSON_EFFECTS, LessonContext, LessonResult, Outcome, score_lesson
from isle_nb.model.parts.scoring.score import CATEGORIES, MODES, SISTER_CATEGORIES, Mode, Score, ScoreRow
from isle_nb.model.parts.scoring.sister import SISTER, SISTER_COLOUR_POINTS, score_sister
from isle_nb.model.parts.scoring.winners import family_winners, solo_winner, winners

__all__ = [
    "CATEGORIES",
    "LESSON_EFFECTS",
    "MODES",
    "SISTER",
    "SISTER_CATEGORIES",
    "SISTER_COLOUR_POINTS",
    "LessonContext",
    "LessonResult",
    "Mode",
    "Outcome",
    "PublicLesson",
    "Score",
    "ScoreRow",
    "family_winners",
    "score_boat",
    "score_lesson",
    "score_sister",
    "solo_winner",
    "winners",
]
