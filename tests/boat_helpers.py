"""Building boats for scoring and lesson tests: tiles placed at explicit cells through ``Boat.place``.

Placement uses ``must_touch=False`` (as cards 69/70 allow), so a test can lay out exactly the boat it needs and the
scoring code sees what a game would produce.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.geometry import Cell
from isle_nb.model.parts.tiles import RARE_SHAPES, Tile

Piece = tuple[Tile | str, Sequence[Cell]]
"""A tile, or a treasure shape name (rare ``L T O S I``, common ``1x1 1x2 L3 I3``), and its cells."""


def build(*pieces: Piece, layout: str = "A") -> Boat:
    """Place each piece at its explicit cells; treasure shapes get copy numbers automatically."""
    boat = Boat(layout)
    copies: Counter[str] = Counter()
    for what, cells in pieces:
        if isinstance(what, str):
            make = Tile.rare if what in RARE_SHAPES else Tile.common
            tile = make(what, copies[what])
            copies[what] += 1
        else:
            tile = what
        boat = boat.place(tile, cells, must_touch=False)
    return boat


def build_groups(*groups: Sequence[Piece], layout: str = "A") -> Boat:
    """:func:`build` with the pieces given in groups (e.g. one group per family)."""
    return build(*(piece for group in groups for piece in group), layout=layout)


def cat(colour: str, shape: int) -> Tile:
    """The cat of this colour and shape."""
    return Tile.cat(colour, shape)


def column(x: int, y0: int, y1: int) -> list[Cell]:
    """Cells (x, y0) .. (x, y1)."""
    return [(x, y) for y in range(y0, y1 + 1)]


def row(y: int, x0: int, x1: int) -> list[Cell]:
    """Cells (x0, y) .. (x1, y)."""
    return [(x, y) for x in range(x0, x1 + 1)]
