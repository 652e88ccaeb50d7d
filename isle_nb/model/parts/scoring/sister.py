"""Scoring the sister, the solo game's opponent, from the player's boat (SOLO-12)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.boat_analysis import colour_counts
from isle_nb.model.parts.scoring.boat import lesson_row
from isle_nb.model.parts.scoring.lessons import LessonContext, LessonResult, check_unique, lesson_cards, score_lesson
from isle_nb.model.parts.scoring.score import SISTER_CATEGORIES, Score, ScoreRow, plural
from isle_nb.model.parts.tiles import check_colour

SISTER = "Sister"
"""The sister's name in the turn order, the log and the results of a solo game (of The Isle of Cats and of
Explore & Draw)."""

SISTER_COLOUR_POINTS: tuple[int, ...] = (5, 4, 3, 2, 1)
"""Points per cat of the 1st-5th revealed solo colour (SOLO-12)."""

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def score_sister(
    boat: Boat,
    *,
    colour_order: Sequence[str],
    solo_lessons: Iterable[int] = (),
    fish: int = 0,
    private_lesson_count: int = 0,
) -> Score:
    """Score the sister in the solo game, from the player's ``boat`` (SOLO-12).

    ``colour_order`` lists the solo colours in the order they were revealed: each cat (Oshax by its chosen
    colour) of the 1st-5th colour gives her 5/4/3/2/1 points. ``solo_lessons`` are her basic and advanced solo
    lessons (197-215, variants-data §A.4-§A.5), scored on the player's boat with the player's unspent ``fish``
    (200) and ``private_lesson_count`` (207). Lesson 204 repeats the highest score among her *other* lessons.
    """
    colours = [check_colour(c) for c in colour_order]
    if len(colours) > len(SISTER_COLOUR_POINTS) or len(set(colours)) != len(colours):
        raise IllegalAction("SOLO-11", f"the solo colours are revealed once each, at most 5: got {colours}")
    lessons = lesson_cards(solo_lessons, ("solo_lesson", "solo_advanced_lesson"), "SOLO-2", "solo lessons")
    check_unique(lessons, "SOLO-2", "the solo lessons")

    counts = colour_counts(boat)
    rows: list[ScoreRow] = []
    for position, colour in enumerate(colours):
        each = SISTER_COLOUR_POINTS[position]
        cats = counts[colour]
        detail = f"{_ORDINALS[position]} colour {colour}: {plural(cats, 'cat')} x {each}"
        rows.append(ScoreRow("colours", detail, cats * each))
    ctx = LessonContext(boat=boat, mode="solo", fish=fish, private_lesson_count=private_lesson_count)
    results: dict[int, LessonResult] = {}
    repeaters = [c for c in lessons if c.effect == "repeat_highest_lesson"]
    for lesson in lessons:
        if lesson.effect != "repeat_highest_lesson":
            results[lesson.id] = score_lesson(lesson, ctx)
    for lesson in repeaters:
        others = tuple((i, r.points) for i, r in results.items())
        results[lesson.id] = score_lesson(lesson, replace(ctx, other_lesson_points=others))
    rows += [lesson_row("solo_lessons", results[lesson.id]) for lesson in lessons]
    return Score.from_rows(rows, SISTER_CATEGORIES)


__all__ = ["SISTER", "SISTER_COLOUR_POINTS", "score_sister"]
