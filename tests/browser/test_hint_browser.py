"""The Hint button in a real browser (JupyterLab): against the search bot, a click on Hint during the draft lights
up the cards it suggests keeping and shows the suggestion with its reasons, readable on the page; nothing is
played. Screenshot: test-artifacts/screenshots/hint_draft.png."""

from __future__ import annotations

import re

from helpers import SHOTS, act_ready, open_app, status, wait_for_panel

SEARCH = 'from isle_nb import play_app\n\nplay_app(players=["You", "bot:search"], seed=3, bot_delay=0.2)'


def test_hint_lights_up_the_suggested_cards_and_explains(nb_root, lab_url, page, page_errors):
    from playwright.sync_api import expect

    app = open_app(page, lab_url, nb_root, "hint_search.ipynb", SEARCH)
    wait_for_panel(app, "draft")
    assert "Search bot" in app.inner_text()
    before = status(app)
    hint_button = app.locator("button.isle-hint-button")
    hint_button.wait_for()
    assert not hint_button.is_disabled()
    panel = app.locator(".isle-panel-box")
    app.evaluate("e => e.scrollIntoView()")
    top = panel.bounding_box()["y"]
    act_ready(app, hint_button.click, timeout=90)  # the search bot thinks in the kernel
    hint = app.locator(".isle-hint-text").first
    expect(hint, "the hint never appeared").to_have_text(re.compile(r"\S"))
    text = hint.inner_text()
    assert panel.bounding_box()["y"] == top, "the hint moved the decision panel"  # issue #22 §4
    assert text.startswith("Hint:") and "Keep #" in text
    assert "passes on" in text and "fish" in text
    lit = app.locator(".isle-panel-draft button.isle-hint")
    expect(lit, "the two cards to keep are highlighted").to_have_count(2)
    reason = app.locator(".isle-hint-text").first
    box = reason.bounding_box()
    assert box is not None and box["width"] > 200 and box["height"] > 30, "the reason is laid out to be read"
    # the draft's tall panel leaves the reasons the room under it: they are in view at 1400x900 (issue #22 §4)
    assert box["y"] + box["height"] <= page.viewport_size["height"], f"the reasons are below the window: {box}"
    font = reason.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert font >= 12
    assert status(app) == before, "a hint plays nothing"
    SHOTS.mkdir(parents=True, exist_ok=True)
    reason.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "hint_draft.png"))
    assert not page_errors, page_errors
