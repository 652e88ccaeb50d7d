"""Helpers for real-browser tests (see conftest.py for the fixtures).

Every wait here waits for what the test needs (the app's ready signal, a panel, a pixel, a saved file), never for a
fixed time, and a wait that times out fails the test with a message saying what it waited for. Playwright is imported
lazily, so importing this module never fails on machines without it (the tests are then skipped by conftest.py).
"""

from __future__ import annotations

import io
import os
import re
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import nbformat

from isle_nb.view import MARGIN

T = TypeVar("T")
REPO = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("SHOTS_DIR", REPO / "test-artifacts" / "screenshots"))  # as conftest.py
IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
CELL = 26  # the apps' boat cell size in CSS pixels
POLL = 0.05  # seconds between two looks at something only Python can read (a pixel, a file)


def wait_until(check: Callable[[], T | None], what: str, timeout: float = 30.0,
               seen: Callable[[], object] | None = None) -> T:
    """Look at ``check()`` until it returns something other than None or False, and return that.

    After ``timeout`` seconds fail with ``what`` (the thing waited for) and, if given, what ``seen()`` shows then.
    """
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found is not None and found is not False:
            return found
        if time.monotonic() >= deadline:
            shown = ""
            if seen is not None:
                try:
                    shown = f"; seen: {seen()!r}"
                except Exception as error:  # what was seen must never hide what was waited for
                    shown = f"; could not see more: {error}"
            raise AssertionError(f"waited {timeout:.0f} s for {what}{shown}")
        time.sleep(POLL)


# ---- notebooks ------------------------------------------------------------------------------------


def write_notebook(root: Path, name: str, *sources: str) -> str:
    """A notebook of code cells in the served folder; returns its path relative to the folder."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, root / name)
    return name


def started(nb: Any) -> Any:
    """The first code cell's prompt of a notebook panel once a run has started: it shows [*] (running) or [1]."""
    return nb.locator(".jp-CodeCell .jp-InputArea-prompt").first.filter(has_text=re.compile(r"\[(\d+|\*)\]:"))


def dismiss_dialogs(page: Any) -> None:
    """Close what JupyterLab may put over the page before a click: a dialog asking for the kernel again (on a loaded
    machine) gets the kernel it offers; any other dialog (an error from an extension, say) is dismissed."""
    for _ in range(3):
        dialog = page.locator(".jp-Dialog").first
        try:
            if not dialog.is_visible():
                return
            if "Select Kernel" in dialog.inner_text(timeout=2_000):
                dialog.locator(".jp-Dialog-button.jp-mod-accept").first.click(timeout=5_000)
            else:
                page.keyboard.press("Escape")
            dialog.wait_for(state="detached", timeout=5_000)
        except Exception:  # the dialog went away by itself meanwhile: look again
            continue


def click_menu(page: Any, menu: str, item: str | re.Pattern[str], attempts: int = 4) -> None:
    """Choose ``menu`` > ``item`` from JupyterLab's (or Notebook 7's) menu bar, as a player does: wait for the menu,
    dismiss any dialog that may cover it (:func:`dismiss_dialogs`), and if a click still lands on something else,
    close the half-open menu and try again (``attempts`` times)."""
    from playwright.sync_api import Error as PlaywrightError

    top = page.locator(".lm-MenuBar").get_by_role("menuitem", name=menu, exact=True).first
    entry = page.locator(".lm-Menu").get_by_role("menuitem", name=item, exact=isinstance(item, str)).first
    top.wait_for(state="visible", timeout=60_000)
    last = None
    for _ in range(attempts):
        dismiss_dialogs(page)
        try:
            top.click(timeout=5_000)
            entry.click(timeout=5_000)
            return
        except PlaywrightError as error:
            last = error
            page.keyboard.press("Escape")  # closes a menu left open; a dialog is looked for again
    raise AssertionError(f"could not choose {menu} > {item} in {attempts} tries: {last}")


def run_all(page: Any, until: Any, where: str, timeout_ms: int = 15_000) -> None:
    """Run All Cells from the menu until ``until`` (a locator that a started run shows) is visible.

    A Run All sent right after the kernel connects is occasionally dropped: it is sent again, three times at most.
    """
    from playwright.sync_api import expect

    for _ in range(3):
        click_menu(page, "Run", "Run All Cells")
        try:
            expect(until).to_be_visible(timeout=timeout_ms)
            return
        except AssertionError:
            continue
    raise AssertionError(f"Run All Cells never started in {where}")


def open_notebook(page: Any, lab_url: str, nb_path: str) -> Any:
    """Open ``nb_path`` (relative to the served folder) in JupyterLab and wait until its kernel is idle; return the
    locator of the visible notebook panel."""
    from playwright.sync_api import expect

    # ?reset ignores any saved workspace (otherwise an earlier tab may be restored and run instead).
    page.goto(f"{lab_url}/lab/tree/{nb_path}?reset")
    page.wait_for_selector(IDLE, timeout=90_000)
    expect(page.locator(".jp-StatusBar-Widget").filter(has_text="Idle").first).to_be_visible(timeout=90_000)
    return page.locator(".jp-NotebookPanel:visible")


def run_all_cells(page: Any, lab_url: str, nb_path: str, timeout_ms: int = 120_000) -> Any:
    """Open ``nb_path`` (relative to nb_root) in JupyterLab, run all cells, wait until done.

    Returns the locator of the visible notebook panel; scope further locators to it.
    """
    from playwright.sync_api import expect

    nb = open_notebook(page, lab_url, nb_path)
    run_all(page, started(nb), nb_path)
    running = nb.locator(".jp-CodeCell .jp-InputArea-prompt", has_text="[*]")
    expect(running).to_have_count(0, timeout=timeout_ms)
    expect(page.locator(IDLE)).to_be_visible(timeout=timeout_ms)
    return nb


def run_in_notebook_7(page: Any, lab_url: str, name: str) -> Any:
    """Open the served notebook ``name`` in Notebook 7 and run all cells once its kernel is idle; return the app."""
    from playwright.sync_api import expect

    page.goto(f"{lab_url}/notebooks/{name}")
    page.wait_for_selector(".jp-NotebookPanel", timeout=90_000)
    page.wait_for_selector(IDLE, timeout=90_000)
    run_all(page, started(page.locator(".jp-NotebookPanel")), name)
    app = page.locator(".isle-app")
    expect(app).to_be_visible(timeout=90_000)  # the kernel imports the package and builds the app first
    return app


def boat_canvas(app: Any) -> Any:
    """The boat's <canvas> element (the MultiCanvas renders as one canvas)."""
    return app.locator("canvas.boat-canvas")


def open_app(page: Any, lab_url: str, nb_root: Path, name: str, source: str) -> Any:
    """Write a one-cell notebook, run it in JupyterLab (no cell writes to stderr); return the app's locator."""
    return run_app(page, lab_url, write_notebook(nb_root, name, source))


def run_app(page: Any, lab_url: str, nb_path: str) -> Any:
    """Run the served notebook ``nb_path`` in JupyterLab (no cell writes to stderr); return its app's locator."""
    from playwright.sync_api import expect

    nb = run_all_cells(page, lab_url, nb_path)
    errors = nb.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    app = nb.locator(".isle-app")
    expect(app).to_be_visible(timeout=60_000)
    expect(boat_canvas(app)).to_be_visible()
    return app


def wait_saved(page: Any, notebook: Path, written_before: int, timeout: float = 30.0) -> int:
    """Wait until JupyterLab has written ``notebook`` again (after ``written_before``, an ``st_mtime_ns``), has
    finished writing it and shows no unsaved changes; return the new ``st_mtime_ns``.

    The server writes in place after copying the old file to ``.~<name>``, so the file's time changes when the write
    starts: a save is over only once that copy is gone and the file's time and size held still for one look.
    """
    backup = notebook.with_name(f".~{notebook.name}")
    last: list[tuple[int, int]] = []

    def saved() -> int | None:
        stat = notebook.stat()
        seen, last[:] = last[:], [(stat.st_mtime_ns, stat.st_size)]
        if stat.st_mtime_ns <= written_before or backup.exists() or seen != last:
            return None
        return None if page.locator(".lm-TabBar-tab.jp-mod-dirty").count() else stat.st_mtime_ns

    return wait_until(saved, f"JupyterLab to save {notebook.name}", timeout)


def shot(page: Any, name: str, show: str = ".isle-panel-box") -> Path:
    """Save a screenshot of the page under test-artifacts/screenshots/, with ``show`` scrolled into view."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    target = page.locator(f".isle-app {show}").first
    if target.count():
        target.scroll_into_view_if_needed()
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


# ---- pixels -----------------------------------------------------------------------------------------


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


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as a tuple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 30) -> bool:
    """Whether two colours are nearly the same."""
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def wait_for_pixel(locator: Any, x: float, y: float, colours: Iterable[tuple[int, int, int]], what: str,
                   tolerance: int = 30, timeout: float = 30.0) -> tuple[int, int, int]:
    """Wait until the element shows one of ``colours`` at CSS-pixel offset (x, y) (the browser draws a canvas a
    moment after the kernel sent it); return the colour seen. ``what`` names the picture waited for."""
    wanted = list(colours)
    last: list[tuple[int, int, int]] = []

    def drawn() -> tuple[int, int, int] | None:
        last[:] = [pixel(locator, x, y)]
        return last[0] if any(close(last[0], colour, tolerance) for colour in wanted) else None

    return wait_until(drawn, f"{what} at ({x:.0f}, {y:.0f})", timeout, seen=lambda: last)


# ---- the boat ---------------------------------------------------------------------------------------


def cell_centre(x: int, y: int, fx: float = 0.5, fy: float = 0.5) -> dict[str, float]:
    """CSS-pixel position inside cell (x, y) of the boat canvas."""
    return {"x": MARGIN + (x + fx) * CELL, "y": MARGIN + (y + fy) * CELL}


def hover_until_legal(app: Any, surface: Any, cells: list[tuple[int, int]], timeout: float = 15.0) -> int:
    """Hover ``surface`` over each cell until the browser-side ghost says "legal" there; return that cell's index.

    The ghost overlay (``.isle-ghost``) sets ``data-cell`` to the cell under the mouse and ``data-ghost`` to "legal"
    or "illegal" once it has judged that spot from the model's precomputed legal placements: each cell waits for that
    judgement (a judgement of the cell hovered before never counts).
    """
    ghost = app.locator(".isle-ghost")
    marks = "e => [e.dataset.cell || '', e.dataset.ghost || '']"
    for index, (x, y) in enumerate(cells):
        surface.hover(position=cell_centre(x, y))

        def judged(x: int = x, y: int = y) -> str | None:
            cell, state = ghost.evaluate(marks)
            return state if cell == f"{x},{y}" and state in ("legal", "illegal") else None

        if wait_until(judged, f"the ghost to judge cell ({x}, {y})", timeout, seen=lambda: ghost.evaluate(marks)) \
                == "legal":
            return index
    raise AssertionError(f"no legal spot found among the cells {cells}")


# ---- the ready signal (isle_nb.widgets.ready) --------------------------------------------------------

READY = ".isle-ready"
"""The apps' ready signal (isle_nb.widgets.ready): data-ready="yes" when idle and awaiting input, data-settled
counts how often the app became so."""


def settled(app: Any) -> int:
    """How many times the app (a locator) has become idle so far (0 before its signal is drawn)."""
    signal = app.locator(READY).last
    if not signal.count():
        return 0
    return int(signal.get_attribute("data-settled") or 0)


def ready_state(app: Any) -> tuple[str, int]:
    """The app's signal as the page shows it: ("yes" or "no", how often it settled); ("missing", 0) before."""
    signal = app.locator(READY).last
    if not signal.count():
        return "missing", 0
    return signal.get_attribute("data-ready") or "", int(signal.get_attribute("data-settled") or 0)


def message(app: Any) -> str:
    """The app's message line (what went wrong, when something did)."""
    line = app.locator(".isle-message").first
    return line.inner_text() if line.count() else ""


def wait_ready(app: Any, after: int = 0, timeout: float = 60.0) -> int:
    """Wait until the app is idle and awaiting input, having settled more than ``after`` times; return the count.

    Fails with the app's state and message line when the app does not settle in ``timeout`` seconds."""
    def idle() -> int | None:
        state, count = ready_state(app)
        return count if state == "yes" and count > after else None

    return wait_until(idle, f"the app to settle more than {after} times",
                      timeout, seen=lambda: (*ready_state(app), message(app)))


def act_ready(app: Any, do: Callable[[], object], timeout: float = 60.0) -> int:
    """Do something to the app (a click), then wait until the kernel has handled it and the app is idle again.

    The app must be idle before, with every earlier click handled: each click that reaches the kernel goes through
    here (or through a wait for a panel after a panel-changing act), else the count read first may be stale."""
    before = settled(app)
    do()
    return wait_ready(app, before, timeout)


# ---- the game's panels ---------------------------------------------------------------------------------


def status(app: Any) -> str:
    """The app's status line."""
    return app.locator(".isle-status-text").inner_text()


def wait_for_panel(app: Any, *kinds: str, timeout: float = 60.0) -> str:
    """Wait until the app is idle with one of these panels shown (``draft``, ``buy``, ``rescue-turn``...); return
    which."""
    def shown() -> str | None:
        if ready_state(app)[0] != "yes":
            return None
        return next((kind for kind in kinds if app.locator(f".isle-panel-{kind}").count()), None)

    return wait_until(shown, f"one of the panels {kinds} in an idle app", timeout,
                      seen=lambda: (status(app), *ready_state(app), message(app)))


def act_and_wait(app: Any, do: Callable[[], object]) -> None:
    """Do something to the current panel, then wait until the app is idle and has replaced that panel."""
    panel = app.locator(".isle-panel-box .isle-panel").first.element_handle()
    act_ready(app, do)  # the kernel handled it and the bots are done
    panel.wait_for_element_state("hidden", timeout=30_000)


def confirm_pass(app: Any) -> None:
    """Click Pass, and Yes when the app asks (it asks when something else could still be done)."""
    from playwright.sync_api import expect

    act_ready(app, app.locator("button.isle-pass").click)
    if app.locator("button.isle-pass:disabled").count():  # asking: the question and Yes stand beside it
        yes = app.locator("button.isle-confirm-yes")
        expect(yes).to_be_visible()
        act_ready(app, yes.click)


def pick_two(app: Any) -> Any:
    """Pick the first two cards of the draft pack shown; the "Keep these 2" button, enabled."""
    from playwright.sync_api import expect

    wait_for_panel(app, "draft")
    buttons = app.locator(".isle-panel-draft .isle-card-button")
    act_ready(app, buttons.nth(0).click)
    act_ready(app, buttons.nth(1).click)
    keep = app.locator("button.isle-draft-keep")
    expect(keep).to_be_enabled(timeout=10_000)
    return keep


def keep_two(app: Any) -> None:
    """Keep the first two cards of the draft pack shown."""
    act_and_wait(app, pick_two(app).click)


def draft_all(app: Any) -> None:
    """Three draft rounds: keep the first two cards each time."""
    from playwright.sync_api import expect

    for remaining in (7, 5, 3):
        wait_for_panel(app, "draft")
        expect(app.locator(".isle-panel-draft .isle-card-button"), f"a pack of {remaining}").to_have_count(remaining)
        keep_two(app)


def buy_one(app: Any) -> None:
    """Buy one drafted card: a rescue card if there is one (to play it next), else the first."""
    from playwright.sync_api import expect

    wait_for_panel(app, "buy")
    labels = app.locator(".isle-panel-buy .isle-card > div:first-child b").all_inner_texts()
    index = labels.index("Rescue") if "Rescue" in labels else 0
    act_ready(app, app.locator(".isle-panel-buy .isle-card-button").nth(index).click)
    confirm = app.locator("button.isle-buy-confirm")
    expect(confirm).to_have_text(re.compile(r"^\s*Buy 1 card"), timeout=10_000)
    act_and_wait(app, confirm.click)


CANDIDATE_CELLS = [(10, 4), (11, 4), (9, 4), (12, 4), (10, 3), (11, 5), (8, 4), (13, 4), (7, 4), (14, 4), (10, 5)]
"""Boat cells tried in turn for a tile (the middle of the printed boats first)."""


def place_by_clicking(page: Any, app: Any, shot_name: str = "") -> tuple[tuple[int, int], str]:
    """Hover candidate cells until the ghost (drawn in the browser) is legal, click there and wait until the app has
    handled it; ``shot_name``: a screenshot of the ghost first.

    Returns the cell and the tile's colour ('' for a treasure).
    """
    from isle_nb.model.parts.tiles import COLOUR_HEX

    wait_for_panel(app, "place")
    canvas = boat_canvas(app)
    canvas.scroll_into_view_if_needed()
    text = app.locator(".isle-boat-status").inner_text()
    colour = next((c for c in COLOUR_HEX if f"{c} cat" in text), "")
    top = app.locator("canvas.isle-ghost-canvas")  # lies exactly over the boat canvas and gets the mouse
    cell = CANDIDATE_CELLS[hover_until_legal(app, top, CANDIDATE_CELLS)]
    if shot_name:
        shot(page, shot_name, "canvas.boat-canvas")
    act_ready(app, lambda: top.click(position=cell_centre(*cell)))
    return cell, colour


def start_rescue(app: Any, choose_all: bool = True, seen: Callable[[], None] | None = None) -> None:
    """After buying: play a blue lesson if asked, choose every rescue card in hand (unless not ``choose_all``) and
    go on to the rescue; ``seen()`` is called when the choice of rescue cards shows."""
    if wait_for_panel(app, "lessons", "rescue-choice") == "lessons":
        act_and_wait(app, lambda: app.locator("button.isle-colour-blue").click())
        wait_for_panel(app, "rescue-choice")
    if seen is not None:
        seen()
    for button in app.locator(".isle-panel-rescue-choice .isle-card-button").all() if choose_all else ():
        act_ready(app, button.click)
    act_and_wait(app, app.locator("button.isle-rescue-play").click)


def play_to_the_next_day(app: Any, rescue: Callable[[Any], None], place: Callable[[], None],
                         before_pass: Callable[[str], None] | None = None) -> None:
    """Play the rest of a day's rescue and rare finds until the next day's draft.

    ``rescue(cats)`` is called at the first rescue turn where cats can be rescued (``cats``: their buttons) and
    rescues one; ``place()`` places each tile to place; map bonuses are declined; every other rescue turn and the
    rare finds are passed (``before_pass(kind)`` is called first, when given).
    """
    rescued = False
    for _ in range(40):
        kind = wait_for_panel(app, "rescue-turn", "place", "map-bonus", "rare-finds", "draft", timeout=90)
        if kind == "draft":
            return
        cats = app.locator("button.isle-cat-button:visible")
        if kind == "rescue-turn" and not rescued and cats.count():
            rescue(cats)
            rescued = True
        elif kind == "place":
            place()
        elif kind == "map-bonus":
            act_and_wait(app, lambda: app.locator("button.isle-bonus-decline").click())
        else:
            if before_pass is not None:
                before_pass(kind)
            act_and_wait(app, lambda: confirm_pass(app))
    raise AssertionError(f"the next day's draft did not come in 40 decisions; status: {status(app)!r}")


# ---- layout -----------------------------------------------------------------------------------------------

WHOLE = """e => { const cut = [];
  for (const x of [e, ...e.querySelectorAll('*')]) {
    const s = getComputedStyle(x);
    if (s.display === 'none' || !['hidden', 'clip', 'auto', 'scroll'].includes(s.overflowX + '') &&
        !['hidden', 'clip', 'auto', 'scroll'].includes(s.overflowY + '')) continue;
    if (x.scrollWidth > x.clientWidth + 1 || x.scrollHeight > x.clientHeight + 1) cut.push(x.className || x.tagName);
  }
  return cut; }"""
"""JavaScript: the elements inside ``e`` (itself included) that clip or scroll what they hold."""


def assert_no_inner_scroll(panel: Any, what: str) -> None:
    """The decision panel shows all its choices: nothing in it is scrolled out of its box."""
    height, room = panel.evaluate("e => [e.scrollHeight, e.clientHeight]")
    assert height <= room + 1, f"{what}: the panel scrolls inside ({height} px of content in {room} px)"


def assert_whole(locator: Any, what: str) -> None:
    """``locator``'s text is shown whole: nothing inside it is cut off or hidden behind a scrollbar."""
    cut = locator.evaluate(WHOLE)
    assert cut == [], f"{what} is cut: {cut}"
