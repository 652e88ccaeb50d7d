"""What the bot did since your last move is marked on the page (issue #22 §4), at 1400x900 with JupyterLab's file
browser open: after the bot rescued a cat, the island's last line names the cats gone from the fields, and the
Other boats tab (titled "(new)") outlines the bot's new tiles. Screenshots: ``changes_*.png`` in
test-artifacts/screenshots/."""

from __future__ import annotations

from typing import Any

from helpers import (
    act_and_wait,
    buy_one,
    confirm_pass,
    draft_all,
    place_by_clicking,
    run_all_cells,
    shot,
    wait_for_panel,
    write_notebook,
)

from isle_nb.view import CHANGED

PLAY = 'from isle_nb import play_app\n\nplay_app(["You", "bot:greedy"], seed=11, bot_delay=0.1)'
NEW_TILES = "Other boats (new)"


def marked(app: Any) -> bool:
    """Whether the tabs say another boat changed since the player's last move."""
    return app.get_by_role("tab", name=NEW_TILES).count() > 0


def test_the_bots_rescue_is_marked_on_the_island_and_its_boat(nb_root, lab_url, page, page_errors):
    from playwright.sync_api import expect

    nb = run_all_cells(page, lab_url, write_notebook(nb_root, "zz_changes.ipynb", PLAY))
    app = nb.locator(".isle-app")
    expect(app).to_be_visible(timeout=60_000)
    assert page.locator(".jp-FileBrowser").first.is_visible(), "the file browser is closed"
    wait_for_panel(app, "draft")
    draft_all(app)
    buy_one(app)
    if wait_for_panel(app, "lessons", "rescue-choice") == "lessons":
        act_and_wait(app, lambda: app.locator("button.isle-colour-blue").click())
        wait_for_panel(app, "rescue-choice")
    assert not marked(app), "marked before the bot placed anything"
    act_and_wait(app, app.locator("button.isle-rescue-play").click)
    rescued = 0
    for _ in range(30):
        kind = wait_for_panel(app, "rescue-turn", "place", "map-bonus", "rare-finds", "draft", timeout=90)
        if rescued and marked(app):
            break
        assert kind != "draft", "the day ended before the bot rescued a cat after one of yours"
        cats = app.locator("button.isle-cat-button:visible")
        if kind == "rescue-turn" and cats.count() and not rescued:
            act_and_wait(app, cats.first.click)
        elif kind == "place":
            act_and_wait(app, lambda: place_by_clicking(page, app))
            rescued += 1
        elif kind == "map-bonus":
            act_and_wait(app, lambda: app.locator("button.isle-bonus-decline").click())
        else:
            act_and_wait(app, lambda: confirm_pass(app))
    assert marked(app), "the bot's new tiles were never marked"
    line = app.locator(".isle-changed-line")
    expect(line).to_be_visible()
    expect(line).to_contain_text("Since your last move:")
    expect(line).to_contain_text("gone from the fields")
    page.mouse.move(1, 1)
    shot(page, "changes_01_island_1400", ".isle-changed-line")
    app.get_by_role("tab", name=NEW_TILES).click()
    picture = app.locator(".isle-other-boat")
    expect(picture).to_contain_text("placed since your last move")
    assert picture.locator(f'svg line[stroke="{CHANGED}"]').count() > 0
    shot(page, "changes_02_other_boat_1400", ".isle-other-boat svg")
    assert app.locator(".isle-message-error").count() == 0, app.locator(".isle-message").inner_text()
    assert page_errors == []
