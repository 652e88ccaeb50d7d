"""Play ``notebooks/00_play.ipynb`` in JupyterLab by clicks: draft, buy, rescue cards, rescue a cat and place it
on the boat canvas, pass, rare finds, until day 2; then reload the page and check the boat is redrawn.

Every step clicks what a person would click: card buttons, confirm buttons, the cat buttons on the island and the
boat canvas, and waits for the app's ready signal (``helpers``), never for a fixed time. Locators are scoped to the
app (``.isle-app``); widget classes come from ``isle_nb.widgets``.
"""

from __future__ import annotations

import re
from typing import Any

from helpers import (
    act_and_wait,
    act_ready,
    assert_whole,
    boat_canvas,
    buy_one,
    canvas_scale,
    cell_centre,
    draft_all,
    hex_rgb,
    pixel,
    place_by_clicking,
    play_to_the_next_day,
    run_app,
    shot,
    start_rescue,
    status,
    wait_for_panel,
    wait_for_pixel,
    wait_saved,
)

from isle_nb.model.parts.tiles import COLOUR_HEX


def canvas_rgb(app: Any, cell: tuple[int, int], fx: float = 0.18, fy: float = 0.18) -> tuple[int, int, int]:
    """The colour the boat canvas shows inside a cell (away from the pattern, letter and outline)."""
    canvas = boat_canvas(app)
    css_per_scene_px = canvas_scale(canvas) * 2  # the canvas holds 2 pixels per CSS pixel (HiDPI)
    pos = cell_centre(*cell, fx, fy)
    return pixel(canvas, pos["x"] * css_per_scene_px, pos["y"] * css_per_scene_px)


def wait_for_colour(app: Any, cell: tuple[int, int], colour: str, timeout: float = 30.0) -> None:
    """Wait until the boat canvas shows the cat colour ``colour`` inside ``cell`` (the mouse is moved off first)."""
    app.page.mouse.move(1, 1)
    canvas = boat_canvas(app)
    scale = canvas_scale(canvas) * 2  # the canvas holds 2 pixels per CSS pixel (HiDPI)
    pos = cell_centre(*cell, 0.18, 0.18)
    wait_for_pixel(canvas, pos["x"] * scale, pos["y"] * scale, [hex_rgb(COLOUR_HEX[colour])],
                   f"the {colour} cat drawn in cell {cell}", timeout=timeout)


def play_one_day(page: Any, app: Any) -> tuple[tuple[int, int], str]:
    """Play day 1 by clicks; return the boat cell where a rescued cat was placed and its colour."""
    wait_for_panel(app, "draft")
    shot(page, "play_lab_01_draft")
    draft_all(app)
    buy_one(app)
    wait_for_panel(app, "lessons", "rescue-choice")
    shot(page, "play_lab_02_rescue_choice")
    start_rescue(app)
    placed: list[tuple[tuple[int, int], str]] = []

    def rescue(cats: Any) -> None:
        shot(page, "play_lab_03_rescue_turn")
        # issue #22 §4 at 1400x900 with the file browser open: the header's phase name, the note on Undo
        # and the Latest box are shown whole
        assert_whole(app.locator(".isle-header"), "the header")
        assert_whole(app.locator(".isle-events"), "the Latest box")
        act_and_wait(app, cats.first.click)

    play_to_the_next_day(app, rescue, lambda: placed.append(place_by_clicking_with_shots(page, app)))
    assert placed, "no cat was rescued and placed"
    return placed[0]


def orientation(app: Any) -> tuple[int, int]:
    """The placing status's "orientation k of n"."""
    found = re.search(r"orientation (\d+) of (\d+)", app.locator(".isle-boat-status").inner_text())
    assert found, "no orientation in the placing status"
    return int(found.group(1)), int(found.group(2))


def rotate_with_the_r_key(page: Any, app: Any) -> None:
    """Over the boat, R turns the tile (and JupyterLab does not turn the cell into a raw cell)."""
    from playwright.sync_api import expect

    wait_for_panel(app, "place")
    top = app.locator("canvas.isle-ghost-canvas")
    top.scroll_into_view_if_needed()
    top.hover(position=cell_centre(3, 4))
    current, count = orientation(app)
    if count == 1:
        return
    act_ready(app, lambda: page.keyboard.press("r"))  # the kernel hears of the turn (and says so in the status)
    expect(app.locator(".isle-boat-status"), "R did not rotate the tile").not_to_contain_text(
        f"orientation {current} of {count}")
    assert page.locator(".jp-NotebookPanel:visible .jp-RawCell").count() == 0


def place_by_clicking_with_shots(page: Any, app: Any) -> tuple[tuple[int, int], str]:
    """Place the pending tile by clicking the canvas; screenshot the ghost and the result."""
    rotate_with_the_r_key(page, app)
    assert_whole(app.locator(".isle-ghost-info"), "the line under the boat")  # it wraps: its rule tag shows
    before = app.locator(".isle-player-info").inner_text()
    cell, colour = place_by_clicking(page, app, "play_lab_04_ghost")
    shot(page, "play_lab_05_placed", "canvas.boat-canvas")
    assert app.locator(".isle-player-info").inner_text() != before, "the model did not change after placing"
    return cell, colour


def test_play_a_day_in_jupyterlab(nb_root, lab_url, page, page_errors):
    from playwright.sync_api import expect

    app = run_app(page, lab_url, "00_play.ipynb")
    assert "Day 1 of 5" in status(app)

    cell, colour = play_one_day(page, app)
    assert "1 tile on your boat" in app.locator(".isle-player-info").inner_text() or colour
    if colour:
        wait_for_colour(app, cell, colour)
    expect(app.locator(".isle-status-text")).to_contain_text("Day 2 of 5", timeout=30_000)
    boat_canvas(app).scroll_into_view_if_needed()
    shot(page, "play_lab_06_day2")
    assert app.locator(".isle-message-error").count() == 0, app.locator(".isle-message").inner_text()

    # A page reload must not leave the boat blank (ipycanvas#322): the widget redraws when the view reconnects.
    written = (nb_root / "00_play.ipynb").stat().st_mtime_ns
    # the notebook, not the boat, takes the keys (the boat keeps them while it has the focus)
    page.locator(".jp-NotebookPanel:visible .jp-InputArea-prompt").first.click()
    page.keyboard.press("Control+s")
    wait_saved(page, nb_root / "00_play.ipynb", written)
    page.reload()
    app = page.locator(".jp-NotebookPanel:visible .isle-app")
    expect(app).to_be_visible(timeout=60_000)
    boat_canvas(app).scroll_into_view_if_needed()
    if colour:
        wait_for_colour(app, cell, colour)
    shot(page, "play_lab_07_after_reload", "canvas.boat-canvas")
    assert page_errors == []
