"""The facts of Explore & Draw, read from ``isle_nb/data/explore_draw.json`` through one loader.

The decks and the lesson sheet are the printed ones (ED-10, variants-data §C.2-C.3): every card was transcribed from
a photo of the printed card, and each keeps its ``source``. A card lists its discoveries as the squares drawn on it;
the loader recognises each as a known shape (:data:`~isle_nb.model.parts.tiles.SHAPES`) and makes it a
:class:`~isle_nb.model.parts.tiles.Tile` that is drawn, not taken from a supply (:meth:`Tile.drawn`). The solo lessons
are still a labelled reconstruction (variants-data §C.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Literal

from isle_nb.data import load
from isle_nb.model.core.errors import UnknownComponent
from isle_nb.model.parts.boat import LAYOUTS
from isle_nb.model.parts.cards import Card, Params
from isle_nb.model.parts.scoring import LESSON_EFFECTS
from isle_nb.model.parts.tiles import (
    CARD_SHAPES,
    CAT_SHAPES,
    COMMON_SHAPES,
    OSHAX_SHAPES,
    RARE_SHAPES,
    SHAPES,
    Tile,
)

Keyword = Literal["any 2", "or"]
Deck = Literal["cat", "lesson"]
CardKind = Literal["cat", "two cats", "oshax", "treasure", "mixed", "lesson"]
CARD_KINDS: tuple[str, ...] = ("cat", "two cats", "oshax", "treasure", "mixed", "lesson")
"""The kinds of card in the two decks."""


class ExploreDrawDataError(ValueError):
    """The Explore & Draw data file is malformed (an unknown shape, kind, keyword, lesson number or effect key)."""


_PREFERRED: dict[str, tuple[int | str, ...]] = {
    "cat": CAT_SHAPES, "oshax": OSHAX_SHAPES, "rare": RARE_SHAPES, "common": COMMON_SHAPES,
}


def shape_key(kind: str, cells: Iterable[tuple[int, int]]) -> int | str:
    """The key of the shape whose squares are ``cells`` (in any rotation or mirror image): a shape of the
    discovery's own kind first (a cat shape for a cat), then one only cards show, then any other."""
    found = [(int(x), int(y)) for x, y in cells]
    order = (*_PREFERRED.get(kind, ()), *CARD_SHAPES, *SHAPES)
    for key in order:
        shape = SHAPES[key]
        if shape.size == len(found) and shape.orientation_index(found) is not None:
            return key
    raise ExploreDrawDataError(f"no known shape has the squares {found}")


@dataclass(frozen=True, slots=True)
class CardDiscovery:
    """One discovery printed on a card: what it is, its squares as drawn on the card (from the top-left square),
    and, on an ``or`` card, whether it is ``"above"`` or ``"below"`` the word."""

    tile: Tile
    cells: tuple[tuple[int, int], ...]
    option: Literal["above", "below"] | None = None


@dataclass(frozen=True, slots=True)
class IslandCard:
    """One printed card of the cat deck or the lesson deck.

    ``id`` is the printed number with three digits (``"067"``). A lesson card has ``lesson`` (its number on the
    lesson sheet, ED-5). A discovery card shows ``discoveries``; with ``keyword="any 2"`` the player takes exactly two
    of them (repeats allowed), with ``keyword="or"`` either all of ``discoveries`` (above the word) or all of
    ``below`` (ED-4); without a keyword, all of them (a two-cat card: both cats, in any order). ``standard`` is False
    for the cards a standard game leaves out (the mixed cards, see the data file's ``standard_game``).
    """

    id: str
    deck: Deck
    kind: CardKind
    discoveries: tuple[Tile, ...] = ()
    below: tuple[Tile, ...] = ()
    keyword: Keyword | None = None
    lesson: int | None = None
    standard: bool = True
    printed: tuple[CardDiscovery, ...] = ()
    source: str = ""

    @property
    def number(self) -> int:
        """The printed card number."""
        return int(self.id)

    @property
    def is_lesson(self) -> bool:
        """True for a lesson card."""
        return self.lesson is not None

    def describe(self) -> str:
        """The card in words."""
        if self.lesson is not None:
            return f"lesson {self.lesson}: {sheet_lesson(self.lesson).text}"
        shown = ", ".join(map(str, self.discoveries))
        if self.keyword == "or":
            return f"{shown} or {', '.join(map(str, self.below))}"
        if self.keyword == "any 2":
            return f"any 2 of {shown}"
        return shown

    def __str__(self) -> str:
        return f"card {self.id} ({self.describe()})"


@dataclass(frozen=True, slots=True)
class SheetLesson:
    """One lesson of the printed lesson sheet: its number, a short title (for a printed sheet), our words for it, its
    headline points (``None`` when they depend on the boat), what it counts, and how the shared scoring package
    scores it."""

    number: int
    title: str
    text: str
    points: int | None
    counts: str
    effect: str
    params: Params
    source: str = ""

    @property
    def pick_colour(self) -> bool:
        """No printed lesson asks for a colour when it is ticked."""
        return False

    @property
    def card(self) -> Card:
        """This lesson as a :class:`~isle_nb.model.parts.cards.Card`, so the shared lesson scorers can score it."""
        return Card(
            id=self.number, type="lesson", title=self.text, cost=0, speed=0, basket="none", public=False,
            pick_colour=False, module=None, effect=self.effect, params=self.params, text=self.text,
        )


@dataclass(frozen=True, slots=True)
class Special:
    """One of the five specials printed on the boat sheet (ED-6)."""

    key: str
    text: str

    @property
    def name(self) -> str:
        """The special in a few words, as a log line or a refusal names it ("one card from each row")."""
        return SPECIAL_NAMES.get(self.key, self.key.replace("_", " "))


SPECIAL_NAMES = {
    "extra_card": "one more card from another column",
    "one_per_row": "one card from each row",
    "row": "a row instead of a column",
    "twice_cat": "the next cat twice",
    "twice_treasure": "the next treasure twice",
}
"""Each special's short name for sentences (the sheet's own text, :attr:`Special.text`, is a whole instruction)."""


def special_name(key: str) -> str:
    """The short name of the special ``key`` (:attr:`Special.name`)."""
    return Special(key, "").name


def _data() -> Mapping[str, Any]:
    return load("explore_draw")


def _discovery(raw: Mapping[str, Any], where: str) -> CardDiscovery:
    what = raw.get("what")
    cells = tuple((int(x), int(y)) for x, y in raw.get("cells", ()))
    if what not in _PREFERRED or not cells:
        raise ExploreDrawDataError(f"{where}: a discovery needs a kind (cat, oshax, rare, common) and its squares")
    try:
        tile = Tile.drawn(what, shape_key(what, cells), raw.get("colour"))
    except UnknownComponent as error:
        raise ExploreDrawDataError(f"{where}: {error}") from None
    return CardDiscovery(tile, cells, raw.get("option"))


def _card(raw: Mapping[str, Any]) -> IslandCard:
    number, deck, kind, keyword = raw["number"], raw["deck"], raw["kind"], raw.get("keyword")
    where = f"card {number:03d}"
    if deck not in ("cat", "lesson") or kind not in CARD_KINDS:
        raise ExploreDrawDataError(f"{where}: unknown deck {deck!r} or kind {kind!r}")
    if keyword not in (None, "any 2", "or"):
        raise ExploreDrawDataError(f"{where}: unknown keyword {keyword!r}")
    printed = tuple(_discovery(d, where) for d in raw.get("discoveries", ()))
    lesson = raw.get("lesson")
    if (lesson is not None) != (kind == "lesson") or (lesson is not None and (printed or keyword)):
        raise ExploreDrawDataError(f"{where}: a lesson card names its lesson and shows no discoveries")
    if lesson is None and not printed:
        raise ExploreDrawDataError(f"{where}: shows nothing")
    sides = {d.option for d in printed}
    if (keyword == "or") != (sides == {"above", "below"}) or (keyword != "or" and sides != {None} and printed):
        raise ExploreDrawDataError(f"{where}: an 'or' card has discoveries above and below the word, no other does")
    above = tuple(d.tile for d in printed if d.option != "below")
    below = tuple(d.tile for d in printed if d.option == "below")
    return IslandCard(f"{number:03d}", deck, kind, above, below, keyword, lesson, bool(raw.get("standard", True)),
                      printed, str(raw["source"]))


@cache
def all_cards() -> tuple[IslandCard, ...]:
    """Every printed card of both decks, in the data file's order (lesson deck, then cat deck)."""
    return tuple(_card(raw) for raw in _data()["cards"]["list"])


def cat_deck(mixed_cards: bool = False) -> tuple[IslandCard, ...]:
    """The cat deck a game shuffles: cards 048-156, and with ``mixed_cards`` the mixed cards 184-188 too."""
    return tuple(c for c in all_cards() if c.deck == "cat" and (c.standard or mixed_cards))


def lesson_deck() -> tuple[IslandCard, ...]:
    """The lesson deck: 26 lessons, 6 Oshax and 15 treasure cards (001-047)."""
    return tuple(c for c in all_cards() if c.deck == "lesson")


@cache
def cards_by_id() -> Mapping[str, IslandCard]:
    """Every card of both decks by id (ids are checked to be unique, lesson numbers to be on the sheet)."""
    found: dict[str, IslandCard] = {}
    for card in all_cards():
        if card.id in found:
            raise ExploreDrawDataError(f"card number {card.id} is used twice")
        found[card.id] = card
        if card.lesson is not None:
            sheet_lesson(card.lesson)
    return MappingProxyType(found)


def island_card(card_id: str) -> IslandCard:
    """The card with this id (its printed number, ``"067"``)."""
    try:
        return cards_by_id()[card_id]
    except (KeyError, TypeError):
        raise ExploreDrawDataError(f"there is no Explore & Draw card {card_id!r}") from None


@cache
def tiles_by_id() -> Mapping[str, Tile]:
    """Every discovery a card shows and every common treasure a map gives, by tile id (``"cat:blue:412"``)."""
    found = {t.id: t for card in all_cards() for t in (*card.discoveries, *card.below)}
    found |= {t.id: t for t in (Tile.drawn("common", s) for s in common_shapes())}
    return MappingProxyType(found)


def discovery_tile(tile_id: str) -> Tile:
    """The discovery with this tile id; an Oshax id with its colour (``"oshax:306:red"``) gives it that colour."""
    tile = tiles_by_id().get(tile_id)
    if tile is None and isinstance(tile_id, str) and tile_id.startswith("oshax:"):
        base, _, colour = tile_id.rpartition(":")
        found = tiles_by_id().get(base)
        if found is not None and colour:
            return found.with_colour(colour)
    if tile is None:
        raise ExploreDrawDataError(f"no Explore & Draw card shows the discovery {tile_id!r}")
    return tile


@cache
def lesson_sheet() -> tuple[SheetLesson, ...]:
    """The 26 lessons of the printed lesson sheet, numbered from 1."""
    lessons = []
    for number, raw in enumerate(_data()["lesson_sheet"]["lessons"], 1):
        if raw["number"] != number:
            raise ExploreDrawDataError(f"lesson sheet numbers must run 1, 2, 3...; got {raw['number']}")
        if raw["effect"] not in LESSON_EFFECTS:
            raise ExploreDrawDataError(f"lesson {number}: unknown effect {raw['effect']!r}")
        lessons.append(SheetLesson(number, raw["title"], raw["text"], raw["points"], raw["counts"], raw["effect"],
                                   Params(raw["params"]), raw["source"]))
    return tuple(lessons)


def sheet_lesson(number: int) -> SheetLesson:
    """The lesson with this number on the lesson sheet."""
    sheet = lesson_sheet()
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(sheet):
        raise ExploreDrawDataError(f"the lesson sheet has lessons 1-{len(sheet)}, not {number!r}")
    return sheet[number - 1]


@cache
def boat_sheets() -> Mapping[int, str]:
    """Boat sheet number (1-6) to its boat layout name."""
    sheets = {int(k): v for k, v in _data()["boat_sheets"]["sheets"].items()}
    for layout_name in sheets.values():
        if layout_name not in LAYOUTS:
            raise ExploreDrawDataError(f"unknown boat layout {layout_name!r}")
    return MappingProxyType(sheets)


@cache
def specials() -> tuple[Special, ...]:
    """The five specials, in the order printed on the sheet (ED-6)."""
    return tuple(Special(s["key"], s["text"]) for s in _data()["specials"]["list"])


def specials_limits() -> tuple[int, int]:
    """How many specials a player may use a day, and in a game (ED-6)."""
    facts = _data()["specials"]
    return int(facts["per_day"]), int(facts["per_game"])


def common_shapes() -> tuple[str, ...]:
    """The common treasures a treasure map can give (ED-7)."""
    return tuple(_data()["common_treasures"]["shapes"])


def island_facts() -> Mapping[str, Any]:
    """Columns, rows, cat and lesson slots, and the number of days (ED-1)."""
    return _data()["island"]


def solo_facts() -> Mapping[str, Any]:
    """The sister's lesson cards and how many advanced ones each difficulty adds (ED-8)."""
    return _data()["solo"]


def sources() -> dict[str, str]:
    """Where each part of the data comes from, and which cards a standard game shuffles."""
    data = _data()
    found = {"game": data["source"], "cards": data["cards"]["source"],
             "standard game": data["cards"]["standard_game"], "lesson sheet": data["lesson_sheet"]["source"]}
    for key in ("boat_sheets", "common_treasures", "island", "specials", "solo"):
        found[key] = data[key]["source"]
    return found
