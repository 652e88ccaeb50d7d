"""Typed records: the actions of every game, written and read by msgspec, and the one schema that checks them.

Every game's actions are frozen msgspec Structs tagged by their ``kind`` (:class:`ActionRecord`): msgspec writes an
action as ``{"kind": ..., "player": ..., other fields}`` and reads one back, a list of them too, against the
declared types (bools are no numbers, lists come back as tuples), with one encoder and one decoder per game, each
built once (:func:`encode_actions`, :meth:`Schema.decode`, :meth:`Schema.decode_many`, :meth:`Schema.from_dict`).

A :class:`Schema` is a game's action format: its action types, a range or id check per field and the fields each
action leaves empty. ``Schema.check`` is the boundary every rules ``apply`` (and so every shell's ``apply`` and
``check``, and every replayed save) passes first: a malformed action raises
:class:`~isle_nb.model.core.errors.MalformedAction` before any rule runs, so the state is untouched. An action built
in Python is checked there against its declared types too (msgspec converts each field's value to its type: a
value that fails, or that comes back different, a list where a tuple is declared, is refused).
``Schema.from_dict`` decodes a saved action and runs the same check. Values are quoted in messages only as short
excerpts (:func:`~isle_nb.model.core.errors.quote`), and sizes are checked before anything is walked, so a hostile
value never makes work or a message proportional to its size.
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Generic, Self, TypeVar, Union, get_args, get_origin, get_type_hints

import msgspec

from isle_nb.model.core.errors import IllegalAction, InvalidSave, MalformedAction, quote
from isle_nb.model.core.wire import field_names

ITEM = "item "
"""How a tuple field's check begins the refusal of one of its items ("item 2 (999) is no card id")."""

R = TypeVar("R", bound="ActionRecord")
"""An action type of one game (its schema checks and rebuilds actions of that type)."""

NAME_LIMIT = 40
"""The longest player name, in characters, in every game and save."""
TEXT_LIMIT = 64
"""The longest text an action field may hold (a tile id, a clan, a choice), in characters."""
ITEMS_LIMIT = 64
"""The most items a tuple field of an action may hold (cards, cells, tiles); no legal action comes near it."""


def in_order(items: tuple[Any, ...]) -> tuple[Any, ...]:
    """The items of a field that names a set (cards chosen together, a drawing's cells) in order, so that two
    actions naming the same set in other orders are equal (a game's ``normal_form``); as they are when they cannot
    be compared (a malformed action keeps its values)."""
    try:
        return tuple(sorted(items))
    except TypeError:
        return tuple(items)


def plain(value: object) -> object:
    """A field value in JSON form: tuples (nested too) become lists."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def snake_case(name: str) -> str:
    """A class name in snake case (``TakeMapBonus`` -> ``"take_map_bonus"``): an action's ``kind``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class ActionRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="kind", tag=snake_case):
    """The base of every game's actions: a frozen record that names its ``player``, has a ``kind`` and a JSON form.

    Each game has one base action class that subclasses it; the game's :class:`Schema` knows all its actions, and
    rebuilds any of them (:meth:`from_dict`). An action's ``kind``, its name in JSON (msgspec's tag), is its class
    name in snake case (``TakeMapBonus`` -> ``"take_map_bonus"``). Change one with :func:`msgspec.structs.replace`;
    its fields: :func:`record_fields`.
    """

    player: str
    kind: ClassVar[str] = "action"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = snake_case(cls.__name__)  # the tag msgspec writes (tag=snake_case)

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form: ``{"kind": ..., "player": ..., other fields}`` (tuples as lists)."""
        data: dict[str, Any] = {"kind": self.kind}
        for name in self.__struct_fields__:
            data[name] = plain(getattr(self, name))
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild an action from :meth:`to_dict` output with its game's schema; :class:`InvalidSave` if it is not
        one of this class."""
        action = SCHEMAS[game_base(cls)].from_dict(data)
        if not isinstance(action, cls):
            raise InvalidSave(f"expected a {cls.kind!r} action, got {action.kind!r}")
        return action


record_fields = field_names
"""The fields of an action type (its ``player`` first), in the order they are written."""


def game_base(cls: type) -> type:
    """The game's base action class that ``cls`` descends from (the class just below :class:`ActionRecord`)."""
    mro = cls.__mro__
    return mro[mro.index(ActionRecord) - 1]


SCHEMAS: dict[type, Schema[Any]] = {}
"""Each game's schema, by its base action class (filled as each game's schema is made)."""

_ENCODER = msgspec.json.Encoder()


def encode_actions(actions: Iterable[ActionRecord]) -> bytes:
    """A list of actions (of any game) as JSON text, UTF-8 bytes: each one's :meth:`~ActionRecord.to_dict` form."""
    return _ENCODER.encode(actions if isinstance(actions, (list, tuple)) else list(actions))


def encode_action(action: ActionRecord) -> bytes:
    """One action as JSON text, UTF-8 bytes."""
    return _ENCODER.encode(action)


@cache
def field_types(cls: type) -> dict[str, Any]:
    """The declared type of every field of the action type ``cls``."""
    hints = get_type_hints(cls)
    return {name: hints[name] for name in record_fields(cls)}


@cache
def _required(cls: type) -> frozenset[str]:
    """The fields of ``cls`` a saved action must hold: all but those that default to ``None`` (added later: older
    saves omit them)."""
    return frozenset(f.name for f in msgspec.structs.fields(cls) if f.default is not None)


@cache
def _known(cls: type) -> frozenset[str]:
    """The keys a saved action of ``cls`` may hold: its fields and ``kind``."""
    return frozenset((*record_fields(cls), "kind"))


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
                return f"{ITEM}{number} ({quote(element)}) {why}"
        return None

    return check


@dataclass(frozen=True)
class Schema(Generic[R]):
    """One game's action format, checked the same way for actions built in Python and actions read from a save.

    ``types_by_kind`` maps each ``kind`` to its action Struct. ``ranges`` maps a field name, or ``"kind.field"``
    for one action only, to its :data:`Check` (ids that exist, numbers in range, texts of sane length), or to
    ``(rule, check)`` when a bad value breaks a rule of its own (an Oshax's colour, OSHAX-1). ``unused`` names the
    fields an action fills although it does not use them (returns ``(field, why)``), e.g. a colour given to a card
    that takes none. A value of the wrong type is refused under ``rule``; a value out of range under the rule of
    its kind (``rules_by_kind``), or of its field.
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
        typed = _well_typed(action, cls)  # the usual case at once; else field by field, to name the first
        for name, hint, many, field_rule, check in self._plan(cls):
            value = getattr(action, name)
            if not typed and not _has_type(value, hint, many):
                raise MalformedAction(
                    self.rule, f"malformed {kind} {self.what}: {name}={quote(value)} is not {_words(hint)}", name
                )
            why = check(value) if check is not None else None
            if why is not None:
                # a value out of range is one a person can type (a colour, a card number): say it in their words,
                # quoting the value (a tuple's check quotes the item it refuses)
                said = why if why.startswith(ITEM) else f"{quote(value)} {why}"
                raise MalformedAction(field_rule or rule, f"{name} {said}", name)
        empty = self.unused(action) if self.unused is not None else None
        if empty is not None:
            name, why = empty
            raise MalformedAction(rule, f"{kind} {self.what}: {name} must be empty: {why}", name)
        return action  # type: ignore[return-value]  # its class is one of types_by_kind

    def _plan(self, cls: type) -> list[tuple[str, Any, bool, str | None, Check | None]]:
        """Per field of ``cls``: its name, type hint, whether it is a tuple of any length, and range rule and
        check."""
        plan = _PLANS.get((id(self), cls))
        if plan is None:
            plan = []
            for name, hint in field_types(cls).items():
                entry = self.ranges.get(f"{cls.kind}.{name}", self.ranges.get(name))  # type: ignore[attr-defined]
                field_rule, check = entry if isinstance(entry, tuple) else (None, entry)
                many = get_origin(hint) is tuple and get_args(hint)[-1:] == (Ellipsis,)
                plan.append((name, hint, many, field_rule, check))
            _PLANS[(id(self), cls)] = plan
        return plan

    @property
    def union(self) -> Any:
        """The tagged union of this game's action types (what msgspec decodes by ``kind``)."""
        return _union(tuple(self.types_by_kind.values()))

    def from_dict(self, raw: Any) -> R:
        """An action rebuilt from its ``to_dict`` form, with the same checks as :meth:`check`; :class:`InvalidSave`
        if it is malformed."""
        what = self.what
        if not isinstance(raw, dict):
            raise InvalidSave(f"an {what} must be an object, got {quote(raw)}")
        kind = raw.get("kind")
        cls = self.types_by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise InvalidSave(f"unknown {what} kind {quote(kind)}")
        unknown = raw.keys() - _known(cls)
        if unknown:
            raise InvalidSave(f"unknown fields {quote(sorted(map(str, unknown)))} for {what} {kind!r}")
        assert isinstance(kind, str)  # cls was found by it
        if not _required(cls) <= raw.keys() or any(type(v) is list and len(v) > ITEMS_LIMIT for v in raw.values()):
            raise _save_refusal(raw, cls, kind, what)
        try:
            action = msgspec.convert(raw, cls)
        except msgspec.ValidationError:
            raise _save_refusal(raw, cls, kind, what) from None
        return self._checked(action)

    def decode(self, text: str | bytes) -> R:
        """The action :func:`encode_action` wrote, with the same checks as :meth:`check`; :class:`InvalidSave` if it
        is malformed (a field it omits takes its declared default)."""
        try:
            action = _decoder(self.union).decode(text)
        except msgspec.MsgspecError as error:
            raise InvalidSave(f"malformed {self.what}: {_short(error)}") from None
        return self._checked(action)

    def decode_many(self, text: str | bytes) -> list[R]:
        """The actions :func:`encode_actions` wrote, as typed records, not yet checked (run :meth:`check` on each
        before a rule judges it); :class:`InvalidSave` if the text does not fit."""
        try:
            return _decoder(list[self.union]).decode(text)  # type: ignore[name-defined]
        except msgspec.MsgspecError as error:
            raise InvalidSave(f"malformed {self.what}s: {_short(error)}") from None

    def _checked(self, action: R) -> R:
        try:
            return self.check(action)
        except IllegalAction as error:
            raise InvalidSave(str(error)) from None


_PLANS: dict[tuple[int, type], list[Any]] = {}
"""The field plan per (schema, action class); schemas are module-level constants that live forever."""


@cache
def _union(types_: tuple[type, ...]) -> Any:
    return Union[types_]  # noqa: UP007  (a union built from a tuple of types)


@cache
def _decoder(hint: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(hint)


def _well_typed(action: Any, cls: type) -> bool:
    """Whether every field of ``action`` is of its declared type (see :func:`_has_type`), judged at once: msgspec
    converts the action's fields to ``cls`` and they come back equal, item for item (a list where a tuple is
    declared does not), and no tuple holds more than :data:`ITEMS_LIMIT` items."""
    values = msgspec.structs.astuple(action)
    if any(type(v) is tuple and len(v) > ITEMS_LIMIT for v in values):
        return False
    try:
        converted: Any = msgspec.convert(msgspec.structs.asdict(action), cls)
    except msgspec.ValidationError:
        return False
    return msgspec.structs.astuple(converted) == values


def _has_type(value: object, hint: Any, many: bool) -> bool:
    """Whether a field's ``value`` is of its declared type as an action built in Python must be: msgspec converts
    it to ``hint`` and it comes back equal (a list where a tuple is declared does not); bools are no numbers, and
    a tuple of any length holds at most :data:`ITEMS_LIMIT` items (checked before it is walked). A whole number
    of any size is an ``int`` (its range check judges it)."""
    if many and isinstance(value, tuple) and len(value) > ITEMS_LIMIT:
        return False
    try:
        converted = msgspec.convert(value, hint)
    except msgspec.ValidationError:
        return False
    return type(converted) is type(value) and converted == value


def _short(error: msgspec.MsgspecError) -> str:
    """msgspec's refusal, never longer than a short excerpt."""
    text = str(error)
    return text if len(text) <= 300 else text[:200] + " ... " + text[-80:]


def _save_refusal(raw: dict[str, Any], cls: type, kind: str, what: str) -> InvalidSave:
    """Why a saved action of ``cls`` is malformed: its first field, in declaration order, that is missing (and
    not one of the later optional ones) or not of its declared type (a JSON list standing for a tuple, of at most
    :data:`ITEMS_LIMIT` items)."""
    required = _required(cls)
    for name, hint in field_types(cls).items():
        if name not in raw:
            if name in required:
                return InvalidSave(f"{what} {kind!r} lacks the field {name!r}")
            continue
        value = raw[name]
        many = get_origin(hint) is tuple and get_args(hint)[-1:] == (Ellipsis,)
        if many and isinstance(value, list) and len(value) > ITEMS_LIMIT:
            return InvalidSave(f"{what} field {name!r} of {kind!r} has the wrong type: {quote(value)}")
        try:
            msgspec.convert(value, hint)
        except msgspec.ValidationError:
            return InvalidSave(f"{what} field {name!r} of {kind!r} has the wrong type: {quote(value)}")
    return InvalidSave(f"malformed {what} {kind!r}: {quote(raw)}")


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
