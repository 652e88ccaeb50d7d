"""Typed records: the one schema that checks every game's actions, whether built in Python or read from a save.

Both games' actions are frozen dataclasses with a ``kind`` class attribute. :func:`type_check` checks a value
against a field's type hint (bools are never numbers); :func:`record_from_dict` rebuilds an action from its
``to_dict`` form (where lists stand for tuples: JSON has none), refusing unknown kinds, unknown or mistyped fields
with :class:`InvalidSave`.

A :class:`Schema` is a game's action format: its action types, a range or id check per field and the fields each
action leaves empty. ``Schema.check`` is the boundary every rules ``apply`` (and so every shell's ``apply`` and
``check``, and every replayed save) passes first: a malformed action raises
:class:`~isle_nb.model.core.errors.MalformedAction` before any rule runs, so the state is untouched.
``Schema.from_dict``
decodes a saved action and runs the same check. Values are quoted in messages only as short excerpts
(:func:`~isle_nb.model.core.errors.quote`), and sizes are checked before anything is walked, so a hostile value
never makes work or a message proportional to its size.
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar, Generic, Self, TypeVar, Union, get_args, get_origin, get_type_hints

from isle_nb.model.core.errors import IllegalAction, InvalidSave, MalformedAction, quote

T = TypeVar("T")
R = TypeVar("R", bound="ActionRecord")
"""An action type of one game (its schema checks and rebuilds actions of that type)."""

NAME_LIMIT = 40
"""The longest player name, in characters, in every game and save."""
TEXT_LIMIT = 64
"""The longest text an action field may hold (a tile id, a clan, a choice), in characters."""
ITEMS_LIMIT = 64
"""The most items a tuple field of an action may hold (cards, cells, tiles); no legal action comes near it."""


def plain(value: object) -> object:
    """A field value in JSON form: tuples (nested too) become lists."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """The base of every game's actions: a frozen record that names its ``player``, has a ``kind`` and a JSON form.

    Each game has one base action class that subclasses it; the game's :class:`Schema` knows all its actions, and
    rebuilds any of them (:meth:`from_dict`). An action's ``kind``, its name in JSON, is its class name in snake
    case (``TakeMapBonus`` -> ``"take_map_bonus"``), unless the class sets one.
    """

    player: str
    kind: ClassVar[str] = "action"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(ActionRecord, cls).__init_subclass__(**kwargs)  # (not super(): slots dataclasses are rebuilt)
        if "kind" not in cls.__dict__:
            cls.kind = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form: ``{"kind": ..., "player": ..., other fields}`` (tuples as lists)."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            data[f.name] = plain(getattr(self, f.name))
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild an action from :meth:`to_dict` output with its game's schema; :class:`InvalidSave` if it is not
        one of this class."""
        action = SCHEMAS[game_base(cls)].from_dict(data)
        if not isinstance(action, cls):
            raise InvalidSave(f"expected a {cls.kind!r} action, got {action.kind!r}")
        return action


def game_base(cls: type) -> type:
    """The game's base action class that ``cls`` descends from (the class just below :class:`ActionRecord`)."""
    mro = cls.__mro__
    return mro[mro.index(ActionRecord) - 1]


SCHEMAS: dict[type, Schema[Any]] = {}
"""Each game's schema, by its base action class (filled as each game's schema is made)."""


@cache
def field_types(cls: type) -> dict[str, Any]:
    """The declared type of every dataclass field of ``cls``."""
    hints = get_type_hints(cls)
    return {f.name: hints[f.name] for f in fields(cls)}


@cache
def type_check(hint: Any) -> Callable[[object], bool]:
    """Whether a value has the declared type ``hint``: bools are no numbers, integers are Python ``int`` (not
    floats, not NumPy scalars, which a save could not write), tuples are tuples, and sizes are checked before items
    (a huge value is refused without walking it). Compiled once per hint: the boundary's hot path."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is type(None):
        return lambda value: value is None
    if hint is bool:
        return lambda value: value is True or value is False
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return lambda value: isinstance(value, str)
    if origin in (Union, types.UnionType):
        options = tuple(type_check(h) for h in args)
        return lambda value: any(option(value) for option in options)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = type_check(args[0])
        return lambda value: (
            isinstance(value, tuple) and len(value) <= ITEMS_LIMIT and all(item(v) for v in value)
        )
    if origin is tuple:
        items = tuple(type_check(h) for h in args)
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(items)
            and all(c(v) for c, v in zip(items, value, strict=True))
        )
    return lambda value: True


_BAD = object()
"""What a :func:`_reader` gives for a value not of its type."""


@cache
def _reader(hint: Any) -> Callable[[object], object]:
    """The value as its declared type ``hint`` (the JSON lists that stand for tuples made tuples, nested too) if it
    is of that type as :func:`type_check` sees it but for those lists, else :data:`_BAD`; a union takes the first
    type that fits. Compiled once per hint: every action a hub receives and every move of a loaded save is read
    with it."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is type(None):
        return lambda value: value if value is None else _BAD
    if hint is bool:
        return lambda value: value if isinstance(value, bool) else _BAD
    if hint is int:
        return lambda value: value if isinstance(value, int) and not isinstance(value, bool) else _BAD
    if hint is str:
        return lambda value: value if isinstance(value, str) else _BAD
    if origin in (Union, types.UnionType):
        options = tuple(_reader(h) for h in args)

        def either(value: object) -> object:
            for option in options:
                read = option(value)
                if read is not _BAD:
                    return read
            return _BAD

        return either
    if origin is tuple:
        many = len(args) == 2 and args[1] is Ellipsis
        items = (_reader(args[0]),) if many else tuple(_reader(h) for h in args)

        def sequence(value: object) -> object:
            if not isinstance(value, (tuple, list)):
                return _BAD
            if many:
                if len(value) > ITEMS_LIMIT:
                    return _BAD
                read = [items[0](v) for v in value]
            else:
                if len(value) != len(items):
                    return _BAD
                read = [item(v) for item, v in zip(items, value, strict=True)]
            if any(r is _BAD for r in read):
                return _BAD
            return tuple(read) if isinstance(value, list) else value  # a tuple stays the very object

        return sequence
    return lambda value: value


@cache
def _optional(cls: type) -> frozenset[str]:
    """The fields of ``cls`` that default to ``None`` (added later: older saves omit them)."""
    return frozenset(f.name for f in fields(cls) if f.default is None)


def record_from_dict(raw: Any, types_by_kind: Mapping[str, type[T]], what: str = "action") -> T:
    """Rebuild a record from ``{"kind": ..., field: value, ...}``; :class:`InvalidSave` if anything is off."""
    if not isinstance(raw, dict):
        raise InvalidSave(f"an {what} must be an object, got {quote(raw)}")
    kind = raw.get("kind")
    cls = types_by_kind.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidSave(f"unknown {what} kind {quote(kind)}")
    declared = field_types(cls)
    unknown = set(raw) - set(declared) - {"kind"}
    if unknown:
        raise InvalidSave(f"unknown fields {quote(sorted(map(str, unknown)))} for {what} {kind!r}")
    values: dict[str, Any] = {}
    optional = _optional(cls)
    for name, hint in declared.items():
        if name not in raw:
            if name in optional:
                values[name] = None  # an optional field added later (e.g. a rescue's basket): older saves omit it
                continue
            raise InvalidSave(f"{what} {kind!r} lacks the field {name!r}")
        value = _reader(hint)(raw[name])
        if value is _BAD:
            raise InvalidSave(f"{what} field {name!r} of {kind!r} has the wrong type: {quote(raw[name])}")
        values[name] = value
    return cls(**values)


Check = Callable[[Any], str | None]
"""A field's range or id check: why ``value`` (already of the declared type) is refused, or ``None``."""


def text_field(limit: int = TEXT_LIMIT, allowed: tuple[str, ...] = ()) -> Check:
    """A check for a text field: not empty, at most ``limit`` characters, one of ``allowed`` if given."""

    def check(value: Any) -> str | None:
        if value is None:
            return None
        if not value or len(value) > limit:
            return f"must be a text of 1-{limit} characters"
        if allowed and value not in allowed:
            return f"must be one of {', '.join(allowed)}"
        return None

    return check


def each(item: Check) -> Check:
    """A check for a tuple field: every item passes ``item``."""

    def check(value: Any) -> str | None:
        for number, element in enumerate(value):
            why = item(element)
            if why is not None:
                return f"item {number} ({quote(element)}) {why}"
        return None

    return check


@dataclass(frozen=True)
class Schema(Generic[R]):
    """One game's action format, checked the same way for actions built in Python and actions read from a save.

    ``types_by_kind`` maps each ``kind`` to its frozen dataclass. ``ranges`` maps a field name, or
    ``"kind.field"`` for one action only, to its :data:`Check` (ids that exist, numbers in range, texts of sane
    length), or to ``(rule, check)`` when a bad value breaks a rule of its own (an Oshax's colour, OSHAX-1).
    ``unused`` names the fields an action fills although it does not use them (returns ``(field, why)``), e.g. a
    colour given to a card that takes none. A value of the wrong type is refused under ``rule``; a value out of
    range under the rule of its kind (``rules_by_kind``), or of its field.
    """

    types_by_kind: Mapping[str, type[R]]
    ranges: Mapping[str, Check | tuple[str, Check]]
    rule: str
    what: str = "action"
    unused: Callable[[Any], tuple[str, str] | None] | None = None
    rules_by_kind: Mapping[str, str] | None = None
    """The rule a malformed action of each kind is refused under (the rule that action belongs to), else ``rule``."""

    def __post_init__(self) -> None:
        for cls in self.types_by_kind.values():
            SCHEMAS[game_base(cls)] = self

    def check(self, action: object) -> R:
        """``action`` itself if it is a well-formed action of this game (declared types, ids that exist, values in
        range, unused fields empty); else :class:`MalformedAction` naming the field. No rule is judged here: it runs
        before any rule, touches no state, and does work bounded by the limits whatever the values are."""
        cls = type(action)
        kind = getattr(cls, "kind", None)
        if not isinstance(kind, str) or self.types_by_kind.get(kind) is not cls:
            raise MalformedAction(self.rule, f"not a {self.what}: {quote(action)}")
        rule = (self.rules_by_kind or {}).get(kind, self.rule)
        for name, hint, is_typed, field_rule, check in self._plan(cls):
            value = getattr(action, name)
            if not is_typed(value):
                raise MalformedAction(
                    self.rule, f"malformed {kind} {self.what}: {name}={quote(value)} is not {_words(hint)}", name
                )
            why = check(value) if check is not None else None
            if why is not None:
                raise MalformedAction(field_rule or rule, f"malformed {kind} {self.what}: {name} {why}", name)
        empty = self.unused(action) if self.unused is not None else None
        if empty is not None:
            name, why = empty
            raise MalformedAction(rule, f"{kind} {self.what}: {name} must be empty: {why}", name)
        return action  # type: ignore[return-value]  (its class is one of types_by_kind)

    def _plan(self, cls: type) -> list[tuple[str, Any, Callable[[object], bool], str | None, Check | None]]:
        """Per field of ``cls``: its name, type hint, compiled type check, and range rule and check."""
        plan = _PLANS.get((id(self), cls))
        if plan is None:
            plan = []
            for name, hint in field_types(cls).items():
                entry = self.ranges.get(f"{cls.kind}.{name}", self.ranges.get(name))  # type: ignore[attr-defined]
                field_rule, check = entry if isinstance(entry, tuple) else (None, entry)
                plan.append((name, hint, type_check(hint), field_rule, check))
            _PLANS[(id(self), cls)] = plan
        return plan

    def from_dict(self, raw: Any) -> R:
        """An action rebuilt from its ``to_dict`` form, with the same checks as :meth:`check`; :class:`InvalidSave`
        if it is malformed."""
        action = record_from_dict(raw, self.types_by_kind, self.what)
        try:
            return self.check(action)
        except IllegalAction as error:
            raise InvalidSave(str(error)) from None


_PLANS: dict[tuple[int, type], list[Any]] = {}
"""Compiled field checks per (schema, action class); schemas are module-level constants that live forever."""


def _words(hint: Any) -> str:
    """A type hint in words, for a refusal."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is type(None):
        return "None"
    if hint in (int, str, bool):
        return {int: "a whole number (int)", str: "a text (str)", bool: "True or False"}[hint]
    if origin in (Union, types.UnionType):
        return " or ".join(_words(h) for h in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a tuple of at most {ITEMS_LIMIT} items, each {_words(args[0])}"
        return f"a tuple of {len(args)} items ({', '.join(_words(h) for h in args)})"
    return getattr(hint, "__name__", str(hint))


# -- setup: players and seeds, the same for every game and every save -------------------------------------------
SEED_LIMIT = 2**63
"""Seeds are whole numbers with ``-SEED_LIMIT < seed < SEED_LIMIT`` (a save must be able to hold one)."""


def check_seed(seed: object, rule: str) -> int:
    """``seed`` if it is a whole number (a Python ``int``, not a bool, float or text) of sane size; else
    :class:`~isle_nb.model.core.errors.IllegalAction` under ``rule``."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalAction(rule, f"the seed must be a whole number (int), not {quote(seed)}")
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        raise IllegalAction(rule, f"the seed must lie between -2**63 and 2**63, not {quote(seed)}")
    return seed


def check_names(players: object, counts: range, rule: str, what: str = "the game") -> tuple[str, ...]:
    """The player names ``players`` stands for: a list or tuple of names, or how many players (named "Player 1",
    ...). The count is checked before any name is built or read; each name is a text of 1-:data:`NAME_LIMIT`
    characters, not blank, without line breaks or control characters, all different. Else
    :class:`~isle_nb.model.core.errors.IllegalAction` under ``rule``."""
    allowed = f"{counts.start}" if len(counts) == 1 else f"{counts.start}-{counts.stop - 1}"
    if isinstance(players, int) and not isinstance(players, bool):
        if players not in counts:
            raise IllegalAction(rule, f"{what} is for {allowed} players, not {quote(players)}")
        return tuple(f"Player {n + 1}" for n in range(players))
    if not isinstance(players, (list, tuple)):
        raise IllegalAction(rule, f"players must be a list of names or a number of players, not {quote(players)}")
    if len(players) not in counts:
        raise IllegalAction(rule, f"{what} is for {allowed} players, not {len(players)}")
    for name in players:
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_LIMIT or not name.isprintable():
            raise IllegalAction(
                rule, f"a player's name is a text of 1-{NAME_LIMIT} printable characters, not {quote(name)}"
            )
    if len(set(players)) != len(players):
        raise IllegalAction(rule, f"players need different names, got {quote(list(players))}")
    return tuple(players)
