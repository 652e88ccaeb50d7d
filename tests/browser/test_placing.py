"""Placing tiles in JupyterLab like a person: with the keyboard only (Tab to a legal spot, Enter places), with the
mouse (the ghost shows the tile's own colour; an illegal click is explained in one line and moves nothing), and an
Oshax whose colour is asked in the prompt. Screenshots of the ghost at 1400x900 and 1024x768 go to
test-artifacts/screenshots/placing_*.png (docs/placing_ghost.png is one of them).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from helpers import IDLE, pixel, wait_ready
from test_play_lab import SHOTS, boat_canvas, cell_centre, close, hex_rgb, wait_for_panel
from test_play_modes import open_app, write_notebook

from isle_nb.model.tiles import COLOUR_HEX

PLACING = '''\
from dataclasses import replace
from isle_nb import Game, Tile
from isle_nb.model.state import PlaceTile
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


def wait_tiles(app: Any, count: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while tiles_on_boat(app) != count and time.monotonic() < deadline:
        time.sleep(0.1)
    assert tiles_on_boat(app) == count, app.locator(".isle-player-info").inner_text()


def next_place(app: Any) -> None:
    """Wait for the next tile to place, declining a treasure-map bonus on the way (its choices are in the prompt)."""
    if wait_for_panel(app, "place", "map-bonus") == "map-bonus":
        app.locator(".isle-panel-map-bonus button.isle-bonus-decline").click()
        wait_for_panel(app, "place")


def ghost_state(app: Any, want: str, timeout: float = 5.0) -> str:
    ghost = app.locator(".isle-ghost")
    deadline = time.monotonic() + timeout
    state = ""
    while time.monotonic() < deadline:
        state = ghost.get_attribute("data-ghost") or ""
        if state == want:
            break
        time.sleep(0.05)
    return state


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
    assert ghost_state(app, "legal") == "legal", "Tab did not bring the ghost to a legal spot"
    info = app.locator(".isle-ghost-info").inner_text()
    page.keyboard.press("Enter")
    return info


def test_placing_by_keyboard_mouse_and_prompt(nb_root, lab_url, page, page_errors):
    app = open_app(page, lab_url, nb_root, "zz_placing.ipynb", PLACING)
    wait_for_panel(app, "place")
    boat_canvas(app).scroll_into_view_if_needed()

    # 1. keyboard only: Tab steps to a legal spot and says what it gives; the arrows stay on legal spots; Enter places
    ghost = app.locator("canvas.isle-ghost-canvas")
    ghost.focus()
    page.keyboard.press("Tab")
    assert ghost_state(app, "legal") == "legal"
    first = app.locator(".isle-ghost").get_attribute("data-cell")
    page.keyboard.press("ArrowRight")
    assert ghost_state(app, "legal") == "legal"
    page.keyboard.press("Tab")
    assert app.locator(".isle-ghost").get_attribute("data-cell") != first
    info = app.locator(".isle-ghost-info").inner_text()
    assert info.startswith("Legal here.") and "room" in info, info
    page.screenshot(path=str(SHOTS / "placing_keyboard_1400.png"))
    page.keyboard.press("Enter")
    wait_tiles(app, 1)

    # 2. the ghost shows the red cat itself (its colour), and says what the spot gives
    next_place(app)
    ghost.focus()
    page.keyboard.press("Tab")
    assert ghost_state(app, "legal") == "legal"
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
    ghost.click(position=cell_centre(0, 0))
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
    page.keyboard.press("Enter")
    wait_tiles(app, 2)

    # 4. an Oshax: the prompt asks for its colour first (the buttons are not cut), then the ghost takes it
    next_place(app)
    orange = app.locator("button.isle-oshax-orange")
    orange.wait_for()
    assert orange.evaluate("b => b.scrollWidth <= b.clientWidth"), "the Orange button text is cut"
    assert orange.inner_text().strip() == "Orange"
    orange.click()
    app.locator(".isle-panel-place", has_text="Your Oshax is orange").wait_for(timeout=10_000)
    place_with_keys(page, app)
    wait_tiles(app, 3)

    # 5. the same at 1024x768: the ghost and its line are still readable
    page.set_viewport_size({"width": 1024, "height": 768})
    boat_canvas(app).scroll_into_view_if_needed()
    app.locator("canvas.isle-ghost-canvas").hover(position=cell_centre(11, 4))
    page.screenshot(path=str(SHOTS / "placing_after_1024.png"))
    assert page_errors == []


def open_in_notebook_7(page: Any, lab_url: str, name: str) -> Any:
    """Open the served notebook ``name`` in Notebook 7, run all cells, return the app."""
    from playwright.sync_api import expect

    page.goto(f"{lab_url}/notebooks/{name}")
    page.wait_for_selector(".jp-NotebookPanel", timeout=90_000)
    page.wait_for_selector(IDLE, timeout=90_000)
    for _ in range(3):  # a Run All sent right after the kernel connects is occasionally dropped
        page.get_by_role("menuitem", name="Run").first.click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        try:
            expect(page.locator(".isle-app")).to_be_visible(timeout=30_000)
            break
        except AssertionError:
            continue
    return page.locator(".isle-app")


@pytest.mark.parametrize("front", ["lab", "notebook7"])
def test_a_click_gives_the_boat_the_keyboard_and_no_key_reaches_the_notebook(front, nb_root, lab_url, page,
                                                                            page_errors):
    """Issue #22 §4: clicking the boat (a real mouse click, not ``.focus()``) gives it the keys: R turns the tile and
    leaves the cell a code cell, the arrows do not scroll the notebook, Tab stays in the boat; Esc hands the focus
    back."""
    from playwright.sync_api import expect

    if front == "lab":
        app = open_app(page, lab_url, nb_root, "zz_placing_keys.ipynb", PLACING)
    else:
        app = open_in_notebook_7(page, lab_url, write_notebook(nb_root, "zz_placing_keys.ipynb", PLACING))
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
    page.keyboard.press("r")
    expect(ghost_box).not_to_have_attribute("data-orientation", orientation or "")  # R turned the tile
    for key in ("ArrowDown", "ArrowDown", "PageDown", "Tab", "Tab", "Shift+Tab", "m", "y", "a", "b", "Enter"):
        page.keyboard.press(key)
    assert ghost.evaluate(focused), "a key took the focus out of the boat"
    assert page.locator(".jp-Notebook .jp-RawCell").count() == 0, "R turned the play cell into a raw cell"
    assert page.locator(".jp-Notebook .jp-MarkdownCell").count() == 0
    assert page.locator(".jp-Notebook .jp-Cell").count() == 1, "a key added or removed a cell"
    assert scroller.evaluate("e => e.scrollTop") == top, "the arrows scrolled the notebook"
    expect(app).to_be_visible()
    wait_tiles(app, 1)  # Enter placed the tile at the spot Tab chose: the keys went to the boat

    page.keyboard.press("Escape")
    assert not ghost.evaluate(focused), "Esc did not hand the focus back"
    expect(page.locator(".jp-Notebook .jp-CodeCell")).to_have_count(1)
    ours = [e for e in page_errors if "filebrowser" not in e and "reading 'schema'" not in e]  # Notebook 7's own
    assert ours == []
