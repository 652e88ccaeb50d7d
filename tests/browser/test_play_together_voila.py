"""Two players at one table on a hub, each in their own browser context (separate cookies: separate people) on the
play notebook's Voila page opened with their seat link: a draft round where each screen follows the other's move
live, and a page closed and opened again resumes the seat as it is."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from helpers import keep_two, shot, status

from isle_nb import remote
from isle_nb.hub import running_hub


def open_seat(browser: Any, voila_url: str, link: str) -> tuple[Any, Any, Any]:
    """A new browser context (a separate person) on the Voila page of a seat link: the context, page and app."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(f"{voila_url}/voila/render/00_play.ipynb?{urlencode({'table': link})}")
    app = page.locator(".isle-app")
    app.wait_for(state="visible", timeout=90_000)
    return context, page, app


def test_two_people_play_a_draft_round_each_in_their_own_browser(voila_url, browser):
    from playwright.sync_api import expect

    with running_hub() as hub:
        table = remote.create_table(hub.url, players=["Ann", "Bob"], seed=3)
        ann_context, ann_page, ann = open_seat(browser, voila_url, table.links["Ann"])
        bob_context, bob_page, bob = open_seat(browser, voila_url, table.links["Bob"])
        try:
            assert "Ann" in ann.locator(".isle-player-info").inner_text()
            assert "Bob" in bob.locator(".isle-player-info").inner_text()
            keep_two(ann)
            expect(ann.locator(".isle-status-text")).to_contain_text("waiting for Bob", timeout=30_000)
            shot(ann_page, "play_together_01_ann_waits")
            keep_two(bob)  # Bob's pick passes the packs: Ann's screen shows her next pack without a reload
            expect(ann.locator(".isle-panel-draft .isle-card-button")).to_have_count(5, timeout=30_000)
            expect(bob.locator(".isle-panel-draft .isle-card-button")).to_have_count(5, timeout=30_000)
            shot(bob_page, "play_together_02_bob_next_pack")
            ann_context.close()  # Ann closes her page...
            ann_context, ann_page, ann = open_seat(browser, voila_url, table.links["Ann"])  # ...and opens it again
            expect(ann.locator(".isle-panel-draft .isle-card-button")).to_have_count(5, timeout=30_000)
            assert "your move" in status(ann)
            shot(ann_page, "play_together_03_ann_again")
        finally:
            ann_context.close()
            bob_context.close()
