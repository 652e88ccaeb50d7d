"""Rendering a :class:`~isle_nb.draw.items.Scene` as an inline SVG document (for notebooks and HTML widgets)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from isle_nb.draw.items import Circle, Item, Line, Polygon, Polyline, Rect, Scene


def _svg_points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x},{y}" for x, y in points)


def _svg_parts(item: Item) -> tuple[Item, ...]:
    """SVG strokes a rectangle on its edges: an outline inside them becomes the fill and an inset outline."""
    if not (isinstance(item, Rect) and item.stroke and item.stroke_inside):
        return (item,)
    half = item.width / 2
    inset = Rect(item.x + half, item.y + half, item.w - item.width, item.h - item.width, None, item.stroke, item.width)
    return (Rect(item.x, item.y, item.w, item.h, item.fill), inset) if item.fill else (inset,)


def _svg_colour(colour: str) -> str:
    return html.escape(colour)


def to_svg(scene: Scene) -> str:
    """The scene as an inline SVG document."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{scene.width}" height="{scene.height}" '
        f'viewBox="0 0 {scene.width} {scene.height}" font-family="sans-serif">'
    ]
    for item in (part for whole in scene.items for part in _svg_parts(whole)):
        if isinstance(item, Rect):
            fill = _svg_colour(item.fill) if item.fill else "none"
            stroke = f' stroke="{_svg_colour(item.stroke)}" stroke-width="{item.width}"' if item.stroke else ""
            parts.append(f'<rect x="{item.x}" y="{item.y}" width="{item.w}" height="{item.h}" fill="{fill}"{stroke}/>')
        elif isinstance(item, Line):
            parts.append(
                f'<line x1="{item.x1}" y1="{item.y1}" x2="{item.x2}" y2="{item.y2}" '
                f'stroke="{_svg_colour(item.stroke)}" stroke-width="{item.width}" stroke-linecap="square"/>'
            )
        elif isinstance(item, Circle):
            stroke = f' stroke="{_svg_colour(item.stroke)}"' if item.stroke else ""
            parts.append(f'<circle cx="{item.x}" cy="{item.y}" r="{item.r}" fill="{_svg_colour(item.fill)}"{stroke}/>')
        elif isinstance(item, Polygon):
            stroke = f' stroke="{_svg_colour(item.stroke)}" stroke-width="1"' if item.stroke else ""
            parts.append(f'<polygon points="{_svg_points(item.points)}" fill="{_svg_colour(item.fill)}"{stroke}/>')
        elif isinstance(item, Polyline):
            stroke = f'stroke="{_svg_colour(item.stroke)}" stroke-width="{item.width}"'
            parts.append(f'<polyline points="{_svg_points(item.points)}" fill="none" {stroke}/>')
        else:
            weight = ' font-weight="bold"' if item.bold else ""
            parts.append(
                f'<text x="{item.x}" y="{item.y}" font-size="{item.size}" fill="{_svg_colour(item.fill)}" '
                f'text-anchor="middle" dominant-baseline="central"{weight}>{html.escape(item.text)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["to_svg"]
