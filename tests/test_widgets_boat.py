"""BoatWidget driven from Python: layers, one message per redraw, placing by mouse, the browser ghost's data."""

from __future__ import annotations

import json
from typing import Any

import pytest
from canvas_capture import decode
from ipycanvas.canvas import _CANVAS_MANAGER

from isle_nb.model.boat import Boat
from isle_nb.model.errors import IllegalPlacement
from isle_nb.model.tiles import COLOUR_HEX, Tile
from isle_nb.view import GHOST_BAD, GHOST_OK, HIGHLIGHT, cell_origin
from isle_nb.widgets import BoatWidget
from isle_nb.widgets.boat import LAYERS

CELL = 26






def layers_drawn(widget: BoatWidget, message: tuple[Any, Any]) -> list[str]:
    """Which layers a message draws on (in order)."""
    ids = {f"IPY_MODEL_{widget.canvas[i].model_id}": name for i, name in enumerate(LAYERS)}
    return [ids[args[0]] for name, args in decode(message) if name == "switchCanvas"]


def colours_set(message: tuple[Any, Any]) -> set[str]:
    return {args[1] for name, args in decode(message) if name == "set" and args[0] in (0, 1)}


def message_bytes(message: tuple[Any, Any]) -> int:
    return len(json.dumps(message[0])) + sum(len(bytes(b)) for b in message[1])


def test_a_new_widget_draws_the_boat_and_its_tiles_in_one_message(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    assert len(sent) == 1
    assert layers_drawn(widget, sent[0]) == ["boat", "tiles"]  # the overlay starts empty
    assert widget.canvas.layout.width == f"{widget.width}px"
    assert widget.canvas.width == 2 * widget.width  # drawn at 2x for HiDPI


def test_client_ready_redraws_everything_after_resetting_the_current_canvas(sent):
    widget = BoatWidget(Boat("B"), cell=CELL)
    sent.clear()
    _CANVAS_MANAGER._current_canvas = widget.canvas[2]  # what Python believes after the last redraw
    widget.canvas[2]._handle_frontend_event(widget.canvas[2], {"event": "client_ready"}, [])  # a view connects
    assert len(sent) == 1
    assert layers_drawn(widget, sent[0]) == ["boat", "tiles", "overlay"]
    assert decode(sent[0])[0][0] == "switchCanvas"


def test_the_rooms_toggle_redraws_only_the_printed_boat(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    sent.clear()
    widget.rooms_toggle.value = False
    assert not widget.show_rooms
    assert len(sent) == 1 and layers_drawn(widget, sent[0]) == ["boat"]


def test_placing_with_the_browser_ghost_sends_no_canvas_message_per_hover(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    tile = Tile.cat("blue", 409)
    widget.start_placing(tile)
    ghost = widget.ghost_view
    assert ghost is not None and ghost.active
    legal = {p.cells for p in Boat("A").legal_placements(tile)}
    assert sum(len(t) for t in ghost.targets) == len(legal)  # one legal spot per legal placement
    sent.clear()
    for cell in [(3, 4), (4, 4), (10, 2), (30, 30)]:
        widget.hover_cell(*cell)
    assert sent == []
    assert widget.ghost() is not None


def test_the_ipycanvas_ghost_is_one_small_overlay_message_per_hover(sent):
    widget = BoatWidget(Boat("A"), cell=CELL, browser_ghost=False)
    tile = Tile.cat("blue", 409)
    widget.start_placing(tile)
    legal = {p.cells for p in Boat("A").legal_placements(tile)}
    sent.clear()
    widget.hover_cell(10, 4)
    cells, ok = widget.ghost()
    assert ok == (cells in legal)
    assert len(sent) == 1
    assert layers_drawn(widget, sent[0]) == ["overlay"]
    assert (GHOST_OK if ok else GHOST_BAD) in colours_set(sent[0])
    assert message_bytes(sent[0]) <= 2048
    sent.clear()
    widget.hover_cell(10, 4)  # same cell: nothing to redraw
    assert sent == []
    widget.leave()
    assert len(sent) == 1 and layers_drawn(widget, sent[0]) == ["overlay"]


def test_mouse_events_map_canvas_pixels_to_cells(sent):
    widget = BoatWidget(Boat("A"), cell=CELL, browser_ghost=False)
    widget.start_placing(Tile.cat("red", 400))
    top = widget.canvas[2]
    x, y = cell_origin((7, 3), CELL)
    top._handle_frontend_event(top, {"event": "mouse_move", "x": (x + 5) * 2, "y": (y + 5) * 2}, [])
    assert widget.hover == (7, 3)
    top._handle_frontend_event(top, {"event": "mouse_out", "x": 0, "y": 0}, [])
    assert widget.hover is None


def test_rotate_mirror_buttons_and_keys_turn_the_tile(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.cat("blue", 409))
    placer = widget.placer
    start = placer.orientation
    widget.rotate_button.click()
    assert placer.orientation != start
    assert widget.ghost_view.orientation == placer.orientation  # the browser ghost follows
    for _ in range(3):
        widget.rotate()
    assert placer.orientation == start
    widget.mirror_button.click()
    assert placer.orientation == widget.ghost_view.mirror_map[start]
    top = widget.canvas[2]  # R / F reach Python through the canvas when it has the keyboard focus
    top._handle_frontend_event(top, {"event": "key_down", "key": "f", "shift_key": False, "ctrl_key": False,
                                     "meta_key": False}, [])
    assert placer.orientation == start
    top._handle_frontend_event(top, {"event": "key_down", "key": "R", "shift_key": True, "ctrl_key": False,
                                     "meta_key": False}, [])
    assert placer.orientation == widget.ghost_view.rotate_map[start]


def test_the_browser_turning_the_ghost_updates_python():
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.cat("blue", 409))
    ghost = widget.ghost_view
    ghost.orientation = ghost.rotate_map[ghost.orientation]  # as if R was pressed in the browser
    assert widget.placer.orientation == ghost.orientation
    assert f"orientation {ghost.orientation + 1} of" in widget.status.value


def test_a_click_places_the_tile_and_redraws_tiles_and_overlay_in_one_message(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    tile = Tile.cat("purple", 412)
    widget.start_placing(tile)
    target = sorted(widget.placer.current_targets)[0]
    sent.clear()
    widget.ghost_view._handle_custom_msg({"event": "click", "x": target[0], "y": target[1],
                                         "orientation": widget.placer.orientation}, [])
    assert len(widget.boat.tiles) == 1 and widget.boat.tiles[0].tile == tile
    assert widget.placing is None
    assert len(sent) == 1
    assert layers_drawn(widget, sent[0]) == ["tiles", "overlay"]
    assert COLOUR_HEX["purple"] in colours_set(sent[0])
    assert widget.ghost_view.active is False


def test_an_illegal_click_shows_the_rule_and_changes_nothing(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.cat("blue", 409))
    before = widget.boat
    widget.ghost_view._handle_custom_msg({"event": "click", "x": 0, "y": 0, "orientation": 0}, [])
    assert widget.boat is before
    assert widget.messages.kind == "error" and "PLACE-1" in widget.messages.text
    with pytest.raises(IllegalPlacement):
        widget.click_cell(0, 0)


def test_legal_spots_highlight_the_targets_of_the_current_orientation(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.cat("green", 403))
    sent.clear()
    widget.legal_toggle.value = True
    assert len(sent) == 1 and layers_drawn(widget, sent[0]) == ["overlay"]
    assert HIGHLIGHT in colours_set(sent[0])
    rects = [args for name, args in decode(sent[0]) if name == "fillRects"]
    assert rects[0][0]["shape"] == [len(widget.placer.current_targets)]


def test_an_oshax_needs_its_colour_before_it_is_placed(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.oshax(300))
    assert widget.colour_row.layout.display == "flex"
    assert widget.ghost_view.fill == ""  # no instant preview before the colour is chosen
    target = sorted(widget.placer.current_targets)[0]
    with pytest.raises(IllegalPlacement, match="OSHAX-1"):
        widget.click_cell(*target)
    widget.colour_buttons.value = "red"
    assert widget.ghost_view.fill == COLOUR_HEX["red"]
    widget.click_cell(*target)
    assert widget.boat.tiles[0].tile.colour == "red"


def test_the_map_bonus_offer_calls_back_with_the_shape():
    widget = BoatWidget(Boat("A"), cell=CELL)
    chosen: list[str | None] = []
    widget.offer_map_bonus(["1x1", "L3"], chosen.append)
    assert widget.offer.layout.display == "flex"
    buttons = [w for box in widget.offer.children[1:-1] for w in box.children if hasattr(w, "click")]
    buttons[1].click()
    widget.offer.children[-1].click()
    assert chosen == ["L3", None]
    widget.close_offer()
    assert widget.offer.layout.display == "none"


def test_repr_is_short():
    assert repr(BoatWidget(Boat("D"))).startswith("BoatWidget(Boat('D'")
