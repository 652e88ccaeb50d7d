"""The Pocket Cats board widget, driven from Python (no browser), and the scene it shares with PNG pictures.

Clicks go through ``click_cell`` (the method the mouse handler calls) or through the canvas' front-end event
handler; the canvas command stream is captured by monkeypatching the ipycanvas canvas manager.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from ipycanvas import canvas as ipycanvas_canvas
from PIL import Image
from widget_counts import made_since, snapshot

from isle_nb.draw import Circle, Polygon, Polyline, Rect, Scene, Text, to_png, to_svg
from isle_nb.model.pocket import Flip, PocketGame, PocketGreedyBot, Stay, Swap, play_pocket, rules
from isle_nb.model.pocket.board import CENTRE, name
from isle_nb.model.pocket.examples import RULEBOOK_CLANS, RULEBOOK_EXAMPLE
from isle_nb.model.pocket.state import scenario
from isle_nb.model.pocket.tiles import CLANS
from isle_nb.view.pocket import (
    BACK,
    CELL,
    HEIGHT,
    LAYERS,
    SELECTED,
    TARGET,
    WIDTH,
    board_scene,
    cell_at,
    cell_centre,
    cell_origin,
    scene_image,
    scene_to_png,
    tile_fill,
)
from isle_nb.widgets.pocket import SCALE, PocketBoardWidget

P1, P2 = "Player 1", "Player 2"
COMMANDS = ipycanvas_canvas.COMMANDS


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every batch of canvas commands sent to the front end (decoded: the Python command lists)."""
    batches: list[Any] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    original = manager._send_custom
    monkeypatch.setattr(manager, "_send_custom", lambda command, buffers=(): (batches.append(command),
                                                                              original(command, list(buffers))))
    return batches


def names(batch: Any) -> list[str]:
    """The command names in one batch."""
    lookup = {v: k for k, v in COMMANDS.items()}
    commands = batch if batch and isinstance(batch[0], list) else [batch]
    return [lookup[c[0]] for c in commands]


def mouse_down(widget: PocketBoardWidget, cell: tuple[int, int]) -> None:
    """Send the canvas a front-end mouse-down event at the centre of ``cell`` (as a browser would)."""
    x, y = cell_centre(cell)
    top = widget.canvas._canvases[-1]
    top._handle_frontend_event(None, {"event": "mouse_down", "x": x * SCALE, "y": y * SCALE}, [])


def test_widget_flip_and_swap_by_clicks_change_the_model() -> None:
    game = PocketGame.new(seed=3)
    widget = PocketBoardWidget(game)  # hot-seat
    widget.click_cell(0, 0)
    assert game.stage == "move" and game.flipped == (0, 0)
    legal = {a.target for a in game.legal_actions(P1) if isinstance(a, Swap)}
    assert set(widget.targets()) == legal and legal
    target = sorted(legal)[0]
    widget.click_cell(*target)
    assert game.turn == 1 and game.awaiting == (P2,)
    assert game.actions[-1] == Swap(P1, (0, 0), target)
    assert "Player 2" in widget.status.value and "flip" in widget.status.value


def test_widget_mouse_events_use_the_same_path() -> None:
    game = PocketGame.new(seed=4)
    widget = PocketBoardWidget(game)
    mouse_down(widget, (4, 4))
    assert game.flipped == (4, 4)
    target = widget.targets()[0]
    mouse_down(widget, target)
    assert game.turn == 1
    top = widget.canvas._canvases[-1]
    top._handle_frontend_event(None, {"event": "mouse_down", "x": 1, "y": 1}, [])  # the margin: nothing happens
    assert game.turn == 1 and game.stage == "flip"


def test_widget_taps_on_a_touch_screen_flip_and_swap() -> None:
    """ipycanvas sends a finger's touch (in canvas pixels, through the CSS scaling) and no mouse event: a tap on a
    tile flips it, a tap on a legal target swaps (issue #32 §1)."""
    game = PocketGame.new(seed=4)
    widget = PocketBoardWidget(game)
    top = widget.canvas._canvases[-1]

    def tap(cell: tuple[int, int]) -> None:
        x, y = cell_centre(cell)
        top._handle_frontend_event(None, {"event": "touch_start", "touches": [{"x": x * SCALE, "y": y * SCALE}]}, [])

    tap((4, 4))
    assert game.flipped == (4, 4)
    tap(widget.targets()[0])
    assert game.turn == 1


def test_widget_refused_click_shows_the_rule_and_changes_nothing() -> None:
    game = PocketGame.new(seed=5)
    widget = PocketBoardWidget(game)
    before = game.state
    widget.click_cell(*CENTRE)  # already face up
    assert game.state is before
    assert "POCKET-2" in widget.message.value
    widget.click_cell(0, 0)
    far = next((r, c) for r in range(5) for c in range(5) if (r, c) not in widget.targets() and (r, c) != (0, 0))
    flipped = game.state
    widget.click_cell(*far)
    assert game.state is flipped and "POCKET-2" in widget.message.value


def test_widget_bot_answers_the_human_move() -> None:
    game = PocketGame.new(seed=6)
    widget = PocketBoardWidget(game, player=P1, bot="greedy")
    widget.click_cell(0, 1)
    widget.click_cell(*widget.targets()[0])
    assert game.turn == 2 and game.awaiting == (P1,)  # the bot flipped and moved
    assert "Player 2 flips" in widget.log_view.value and "Player 1" in widget.status.value
    assert [type(a).__name__ for a in game.actions] == ["Flip", "Swap", "Flip", "Swap"]


def test_widget_bot_starts_when_it_is_first() -> None:
    game = PocketGame.new(seed=7)
    PocketBoardWidget(game, player=P2, bot="random")
    assert game.turn == 1 and game.awaiting == (P2,)


def test_widget_redraws_in_one_batch_and_on_client_ready(sent: list[Any]) -> None:
    game = PocketGame.new(seed=8)
    widget = PocketBoardWidget(game)
    assert sent, "the board is drawn at once"
    sent.clear()
    widget.click_cell(1, 1)
    assert len(sent) == 1  # hold_canvas: the whole redraw goes out as one message
    assert "fillRect" in names(sent[0]) or "fillRects" in names(sent[0])
    sent.clear()
    widget.redraw()
    assert sent == []  # nothing changed: nothing is sent
    # ipycanvas#322: a new front end needs the full picture, starting with a switch to our canvas
    assert hasattr(ipycanvas_canvas._CANVAS_MANAGER, "_current_canvas")
    widget.canvas._canvases[-1]._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 1
    commands = names(sent[0])
    assert commands[0] == "switchCanvas" and commands.count("clearRect") == 2 and "fillText" in commands


def test_widget_canvas_has_a_fixed_css_size() -> None:
    widget = PocketBoardWidget(PocketGame.new(seed=1))
    canvas = widget.canvas
    assert canvas.layout.width == f"{WIDTH}px" and canvas.layout.height == f"{HEIGHT}px"
    assert (canvas.width, canvas.height) == (round(WIDTH * SCALE), round(HEIGHT * SCALE))  # sharp on HiDPI
    assert "pocket-canvas" in canvas._dom_classes


def test_widget_highlights_come_from_the_legal_actions() -> None:
    game = PocketGame.new(seed=9)
    widget = PocketBoardWidget(game)
    widget.click_cell(2, 0)
    scene = widget.scene()
    image = Image.open(io.BytesIO(scene_to_png(scene))).convert("RGB")
    for target in widget.targets():
        x, y = cell_origin(target)
        assert image.getpixel((x + 1, y + CELL // 2)) == _rgb(TARGET)
    x, y = cell_origin((2, 0))
    assert image.getpixel((x + 1, y + CELL // 2)) == _rgb(SELECTED)


def test_widget_power_cats_stay_button() -> None:
    rows = [
        ["?power-cats-1", "?mouse-3", "?mouse-4a", "?mouse-4b", "?mouse-5a"],
        ["?mouse-5b", "?mouse-6", "?pigeon-2", "?pigeon-5", "?fly-3"],
        ["?fly-4", "?dog-1", "power-cats-2", "?dog-2", "?dog-3"],
        ["?dog-4", "?dog-5", "?power-cats-3", "?power-cats-4", "?power-cats-5"],
        ["?crooks-1", "?crooks-2", "?crooks-3", "?crooks-4", "?crooks-5"],
    ]
    game = PocketGame(scenario(rows, ("power cats", "crooks")))
    widget = PocketBoardWidget(game)
    assert widget.stay_button.layout.display == "none"
    widget.click_cell(0, 0)
    assert widget.stay_button.layout.display == ""
    widget.stay_button.click()
    assert game.actions[-1] == Stay(P1) and game.turn == 2 - 1


def test_widget_polterkitties_may_pick_another_prey_to_move() -> None:
    rows = [
        ["?mouse-3", "?mouse-4a", "?polterkitties-1", "?polterkitties-2", "?polterkitties-3"],
        ["?mouse-4b", "?mouse-5a", "?mouse-5b", "?mouse-6", "pigeon-2"],
        ["?pigeon-5", "?fly-3", "?dog-1", "?fly-4", "?dog-2"],
        ["?dog-3", "?dog-4", "?dog-5", "?polterkitties-4", "?polterkitties-5"],
        ["?crooks-1", "?crooks-2", "?crooks-3", "?crooks-4", "?crooks-5"],
    ]
    game = PocketGame(scenario(rows, ("polterkitties", "crooks")))
    widget = PocketBoardWidget(game)
    widget.click_cell(0, 0)
    widget.click_cell(1, 4)  # the face-up pigeon: not a target of the mouse, so it becomes the prey to move
    assert (0, 4) in widget.targets() and (1, 1) not in widget.targets()
    widget.click_cell(0, 4)
    assert game.actions[-1] == Swap(P1, (1, 4), (0, 4))


def test_widget_royal_claws_chief_rotates_a_dog_and_the_end_is_explained_step_by_step() -> None:
    rows = [list(r) for r in RULEBOOK_EXAMPLE]
    rows[3][0], rows[4][0] = "mouse-5a", "?mouse-4b"
    game = PocketGame(scenario(rows, RULEBOOK_CLANS))
    widget = PocketBoardWidget(game)  # hot-seat: P2 (Royal Claws) makes the last move
    widget.click_cell(4, 0)
    widget.click_cell(3, 0)
    assert game.stage == "chief" and "dog" in widget.status.value
    assert widget.rotate_buttons[1].layout.display == "none"
    widget.click_cell(2, 2)  # the centre dog beside the chief
    assert widget.rotate_buttons[1].layout.display == ""
    widget.rotate_buttons[1].click()
    assert game.over
    assert game.end is not None and (game.end.score(P1).total, game.end.score(P2).total) == (21, 15)
    assert widget.end_box.layout.display == "" and widget.step == 0
    texts = []
    for _ in range(len(game.end_steps)):
        texts.append(widget.step_text.value)
        widget.next_step()
    assert any("quarter turn" in t for t in texts) and any("catch it" in t for t in texts)
    assert "21 points" in widget.step_text.value
    assert widget.next_button.disabled
    widget.previous_step()
    assert widget.step == len(game.end_steps) - 2
    widget.click_cell(0, 0)
    assert "over" in widget.message.value


def test_widget_limited_mode_clan_buttons_and_undo() -> None:
    game = PocketGame.new(variant="limited", seed=2)
    widget = PocketBoardWidget(game, player=P1, bot="random")
    assert game.awaiting == (P1,)  # the bot already kept its clan
    buttons = widget.clan_box.children
    assert len(buttons) == 3
    buttons[1].click()
    assert game.clans[P1] == game.state.clans[0] and game.stage == "flip"
    assert widget.undo_button.disabled
    widget.click_cell(0, 0)
    widget.click_cell(*widget.targets()[0])
    assert widget.message.value == "" and game.turn == 2


def test_widget_keeps_up_with_outside_changes() -> None:
    game = PocketGame.new(seed=10)
    widget = PocketBoardWidget(game)
    game.apply(Flip(P1, (3, 3)))
    assert set(widget.targets()) == {a.target for a in game.legal_actions(P1) if isinstance(a, Swap)}
    play_pocket(game, ["random", "random"])
    assert widget.end_box.layout.display == "" and "Game over" in widget.status.value


# ==== the scene (shared by the canvas and PNG pictures) =======================================================
def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def test_scene_png_shows_each_tile_in_its_colour() -> None:
    state = rules.apply(PocketGame.new(seed=12).state, Flip(P1, (0, 0)))
    scene = board_scene(state.grid)
    image = Image.open(io.BytesIO(scene_to_png(scene))).convert("RGB")
    assert image.size == (scene.width, scene.height)
    for cell in ((0, 0), CENTRE, (4, 4)):
        x, y = cell_origin(cell)
        assert image.getpixel((x + 2, y + CELL // 2)) == _rgb(tile_fill(state.grid, cell))
    assert tile_fill(state.grid, (4, 4)) == BACK


def test_scene_is_drawn_with_the_shared_items_and_renderers() -> None:
    grid = scenario(RULEBOOK_EXAMPLE, RULEBOOK_CLANS).grid  # face up: cats, chiefs' stars, dogs' arrows, prey
    scene = board_scene(grid, targets=[(0, 0)], selected=(1, 1), options=[(2, 2)], last_move=[(3, 3)],
                        captured=[((0, 3), "gourmets")])
    assert isinstance(scene, Scene) and tuple(scene.layers) == LAYERS
    assert {type(item) for item in scene.items} == {Rect, Text, Polygon, Polyline, Circle}
    assert all(isinstance(item, (Rect, Circle)) for item in scene.layers["highlights"])
    assert scene_to_png(scene) == to_png(scene, 1.0)  # the PNG renderer of the main game, at the CSS size
    assert scene_image(scene, 2.0).size == (2 * WIDTH, 2 * HEIGHT)
    svg = to_svg(scene)
    assert svg.count("<polygon") == sum(isinstance(i, Polygon) for i in scene.items) > 0
    assert "<polyline" in svg and ">dog 1</text>" in svg


def test_widget_draws_its_two_layers_through_the_shared_painter(sent: list[Any]) -> None:
    game = PocketGame(scenario(RULEBOOK_EXAMPLE, RULEBOOK_CLANS))
    widget = PocketBoardWidget(game)
    sent.clear()
    widget.redraw(force=True)
    assert len(sent) == 1
    commands = names(sent[0])
    assert commands[0] == "switchCanvas" and commands.count("setTransform") == len(LAYERS)
    assert {"fillRects", "fillPolygon", "strokePolygon", "strokeLines", "fillCircles", "fillText"} <= set(commands)


def test_scene_cell_lookup_round_trips() -> None:
    for row in range(5):
        for col in range(5):
            assert cell_at(*cell_centre((row, col))) == (row, col)
    assert cell_at(0, 0) is None and cell_at(10_000, 10) is None


def test_widget_experts_match_moves_on_to_the_second_game() -> None:
    game = PocketGame.new(variant="experts", seed=4)
    bots = {P1: PocketGreedyBot(1), P2: PocketGreedyBot(2)}
    while game.stage != "between":
        player = game.awaiting[0]
        game.apply(bots[player].choose(game, player, game.legal_actions(player)))
    widget = PocketBoardWidget(game)  # hot-seat
    assert widget.end_box.layout.display == "" and "End of game 1" in widget.step_label.value
    assert widget.next_game_button.layout.display == ""
    widget.next_game_button.click()
    assert game.stage == "choose_clan" and game.game_number == 2 and game.awaiting == (P2,)
    assert widget.end_box.layout.display == "none" and len(widget.clan_box.children) == 3
    widget.clan_box.children[0].click()
    assert game.awaiting == (P1,) and len(widget.clan_box.children) == 2
    widget.clan_box.children[0].click()
    assert game.stage == "flip" and game.awaiting == (P2,)  # the second game starts with the other player


# ==== the app around the board: Undo, Redo, autosave (like the other games' apps) ==============================
def test_undo_and_redo_take_back_a_swap_and_play_it_again_but_never_a_flip() -> None:
    game = PocketGame.new(seed=3)
    widget = PocketBoardWidget(game)  # hot-seat
    assert widget.undo_button.disabled and "Nothing to undo yet" in widget.history.note.value
    widget.click_cell(0, 0)
    assert widget.undo_button.disabled and "revealed" in widget.history.note.value  # a flip shows a tile (POCKET-2)
    target = widget.targets()[0]
    widget.click_cell(*target)
    swapped = game.state
    assert not widget.undo_button.disabled and widget.redo_button.disabled
    widget.undo_button.click()
    assert game.stage == "move" and game.flipped == (0, 0) and game.awaiting == (P1,)
    assert f"Taken back: the move from A1 to {name(target)}." in widget.messages.value
    widget.redo_button.click()
    assert game.state == swapped and "Played again." in widget.messages.value


def test_every_move_is_saved_once_a_person_has_moved() -> None:
    game = PocketGame.new(seed=6)
    widget = PocketBoardWidget(game, player=P1, bot="greedy", autosave=True)
    assert widget.save_path is None  # nothing worth resuming before a person moves
    widget.click_cell(0, 1)
    widget.click_cell(*widget.targets()[0])
    saved = json.loads(Path(widget.save_path).read_text(encoding="utf-8"))
    assert saved["seats"] == [P1, f"{P2}=bot:greedy"] and saved["moves"] == len(game.actions) == 4
    assert PocketGame.from_json(json.dumps(saved["game"])).state == game.state
    assert Path(widget.save_path).name.startswith("pocket-")


def test_a_closed_board_leaves_no_widget_behind_and_a_long_game_adds_none() -> None:
    before = snapshot()
    game = PocketGame.new(variant="limited", seed=2)
    widget = PocketBoardWidget(game, player=P1, bot="random")
    built = made_since(before)
    rng = random.Random(2)
    while not game.over:  # the person's moves go through the app, as a click's do
        legal = game.legal_actions(P1)
        widget.act(legal[rng.randrange(len(legal))])
    assert made_since(before) <= built, "moves rebuild nothing they do not close (the clan buttons are gone)"
    widget.close()
    assert made_since(before) == 0


def test_a_hot_seat_board_shows_the_awaited_persons_seat_and_none_of_the_others_secrets() -> None:
    game = PocketGame.new(variant="limited", seed=2)
    widget = PocketBoardWidget(game)  # hot-seat: both keep a clan in secret (POCKET-5)
    assert widget.seat.name == P1 and len(widget.clan_box.children) == 3
    widget.clan_box.children[0].click()
    kept = f"{P1} keeps {CLANS[game.clans[P1]].name}."
    assert widget.seat.name == P2, "the screen turns to the person who must act now"
    assert kept not in widget.log_view.value and CLANS[game.clans[P1]].name not in widget.status.value
    assert {b.description for b in widget.clan_box.children} == {CLANS[k].name for k in game.state.offers[1]}


def test_the_squares_the_bot_changed_since_your_last_move_are_framed() -> None:
    """Issue #22 §4: after the bot's turn, every square that looks different since the player's last move is framed
    with the bot's swap, and nothing before the player's first move; the model says which (``changed_cells``)."""
    from isle_nb.model.pocket.player_view import changed_cells

    game = PocketGame.new(seed=6)
    widget = PocketBoardWidget(game, player=P1, bot="greedy")
    assert widget.seat.seen is None and widget._highlights()["last_move"] == []
    widget.click_cell(0, 1)
    widget.click_cell(*widget.targets()[0])
    bot_flip, bot_swap = game.actions[-2:]
    changed = changed_cells(widget.seat.seen, widget.seat.view)
    assert changed and set(changed) <= {bot_flip.cell, bot_swap.source, bot_swap.target}
    assert set(widget._highlights()["last_move"]) == {*changed, bot_swap.source, bot_swap.target}
    assert changed_cells(widget.seat.view, widget.seat.view) == ()


def test_widget_says_the_goal_the_score_so_far_and_what_the_tiles_show() -> None:
    """Issue #32 §5: the goal in one line, the score if the game ended now with who is ahead, a legend of the clans'
    two letters ("GO" is the Gourmets) and the dogs' arrows, and a link to the notebook that teaches the game; "You"
    reads its own moves in the second person."""
    game = PocketGame.new(["You", "Bea"], seed=3)
    widget = PocketBoardWidget(game, player="You", bot="greedy")
    guide = widget.guide.value
    assert "Goal:" in guide and "most prey points" in guide and "11_pocket_cats.ipynb" in guide
    clans = [CLANS[c] for c in game.view("You").clans if c is not None]
    assert all(f"<b>{c.abbreviation}</b> {c.name}" in guide for c in clans) and "arrows" in guide
    for _turn in range(3):  # the bot answers each move
        cell = next(a.cell for a in widget.seat.legal_actions() if isinstance(a, Flip))
        widget.click_cell(*cell)
        widget.click_cell(*widget.targets()[0])
    view = widget.seat.view
    now = view.points_now
    assert now is not None and set(now) == {"You", "Bea"}
    standing = widget.standing.value
    assert "If the game ended now" in standing and f"You {now['You']} point" in standing
    ahead = "level" if now["You"] == now["Bea"] else ("you are ahead" if now["You"] > now["Bea"] else "Bea is ahead")
    assert ahead in standing
    log = widget.log_view.value
    assert "You flip " in log and "You swap " in log and "You flips" not in log and "You swaps" not in log
