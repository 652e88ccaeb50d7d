"""Scenes as a PDF to print: each page a scene drawn as vector shapes and text on A4 or Letter paper, with lines of
text under it (matplotlib's PDF backend draws them; no picture is embedded, so the print is sharp at any size).

The items are drawn as the SVG renderer draws them: rectangles, lines, circles, polygons and polylines with their
fill and outline, and texts centred on their point.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Sequence
from functools import cache
from typing import Any

from isle_nb.draw.items import Circle, Item, Line, Polygon, Polyline, Rect, Scene
from isle_nb.draw.png import rgba

PAPERS = {"A4": (841.89, 595.28), "Letter": (792.0, 612.0)}
"""The papers a PDF may be printed on, landscape, in points (1/72 inch)."""
MARGIN = 36.0
"""The margin around a page's content, in points."""
TEXT_FIT = 0.92
"""The PDF's font is a little wider than the pictures' fonts: texts are drawn this much smaller to fit their boxes."""
NOTE_SIZE = 7.0
"""The size of the lines of text under the picture, in points."""


def _colour(colour: str | None) -> Any:
    """A colour for matplotlib (``"none"`` for none)."""
    if colour is None:
        return "none"
    r, g, b, a = rgba(colour)
    return (r / 255, g / 255, b / 255, a / 255)


def _patch(item: Rect | Circle | Polygon, scale: float) -> Any:
    """A rectangle, circle or polygon as a matplotlib patch (units: the scene's CSS pixels)."""
    from matplotlib import patches

    colours = {"facecolor": _colour(item.fill), "edgecolor": _colour(item.stroke)}
    if isinstance(item, Rect):
        return patches.Rectangle((item.x, item.y), item.w, item.h, linewidth=item.width * scale, **colours)
    if isinstance(item, Circle):
        return patches.Circle((item.x, item.y), item.r, linewidth=scale, **colours)
    return patches.Polygon(item.points, closed=True, linewidth=scale, **colours)


@cache
def _font(size: float, bold: bool) -> Any:
    """The font of a text (one object per size and weight: making one is slow)."""
    from matplotlib.font_manager import FontProperties

    return FontProperties(family="DejaVu Sans", size=size, weight="bold" if bold else "normal")


def _segments(item: Line | Polyline) -> list[tuple[float, float]]:
    return [(item.x1, item.y1), (item.x2, item.y2)] if isinstance(item, Line) else list(item.points)


def _draw(axes: Any, items: Sequence[Item], scale: float) -> None:
    """The items on the page's axes (whose units are the scene's CSS pixels, y down), in their order: each run of
    shapes, or of lines, is one collection (quick to draw), each text on its own."""
    from matplotlib.collections import LineCollection, PatchCollection

    def kind(item: Item) -> str:
        return "shape" if isinstance(item, (Rect, Circle, Polygon)) else (
            "line" if isinstance(item, (Line, Polyline)) else "text")

    order = 0
    run: list[Item] = []
    for n, item in enumerate(items):
        run.append(item)
        if n + 1 < len(items) and kind(items[n + 1]) == kind(item) != "text":
            continue
        order += 1
        if kind(item) == "shape":
            axes.add_collection(PatchCollection([_patch(i, scale) for i in run], match_original=True,  # type: ignore[arg-type]
                                                zorder=order), autolim=False)
        elif kind(item) == "line":
            axes.add_collection(LineCollection([_segments(i) for i in run],  # type: ignore[arg-type]
                                               colors=[_colour(i.stroke) for i in run],  # type: ignore[union-attr]
                                               linewidths=[i.width * scale for i in run],  # type: ignore[union-attr]
                                               capstyle="projecting", zorder=order), autolim=False)
        else:
            text = item
            assert not isinstance(text, (Rect, Circle, Polygon, Line, Polyline))
            axes.text(text.x, text.y, text.text, color=_colour(text.fill), ha="center", va="center_baseline",
                      fontproperties=_font(round(text.size * scale * TEXT_FIT, 1), text.bold), zorder=order)
        run = []


def _notes(figure: Any, lines: Sequence[str], top: float, width: float, height: float) -> None:
    """The lines of text under the picture, in two columns from ``top`` (points from the page's top)."""
    if not lines:
        return
    column_width = (width - 2 * MARGIN - 12) / 2
    per_line = max(20, int(column_width / (NOTE_SIZE * 0.5)))
    wrapped = [piece for line in lines for piece in textwrap.wrap(line, per_line, subsequent_indent="    ")]
    rows = (len(wrapped) + 1) // 2
    step = min(NOTE_SIZE * 1.3, (height - top - MARGIN) / max(rows, 1))
    for n, piece in enumerate(wrapped):
        column, row = divmod(n, rows)
        x = MARGIN + column * (column_width + 12)
        y = top + row * step
        figure.text(x / width, 1 - y / height, piece, fontproperties=_font(round(min(NOTE_SIZE, step / 1.3), 1),
                                                                           False), ha="left", va="top", color="#222222")


def to_pdf(pages: Sequence[tuple[Scene, Sequence[str]]], paper: str = "A4") -> bytes:
    """``pages`` (each a scene and the lines of text printed under it) as a PDF on ``paper`` (``"A4"`` or
    ``"Letter"``, landscape): the scene as vector drawing, as wide as the page allows within its margins."""
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}: choose one of {', '.join(PAPERS)}")
    width, height = PAPERS[paper]
    out = io.BytesIO()
    with PdfPages(out, metadata={"Creator": "isle_nb"}) as pdf:
        for scene, lines in pages:
            figure = Figure(figsize=(width / 72, height / 72))
            scale = min((width - 2 * MARGIN) / scene.width, (height - 2 * MARGIN) * 0.7 / scene.height)
            shown_w, shown_h = scene.width * scale, scene.height * scale
            axes = figure.add_axes((MARGIN / width, 1 - (MARGIN + shown_h) / height, shown_w / width,
                                    shown_h / height))
            axes.set_xlim(0, scene.width)
            axes.set_ylim(scene.height, 0)
            axes.set_axis_off()
            _draw(axes, scene.items, scale)
            _notes(figure, lines, MARGIN + shown_h + 14, width, height)
            pdf.savefig(figure)
    return out.getvalue()


__all__ = ["PAPERS", "to_pdf"]
