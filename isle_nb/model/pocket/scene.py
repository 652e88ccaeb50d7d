"""What the Pocket Cats board looks like, as plain data: a :class:`Scene` of rectangles, texts, polygons, lines
and circles in canvas pixels.

The canvas widget draws a scene with ipycanvas; :func:`scene_to_png` draws the very same scene with Pillow for
static pictures (notebooks, docs), so both always agree. Layer 0 holds the board and the tiles, layer 1 the
highlights (legal targets, the selected tile, the last move).

Every clan colour also carries its two-letter abbreviation, and prey and dogs are named on the tile, so nothing
depends on colour alone.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import cos, pi, sin

from isle_nb.model.pocket.board import SIZE, STEP, Cell, Grid, cell_of, dog_arrows, index
from isle_nb.model.pocket.tiles import CLANS, PocketTile

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


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle: filled, outlined inside its edges, or both."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    layer: int = 0


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text centred on (x, y)."""

    x: float
    y: float
    text: str
    size: int
    fill: str
    bold: bool = False
    layer: int = 0


@dataclass(frozen=True, slots=True)
class Polygon:
    """A filled polygon."""

    points: tuple[tuple[float, float], ...]
    fill: str
    stroke: str | None = None
    layer: int = 0


@dataclass(frozen=True, slots=True)
class Line:
    """A line through points."""

    points: tuple[tuple[float, float], ...]
    stroke: str
    line_width: float = 1.0
    layer: int = 0


@dataclass(frozen=True, slots=True)
class Circle:
    """A filled circle."""

    x: float
    y: float
    r: float
    fill: str
    layer: int = 0


Shape = Rect | Text | Polygon | Line | Circle


@dataclass(frozen=True, slots=True)
class Scene:
    """A picture of the board: its size and its shapes in drawing order."""

    width: int
    height: int
    shapes: tuple[Shape, ...]

    def layer(self, number: int) -> tuple[Shape, ...]:
        """The shapes of one layer, in drawing order."""
        return tuple(s for s in self.shapes if s.layer == number)


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


def _outline(cell: Cell, colour: str, width: float, inset: float = 0, layer: int = 1) -> Rect:
    x, y = cell_origin(cell)
    return Rect(x + inset, y + inset, CELL - 2 * inset, CELL - 2 * inset, stroke=colour, line_width=width, layer=layer)


def _back(x: float, y: float) -> list[Shape]:
    return [
        Rect(x, y, CELL, CELL, fill=BACK),
        Rect(x + 6, y + 6, CELL - 12, CELL - 12, stroke=BACK_LINE, line_width=2),
        Text(x + CELL / 2, y + CELL / 2, "?", 28, BACK_MARK, bold=True),
    ]


def _cat(x: float, y: float, piece: PocketTile, chaos: int | None) -> list[Shape]:
    assert piece.clan is not None
    clan = CLANS[piece.clan]
    value = piece.attack if piece.attack is not None else chaos
    shapes: list[Shape] = [
        Rect(x, y, CELL, CELL, fill=clan.colour),
        Rect(x + 3, y + 3, CELL - 6, CELL - 6, stroke="#ffffff", line_width=1),
        Text(x + CELL / 2, y + CELL / 2 - 2, "?" if value is None else str(value), 32, "#ffffff", bold=True),
        Text(x + 18, y + CELL - 13, clan.abbreviation, 12, "#ffffff", bold=True),
    ]
    if piece.chief:
        shapes.append(Polygon(_star(x + CELL - 15, y + 15, 10, 4.2), STAR, stroke=INK))
        shapes.append(Text(x + CELL - 22, y + CELL - 13, "chief", 11, "#ffffff"))
    return shapes


def _prey(x: float, y: float, piece: PocketTile) -> list[Shape]:
    assert piece.prey is not None
    shapes: list[Shape] = [
        Rect(x, y, CELL, CELL, fill=PREY_FILL[piece.prey]),
        Text(x + CELL / 2, y + 13, piece.prey, 12, INK, bold=True),
        Text(x + CELL / 2, y + CELL / 2 + 2, str(piece.points), 30, INK, bold=True),
    ]
    if piece.prey in ("pigeon", "fly"):
        shapes.append(Text(x + CELL / 2, y + CELL - 11, f"pair {10 if piece.prey == 'pigeon' else 12}", 11, INK))
    return shapes


def _dog(x: float, y: float, piece: PocketTile, turn: int) -> list[Shape]:
    cx, cy = x + CELL / 2, y + CELL / 2 - 4
    shapes: list[Shape] = [
        Rect(x, y, CELL, CELL, fill=DOG_FILL),
        Circle(cx, cy, 11, "#6d4c41"),
        Text(x + CELL / 2, y + CELL - 10, f"dog {piece.id.split('-')[1]}", 11, INK, bold=True),
    ]
    for direction in dog_arrows(piece, turn):
        dr, dc = STEP[direction]
        length = (dr * dr + dc * dc) ** 0.5
        ux, uy = dc / length, dr / length
        reach = 30 if length == 1 else 34
        tip = (cx + ux * reach, cy + uy * reach)
        base = (cx + ux * (reach - 13), cy + uy * (reach - 13))
        half = 7
        shapes.append(
            Polygon(
                (
                    (round(tip[0], 2), round(tip[1], 2)),
                    (round(base[0] - uy * half, 2), round(base[1] + ux * half, 2)),
                    (round(base[0] + uy * half, 2), round(base[1] - ux * half, 2)),
                ),
                ARROW,
            )
        )
        shapes.append(Line(((cx, cy), (round(base[0], 2), round(base[1], 2))), ARROW, 3))
    return shapes


def _eliminated(x: float, y: float, piece: PocketTile, chaos: int | None) -> list[Shape]:
    assert piece.clan is not None
    clan = CLANS[piece.clan]
    value = piece.attack if piece.attack is not None else chaos
    label = f"{clan.abbreviation} {'?' if value is None else value}{' chief' if piece.chief else ''}"
    return [
        Rect(x, y, CELL, CELL, fill=BACK),
        Rect(x, y, CELL, 16, fill=clan.colour),
        Text(x + CELL / 2, y + 9, label, 10, "#ffffff", bold=True),
        Line(((x + 18, y + 26), (x + CELL - 18, y + CELL - 10)), ELIMINATED, 4),
        Line(((x + CELL - 18, y + 26), (x + 18, y + CELL - 10)), ELIMINATED, 4),
    ]


# -- the board --------------------------------------------------------------------------------------------------
def board_scene(
    grid: Grid,
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
    """The board as a scene.

    ``targets`` get a thick amber frame (legal targets), ``selected`` a cyan frame (the flipped tile), ``options``
    a green frame, ``last_move`` a thin magenta frame. ``captured`` marks prey with the colour and letters of the
    clan that caught them. With ``reveal`` (the end of the game), face-down cats show as eliminated: their clan
    and value under a red cross. An empty grid (clans not chosen yet) shows ``caption`` on an empty board.
    """
    shapes: list[Shape] = [Rect(0, 0, WIDTH, HEIGHT, fill=BOARD)]
    for k in range(SIZE):
        x, y = cell_origin((k, k))
        shapes.append(Text(x + CELL / 2, TOP / 2, "ABCDE"[k], 13, LABEL, bold=True))
        shapes.append(Text(LEFT / 2, y + CELL / 2, str(k + 1), 13, LABEL, bold=True))
    if not grid:
        for position in range(SIZE * SIZE):
            x, y = cell_origin(cell_of(position))
            shapes.append(Rect(x, y, CELL, CELL, stroke="#d2c3a5", line_width=2))
        if caption:
            shapes.append(Text(WIDTH / 2, HEIGHT / 2, caption, 16, LABEL, bold=True))
        return Scene(WIDTH, HEIGHT, tuple(shapes))
    catches = dict(captured.items()) if isinstance(captured, Mapping) else dict(captured)
    for position, square in enumerate(grid):
        cell = cell_of(position)
        x, y = cell_origin(cell)
        piece = square.piece
        if not square.face_up:
            shapes += _eliminated(x, y, piece, chaoticats_value) if reveal and piece.kind == "cat" else _back(x, y)
        elif piece.kind == "cat":
            shapes += _cat(x, y, piece, chaoticats_value)
        elif piece.kind == "prey":
            shapes += _prey(x, y, piece)
        else:
            shapes += _dog(x, y, piece, square.turn)
        if cell in catches:
            clan = CLANS[catches[cell]]
            shapes.append(_outline(cell, clan.colour, 6, layer=0))
            shapes.append(Rect(x + CELL - 25, y + CELL / 2 - 6, 21, 14, fill=clan.colour))
            shapes.append(Text(x + CELL - 14.5, y + CELL / 2 + 1, clan.abbreviation, 10, "#ffffff", bold=True))
    shapes += [_outline(c, LAST_MOVE, 3, inset=1) for c in last_move]
    shapes += [_outline(c, OPTION, 4) for c in options]
    shapes += [_outline(c, TARGET, 5) for c in targets]
    for cell in targets:
        cx, cy = cell_origin(cell)
        shapes.append(Circle(cx + 11, cy + 11, 6, TARGET, layer=1))
    if selected is not None:
        shapes.append(_outline(selected, SELECTED, 5))
    return Scene(WIDTH, HEIGHT, tuple(shapes))


# -- Pillow -----------------------------------------------------------------------------------------------------
@cache
def _font(size: int) -> object:
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


def scene_image(scene: Scene, scale: float = 1.0) -> object:
    """The scene drawn with Pillow (a ``PIL.Image.Image``), optionally scaled up for a sharper picture."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (round(scene.width * scale), round(scene.height * scale)), BOARD)
    draw = ImageDraw.Draw(image)

    def s(v: float) -> float:
        return v * scale

    for layer in (0, 1):
        for shape in scene.layer(layer):
            if isinstance(shape, Rect):
                box = [s(shape.x), s(shape.y), s(shape.x + shape.w) - 1, s(shape.y + shape.h) - 1]
                width = max(1, round(s(shape.line_width))) if shape.stroke else 0
                draw.rectangle(box, fill=shape.fill, outline=shape.stroke, width=width)
            elif isinstance(shape, Text):
                draw.text((s(shape.x), s(shape.y)), shape.text, fill=shape.fill, font=_font(round(s(shape.size))),
                          anchor="mm")
            elif isinstance(shape, Polygon):
                draw.polygon([(s(x), s(y)) for x, y in shape.points], fill=shape.fill, outline=shape.stroke)
            elif isinstance(shape, Line):
                draw.line([(s(x), s(y)) for x, y in shape.points], fill=shape.stroke,
                          width=max(1, round(s(shape.line_width))))
            else:
                draw.ellipse([s(shape.x - shape.r), s(shape.y - shape.r), s(shape.x + shape.r), s(shape.y + shape.r)],
                             fill=shape.fill)
    return image


def scene_to_png(scene: Scene, scale: float = 1.0) -> bytes:
    """The scene as PNG bytes (see :func:`scene_image`)."""
    buffer = io.BytesIO()
    scene_image(scene, scale).save(buffer, format="PNG")  # type: ignore[attr-defined]
    return buffer.getvalue()


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
