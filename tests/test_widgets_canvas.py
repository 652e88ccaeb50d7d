"""The canvas drawing layer: one message per redraw, the ipycanvas#322 workaround, vectorised scene painting."""

from __future__ import annotations

from canvas_capture import decode
from ipycanvas import Canvas, MultiCanvas
from ipycanvas.canvas import _CANVAS_MANAGER

from isle_nb.draw import Circle, Line, Rect, Text
from isle_nb.model.parts.boat import Boat
from isle_nb.view import boat_static_items
from isle_nb.widgets.canvas import paint, pin_size, redraw_batch


def test_the_private_attribute_of_the_322_workaround_still_exists():
    # ipycanvas#322: the widgets reset _CANVAS_MANAGER._current_canvas before every redraw. If an ipycanvas
    # upgrade renames it, the workaround silently stops working, so this test must fail first.
    assert hasattr(_CANVAS_MANAGER, "_current_canvas")
    assert hasattr(_CANVAS_MANAGER, "_caching")


def test_redraw_batch_is_one_message_that_starts_with_switch_canvas(sent):
    canvas = Canvas(width=10, height=10)
    canvas.fill_rect(0, 0, 1, 1)  # the manager now believes this canvas is current
    sent.clear()
    with redraw_batch():
        canvas.fill_rect(1, 1, 2, 2)
        canvas.fill_rect(2, 2, 3, 3)
    assert len(sent) == 1
    commands = decode(sent[0])
    assert commands[0][0] == "switchCanvas"  # sent again although Python thought it was current (#322)
    assert [name for name, _ in commands[1:]] == ["fillRect", "fillRect"]


def test_pin_size_gives_twice_the_pixels_at_a_fixed_css_size():
    canvas = MultiCanvas(3)
    pin_size(canvas, 300, 100, 2.0)
    assert (canvas.width, canvas.height) == (600, 200)
    assert (canvas.layout.width, canvas.layout.height) == ("300px", "100px")


def test_paint_groups_runs_of_the_same_style_into_vectorised_commands(sent):
    canvas = Canvas(width=200, height=200)
    items = [Rect(i * 10, 0, 10, 10, "#ff0000") for i in range(5)]
    items += [Line(0, 0, 10, 10, "#000000", 2.0), Line(0, 10, 10, 0, "#000000", 2.0)]
    items += [Circle(5, 5, 2, "#00ff00"), Text(50, 50, "R", "#111111", 12, True)]
    sent.clear()
    with redraw_batch():
        paint(canvas, items, 100, 100, scale=2.0)
    assert len(sent) == 1
    commands = decode(sent[0])
    names = [name for name, _ in commands]
    assert names.count("fillRects") == 1 and "fillRect" not in names
    assert names.count("strokeLineSegments") == 1
    assert names.count("fillCircles") == 1
    assert ("fillText", ["R", 50, 50]) in commands
    assert ("setTransform", [2.0, 0, 0, 2.0, 0, 0]) in commands
    assert names.index("clearRect") < names.index("fillRects")


def test_the_static_boat_is_one_small_message(sent):
    canvas = Canvas(width=1200, height=600)
    sent.clear()
    with redraw_batch():
        paint(canvas, boat_static_items(Boat("A"), 26), 600, 300)
    assert len(sent) == 1
    size = sum(len(bytes(b)) for b in sent[0][1])
    assert size < 40_000
