"""The wire form of records: their JSON text and plain JSON data, written and read by msgspec.

A player view travels to a browser or another kernel, and a record inside it (a pending decision, a log line) with
it. Views are :class:`Wire` records: frozen msgspec Structs that refuse fields they do not declare. msgspec writes
them and reads them back against their declared types, with one encoder for every value and one decoder per type,
each built once.

How each declared type travels: ``None``, ``bool``, ``int``, ``str`` and ``Literal`` values as themselves; tuples
as lists; a ``dict`` as an object; a Struct or a dataclass as an object of its fields, a tagged Struct with its
``kind`` first, so a union of records (the pending decisions) is decoded by kind; a class that said its own form
with :func:`plain_form` in that form (a tile as its id, a boat as its layout and placed tiles: see
:mod:`isle_nb.model.parts.tiles` and :mod:`isle_nb.model.parts.boat`). Data that does not fit the declared type
raises :class:`~isle_nb.model.core.errors.InvalidSave`. Texts are written as UTF-8, not as ``\\u`` escapes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Self

import msgspec

from isle_nb.model.core.errors import InvalidSave, quote

_CODECS: dict[type, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {}
"""The values with a JSON form of their own (by exact type): what each is written as and read back from."""


def plain_form(cls: type, write: Callable[[Any], Any], read: Callable[[Any], Any]) -> None:
    """Say how values of exactly ``cls`` travel: ``write(value)`` gives their plain JSON data and ``read(data)``
    rebuilds the value (raising :class:`~isle_nb.model.core.errors.InvalidSave` for data that is not one). The
    module that defines such a class calls this when it loads (a tile as its id, a boat as its layout and tiles),
    so the core knows no component. ``cls`` must not be a dataclass or a Struct: msgspec writes those itself."""
    _CODECS[cls] = (write, read)


def _enc_hook(value: Any) -> Any:
    codec = _CODECS.get(type(value))
    if codec is None:
        raise NotImplementedError(f"no JSON form for {quote(value)}")
    return codec[0](value)


def _dec_hook(hint: Any, data: Any) -> Any:
    codec = _CODECS.get(hint)
    if codec is None:
        raise NotImplementedError(f"no JSON form for the type {hint!r}")
    return codec[1](data)


_ENCODER = msgspec.json.Encoder(enc_hook=_enc_hook)
_PLAIN = msgspec.json.Decoder()


def to_json(value: Any) -> bytes:
    """``value``'s JSON text, as UTF-8 bytes (compact: no spaces)."""
    return _ENCODER.encode(value)


def to_text(value: Any, memo: TextMemo | None = None) -> str:
    """``value``'s JSON text (:func:`to_json`) as a ``str``; with a ``memo``, the text of a value written before
    while it is the very same object is reused (see :class:`TextMemo`)."""
    if memo is None:
        return _ENCODER.encode(value).decode()
    text = memo.get(value)
    if text is None:
        text = _ENCODER.encode(value).decode()
        memo.put(value, text)
    return text


def to_plain(value: Any) -> Any:
    """``value`` as plain JSON data: dicts, lists (tuples too), texts, numbers, booleans and ``None``: its JSON text
    read back untyped, both ways in C."""
    return _PLAIN.decode(_ENCODER.encode(value))


def _refusal(error: msgspec.MsgspecError) -> InvalidSave:
    """msgspec's refusal in our words, never longer than a short excerpt of the data it names."""
    text = str(error)
    if len(text) > 300:
        text = text[:200] + " ... " + text[-80:]
    return InvalidSave(f"does not fit its type: {text}")


@cache
def _decoder(hint: Any) -> msgspec.json.Decoder[Any]:
    """The decoder of JSON text into values of type ``hint``, built once per type."""
    return msgspec.json.Decoder(hint, dec_hook=_dec_hook)


def from_json(text: str | bytes, hint: Any) -> Any:
    """The value of declared type ``hint`` that :func:`to_json` wrote; :class:`InvalidSave` if the text is not JSON
    or does not fit the type."""
    try:
        return _decoder(hint).decode(text)
    except msgspec.MsgspecError as error:
        raise _refusal(error) from None


def from_plain(data: Any, hint: Any) -> Any:
    """The value of declared type ``hint`` that :func:`to_plain` turned into ``data``; :class:`InvalidSave` if the
    data does not fit the type."""
    try:
        return msgspec.convert(data, hint, dec_hook=_dec_hook)
    except msgspec.MsgspecError as error:
        raise _refusal(error) from None


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a :class:`Wire` record type (or any Struct type), in the order they are written."""
    return cls.__struct_fields__  # type: ignore[attr-defined]


class TextMemo:
    """The JSON text of values already written by :func:`to_text`, by identity, kept from one use to the next.

    Frozen values that did not change between two states are the very same objects, so a hub that writes every
    seat's view after every move writes only the values that changed. Call :meth:`turn` before each use: every
    :data:`USES` uses, what the uses since the turn before did not touch is forgotten, so the memo holds the values
    of a few states. Each entry holds its value, so no other object can take its id while it is remembered."""

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


class Wire(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A frozen record with an exact JSON form: ``Type.from_json(v.to_json()) == v`` and
    ``Type.from_dict(json.loads(json.dumps(v.to_dict()))) == v``. Change one with :func:`msgspec.structs.replace`;
    its fields: :func:`field_names`."""

    def to_dict(self) -> dict[str, Any]:
        """The value as plain JSON data, every field included (see :mod:`isle_nb.model.core.wire`)."""
        return to_plain(self)

    def to_json(self) -> bytes:
        """The value's JSON text, as UTF-8 bytes."""
        return _ENCODER.encode(self)

    @classmethod
    def from_dict(cls, data: Any) -> Self:
        """The value :meth:`to_dict` wrote; :class:`~isle_nb.model.core.errors.InvalidSave` if the data does not fit."""
        return from_plain(data, cls)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """The value :meth:`to_json` wrote; :class:`~isle_nb.model.core.errors.InvalidSave` if the text does not
        fit."""
        return from_json(text, cls)


__all__ = ["TextMemo", "Wire", "field_names", "from_json", "from_plain", "plain_form", "to_json", "to_plain", "to_text"]
