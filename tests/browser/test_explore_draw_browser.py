"""Play the first day of Explore & Draw in JupyterLab by clicks: choose column A (three one-cat cards of the
printed deck with seed 3), take each card from the "to resolve" tray (the first one is also taken back with Undo
and taken again with Redo), draw each cat on the boat sheet where the browser ghost says it is legal, and check
that the sheet shows the drawn cats in their colours. Screenshots go to test-artifacts/screenshots/ed_*.png."""

from __future__ import annotations

import io
import time
from typing import Any

from helpers import hover_until_legal, run_all_cells
from PIL import Image
from test_play_lab import boat_canvas, cell_centre, shot
from test_play_modes import write_notebook

from isle_nb.model.tiles import COLOUR_HEX

SOURCE = 'from isle_nb import play_app\n\nplay_app(mode="explore_draw", players=["You", "bot:greedy"], seed=3)'
CANDIDATES = [(x, y) for y in (4, 3, 5, 2, 6) for x in range(4, 18)]


def wait_text(locator: Any, text: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while text not in locator.inner_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert text in locator.inner_text(), locator.inner_text()


def wait_change(locator: Any, before: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while locator.inner_text() == before and time.monotonic() < deadline:
        time.sleep(0.1)


def test_play_the_first_day_by_clicks(nb_root, lab_url, page, page_errors):
    from playwright.sync_api import expect

    nb = run_all_cells(page, lab_url, write_notebook(nb_root, "zz_explore_draw.ipynb", SOURCE))
    app = nb.locator(".isle-ed-app")
    expect(app).to_be_visible(timeout=60_000)
    expect(app.locator(".isle-ed-card")).to_have_count(12)
    status = app.locator(".isle-ed-status")
    wait_text(status, "Day 1 of 7")
    shot(page, "ed_01_island", ".isle-ed-card")

    before = app.locator(".isle-ed-status").inner_text()
    app.locator("button.isle-ed-column-A").click()
    wait_change(status, before)
    drawn: list[tuple[tuple[int, int], str]] = []
    colours = {"116": "green", "110": "orange", "081": "red"}  # column A of seed 3: three one-cat cards
    for _ in range(3):
        take = app.locator("button.isle-ed-take:visible").first
        take.wait_for(timeout=30_000)
        log = app.locator(".isle-ed-log")
        text_before = log.inner_text()
        take.click()
        wait_change(log, text_before)
        if not drawn:  # Undo puts the card back in the tray, Redo takes it again
            messages = app.locator(".isle-message")
            app.locator("button.isle-undo").click()
            wait_text(messages, "Taken back: taking the card in slot")
            expect(app.locator("button.isle-ed-draw:visible")).to_have_count(0, timeout=30_000)
            app.locator("button.isle-redo").click()
            wait_text(messages, "Played again.")
        expect(app.locator("button.isle-ed-draw:visible")).to_have_count(1, timeout=30_000)
        card = app.locator("button.isle-ed-draw:visible").first.inner_text()
        canvas = boat_canvas(app)
        canvas.scroll_into_view_if_needed()
        top = app.locator("canvas.isle-ghost-canvas")
        cell = CANDIDATES[hover_until_legal(app, top, [cell_centre(*c) for c in CANDIDATES])]
        shot(page, f"ed_0{2 + len(drawn)}_ghost", "canvas.boat-canvas")
        text_before = log.inner_text()
        top.click(position=cell_centre(*cell))
        wait_change(log, text_before)
        colour = next(c for c in colours.values() if c in card)
        drawn.append((cell, colour))
        page.mouse.move(1, 1)
    wait_text(status, "Day 2 of 7")
    canvas = boat_canvas(app)
    canvas.scroll_into_view_if_needed()
    time.sleep(0.5)
    shot(page, "ed_05_sheet_after_day_1", "canvas.boat-canvas")
    image = Image.open(io.BytesIO(canvas.screenshot())).convert("RGB")
    for cell, colour in drawn:  # the cat is drawn in pen: its colour shows in the cell (letter, hatch or outline)
        want = tuple(int(COLOUR_HEX[colour][i: i + 2], 16) for i in (1, 3, 5))
        box = cell_centre(*cell, fx=0.0, fy=0.0), cell_centre(*cell, fx=1.0, fy=1.0)
        inked = [
            image.getpixel((x, y))
            for x in range(int(box[0]["x"]), int(box[1]["x"]))
            for y in range(int(box[0]["y"]), int(box[1]["y"]))
        ]
        assert any(sum(abs(a - b) for a, b in zip(p, want, strict=True)) < 60 for p in inked), (cell, colour)
    assert app.locator(".isle-message-error").count() == 0
    assert page_errors == []
