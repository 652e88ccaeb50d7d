"""Pocket Cats in a real browser: run notebook 11 in JupyterLab, flip a tile and swap it on the canvas.

The notebook's last cell is a board for Player 1 against a greedy bot, seeded (seed 2024). This test builds the same
game in-process to know which cells the model will highlight, clicks on the canvas like a player, and checks that
the model changed (the status and log update, the bot answers) and that the pixels changed.
"""

from __future__ import annotations

import io

from helpers import (
    SHOTS,
    act_ready,
    canvas_scale,
    hex_rgb,
    run_all_cells,
    wait_for_pixel,
    wait_ready,
    wait_until,
    write_notebook,
)

from isle_nb.model.pocket import Flip, PocketGame, PocketGreedyBot, Swap, play_pocket
from isle_nb.view.pocket import BACK, BOARD, CELL, GAP, LEFT, TARGET, TOP, cell_centre, cell_origin
from isle_nb.widgets.pocket import SCALE

NOTEBOOK = "11_pocket_cats.ipynb"


def _image(locator):  # type: ignore[no-untyped-def]
    from PIL import Image

    return Image.open(io.BytesIO(locator.screenshot())).convert("RGB")


def _wait_for_pixel(locator, x: float, y: float, colour: str, what: str) -> None:  # type: ignore[no-untyped-def]
    wait_for_pixel(locator, x, y, [hex_rgb(colour)], what, tolerance=12)


def _wait_for_change(frame, before, what: str):  # type: ignore[no-untyped-def]
    """Wait until the board's picture differs from ``before`` (the browser draws what the kernel sent); return it."""
    def changed():  # type: ignore[no-untyped-def]
        image = _image(frame)
        return image if image.tobytes() != before.tobytes() else None

    return wait_until(changed, what)


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
    expect(status).to_contain_text("choose a face-down tile", timeout=30_000)

    # The same game, in-process: it tells which cells the model will highlight.
    game = PocketGame.new(clans=("royal claws", "gourmets"), seed=2024)
    flip = (0, 0)
    game.apply(Flip("Player 1", flip))
    targets = sorted(a.target for a in game.legal_actions("Player 1") if isinstance(a, Swap))
    target = targets[0]

    x, y = cell_origin(flip)
    _wait_for_pixel(frame, (x + 2) * scale, (y + CELL / 2) * scale, BACK, "a face-down tile")  # drawn
    before = _image(frame)

    wait_ready(board)
    cx, cy = cell_centre(flip)
    act_ready(board, lambda: canvas.click(position={"x": cx * scale, "y": cy * scale}))
    expect(status).to_contain_text("swap")
    tx, ty = cell_origin(target)
    _wait_for_pixel(frame, (tx + 1) * scale, (ty + CELL / 2) * scale, TARGET, "the legal target highlighted")
    flipped = _image(frame)
    SHOTS.mkdir(parents=True, exist_ok=True)
    flipped.save(SHOTS / "pocket_board_after_flip.png")
    assert flipped.tobytes() != before.tobytes()

    cx, cy = cell_centre(target)
    act_ready(board, lambda: canvas.click(position={"x": cx * scale, "y": cy * scale}))  # and the bot's answer
    expect(status).to_contain_text("turn 3 of 24")  # our swap ended turn 1; the bot played turn 2
    log = board.locator(".pocket-log")
    expect(log).to_contain_text("Player 1 swaps")
    expect(log).to_contain_text("Player 2 flips")
    after = _wait_for_change(frame, flipped, "the board redrawn after the swap and the bot's flip")
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


def test_pocket_end_of_game_is_shown_step_by_step(nb_root, lab_url, page, page_errors) -> None:  # type: ignore[no-untyped-def]
    from playwright.sync_api import expect

    # The same game, in-process: the cells the dogs' step is about (framed on the board when it is shown).
    game = PocketGame.new(clans=("royal claws", "gourmets"), seed=49)
    play_pocket(game, [PocketGreedyBot(49), PocketGreedyBot(50)])
    steps = game.view("Player 1").end.steps
    dogs = next(step for step in steps if step.title == "The dogs attack")
    framed = next(cell for cell in dogs.cells if all(cell not in step.cells for step in steps[:2]))

    nb = run_all_cells(page, lab_url, write_notebook(nb_root, "_pocket_end.ipynb", END_CELL))
    board = nb.locator(".pocket-board").last
    expect(board).to_be_visible(timeout=30_000)
    frame = board.locator(".pocket-canvas").first
    scale = canvas_scale(board.locator("canvas").last) * SCALE
    label = board.locator(".pocket-step-label")
    text = board.locator(".pocket-step-text")
    expect(label).to_contain_text("step 1 of", timeout=30_000)
    expect(text).to_contain_text("Last tile placed")
    wait_ready(board)
    gap = (LEFT + CELL + GAP / 2) * scale, (TOP + CELL / 2) * scale  # between the first two columns
    _wait_for_pixel(frame, *gap, BOARD, "the board drawn")
    first = _image(frame)
    next_button = board.get_by_role("button", name="Next step")
    for number in (2, 3):
        act_ready(board, next_button.click)
        expect(label).to_contain_text(f"step {number} of")
    expect(text).to_contain_text("The dogs attack")
    x, y = cell_origin(framed)
    _wait_for_pixel(frame, (x + 1) * scale, (y + CELL / 2) * scale, TARGET, "the dogs' step drawn (its cells framed)")
    bitten = _image(frame)
    assert bitten.tobytes() != first.tobytes()  # chased cats now show a red cross
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "pocket_end_dogs_attack.png"))
    act_ready(board, board.get_by_role("button", name="Last step").click)
    expect(text).to_contain_text("points")
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
    _wait_for_pixel(frame, (x + 2) * scale, (y + CELL / 2) * scale, BACK, "a face-down tile")
    wait_ready(board)
    cx, cy = cell_centre((0, 0))
    act_ready(board, lambda: canvas.click(position={"x": cx * scale, "y": cy * scale}))
    expect(board.locator(".pocket-status")).to_contain_text("swap")
    SHOTS.mkdir(parents=True, exist_ok=True)
    _image(frame).save(SHOTS / "pocket_board_voila.png")
    assert page_errors == []
