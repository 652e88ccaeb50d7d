"""The shared drawing vocabulary of ``isle_nb.draw`` and its three renderers: SVG, PNG (Pillow) and ipycanvas.

Every item kind is drawn by all three: the SVG text names it, the PNG has its colour at known pixels, and the
canvas command stream (captured like in ``test_widgets_canvas.py``) draws it. The Pocket Cats board uses the same
items, so the items it needs (polygons, flat-ended polylines, outlines inside a rectangle's edges, plain PNG
glyphs) are checked here too.
"""

from __future__ import annotations

import io
import json
from typing import Any

import numpy as np
from canvas_capture import NAMES
from ipycanvas import Canvas
from PIL import Image

from isle_nb.draw import Circle, Line, Polygon, Polyline, Rect, Scene, Text, to_image, to_png, to_svg
from isle_nb.widgets.canvas import paint, redraw_batch

WHITE = (255, 255, 255)

RED, BLUE, GREEN, INK, PINK, GOLD = "#ff0000", "#0000ff", "#00aa00", "#000000", "#ff00ff", "#ffcc00"
ITEMS = (
    Rect(2, 2, 16, 16, RED),
    Rect(20, 2, 16, 16, None, BLUE, 2, stroke_inside=True),
    Polygon(((2, 22), (18, 22), (10, 38)), GREEN, INK),
    Polyline(((22, 24), (30, 24), (30, 36)), PINK, 4),
    Line(40, 4, 56, 4, INK, 2),
    Circle(48, 30, 6, GOLD, INK),
    Text(48, 14, "Hi", INK, 10, True),
)


def _scene(*layers: tuple[Any, ...]) -> Scene:
    return Scene(60, 40, {f"layer{n}": items for n, items in enumerate(layers)})


def _png(scene: Scene, scale: float = 1.0) -> Image.Image:
    return Image.open(io.BytesIO(to_png(scene, scale))).convert("RGB")


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


# -- SVG --------------------------------------------------------------------------------------------------------
def test_svg_contains_every_item_kind() -> None:
    svg = to_svg(_scene(ITEMS))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"')
    assert '<rect x="2" y="2" width="16" height="16" fill="#ff0000"/>' in svg
    assert '<polygon points="2,22 18,22 10,38" fill="#00aa00" stroke="#000000" stroke-width="1"/>' in svg
    assert '<polyline points="22,24 30,24 30,36" fill="none" stroke="#ff00ff" stroke-width="4"/>' in svg
    assert '<line x1="40" y1="4" x2="56" y2="4" stroke="#000000" stroke-width="2" stroke-linecap="square"/>' in svg
    assert '<circle cx="48" cy="30" r="6" fill="#ffcc00" stroke="#000000"/>' in svg
    assert 'font-weight="bold">Hi</text>' in svg


def test_svg_outline_inside_the_edges_is_inset_by_half_its_width() -> None:
    svg = to_svg(_scene((Rect(20, 2, 16, 16, RED, BLUE, 2, stroke_inside=True),)))
    assert '<rect x="20" y="2" width="16" height="16" fill="#ff0000"/>' in svg  # the fill covers the whole box
    assert '<rect x="21.0" y="3.0" width="14" height="14" fill="none" stroke="#0000ff" stroke-width="2"/>' in svg
    centred = to_svg(_scene((Rect(20, 2, 16, 16, None, BLUE, 2),)))
    assert '<rect x="20" y="2" width="16" height="16" fill="none" stroke="#0000ff" stroke-width="2"/>' in centred


# -- PNG --------------------------------------------------------------------------------------------------------
def test_png_draws_every_item_kind_at_known_pixels() -> None:
    image = _png(_scene(ITEMS))
    assert image.size == (60, 40)
    assert image.getpixel((10, 10)) == _rgb(RED)
    # the outline lies inside the rectangle: 2 pixels wide from its edge inwards
    assert image.getpixel((20, 10)) == image.getpixel((21, 10)) == _rgb(BLUE)
    assert image.getpixel((19, 10)) == image.getpixel((22, 10)) == WHITE
    # the polygon: filled inside, outlined on its edge, nothing outside
    assert image.getpixel((10, 27)) == _rgb(GREEN)
    assert image.getpixel((10, 22)) == _rgb(INK)
    assert image.getpixel((3, 36)) == WHITE
    # the polyline goes through all its points
    assert image.getpixel((26, 24)) == image.getpixel((30, 30)) == _rgb(PINK)
    assert image.getpixel((26, 30)) == WHITE
    assert image.getpixel((48, 4)) == _rgb(INK)
    assert image.getpixel((48, 30)) == _rgb(GOLD)


def test_png_scale_multiplies_the_pixels() -> None:
    image = _png(_scene(ITEMS), scale=2.0)
    assert image.size == (120, 80)
    assert image.getpixel((20, 54)) == _rgb(GREEN)
    assert image.getpixel((52, 48)) == _rgb(PINK)


def test_png_translucent_polygons_are_blended() -> None:
    veil = Polygon(((0, 0), (60, 0), (60, 40), (0, 40)), "rgba(0, 0, 255, 0.5)")
    image = _png(_scene((Rect(0, 0, 60, 40, RED),), (veil,)))
    r, g, b = image.getpixel((30, 20))
    assert abs(r - 127) <= 1 and g == 0 and abs(b - 128) <= 1


def test_png_text_stroke_width_controls_the_faux_bold() -> None:
    def ink(text: Text) -> int:
        image = _png(_scene((text,)), scale=2.0)
        return int((np.asarray(image) != 255).any(axis=2).sum())

    plain = ink(Text(30, 20, "Mouse", INK, 14))
    bold = ink(Text(30, 20, "Mouse", INK, 14, True))  # Pillow's default font has no bold face: an outline fakes it
    plain_bold = ink(Text(30, 20, "Mouse", INK, 14, True, stroke_width=0))
    assert plain_bold == plain < bold
    assert ink(Text(30, 20, "Mouse", INK, 14, True, stroke_width=2)) > bold


def test_to_image_is_the_picture_to_png_saves() -> None:
    scene = _scene(ITEMS)
    image = to_image(scene, 1.5)
    assert image.mode == "RGB" and image.size == (90, 60)
    assert image.tobytes() == _png(scene, 1.5).tobytes()


def test_scene_layers_are_drawn_in_order() -> None:
    scene = _scene((Rect(0, 0, 60, 40, RED),), (Circle(30, 20, 10, BLUE),))
    assert scene.items == (Rect(0, 0, 60, 40, RED), Circle(30, 20, 10, BLUE))
    assert _png(scene).getpixel((30, 20)) == _rgb(BLUE)
    assert scene._repr_svg_() == to_svg(scene)


# -- ipycanvas --------------------------------------------------------------------------------------------------
def _decode(message: tuple[Any, Any]) -> list[tuple[str, list[Any]]]:
    """The commands of one batched canvas message, by name, with their array arguments decoded."""
    _, buffers = message
    commands = json.loads(bytes(buffers[0]))
    offset = 1
    decoded = []
    for command in commands:
        args = command[1] if len(command) > 1 else []
        count = command[2] if len(command) > 2 else 0
        own = buffers[offset : offset + count]
        offset += count

        def value(arg: Any, own: Any = own) -> Any:
            if isinstance(arg, dict) and "idx" in arg:
                data = np.frombuffer(bytes(own[arg["idx"]]), dtype=arg["dtype"])
                return data.reshape(arg["shape"]).tolist()
            return arg

        decoded.append((NAMES.get(command[0], command[0]), [value(a) for a in args]))
    return decoded


def _paint(sent: list[tuple[Any, Any]], items: tuple[Any, ...]) -> list[tuple[str, list[Any]]]:
    canvas = Canvas(width=120, height=80)
    sent.clear()
    with redraw_batch():
        paint(canvas, items, 60, 40, scale=2.0)
    assert len(sent) == 1
    return _decode(sent[0])


def _sets(commands: list[tuple[str, list[Any]]], before: int) -> dict[int, Any]:
    """The style attributes set by the commands before position ``before`` (attribute number -> last value)."""
    values: dict[int, Any] = {}
    for name, args in commands[:before]:
        if name == "set":
            values[args[0]] = args[1]
    return values


def _index(commands: list[tuple[str, list[Any]]], name: str) -> int:
    return [n for n, _ in commands].index(name)


LINE_CAP, LINE_WIDTH, FILL, STROKE = 9, 8, 0, 1  # ipycanvas attribute numbers (see the "set" commands below)


def test_canvas_draws_every_item_kind(sent: list[tuple[Any, Any]]) -> None:
    commands = _paint(sent, ITEMS)
    names = [n for n, _ in commands]
    assert names[0] == "switchCanvas" and ("setTransform", [2.0, 0, 0, 2.0, 0, 0]) in commands
    for expected in ("fillRects", "strokeRects", "fillPolygon", "strokePolygon", "strokeLines",
                     "strokeLineSegments", "fillCircles", "strokeCircles", "fillText"):
        assert expected in names, expected
    assert ("fillText", ["Hi", 48, 14]) in commands
    polygon = commands[_index(commands, "fillPolygon")][1][0]
    assert polygon == [[2, 22], [18, 22], [10, 38]]
    polyline = commands[_index(commands, "strokeLines")][1][0]
    assert polyline == [[22, 24], [30, 24], [30, 36]]


def test_canvas_styles_of_the_new_items(sent: list[tuple[Any, Any]]) -> None:
    commands = _paint(sent, ITEMS)
    polygon = _sets(commands, _index(commands, "strokePolygon"))
    assert polygon[FILL] == GREEN and polygon[STROKE] == INK and polygon[LINE_WIDTH] == 1
    polyline = _sets(commands, _index(commands, "strokeLines"))
    assert polyline[STROKE] == PINK and polyline[LINE_WIDTH] == 4 and polyline[LINE_CAP] == "butt"  # flat ends
    line = _sets(commands, _index(commands, "strokeLineSegments"))
    assert line[LINE_CAP] == "square"  # a Line after a Polyline gets its square ends back


def test_canvas_outline_inside_the_edges_is_inset(sent: list[tuple[Any, Any]]) -> None:
    inside = _paint(sent, (Rect(20, 2, 16, 16, None, BLUE, 2, stroke_inside=True),))
    assert inside[_index(inside, "strokeRects")][1][:4] == [[21.0], [3.0], [14.0], [14.0]]
    centred = _paint(sent, (Rect(20, 2, 16, 16, None, BLUE, 2),))
    assert centred[_index(centred, "strokeRects")][1][:4] == [[20.0], [2.0], [16.0], [16.0]]


def test_canvas_same_styled_polygons_share_their_style_commands(sent: list[tuple[Any, Any]]) -> None:
    stars = tuple(Polygon(((x, 0), (x + 4, 8), (x - 4, 8)), GOLD, INK) for x in (10, 20, 30))
    commands = _paint(sent, stars)
    names = [n for n, _ in commands]
    assert names.count("fillPolygon") == names.count("strokePolygon") == 3
    # fill, stroke, fill, stroke...: each polygon's outline is drawn right after its fill
    drawn = [n for n in names if n.endswith("Polygon")]
    assert drawn == ["fillPolygon", "strokePolygon"] * 3
    assert [args[1] for n, args in commands if n == "set"].count(GOLD) == 1
