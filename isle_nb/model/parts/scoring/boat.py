"""Scoring one player's boat at the end of the game: its own categories and its lessons (SCORE-1..7; solo SOLO-5;
family FAMILY-5)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from isle_nb.model.core.errors import IllegalAction, InvalidArgument, quote
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.cards import Card
from isle_nb.model.parts.scoring.categories import category_rows
from isle_nb.model.parts.scoring.lessons import LessonContext, LessonResult, check_unique, lesson_cards, score_lesson
from isle_nb.model.parts.scoring.score import CATEGORIES, MODES, Mode, Score, ScoreRow
from isle_nb.model.parts.tiles import Colour, check_colour

PublicLesson = int | tuple[int, str]
"""A public lesson for :func:`score_boat`: its card id, or ``(card id, colour)`` for pick-a-colour ones."""


def _check_arguments(boat: object, private: object, public: object, family: object, fish: object,
                     baskets: object, first: object, count: object, largest: object) -> None:
    """Refuse arguments of :func:`score_boat` of the wrong kind, with a sentence (:class:`InvalidArgument`)."""
    if not isinstance(boat, Boat):
        raise InvalidArgument(f"score_boat needs a Boat, not {quote(boat)}")
    for name, value in (("private_lessons", private), ("public_lessons", public), ("family_lessons", family)):
        if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
            raise InvalidArgument(f"{name} must be a list of card ids, not {quote(value)}")
    for name, value in (("fish", fish), ("permanent_baskets", baskets), ("largest_family_of_others", largest)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidArgument(f"{name} must be a whole number, 0 or more, not {quote(value)}")
    if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 0):
        raise InvalidArgument(f"private_lesson_count must be None or a whole number, 0 or more, not {quote(count)}")
    if not isinstance(first, bool):
        raise InvalidArgument(f"first_in_turn_order must be True or False, not {quote(first)}")


def _private_lessons(ids: Iterable[int]) -> list[Card]:
    cards = lesson_cards(ids, ("lesson",), "LESSON-1", "private lessons")
    for found in cards:
        if found.public:
            raise IllegalAction(
                "LESSON-1", f"lesson {found.id} ({found.title}) is public: pass it in public_lessons"
            )
    check_unique(cards, "LESSON-1", "the private lessons")
    return cards


def _public_lessons(items: Iterable[PublicLesson]) -> list[tuple[Card, Colour | None]]:
    result: list[tuple[Card, Colour | None]] = []
    for item in items:
        colour: Colour | None = None
        if isinstance(item, tuple):
            if len(item) != 2:
                raise IllegalAction("LESSON-2", f"a public lesson is an id or (id, colour), not {quote(item)}")
            card_id, raw_colour = item
            colour = check_colour(raw_colour)
        else:
            card_id = item
        (found,) = lesson_cards((card_id,), ("lesson",), "LESSON-1", "public lessons")
        if not found.public:
            raise IllegalAction(
                "LESSON-1", f"lesson {found.id} ({found.title}) is private: pass it in private_lessons"
            )
        if found.pick_colour and colour is None:
            raise IllegalAction(
                "LESSON-2",
                f"public lesson {found.id} ({found.title}) needs the colour picked when it was played: "
                f"pass ({found.id}, colour)",
            )
        if colour is not None and not found.pick_colour:
            raise IllegalAction("LESSON-2", f"public lesson {found.id} ({found.title}) takes no colour")
        result.append((found, colour))
    check_unique([c for c, _ in result], "LESSON-1", "the public lessons")
    return result


def lesson_row(category: str, result: LessonResult) -> ScoreRow:
    """The score-sheet line of one scored lesson."""
    return ScoreRow(category, result.detail, result.points)


def score_boat(
    boat: Boat,
    *,
    private_lessons: Iterable[int] = (),
    public_lessons: Iterable[PublicLesson] = (),
    fish: int = 0,
    permanent_baskets: int = 1,
    first_in_turn_order: bool = False,
    private_lesson_count: int | None = None,
    largest_family_of_others: int = 0,
    mode: Mode = "standard",
    family_lessons: Iterable[int] = (),
) -> Score:
    """Score one player's boat at the end of the game.

    * Standard game: rats (SCORE-1), unfilled rooms (SCORE-2), families (SCORE-3), rare treasures (SCORE-4),
      the owner's ``private_lessons`` (SCORE-5) and every ``public_lessons`` card for this boat (SCORE-6).
      Common treasures score only through lessons (SCORE-7).
    * ``mode="solo"``: as standard, but public lessons score half, rounded up, and lesson 121 needs a family
      of at least 7 cats (SOLO-5, SOLO-12). The sister is scored with ``score_sister``.
    * ``mode="family"``: no rare-treasure points and no discovery lessons; the two ``family_lessons`` score
      instead (FAMILY-5).

    ``public_lessons`` items are card ids, or ``(card id, colour)`` for pick-a-colour public lessons, whose
    colour was fixed when they were played (LESSON-2); leaving it out raises :class:`IllegalAction`. A private
    pick-a-colour lesson (117, family 151) scores with the colour best for the owner (LESSON-4).

    The other arguments are the end-of-game facts lessons look at: unspent ``fish`` (142),
    ``permanent_baskets`` (118), ``first_in_turn_order`` (119), ``private_lesson_count`` (126, 133, 147;
    defaults to the number of ``private_lessons``) and ``largest_family_of_others``, the size of the largest
    family on any other boat (121, 165: this boat scores when it has a family of 3 or more at least that
    large; ties score).
    """
    if not isinstance(mode, str) or mode not in MODES:
        raise InvalidArgument(f"unknown scoring mode {quote(mode)}; expected one of {MODES}")
    _check_arguments(boat, private_lessons, public_lessons, family_lessons, fish, permanent_baskets,
                     first_in_turn_order, private_lesson_count, largest_family_of_others)
    private = _private_lessons(private_lessons)
    public = _public_lessons(public_lessons)
    family = lesson_cards(family_lessons, ("family_lesson",), "FAMILY-1", "family lessons")
    check_unique(family, "FAMILY-1", "the family lessons")
    if mode == "family" and (private or public):
        raise IllegalAction(
            "FAMILY-1", "the family game has no discovery cards, so no private or public lessons"
        )
    if mode != "family" and family:
        raise IllegalAction("FAMILY-1", "family lessons are only scored in the family game (mode='family')")

    count = len(private) if private_lesson_count is None else private_lesson_count
    ctx = LessonContext(
        boat=boat,
        mode=mode,
        fish=fish,
        permanent_baskets=permanent_baskets,
        first_in_turn_order=first_in_turn_order,
        private_lesson_count=count,
        largest_family_of_others=largest_family_of_others,
    )
    rows = category_rows(boat, mode)
    rows += [lesson_row("private_lessons", score_lesson(lesson, ctx)) for lesson in private]
    for lesson, colour in public:
        result = score_lesson(lesson, replace(ctx, colour=colour))
        if mode == "solo":
            result = replace(result, points=(result.points + 1) // 2, halved=True)
        rows.append(lesson_row("public_lessons", result))
    rows += [lesson_row("family_lessons", score_lesson(lesson, ctx)) for lesson in family]
    return Score.from_rows(rows, CATEGORIES)


__all__ = ["PublicLesson", "lesson_row", "score_boat"]
