"""The exact JSON form of frozen values, read from their type hints: what makes a player view travel.

:func:`to_plain` turns a frozen dataclass (and everything inside it) into plain JSON data, field by field, and
:func:`from_plain` rebuilds the very same value from that data and the declared type. Nothing is written per
class: a field added to a view later travels too. :class:`Wire` gives a dataclass ``to_dict``/``from_dict`` on
top of them. :func:`to_text` writes that plain form's JSON text directly, reusing the text of the parts a
:class:`TextMemo` remembers (a hub writes every seat's view after every move, and most of it has not changed).

How each declared type travels: ``None``, ``bool``, ``int``, ``str`` and ``Literal`` values as themselves; tuples
and frozensets as lists; a ``dict`` with text keys as an object (other keys as a list of ``[key, value]`` pairs);
a class that said its own form with :func:`plain_form` in that form (a tile as its id, a boat as its layout and
placed tiles: see :mod:`isle_nb.model.parts.tiles` and :mod:`isle_nb.model.parts.boat`); any other dataclass as an
object of its fields, with its ``kind`` when it has one, so a union of records (the pending decisions) is decoded
by kind. Data
that does not fit the declared type raises :class:`~isle_nb.model.core.errors.InvalidSave`.
"""

from __future__ import annotations

import dataclasses
import json
import types
from collections.abc import Callable
from functools import cache
from typing import Any, Literal, Self, Union, get_args, get_origin, get_type_hints

from isle_nb.model.core.errors import InvalidSave, quote

_CODECS: dict[type, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {}
"""The values with a JSON form of their own (by exact type): what each is written as and read back from."""


def plain_form(cls: type, write: Callable[[Any], Any], read: Callable[[Any], Any]) -> None:
    """Say how values of exactly ``cls`` travel: ``write(value)`` gives their plain JSON data and ``read(data)``
    rebuilds the value (raising :class:`~isle_nb.model.core.errors.InvalidSave` for data that is not one). The
    module that defines such a class calls this when it loads (a tile as its id, a boat as its layout and tiles),
    so the core knows no component."""
    _CODECS[cls] = (write, read)


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """The init fields of dataclass ``cls`` with their declared types."""
    hints = get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls) if f.init)


def _kind(cls: type) -> str | None:
    """A record's ``kind`` tag (a class attribute), if it has one."""
    kind = getattr(cls, "kind", None)
    return kind if isinstance(kind, str) else None


def to_plain(value: Any) -> Any:
    """``value`` as plain JSON data (see the module docstring)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, list):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: to_plain(v) for k, v in value.items()}
        return [[to_plain(k), to_plain(v)] for k, v in value.items()]
    return _record_to_plain(value)


_text_of = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode  # plain data: no cycles
_quoted = json.encoder.encode_basestring_ascii  # how json writes a text (and a key), as _text_of does


class TextMemo:
    """The JSON text of values already written by :func:`to_text`, by identity, kept from one use to the next.

    Frozen values that did not change between two states are the very same objects, so a hub that writes every
    seat's view after every move writes only what changed (a boat that got a tile, not the other boats). Call
    :meth:`turn` before each use: every :data:`USES` uses, what the uses since the turn before did not touch is
    forgotten, so the memo holds the values of a few states. (Forgetting after each use would forget the parts
    of a value found whole: a boat inside another player's unchanged view would be written again as soon as
    that player's fish changed.) Each entry holds its value, so no other object can take its id while it is
    remembered."""

    USES = 16
    """Uses between two forgettings."""

    __slots__ = ("_before", "_now", "_uses")

    def __init__(self) -> None:
        self._now: dict[int, tuple[Any, str]] = {}
        self._before: dict[int, tuple[Any, str]] = {}
        self._uses = 0

    def turn(self) -> None:
        """Start a new use; every :data:`USES` uses, keep only the values written or found since the last time."""
        self._uses += 1
        if self._uses >= self.USES:
            self._uses = 0
            self._before, self._now = self._now, {}

    def get(self, value: Any) -> str | None:
        """The text remembered for this very object, if any."""
        key = id(value)
        found = self._now.get(key)
        if found is None:
            found = self._before.get(key)
            if found is None:
                return None
            self._now[key] = found
        return found[1] if found[0] is value else None

    def put(self, value: Any, text: str) -> None:
        """Remember the text of ``value``."""
        self._now[id(value)] = (value, text)

    def __len__(self) -> int:
        return len(self._now)


def to_text(value: Any, memo: TextMemo | None = None) -> str:
    """The JSON text of :func:`to_plain`'s form of ``value`` with compact separators, the same characters as
    ``json.dumps(to_plain(value), separators=(",", ":"))``; tuples and records are written once per ``memo``
    (see :class:`TextMemo`) and their text reused while they are the same objects."""
    if value is None:
        return "null"
    cls = type(value)
    if cls is str:
        return _quoted(value)
    if cls is bool:
        return "true" if value else "false"
    if cls is int:
        return int.__repr__(value)
    if memo is None:
        return _record_text(value, None)
    text = memo.get(value)
    if text is None:
        text = _record_text(value, memo)
        memo.put(value, text)
    return text


def _record_text(value: Any, memo: TextMemo | None) -> str:
    """The text of a tuple or a record field by field (the rest through :func:`to_plain`)."""
    cls = type(value)
    if cls is tuple:
        return "[" + ",".join([to_text(v, memo) for v in value]) + "]"
    if cls in _CODECS or not dataclasses.is_dataclass(value):
        return _text_of(to_plain(value))
    head, names, keys = _layout(cls)
    fields = zip(names, keys, strict=True)
    return head + ",".join([key + to_text(getattr(value, name), memo) for name, key in fields]) + "}"


@cache
def _layout(cls: type) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """How :func:`_record_text` writes a record of ``cls``: the text before its fields (``{`` and the ``kind`` tag
    of a class that has one and no field of that name), and its fields with each one's ``"name":`` in the order
    of :func:`to_plain` (a ``kind`` field first)."""
    names = [name for name, _ in _hints(cls)]
    head = "{"
    kind = _kind(cls)
    if kind is not None:
        if "kind" in names:
            names.remove("kind")
            names.insert(0, "kind")
        else:
            head += f'"kind":{_quoted(kind)}' + ("," if names else "")
    return head, tuple(names), tuple(f"{_quoted(name)}:" for name in names)


def _record_to_plain(value: Any) -> Any:
    """A tuple, frozenset, tile, boat or dataclass as plain JSON data."""
    if isinstance(value, tuple):
        return [to_plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((to_plain(v) for v in value), key=repr)
    cls = type(value)
    if cls in _CODECS:
        return _CODECS[cls][0](value)
    if dataclasses.is_dataclass(value):
        data = {name: to_plain(getattr(value, name)) for name, _ in _hints(cls)}
        kind = _kind(cls)
        return data if kind is None else {"kind": kind, **data}
    raise TypeError(f"no JSON form for {quote(value)}")


def from_plain(data: Any, hint: Any) -> Any:
    """The value of declared type ``hint`` that :func:`to_plain` turned into ``data``; :class:`InvalidSave` if the
    data does not fit the type."""
    return _decoder(hint)(data)


def _refuse(data: object, what: str) -> InvalidSave:
    return InvalidSave(f"expected {what}, got {quote(data)}")


@cache
def _decoder(hint: Any) -> Callable[[Any], Any]:
    """A function rebuilding values of type ``hint`` from their plain form, made once per type."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return lambda data: data
    if hint is type(None) or hint is None:
        return _exact(lambda data: data is None, "null")
    if hint in (bool, int, str):
        return _exact(_checker(hint), hint.__name__)
    if origin is Literal:
        return _exact(lambda data: isinstance(data, (str, int)) and data in args, f"one of {args}")
    if origin in (Union, types.UnionType):
        return _union(args)
    if origin is tuple:
        return _tuple(args)
    if origin is frozenset:
        item = _decoder(args[0])
        return lambda data: frozenset(item(v) for v in list_from_plain(data))
    if origin is dict:
        return _dict(args)
    if hint in _CODECS:
        return _CODECS[hint][1]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _record(hint)
    raise TypeError(f"no JSON form for the type {hint!r}")


def _checker(cls: type) -> Callable[[Any], bool]:
    if cls is bool:
        return lambda data: isinstance(data, bool)
    return lambda data: isinstance(data, cls) and not isinstance(data, bool)


def _exact(test: Callable[[Any], bool], what: str) -> Callable[[Any], Any]:
    def decode(data: Any) -> Any:
        if not test(data):
            raise _refuse(data, what)
        return data

    return decode


def cells_from_plain(data: Any) -> tuple[tuple[int, int], ...]:
    """Grid cells from their plain form (a list of ``[x, y]`` pairs); :class:`InvalidSave` for anything else."""
    return _CELLS(data)  # type: ignore[no-any-return]


def text_from_plain(data: Any) -> str:
    """A text from its plain form; :class:`InvalidSave` for anything else."""
    if not isinstance(data, str):
        raise _refuse(data, "a text")
    return data


def list_from_plain(data: Any) -> list[Any]:
    """A JSON list as it is; :class:`InvalidSave` for anything else."""
    if not isinstance(data, list):
        raise _refuse(data, "a list")
    return data


def _tuple(args: tuple[Any, ...]) -> Callable[[Any], Any]:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        return lambda data: tuple(item(v) for v in list_from_plain(data))
    items = tuple(_decoder(a) for a in args)

    def decode(data: Any) -> Any:
        if len(list_from_plain(data)) != len(items):
            raise _refuse(data, f"a list of {len(items)} items")
        return tuple(d(v) for d, v in zip(items, data, strict=True))

    return decode


def _dict(args: tuple[Any, ...]) -> Callable[[Any], Any]:
    key, value = _decoder(args[0]), _decoder(args[1])

    def decode(data: Any) -> Any:
        pairs = data.items() if isinstance(data, dict) else list_from_plain(data)
        return {key(k): value(v) for k, v in pairs}

    return decode


def _union(args: tuple[Any, ...]) -> Callable[[Any], Any]:
    """Records are told apart by their ``kind``; other options are tried in turn."""
    by_kind = {_kind(a): _decoder(a) for a in args if isinstance(a, type) and _kind(a) is not None}
    others = tuple(_decoder(a) for a in args if not (isinstance(a, type) and _kind(a) is not None))

    def decode(data: Any) -> Any:
        if isinstance(data, dict) and by_kind:
            kind = data.get("kind")
            if kind in by_kind:
                return by_kind[kind](data)
        for option in others:
            try:
                return option(data)
            except (InvalidSave, TypeError, ValueError):
                continue
        raise _refuse(data, " or ".join(map(str, args)))

    return decode


def _record(cls: type) -> Callable[[Any], Any]:
    fields = tuple((name, _decoder(hint)) for name, hint in _hints(cls))
    kind = _kind(cls)
    known = {name for name, _ in fields} | ({"kind"} if kind is not None else set())

    def decode(data: Any) -> Any:
        if not isinstance(data, dict) or not data.keys() <= known or (kind is not None and data["kind"] != kind):
            raise _refuse(data, f"a {cls.__name__} object")
        try:
            return cls(**{name: decode_field(data[name]) for name, decode_field in fields})
        except KeyError as missing:
            raise InvalidSave(f"a {cls.__name__} lacks the field {missing}") from None

    return decode


_CELLS = _decoder(tuple[tuple[int, int], ...])


class Wire:
    """A frozen dataclass with an exact JSON form: ``Type.from_dict(json.loads(json.dumps(v.to_dict()))) == v``."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The value as plain JSON data, every field included (see :mod:`isle_nb.model.core.wire`)."""
        return {name: to_plain(getattr(self, name)) for name, _ in _hints(type(self))}

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """The value :meth:`to_dict` wrote; :class:`~isle_nb.model.core.errors.InvalidSave` if the data does not fit."""
        return _decoder(cls)(data)  # type: ignore[no-any-return]


__all__ = ["TextMemo", "Wire", "cells_from_plain", "from_plain", "list_from_plain", "plain_form", "text_from_plain",
           "to_plain", "to_text"]
