"""A kernel restart in JupyterLab, as a player meets it (issue 22 §4): play a move in ``00_play.ipynb``, restart
the kernel from the Kernel menu, and the old app says so over itself ("This game's kernel was restarted. The game
is saved: run the cell again..."); run the cell again, click “Resume your last game”, and the game stands where it
stood before the restart. Run again without a restart, or run again after a page reload, the cell's old app (still
alive in the kernel: a reload closes no widget) hands its game over to the new one with the same click.

In Voila a reload starts a new kernel: the old page asks the server to shut its kernel down as it goes, so the
reloaded page offers the game and resumes it with one click.

In Voila (marked ``slow``: a second server and a ten-second wait) the page's kernel is shut down on the server,
which only the server can tell: the app says "This game's kernel has stopped ... reload the page", and the
reloaded page resumes the game with one click.

The screenshots (1400x900) go to ``test-artifacts/restart_resume/``: the restarted message and the resume offer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import IDLE, act_ready, assert_whole, click_menu, keep_two, run_all, run_all_cells, started, wait_ready

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "test-artifacts" / "restart_resume"
LOADED = re.compile(r"Loaded your game: You vs greedy bot \(The Isle of Cats\), \d+ moves played\.")


def restart_kernel(page: Any) -> None:
    """Kernel > Restart Kernel..., then Restart in the dialog, as a player does."""
    click_menu(page, "Kernel", re.compile(r"^Restart Kernel…"))
    page.locator(".jp-Dialog button.jp-mod-accept").click()


def run_cell_again(page: Any) -> None:
    """Run > Run All Cells (the play notebook has one code cell)."""
    click_menu(page, "Run", "Run All Cells")


def test_after_a_restart_the_app_says_so_and_one_click_resumes_the_game(page: Any, lab_url: str) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    nb = run_all_cells(page, lab_url, "00_play.ipynb")
    app = nb.locator(".isle-app").last
    wait_ready(app)
    keep_two(app)  # a person's move: the game is saved after it
    before = app.locator(".isle-status-text").inner_text()
    assert before.startswith("Day 1 of 5")

    restart_kernel(page)
    lost = app.locator(".isle-kernel-lost")
    expect(lost).to_be_visible()
    expect(lost).to_have_attribute("data-lost", "restarted")
    expect(lost).to_have_text("This game's kernel was restarted.The game is saved: run the cell again and click "
                              "“Resume your last game” to go on.")
    assert_whole(lost.locator(".isle-kernel-lost-box"), "the restarted message")
    page.screenshot(path=str(SHOTS / "kernel_restarted.png"))

    run_cell_again(page)
    offer = nb.locator(".isle-resume-offer")
    expect(offer).to_be_visible(timeout=60_000)
    app = nb.locator(".isle-app").last
    wait_ready(app)
    expect(offer).to_contain_text("Your last game: You vs greedy bot (The Isle of Cats), day 1 of 5")
    assert_whole(offer, "the resume offer")
    page.screenshot(path=str(SHOTS / "resume_offer.png"))

    act_ready(app, app.locator("button.isle-resume-last").click)
    expect(offer).to_have_count(0)
    expect(app.locator(".isle-status-text")).to_have_text(before)
    expect(app.locator(".isle-message")).to_contain_text(LOADED)

    # the cell run again without a restart: the old output goes, and its game is offered and moves here
    run_cell_again(page)
    expect(offer).to_be_visible(timeout=60_000)
    app = nb.locator(".isle-app").last
    act_ready(app, app.locator("button.isle-resume-last").click)
    expect(app.locator(".isle-status-text")).to_have_text(before)
    expect(app.locator(".isle-message")).to_contain_text("moved here from an earlier app")

    # the page reloaded while the kernel runs: the old app lives on in the kernel (a reload closes no widget), no
    # page shows it, and Run All offers its game, which moves to the new app (issue #32 §2)
    page.on("dialog", lambda dialog: dialog.accept())  # "leave the page?" (the notebook has unsaved outputs)
    page.reload()
    page.wait_for_selector(IDLE, timeout=90_000)
    nb = page.locator(".jp-NotebookPanel:visible")
    run_all(page, started(nb), "00_play.ipynb after a reload")
    offer = nb.locator(".isle-resume-offer")
    expect(offer).to_be_visible(timeout=60_000)
    app = nb.locator(".isle-app").last
    act_ready(app, app.locator("button.isle-resume-last").click)
    expect(offer).to_have_count(0)
    expect(app.locator(".isle-status-text")).to_have_text(before)
    expect(app.locator(".isle-message")).to_contain_text("moved here from an earlier app")
    page.screenshot(path=str(SHOTS / "lab_reload_resumed.png"))

    # the Games dialog names every game in full at 1400x900 with the file browser open (issue #32 §5)
    act_ready(app, app.locator("button.isle-games-button").first.click)
    games = app.locator(".isle-games select").first
    games.scroll_into_view_if_needed()
    room, widest = games.evaluate("""select => {
        const style = getComputedStyle(select), pen = document.createElement("canvas").getContext("2d");
        pen.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [room, Math.max(...Array.from(select.options, option => pen.measureText(option.text).width))];
    }""")
    assert widest <= room, f"a game's name takes {widest:.0f} px in a dropdown of {room:.0f} px"
    page.screenshot(path=str(SHOTS / "lab_games_dialog.png"))


def test_in_voila_a_reloaded_page_resumes_the_game(page: Any, voila_url: str) -> None:
    """A reload leaves Voila's old page: it asks the server to shut its kernel down, so that kernel lets go of the
    game, and the new page's kernel offers it as after a restart (issue #32 §2)."""
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{voila_url}/voila/render/00_play.ipynb")
    app = page.locator(".isle-app").last
    expect(app).to_be_visible(timeout=90_000)
    wait_ready(app)
    keep_two(app)  # a person's move: the game is saved after it
    before = app.locator(".isle-status-text").inner_text()

    page.reload()
    app = page.locator(".isle-app").last
    offer = app.locator(".isle-resume-offer")
    expect(offer).to_be_visible(timeout=90_000)
    wait_ready(app)
    expect(offer).to_contain_text("Your last game: You vs greedy bot (The Isle of Cats), day 1 of 5")
    page.screenshot(path=str(SHOTS / "voila_reload_offer.png"))
    act_ready(app, app.locator("button.isle-resume-last").click)
    expect(offer).to_have_count(0)
    expect(app.locator(".isle-status-text")).to_have_text(before)
    expect(app.locator(".isle-message")).to_contain_text(LOADED)
    expect(app.locator(".isle-message")).not_to_contain_text("moved here")  # from another kernel, now gone


@pytest.mark.slow
def test_in_voila_a_stopped_kernel_is_said_and_the_reloaded_page_resumes(page: Any, voila_url: str) -> None:
    from playwright.sync_api import expect

    address = f"{voila_url}/voila/render/00_play.ipynb"
    page.goto(address)
    app = page.locator(".isle-app").last
    expect(app).to_be_visible(timeout=90_000)
    wait_ready(app)
    keep_two(app)  # a person's move: the game is saved after it
    before = app.locator(".isle-status-text").inner_text()

    config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
    xsrf = "0123456789abcdef0123456789abcdef"  # a cookie and a header that match pass the server's XSRF check
    page.context.add_cookies([{"name": "_xsrf", "value": xsrf, "url": voila_url}])
    reply = page.request.delete(f"{voila_url}/api/kernels/{config['kernelId']}", headers={"X-XSRFToken": xsrf})
    assert reply.status == 204, reply.status
    lost = app.locator(".isle-kernel-lost")
    expect(lost).to_have_text("This game's kernel has stopped.The game is saved: reload the page and click "
                              "“Resume your last game” to go on.", timeout=30_000)

    page.goto(address)
    app = page.locator(".isle-app").last
    expect(app.locator(".isle-resume-offer")).to_be_visible(timeout=90_000)
    wait_ready(app)
    act_ready(app, app.locator("button.isle-resume-last").click)
    expect(app.locator(".isle-status-text")).to_have_text(before)
