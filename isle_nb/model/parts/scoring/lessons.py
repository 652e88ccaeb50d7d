"""Lessons scored by effect key (SCORE-5, SCORE-6; solo SOLO-5, SOLO-12; family FAMILY-5).

Each lesson card names an ``effect`` and its ``params`` (:mod:`isle_nb.model.parts.cards`); :data:`LESSON_EFFECTS` maps
every key to a scorer that returns the points, what the lesson asks for and what the boat has. The card's wording is
never read.

Most lessons count something on the boat (or about its owner) and then pay per item, pay for an exact count, or pay
for a threshold. Those are one table: :data:`COUNTERS` says how to count each thing and how to name it, and a few
combinators (:func:`per_item`, :func:`exactly`, :func:`when`) turn a counter into a scorer. The lessons that
compare families, rooms or colours have a scorer each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import NamedTuple

from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.parts.boat import APPLE_ROOM, MOON_ROOMS, PARROT_ROOMS, Boat
from isle_nb.model.parts.boat_analysis import (
    cat_tiles,
    cats_not_touching_treasure,
    cats_touching_edge,
    cats_touching_treasure,
    colour_counts,
    colours_touching_visible_rats,
    common_treasures,
    covered_maps,
    empty_edge_cells,
    empty_rooms,
    families,
    filled_rooms,
    largest_family_size,
    lonely_cats,
    middle_row_empty_cells,
    most_treasures_touching_a_rat,
    oshax_count,
    rare_treasures,
    scoring_families,
    treasures,
    treasures_touching,
    treasures_touching_colour,
    uncovered_maps,
    visible_rats,
)
from isle_nb.model.parts.cards import Card, Params, card
from isle_nb.model.parts.scoring.score import Mode, plural, rooms_text
from isle_nb.model.parts.tiles import COLOURS, Colour, check_colour


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


Scorer = Callable[[LessonContext, Params], Outcome]
"""Scores one lesson effect on a context with the card's parameters."""


def _given(colour: Colour | None) -> Colour:
    """The colour a coloured counter is always asked about (the lesson's own or the one chosen for it)."""
    assert colour is not None, "a coloured lesson counts the cats of one colour"
    return colour


# -- counters: what a lesson counts and how the score sheet names it -------------------------------------------
@dataclass(frozen=True, slots=True)
class Counter:
    """Something a lesson counts: ``count(ctx, colour)``, its name in the plural (``{colour}`` is filled in) and
    the words for what the boat has (a count and a noun, or a ``str.format`` template with ``count``/``colour``)."""

    count: Callable[[LessonContext, Colour | None], int]
    what: str
    noun: str | tuple[str, str] = ""
    """``"cat"`` or ``("fish", "fish")``: the has-text is ``plural(count, ...)``; empty: the bare count."""
    has: str = ""
    """A template instead of ``noun``, e.g. ``"{count} {colour}"`` or ``"{count_words} on the edge"``."""
    coloured: bool = False
    """Counts cats of the lesson's colour (a pick-a-colour lesson or a ``colour`` parameter)."""

    def describe(self, count: int, colour: Colour | None) -> str:
        """What the boat has, in words."""
        if isinstance(self.noun, tuple):
            words = plural(count, *self.noun)
        else:
            words = plural(count, self.noun) if self.noun else str(count)
        return self.has.format(count=count, colour=colour, count_words=words) if self.has else words


COUNTERS: Mapping[str, Counter] = MappingProxyType({
    "cats": Counter(lambda ctx, c: len(cat_tiles(ctx.boat)), "cats (Oshax included)", "cat"),
    "cats_on_edge": Counter(
        lambda ctx, c: len(cats_touching_edge(ctx.boat)), "cats touching the edge", "cat", "{count_words} on the edge"
    ),
    "lonely_cats": Counter(
        lambda ctx, c: len(lonely_cats(ctx.boat)), "cats touching no cat of their colour", "lonely cat"
    ),
    "cats_touching_no_treasure": Counter(
        lambda ctx, c: len(cats_not_touching_treasure(ctx.boat)), "cats touching no treasure", "cat"
    ),
    "treasures": Counter(lambda ctx, c: len(treasures(ctx.boat)), "treasures (rare or common)", "treasure"),
    "rare_treasures": Counter(lambda ctx, c: len(rare_treasures(ctx.boat)), "rare treasures", "rare treasure"),
    "common_treasures": Counter(
        lambda ctx, c: len(common_treasures(ctx.boat)), "common treasures", "common treasure"
    ),
    "oshax": Counter(lambda ctx, c: oshax_count(ctx.boat), "Oshax", ("Oshax", "Oshax")),
    "visible_rats": Counter(lambda ctx, c: len(visible_rats(ctx.boat)), "visible rats", "visible rat"),
    "uncovered_maps": Counter(
        lambda ctx, c: len(uncovered_maps(ctx.boat)), "uncovered treasure maps", "uncovered map"
    ),
    "covered_maps": Counter(lambda ctx, c: len(covered_maps(ctx.boat)), "covered treasure maps", "covered map"),
    "families": Counter(
        lambda ctx, c: len(scoring_families(ctx.boat)), "families of 3 or more cats", ("family", "families")
    ),
    "fish": Counter(lambda ctx, c: ctx.fish, "unspent fish", ("fish", "fish")),
    "private_lessons": Counter(lambda ctx, c: ctx.private_lesson_count, "private lessons", "private lesson"),
    # Explore & Draw passes the lessons ticked on the sheet as the owner's lesson count.
    "ticked_lessons": Counter(lambda ctx, c: ctx.private_lesson_count, "ticked lessons", "ticked lesson"),
    "permanent_baskets": Counter(lambda ctx, c: ctx.permanent_baskets, "permanent baskets"),
    "cats_of_colour": Counter(
        lambda ctx, c: colour_counts(ctx.boat)[_given(c)], "{colour} cats", has="{count} {colour}", coloured=True
    ),
    "colour_on_edge": Counter(
        lambda ctx, c: len(cats_touching_edge(ctx.boat, c)),
        "{colour} cats touching the edge",
        has="{count} {colour}",
        coloured=True,
    ),
    "lonely_cats_of_colour": Counter(
        lambda ctx, c: len(lonely_cats(ctx.boat, c)),
        "{colour} cats touching no other {colour} cat",
        has="{count} lonely {colour}",
        coloured=True,
    ),
    "treasures_touching_colour": Counter(
        lambda ctx, c: len(treasures_touching_colour(ctx.boat, _given(c))),
        "treasures touching a {colour} cat",
        "treasure",
        coloured=True,
    ),
})
"""Everything the counting lessons count, by name."""


def _colour_of(ctx: LessonContext, params: Params) -> Colour:
    colour = params.get("colour", ctx.colour)
    if colour is None:
        raise IllegalAction("LESSON-2", "this lesson needs a chosen colour")
    return check_colour(colour)


def _counted(counter: Counter, ctx: LessonContext, params: Params) -> tuple[int, Colour | None, str]:
    """The count, the colour it was counted for (if any) and the counter's plural name with it."""
    colour = _colour_of(ctx, params) if counter.coloured else None
    return counter.count(ctx, colour), colour, counter.what.format(colour=colour)


def per_item(name: str, every: int = 1) -> Scorer:
    """``points`` for each counted item (for every ``every`` items, rounded down)."""
    counter = COUNTERS[name]

    def score(ctx: LessonContext, params: Params) -> Outcome:
        count, colour, what = _counted(counter, ctx, params)
        points = params.get_int("points")
        each = "each" if every == 1 else f"per {every} (rounded down)"
        return Outcome(count // every * points, f"{what}, {points} {each}", counter.describe(count, colour))

    return score


def exactly(name: str, what: str | None = None) -> Scorer:
    """``points`` when the count is exactly ``n``; ``what`` overrides the counter's name."""
    counter = COUNTERS[name]

    def score(ctx: LessonContext, params: Params) -> Outcome:
        count, colour, named = _counted(counter, ctx, params)
        n = params.get_int("n")
        has = counter.describe(count, colour) if counter.coloured else str(count)
        return Outcome(_flag(count == n, params), f"exactly {n} {(what or named).format(colour=colour)}", has)

    return score


def when(name: str, test: Callable[[int, int], bool], needs: str, bare: bool = False) -> Scorer:
    """``points`` when ``test(count, n)`` holds; ``needs`` is a template with ``n`` and ``colour``; ``bare`` shows the
    count alone as what the boat has."""
    counter = COUNTERS[name]

    def score(ctx: LessonContext, params: Params) -> Outcome:
        count, colour, _ = _counted(counter, ctx, params)
        n = params.get_int("n") if "n" in params else 0
        has = str(count) if bare else counter.describe(count, colour)
        return Outcome(_flag(test(count, n), params), needs.format(n=n, colour=colour), has)

    return score


def _flag(ok: bool, params: Params) -> int:
    return params.get_int("points") if ok else 0


# -- lessons about families, rooms, colours and cells -----------------------------------------------------------
def _family_sizes(boat: Boat) -> str:
    sizes = [f.size for f in scoring_families(boat)]
    return ("families of " + ", ".join(map(str, sizes))) if sizes else "no family"


def family_value(index: int, needs: str) -> Scorer:
    """The ``index``-th largest scoring family once more, at its family value."""

    def score(ctx: LessonContext, params: Params) -> Outcome:
        found = scoring_families(ctx.boat)
        return Outcome(found[index].points if len(found) > index else 0, needs, _family_sizes(ctx.boat))

    return score


def rooms_are(rooms: Iterable[int], state: str, needs: str) -> Scorer:
    """``points`` when every one of ``rooms`` is ``"full"`` or ``"empty"``."""
    rooms = tuple(rooms)
    which = filled_rooms if state == "full" else empty_rooms

    def score(ctx: LessonContext, params: Params) -> Outcome:
        matching = which(ctx.boat)
        has = ", ".join(f"room {r} {state if r in matching else 'not ' + state}" for r in rooms)
        return Outcome(_flag(all(r in matching for r in rooms), params), needs, has)

    return score


def no_empty_cell(
    empty_cells: Callable[[Boat], Iterable[object]], needs: str, full: str, noun: str, empty: str = "{count_words}"
) -> Scorer:
    """``points`` when ``empty_cells(boat)`` is empty; else the boat has ``empty`` (``count_words``: how many,
    as ``plural(count, noun)``)."""

    def score(ctx: LessonContext, params: Params) -> Outcome:
        count = len(tuple(empty_cells(ctx.boat)))
        has = full if not count else empty.format(count_words=plural(count, noun))
        return Outcome(_flag(not count, params), needs, has)

    return score


def colours_without(colours_with: Callable[[Boat], Iterable[Colour | None]], what: str, none_free: str) -> Scorer:
    """``points`` per colour with no cat in ``colours_with(boat)`` (the colours that have one)."""

    def score(ctx: LessonContext, params: Params) -> Outcome:
        points = params.get_int("points")
        taken = set(colours_with(ctx.boat))
        free = [c for c in COLOURS if c not in taken]
        return Outcome(len(free) * points, f"{what}, {points} each", ", ".join(free) if free else none_free)

    return score


def _edge_colours(boat: Boat) -> set[Colour | None]:
    return {p.tile.colour for p in cats_touching_edge(boat)}


def _each_colour_at_least(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    counts = colour_counts(ctx.boat)
    has = ", ".join(f"{counts[c]} {c}" for c in COLOURS)
    return Outcome(_flag(all(counts[c] >= n for c in COLOURS), params), f"at least {n} cats of every colour", has)


def _each_colour_on_edge(ctx: LessonContext, params: Params) -> Outcome:
    present = _edge_colours(ctx.boat)
    missing = [c for c in COLOURS if c not in present]
    has = "all five colours on the edge" if not missing else f"none on the edge for {', '.join(missing)}"
    return Outcome(_flag(not missing, params), "a cat of every colour touching the edge", has)


def _first_in_turn_order(ctx: LessonContext, params: Params) -> Outcome:
    ok = ctx.first_in_turn_order
    return Outcome(_flag(ok, params), "first place in turn order at the end", "first place" if ok else "not first")


def _largest_family(ctx: LessonContext, params: Params) -> Outcome:
    size = largest_family_size(ctx.boat)
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
    return Outcome(_flag(ok, params), needs, has)


def _per_family_of_at_least(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    points = params.get_int("points")
    count = sum(1 for f in scoring_families(ctx.boat) if f.size >= n)
    return Outcome(count * points, f"families of {n} or more cats, {points} each", _family_sizes(ctx.boat))


def _per_filled_room(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    filled = filled_rooms(ctx.boat)
    has = f"{plural(len(filled), 'filled room')} ({rooms_text(filled)})"
    return Outcome(len(filled) * points, f"filled rooms, {points} each", has)


def _largest_family_size(ctx: LessonContext, params: Params) -> Outcome:
    points = params.get_int("points")
    size = largest_family_size(ctx.boat)
    return Outcome(size * points, f"cats in the largest family, {points} each", f"largest family of {size}")


def _cats_over(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    points = params.get_int("points")
    count = len(cat_tiles(ctx.boat))
    return Outcome(max(0, count - n) * points, f"cats (Oshax included) beyond {n}, {points} each", plural(count, "cat"))


def _repeat_highest_lesson(ctx: LessonContext, params: Params) -> Outcome:
    needs = "the highest score among the other lessons, once more"
    if not ctx.other_lesson_points:
        return Outcome(0, needs, "no other lesson")
    best_id, best = max(ctx.other_lesson_points, key=lambda item: item[1])
    return Outcome(best, needs, f"#{best_id} with {best}")


# -- Explore & Draw's lesson sheet (variants-data §C.2-C.3) -----------------------------------------------------
def _all_cats_in_families(ctx: LessonContext, params: Params) -> Outcome:
    found = families(ctx.boat)
    outside = sum(f.size for f in found if not f.is_scoring)
    has = "every cat in a family" if found and not outside else plural(outside, "cat") + " outside a family"
    return Outcome(_flag(bool(found) and not outside, params), "every cat in a family of 3 or more", has)


def _treasures_touching_one_rat(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    most = most_treasures_touching_a_rat(ctx.boat)
    return Outcome(_flag(most >= n, params), f"at least {n} treasures touching one visible rat",
                   f"at most {plural(most, 'treasure')} at one visible rat")


def _exactly_two_colours(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    first, second = check_colour(params["colour"]), check_colour(params["other_colour"])
    counts = colour_counts(ctx.boat)
    ok = counts[first] == n and counts[second] == n
    return Outcome(_flag(ok, params), f"exactly {n} {first} and {n} {second} cats (Oshax included)",
                   f"{counts[first]} {first}, {counts[second]} {second}")


def _cat_touching_exactly_treasures(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    touching = sorted({treasures_touching(ctx.boat, p) for p in cat_tiles(ctx.boat)}, reverse=True)
    has = "no cat" if not touching else "cats touching " + ", ".join(map(str, touching)) + " treasures"
    return Outcome(_flag(n in touching, params), f"a cat touching exactly {n} treasures", has)


def _exactly_colours(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    colours = [c for c, count in colour_counts(ctx.boat).items() if count]
    return Outcome(_flag(len(colours) == n, params), f"cats of exactly {n} colours",
                   ", ".join(colours) if colours else "no cat")


def _exactly_rare_and_common(ctx: LessonContext, params: Params) -> Outcome:
    rare, common = params.get_int("rare"), params.get_int("common")
    has_rare, has_common = len(rare_treasures(ctx.boat)), len(common_treasures(ctx.boat))
    return Outcome(_flag((has_rare, has_common) == (rare, common), params),
                   f"exactly {rare} rare and {common} common treasures", f"{has_rare} rare, {has_common} common")


def _families_of_one_colour(ctx: LessonContext, params: Params) -> Outcome:
    n = params.get_int("n")
    by_colour = {c: sum(1 for f in scoring_families(ctx.boat) if f.colour == c) for c in COLOURS}
    best = max(by_colour.values())
    has = ", ".join(f"{count} {c}" for c, count in by_colour.items() if count) or "no family"
    return Outcome(_flag(best >= n, params), f"at least {n} families of one colour", has)


LESSON_EFFECTS: Mapping[str, Scorer] = MappingProxyType({
    # standard and family lessons
    "edge_no_empty": no_empty_cell(
        empty_edge_cells, "no empty cell on the edge of the boat", "every edge cell covered", "empty edge cell"
    ),
    "exactly_cats": exactly("cats"),
    "each_colour_at_least": _each_colour_at_least,
    "each_colour_on_edge": _each_colour_on_edge,
    "colour_on_edge_each": per_item("colour_on_edge"),
    "exactly_permanent_baskets": exactly("permanent_baskets"),
    "first_in_turn_order": _first_in_turn_order,
    "lonely_cats": per_item("lonely_cats"),
    "largest_family": _largest_family,
    "per_rare_treasure": per_item("rare_treasures"),
    "per_common_treasure": per_item("common_treasures"),
    "per_treasure": per_item("treasures"),
    "no_visible_rats": when("visible_rats", lambda count, n: count == 0, "no visible rat"),
    "per_visible_rat": per_item("visible_rats"),
    "exactly_visible_rats": exactly("visible_rats"),
    "per_private_lesson": per_item("private_lessons"),
    "exactly_private_lessons": exactly("private_lessons"),
    "exactly_colour": exactly("cats_of_colour", "{colour} cats (Oshax included)"),
    "exactly_treasures": exactly("treasures", "treasures (rare and common)"),
    "edge_cats_per_two": per_item("cats_on_edge", every=2),
    "parrot_rooms_full": rooms_are(PARROT_ROOMS, "full", "both parrot rooms (1 and 7) full"),
    "moon_rooms_empty": rooms_are(MOON_ROOMS, "empty", "both moon rooms (2 and 4) completely empty"),
    "apple_room_empty": rooms_are((APPLE_ROOM,), "empty", f"the apple room ({APPLE_ROOM}) completely empty"),
    "per_family_of_at_least": _per_family_of_at_least,
    "per_oshax": per_item("oshax"),
    "third_family_again": family_value(2, "a third-largest family, scored again"),
    "fish_at_least": when("fish", lambda count, n: count >= n, "at least {n} fish at the end"),
    "per_cat_of_colour": per_item("cats_of_colour"),
    "colour_at_least": when("cats_of_colour", lambda count, n: count >= n, "at least {n} {colour} cats"),
    "lonely_cats_of_colour": per_item("lonely_cats_of_colour"),
    "treasures_touching_colour": per_item("treasures_touching_colour"),
    "per_uncovered_map": per_item("uncovered_maps"),
    "per_covered_map": per_item("covered_maps"),
    "middle_row_full": no_empty_cell(
        middle_row_empty_cells, "every cell of the middle row covered", "the middle row full", "empty cell",
        "{count_words} in the middle row",
    ),
    "per_filled_room": _per_filled_room,
    # solo lessons (variants-data §A.4, §A.5); they score for the sister from the player's boat
    "colours_not_touching_treasure": colours_without(
        lambda boat: (p.tile.colour for p in cats_touching_treasure(boat)),
        "colours with no cat touching a treasure",
        "every colour touches a treasure",
    ),
    "largest_family_size": _largest_family_size,
    "fewer_treasures_than": when("treasures", lambda count, n: count < n, "fewer than {n} treasures", bare=True),
    "per_fish": per_item("fish"),
    "cats_over": _cats_over,
    "colours_not_on_edge": colours_without(
        _edge_colours, "colours with no cat touching the edge", "every colour on the edge"
    ),
    "repeat_highest_lesson": _repeat_highest_lesson,
    "largest_family_value": family_value(0, "the largest family, scored at family value"),
    "second_family_value": family_value(1, "the second-largest family, scored at family value"),
    "cats_not_touching_treasure": per_item("cats_touching_no_treasure"),
    "per_family": per_item("families"),
    "cats_on_edge": per_item("cats_on_edge"),
    # Explore & Draw's lesson sheet
    "per_ticked_lesson": per_item("ticked_lessons"),
    "all_cats_in_families": _all_cats_in_families,
    "treasures_touching_one_rat": _treasures_touching_one_rat,
    "exactly_covered_maps": exactly("covered_maps"),
    "exactly_families": exactly("families"),
    "exactly_two_colours": _exactly_two_colours,
    "cat_touching_exactly_treasures": _cat_touching_exactly_treasures,
    "exactly_colours": _exactly_colours,
    "exactly_rare_and_common": _exactly_rare_and_common,
    "families_of_one_colour": _families_of_one_colour,
    "at_most_treasures": when("treasures", lambda count, n: count <= n, "at most {n} treasures", bare=True),
    "colours_not_touching_rat": colours_without(
        colours_touching_visible_rats,
        "colours with no cat next to a visible rat",
        "every colour is next to a visible rat",
    ),
})
"""Every lesson effect key mapped to the function that scores it on a :class:`LessonContext`."""


# -- scoring one lesson -----------------------------------------------------------------------------------------
def score_lesson(lesson: int | Card, ctx: LessonContext) -> LessonResult:
    """Score one lesson card on ``ctx.boat`` (no solo halving; ``score_boat`` applies that).

    A pick-a-colour lesson uses ``ctx.colour``; without one, a public lesson raises :class:`IllegalAction`
    (LESSON-2) and a private or family one is scored with the colour best for its owner (LESSON-4; ties go to
    the first colour in :data:`~isle_nb.model.parts.tiles.COLOURS` order).
    """
    lesson_card = lesson if isinstance(lesson, Card) else card(lesson)
    scorer = LESSON_EFFECTS.get(lesson_card.effect)
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


def lesson_cards(ids: Iterable[object], types: tuple[str, ...], rule: str, where: str) -> list[Card]:
    """The cards of ``ids``, each of one of ``types`` and none twice; :class:`IllegalAction` naming ``rule``."""
    found: list[Card] = []
    for card_id in ids:
        if isinstance(card_id, bool) or not isinstance(card_id, int):
            raise IllegalAction(rule, f"{where} must be card ids, got {quote(card_id)}")
        one = card(card_id)
        if one.type not in types:
            raise IllegalAction(rule, f"card {one.id} ({one.title}) cannot be one of the {where}")
        found.append(one)
    return found


def check_unique(cards: Iterable[Card], rule: str, where: str) -> None:
    """Refuse a list of lessons that names a card twice."""
    ids = [c.id for c in cards]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise IllegalAction(rule, f"{where} list card {', '.join(map(str, repeated))} more than once")


__all__ = [
    "COUNTERS",
    "LESSON_EFFECTS",
    "Counter",
    "LessonContext",
    "LessonResult",
    "Outcome",
    "Scorer",
    "check_unique",
    "exactly",
    "lesson_cards",
    "per_item",
    "score_lesson",
    "when",
]
