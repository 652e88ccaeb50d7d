"""A watcher's page at a class (issue #30 §4): the lobby's "Watch" link opens it, a phone opens it by its address
(``?watch=<table id>``), and both follow a move made at the table live; nothing on the phone scrolls sideways."""

from __future__ import annotations

from typing import Any

from helpers import SHOTS

from isle_nb import remote

PLAY = "voila/render/00_play.ipynb"


def new_page(browser: Any, width: int, height: int) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    return context, context.new_page()


def look(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_watcher_follows_a_table_from_the_lobby_and_on_a_phone(class_pages, browser):
    from playwright.sync_api import expect

    voila, hub = class_pages
    table = remote.create_table(hub, players=["Ann", "bot:greedy"], seed=3)
    ann = remote.join(table.links["Ann"])
    laptop_context, laptop = new_page(browser, 1400, 900)
    phone_context, phone = new_page(browser, 390, 844)
    try:
        laptop.goto(f"{voila}/{PLAY}?lobby", wait_until="commit")
        phone.goto(f"{voila}/{PLAY}?watch={table.id}", wait_until="commit")  # both pages' kernels start at once
        watch = laptop.get_by_role("link", name="Watch").first  # the only table being played
        watch.wait_for(timeout=90_000)
        look(laptop, "watch_00_lobby")
        watch.click()
        for page in (laptop, phone):
            status = page.locator(".isle-watch-status")
            expect(status).to_contain_text("waiting for Ann", timeout=90_000)
        before = ann.seq
        ann.apply(ann.legal_actions()[0])  # Ann keeps two cards of her pack: the watchers see her move arrive
        for page in (laptop, phone):
            expect(page.locator(".isle-watch-status")).not_to_contain_text(f"Move {before}:", timeout=30_000)
            expect(page.locator(".isle-watch-log")).to_contain_text("Ann has picked")
        assert not phone.get_by_role("button").count() and not laptop.get_by_role("button").count()
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        look(laptop, "watch_01_laptop")
        look(phone, "watch_02_phone")
    finally:
        laptop_context.close()
        phone_context.close()
        ann.close()
