"""Typed records from JSON: checking and rebuilding frozen action dataclasses by their declared field types.

Both games' actions are frozen dataclasses with a ``kind`` class attribute. :func:`well_formed` checks a value
against a field's type hint (lists stand for tuples; bools are never numbers); :func:`record_from_dict` rebuilds
an action from its ``to_dict`` form, refusing unknown kinds, unknown or mistyped fields with :class:`InvalidSave`.
"""

from __future__ import annotations

import numbers
import types
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from functools import cache
from typing import Any, ClassVar, Self, TypeVar, Union, get_args, get_origin, get_type_hints

from isle_nb.model.errors import InvalidSave

T = TypeVar("T")


def plain(value: object) -> object:
    """A field value in JSON form: tuples (nested too) become lists."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """The base of every game's actions: a frozen record that names its ``player``, has a ``kind`` and a JSON form.

    Each game's base action class subclasses it and says how to rebuild any of its actions (:meth:`decode`).
    """

    player: str
    kind: ClassVar[str] = "action"

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form: ``{"kind": ..., "player": ..., other fields}`` (tuples as lists)."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            data[f.name] = plain(getattr(self, f.name))
        return data

    @staticmethod
    def decode(data: Any) -> ActionRecord:
        """Rebuild an action of this game from its :meth:`to_dict` form (each game's base class says how)."""
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """Rebuild an action from :meth:`to_dict` output; :class:`InvalidSave` if it is not one of this class."""
        action = cls.decode(data)
        if not isinstance(action, cls):
            raise InvalidSave(f"expected a {cls.kind!r} action, got {action.kind!r}")
        return action


@cache
def field_types(cls: type) -> dict[str, Any]:
    """The declared type of every dataclass field of ``cls``."""
    hints = get_type_hints(cls)
    return {f.name: hints[f.name] for f in fields(cls)}


@cache
def field_checks(cls: type) -> tuple[tuple[str, Callable[[object], bool]], ...]:
    """Each dataclass field of ``cls`` with the :func:`well_formed` check of its declared type, built once."""
    return tuple((name, _checker(hint)) for name, hint in field_types(cls).items())


def well_formed(value: object, hint: Any) -> bool:
    """Whether ``value`` has the declared type ``hint`` (a list may stand for a tuple; bools are no numbers)."""
    return _checker(hint)(value)


@cache
def _checker(hint: Any) -> Callable[[object], bool]:
    """The check of :func:`well_formed` for one type hint, built once (every action applied is checked)."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is type(None):
        return lambda value: value is None
    if hint is bool:
        return lambda value: isinstance(value, bool)
    if hint is int:
        return lambda value: isinstance(value, numbers.Integral) and not isinstance(value, bool)
    if hint is str:
        return lambda value: isinstance(value, str)
    if origin in (Union, types.UnionType):
        options = tuple(_checker(h) for h in args)
        return lambda value: any(check(value) for check in options)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _checker(args[0])
            return lambda value: isinstance(value, (tuple, list)) and all(each(v) for v in value)
        checks = tuple(_checker(h) for h in args)
        return lambda value: (
            isinstance(value, (tuple, list))
            and len(value) == len(checks)
            and all(check(v) for check, v in zip(checks, value, strict=True))
        )
    return lambda value: True


def as_declared(value: object, hint: Any) -> object:
    """``value`` with JSON lists turned into the tuples its type declares (nested too)."""
    if isinstance(value, list) and get_origin(hint) is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(as_declared(v, args[0]) for v in value)
        return tuple(as_declared(v, h) for v, h in zip(value, args, strict=True))
    if get_origin(hint) in (Union, types.UnionType):
        for option in get_args(hint):
            if well_formed(value, option):
                return as_declared(value, option)
    return value


def record_from_dict(raw: Any, types_by_kind: Mapping[str, type[T]], what: str = "action") -> T:
    """Rebuild a record from ``{"kind": ..., field: value, ...}``; :class:`InvalidSave` if anything is off."""
    if not isinstance(raw, dict):
        raise InvalidSave(f"an {what} must be an object, got {raw!r}")
    kind = raw.get("kind")
    cls = types_by_kind.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidSave(f"unknown {what} kind {kind!r}")
    declared = field_types(cls)
    unknown = set(raw) - set(declared) - {"kind"}
    if unknown:
        raise InvalidSave(f"unknown fields {sorted(unknown)} for {what} {kind!r}")
    values: dict[str, Any] = {}
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    for name, hint in declared.items():
        if name not in raw and name in defaults and defaults[name] is None:
            values[name] = None  # an optional field added later (e.g. a rescue's basket): older saves omit it
            continue
        if name not in raw:
            raise InvalidSave(f"{what} {kind!r} lacks the field {name!r}")
        if not well_formed(raw[name], hint):
            raise InvalidSave(f"{what} field {name!r} of {kind!r} has the wrong type: {raw[name]!r}")
        values[name] = as_declared(raw[name], hint)
    return cls(**values)
