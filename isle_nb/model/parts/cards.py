"""Every card of The Isle of Cats as typed, immutable data.

The card data lives in ``isle_nb/data/cards.json`` (``game-data.md`` §4-§6, ``variants-data.md`` §A-§B).
It is read once, when this module is imported, and checked: ids must be unique, every card type, basket kind
and solo action must be one the rules model knows, and every effect key must be described in the file (the rules
implement exactly the described keys: see :mod:`isle_nb.model.isle.effects`). A malformed file raises
:class:`CardDataError`.

The model and the scoring code never look at a card's wording: they dispatch on :attr:`Card.effect` and
read the numbers from :attr:`Card.params`.

>>> card(113)
Card(113, lesson, 'No gaps on the edge')
>>> card(113).params["points"]
12
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, TypeAlias, cast, get_args

from isle_nb.data import load
from isle_nb.model.core.errors import UnknownComponent, quote
from isle_nb.model.parts.tiles import COLOURS, COMMON_SHAPES, Colour

__all__ = [
    "ACTION_KINDS",
    "BASKETS",
    "CARDS",
    "CARD_TYPES",
    "DISCOVERY_TYPES",
    "MODULES",
    "Card",
    "CardDataError",
    "Params",
    "SoloAction",
    "card",
    "core_lesson_ids",
    "discovery_card_ids",
    "family_lesson_ids",
    "parse_cards",
    "solo_advanced_lesson_ids",
    "solo_basket_ids",
    "solo_colour_ids",
    "solo_lesson_ids",
]

CardType = Literal[
    "oshax",
    "rescue",
    "anytime",
    "treasure",
    "lesson",
    "family_lesson",
    "solo_colour",
    "solo_basket",
    "solo_lesson",
    "solo_advanced_lesson",
]
"""The ten kinds of card in the box."""

Basket = Literal["none", "half", "full"]
"""The basket a rescue card shows: none, a broken half basket, or a whole one (RESCUE-5)."""

ParamValue: TypeAlias = int | str
"""A single effect parameter: a number (points, fish, counts) or a colour name."""

CARD_TYPES: tuple[str, ...] = get_args(CardType)
"""Every card type, in the order the card ids run."""

DISCOVERY_TYPES: frozenset[str] = frozenset({"oshax", "rescue", "anytime", "treasure", "lesson"})
"""The card types that make up the 150-card discovery deck (SETUP-5)."""

BASKETS: tuple[str, ...] = get_args(Basket)
"""Allowed values of :attr:`Card.basket`."""

MODULES: tuple[str, ...] = ("core", "A", "B", "C")
"""Lesson modules. The A/B/C letters of lessons 127-150 are inferred, not verified (see the JSON notes)."""

ACTION_KINDS: tuple[str, ...] = ("cat", "rare", "oshax", "swap", "common")
"""Keywords on a solo basket card (SOLO-8)."""


class CardDataError(ValueError):
    """The card data file is malformed: a duplicate id, an unknown type or effect key, a bad field."""


class Params(Mapping[str, ParamValue]):
    """A read-only, hashable mapping of a card's effect parameters (``{"points": 12}``)."""

    __slots__ = ("_data", "_items")

    def __init__(self, items: Mapping[str, ParamValue] | None = None) -> None:
        data = dict(items or {})
        self._data: dict[str, ParamValue] = data
        self._items: tuple[tuple[str, ParamValue], ...] = tuple(sorted(data.items()))

    def __getitem__(self, key: str) -> ParamValue:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"Params({self._data!r})"

    def get_int(self, key: str, default: int | None = None) -> int:
        """The integer parameter ``key``; ``default`` if absent (``KeyError`` if absent and no default)."""
        if key not in self._data:
            if default is None:
                raise KeyError(key)
            return default
        value = self._data[key]
        if not isinstance(value, int):
            raise TypeError(f"parameter {key!r} is {value!r}, not an integer")
        return value


@dataclass(frozen=True, slots=True)
class SoloAction:
    """One keyword on a solo basket card, resolved in order (SOLO-8).

    ``kind`` is ``"cat"``, ``"rare"`` or ``"oshax"`` (with the position ``n``), ``"swap"`` (cats ``a`` and
    ``b``) or ``"common"`` (a common treasure of ``shape``: ``"1x1"``, ``"1x2"``, ``"L3"`` or ``"I3"``).
    """

    kind: Literal["cat", "rare", "oshax", "swap", "common"]
    n: int | None = None
    a: int | None = None
    b: int | None = None
    shape: str | None = None

    def __str__(self) -> str:
        if self.kind == "swap":
            return f"Swap {self.a}/{self.b}"
        if self.kind == "common":
            return f"Common {self.shape}"
        return f"{self.kind.capitalize()} {self.n}"


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its printed numbers and its effect as data.

    ``cost`` is in fish (0 for cards outside the discovery deck); ``speed`` and ``basket`` matter for rescue
    cards (RESCUE-2, RESCUE-5) and ``speed``/``baskets``/``actions`` for solo basket cards (SOLO-6..8).
    ``effect`` is the key the model dispatches on and ``params`` its numbers. ``public`` is true only for
    public lessons, and ``pick_colour`` marks cards whose colour is chosen by a player (LESSON-2, LESSON-4).
    ``colour`` is set on solo colour cards only.
    """

    id: int
    type: CardType
    title: str
    cost: int
    speed: int
    basket: Basket
    public: bool
    pick_colour: bool
    module: str | None
    effect: str
    params: Params
    text: str
    colour: Colour | None = None
    baskets: int | None = None
    actions: tuple[SoloAction, ...] = field(default=())

    @property
    def is_discovery(self) -> bool:
        """True for the 150 cards of the discovery deck (SETUP-5)."""
        return self.type in DISCOVERY_TYPES

    @property
    def is_lesson(self) -> bool:
        """True for every kind of lesson: standard, family, solo and advanced solo."""
        return self.type in ("lesson", "family_lesson", "solo_lesson", "solo_advanced_lesson")

    @property
    def points(self) -> int | None:
        """The ``points`` parameter, or ``None`` for cards that have none."""
        value = self.params.get("points")
        return value if isinstance(value, int) else None

    def __repr__(self) -> str:
        return f"Card({self.id}, {self.type}, {self.title!r})"

    def _repr_html_(self) -> str:
        from isle_nb.view.cards import card_html

        return card_html(self)


def _fail(where: str, message: str) -> CardDataError:
    return CardDataError(f"cards.json: {where}: {message}")


def _get(raw: Mapping[str, object], key: str, kind: type | tuple[type, ...], where: str) -> object:
    if key not in raw:
        raise _fail(where, f"missing field {key!r}")
    value = raw[key]
    # bool is a subclass of int: never accept it where an int is wanted
    if isinstance(value, bool) and kind is int:
        raise _fail(where, f"field {key!r} must be an integer, got {value!r}")
    if not isinstance(value, kind):
        raise _fail(where, f"field {key!r} has the wrong type: {value!r}")
    return value


def _parse_action(raw: object, where: str) -> SoloAction:
    if not isinstance(raw, Mapping):
        raise _fail(where, f"a solo action must be an object, got {raw!r}")
    kind = raw.get("kind")
    if kind not in ACTION_KINDS:
        raise _fail(where, f"unknown solo action kind {kind!r}")
    ints: dict[str, int] = {}
    for key in ("n", "a", "b"):
        value = raw.get(key)
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise _fail(where, f"solo action {key!r} must be a positive integer, got {value!r}")
            ints[key] = value
    shape = raw.get("shape")
    if kind == "swap":
        if set(ints) != {"a", "b"} or shape is not None:
            raise _fail(where, f"a swap needs exactly 'a' and 'b': {dict(raw)!r}")
    elif kind == "common":
        if shape not in COMMON_SHAPES or ints:
            raise _fail(where, f"a common action needs a shape in {COMMON_SHAPES}: {dict(raw)!r}")
    elif set(ints) != {"n"} or shape is not None:
        raise _fail(where, f"a {kind} action needs exactly 'n': {dict(raw)!r}")
    return SoloAction(
        kind=cast("Literal['cat', 'rare', 'oshax', 'swap', 'common']", kind),
        n=ints.get("n"),
        a=ints.get("a"),
        b=ints.get("b"),
        shape=cast("str | None", shape),
    )


def _parse_card(raw: object, index: int, effect_keys: Mapping[str, object]) -> Card:
    where = f"card #{index}"
    if not isinstance(raw, Mapping):
        raise _fail(where, "each card must be a JSON object")
    raw = cast("Mapping[str, object]", raw)
    card_id = cast(int, _get(raw, "id", int, where))
    where = f"card {card_id}"
    card_type = _get(raw, "type", str, where)
    if card_type not in CARD_TYPES:
        raise _fail(where, f"unknown card type {card_type!r}")
    effect = _get(raw, "effect", str, where)
    if effect not in effect_keys:
        raise _fail(where, f"unknown effect key {effect!r}: it is not described under 'effect_keys'")
    basket = _get(raw, "basket", str, where)
    if basket not in BASKETS:
        raise _fail(where, f"basket must be one of {BASKETS}, got {basket!r}")
    module = raw.get("module")
    if module is not None and module not in MODULES:
        raise _fail(where, f"module must be one of {MODULES} or null, got {module!r}")
    if module is not None and card_type != "lesson":
        raise _fail(where, "only lesson cards have a module")
    params_raw = _get(raw, "params", Mapping, where)
    params: dict[str, ParamValue] = {}
    for key, value in cast("Mapping[str, object]", params_raw).items():
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise _fail(where, f"parameter {key!r} must be an integer or a string, got {value!r}")
        params[key] = value
    colour = raw.get("colour")
    if colour is not None and colour not in COLOURS:
        raise _fail(where, f"unknown colour {colour!r}")
    baskets = raw.get("baskets")
    actions_raw = raw.get("actions", [])
    if card_type == "solo_basket":
        baskets = _get(raw, "baskets", int, where)
        if not isinstance(actions_raw, list) or not actions_raw:
            raise _fail(where, "a solo basket card needs a non-empty 'actions' list")
    elif baskets is not None or actions_raw:
        raise _fail(where, "only solo basket cards have 'baskets' and 'actions'")
    if not isinstance(actions_raw, list):
        raise _fail(where, "'actions' must be a list")
    if card_type == "solo_colour" and colour is None:
        raise _fail(where, "a solo colour card needs a 'colour'")
    return Card(
        id=card_id,
        type=cast(CardType, card_type),
        title=cast(str, _get(raw, "title", str, where)),
        cost=cast(int, _get(raw, "cost", int, where)),
        speed=cast(int, _get(raw, "speed", int, where)),
        basket=cast(Basket, basket),
        public=cast(bool, _get(raw, "public", bool, where)),
        pick_colour=cast(bool, _get(raw, "pick_colour", bool, where)),
        module=module,
        effect=cast(str, effect),
        params=Params(params),
        text=cast(str, _get(raw, "text", str, where)),
        colour=colour,
        baskets=cast("int | None", baskets),
        actions=tuple(_parse_action(a, where) for a in actions_raw),
    )


def parse_cards(document: object) -> dict[int, Card]:
    """Check and convert a parsed ``cards.json`` document into ``{id: Card}``, in id order.

    Raises :class:`CardDataError` naming the offending card for a duplicate id, an unknown card type,
    basket, module or solo action, a missing field, or an effect key not described under ``effect_keys``. That
    every described key is implemented by the rules is checked against :data:`isle_nb.model.isle.effects.EFFECT_KEYS`
    (derived from the effect registries) by the tests; this module cannot import the rules that use it.
    """
    if not isinstance(document, Mapping) or not isinstance(document.get("cards"), list):
        raise CardDataError("cards.json: the top level must be an object with a 'cards' list")
    described = document.get("effect_keys")
    if not isinstance(described, Mapping) or not described:
        raise CardDataError("cards.json: 'effect_keys' must be an object describing every effect key")
    cards: dict[int, Card] = {}
    for index, raw in enumerate(document["cards"]):
        parsed = _parse_card(raw, index, described)
        if parsed.id in cards:
            raise _fail(f"card {parsed.id}", "duplicate card id")
        cards[parsed.id] = parsed
    return dict(sorted(cards.items()))


def _load() -> Mapping[int, Card]:
    # isle_nb.data.load reads the file with importlib.resources (so it works from an installed wheel too)
    try:
        document = load("cards")
    except ValueError as exc:  # json.JSONDecodeError
        raise CardDataError(f"cards.json is not valid JSON: {exc}") from exc
    return MappingProxyType(parse_cards(document))


CARDS: Mapping[int, Card] = _load()
"""Every card in the box, keyed by card id (1-215), read once from ``isle_nb/data/cards.json``."""


def card(card_id: int) -> Card:
    """The card with id ``card_id``; raises :class:`UnknownComponent` if there is none."""
    try:
        return CARDS[card_id]
    except (KeyError, TypeError):
        raise UnknownComponent(f"there is no card with id {quote(card_id)} (ids run 1-{max(CARDS)})") from None


def _ids(*types: str) -> tuple[int, ...]:
    return tuple(c.id for c in CARDS.values() if c.type in types)


def discovery_card_ids() -> tuple[int, ...]:
    """Ids of the 150 discovery cards (1-150): Oshax, rescue, anytime, treasure and lesson cards (SETUP-5)."""
    return _ids(*DISCOVERY_TYPES)


def core_lesson_ids() -> tuple[int, ...]:
    """Ids of the 14 core lessons (113-126), which are always in the deck (SETUP-5)."""
    return tuple(c.id for c in CARDS.values() if c.type == "lesson" and c.module == "core")


def family_lesson_ids() -> tuple[int, ...]:
    """Ids of the 18 family lesson cards (151-168) used in the family game (FAMILY-1)."""
    return _ids("family_lesson")


def solo_colour_ids() -> tuple[int, ...]:
    """Ids of the 5 solo colour cards (169-173) that score for the sister (SOLO-2, SOLO-12)."""
    return _ids("solo_colour")


def solo_basket_ids() -> tuple[int, ...]:
    """Ids of the 23 solo basket cards (174-196) that drive the sister's rescues (SOLO-6..9)."""
    return _ids("solo_basket")


def solo_lesson_ids() -> tuple[int, ...]:
    """Ids of the 10 basic solo lessons (197-206); 3 are used per game (SOLO-2)."""
    return _ids("solo_lesson")


def solo_advanced_lesson_ids() -> tuple[int, ...]:
    """Ids of the 9 advanced solo lessons (207-215), added by difficulty (SOLO-2)."""
    return _ids("solo_advanced_lesson")
