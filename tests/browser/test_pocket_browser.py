"""Pocket Cats in a real browser: run notebook 11 in JupyterLab, flip a tile and swap it on the canvas.

The notebook's last cell is a board for Player 1 against a greedy bot, seeded (seed 2024). This test builds the same
game in-process to know which cells the model will highlight, clicks on the canvas like a player, and checks that
the model changed (the status and log update, the bot answers) and that the pixels changed.
"""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

from helpers import canvas_scale, run_all_cells

from isle_nb.model.pocket import Flip, PocketGame, Swap
from isle_nb.view.pocket import BACK, CELL, TARGET, cell_centre, cell_origin
from isle_nb.widgets.pocket import SCALE

NOTEBOOK = "11_pocket_cats.ipynb"
SHOTS = Path(os.environ.get("SHOTS_DIR", Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"))


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _image(locator):  # type: ignore[no-untyped-def]
    from PIL import Image

    return Image.open(io.BytesIO(locator.screenshot())).convert("RGB")


def _close(a: tuple[int, int, int], b: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _wait_for_pixel(locator, x: float, y: float, colour: str, timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        seen = _image(locator).getpixel((int(x), int(y)))
        if _close(seen, _rgb(colour)):
            return
        time.sleep(0.25)
    raise AssertionError(f"pixel ({x:.0f}, {y:.0f}) is {seen}, expected {colour}")


def test_pocket_board_flip_and_swap_in_jupyterlab(nb_root, lab_url, page, page_errors) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    assert (nb_root / NOTEBOOK).exists()
    nb = run_all_cells(page, lab_url, NOTEBOOK)
    errors = nb.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, f"a cell wrote to stderr:\n{errors.first.inner_text()}"

    board = nb.locator(".pocket-board").last
    expect(board).to_be_visible(timeout=30_000)
    board.scroll_into_view_if_needed()
    canvas = board.locator("canvas").last  # the top layer receives the mouse
    expect(canvas).to_be_visible(timeout=30_000)
    scale = canvas_scale(canvas) * SCALE  # CSS pixels per scene pixel (the canvas is drawn at SCALE x)
    frame = board.locator(".pocket-canvas").first
    status = board.locator(".pocket-status")
    expect(status).to_contain_text("click a face-down tile", timeout=30_000)

    # The same game, in-process: it tells which cells the model will highlight.
    game = PocketGame.new(clans=("royal claws", "gourmets"), seed=2024)
    flip = (0, 0)
    game.apply(Flip("Player 1", flip))
    targets = sorted(a.target for a in game.legal_actions("Player 1") if isinstance(a, Swap))
    target = targets[0]

    x, y = cell_origin(flip)
    _wait_for_pixel(frame, (x + 2) * scale, (y + CELL / 2) * scale, BACK)  # drawn: a face-down tile
    before = _image(frame)

    cx, cy = cell_centre(flip)
    canvas.click(position={"x": cx * scale, "y": cy * scale})
    expect(status).to_contain_text("swap", timeout=20_000)
    tx, ty = cell_origin(target)
    _wait_for_pixel(frame, (tx + 1) * scale, (ty + CELL / 2) * scale, TARGET)  # the legal target is highlighted
    flipped = _image(frame)
    SHOTS.mkdir(parents=True, exist_ok=True)
    flipped.save(SHOTS / "pocket_board_after_flip.png")
    assert flipped.tobytes() != before.tobytes()

    cx, cy = cell_centre(target)
    canvas.click(position={"x": cx * scale, "y": cy * scale})
    expect(status).to_contain_text("turn 3 of 24", timeout=20_000)  # our swap ended turn 1; the bot played turn 2
    log = board.locator(".pocket-log")
    expect(log).to_contain_text("Player 1 swaps", timeout=20_000)
    expect(log).to_contain_text("Player 2 flips", timeout=20_000)
    time.sleep(0.5)
    after = _image(frame)
    after.save(SHOTS / "pocket_board_after_swap.png")
    assert after.tobytes() != flipped.tobytes()
    assert board.locator(".pocket-message").inner_text().strip() == ""
    assert page_errors == []


END_CELL = """\
from isle_nb.model.pocket import PocketGame, PocketGreedyBot, play_pocket
from isle_nb.widgets.pocket import PocketBoardWidget

game = PocketGame.new(clans=("royal claws", "gourmets"), seed=49)
play_pocket(game, [PocketGreedyBot(49), PocketGreedyBot(50)])
PocketBoardWidget(game)
"""


def test_pocket_end_of_game_is_shown_step_by_step(tmp_path, nb_root, lab_url, page, page_errors) -> None:  # type: ignore[no-untyped-def]
    import nbformat
    from playwright.sync_api import expect

    notebook = nbformat.v4.new_notebook(
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    )
    notebook.cells = [nbformat.v4.new_code_cell(END_CELL)]
    nbformat.write(notebook, nb_root / "_pocket_end.ipynb")

    nb = run_all_cells(page, lab_url, "_pocket_end.ipynb")
    board = nb.locator(".pocket-board").last
    expect(board).to_be_visible(timeout=30_000)
    frame = board.locator(".pocket-canvas").first
    label = board.locator(".pocket-step-label")
    text = board.locator(".pocket-step-text")
    expect(label).to_contain_text("step 1 of", timeout=30_000)
    expect(text).to_contain_text("Last tile placed")
    time.sleep(0.5)
    first = _image(frame)
    next_button = board.get_by_role("button", name="Next step")
    for number in (2, 3):
        next_button.click()
        expect(label).to_contain_text(f"step {number} of", timeout=20_000)
    expect(text).to_contain_text("The dogs attack")
    time.sleep(0.5)
    bitten = _image(frame)
    assert bitten.tobytes() != first.tobytes()  # chased cats now show a red cross
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "pocket_end_dogs_attack.png"))
    board.get_by_role("button", name="Last step").click()
    expect(text).to_contain_text("points", timeout=20_000)
    expect(board.locator(".pocket-status")).to_contain_text("Game over")
    assert page_errors == []


def test_pocket_board_draws_in_voila(voila_url, page, page_errors) -> None:  # type: ignore[no-untyped-def]
    """Voila connects after every cell ran: the board is drawn by on_client_ready (with the ipycanvas#322 fix)."""
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/voila/render/{NOTEBOOK}", timeout=120_000)
    board = page.locator(".pocket-board").last
    expect(board).to_be_visible(timeout=120_000)
    board.scroll_into_view_if_needed()
    frame = board.locator(".pocket-canvas").first
    canvas = board.locator("canvas").last
    scale = canvas_scale(canvas) * SCALE  # CSS pixels per scene pixel (the canvas is drawn at SCALE x)
    x, y = cell_origin((0, 0))
    _wait_for_pixel(frame, (x + 2) * scale, (y + CELL / 2) * scale, BACK)
    cx, cy = cell_centre((0, 0))
    canvas.click(position={"x": cx * scale, "y": cy * scale})
    expect(board.locator(".pocket-status")).to_contain_text("swap", timeout=20_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    _image(frame).save(SHOTS / "pocket_board_voila.png")
    assert page_errors == []
