"""Play the last day of a solo Explore & Draw game in JupyterLab by clicks, and check the end screen.

The notebook prepares the game (days 1-6 played by the greedy bot with no special, seed 1) and shows the app; the
browser then ticks the special "1 additional card from any other column" on the sheet, picks on the island a column
and a card that include an ``or`` card, takes the bottom of the ``or`` card (a picture of it shows beside the
button), draws every discovery on the boat sheet where the browser ghost says it is legal (declining map bonuses),
and waits for the end screen: the winner, scores by category and by lesson, Rematch and New game. Every step waits
for the app's ready mark (``.isle-ed-ready``: the number of moves, set last in each redraw), never a fixed sleep, so
the test holds on a loaded machine. Screenshots go to test-artifacts/screenshots/ed_*.png (1400x900, and the end at
1024x768).
"""

from __future__ import annotations

import re
from typing import Any

from helpers import (
    SHOTS,
    boat_canvas,
    cell_centre,
    hover_until_legal,
    message,
    run_all_cells,
    wait_until,
    write_notebook,
)

from isle_nb.model.explore_draw.actions import ChooseCards
from isle_nb.model.explore_draw.data import island_card
from isle_nb.model.modes import game_mode

SEED = 1
PREPARE = f"""from isle_nb.model.modes import game_mode
from isle_nb.widgets.explore_draw import ExploreDrawApp

mode = game_mode("explore_draw")
game = mode.new(["You"], {SEED}, difficulty="easy")
bot = mode.bots["greedy"]({SEED})
while game.view("You").day < 7:  # days 1-6 by the bot, without specials
    game.apply(bot.choose(game, "You", [a for a in game.legal_actions("You") if not getattr(a, "special", None)]))
ExploreDrawApp(game)"""


def prepared() -> Any:
    """The same game as the notebook's, in this process: what the island offers on day 7."""
    mode = game_mode("explore_draw")
    game = mode.new(["You"], SEED, difficulty="easy")
    bot = mode.bots["greedy"](SEED)
    while game.view("You").day < 7:
        game.apply(bot.choose(game, "You", [a for a in game.legal_actions("You") if not getattr(a, "special", None)]))
    return game


def moves(app: Any) -> int:
    return int(app.locator(".isle-ed-ready").get_attribute("data-moves"))


def wait_moves(app: Any, more_than: int, timeout: float = 60.0) -> int:
    """Wait for the ready mark to show more than ``more_than`` moves (the screen has been redrawn after them)."""
    def moved() -> int | None:
        found = moves(app)
        return found if found > more_than else None

    return wait_until(moved, f"a move after move {more_than} (the ready mark's data-moves)", timeout,
                      seen=lambda: (moves(app), message(app)))


def test_play_the_last_day_with_an_or_card_and_a_special_then_the_end_screen(nb_root, lab_url, page, page_errors):
    from playwright.sync_api import expect

    game = prepared()
    island = dict(game.view("You").island)
    target = next(a for a in game.legal_actions("You") if isinstance(a, ChooseCards) and a.special == "extra_card"
                  and any(island_card(island[s]).keyword == "or" for s in a.slots))
    boat = game.view("You").seats[0].boat
    taken = {cell for placed in boat.tiles for cell in placed.cells}
    free = sorted((c for c in boat.cells if c not in taken), key=lambda c: (abs(c[1] - 6), abs(c[0] - 10)))

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1024, "height": 768})
    nb = run_all_cells(page, lab_url, write_notebook(nb_root, "zz_explore_draw.ipynb", PREPARE))
    app = nb.locator(".isle-ed-app")
    expect(app).to_be_visible(timeout=60_000)
    expect(app.locator(".isle-ed-card")).to_have_count(12)
    expect(app.locator(".isle-ed-ready")).to_have_attribute("data-moves", str(len(game.actions)), timeout=60_000)
    column_d = app.locator("button.isle-ed-column-D")
    column_d.scroll_into_view_if_needed()
    box, panel = column_d.bounding_box(), nb.bounding_box()
    assert box is not None and panel is not None and box["x"] + box["width"] <= panel["x"] + panel["width"]
    page.screenshot(path=str(SHOTS / "ed_00_island_1024.png"))
    app.locator(".isle-ed-lessons").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "ed_00_sheet_1024.png"))
    page.set_viewport_size({"width": 1400, "height": 900})
    app.locator(".isle-ed-island").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "ed_01_island_1400.png"))

    app.locator("button.isle-ed-extra_card").click()  # tick the special on the sheet ...
    for slot in target.slots:  # ... and pick its cards on the island
        pick = app.locator(f"button.isle-ed-pick-{slot}")
        expect(pick).to_be_visible(timeout=30_000)
        pick.click()
        expect(pick).to_have_class(re.compile("mod-active"), timeout=30_000)
    page.screenshot(path=str(SHOTS / "ed_02_special_picked.png"))
    count = moves(app)
    app.locator("button.isle-ed-choose-picked").click()
    count = wait_moves(app, count)
    expect(app.locator("button.isle-ed-extra_card")).to_contain_text("\u2611")

    took_or = False
    for _ in range(40):
        if app.locator(".isle-ed-ready").get_attribute("data-over") == "true":
            break
        bottom = app.locator("button.isle-ed-take:visible", has_text="Take the bottom")
        decline = app.locator("button.isle-bonus-decline:visible")
        if decline.count():
            decline.first.click()
        elif bottom.count():
            app.locator(".isle-ed-tray").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "ed_03_or_card.png"))
            bottom.first.click()
            took_or = True
        elif app.locator("button.isle-ed-take:visible").count():
            app.locator("button.isle-ed-take:visible").first.click()
        else:  # a discovery to draw: hover until the ghost is legal, then click there
            canvas = boat_canvas(app)
            canvas.scroll_into_view_if_needed()
            top = app.locator("canvas.isle-ghost-canvas")
            spot = hover_until_legal(app, top, free)
            top.click(position=cell_centre(*free[spot]))
            page.mouse.move(1, 1)
        count = wait_moves(app, count)
    assert took_or, "the bottom of an or card was taken"

    end = app.locator(".isle-ed-end")
    expect(end).to_be_visible(timeout=60_000)
    expect(end.locator(".isle-winner")).to_contain_text("Game over")
    expect(end.locator(".isle-final-table")).to_contain_text("rare treasures")
    expect(end.locator(".isle-ed-by-lesson")).to_be_visible()
    expect(end.locator("button.isle-rematch")).to_be_visible()
    expect(end.locator("button.isle-new-game")).to_be_visible()
    end.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "ed_04_end_1400.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    end.locator(".isle-winner").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "ed_05_end_1024.png"))
    assert app.locator(".isle-message-error").count() == 0
    assert page_errors == []
