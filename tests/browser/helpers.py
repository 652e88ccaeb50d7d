"""Helpers for real-browser tests (see conftest.py for the fixtures).

Playwright is imported lazily, so importing this module never fails on machines without it
(the tests are then skipped by conftest.py).
"""

from __future__ import annotations

import io
import re
import time
from typing import Any

IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"


def run_all_cells(page: Any, lab_url: str, nb_path: str, timeout_ms: int = 120_000) -> Any:
    """Open ``nb_path`` (relative to nb_root) in JupyterLab, run all cells, wait until done.

    Returns the locator of the visible notebook panel; scope further locators to it.
    """
    from playwright.sync_api import expect

    # ?reset ignores any saved workspace (otherwise an earlier tab may be restored and run instead).
    page.goto(f"{lab_url}/lab/tree/{nb_path}?reset")
    page.wait_for_selector(IDLE, timeout=90_000)
    expect(page.locator(".jp-StatusBar-Widget").filter(has_text="Idle").first).to_be_visible(timeout=90_000)
    nb = page.locator(".jp-NotebookPanel:visible")
    first_prompt = nb.locator(".jp-CodeCell .jp-InputArea-prompt").first
    # Race: a Run All sent right after the kernel connects is occasionally dropped; retry.
    for _ in range(3):
        page.get_by_role("menuitem", name="Run").first.click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        try:
            expect(first_prompt).to_have_text(re.compile(r"\[\d+\]:"), timeout=15_000)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError(f"Run All Cells never started in {nb_path}")
    running = nb.locator(".jp-CodeCell .jp-InputArea-prompt", has_text="[*]")
    expect(running).to_have_count(0, timeout=timeout_ms)
    expect(page.locator(IDLE)).to_be_visible(timeout=timeout_ms)
    return nb


def canvas_scale(canvas: Any) -> float:
    """CSS pixels per canvas pixel for a <canvas> locator (canvases may be stretched by the layout)."""
    box = canvas.bounding_box()
    assert box is not None, "canvas is not visible"
    return box["width"] / int(canvas.get_attribute("width"))


def pixel(locator: Any, x: float, y: float) -> tuple[int, int, int]:
    """RGB of the element screenshot at CSS-pixel offset (x, y); multiply canvas coords by canvas_scale()."""
    from PIL import Image

    img = Image.open(io.BytesIO(locator.screenshot())).convert("RGB")
    return img.getpixel((int(x), int(y)))


def hover_until_legal(app: Any, surface: Any, positions: list[dict[str, float]], timeout: float = 5.0) -> int:
    """Hover ``surface`` at each position until the browser-side ghost reports "legal"; return that index.

    The ghost overlay (``.isle-ghost``) sets ``data-ghost`` to "legal" or "illegal" once it has judged the spot
    from the model's precomputed legal placements.
    """
    ghost = app.locator(".isle-ghost")
    for index, position in enumerate(positions):
        surface.hover(position=position)
        deadline = time.monotonic() + timeout
        state = ""
        while time.monotonic() < deadline:
            state = ghost.get_attribute("data-ghost") or ""
            if state in ("legal", "illegal"):
                break
            time.sleep(0.05)
        if state == "legal":
            return index
    raise AssertionError("no legal spot found among the candidate positions")


READY = ".isle-ready"
"""The apps' ready signal (isle_nb.widgets.ready): data-ready="yes" when idle and awaiting input, data-settled
counts how often the app became so."""


def settled(app: Any) -> int:
    """How many times the app (a locator) has become idle so far (0 before its signal is drawn)."""
    signal = app.locator(READY).last
    if not signal.count():
        return 0
    return int(signal.get_attribute("data-settled") or 0)


def wait_ready(app: Any, after: int = 0, timeout: float = 60.0) -> int:
    """Wait until the app is idle and awaiting input, having settled more than ``after`` times; return the count.

    Raises with the app's message line when the app does not settle in ``timeout`` seconds (never returns
    silently)."""
    signal = app.locator(READY).last
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if signal.count() and signal.get_attribute("data-ready") == "yes":
            count = int(signal.get_attribute("data-settled") or 0)
            if count > after:
                return count
        time.sleep(0.05)
    state = signal.get_attribute("data-ready") if signal.count() else "missing"
    message = app.locator(".isle-message").first
    words = message.inner_text() if message.count() else ""
    raise AssertionError(f"the app did not settle in {timeout:.0f} s (ready: {state}, settled: {settled(app)}, "
                         f"after: {after}); message: {words!r}")


def act_ready(app: Any, do: Any, timeout: float = 60.0) -> int:
    """Do something to the app (a click), then wait until the kernel has handled it and the app is idle again."""
    before = settled(app)
    do()
    return wait_ready(app, before, timeout)


WHOLE = """e => { const cut = [];
  for (const x of [e, ...e.querySelectorAll('*')]) {
    const s = getComputedStyle(x);
    if (s.display === 'none' || !['hidden', 'clip', 'auto', 'scroll'].includes(s.overflowX + '') &&
        !['hidden', 'clip', 'auto', 'scroll'].includes(s.overflowY + '')) continue;
    if (x.scrollWidth > x.clientWidth + 1 || x.scrollHeight > x.clientHeight + 1) cut.push(x.className || x.tagName);
  }
  return cut; }"""
"""JavaScript: the elements inside ``e`` (itself included) that clip or scroll what they hold."""


def assert_whole(locator: Any, what: str) -> None:
    """``locator``'s text is shown whole: nothing inside it is cut off or hidden behind a scrollbar."""
    cut = locator.evaluate(WHOLE)
    assert cut == [], f"{what} is cut: {cut}"
