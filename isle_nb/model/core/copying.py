"""Copying named fields from one record to another: a view or a set of traits takes these values from the state
under the same names, so each place lists the names once instead of writing ``name=state.name`` again and again."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import attrgetter
from typing import Any


class Fields:
    """Some named fields (at least two), read from any record in one go (one ``attrgetter``: games copy fields after
    every action, so this is on the bots' hot path)."""

    __slots__ = ("_get", "names")

    def __init__(self, names: Iterable[str]) -> None:
        self.names = tuple(names)
        if len(self.names) < 2:
            raise ValueError("Fields names at least two fields")
        self._get = attrgetter(*self.names)

    def of(self, source: object) -> dict[str, Any]:
        """``{name: source.name}`` in the order of the names (for ``Record(**fields.of(state))``)."""
        return dict(zip(self.names, self._get(source), strict=True))

    def pairs(self, source: object) -> Iterator[tuple[str, Any]]:
        """``(name, source.name)`` pairs, without building a dict."""
        return zip(self.names, self._get(source), strict=True)


__all__ = ["Fields"]
