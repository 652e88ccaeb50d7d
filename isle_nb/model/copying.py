"""Copying named fields from one record to another: a view or a set of traits takes these values from the state
under the same names, so each place lists the names once instead of writing ``name=state.name`` again and again."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def fields_of(source: object, names: Iterable[str]) -> dict[str, Any]:
    """``{name: source.name}`` for each of ``names``, in that order (for ``Record(**fields_of(state, names))``)."""
    return {name: getattr(source, name) for name in names}


__all__ = ["fields_of"]
