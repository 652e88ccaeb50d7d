"""Drawing :mod:`isle_nb.draw` items on ipycanvas canvases: one batched message per redraw.

Every redraw in the widgets goes through :func:`redraw_batch`, the single place that applies the workaround for
ipycanvas#322 (a canvas stays blank in Voila or after a page reload because the browser's canvas manager has lost
its "current canvas" while Python still thinks it is set). :func:`paint` draws a list of scene items on one layer
with vectorised calls (runs of same-styled rectangles, lines and circles become one command each), at ``scale``
times the CSS size so the picture stays crisp on HiDPI screens. Both the boat widgets and the Pocket Cats board
draw through :func:`paint`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

import numpy as np
from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER

from isle_nb.draw import Circle, Item, Line, Polygon, Polyline, Rect, Text

FONT_FAMILY = "sans-serif"


@contextmanager
def redraw_batch() -> Iterator[None]:
    """Batch all drawing inside into one message, forcing a fresh ``switchCanvas`` first (ipycanvas#322).

    The workaround touches the private ``_CANVAS_MANAGER._current_canvas``; ``tests/test_widgets_canvas.py``
    checks that the attribute still exists, and ``pyproject.toml`` caps ipycanvas at the minor version. It is
    reset after the batch too: the manager is shared by every canvas, and the last one it drew on would keep its
    widget (a replaced app's boat, its app and its game) alive until another canvas is drawn (issue #32 §2).
    """
    _CANVAS_MANAGER._current_canvas = None
    try:
        with hold_canvas():
            yield
    finally:
        _CANVAS_MANAGER._current_canvas = None


def pin_size(canvas: Any, width: int, height: int, scale: float) -> None:
    """Give a canvas ``scale`` x more pixels than its fixed CSS size (crisp on HiDPI, never stretched)."""
    canvas.width = round(width * scale)
    canvas.height = round(height * scale)
    canvas.layout.width = f"{width}px"
    canvas.layout.height = f"{height}px"
    canvas.layout.min_width = f"{width}px"
    canvas.layout.flex = "0 0 auto"


class _Style:
    """Sets canvas style attributes only when they change (each change is a command on the wire)."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.current: dict[str, object] = {}

    def __call__(self, **values: object) -> None:
        for name, value in values.items():
            if self.current.get(name) != value:
                setattr(self.canvas, name, value)
                self.current[name] = value


def _style_key(item: Item) -> tuple[object, ...]:
    if isinstance(item, Rect):
        return ("rect", item.fill, item.stroke, item.width, item.stroke_inside)
    if isinstance(item, Line):
        return ("line", item.stroke, item.width)
    if isinstance(item, Circle):
        return ("circle", item.fill, item.stroke)
    if isinstance(item, Polygon):
        return ("polygon", item.fill, item.stroke)
    if isinstance(item, Polyline):
        return ("polyline", item.stroke, item.width)
    return ("text", id(item))


def _runs(items: Sequence[Item]) -> Iterator[list[Item]]:
    """Consecutive items with the same style (drawing order is kept)."""
    run: list[Item] = []
    key: tuple[object, ...] | None = None
    for item in items:
        k = _style_key(item)
        if run and k != key:
            yield run
            run = []
        run.append(item)
        key = k
    if run:
        yield run


def _array(values: list[float]) -> np.ndarray:
    return np.asarray(values, dtype=np.float32)


def _paint_run(canvas: Canvas, style: _Style, run: list[Item]) -> None:
    first = run[0]
    if isinstance(first, Rect):
        rects = cast("list[Rect]", run)  # a run is of one item type (the first one's)
        xs, ys = _array([r.x for r in rects]), _array([r.y for r in rects])
        ws, hs = _array([r.w for r in rects]), _array([r.h for r in rects])
        if first.fill:
            style(fill_style=first.fill)
            canvas.fill_rects(xs, ys, ws, hs)
        if first.stroke:
            style(stroke_style=first.stroke, line_width=first.width)
            if first.stroke_inside:  # keep the outline inside the edges, as Pillow draws it
                half = first.width / 2
                xs, ys, ws, hs = xs + half, ys + half, ws - first.width, hs - first.width
            canvas.stroke_rects(xs, ys, ws, hs)
    elif isinstance(first, Line):
        lines = cast("list[Line]", run)  # a run is of one item type (the first one's)
        style(stroke_style=first.stroke, line_width=first.width, line_cap="square")
        points = np.asarray([[[ln.x1, ln.y1], [ln.x2, ln.y2]] for ln in lines], dtype=np.float32)
        canvas.stroke_line_segments(points)
    elif isinstance(first, Circle):
        circles = cast("list[Circle]", run)  # a run is of one item type (the first one's)
        xs, ys = _array([c.x for c in circles]), _array([c.y for c in circles])
        rs = _array([c.r for c in circles])
        style(fill_style=first.fill)
        canvas.fill_circles(xs, ys, rs)
        if first.stroke:
            style(stroke_style=first.stroke, line_width=1.0)
            canvas.stroke_circles(xs, ys, rs)
    elif isinstance(first, Polygon):
        polygons = cast("list[Polygon]", run)  # a run is of one item type (the first one's)
        style(fill_style=first.fill)
        if first.stroke:
            style(stroke_style=first.stroke, line_width=1.0)
        for polygon in polygons:
            canvas.fill_polygon(list(polygon.points))
            if first.stroke:
                canvas.stroke_polygon(list(polygon.points))
    elif isinstance(first, Polyline):
        polylines = cast("list[Polyline]", run)  # a run is of one item type (the first one's)
        style(stroke_style=first.stroke, line_width=first.width, line_cap="butt")  # flat ends
        for polyline in polylines:
            canvas.stroke_lines(list(polyline.points))
    else:
        text: Text = first
        style(fill_style=text.fill, font=f"{'bold ' if text.bold else ''}{text.size}px {FONT_FAMILY}")
        canvas.fill_text(text.text, text.x, text.y)


def paint(canvas: Canvas, items: Sequence[Item], width: float, height: float, scale: float = 2.0,
          clear: bool = True) -> None:
    """Clear one layer (unless ``clear`` is false: draw over it) and draw ``items`` (CSS-pixel coordinates) on it
    at ``scale``.

    Call it inside :func:`redraw_batch` so a whole redraw is one message.
    """
    canvas.set_transform(scale, 0, 0, scale, 0, 0)
    if clear:
        canvas.clear_rect(0, 0, width, height)
    style = _Style(canvas)
    style(text_align="center", text_baseline="middle", line_cap="square")
    for run in _runs(items):
        _paint_run(canvas, style, run)


__all__ = ["paint", "pin_size", "redraw_batch"]
