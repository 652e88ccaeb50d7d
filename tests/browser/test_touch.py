"""Phones and tablets (issue #32 §1): each app as a Voila page in a touch browser shaped like a phone (390x844, like
Playwright's "iPhone 13": touch, mobile, 3 device pixels per CSS pixel) and a tablet (768x1024), played by taps only.

* The Isle of Cats: a cat placed by taps (a first tap shows the ghost and what the spot gives, a second places it; a
  refused spot is explained on the same line; Rotate is a button), then a draft by taps.
* Explore & Draw: a column chosen and a discovery drawn on the sheet by taps (a tap shows it, Place draws it).
* Pocket Cats: a flip and a swap by taps on the board.

At each size: no sideways scrolling, nothing of the app beyond the window's right edge, the boat (or board) scaled
to the width with a canvas of more pixels than it shows (sharp), and every visible button, drop-down and field at
least 44 px tall. The Games dialog and one seat of a hub table (a student's phone) are checked the same way.
Screenshots: test-artifacts/screenshots/touch_*_390.png and touch_*_768.png.
"""

from __future__ import annotations

import re
from typing import Any

from helpers import SHOTS, act_ready, cell_centre, wait_for_panel, wait_ready, wait_until, write_notebook

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
APPS = ".isle-app, .isle-ed-app, .pocket-board"

PLACE_THEN_DRAFT = '''\
from dataclasses import replace
from isle_nb import Game, Tile
from isle_nb.model.isle.state import PlaceTile
from isle_nb.model.isle.bots import GreedyBot
from isle_nb.widgets import GameApp

game = Game.new(["You", "Bot"], seed=1)
pending = (PlaceTile("You", Tile.cat("blue", 409), "bag"),)
GameApp(Game(replace(game.state, pending=pending)), bots={"Bot": GreedyBot()})
'''
EXPLORE_DRAW = '''\
from isle_nb.model.modes import game_mode
from isle_nb.widgets.explore_draw import ExploreDrawApp

ExploreDrawApp(game_mode("explore_draw").new(["You"], 1, difficulty="easy"))
'''
POCKET = '''\
from isle_nb.model.pocket import PocketGame
from isle_nb.widgets.pocket import PocketBoardWidget

PocketBoardWidget(PocketGame.new(clans=("royal claws", "gourmets"), seed=2024))
'''

MEASURE = """(apps) => {
  const shown = (e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden';
  const beyond = [...document.querySelectorAll(apps)].flatMap((app) => [...app.querySelectorAll('*')])
    .filter((e) => shown(e) && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > innerWidth + 1)
    .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`);
  const low = [...document.querySelectorAll(apps)].flatMap((app) => [...app.querySelectorAll('button, select, input')])
    .filter((b) => shown(b) && b.getBoundingClientRect().height < 44)
    .filter((b) => !['checkbox', 'radio', 'hidden'].includes(b.type))
    .map((b) => `${b.textContent.trim() || b.className}: ${Math.round(b.getBoundingClientRect().height)} px`);
  const canvases = [...document.querySelectorAll('canvas.boat-canvas, canvas.pocket-canvas')].filter(shown)
    .map((c) => ({width: c.width, shown: c.getBoundingClientRect().width, right: c.getBoundingClientRect().right}));
  return {scroll: document.scrollingElement.scrollWidth, inner: innerWidth, beyond, low, canvases};
}"""


def open_voila(page: Any, voila_url: str, nb_root: Any, name: str, source: str) -> Any:
    """Write a one-cell notebook and open it as a Voila page; return the app once it is idle."""
    page.goto(f"{voila_url}/voila/render/{write_notebook(nb_root, name, source)}", timeout=120_000)
    app = page.locator(APPS).first
    app.wait_for(state="visible", timeout=120_000)
    wait_ready(app, timeout=90)
    return app


def check_fits(page: Any, name: str) -> dict[str, Any]:
    """At this size: no sideways scroll, nothing beyond the right edge, canvases scaled to the width and sharp,
    buttons, drop-downs and fields 44 px tall; a screenshot. Returns what was measured."""
    found = page.evaluate(MEASURE, APPS)
    width = found["inner"]
    assert found["scroll"] <= width, f"{name}: the page scrolls sideways ({found['scroll']} > {width})"
    assert not found["beyond"], f"{name}: beyond the right edge at {width} px: {found['beyond'][:6]}"
    assert not found["low"], f"{name}: buttons under 44 px tall at {width} px: {found['low'][:6]}"
    for canvas in found["canvases"]:
        assert canvas["right"] <= width and canvas["width"] >= 2 * canvas["shown"], (name, canvas)
    page.screenshot(path=str(SHOTS / f"touch_{name}_{width}.png"), scale="css")
    return found


def ghost_state(app: Any) -> tuple[str, str]:
    """The browser ghost's cell ("x,y") and its judgement of it ("legal", "illegal", "none")."""
    return app.locator(".isle-ghost").evaluate("e => [e.dataset.cell || '', e.dataset.ghost || '']")


def tap_cell(app: Any, x: int, y: int) -> None:
    """Tap the boat's cell (x, y), wherever the boat's scaling puts it."""
    surface = app.locator("canvas.isle-ghost-canvas")
    scale = surface.bounding_box()["width"] / int(surface.evaluate("c => c.width / 2"))
    centre = cell_centre(x, y)
    surface.tap(position={"x": centre["x"] * scale, "y": centre["y"] * scale})


def show_legal_spot(app: Any, cells: list[tuple[int, int]]) -> tuple[int, int]:
    """Tap cells once each until the ghost stands on a legal spot; return that cell."""
    for x, y in cells:
        tap_cell(app, x, y)
        state = wait_until(lambda x=x, y=y: ghost_state(app)[1] if ghost_state(app)[0] == f"{x},{y}" else None,
                           f"the ghost to show the tile at ({x}, {y})")
        if state == "legal":
            return x, y
    raise AssertionError(f"no legal spot among {cells}")


def keep_two_by_taps(app: Any) -> None:
    """Tap Keep on the first two cards of the draft pack shown, then "Keep these 2"."""
    from playwright.sync_api import expect

    buttons = app.locator(".isle-panel-draft .isle-card-button")
    act_ready(app, buttons.nth(0).tap)
    act_ready(app, buttons.nth(1).tap)
    keep = app.locator("button.isle-draft-keep")
    expect(keep).to_be_enabled()
    act_ready(app, keep.tap)


MIDDLE = [(x, y) for y in (4, 5, 3, 6) for x in range(6, 15)]
"""Boat cells tried for a tile, from the middle of the boat."""


def test_isle_of_cats_by_taps_on_a_phone_and_a_tablet(touch_page, voila_url, nb_root, page_errors):
    from playwright.sync_api import expect

    page = touch_page
    app = open_voila(page, voila_url, nb_root, "zz_touch_isle.ipynb", PLACE_THEN_DRAFT)
    wait_for_panel(app, "place")
    app.locator("canvas.isle-ghost-canvas").scroll_into_view_if_needed()
    info = app.locator(".isle-ghost-info")
    expect(info).to_contain_text("Tap your boat")
    found = check_fits(page, "placing")
    assert found["canvases"][0]["shown"] < 392  # the 592 px boat scaled to the phone's width
    page.set_viewport_size(TABLET)
    app.locator(".isle-panel-box").scroll_into_view_if_needed()
    check_fits(page, "placing")
    page.set_viewport_size(PHONE)
    app.locator("canvas.isle-ghost-canvas").scroll_into_view_if_needed()

    # a refused spot: the first tap shows the ghost there, a second one says why on the same line
    tap_cell(app, 0, 0)
    expect(app.locator(".isle-ghost")).to_have_attribute("data-ghost", "illegal")
    tap_cell(app, 0, 0)
    expect(info).to_contain_text("Not allowed")
    # Rotate is a button; the ghost turns where it stands
    orientation = app.locator(".isle-ghost").get_attribute("data-orientation")
    app.locator(".isle-boat button", has_text="Rotate").tap()
    expect(app.locator(".isle-ghost")).not_to_have_attribute("data-orientation", orientation or "")
    # a legal spot: the first tap shows what it gives, the second places the cat
    x, y = show_legal_spot(app, MIDDLE)
    expect(info).to_contain_text("Legal here.")
    expect(app.locator("button.isle-ghost-place")).to_be_enabled()
    page.screenshot(path=str(SHOTS / "touch_ghost_390.png"), scale="css")
    act_ready(app, lambda: tap_cell(app, x, y))
    expect(app.locator(".isle-player-info")).to_contain_text(re.compile(r"\b1 tiles? on your boat"))

    # the draft, by taps, on a tablet
    page.set_viewport_size(TABLET)
    wait_for_panel(app, "draft")
    app.locator(".isle-panel-box").scroll_into_view_if_needed()
    check_fits(page, "draft")
    keep_two_by_taps(app)
    expect(app.locator(".isle-panel-draft .isle-card-button")).to_have_count(5)
    page.set_viewport_size(PHONE)
    app.locator(".isle-panel-box").scroll_into_view_if_needed()
    check_fits(page, "draft")
    # the boat's Rooms toggle wraps under its title to the start of its line: the place "Legal places" keeps while
    # hidden (in the draft) is after it, not an empty gap before it
    title, rooms = app.locator(".isle-boat-title").first, app.locator(".isle-rooms-toggle").first
    rooms.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "touch_boat_draft_390.png"), scale="css")
    title_box, rooms_box = title.bounding_box(), rooms.bounding_box()
    assert title_box is not None and rooms_box is not None
    assert rooms_box["y"] >= title_box["y"] + title_box["height"] - 1  # under the title
    assert abs(rooms_box["x"] - title_box["x"]) < 8, (title_box, rooms_box)
    # the Games dialog (new game, saved games): its drop-downs and fields fit, 44 px tall
    act_ready(app, app.locator("button", has_text="Games").first.tap)
    app.locator(".isle-games").scroll_into_view_if_needed()
    check_fits(page, "games")
    assert page_errors == []


def test_explore_and_draw_discovery_drawn_by_taps(touch_page, voila_url, nb_root, page_errors):
    from playwright.sync_api import expect

    page = touch_page
    app = open_voila(page, voila_url, nb_root, "zz_touch_ed.ipynb", EXPLORE_DRAW)
    expect(app.locator(".isle-ed-card")).to_have_count(12)
    check_fits(page, "explore_draw")
    moves = app.locator(".isle-ed-ready")

    def played() -> int:
        return int(moves.get_attribute("data-moves") or 0)

    def after(count: int, what: str) -> int:
        return wait_until(lambda: played() if played() > count else None, what)

    count = played()
    app.locator("button.isle-ed-column-A").tap()
    count = after(count, "the column chosen")
    for _ in range(12):  # take the cards, then draw the first discovery
        take = app.locator("button.isle-ed-take:visible")
        decline = app.locator("button.isle-bonus-decline:visible")
        if decline.count():
            decline.first.tap()
        elif take.count():
            take.first.tap()
        else:
            app.locator("canvas.isle-ghost-canvas").scroll_into_view_if_needed()
            show_legal_spot(app, MIDDLE)
            page.screenshot(path=str(SHOTS / "touch_ed_ghost_390.png"), scale="css")
            app.locator("button.isle-ghost-place").tap()  # Place, the other way to place by touch
            after(count, "the discovery drawn")
            break
        count = after(count, "the next move")
    else:
        raise AssertionError("no discovery to draw came")
    page.set_viewport_size(TABLET)
    app.locator("canvas.boat-canvas").scroll_into_view_if_needed()
    check_fits(page, "explore_draw")
    assert page_errors == []


def test_pocket_cats_flip_and_swap_by_taps(touch_page, voila_url, nb_root, page_errors):
    from playwright.sync_api import expect

    from isle_nb.model.pocket import Flip, PocketGame, Swap
    from isle_nb.view.pocket import WIDTH
    from isle_nb.view.pocket import cell_centre as pocket_centre

    game = PocketGame.new(clans=("royal claws", "gourmets"), seed=2024)
    game.apply(Flip("Player 1", (0, 0)))
    target = sorted(a.target for a in game.legal_actions("Player 1") if isinstance(a, Swap))[0]

    page = touch_page
    board = open_voila(page, voila_url, nb_root, "zz_touch_pocket.ipynb", POCKET)
    canvas = board.locator("canvas").last
    canvas.scroll_into_view_if_needed()
    found = check_fits(page, "pocket")
    assert found["canvases"][0]["shown"] < WIDTH  # scaled to the phone's width
    scale = canvas.bounding_box()["width"] / WIDTH
    status = board.locator(".pocket-status")

    def tap(cell: tuple[int, int]) -> None:
        x, y = pocket_centre(cell)
        canvas.tap(position={"x": x * scale, "y": y * scale})

    act_ready(board, lambda: tap((0, 0)))
    expect(status).to_contain_text("swap")
    act_ready(board, lambda: tap(target))
    expect(board.locator(".pocket-log")).to_contain_text("Player 1 swaps")
    page.set_viewport_size(TABLET)
    check_fits(page, "pocket")
    assert page_errors == []


def test_a_seat_of_a_hub_table_on_a_phone(touch_page, voila_url, page_errors):
    """A student's phone on the play page opened with their seat link: the draft by taps, and the page fits."""
    from urllib.parse import urlencode

    from playwright.sync_api import expect

    from isle_nb import remote
    from isle_nb.hub import running_hub

    page = touch_page
    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=3)
        page.goto(f"{voila_url}/voila/render/00_play.ipynb?{urlencode({'table': table.links['Ann']})}",
                  timeout=120_000)
        app = page.locator(".isle-app")
        app.wait_for(state="visible", timeout=120_000)
        wait_for_panel(app, "draft")
        app.locator(".isle-panel-box").scroll_into_view_if_needed()
        check_fits(page, "hub_seat")
        keep_two_by_taps(app)
        expect(app.locator(".isle-status-text")).to_contain_text("waiting for Bob", timeout=30_000)
        page.set_viewport_size(TABLET)
        check_fits(page, "hub_seat")
    assert page_errors == []
