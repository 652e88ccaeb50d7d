"""Rendering a :class:`~isle_nb.draw.items.Scene` with Pillow, as an image or PNG bytes (for notebooks and docs).

Pillow is imported when a picture is drawn, not when this module loads.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from isle_nb.draw.items import Circle, Item, Line, Polygon, Polyline, Rect, Scene

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage


def rgba(colour: str) -> tuple[int, int, int, int]:
    """Parse ``#rgb``, ``#rrggbb`` or ``rgba(r, g, b, a)`` into 0-255 channels."""
    colour = colour.strip()
    if colour.startswith("#"):
        value = colour[1:]
        if len(value) == 3:
            value = "".join(ch * 2 for ch in value)
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16), 255
    if colour.startswith("rgba("):
        r, g, b, a = (part.strip() for part in colour[5:-1].split(","))
        return int(r), int(g), int(b), round(float(a) * 255)
    raise ValueError(f"unsupported colour {colour!r}")


def _colours(item: Item) -> list[str]:
    if isinstance(item, (Rect, Circle, Polygon)):
        return [c for c in (item.fill, item.stroke) if c]
    if isinstance(item, (Line, Polyline)):
        return [item.stroke]
    return [item.fill]


SMALL_TYPE = 14
"""Below this size in image pixels, Pillow's default font draws a space 2 pixels wide and words run together
("catson the edge"): small text is drawn word by word with a wider gap (:func:`_spaced`)."""


def _spaced(text: str, font: Any, size: int) -> list[tuple[float, str]]:
    """How to draw ``text`` centred on x = 0: the text itself (anchored at its middle), or, for small type with
    spaces, each word and where its left end goes (anchored at its left middle), a gap of 0.3 em between words."""
    words = text.split(" ")
    if size >= SMALL_TYPE or len(words) < 2:
        return [(0.0, text)]
    gap = max(font.getlength(" "), 0.3 * size)
    widths = [font.getlength(w) for w in words]
    x = -(sum(widths) + gap * (len(words) - 1)) / 2
    placed = []
    for word, width in zip(words, widths, strict=True):
        placed.append((x, word))
        x += width + gap
    return placed


def to_png(scene: Scene, scale: float = 2.0) -> bytes:
    """The scene as PNG bytes, drawn with Pillow at ``scale`` x its CSS size."""
    buffer = io.BytesIO()
    to_image(scene, scale).save(buffer, format="PNG")
    return buffer.getvalue()


def to_image(scene: Scene, scale: float = 2.0) -> PILImage:
    """The scene drawn with Pillow at ``scale`` x its CSS size, as an RGB ``PIL.Image.Image`` (see :func:`to_png`)."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGBA", (round(scene.width * scale), round(scene.height * scale)), (255, 255, 255, 255))
    fonts: dict[int, ImageFont.FreeTypeFont | ImageFont.ImageFont] = {}
    direct = ImageDraw.Draw(image)
    for item in scene.items:
        translucent = any(rgba(c)[3] < 255 for c in _colours(item))
        layer = Image.new("RGBA", image.size, (0, 0, 0, 0)) if translucent else image
        draw = ImageDraw.Draw(layer) if translucent else direct
        if isinstance(item, Rect):
            box = [item.x * scale, item.y * scale, (item.x + item.w) * scale - 1, (item.y + item.h) * scale - 1]
            draw.rectangle(
                box,
                fill=rgba(item.fill) if item.fill else None,
                outline=rgba(item.stroke) if item.stroke else None,
                width=max(1, round(item.width * scale)) if item.stroke else 0,
            )
        elif isinstance(item, Line):
            draw.line(
                [item.x1 * scale, item.y1 * scale, item.x2 * scale, item.y2 * scale],
                fill=rgba(item.stroke),
                width=max(1, round(item.width * scale)),
            )
        elif isinstance(item, Circle):
            r = item.r * scale
            draw.ellipse(
                [item.x * scale - r, item.y * scale - r, item.x * scale + r, item.y * scale + r],
                fill=rgba(item.fill),
                outline=rgba(item.stroke) if item.stroke else None,
            )
        elif isinstance(item, Polygon):
            draw.polygon(
                [(x * scale, y * scale) for x, y in item.points],
                fill=rgba(item.fill),
                outline=rgba(item.stroke) if item.stroke else None,
            )
        elif isinstance(item, Polyline):
            draw.line(
                [(x * scale, y * scale) for x, y in item.points],
                fill=rgba(item.stroke),
                width=max(1, round(item.width * scale)),
            )
        else:
            font_size = max(6, round(item.size * scale))
            if font_size not in fonts:
                fonts[font_size] = ImageFont.load_default(font_size)
            stroke = (1 if item.bold else 0) if item.stroke_width is None else item.stroke_width
            font = fonts[font_size]
            pieces = _spaced(item.text, font, font_size)
            for x, piece in pieces:
                draw.text(
                    (item.x * scale + x, item.y * scale),
                    piece,
                    fill=rgba(item.fill),
                    font=font,
                    anchor="mm" if len(pieces) == 1 else "lm",
                    stroke_width=stroke,
                    stroke_fill=rgba(item.fill),
                )
        if translucent:
            image = Image.alpha_composite(image, layer)
            direct = ImageDraw.Draw(image)
    return image.convert("RGB")


def side_by_side(scenes: Sequence[Scene], scale: float = 1.0, gap: int = 12) -> bytes:
    """Several scenes drawn in a row on white, ``gap`` image pixels apart, as one PNG (the tallest sets the height
    of the strip: the first scene's)."""
    from PIL import Image

    images = [to_image(scene, scale) for scene in scenes]
    strip = Image.new("RGB", (sum(i.width for i in images) + gap * (len(images) - 1), images[0].height), "white")
    x = 0
    for image in images:
        strip.paste(image, (x, 0))
        x += image.width + gap
    buffer = io.BytesIO()
    strip.save(buffer, format="PNG")
    return buffer.getvalue()


__all__ = ["rgba", "side_by_side", "to_image", "to_png"]
