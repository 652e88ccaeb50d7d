"""End-of-game scoring: the standard game, the solo game (you and your sister) and the family game.

Entry points:

* :func:`score_boat` scores one player's boat (SCORE-1..7; SOLO-5/SOLO-12 in ``mode="solo"``; FAMILY-5 in
  ``mode="family"``).
* :func:`score_sister` scores the solo opponent from the player's boat (SOLO-12).
* :func:`winners`, :func:`family_winners` and :func:`solo_winner` apply the tie-breaks (SCORE-8, FAMILY-5,
  SOLO-12).

Lessons are scored **by effect key**: :func:`~isle_nb.model.cards.card` gives each lesson card an ``effect``
string and its ``params``; :data:`LESSON_EFFECTS` maps every key to one function that returns the points,
what the lesson asks for and what the boat has. The card's wording is never read.

Every result is a :class:`Score`: a total, per-category subtotals and one :class:`ScoreRow` per scoring item
(one per family, one per lesson, rats, rooms, rare treasures). ``score.breakdown`` is a pandas DataFrame and
a Score displays itself as a table in Jupyter.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, NamedTuple

from isle_nb.model import boat_analysis as ba
from isle_nb.model.boat import APPLE_ROOM, MOON_ROOMS, PARROT_ROOMS, Boat
from isle_nb.model.cards import Card, Params, card
from isle_nb.model.errors import IllegalAction
from isle_nb.model.tiles import COLOURS, Colour, check_colour

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "CATEGORIES",
    "LESSON_EFFECTS",
    "MODES",
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

Mode = Literal["standard", "solo", "family"]
"""Which game is scored: the standard game, the solo game (the player's side) or the family game."""

MODES: tuple[str, ...] = ("standard", "solo", "family")

CATEGORIES: tuple[str, ...] = (
    "rats",
    "rooms",
    "families",
    "rare_treasures",
    "private_lessons",
    "public_lessons",
    "family_lessons",
)
"""The categories of :attr:`Score.categories` for :func:`score_boat`, in score-pad order."""

SISTER_CATEGORIES: tuple[str, ...] = ("colours", "solo_lessons")
"""The categories of :attr:`Score.categories` for :func:`score_sister`."""

SISTER_COLOUR_POINTS: tuple[int, ...] = (5, 4, 3, 2, 1)
"""Points per cat of the 1st-5th revealed solo colour (SOLO-12)."""

RAT_PENALTY = 1
ROOM_PENALTY = 5
RARE_TREASURE_POINTS = 3
SOLO_LARGEST_FAMILY = 7

PublicLesson = int | tuple[int, str]
"""A public lesson for :func:`score_boat`: its card id, or ``(card id, colour)`` for pick-a-colour ones."""

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


# -- results -------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One line of a score sheet: its category (see :data:`CATEGORIES`), a readable detail, the points."""

    category: str
    detail: str
    points: int


@dataclass(frozen=True)
class Score:
    """A scored boat: ``total``, subtotals per category and the rows they come from.

    ``categories`` always has every key of its kind (:data:`CATEGORIES` for :func:`score_boat`,
    :data:`SISTER_CATEGORIES` for :func:`score_sister`), zero where nothing scored.
    """

    total: int
    categories: Mapping[str, int]
    rows: tuple[ScoreRow, ...]

    @classmethod
    def from_rows(cls, rows: Iterable[ScoreRow], categories: Sequence[str] = CATEGORIES) -> Score:
        """Build a score from its rows; subtotals and total are summed from them."""
        rows = tuple(rows)
        sums = dict.fromkeys(categories, 0)
        for row in rows:
            if row.category not in sums:
                raise ValueError(f"unknown score category {row.category!r}; expected one of {tuple(sums)}")
            sums[row.category] += row.points
        return cls(sum(sums.values()), MappingProxyType(sums), rows)

    def __getitem__(self, category: str) -> int:
        """The subtotal of one category: ``score["families"]``."""
        return self.categories[category]

    @property
    def breakdown(self) -> pd.DataFrame:
        """The rows as a DataFrame with columns ``category``, ``detail``, ``points``."""
        import pandas as pd

        return pd.DataFrame(
            [(r.category, r.detail, r.points) for r in self.rows], columns=["category", "detail", "points"]
        )

    def __str__(self) -> str:
        width = max((len(r.category) for r in self.rows), default=8)
        lines = [f"{r.category:<{width}}  {r.points:>4}  {r.detail}" for r in self.rows]
        lines.append(f"{'total':<{width}}  {self.total:>4}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from isle_nb.view.scores import score_html

        return score_html(self)


class Outcome(NamedTuple):
    """What one lesson effect returns: points, what it needs (in words) and what the boat has."""

    points: int
    needs: str
    has: str


@dataclass(frozen=True, slots=True)
class LessonContext:
    """Everything a lesson may look at besides the card: the boat and the end-of-game facts about its owner.

    ``colour`` is the colour a pick-a-colour lesson is scored with. ``other_lesson_points`` holds
    ``(card id, points)`` of the other lessons in the same set, for card 204 (repeat the highest).
    """

    boat: Boat
    mode: Mode = "standard"
    fish: int = 0
    permanent_baskets: int = 1
    first_in_turn_order: bool = False
    private_lesson_count: int = 0
    largest_family_of_others: int = 0
    colour: Colour | None = None
    other_lesson_points: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class LessonResult:
    """One scored lesson card: its points (after solo halving) and the explanation."""

    card: Card
    points: int
    outcome: Outcome
    colour: Colour | None = None
    halved: bool = False

    @property
    def detail(self) -> str:
        """``"#117 Chosen colour on the edge (red chosen): needs ...; has ... → 3"``."""
        chosen = f" ({self.colour} chosen)" if self.colour else ""
        text = (
            f"#{self.card.id} {self.card.title}{chosen}: needs {self.outcome.needs}; "
            f"has {self.outcome.has} → {self.outcome.points}"
        )
        if self.halved:
            text += f", halved in the solo game (SOLO-5) → {self.points}"
        return text


# -- lesson effects ------------------------------------------------------------------------------------------
Scorer = Callable[[LessonContext, Params], Outcome]
_EFFECTS: dict[str, Scorer] = {}

LESSON_EFFECTS: Mapping[str, Scorer] = MappingProxyType(_EFFECTS)
"""Every lesson effect key mapped to the function that scores it on a :class:`LessonContext`."""


def _effect(key: str) -> Callable[[Scorer], Scorer]:
    def register(function: Scorer) -> Scorer:
        _EFFECTS[key] = function
        return function

    return register


def _n(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def _colour_of(ctx: LessonContext, params: Params) -> Colour:
    colour = params.get("colour", ctx.colour)
    if colour is None:
        raise IllegalAction("LESSON-2", "this lesson needs a chosen colour")
    return check_colour(colour)


def _counts_text(counts: Mapping[Colour, int]) -> str:
    return ", ".join(f"{counts[c]} {c}" for c in COLOURS)


def _rooms_text(rooms: Iterable[int]) -> str:
    rooms = tuple(rooms)
    return ", ".join(str(r) for r in rooms) if rooms else "none"


def _flag(ok: bool, points: int) -> int:
    return points if ok else 0


@_effect("edge_no_empty")
def _edge_no_empty(ctx: LessonContext, params: Params) -> Outcome:
    empty = len(ba.empty_edge_cells(ctx.boat))
    has = "every edge cell covered" if not empty else f"{_n(empty, 'empty edge cell')}"
    return Outcome(_flag(not empty, params.get_int("points")), "no empty cell on the edge of the boat", has)


@_effect("exactly_cats")
def _exactly_cats(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    count = len(ba.cat_tiles(ctx.boat))
    return Outcome(
        _flag(count == n, params.get_int("points")), f"exactly {n} cats (Oshax included)", str(count)
    )


@_effect("each_colour_at_least")
def _each_colour_at_least(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    counts = ba.colour_counts(ctx.boat)
    ok = all(counts[c] >= n for c in COLOURS)
    return Outcome(
        _flag(ok, params.get_int("points")), f"at least {n} cats of every colour", _counts_text(counts)
    )


def _edge_colours(boat: Boat) -> tuple[Colour, ...]:
    on_edge = {p.tile.colour for p in ba.cats_touching_edge(boat)}
    return tuple(c for c in COLOURS if c in on_edge)


@_effect("each_colour_on_edge")
def _each_colour_on_edge(ctx: LessonContext, params: Params) -> Outcome:
    present = _edge_colours(ctx.boat)
    missing = [c for c in COLOURS if c not in present]
    has = "all five colours on the edge" if not missing else f"none on the edge for {', '.join(missing)}"
    return Outcome(
        _flag(not missing, params.get_int("points")), "a cat of every colour touching the edge", has
    )


@_effect("colour_on_edge_each")
def _colour_on_edge_each(ctx: LessonContext, params: Params) -> Outcome:
    colour = _colour_of(ctx, params)
    points = params.get_int("points")
    count = len(ba.cats_touching_edge(ctx.boat, colour))
    return Outcome(count * points, f"{colour} cats touching the edge, {points} each", f"{count} {colour}")


@_effect("exactly_permanent_baskets")
def _exactly_permanent_baskets(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    ok = ctx.permanent_baskets == n
    return Outcome(
        _flag(ok, params.get_int("points")), f"exactly {n} permanent baskets", str(ctx.permanent_baskets)
    )


@_effect("first_in_turn_order")
def _first_in_turn_order(ctx: LessonContext, params: Params) -> Outcome:
    ok = ctx.first_in_turn_order
    has = "first place" if ok else "not first"
    return Outcome(_flag(ok, params.get_int("points")), "first place in turn order at the end", has)


@_effect("lonely_cats")
def _lonely_cats(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.lonely_cats(ctx.boat))
    return Outcome(
        count * points, f"cats touching no cat of their colour, {points} each", _n(count, "lonely cat")
    )


@_effect("largest_family")
def _largest_family(ctx: LessonContext, params: Params) -> Outcome:
    size = ba.largest_family_size(ctx.boat)
    others = ctx.largest_family_of_others
    needs = "the largest family of any boat (ties score)"
    ok = size >= 3 and size >= others
    if ctx.mode == "solo" and "solo_min" in params:
        minimum = params.get_int("solo_min")
        needs = f"a family of at least {minimum} cats in the solo game (SOLO-5)"
        ok = ok and size >= minimum
        has = f"largest family of {size}" if size else "no family"
    else:
        has = (f"largest family of {size}" if size else "no family") + f", other boats' largest {others}"
    return Outcome(_flag(ok, params.get_int("points")), needs, has)


@_effect("per_rare_treasure")
def _per_rare_treasure(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.rare_treasures(ctx.boat))
    return Outcome(count * points, f"rare treasures, {points} each", _n(count, "rare treasure"))


@_effect("per_common_treasure")
def _per_common_treasure(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.common_treasures(ctx.boat))
    return Outcome(count * points, f"common treasures, {points} each", _n(count, "common treasure"))


@_effect("per_treasure")
def _per_treasure(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.treasures(ctx.boat))
    return Outcome(count * points, f"treasures (rare or common), {points} each", _n(count, "treasure"))


@_effect("no_visible_rats")
def _no_visible_rats(ctx: LessonContext, params: Params) -> Outcome:
    count = len(ba.visible_rats(ctx.boat))
    return Outcome(_flag(count == 0, params.get_int("points")), "no visible rat", _n(count, "visible rat"))


@_effect("per_visible_rat")
def _per_visible_rat(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.visible_rats(ctx.boat))
    return Outcome(count * points, f"visible rats, {points} each", _n(count, "visible rat"))


@_effect("exactly_visible_rats")
def _exactly_visible_rats(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    count = len(ba.visible_rats(ctx.boat))
    return Outcome(_flag(count == n, params.get_int("points")), f"exactly {n} visible rats", str(count))


@_effect("per_private_lesson")
def _per_private_lesson(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = ctx.private_lesson_count
    return Outcome(count * points, f"private lessons, {points} each", _n(count, "private lesson"))


@_effect("exactly_private_lessons")
def _exactly_private_lessons(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    count = ctx.private_lesson_count
    return Outcome(_flag(count == n, params.get_int("points")), f"exactly {n} private lessons", str(count))


@_effect("exactly_colour")
def _exactly_colour(ctx: LessonContext, params: Params) -> Outcome:
    colour = _colour_of(ctx, params)
    n = params.get_int("n")
    count = ba.colour_counts(ctx.boat)[colour]
    needs = f"exactly {n} {colour} cats (Oshax included)"
    return Outcome(_flag(count == n, params.get_int("points")), needs, f"{count} {colour}")


@_effect("exactly_treasures")
def _exactly_treasures(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    count = len(ba.treasures(ctx.boat))
    needs = f"exactly {n} treasures (rare and common)"
    return Outcome(_flag(count == n, params.get_int("points")), needs, str(count))


@_effect("edge_cats_per_two")
def _edge_cats_per_two(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.cats_touching_edge(ctx.boat))
    needs = f"cats touching the edge, {points} per 2 (rounded down)"
    return Outcome(count // 2 * points, needs, _n(count, "cat") + " on the edge")


@_effect("parrot_rooms_full")
def _parrot_rooms_full(ctx: LessonContext, params: Params) -> Outcome:
    filled = ba.filled_rooms(ctx.boat)
    ok = all(r in filled for r in PARROT_ROOMS)
    has = ", ".join(f"room {r} {'full' if r in filled else 'not full'}" for r in PARROT_ROOMS)
    return Outcome(_flag(ok, params.get_int("points")), "both parrot rooms (1 and 7) full", has)


@_effect("moon_rooms_empty")
def _moon_rooms_empty(ctx: LessonContext, params: Params) -> Outcome:
    empty = ba.empty_rooms(ctx.boat)
    ok = all(r in empty for r in MOON_ROOMS)
    has = ", ".join(f"room {r} {'empty' if r in empty else 'not empty'}" for r in MOON_ROOMS)
    return Outcome(_flag(ok, params.get_int("points")), "both moon rooms (2 and 4) completely empty", has)


@_effect("apple_room_empty")
def _apple_room_empty(ctx: LessonContext, params: Params) -> Outcome:
    ok = APPLE_ROOM in ba.empty_rooms(ctx.boat)
    has = f"room {APPLE_ROOM} {'empty' if ok else 'not empty'}"
    return Outcome(
        _flag(ok, params.get_int("points")), f"the apple room ({APPLE_ROOM}) completely empty", has
    )


def _family_sizes(boat: Boat) -> str:
    sizes = [f.size for f in ba.scoring_families(boat)]
    return ("families of " + ", ".join(map(str, sizes))) if sizes else "no family"


@_effect("per_family_of_at_least")
def _per_family_of_at_least(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    points = params.get_int("points")
    count = sum(1 for f in ba.scoring_families(ctx.boat) if f.size >= n)
    return Outcome(count * points, f"families of {n} or more cats, {points} each", _family_sizes(ctx.boat))


@_effect("per_oshax")
def _per_oshax(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = ba.oshax_count(ctx.boat)
    return Outcome(count * points, f"Oshax, {points} each", f"{count} Oshax")


@_effect("third_family_again")
def _third_family_again(ctx: LessonContext, params: Params) -> Outcome:
    found = ba.scoring_families(ctx.boat)
    points = found[2].points if len(found) >= 3 else 0
    return Outcome(points, "a third-largest family, scored again", _family_sizes(ctx.boat))


@_effect("fish_at_least")
def _fish_at_least(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    ok = ctx.fish >= n
    return Outcome(
        _flag(ok, params.get_int("points")), f"at least {n} fish at the end", _n(ctx.fish, "fish", "fish")
    )


@_effect("per_cat_of_colour")
def _per_cat_of_colour(ctx: LessonContext, params: Params) -> Outcome:
    colour = _colour_of(ctx, params)
    points = params.get_int("points")
    count = ba.colour_counts(ctx.boat)[colour]
    return Outcome(count * points, f"{colour} cats, {points} each", f"{count} {colour}")


@_effect("colour_at_least")
def _colour_at_least(ctx: LessonContext, params: Params) -> Outcome:
    colour = _colour_of(ctx, params)
    n = params.get_int("n")
    count = ba.colour_counts(ctx.boat)[colour]
    return Outcome(
        _flag(count >= n, params.get_int("points")), f"at least {n} {colour} cats", f"{count} {colour}"
    )


@_effect("lonely_cats_of_colour")
def _lonely_cats_of_colour(ctx: LessonContext, params: Params) -> Outcome:
    colour = _colour_of(ctx, params)
    points = params.get_int("points")
    count = len(ba.lonely_cats(ctx.boat, colour))
    needs = f"{colour} cats touching no other {colour} cat, {points} each"
    return Outcome(count * points, needs, f"{count} lonely {colour}")


@_effect("treasures_touching_colour")
def _treasures_touching_colour(ctx: LessonContext, params: Params) -> Outcome:
    colour = _colour_of(ctx, params)
    points = params.get_int("points")
    count = len(ba.treasures_touching_colour(ctx.boat, colour))
    needs = f"treasures touching a {colour} cat, {points} each"
    return Outcome(count * points, needs, _n(count, "treasure"))


@_effect("per_uncovered_map")
def _per_uncovered_map(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.uncovered_maps(ctx.boat))
    return Outcome(count * points, f"uncovered treasure maps, {points} each", _n(count, "uncovered map"))


@_effect("per_covered_map")
def _per_covered_map(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.covered_maps(ctx.boat))
    return Outcome(count * points, f"covered treasure maps, {points} each", _n(count, "covered map"))


@_effect("middle_row_full")
def _middle_row_full(ctx: LessonContext, params: Params) -> Outcome:
    empty = len(ba.middle_row_empty_cells(ctx.boat))
    has = "the middle row full" if not empty else f"{_n(empty, 'empty cell')} in the middle row"
    return Outcome(_flag(not empty, params.get_int("points")), "every cell of the middle row covered", has)


@_effect("per_filled_room")
def _per_filled_room(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    filled = ba.filled_rooms(ctx.boat)
    has = f"{_n(len(filled), 'filled room')} ({_rooms_text(filled)})"
    return Outcome(len(filled) * points, f"filled rooms, {points} each", has)


# solo lessons (variants-data §A.4, §A.5); they score for the sister from the player's boat
@_effect("colours_not_touching_treasure")
def _colours_not_touching_treasure(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    touching = {p.tile.colour for p in ba.cats_touching_treasure(ctx.boat)}
    free = [c for c in COLOURS if c not in touching]
    return Outcome(
        len(free) * points,
        f"colours with no cat touching a treasure, {points} each",
        ", ".join(free) if free else "every colour touches a treasure",
    )


@_effect("largest_family_size")
def _largest_family_size(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    size = ba.largest_family_size(ctx.boat)
    return Outcome(size * points, f"cats in the largest family, {points} each", f"largest family of {size}")


@_effect("fewer_treasures_than")
def _fewer_treasures_than(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    count = len(ba.treasures(ctx.boat))
    return Outcome(_flag(count < n, params.get_int("points")), f"fewer than {n} treasures", str(count))


@_effect("per_fish")
def _per_fish(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    return Outcome(ctx.fish * points, f"unspent fish, {points} each", _n(ctx.fish, "fish", "fish"))


@_effect("cats_over")
def _cats_over(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    points = params.get_int("points")
    count = len(ba.cat_tiles(ctx.boat))
    needs = f"cats (Oshax included) beyond {n}, {points} each"
    return Outcome(max(0, count - n) * points, needs, _n(count, "cat"))


@_effect("colours_not_on_edge")
def _colours_not_on_edge(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    present = _edge_colours(ctx.boat)
    free = [c for c in COLOURS if c not in present]
    return Outcome(
        len(free) * points,
        f"colours with no cat touching the edge, {points} each",
        ", ".join(free) if free else "every colour on the edge",
    )


@_effect("repeat_highest_lesson")
def _repeat_highest_lesson(ctx: LessonContext, params: Params) -> Outcome:
    others = ctx.other_lesson_points
    if not others:
        return Outcome(0, "the highest score among the other lessons, once more", "no other lesson")
    best_id, best = max(others, key=lambda item: item[1])
    return Outcome(best, "the highest score among the other lessons, once more", f"#{best_id} with {best}")


@_effect("largest_family_value")
def _largest_family_value(ctx: LessonContext, params: Params) -> Outcome:
    found = ba.scoring_families(ctx.boat)
    points = found[0].points if found else 0
    return Outcome(points, "the largest family, scored at family value", _family_sizes(ctx.boat))


@_effect("second_family_value")
def _second_family_value(ctx: LessonContext, params: Params) -> Outcome:
    found = ba.scoring_families(ctx.boat)
    points = found[1].points if len(found) >= 2 else 0
    return Outcome(points, "the second-largest family, scored at family value", _family_sizes(ctx.boat))


@_effect("cats_not_touching_treasure")
def _cats_not_touching_treasure(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.cats_not_touching_treasure(ctx.boat))
    return Outcome(count * points, f"cats touching no treasure, {points} each", _n(count, "cat"))


@_effect("per_family")
def _per_family(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.scoring_families(ctx.boat))
    return Outcome(
        count * points, f"families of 3 or more cats, {points} each", _n(count, "family", "families")
    )


@_effect("cats_on_edge")
def _cats_on_edge(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    count = len(ba.cats_touching_edge(ctx.boat))
    return Outcome(
        count * points, f"cats touching the edge, {points} each", _n(count, "cat") + " on the edge"
    )


@_effect("colours_not_touching_rat")
def _colours_not_touching_rat(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    touching = ba.colours_touching_visible_rats(ctx.boat)
    free = [c for c in COLOURS if c not in touching]
    return Outcome(
        len(free) * points,
        f"colours with no cat next to a visible rat, {points} each",
        ", ".join(free) if free else "every colour is next to a visible rat",
    )


# -- scoring one lesson --------------------------------------------------------------------------------------
def score_lesson(lesson: int | Card, ctx: LessonContext) -> LessonResult:
    """Score one lesson card on ``ctx.boat`` (no solo halving; :func:`score_boat` applies that).

    A pick-a-colour lesson uses ``ctx.colour``; without one, a public lesson raises :class:`IllegalAction`
    (LESSON-2) and a private or family one is scored with the colour best for its owner (LESSON-4; ties go to
    the first colour in :data:`~isle_nb.model.tiles.COLOURS` order).
    """
    lesson_card = lesson if isinstance(lesson, Card) else card(lesson)
    scorer = _EFFECTS.get(lesson_card.effect)
    if scorer is None or not lesson_card.is_lesson:
        raise IllegalAction("SCORE-5", f"card {lesson_card.id} ({lesson_card.title}) is not a lesson")
    if not lesson_card.pick_colour:
        outcome = scorer(ctx, lesson_card.params)
        return LessonResult(lesson_card, outcome.points, outcome)
    if ctx.colour is not None:
        outcome = scorer(ctx, lesson_card.params)
        return LessonResult(lesson_card, outcome.points, outcome, ctx.colour)
    if lesson_card.public:
        raise IllegalAction(
            "LESSON-2",
            f"public lesson {lesson_card.id} ({lesson_card.title}) needs the colour its player picked",
        )
    best_colour: Colour = COLOURS[0]
    best = scorer(replace(ctx, colour=best_colour), lesson_card.params)
    for colour in COLOURS[1:]:
        outcome = scorer(replace(ctx, colour=colour), lesson_card.params)
        if outcome.points > best.points:
            best, best_colour = outcome, colour
    return LessonResult(lesson_card, best.points, best, best_colour)


def _lesson_card(card_id: object, types: tuple[str, ...], rule: str, where: str) -> Card:
    if isinstance(card_id, bool) or not isinstance(card_id, int):
        raise IllegalAction(rule, f"{where} must be card ids, got {card_id!r}")
    found = card(card_id)
    if found.type not in types:
        raise IllegalAction(rule, f"card {found.id} ({found.title}) cannot be one of the {where}")
    return found


def _check_unique(cards: Sequence[Card], rule: str, where: str) -> None:
    ids = [c.id for c in cards]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise IllegalAction(rule, f"{where} list card {', '.join(map(str, repeated))} more than once")


def _private_lessons(ids: Iterable[int]) -> list[Card]:
    cards = [_lesson_card(i, ("lesson",), "LESSON-1", "private lessons") for i in ids]
    for found in cards:
        if found.public:
            raise IllegalAction(
                "LESSON-1", f"lesson {found.id} ({found.title}) is public: pass it in public_lessons"
            )
    _check_unique(cards, "LESSON-1", "the private lessons")
    return cards


def _public_lessons(items: Iterable[PublicLesson]) -> list[tuple[Card, Colour | None]]:
    result: list[tuple[Card, Colour | None]] = []
    for item in items:
        colour: Colour | None = None
        if isinstance(item, tuple):
            if len(item) != 2:
                raise IllegalAction("LESSON-2", f"a public lesson is an id or (id, colour), not {item!r}")
            card_id, raw_colour = item
            colour = check_colour(raw_colour)
        else:
            card_id = item
        found = _lesson_card(card_id, ("lesson",), "LESSON-1", "public lessons")
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
    _check_unique([c for c, _ in result], "LESSON-1", "the public lessons")
    return result


def _base_rows(boat: Boat, mode: Mode) -> list[ScoreRow]:
    rows: list[ScoreRow] = []
    rats = len(ba.visible_rats(boat))
    rows.append(ScoreRow("rats", _n(rats, "visible rat") if rats else "no visible rats", -RAT_PENALTY * rats))
    unfilled = ba.unfilled_rooms(boat)
    rooms_detail = (
        f"{_n(len(unfilled), 'unfilled room')} ({_rooms_text(unfilled)})" if unfilled else "every room filled"
    )
    rows.append(ScoreRow("rooms", rooms_detail, -ROOM_PENALTY * len(unfilled)))
    found = ba.scoring_families(boat)
    for family in found:
        rows.append(ScoreRow("families", family.describe(), family.points))
    if not found:
        rows.append(ScoreRow("families", "no family of 3 or more cats", 0))
    rare = len(ba.rare_treasures(boat))
    if mode == "family":
        rows.append(
            ScoreRow(
                "rare_treasures", f"{_n(rare, 'rare treasure')}: no points in the family game (FAMILY-5)", 0
            )
        )
    else:
        rows.append(ScoreRow("rare_treasures", _n(rare, "rare treasure"), RARE_TREASURE_POINTS * rare))
    return rows


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
      of at least 7 cats (SOLO-5, SOLO-12). The sister is scored with :func:`score_sister`.
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
    if mode not in MODES:
        raise ValueError(f"unknown scoring mode {mode!r}; expected one of {MODES}")
    private = _private_lessons(private_lessons)
    public = _public_lessons(public_lessons)
    family = [_lesson_card(i, ("family_lesson",), "FAMILY-1", "family lessons") for i in family_lessons]
    _check_unique(family, "FAMILY-1", "the family lessons")
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
    rows = _base_rows(boat, mode)
    for lesson in private:
        rows.append(ScoreRow("private_lessons", *_detail_points(score_lesson(lesson, ctx))))
    for lesson, colour in public:
        result = score_lesson(lesson, replace(ctx, colour=colour))
        if mode == "solo":
            result = replace(result, points=(result.points + 1) // 2, halved=True)
        rows.append(ScoreRow("public_lessons", *_detail_points(result)))
    for lesson in family:
        rows.append(ScoreRow("family_lessons", *_detail_points(score_lesson(lesson, ctx))))
    return Score.from_rows(rows, CATEGORIES)


def _detail_points(result: LessonResult) -> tuple[str, int]:
    return result.detail, result.points


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
    lessons = [
        _lesson_card(i, ("solo_lesson", "solo_advanced_lesson"), "SOLO-2", "solo lessons")
        for i in solo_lessons
    ]
    _check_unique(lessons, "SOLO-2", "the solo lessons")

    counts = ba.colour_counts(boat)
    rows: list[ScoreRow] = []
    for position, colour in enumerate(colours):
        each = SISTER_COLOUR_POINTS[position]
        cats = counts[colour]
        rows.append(
            ScoreRow(
                "colours", f"{_ORDINALS[position]} colour {colour}: {_n(cats, 'cat')} x {each}", cats * each
            )
        )
    ctx = LessonContext(boat=boat, mode="solo", fish=fish, private_lesson_count=private_lesson_count)
    results: dict[int, LessonResult] = {}
    repeaters = [c for c in lessons if c.effect == "repeat_highest_lesson"]
    for lesson in lessons:
        if lesson.effect != "repeat_highest_lesson":
            results[lesson.id] = score_lesson(lesson, ctx)
    for lesson in repeaters:
        others = tuple((i, r.points) for i, r in results.items())
        results[lesson.id] = score_lesson(lesson, replace(ctx, other_lesson_points=others))
    for lesson in lessons:
        rows.append(ScoreRow("solo_lessons", *_detail_points(results[lesson.id])))
    return Score.from_rows(rows, SISTER_CATEGORIES)


# -- winners -------------------------------------------------------------------------------------------------
def _best_then(scores: Mapping[str, int], tie_break: Mapping[str, int], what: str) -> tuple[str, ...]:
    if not scores:
        return ()
    top = max(scores.values())
    tied = [player for player, total in scores.items() if total == top]
    if len(tied) == 1:
        return tuple(tied)
    missing = [p for p in tied if p not in tie_break]
    if missing:
        raise ValueError(f"the tie-break needs the {what} of {', '.join(missing)}")
    best = max(tie_break[p] for p in tied)
    return tuple(p for p in tied if tie_break[p] == best)


def winners(scores: Mapping[str, int], fish: Mapping[str, int]) -> tuple[str, ...]:
    """The winner(s) of a standard game (SCORE-8).

    Highest total wins; among tied players the one with most unspent ``fish`` wins; players still tied share
    the victory (all are returned, in the order of ``scores``).
    """
    return _best_then(scores, fish, "fish")


def family_winners(scores: Mapping[str, int], filled_rooms: Mapping[str, int]) -> tuple[str, ...]:
    """The winner(s) of a family game (FAMILY-5): highest total, then most filled rooms, else shared."""
    return _best_then(scores, filled_rooms, "filled rooms")


def solo_winner(player_total: int, sister_total: int) -> Literal["player", "sister"]:
    """Who wins the solo game (SOLO-12): the player needs a strictly higher total; the sister wins ties."""
    return "player" if player_total > sister_total else "sister"
