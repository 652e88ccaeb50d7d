"""Exceptions raised by the rules model.

Every refusal of the rules is an :class:`IllegalAction` (a ``ValueError``) whose message starts with the
rule ID from ``rules.md`` that was broken, e.g. ``"PLACE-3: the tile must touch a tile already on the boat"``.
When one is raised, nothing has changed.
"""

from __future__ import annotations

import reprlib


class IllegalAction(ValueError):
    """An action or move that the rules do not allow. ``rule`` is the rule ID it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}")


class IllegalPlacement(IllegalAction):
    """A tile placement that breaks a PLACE rule (off the boat, overlapping, not touching, wrong shape)."""


class UnknownComponent(ValueError):
    """A colour, shape, tile, card or boat name that does not exist in the game."""


class InvalidArgument(ValueError):
    """An argument of the public API that is not what it must be (a boat that is no ``Boat``, a negative count);
    the message says what was expected."""


class InvalidSave(ValueError):
    """A saved game that is malformed or inconsistent; nothing was loaded."""


class OutdatedSave(InvalidSave):
    """A game saved by an older version of its game that this version cannot continue (its cards have changed
    since, so its moves would replay on other cards); nothing was loaded."""


class MalformedAction(IllegalAction):
    """An action whose fields do not have the declared types, ranges or known ids, or that fills a field it does
    not use; ``field`` names the field (``None`` when the value is no action at all). Raised before any rule runs."""

    def __init__(self, rule: str, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(rule, message)


QUOTE_LIMIT = 40
"""At most this many characters of a value are quoted in a message (see :func:`quote`)."""


class _ShortRepr(reprlib.Repr):
    """``reprlib`` limits for messages: short strings and containers, and no digits of a huge integer."""

    def __init__(self) -> None:
        super().__init__()
        self.maxstring = self.maxother = QUOTE_LIMIT
        self.maxlevel, self.maxtuple, self.maxlist, self.maxdict, self.maxset = 2, 4, 4, 3, 4
        self.maxfrozenset = self.maxdeque = self.maxarray = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 64:
            return f"<a {x.bit_length()}-bit integer>"
        return repr(x)

    def repr_str(self, x: str, level: int) -> str:
        if len(x) <= QUOTE_LIMIT:
            return repr(x)
        return repr(x[:QUOTE_LIMIT]) + f"... ({len(x)} characters)"

    def repr_instance(self, x: object, level: int) -> str:
        try:
            text = object.__repr__(x) if type(x).__repr__ is object.__repr__ else repr(x)
        except Exception:  # a value whose repr fails is still quoted by its type
            return f"<{type(x).__name__}>"
        return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


_SHORT = _ShortRepr()


def quote(value: object) -> str:
    """A short, escaped excerpt of ``value`` for a message: at most about :data:`QUOTE_LIMIT` characters of a
    string (with its length), a few items of a container, the size of a huge integer. Hostile values (a 50 MB
    string, ``10**5000``) never make a long message or a slow one."""
    return _SHORT.repr(value)
