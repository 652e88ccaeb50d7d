"""The Pocket Cats board on a two-layer ipycanvas ``MultiCanvas`` (tiles below, highlights above), drawn through the
same :func:`isle_nb.widgets.canvas.paint` as the boat widgets, and what it highlights for the seat shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ipycanvas import MultiCanvas

from isle_nb.draw import Item, Scene
from isle_nb.model.pocket.actions import PocketAction, RotateDog, Swap
from isle_nb.model.pocket.board import Cell
from isle_nb.model.pocket.player_view import PocketView, changed_cells
from isle_nb.view.pocket import HEIGHT, LAYERS, WIDTH, cell_at
from isle_nb.widgets.canvas import paint, pin_size, redraw_batch

SCALE = 2.0
"""Canvas pixels per CSS pixel: the board is drawn at twice its on-screen size so it stays sharp on HiDPI screens."""


def highlights(view: PocketView, seen: PocketView | None, actor: str | None, legal: Sequence[PocketAction],
               source: Cell | None, dog: Cell | None) -> dict[str, Any]:
    """What the board marks for the seat shown: the legal targets of the tile to move (``source``, else the flipped
    one), the tile or dog selected, the other tiles or dogs that may be chosen, and what the other player did since
    the seat's last move (``seen``: its view then); ``actor`` is the seat if it must act now, ``legal`` its legal
    actions, ``dog`` the dog chosen to turn."""
    marks: dict[str, Any] = {"targets": [], "selected": None, "options": [], "last_move": []}
    if view.stage == "flip" or actor is None:  # what the other player did since this seat's last move
        marks["last_move"] = sorted({*changed_cells(seen, view), *(view.last_swap or ())})
    if actor is None:
        return marks
    if view.stage == "move" and view.flipped is not None:
        swaps = [a for a in legal if isinstance(a, Swap)]
        moving = source if source is not None else view.flipped
        marks["selected"] = moving
        marks["targets"] = sorted({a.target for a in swaps if a.source == moving})
        others = sorted({a.source for a in swaps if a.source != moving and a.source != view.flipped})
        marks["options"] = others + ([view.flipped] if moving != view.flipped else [])
    elif view.stage == "chief":
        dogs = sorted({a.cell for a in legal if isinstance(a, RotateDog)})
        marks["options"] = [d for d in dogs if d != dog]
        marks["selected"] = dog
    return marks


class BoardCanvas:
    """The board's canvas (``canvas``): it paints a scene's layers, only those that changed, and reports a click on
    a cell to ``on_cell`` (row, column); ``on_ready`` draws it in full once a browser shows it."""

    def __init__(self, on_cell: Callable[[int, int], None], on_ready: Callable[[], None]) -> None:
        self.on_cell = on_cell
        self._drawn: list[tuple[Item, ...] | None] = [None] * len(LAYERS)
        self.canvas = MultiCanvas(len(LAYERS))
        pin_size(self.canvas, WIDTH, HEIGHT, SCALE)
        self.canvas.add_class("pocket-canvas")
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_touch_start(self._on_touch_start)  # a finger sends no mouse event (ipycanvas stops them)
        self.canvas.on_client_ready(on_ready)

    def paint(self, scene: Scene, force: bool = False) -> None:
        """Draw ``scene``; layers whose picture did not change are left alone unless ``force``."""
        layers = [scene.layers[layer] for layer in LAYERS]
        changed = [n for n, items in enumerate(layers) if force or items != self._drawn[n]]
        if not changed:
            return
        # One message per redraw, starting with a fresh switchCanvas (the ipycanvas#322 workaround lives there).
        with redraw_batch():
            for number in changed:
                paint(self.canvas[number], layers[number], scene.width, scene.height, SCALE)
                self._drawn[number] = layers[number]

    def _on_mouse_down(self, x: float, y: float) -> None:
        cell = cell_at(x / SCALE, y / SCALE)  # ipycanvas reports canvas pixels
        if cell is not None:
            self.on_cell(*cell)

    def _on_touch_start(self, touches: list[tuple[float, float]]) -> None:
        """A finger on the board (a phone, a tablet) is a click where it touches."""
        if touches:
            self._on_mouse_down(*touches[0])


__all__ = ["SCALE", "BoardCanvas", "highlights"]
