"""The play notebook as a Voila app: the boat canvas is drawn (not blank, ipycanvas#322) and the game answers
clicks."""

from __future__ import annotations

from helpers import boat_canvas, canvas_scale, cell_centre, hex_rgb, keep_two, shot, status, wait_for_pixel

from isle_nb.view import ROOM_TINTS


def test_play_notebook_runs_as_a_voila_app(voila_url, page, page_errors):
    from playwright.sync_api import expect

    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith((voila_url, "data:", "blob:")) else None)
    page.goto(f"{voila_url}/voila/render/00_play.ipynb")
    app = page.locator(".isle-app")
    expect(app).to_be_visible(timeout=90_000)
    assert outside == [], f"Voila loaded from outside (a CDN?): {outside}"
    # Voila hides code: the page reads as an app, with no instructions for running cells and no code
    body = page.locator("body").inner_text()
    assert "Run All" not in body and "play_app" not in body and "import" not in body
    canvas = boat_canvas(app)
    expect(canvas).to_be_visible(timeout=30_000)
    canvas.scroll_into_view_if_needed()

    # The printed boat is drawn: a hull cell shows its room tint, not a blank canvas.
    scale = canvas_scale(canvas) * 2
    x, y = (v * scale for v in cell_centre(10, 4, 0.18, 0.18).values())
    tints = [hex_rgb(c) for c in ROOM_TINTS.values()]
    wait_for_pixel(canvas, x, y, tints, "a room's tint on the boat canvas (it looks blank in Voila)", tolerance=8)
    shot(page, "play_voila_01_start")

    # The app answers clicks: keep two cards, the next pack (5 cards) is dealt.
    assert "Day 1 of 5" in status(app)
    keep_two(app)
    expect(app.locator(".isle-panel-draft .isle-card-button")).to_have_count(5, timeout=15_000)
    app.locator(".isle-panel-box").scroll_into_view_if_needed()
    shot(page, "play_voila_02_after_first_pick")
    assert page_errors == []
