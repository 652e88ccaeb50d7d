"""How an app knows what to redraw: the one change-tracking scheme of the widgets.

An app observes a single trait of its seat, ``version`` (it grows after every change of the game). On each change it
takes the seat's view (computed once per change by the seat, like its legal actions) and redraws each part of the
screen (the prompt panel, the tabs, the boat's placing mode, the sister's box) only if what that part shows has
changed. Each part says what it shows as a *key* computed from the view (``Panel.key``); a :class:`Slot` remembers
the key last drawn. When the key changes, a panel of the same kind may show the new moment in place instead of being
rebuilt (``Panel.update``: the next tile to place changes a few words, not a dozen widgets in the browser). The
traits a game shell publishes (``phase``, ``players``...) are for notebooks and scripts; the apps do not read them.

A :class:`Batch` turns a burst of changes (bot moves, an undo, a boat's several layers) into one redraw.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

_NOTHING = object()
"""The key of a slot that has drawn nothing yet: no key equals it."""


class Slot:
    """One part of the screen, rebuilt only when the key of what it shows changes (``None``: every time)."""

    __slots__ = ("key",)

    def __init__(self) -> None:
        self.key: Any = _NOTHING

    def changed(self, key: Hashable | None) -> bool:
        """Whether the part must be rebuilt to show ``key``; remembers ``key`` as drawn if so."""
        if key is not None and key == self.key:
            return False
        self.key = key
        return True

    def forget(self) -> None:
        """Draw the part again next time, whatever its key."""
        self.key = _NOTHING


class Batch:
    """A nestable batch of changes: ``with batch():`` blocks may nest, and when the outermost one ends ``done()``
    runs once. True while a batch is open."""

    __slots__ = ("depth", "done")

    def __init__(self, done: Callable[[], None]) -> None:
        self.depth = 0
        self.done = done

    def __bool__(self) -> bool:
        return self.depth > 0

    @contextmanager
    def __call__(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if not self.depth:
                self.done()


__all__ = ["Batch", "Slot"]
