"""The facts of Explore & Draw, read from ``isle_nb/data/explore_draw.json`` through one loader.

The cat deck, the lesson deck and the lesson sheet are a **reconstruction** (variants-data §C.2-§C.4; the file's
``source`` fields say so): the printed lists are not published. Everything here is read from the data file and
checked, so a real list can replace the file without code changes. A discovery is a
:class:`~isle_nb.model.tiles.Tile` (cat, Oshax, rare or common treasure) that is drawn, not taken from a supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Literal

from isle_nb.data import load
from isle_nb.model.boat import LAYOUTS
from isle_nb.model.cards import Card, Params
from isle_nb.model.scoring import LESSON_EFFECTS
from isle_nb.model.tiles import Tile

Keyword = Literal["any 2", "or"]
Deck = Literal["cat", "lesson"]


class ExploreDrawDataError(ValueError):
    """The Explore & Draw data file is malformed (an unknown discovery, lesson number or effect key)."""


def discovery(text: str) -> Tile:
    """A discovery from its data-file name: ``cat:blue:412``, ``oshax:300``, ``rare:T`` or ``common:1x2``."""
    kind, _, rest = text.partition(":")
    try:
        if kind == "cat":
            colour, _, shape = rest.partition(":")
            return Tile.cat(colour, int(shape))
        if kind == "oshax":
            return Tile.oshax(int(rest))
        if kind == "rare":
            return Tile.rare(rest)
        if kind == "common":
            return Tile.common(rest)
    except ValueError as error:
        raise ExploreDrawDataError(f"bad discovery {text!r}: {error}") from None
    raise ExploreDrawDataError(f"bad discovery {text!r}")


def discovery_name(tile: Tile) -> str:
    """The words for a discovery: ``"blue cat 412"``, ``"Oshax 300"``, ``"rare treasure T"``."""
    return str(tile)


@dataclass(frozen=True, slots=True)
class IslandCard:
    """One card of the cat deck or the lesson deck.

    A lesson card has ``lesson`` (its number on the lesson sheet, ED-5). A discovery card shows ``discoveries``;
    with ``keyword="any 2"`` the player takes exactly two of them (repeats allowed), with ``keyword="or"`` either
    all of ``discoveries`` (above the word) or all of ``below`` (ED-4); without a keyword, all of them.
    """

    id: str
    deck: Deck
    discoveries: tuple[Tile, ...] = ()
    below: tuple[Tile, ...] = ()
    keyword: Keyword | None = None
    lesson: int | None = None

    @property
    def is_lesson(self) -> bool:
        """True for a lesson card."""
        return self.lesson is not None

    def describe(self) -> str:
        """The card in words."""
        if self.lesson is not None:
            return f"lesson {self.lesson}: {sheet_lesson(self.lesson).title}"
        shown = ", ".join(map(str, self.discoveries))
        if self.keyword == "or":
            return f"{shown} or {', '.join(map(str, self.below))}"
        if self.keyword == "any 2":
            return f"any 2 of {shown}"
        return shown

    def __str__(self) -> str:
        return f"{self.id} ({self.describe()})"


@dataclass(frozen=True, slots=True)
class SheetLesson:
    """One lesson of the lesson sheet: its number, the base-game card it is taken from, and how it scores."""

    number: int
    base_card: int
    title: str
    text: str
    effect: str
    params: Params
    pick_colour: bool

    @property
    def card(self) -> Card:
        """This lesson as a :class:`~isle_nb.model.cards.Card`, so the shared lesson scorers can score it."""
        return Card(
            id=self.base_card, type="lesson", title=self.title, cost=0, speed=0, basket="none", public=False,
            pick_colour=self.pick_colour, module=None, effect=self.effect, params=self.params, text=self.text,
        )


@dataclass(frozen=True, slots=True)
class Special:
    """One of the five specials printed on the boat sheet (ED-6)."""

    key: str
    text: str


def _data() -> Mapping[str, Any]:
    return load("explore_draw")


def _card(raw: Mapping[str, Any], deck: Deck) -> IslandCard:
    keyword = raw.get("keyword")
    if keyword not in (None, "any 2", "or"):
        raise ExploreDrawDataError(f"card {raw.get('id')}: unknown keyword {keyword!r}")
    shown = tuple(discovery(d) for d in raw.get("discoveries", ()))
    below = tuple(discovery(d) for d in raw.get("below", ()))
    lesson = raw.get("lesson")
    if lesson is not None and (shown or below or keyword):
        raise ExploreDrawDataError(f"card {raw['id']}: a lesson card shows no discoveries")
    if lesson is None and not shown:
        raise ExploreDrawDataError(f"card {raw['id']}: shows nothing")
    if (keyword == "or") != bool(below):
        raise ExploreDrawDataError(f"card {raw['id']}: discoveries below the word need the keyword 'or'")
    if keyword == "any 2" and len(shown) < 1:
        raise ExploreDrawDataError(f"card {raw['id']}: 'any 2' needs discoveries to choose from")
    return IslandCard(str(raw["id"]), deck, shown, below, keyword, lesson)


@cache
def cat_deck() -> tuple[IslandCard, ...]:
    """The cat deck (108 cards in the reconstruction), in data-file order."""
    return tuple(_card(raw, "cat") for raw in _data()["cat_deck"])


@cache
def lesson_deck() -> tuple[IslandCard, ...]:
    """The lesson deck (47 cards in the reconstruction: lessons, Oshax and treasure cards)."""
    return tuple(_card(raw, "lesson") for raw in _data()["lesson_deck"])


@cache
def cards_by_id() -> Mapping[str, IslandCard]:
    """Every card of both decks by id (ids are checked to be unique)."""
    found: dict[str, IslandCard] = {}
    for card in (*cat_deck(), *lesson_deck()):
        if card.id in found:
            raise ExploreDrawDataError(f"card id {card.id} is used twice")
        found[card.id] = card
    for card in found.values():
        if card.lesson is not None:
            sheet_lesson(card.lesson)
    return MappingProxyType(found)


def island_card(card_id: str) -> IslandCard:
    """The card with this id."""
    try:
        return cards_by_id()[card_id]
    except KeyError:
        raise ExploreDrawDataError(f"there is no Explore & Draw card {card_id!r}") from None


@cache
def lesson_sheet() -> tuple[SheetLesson, ...]:
    """The lessons of the lesson sheet, numbered from 1."""
    lessons = []
    for number, raw in enumerate(_data()["lesson_sheet"], 1):
        if raw["number"] != number:
            raise ExploreDrawDataError(f"lesson sheet numbers must run 1, 2, 3...; got {raw['number']}")
        if raw["effect"] not in LESSON_EFFECTS:
            raise ExploreDrawDataError(f"lesson {number}: unknown effect {raw['effect']!r}")
        lessons.append(
            SheetLesson(number, int(raw["base_card"]), raw["title"], raw["text"], raw["effect"],
                        Params(raw["params"]), bool(raw["pick_colour"]))
        )
    return tuple(lessons)


def sheet_lesson(number: int) -> SheetLesson:
    """The lesson with this number on the lesson sheet."""
    sheet = lesson_sheet()
    if not isinstance(number, int) or not 1 <= number <= len(sheet):
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
    """Where each part of the data comes from; the decks and the sheet are marked as a reconstruction."""
    data = _data()
    found = {"decks and lesson sheet": data["source"]}
    for key in ("boat_sheets", "common_treasures", "island", "specials", "solo"):
        found[key] = data[key]["source"]
    return found
