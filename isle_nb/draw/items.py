"""The drawing items a picture is made of, and :class:`Scene`, the picture: named layers of items.

Items are plain frozen values in CSS pixels; the renderers (:mod:`isle_nb.draw.svg`, :mod:`isle_nb.draw.png` and the
ipycanvas painter in ``isle_nb.widgets.canvas``) draw the very same items, so every picture agrees with the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Rect:
    """A filled (and optionally outlined) rectangle."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    stroke_inside: bool = False
    """Draw the outline inside the edges (as Pillow always does) instead of centred on them (SVG, canvas)."""


@dataclass(frozen=True, slots=True)
class Line:
    """A straight line segment."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float = 1.0


@dataclass(frozen=True, slots=True)
class Circle:
    """A filled circle."""

    x: float
    y: float
    r: float
    fill: str
    stroke: str | None = None


@dataclass(frozen=True, slots=True)
class Text:
    """A short label, centred on (x, y)."""

    x: float
    y: float
    text: str
    fill: str = "#222222"
    size: int = 12
    bold: bool = False
    stroke_width: int | None = None
    """PNG only: the glyph outline, in image pixels, that fakes bold type (Pillow's default font has no bold face).
    ``None``: 1 for bold text, 0 otherwise. SVG and canvas use a bold font instead."""


@dataclass(frozen=True, slots=True)
class Polygon:
    """A filled polygon, optionally outlined with a 1-pixel line."""

    points: tuple[tuple[float, float], ...]
    fill: str
    stroke: str | None = None


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open line through several points, with flat ends (a :class:`Line` has square ends)."""

    points: tuple[tuple[float, float], ...]
    stroke: str
    width: float = 1.0


Item = Rect | Line | Circle | Text | Polygon | Polyline
"""Any drawing item."""


@dataclass(frozen=True)
class Scene:
    """A picture: its size in CSS pixels and its items by layer, drawn in layer order."""

    width: int
    height: int
    layers: dict[str, tuple[Item, ...]] = field(default_factory=dict)

    @property
    def items(self) -> tuple[Item, ...]:
        """Every item, layer after layer."""
        return tuple(item for layer in self.layers.values() for item in layer)

    def _repr_svg_(self) -> str:
        from isle_nb.draw.svg import to_svg

        return to_svg(self)


__all__ = ["Circle", "Item", "Line", "Polygon", "Polyline", "Rect", "Scene", "Text"]
