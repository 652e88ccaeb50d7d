"""Placing tiles in JupyterLab like a person: with the keyboard only (Tab to a legal spot, Enter places), with the
mouse (the ghost shows the tile's own colour; an illegal click is explained in one line and moves nothing), and an
Oshax whose colour is asked in the prompt. Screenshots of the ghost at 1400x900 and 1024x768 go to
test-artifacts/screenshots/placing_*.png (docs/placing_ghost.png is one of them).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import (
    SHOTS,
    act_ready,
    boat_canvas,
    cell_centre,
    close,
    hex_rgb,
    open_app,
    pixel,
    run_in_notebook_7,
    wait_for_panel,
    wait_ready,
    wait_saved,
    write_notebook,
)

from isle_nb.model.parts.tiles import COLOUR_HEX

PLACING = '''\
from dataclasses import replace
from isle_nb import Game, Tile
from isle_nb.model.isle.state import PlaceTile
from isle_nb.widgets import GameApp

tiles = [Tile.cat("blue", 409), Tile.cat("red", 414), Tile.oshax(301)]
game = Game.new(["You", "Rival"], seed=1)
pending = tuple(PlaceTile("You", t, "bag") for t in reversed(tiles))
app = GameApp(Game(replace(game.state, pending=pending)), hot_seat_cover=False)
app
'''

# the island folds in phases that do not need it (explore here): its column stands for it
LAYOUT = [".isle-panel-box", "canvas.boat-canvas", ".isle-ghost-info", ".isle-boat-status", ".isle-right"]


def tiles_on_boat(app: Any) -> int:
    text = app.locator(".isle-player-info").inner_text()
    return int(text.split(" tiles on your boat")[0].split()[-1])


def assert_tiles(app: Any, count: int) -> None:
    assert tiles_on_boat(app) == count, app.locator(".isle-player-info").inner_text()


def next_place(app: Any) -> None:
    """Wait for the next tile to place, declining a treasure-map bonus on the way (its choices are in the prompt)."""
    if wait_for_panel(app, "place", "map-bonus") == "map-bonus":
        act_ready(app, app.locator(".isle-panel-map-bonus button.isle-bonus-decline").click)
        wait_for_panel(app, "place")


def expect_ghost(app: Any, state: str, why: str = "") -> None:
    """The browser-side ghost judges its spot ``state`` ("legal", "illegal"); it does so without the kernel."""
    from playwright.sync_api import expect

    expect(app.locator(".isle-ghost"), why or f"the ghost is {state}").to_have_attribute("data-ghost", state)


def boxes(page: Any) -> dict[str, tuple[float, float, float, float]]:
    """Where the main parts of the app are on the page."""
    found = {}
    for selector in LAYOUT:
        box = page.locator(f".isle-app {selector}").first.bounding_box()
        assert box is not None, selector
        found[selector] = (round(box["x"]), round(box["y"]), round(box["width"]), round(box["height"]))
    return found


def place_with_keys(page: Any, app: Any, steps: int = 1) -> str:
    """Focus the boat, Tab to a legal spot (and on), Enter: returns the info line shown before placing."""
    ghost = app.locator("canvas.isle-ghost-canvas")
    ghost.focus()
    for _ in range(steps):
        page.keyboard.press("Tab")
    expect_ghost(app, "legal", "Tab did not bring the ghost to a legal spot")
    info = app.locator(".isle-ghost-info").inner_text()
    act_ready(app, lambda: page.keyboard.press("Enter"))
    return info


def test_placing_by_keyboard_mouse_and_prompt(nb_root, lab_url, page, page_errors):
    app = open_app(page, lab_url, nb_root, "zz_placing.ipynb", PLACING)
    wait_for_panel(app, "place")
    boat_canvas(app).scroll_into_view_if_needed()

    # 1. keyboard only: Tab steps to a legal spot and says what it gives; the arrows stay on legal spots; Enter places
    ghost = app.locator("canvas.isle-ghost-canvas")
    ghost.focus()
    page.keyboard.press("Tab")
    expect_ghost(app, "legal")
    first = app.locator(".isle-ghost").get_attribute("data-cell")
    page.keyboard.press("ArrowRight")
    expect_ghost(app, "legal")
    page.keyboard.press("Tab")
    assert app.locator(".isle-ghost").get_attribute("data-cell") != first
    info = app.locator(".isle-ghost-info").inner_text()
    assert info.startswith("Legal here.") and "room" in info, info
    page.screenshot(path=str(SHOTS / "placing_keyboard_1400.png"))
    act_ready(app, lambda: page.keyboard.press("Enter"))
    assert_tiles(app, 1)

    # 2. the ghost shows the red cat itself (its colour), and says what the spot gives
    next_place(app)
    ghost.focus()
    page.keyboard.press("Tab")
    expect_ghost(app, "legal")
    x, y = map(int, app.locator(".isle-ghost").get_attribute("data-cell").split(","))
    page.mouse.move(1, 1)  # the keyboard cursor stays while the boat has the focus
    scale = ghost.bounding_box()["width"] / int(ghost.get_attribute("width"))
    pos = cell_centre(x, y, 0.2, 0.2)
    seen = pixel(ghost, pos["x"] * 2 * scale, pos["y"] * 2 * scale)
    assert close(seen, hex_rgb(COLOUR_HEX["red"]), 60), f"the ghost shows {seen}, not the red cat"
    boat_canvas(app).scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "placing_ghost_1400.png"))
    app.locator(".isle-boat").screenshot(path=str(SHOTS / "placing_ghost_boat.png"))  # docs/placing_ghost.png

    # 3. an illegal click (off the boat) says why in one line and moves nothing
    before = boxes(page)
    act_ready(app, lambda: ghost.click(position=cell_centre(0, 0)))
    refused = app.locator(".isle-ghost-info.refused")
    refused.wait_for(timeout=10_000)
    text = refused.inner_text()
    assert "off the boat" in text and "PLACE-1" in text and "(" not in text.replace("(PLACE", ""), text
    assert boxes(page) == before, "the layout moved after an illegal click"
    assert app.locator(".isle-message-error").count() == 0
    assert tiles_on_boat(app) == 1
    page.screenshot(path=str(SHOTS / "placing_refused_1400.png"))
    ghost.focus()
    page.keyboard.press("Tab")
    act_ready(app, lambda: page.keyboard.press("Enter"))
    assert_tiles(app, 2)

    # 4. an Oshax: the prompt asks for its colour first (the buttons are not cut), then the ghost takes it
    next_place(app)
    orange = app.locator("button.isle-oshax-orange")
    orange.wait_for()
    assert orange.evaluate("b => b.scrollWidth <= b.clientWidth"), "the Orange button text is cut"
    assert orange.inner_text().strip() == "Orange"
    act_ready(app, orange.click)
    app.locator(".isle-panel-place", has_text="Your Oshax is orange").wait_for(timeout=10_000)
    place_with_keys(page, app)
    assert_tiles(app, 3)

    # 5. the same at 1024x768: the ghost and its line are still readable
    page.set_viewport_size({"width": 1024, "height": 768})
    boat_canvas(app).scroll_into_view_if_needed()
    app.locator("canvas.isle-ghost-canvas").hover(position=cell_centre(11, 4))
    page.screenshot(path=str(SHOTS / "placing_after_1024.png"))
    assert page_errors == []


@pytest.mark.parametrize("front", ["lab", "notebook7"])
def test_a_click_gives_the_boat_the_keyboard_and_no_key_reaches_the_notebook(front, nb_root, lab_url, page,
                                                                            page_errors):
    """Issue #22 §4: clicking the boat (a real mouse click, not ``.focus()``) gives it the keys: R turns the tile and
    leaves the cell a code cell, the arrows do not scroll the notebook, Tab stays in the boat; a key with Ctrl is the
    page's (Ctrl+S saves the notebook; the boat swallowed it, polish); Esc hands the focus back."""
    from playwright.sync_api import expect

    if front == "lab":
        app = open_app(page, lab_url, nb_root, "zz_placing_keys.ipynb", PLACING)
    else:
        app = run_in_notebook_7(page, lab_url, write_notebook(nb_root, "zz_placing_keys.ipynb", PLACING))
    wait_ready(app)
    wait_for_panel(app, "place")
    ghost = app.locator("canvas.isle-ghost-canvas")
    ghost.scroll_into_view_if_needed()
    box = ghost.bounding_box()
    page.mouse.click(box["x"] + 4, box["y"] + 4)  # the corner: off the grid, so the click places nothing
    focused = "e => document.activeElement === e"
    assert ghost.evaluate(focused), "a click on the boat did not give it the keyboard focus"

    scroller = page.locator(".jp-WindowedPanel-outer, .jp-Notebook").first
    top = scroller.evaluate("e => e.scrollTop")
    ghost_box = app.locator(".isle-ghost")
    orientation = ghost_box.get_attribute("data-orientation")
    act_ready(app, lambda: page.keyboard.press("r"))  # the kernel hears of the turn
    expect(ghost_box).not_to_have_attribute("data-orientation", orientation or "")  # R turned the tile
    for key in ("ArrowDown", "ArrowDown", "PageDown", "Tab", "Tab", "Shift+Tab", "m", "y", "a", "b"):
        page.keyboard.press(key)
    act_ready(app, lambda: page.keyboard.press("Enter"))
    assert ghost.evaluate(focused), "a key took the focus out of the boat"
    assert page.locator(".jp-Notebook .jp-RawCell").count() == 0, "R turned the play cell into a raw cell"
    assert page.locator(".jp-Notebook .jp-MarkdownCell").count() == 0
    assert page.locator(".jp-Notebook .jp-Cell").count() == 1, "a key added or removed a cell"
    assert scroller.evaluate("e => e.scrollTop") == top, "the arrows scrolled the notebook"
    expect(app).to_be_visible()
    assert_tiles(app, 1)  # Enter placed the tile at the spot Tab chose: the keys went to the boat

    notebook = nb_root / "zz_placing_keys.ipynb"
    written = notebook.stat().st_mtime_ns
    page.keyboard.press("Control+s")
    wait_saved(page, notebook, written)
    assert ghost.evaluate(focused), "Ctrl+S took the focus out of the boat"

    page.keyboard.press("Escape")
    assert not ghost.evaluate(focused), "Esc did not hand the focus back"
    expect(page.locator(".jp-Notebook .jp-CodeCell")).to_have_count(1)
    ours = [e for e in page_errors if "filebrowser" not in e and "reading 'schema'" not in e]  # Notebook 7's own
    assert ours == []
