"""The Pocket Cats board as a picture: a :class:`~isle_nb.draw.Scene` of rectangles, texts, polygons, lines and
circles in canvas pixels.

The canvas widget paints the scene with :func:`isle_nb.widgets.canvas.paint`; :func:`pocket_png` draws the very same
scene with Pillow for static pictures (notebooks, docs), and ``to_svg`` works too, so they always agree. The layer
``board`` holds the board and the tiles, ``highlights`` the highlights (legal targets, the selected tile, the last
move).

Every clan colour also carries its two-letter abbreviation, and prey and dogs are named on the tile, so nothing
depends on colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from math import cos, pi, sin
from typing import TYPE_CHECKING, Any

from isle_nb.draw import Circle, Item, Polygon, Polyline, Rect, Scene, Text, to_image, to_png
from isle_nb.model.pocket.board import SIZE, STEP, Cell, Grid, Square, cell_of, dog_arrows, index
from isle_nb.model.pocket.tiles import CLANS, PocketTile

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

    from isle_nb.model.pocket.game import PocketGame
    from isle_nb.model.pocket.player_view import PocketView, VisibleSquare

CELL = 80
"""Width and height of one tile, in canvas pixels."""
GAP = 6
LEFT = 26
"""Room for the row numbers on the left and the column letters on top."""
TOP = 26
PAD = 10
WIDTH = LEFT + SIZE * CELL + (SIZE - 1) * GAP + PAD
HEIGHT = TOP + SIZE * CELL + (SIZE - 1) * GAP + PAD

BOARD = "#efe6d2"
LABEL = "#5d4a36"
BACK = "#2b4162"
BACK_LINE = "#5b7db1"
BACK_MARK = "#8fb3e6"
PREY_FILL = {"mouse": "#d7ccc8", "pigeon": "#b3d4f0", "fly": "#d5e8b5"}
INK = "#3e2723"
DOG_FILL = "#f3e0c0"
ARROW = "#c62828"
STAR = "#ffd54f"
TARGET = "#ffb300"
"""Legal targets (and the cells an end-game step is about)."""
SELECTED = "#00b8d4"
"""The tile flipped this turn (or the tile chosen to move)."""
OPTION = "#64dd17"
"""Other tiles that may be chosen (another prey for the Polterkitties, a dog for the Royal Claws chief)."""
LAST_MOVE = "#e040fb"
ELIMINATED = "#e53935"


LAYERS = ("board", "highlights")
"""The scene's layers, bottom to top: the board and its tiles, then the highlights (the widget's two canvases)."""


def _rect(x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
          line_width: float = 1.0) -> Rect:
    """A rectangle whose outline lies inside its edges (on the canvas as in Pillow)."""
    return Rect(x, y, w, h, fill, stroke, line_width, stroke_inside=True)


def _text(x: float, y: float, text: str, size: int, fill: str, bold: bool = False) -> Text:
    """A centred label; bold on the canvas and in SVG, plain glyphs in PNG pictures (no faux-bold outline)."""
    return Text(x, y, text, fill, size, bold, stroke_width=0)


def _line(start: tuple[float, float], end: tuple[float, float], stroke: str, line_width: float) -> Polyline:
    """A straight stroke with flat ends."""
    return Polyline((start, end), stroke, line_width)


# -- geometry ---------------------------------------------------------------------------------------------------
def cell_origin(cell: Cell) -> tuple[int, int]:
    """The top-left canvas pixel of a cell's tile."""
    return LEFT + cell[1] * (CELL + GAP), TOP + cell[0] * (CELL + GAP)


def cell_at(x: float, y: float) -> Cell | None:
    """The cell under canvas pixel (x, y), or ``None`` between tiles and outside the grid."""
    col, dx = divmod(x - LEFT, CELL + GAP)
    row, dy = divmod(y - TOP, CELL + GAP)
    if not (0 <= row < SIZE and 0 <= col < SIZE) or dx >= CELL or dy >= CELL:
        return None
    return int(row), int(col)


def cell_centre(cell: Cell) -> tuple[float, float]:
    """The canvas pixel at the centre of a cell's tile."""
    x, y = cell_origin(cell)
    return x + CELL / 2, y + CELL / 2


# -- drawing a tile ---------------------------------------------------------------------------------------------
def _star(cx: float, cy: float, outer: float, inner: float) -> tuple[tuple[float, float], ...]:
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = -pi / 2 + k * pi / 5
        points.append((round(cx + radius * cos(angle), 2), round(cy + radius * sin(angle), 2)))
    return tuple(points)


def _outline(cell: Cell, colour: str, width: float, inset: float = 0) -> Rect:
    x, y = cell_origin(cell)
    return _rect(x + inset, y + inset, CELL - 2 * inset, CELL - 2 * inset, stroke=colour, line_width=width)


def _back(x: float, y: float) -> list[Item]:
    return [
        _rect(x, y, CELL, CELL, fill=BACK),
        _rect(x + 6, y + 6, CELL - 12, CELL - 12, stroke=BACK_LINE, line_width=2),
        _text(x + CELL / 2, y + CELL / 2, "?", 28, BACK_MARK, bold=True),
    ]


def _cat(x: float, y: float, piece: PocketTile, chaos: int | None) -> list[Item]:
    assert piece.clan is not None
    clan = CLANS[piece.clan]
    value = piece.attack if piece.attack is not None else chaos
    items: list[Item] = [
        _rect(x, y, CELL, CELL, fill=clan.colour),
        _rect(x + 3, y + 3, CELL - 6, CELL - 6, stroke="#ffffff", line_width=1),
        _text(x + CELL / 2, y + CELL / 2 - 2, "?" if value is None else str(value), 32, "#ffffff", bold=True),
        _text(x + 18, y + CELL - 13, clan.abbreviation, 12, "#ffffff", bold=True),
    ]
    if piece.chief:
        items.append(Polygon(_star(x + CELL - 15, y + 15, 10, 4.2), STAR, stroke=INK))
        items.append(_text(x + CELL - 22, y + CELL - 13, "chief", 11, "#ffffff"))
    return items


def _prey(x: float, y: float, piece: PocketTile) -> list[Item]:
    assert piece.prey is not None
    items: list[Item] = [
        _rect(x, y, CELL, CELL, fill=PREY_FILL[piece.prey]),
        _text(x + CELL / 2, y + 13, piece.prey, 12, INK, bold=True),
        _text(x + CELL / 2, y + CELL / 2 + 2, str(piece.points), 30, INK, bold=True),
    ]
    if piece.prey in ("pigeon", "fly"):
        items.append(_text(x + CELL / 2, y + CELL - 11, f"pair {10 if piece.prey == 'pigeon' else 12}", 11, INK))
    return items


def _dog(x: float, y: float, piece: PocketTile, turn: int) -> list[Item]:
    cx, cy = x + CELL / 2, y + CELL / 2 - 4
    items: list[Item] = [
        _rect(x, y, CELL, CELL, fill=DOG_FILL),
        Circle(cx, cy, 11, "#6d4c41"),
        _text(x + CELL / 2, y + CELL - 10, f"dog {piece.id.split('-')[1]}", 11, INK, bold=True),
    ]
    for direction in dog_arrows(piece, turn):
        dr, dc = STEP[direction]
        length = (dr * dr + dc * dc) ** 0.5
        ux, uy = dc / length, dr / length
        reach = 30 if length == 1 else 34
        tip = (cx + ux * reach, cy + uy * reach)
        base = (cx + ux * (reach - 13), cy + uy * (reach - 13))
        half = 7
        items.append(
            Polygon(
                (
                    (round(tip[0], 2), round(tip[1], 2)),
                    (round(base[0] - uy * half, 2), round(base[1] + ux * half, 2)),
                    (round(base[0] + uy * half, 2), round(base[1] - ux * half, 2)),
                ),
                ARROW,
            )
        )
        items.append(_line((cx, cy), (round(base[0], 2), round(base[1], 2)), ARROW, 3))
    return items


def _eliminated(x: float, y: float, piece: PocketTile, chaos: int | None) -> list[Item]:
    assert piece.clan is not None
    clan = CLANS[piece.clan]
    value = piece.attack if piece.attack is not None else chaos
    label = f"{clan.abbreviation} {'?' if value is None else value}{' chief' if piece.chief else ''}"
    return [
        _rect(x, y, CELL, CELL, fill=BACK),
        _rect(x, y, CELL, 16, fill=clan.colour),
        _text(x + CELL / 2, y + 9, label, 10, "#ffffff", bold=True),
        _line((x + 18, y + 26), (x + CELL - 18, y + CELL - 10), ELIMINATED, 4),
        _line((x + CELL - 18, y + 26), (x + 18, y + CELL - 10), ELIMINATED, 4),
    ]


# -- the board --------------------------------------------------------------------------------------------------
def board_scene(
    grid: Sequence[Square | VisibleSquare],
    *,
    targets: Iterable[Cell] = (),
    selected: Cell | None = None,
    options: Iterable[Cell] = (),
    last_move: Iterable[Cell] = (),
    captured: Sequence[tuple[Cell, str]] | Mapping[Cell, str] = (),
    reveal: bool = False,
    chaoticats_value: int | None = None,
    caption: str | None = None,
) -> Scene:
    """The board as a scene (layers ``board`` and ``highlights``, see :data:`LAYERS`): ``grid`` is the model's grid
    of squares or a player's visible squares (:class:`~isle_nb.model.pocket.player_view.VisibleSquare`).

    ``targets`` get a thick amber frame (legal targets), ``selected`` a cyan frame (the flipped tile), ``options``
    a green frame, ``last_move`` a thin magenta frame. ``captured`` marks prey with the colour and letters of the
    clan that caught them. With ``reveal`` (the end of the game), face-down cats show as eliminated: their clan
    and value under a red cross. An empty grid (clans not chosen yet) shows ``caption`` on an empty board.
    """
    board: list[Item] = [Rect(0, 0, WIDTH, HEIGHT, fill=BOARD)]
    for k in range(SIZE):
        x, y = cell_origin((k, k))
        board.append(_text(x + CELL / 2, TOP / 2, "ABCDE"[k], 13, LABEL, bold=True))
        board.append(_text(LEFT / 2, y + CELL / 2, str(k + 1), 13, LABEL, bold=True))
    if not grid:
        for position in range(SIZE * SIZE):
            x, y = cell_origin(cell_of(position))
            board.append(_rect(x, y, CELL, CELL, stroke="#d2c3a5", line_width=2))
        if caption:
            board.append(_text(WIDTH / 2, HEIGHT / 2, caption, 16, LABEL, bold=True))
        return Scene(WIDTH, HEIGHT, {"board": tuple(board), "highlights": ()})
    catches = dict(captured.items()) if isinstance(captured, Mapping) else dict(captured)
    for position, square in enumerate(grid):
        cell = cell_of(position)
        x, y = cell_origin(cell)
        if not square.face_up:
            eliminated = reveal and square.piece.kind == "cat"  # the end's grid: every tile is known
            board += _eliminated(x, y, square.piece, chaoticats_value) if eliminated else _back(x, y)
        elif square.piece.kind == "cat":
            board += _cat(x, y, square.piece, chaoticats_value)
        elif square.piece.kind == "prey":
            board += _prey(x, y, square.piece)
        else:
            board += _dog(x, y, square.piece, square.turn)
        if cell in catches:
            clan = CLANS[catches[cell]]
            board.append(_outline(cell, clan.colour, 6))
            board.append(_rect(x + CELL - 25, y + CELL / 2 - 6, 21, 14, fill=clan.colour))
            board.append(_text(x + CELL - 14.5, y + CELL / 2 + 1, clan.abbreviation, 10, "#ffffff", bold=True))
    highlights: list[Item] = [_outline(c, LAST_MOVE, 3, inset=1) for c in last_move]
    highlights += [_outline(c, OPTION, 4) for c in options]
    highlights += [_outline(c, TARGET, 5) for c in targets]
    for cell in targets:
        cx, cy = cell_origin(cell)
        highlights.append(Circle(cx + 11, cy + 11, 6, TARGET))
    if selected is not None:
        highlights.append(_outline(selected, SELECTED, 5))
    return Scene(WIDTH, HEIGHT, {"board": tuple(board), "highlights": tuple(highlights)})


# -- a game's picture -------------------------------------------------------------------------------------------
def view_scene(view: PocketView, **drawing: Any) -> Scene:
    """The drawing of the grid as a player's view shows it (see :func:`board_scene`): face-down tiles as backs.

    Once a game is over the picture shows the eliminated cats and who caught each prey; the tile flipped this
    turn is framed. Keyword arguments (``targets``, ``selected``, ``options``, ...) go to ``board_scene``.
    """
    end = view.end
    grid: Sequence[Any] = view.grid
    if end is not None:
        grid = end.grid
        drawing.setdefault("reveal", True)
        drawing.setdefault("captured", [(c.cell, c.winner) for c in end.captures if c.winner])
    drawing.setdefault("selected", view.flipped)
    drawing.setdefault("caption", "Choosing clans...")
    chaos = end.chaoticats_value if end is not None else None
    return board_scene(grid, chaoticats_value=chaos, **drawing)


def pocket_scene(game: PocketGame, **drawing: Any) -> Scene:
    """The drawing of a Pocket Cats game's current grid as every watcher sees it (:func:`view_scene` of the public
    view)."""
    return view_scene(game.view(None), **drawing)


def pocket_png(game: PocketGame, **drawing: Any) -> bytes:
    """A Pocket Cats game's current grid as a PNG picture (face-down tiles shown as backs); arguments as for
    :func:`pocket_scene`. This is what ``PocketGame._repr_png_`` shows."""
    return scene_to_png(pocket_scene(game, **drawing))


# -- static pictures and pixel checks ---------------------------------------------------------------------------
def scene_image(scene: Scene, scale: float = 1.0) -> PILImage:
    """The scene drawn with Pillow (see :func:`isle_nb.draw.to_image`), by default at its CSS size."""
    return to_image(scene, scale)


def scene_to_png(scene: Scene, scale: float = 1.0) -> bytes:
    """The scene as PNG bytes (see :func:`isle_nb.draw.to_png`), by default at its CSS size."""
    return to_png(scene, scale)


def tile_fill(grid: Grid, cell: Cell) -> str:
    """The main fill colour the scene gives the tile on ``cell`` (for tests and pixel checks)."""
    square = grid[index(cell)]
    if not square.face_up:
        return BACK
    piece = square.piece
    if piece.kind == "cat":
        assert piece.clan is not None
        return CLANS[piece.clan].colour
    if piece.kind == "prey":
        assert piece.prey is not None
        return PREY_FILL[piece.prey]
    return DOG_FILL
