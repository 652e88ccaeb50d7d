"""The 5x5 grid: cells, squares (a tile, its face and a dog's turn), neighbours and dog arrows.

Cells are ``(row, col)`` pairs, row 0 at the top. In text a cell is written as a column letter and a row number,
like a chess board seen from above: ``(0, 0)`` is "A1", ``(2, 2)`` (the centre) is "C3".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from isle_nb.model.pocket.tiles import PocketTile, tile

SIZE = 5
CENTRE: tuple[int, int] = (2, 2)
TURNS_PER_GAME = SIZE * SIZE - 1
"""24: one turn per face-down tile (the centre starts face up), 12 for each player."""

Cell = tuple[int, int]
"""``(row, col)``, both 0-4."""

COMPASS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""The 8 directions, clockwise from north (up)."""

STEP: dict[str, Cell] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
"""The ``(row, col)`` step of each direction."""

ORTHOGONAL: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((-1, -1), (-1, 1), (1, 1), (1, -1))


@dataclass(frozen=True, slots=True)
class Square:
    """What lies on one cell: a tile, face up or down, and (for a dog) how far it is turned from upright."""

    tile: str
    face_up: bool = False
    turn: int = 0
    """Quarter turns clockwise from the printed orientation (0-3); only dogs use it."""

    @property
    def piece(self) -> PocketTile:
        """The tile lying here."""
        return tile(self.tile)

    def flipped(self, face_up: bool) -> Square:
        """The same square with the tile face up or down."""
        return replace(self, face_up=face_up)


Grid = tuple[Square, ...]
"""25 squares, row by row."""


def index(cell: Cell) -> int:
    """The position of a cell in a :data:`Grid`."""
    return cell[0] * SIZE + cell[1]


def cell_of(position: int) -> Cell:
    """The cell at a position of a :data:`Grid`."""
    return divmod(position, SIZE)


def on_grid(cell: Cell) -> bool:
    """True if the cell lies on the 5x5 grid."""
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def cells() -> Iterator[Cell]:
    """All 25 cells, row by row."""
    for row in range(SIZE):
        for col in range(SIZE):
            yield (row, col)


def name(cell: Cell) -> str:
    """The cell in text: column letter, row number (``(2, 2)`` -> ``"C3"``)."""
    return f"{'ABCDE'[cell[1]]}{cell[0] + 1}"


def offset(cell: Cell, step: Cell, times: int = 1) -> Cell:
    """The cell ``times`` steps away."""
    return (cell[0] + step[0] * times, cell[1] + step[1] * times)


def around(cell: Cell, steps: Iterable[Cell]) -> list[Cell]:
    """The cells one step away in the given directions that lie on the grid."""
    return [c for c in (offset(cell, s) for s in steps) if on_grid(c)]


def orthogonal_neighbours(cell: Cell) -> list[Cell]:
    """The up to 4 cells sharing an edge with ``cell``."""
    return around(cell, ORTHOGONAL)


def diagonal_neighbours(cell: Cell) -> list[Cell]:
    """The up to 4 cells touching ``cell`` only at a corner."""
    return around(cell, DIAGONAL)


def king_neighbours(cell: Cell) -> list[Cell]:
    """The up to 8 cells around ``cell``."""
    return around(cell, [STEP[d] for d in COMPASS])


def line_cells(cell: Cell) -> list[Cell]:
    """Every other cell in the same row or column."""
    row, col = cell
    return [(row, c) for c in range(SIZE) if c != col] + [(r, col) for r in range(SIZE) if r != row]


def dog_arrows(dog: PocketTile, turn: int) -> tuple[str, ...]:
    """The directions a dog's arrows point to after ``turn`` quarter turns clockwise."""
    return tuple(sorted((COMPASS[(COMPASS.index(a) + 2 * turn) % 8] for a in dog.arrows), key=COMPASS.index))


def dog_targets(square: Square, cell: Cell) -> list[Cell]:
    """The cells a dog on ``cell`` attacks (its arrows, turned as it lies)."""
    return around(cell, [STEP[a] for a in dog_arrows(square.piece, square.turn)])


def rows(grid: Grid) -> tuple[tuple[Square, ...], ...]:
    """The grid as 5 rows of 5 squares."""
    return tuple(tuple(grid[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))


def find(grid: Grid, tile_id: str) -> Cell:
    """The cell where a tile lies; raises ``KeyError`` if it is not on the grid."""
    for position, square in enumerate(grid):
        if square.tile == tile_id:
            return cell_of(position)
    raise KeyError(tile_id)


def swap(grid: Grid, a: Cell, b: Cell) -> Grid:
    """The grid with the squares on ``a`` and ``b`` exchanged (each keeps its face and turn)."""
    squares = list(grid)
    squares[index(a)], squares[index(b)] = squares[index(b)], squares[index(a)]
    return tuple(squares)


def put(grid: Grid, cell: Cell, square: Square) -> Grid:
    """The grid with one square replaced."""
    squares = list(grid)
    squares[index(cell)] = square
    return tuple(squares)


def grid_from_rows(layout: Iterable[Iterable[str | Square]], face_up: bool = True) -> Grid:
    """Build a grid from 5 rows of tile ids (or squares), e.g. for a hand-built scenario.

    A tile id may carry a dog's turn after a colon: ``"dog-1:3"`` is dog 1 turned three quarter turns clockwise.
    A leading ``"?"`` puts the tile face down: ``"?mouse-3"``.
    """
    squares: list[Square] = []
    for row in layout:
        for item in row:
            if isinstance(item, Square):
                squares.append(item)
                continue
            text = str(item)
            up = face_up and not text.startswith("?")
            tile_id, _, turn = text.removeprefix("?").partition(":")
            tile(tile_id)
            squares.append(Square(tile_id, up, int(turn or 0) % 4))
    if len(squares) != SIZE * SIZE:
        raise ValueError(f"a grid needs {SIZE * SIZE} squares, got {len(squares)}")
    if len({s.tile for s in squares}) != len(squares):
        raise ValueError("a tile appears twice in the grid")
    return tuple(squares)
