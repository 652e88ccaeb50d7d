"""Counting live widgets in tests: what an app keeps alive (each one a comm and a browser model in a kernel).

Only the widgets made after a snapshot count, so a widget of an earlier test that the garbage collector closes
meanwhile changes nothing.
"""

from __future__ import annotations

import gc

from ipywidgets.widgets.widget import _instances

from isle_nb.model.core.shell import GameShell


def snapshot() -> frozenset[str]:
    """The model ids of the widgets alive now."""
    gc.collect()
    return frozenset(_instances)


def made_since(before: frozenset[str]) -> int:
    """How many widgets made after ``before`` are still alive (not closed)."""
    return len(set(_instances) - before)


def live_shells() -> int:
    """The game shells still reachable after a full garbage collection."""
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, GameShell))


__all__ = ["live_shells", "made_since", "snapshot"]
