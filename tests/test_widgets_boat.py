"""BoatWidget driven from Python: layers, one message per redraw, placing by mouse, the browser ghost's data."""

from __future__ import annotations

import html
import json
from typing import Any

from canvas_capture import decode
from ipycanvas.canvas import _CANVAS_MANAGER

from isle_nb.draw import Text
from isle_nb.model.isle.actions import Place
from isle_nb.model.parts.boat import ROOM_NAMES, Boat
from isle_nb.model.parts.placement_effects import describe_placement
from isle_nb.model.parts.tiles import COLOUR_HEX, Tile
from isle_nb.view import ROOM_TINTS
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
    _CANVAS_MANAGER._current_canvas = widget.canvas[1]  # what Python believes after the last redraw
    widget.canvas[1]._handle_frontend_event(widget.canvas[1], {"event": "client_ready"}, [])  # a view connects
    assert len(sent) == 1
    assert layers_drawn(widget, sent[0]) == ["boat", "tiles"]
    assert decode(sent[0])[0][0] == "switchCanvas"


def test_the_rooms_toggle_redraws_only_the_printed_boat_and_says_its_state(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    assert widget.rooms_toggle.description == "Rooms: on" and widget.rooms_toggle.button_style == "info"
    assert widget.legend.layout.visibility == "visible"
    sent.clear()
    widget.rooms_toggle.value = False
    assert not widget.show_rooms
    assert len(sent) == 1 and layers_drawn(widget, sent[0]) == ["boat"]
    assert widget.rooms_toggle.description == "Rooms: off" and widget.rooms_toggle.button_style == ""
    assert widget.legend.layout.visibility == "hidden"  # hidden, but keeps its place: nothing moves


def test_rooms_are_numbered_on_the_board_as_in_the_boat_data_and_the_legend(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    texts = {item.text for item in widget.layer_items("boat") if isinstance(item, Text)}
    assert {str(room) for room in ROOM_NAMES} <= texts
    for room, name in ROOM_NAMES.items():
        assert f">{room}</span>{html.escape(name)}" in widget.legend.value
    assert len(set(ROOM_TINTS.values())) == len(ROOM_TINTS)  # a different tint per room


def test_placing_sends_the_ghost_once_and_nothing_per_hover(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    sent.clear()
    tile = Tile.cat("blue", 409)
    widget.start_placing(tile)
    ghost = widget.ghost_view
    assert ghost.active
    legal = Boat("A").legal_placements(tile)
    assert sum(len(t) for t in ghost.targets) == len(legal)  # one legal spot per legal placement
    assert [len(t) for t in ghost.target_infos] == [len(t) for t in ghost.targets]
    assert len(ghost.pictures) == len(tile.shape_def.orientations)
    assert sent == []  # the ghost is no canvas drawing: it lives in the browser


def test_the_ghost_shows_the_tile_itself_in_its_colour_and_pattern():
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.cat("purple", 412))
    picture = widget.ghost_view.pictures[widget.ghost_view.orientation]
    fills = {item.get("fill") for item in picture["tile"]}
    assert COLOUR_HEX["purple"] in fills
    assert any(item["t"] == "line" for item in picture["tile"])  # the colour's pattern
    assert {item["text"] for item in picture["tile"] if item["t"] == "text"} == {"P"}
    assert picture["outline"]  # the outline, drawn green or red by the browser


def test_each_legal_spot_says_what_it_would_give_in_the_games_words():
    boat = Boat("A")
    tile = Tile.cat("blue", 409)
    widget = BoatWidget(boat, cell=CELL)
    widget.start_placing(tile)
    ghost = widget.ghost_view
    placer = widget.placer
    for orientation, targets in enumerate(ghost.targets):
        placer.orientation = orientation
        for (x, y), info in zip(targets, ghost.target_infos[orientation], strict=True):
            cells = placer.ghost((x, y))
            assert ghost.infos[info] == describe_placement(boat, tile, cells)
    assert any("map" in text for text in ghost.infos) and any("rat" in text for text in ghost.infos)
    assert all("[(" not in text for text in ghost.infos)


def test_rotate_and_mirror_buttons_turn_the_tile_and_the_browser_ghost(sent):
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
    assert widget.ghost_view.rotate_map == [Tile.cat("blue", 409).shape_def.turned(i)
                                            for i in range(len(placer.orientations))]


def test_the_browser_turning_the_ghost_updates_python():
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.cat("blue", 409))
    ghost = widget.ghost_view
    ghost.orientation = ghost.rotate_map[ghost.orientation]  # as if R was pressed in the browser
    assert widget.placer.orientation == ghost.orientation
    assert f"orientation {ghost.orientation + 1} of" in widget.status.value


def test_a_click_places_the_tile_and_redraws_only_the_tiles_in_one_message(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    tile = Tile.cat("purple", 412)
    widget.start_placing(tile)
    target = widget.placer.current_targets[0]
    sent.clear()
    widget.ghost_view._handle_custom_msg({"event": "click", "x": target[0], "y": target[1],
                                         "orientation": widget.placer.orientation}, [])
    assert len(widget.boat.tiles) == 1 and widget.boat.tiles[0].tile == tile
    assert widget.placing is None
    assert len(sent) == 1
    assert layers_drawn(widget, sent[0]) == ["tiles"]
    assert COLOUR_HEX["purple"] in colours_set(sent[0])
    assert widget.ghost_view.active is False


def test_a_click_sends_the_model_a_place_with_its_orientation_and_anchor():
    boat = Boat("B")
    tile = Tile.cat("red", 405)
    legal = [Place("Ann", tuple(sorted(p.cells)), None, p.orientation, p.anchor) for p in boat.legal_placements(tile)]
    sent_actions: list[Place] = []
    widget = BoatWidget(boat, cell=CELL)
    widget.start_placing(tile, legal, on_place=sent_actions.append, player="Ann")
    widget.rotate()
    x, y = widget.placer.current_targets[3]
    widget.ghost_view._handle_custom_msg({"event": "click", "x": x, "y": y, "orientation": widget.placer.orientation},
                                         [])
    (action,) = sent_actions
    assert action in legal and action.orientation == widget.placer.orientation
    assert action.anchor == next(a.anchor for a in legal if a == action)


def test_an_illegal_click_says_why_in_one_line_under_the_boat_and_changes_nothing(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.cat("blue", 409))
    before, revision = widget.boat, widget.ghost_view.revision
    children = widget.children
    widget.ghost_view._handle_custom_msg({"event": "click", "x": 0, "y": 0, "orientation": 0}, [])
    assert widget.boat is before and widget.placing is not None
    assert widget.ghost_view.notice.startswith("off the boat") and "\n" not in widget.ghost_view.notice
    assert widget.ghost_view.notice_rule == "PLACE-1"
    assert widget.ghost_view.revision == revision + 1  # the browser shows it now
    assert widget.messages.text == ""  # not in the banner above the app: nothing moves
    assert widget.children == children


def test_a_click_that_does_not_touch_your_tiles_is_refused_with_place_3():
    first = Tile.cat("green", 400)
    boat = Boat("C").place(first, Boat("C").legal_placements(first)[0])
    widget = BoatWidget(boat, cell=CELL)
    widget.start_placing(Tile.cat("blue", 409))
    widget.click_cell(18, 4)
    assert widget.ghost_view.notice_rule == "PLACE-3" and "must touch a tile you have" in widget.ghost_view.notice
    widget.click_cell(*widget.placer.current_targets[0])
    assert len(widget.boat.tiles) == 2


def test_legal_spots_are_on_by_default_and_the_toggle_says_its_state(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.cat("green", 403))
    assert widget.ghost_view.show_legal and widget.legal_toggle.description == "Legal spots: on"
    assert widget.ghost_view.marker  # a marker per legal spot, drawn in the browser
    sent.clear()
    widget.legal_toggle.value = False
    assert not widget.ghost_view.show_legal and widget.legal_toggle.description == "Legal spots: off"
    assert sent == []  # no canvas redraw


def test_an_oshax_takes_its_colour_before_it_is_placed_and_the_ghost_follows(sent):
    widget = BoatWidget(Boat("A"), cell=CELL)
    widget.start_placing(Tile.oshax(300))
    assert not widget.ghost_view.ready
    target = widget.placer.current_targets[0]
    widget.click_cell(*target)
    assert widget.ghost_view.notice_rule == "OSHAX-1" and not widget.boat.tiles
    widget.choose_colour("red")
    assert widget.ghost_view.ready
    fills = {item.get("fill") for item in widget.ghost_view.pictures[widget.placer.orientation]["tile"]}
    assert COLOUR_HEX["red"] in fills
    widget.click_cell(*target)
    assert widget.boat.tiles[0].tile.colour == "red"


def test_a_suggestion_shows_as_a_ghost_with_what_it_would_give():
    boat = Boat("D")
    tile = Tile.cat("orange", 407)
    legal = [Place("Ann", tuple(sorted(p.cells)), None, p.orientation, p.anchor) for p in boat.legal_placements(tile)]
    widget = BoatWidget(boat, cell=CELL)
    widget.start_placing(tile, legal, on_place=lambda a: None, player="Ann")
    hint = legal[len(legal) // 2]
    widget.show_suggestion(hint)
    orientation, cell = widget.suggestion
    assert orientation == hint.orientation == widget.ghost_view.orientation
    assert frozenset(hint.cells) == widget.placer.ghost(cell)
    assert "Suggested (dashed blue)" in widget.status.value
    widget.show_suggestion(None)
    assert widget.suggestion is None and "Suggested" not in widget.status.value


def test_repr_is_short():
    assert repr(BoatWidget(Boat("D"))).startswith("BoatWidget(Boat('D'")


def test_a_placed_tile_is_drawn_alone_over_the_tiles_already_shown(sent):
    """Click-to-redraw stays fast on a full boat: a new tile is painted over the tiles layer, not the whole layer."""
    first, second = Tile.cat("purple", 412), Tile.cat("blue", 409)
    boat = Boat("A").place(first, Boat("A").legal_placements(first, must_touch=False)[0], must_touch=False)
    widget = BoatWidget(boat, cell=CELL)
    sent.clear()
    widget.boat = boat.place(second, boat.legal_placements(second)[0])
    assert len(sent) == 1
    commands = decode(sent[0])
    assert "clearRect" not in [name for name, _ in commands]  # drawn over, not repainted
    assert COLOUR_HEX["blue"] in colours_set(sent[0]) and COLOUR_HEX["purple"] not in colours_set(sent[0])
    widget.boat = Boat("A")  # tiles taken away (undo): the layer is repainted from scratch
    assert "clearRect" in [name for name, _ in decode(sent[-1])]
