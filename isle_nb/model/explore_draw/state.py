"""The state of an Explore & Draw game as immutable values, and setting up a new game (ED-1, ED-8).

All chance is in the setup: the seed shuffles both decks (and, in the solo game, the sister's colour cards and
lessons) once, so a game replays exactly from its seed and actions. The decks' order is hidden information; the
island of the day and the players' choices (once all have chosen) are revealed, and each reveal bumps
:attr:`EDState.revealed` so that undo stops there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Literal

from isle_nb.model.core.contract import LogEntry
from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.core.records import check_names, check_seed
from isle_nb.model.explore_draw import data
from isle_nb.model.explore_draw.island import CAT_SLOTS, LESSON_SLOTS
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.scoring import SISTER
from isle_nb.model.parts.tiles import COLOURS, Colour, Tile

Step = Literal["choose", "resolve", "over"]
Source = Literal["card", "copy", "map"]
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard", "very hard", "expert")
MAX_PLAYERS = 12
"""ED-9: more than 6 players may play with the sheets of a second box; the island is shared, so any number could.
Seats 7-12 take boat sheets 1-6 again."""


@dataclass(frozen=True, slots=True)
class Obligation:
    """Something a player must do before anything else: draw ``tile`` now (a map-bonus treasure, the copy of a
    "twice" special) or, with ``tile=None``, answer a treasure-map bonus (take a common treasure or decline)."""

    tile: Tile | None = None
    source: Source = "map"


@dataclass(frozen=True, slots=True)
class Drawn:
    """One discovery drawn (or skipped) on a sheet: the day, the card being resolved, what, and why: from the
    card, the ``"copy"`` of a "twice" special (ED-6) or a treasure ``"map"`` bonus (ED-7)."""

    day: int
    card: str | None
    tile: Tile
    source: Source = "card"


@dataclass(frozen=True, slots=True)
class EDPlayer:
    """One player: their boat sheet and lesson sheet, the specials used, and where they are in today's cards.

    ``choice`` is today's chosen slots (hidden from the others until every player has chosen); ``to_resolve``
    the chosen cards not yet started; ``card`` the slot being resolved and ``items`` what is left to draw of it
    (in any order, ED-2); ``now`` the obligations that come first (top first).
    """

    name: str
    sheet: int
    boat: Boat
    ticks: tuple[tuple[int, Colour | None], ...] = ()
    specials: tuple[tuple[str, int], ...] = ()
    armed: tuple[str, ...] = ()
    choice: tuple[int, ...] | None = None
    choice_special: str | None = None
    to_resolve: tuple[int, ...] = ()
    card: int | None = None
    items: tuple[Tile, ...] = ()
    now: tuple[Obligation, ...] = ()
    resolved: tuple[tuple[int, str], ...] = ()
    drawn: tuple[Drawn, ...] = ()
    skipped: tuple[Drawn, ...] = ()

    @property
    def busy(self) -> bool:
        """Whether the player still has something to do today."""
        return bool(self.now or self.card is not None or self.to_resolve)

    @property
    def ticked(self) -> frozenset[int]:
        """Numbers of the ticked lessons."""
        return frozenset(n for n, _ in self.ticks)

    def special_used_on(self, day: int) -> bool:
        """Whether a special was used on ``day`` (ED-6: at most one a day)."""
        return any(d == day for _, d in self.specials)


@dataclass(frozen=True, slots=True)
class Sister:
    """The solo opponent (ED-8): her colour cards in their shuffled order, how many are face up, her lessons."""

    colours: tuple[Colour, ...]
    revealed: int
    lessons: tuple[int, ...]
    difficulty: str

    @property
    def revealed_colours(self) -> tuple[Colour, ...]:
        """The colour cards face up, in the order they were flipped."""
        return self.colours[: self.revealed]


@dataclass(frozen=True, slots=True)
class EDState:
    """The whole game: the decks, today's island (card id per slot), the seats, the day and step, the log."""

    seed: int
    seats: tuple[EDPlayer, ...]
    cat_deck: tuple[str, ...]
    lesson_deck: tuple[str, ...]
    mixed_cards: bool = False
    day: int = 1
    step: Step = "choose"
    island: tuple[tuple[int, str], ...] = ()
    discarded: tuple[str, ...] = ()
    dealt_cat: int = 0
    dealt_lesson: int = 0
    revealed: int = 0
    sister: Sister | None = None
    log: tuple[LogEntry, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Player names in seat order."""
        return tuple(s.name for s in self.seats)

    @property
    def over(self) -> bool:
        """True once the seventh day is over."""
        return self.step == "over"

    def seat(self, name: str) -> EDPlayer:
        """The seat of the player called ``name``."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise IllegalAction("ED-1", f"there is no player called {name!r}")

    def card_at(self, slot: int) -> str:
        """The id of the card in an island slot today."""
        for number, card_id in self.island:
            if number == slot:
                return card_id
        raise IllegalAction("ED-1", f"there is no card in slot {slot!r} today")

    def with_seat(self, seat: EDPlayer) -> EDState:
        """This state with one seat replaced."""
        return replace(self, seats=tuple(seat if s.name == seat.name else s for s in self.seats))

    def logged(self, player: str | None, text: str) -> EDState:
        """This state with a log line added."""
        return replace(self, log=(*self.log, LogEntry(self.day, self.step, player, text)))


def new_state(
    names: object, seed: object, difficulty: str | None = None, mixed_cards: bool = False
) -> EDState:
    """A new game for 2-12 players, or 1 player against the sister (solo, ED-8), with the first island dealt.

    ``names`` and ``seed`` pass the same checks as in every game (:func:`~isle_nb.model.core.records.check_names`,
    :func:`~isle_nb.model.core.records.check_seed`); nobody may be called "Sister". Each player gets a boat sheet:
    sheets
    1-6 in seat order, then 1-6 again for seats 7-12 (ED-9). ``difficulty`` (solo only) sets how many advanced solo
    lessons the sister has: easy 0, medium 1, hard 2, very hard 3, expert 4. ``mixed_cards`` shuffles the 5 mixed
    cards (184-188) into the cat deck, which a standard game leaves out (see :func:`.data.sources`).
    """
    players = check_names(names, range(1, MAX_PLAYERS + 1), "ED-1", "Explore & Draw")
    seed = check_seed(seed, "ED-1")
    if SISTER in players:
        raise IllegalAction("ED-1", f"the name {SISTER!r} is kept for the solo game's opponent")
    if not isinstance(mixed_cards, bool):
        raise IllegalAction("ED-10", f"mixed_cards is True or False, not {quote(mixed_cards)}")
    if len(players) > 1 and difficulty not in (None, "easy"):
        raise IllegalAction("ED-8", "a difficulty is only for the solo game against the sister")
    rng = random.Random(f"isle_nb.explore_draw:{seed}")
    cat_deck = [c.id for c in data.cat_deck(mixed_cards)]
    lesson_deck = [c.id for c in data.lesson_deck()]
    rng.shuffle(cat_deck)
    rng.shuffle(lesson_deck)
    sheets = data.boat_sheets()
    seats = tuple(
        EDPlayer(name, n % len(sheets) + 1, Boat(sheets[n % len(sheets) + 1])) for n, name in enumerate(players)
    )
    sister = None
    if len(players) == 1:
        sister = new_sister(rng, difficulty or "easy")
    state = EDState(seed=seed, seats=seats, cat_deck=tuple(cat_deck), lesson_deck=tuple(lesson_deck),
                    mixed_cards=mixed_cards, sister=sister)
    if sister is not None:
        state = state.logged(None, f"the sister's first colour card is {sister.colours[0]} (ED-8)")
    return deal(state)


def new_sister(rng: random.Random, difficulty: str) -> Sister:
    """Shuffle the solo colour cards (the first face up) and deal her lessons by difficulty (ED-8)."""
    if difficulty not in DIFFICULTIES:
        raise IllegalAction("ED-8", f"unknown difficulty {difficulty!r}; choose one of {', '.join(DIFFICULTIES)}")
    facts = data.solo_facts()
    colours = list(COLOURS)
    rng.shuffle(colours)
    lessons = rng.sample(list(facts["lessons"]), int(facts["lessons_dealt"]))
    advanced = rng.sample(list(facts["advanced_lessons"]), int(facts["advanced_by_difficulty"][difficulty]))
    return Sister(tuple(colours), 1, (*lessons, *advanced), difficulty)


def deal(state: EDState) -> EDState:
    """Fill the island for the day: cat-deck cards in slots 1, 3, 5, 6, 8, 9, 10, 11, lesson-deck cards in
    2, 4, 7, 12 (ED-1). This reveals cards."""
    cats = state.cat_deck[: len(CAT_SLOTS)]
    lessons = state.lesson_deck[: len(LESSON_SLOTS)]
    island = tuple(sorted((*zip(CAT_SLOTS, cats, strict=True), *zip(LESSON_SLOTS, lessons, strict=True))))
    state = replace(
        state,
        island=island,
        cat_deck=state.cat_deck[len(CAT_SLOTS):],
        lesson_deck=state.lesson_deck[len(LESSON_SLOTS):],
        dealt_cat=state.dealt_cat + len(cats),
        dealt_lesson=state.dealt_lesson + len(lessons),
        step="choose",
        revealed=state.revealed + 1,
    )
    return state.logged(None, f"day {state.day}: the island is dealt (ED-1)")
