"""Closing what a screen no longer shows: a widget that is replaced is closed, with every widget it is made of.

In a kernel each ipywidget is also a comm and a model in the browser, and ipywidgets keeps every widget alive until
it is closed (``ipywidgets.Widget.widgets``); a Box's ``close()`` closes the box only, not its children, its layout
or its style. So an app that rebuilds a panel, a row of buttons or a whole game without closing the old ones grows
by dozens of widgets a move (issue #19 §5). Here is the one way the apps drop widgets: :func:`close_tree` closes a
widget and its parts, :func:`replace_children` shows new children in a box and closes the old ones it no longer
shows, and :func:`close_dropped` closes what a dictionary of reusable parts lets go.

A widget's parts are what it shows (``children``, a multi-canvas' canvases) and what it is drawn with (``layout``,
``style``). A composite widget that keeps parts it does not always show (a confirm button's "Yes") lists them in
``closes_with`` (a tuple of attribute names), so they are closed with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import ipywidgets as widgets

PART_TRAITS = ("children", "_canvases", "layout", "style")
"""The traits that hold a widget's own parts. Not ``_canvas_manager``: ipycanvas shares one among all canvases."""


def parts(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """The widgets ``widget`` is made of: its children and canvases, its layout and style, and the attributes it
    names in ``closes_with``."""
    names = (*PART_TRAITS, *getattr(widget, "closes_with", ()))
    for name in names:
        value = getattr(widget, name, None)
        if isinstance(value, widgets.Widget):
            yield value
        elif isinstance(value, list | tuple):
            yield from (v for v in value if isinstance(v, widgets.Widget))
        elif isinstance(value, Mapping):
            yield from (v for v in value.values() if isinstance(v, widgets.Widget))


def tree(*roots: widgets.Widget) -> set[int]:
    """The ids of ``roots`` and of every widget they are made of, however deep."""
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        stack.extend(parts(widget))
    return seen


def close_tree(*roots: widgets.Widget, keep: Iterable[widgets.Widget] = ()) -> int:
    """Close ``roots`` and every widget they are made of, except ``keep`` and what ``keep`` is made of (still
    shown elsewhere). Returns how many widgets were closed."""
    if not roots:  # nothing to close: do not walk what is kept (the island keeps every field cat's box)
        return 0
    kept = tree(*keep)
    closed = 0
    stack = list(roots)
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen or id(widget) in kept:
            continue
        seen.add(id(widget))
        stack.extend(parts(widget))
        if widget.comm is not None:
            widget.close()
            closed += 1
    return closed


def replace_children(box: widgets.Box, children: Iterable[widgets.Widget],
                     keep: Iterable[widgets.Widget | None] = ()) -> None:
    """Show ``children`` in ``box`` and close the children it showed before and shows no more, except ``keep``
    (widgets the app shows again later, e.g. the end screen behind the Games dialog)."""
    new = tuple(children)
    old = tuple(box.children)
    if old == new:
        return
    box.children = new
    kept = (*new, *(w for w in keep if w is not None))
    close_tree(*(c for c in old if not any(c is k for k in kept)), keep=kept)


def close_dropped(before: Mapping[Any, widgets.Widget], after: Mapping[Any, widgets.Widget]) -> None:
    """Close the widgets of ``before`` that ``after`` no longer holds (reusable parts kept by key)."""
    kept = list(after.values())
    close_tree(*(w for k, w in before.items() if after.get(k) is not w), keep=kept)


class ClosesParts:
    """A mixin for a composite widget: its ``close()`` closes every widget it is made of, then itself."""

    def close(self) -> None:
        """Close this widget and its parts (see :func:`parts`)."""
        close_tree(*parts(self))
        super().close()  # type: ignore[misc]  # the mixin's super() is the widget, which the checker cannot know


__all__ = ["ClosesParts", "close_dropped", "close_tree", "parts", "replace_children", "tree"]
