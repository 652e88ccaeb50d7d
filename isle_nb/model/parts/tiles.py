"""Tiles: cats, Oshax, rare and common treasures, and the registry of their shapes (game-data §2, §3)."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from isle_nb.data import load
from isle_nb.model.core.errors import InvalidSave, UnknownComponent, quote
from isle_nb.model.core.wire import plain_form
from isle_nb.model.parts.geometry import Cell, Shape, parse_rows

Colour = Literal["blue", "green", "red", "purple", "orange"]
TileKind = Literal["cat", "oshax", "rare", "common"]

_TILES = load("tiles")

COLOURS: tuple[Colour, ...] = ("blue", "green", "red", "purple", "orange")
"""The five cat colours, in the order the game lists them."""

COLOUR_HEX: dict[str, str] = dict(_TILES["colours"])
"""Display colour of each cat colour."""

CAT_SHAPES: tuple[int, ...] = tuple(int(k) for k in _TILES["cat_shapes"])
"""The 17 cat shape ids (400-416); each colour has one cat of each shape."""

OSHAX_SHAPES: tuple[int, ...] = tuple(int(k) for k in _TILES["oshax_shapes"])
"""The 6 Oshax shape ids (300-305)."""

RARE_SHAPES: tuple[str, ...] = tuple(_TILES["rare_shapes"])
"""The 5 rare treasure shapes (tetrominoes L, T, O, S, I), 5 tiles each."""

COMMON_SHAPES: tuple[str, ...] = tuple(_TILES["common_shapes"])
"""The 4 common treasure shapes: ``1x1``, ``1x2`` (the small ones), ``L3`` and ``I3``."""

SMALL_SHAPES: frozenset[str] = frozenset(k for k, v in _TILES["common_shapes"].items() if v["small"])
"""Common treasures that count as small treasures (1x1 and 1x2)."""

RARE_COPIES = 5
COMMON_COPIES: int = _TILES["common_tiles_per_shape"]


def _build_shapes() -> dict[int | str, Shape]:
    shapes: dict[int | str, Shape] = {}
    for group in ("cat_shapes", "oshax_shapes"):
        for key, spec in _TILES[group].items():
            shapes[int(key)] = Shape.from_cells(int(key), parse_rows(spec["rows"]))
    for group in ("rare_shapes", "common_shapes"):
        for key, spec in _TILES[group].items():
            shapes[key] = Shape.from_cells(key, parse_rows(spec["rows"]))
    for key, spec in _TILES["card_shapes"].items():
        if key != "notes":
            shape_key: int | str = int(key) if key.isdigit() else key
            shapes[shape_key] = Shape.from_cells(shape_key, parse_rows(spec["rows"]))
    return shapes


SHAPES: dict[int | str, Shape] = _build_shapes()
"""Every shape by key: cat ids 400-416, Oshax ids 300-305, rare ``L T O S I``, common ``1x1 1x2 L3 I3``, and the
shapes only Explore & Draw cards show (:data:`CARD_SHAPES`)."""

CARD_SHAPES: tuple[int | str, ...] = tuple(
    int(k) if k.isdigit() else k for k in _TILES["card_shapes"] if k != "notes"
)
"""Shapes drawn from Explore & Draw cards that no board-game tile has (cats 417-419, Oshax 306-310, rare
treasures ``T5 X5 V5 Y5 L5``): they exist only as :meth:`Tile.drawn` discoveries."""


def common_supply_per_shape(players: int) -> int:
    """How many common treasures of each shape are in the supply (SETUP-2)."""
    table: dict[str, int] = _TILES["common_supply_per_shape"]
    if str(players) not in table:
        raise UnknownComponent(f"SETUP-2: no common-treasure supply is defined for {players} players")
    return table[str(players)]


def check_colour(colour: object) -> Colour:
    """Return ``colour`` if it is one of the five cat colours, else raise :class:`UnknownComponent`."""
    if colour not in COLOURS:
        raise UnknownComponent(f"unknown colour {quote(colour)}; the colours are {', '.join(COLOURS)}")
    return colour


class Tile:
    """One physical tile.

    Cats are identified by colour and shape (each colour has each of the 17 shapes once); Oshax by shape (the
    colour is chosen when it is placed, OSHAX-1); treasures by shape and a copy number, because several identical
    tiles exist. Build tiles with :meth:`cat`, :meth:`oshax`, :meth:`rare` and :meth:`common`.

    A frozen value compared, hashed and ordered by ``(kind, shape, colour, copy)``, as a frozen ordered dataclass
    would be; it is written by hand, not as a dataclass, because it travels as its id (:func:`tile_to_plain`) and
    msgspec writes every dataclass as an object of its fields, with no hook.
    """

    __slots__ = ("colour", "copy", "kind", "shape")
    __match_args__ = ("kind", "shape", "colour", "copy")
    kind: TileKind
    shape: int | str
    colour: Colour | None
    copy: int

    def __init__(self, kind: TileKind, shape: int | str, colour: Colour | None = None, copy: int = 0) -> None:
        set_field = object.__setattr__
        set_field(self, "kind", kind)
        set_field(self, "shape", shape)
        set_field(self, "colour", colour)
        set_field(self, "copy", copy)

    def _key(self) -> tuple[Any, ...]:
        return (self.kind, self.shape, self.colour, self.copy)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a tile is frozen: cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a tile is frozen: cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Tile], tuple[Any, ...]]:
        return (Tile, self._key())

    def __repr__(self) -> str:
        return f"Tile(kind={self.kind!r}, shape={self.shape!r}, colour={self.colour!r}, copy={self.copy!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self._key() >= other._key()

    @classmethod
    def cat(cls, colour: str, shape: int) -> Tile:
        """The cat of this colour and shape id (400-416)."""
        if shape not in CAT_SHAPES:
            raise UnknownComponent(f"unknown cat shape {quote(shape)}; cat shapes are 400-416")
        return cls("cat", shape, check_colour(colour))

    @classmethod
    def oshax(cls, shape: int, colour: str | None = None) -> Tile:
        """An Oshax tile (shape 300-305), optionally with its chosen colour."""
        if shape not in OSHAX_SHAPES:
            raise UnknownComponent(f"unknown Oshax shape {quote(shape)}; Oshax shapes are 300-305")
        return cls("oshax", shape, None if colour is None else check_colour(colour))

    @classmethod
    def rare(cls, shape: str, copy: int = 0) -> Tile:
        """A rare treasure of shape ``L T O S I``; ``copy`` (0-4) tells the five identical tiles apart."""
        return cls._treasure("rare", shape, copy, RARE_SHAPES, RARE_COPIES)

    @classmethod
    def common(cls, shape: str, copy: int = 0) -> Tile:
        """A common treasure of shape ``1x1 1x2 L3 I3``; ``copy`` tells the identical tiles apart."""
        return cls._treasure("common", shape, copy, COMMON_SHAPES, COMMON_COPIES)

    @classmethod
    def _treasure(cls, kind: TileKind, shape: str, copy: int, shapes: tuple[str, ...], copies: int) -> Tile:
        """A treasure tile of ``kind``, checked against its shapes and number of copies."""
        if shape not in shapes:
            raise UnknownComponent(f"unknown {kind} treasure shape {quote(shape)}; {kind} shapes are {shapes}")
        if not 0 <= copy < copies:
            raise UnknownComponent(f"{kind} treasure copy must be 0-{copies - 1}, not {copy}")
        return cls(kind, shape, None, copy)

    @classmethod
    def drawn(cls, kind: str, shape: int | str, colour: str | None = None) -> Tile:
        """A discovery drawn with a pen (Explore & Draw, ED-3): any known shape, of any ``kind``; a cat has its
        ``colour``, an Oshax gets one when it is drawn. Unlike the board game's tiles, drawings have no copies."""
        if kind not in ("cat", "oshax", "rare", "common"):
            raise UnknownComponent(f"unknown discovery kind {quote(kind)}; kinds are cat, oshax, rare, common")
        if isinstance(shape, bool) or shape not in SHAPES:
            raise UnknownComponent(f"unknown shape {quote(shape)}")
        if kind == "cat":
            return cls("cat", shape, check_colour(colour))
        if kind != "oshax" and colour is not None:
            raise UnknownComponent(f"a {kind} treasure has no colour, not {quote(colour)}")
        return cls(kind, shape, None if colour is None else check_colour(colour))  # type: ignore[arg-type]  # kind: checked above

    @classmethod
    def drawn_from_id(cls, tile_id: object) -> Tile:
        """Inverse of :attr:`id` for a drawing (:meth:`drawn`): ``"cat:blue:1x1"``, ``"oshax:306:red"``,
        ``"rare:T5:0"``; any known shape, no copies."""
        if not isinstance(tile_id, str) or len(tile_id) > 64:
            raise UnknownComponent(f"malformed tile id {quote(tile_id)}")
        kind, _, rest = tile_id.partition(":")
        first, _, second = rest.partition(":")
        if kind == "cat":
            return cls.drawn("cat", _shape_key(second), first)
        if kind == "oshax":
            return cls.drawn("oshax", _shape_key(first), second or None)
        if second not in ("", "0"):
            raise UnknownComponent(f"a drawing has no copies: {quote(tile_id)}")
        return cls.drawn(kind, _shape_key(first))

    @classmethod
    def from_id(cls, tile_id: object) -> Tile:
        """Inverse of :attr:`id` (``"cat:blue:412"``, ``"oshax:300"``, ``"oshax:300:red"``, ``"rare:T:2"``...)."""
        if not isinstance(tile_id, str) or len(tile_id) > 64:
            raise UnknownComponent(f"malformed tile id {quote(tile_id)}")
        parts = tile_id.split(":")
        try:
            if parts[0] == "cat" and len(parts) == 3:
                return cls.cat(parts[1], int(parts[2]))
            if parts[0] == "oshax" and len(parts) in (2, 3):
                return cls.oshax(int(parts[1]), parts[2] if len(parts) == 3 else None)
            if parts[0] == "rare" and len(parts) == 3:
                return cls.rare(parts[1], int(parts[2]))
            if parts[0] == "common" and len(parts) == 3:
                return cls.common(parts[1], int(parts[2]))
        except ValueError as error:
            raise UnknownComponent(f"malformed tile id {quote(tile_id)}: {error}") from None
        raise UnknownComponent(f"malformed tile id {quote(tile_id)}")

    @property
    def id(self) -> str:
        """A stable text id, e.g. ``"cat:blue:412"``; an Oshax's id does not include its chosen colour."""
        if self.kind == "cat":
            return f"cat:{self.colour}:{self.shape}"
        if self.kind == "oshax":
            return f"oshax:{self.shape}"
        return f"{self.kind}:{self.shape}:{self.copy}"

    @property
    def shape_def(self) -> Shape:
        """The tile's :class:`Shape` with its orientations."""
        return SHAPES[self.shape]

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The tile's cells as drawn in the reference (normalized)."""
        return SHAPES[self.shape].cells

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    @property
    def is_cat(self) -> bool:
        """True for cats and Oshax: an Oshax counts as a cat of its chosen colour (OSHAX-1)."""
        return self.kind in ("cat", "oshax")

    @property
    def is_treasure(self) -> bool:
        """True for rare and common treasures."""
        return self.kind in ("rare", "common")

    @property
    def is_small_treasure(self) -> bool:
        """True for the 1x1 and 1x2 common treasures."""
        return self.kind == "common" and self.shape in SMALL_SHAPES

    def with_colour(self, colour: str) -> Tile:
        """This Oshax with its chosen colour (OSHAX-1)."""
        if self.kind != "oshax":
            raise UnknownComponent(f"only an Oshax takes a chosen colour, not {self.id}")
        return Tile(self.kind, self.shape, check_colour(colour), self.copy)

    def __str__(self) -> str:
        """The tile as players name it, by what they see on it ("purple 6-square cat", "T-shaped 4-square rare
        treasure", "2-square common treasure", "Oshax (red)"); never its shape id, which nothing a player sees shows
        (:attr:`id` names a tile for programs)."""
        if self.kind == "cat":
            return f"{self.colour} {self.size}-square cat"
        if self.kind == "oshax":  # the six Oshax differ only in shape: players tell them apart by their pictures
            return "Oshax" + (f" ({self.colour})" if self.colour else "")
        return treasure_words(self.kind, self.shape)


def treasure_words(kind: str, shape: int | str) -> str:
    """A treasure of this ``kind`` (rare, common) and shape as players name it: its size and, from 3 squares up, the
    letter it looks like ("1-square common treasure", "L-shaped 3-square common treasure", "T-shaped 5-square rare
    treasure"); the letter alone would not do, as Explore & Draw has T-shaped rare treasures of 4 and of 5 squares."""
    size = SHAPES[shape].size
    letter = _SHAPE_LETTERS.get(shape)
    return f"{f'{letter}-shaped ' if letter and size >= 3 else ''}{size}-square {kind} treasure"


def _shape_letters() -> dict[int | str, str]:
    """The letter each treasure shape looks like, read from its name in the data (``"L-tromino"`` -> ``L``)."""
    specs = {**_TILES["rare_shapes"], **_TILES["common_shapes"], **_TILES["card_shapes"]}
    return {
        _shape_key(key): spec["name"][0] for key, spec in specs.items()
        if key != "notes" and spec["name"][1:2] == "-" and spec["name"][0].isupper()
    }


def _shape_key(text: str) -> int | str:
    """A shape key from its text in a tile id (``"412"`` is the cat shape 412, ``"T5"`` stays text)."""
    return int(text) if text.isdigit() else text


_SHAPE_LETTERS: dict[int | str, str] = _shape_letters()


def all_cats() -> tuple[Tile, ...]:
    """The 85 cat tiles (SETUP-4)."""
    return tuple(Tile.cat(colour, shape) for colour in COLOURS for shape in CAT_SHAPES)


def all_rare_treasures() -> tuple[Tile, ...]:
    """The 25 rare treasure tiles (SETUP-4)."""
    return tuple(Tile.rare(shape, copy) for shape in RARE_SHAPES for copy in range(RARE_COPIES))


def all_oshax() -> tuple[Tile, ...]:
    """The 6 Oshax tiles, colourless (SETUP-3)."""
    return tuple(Tile.oshax(shape) for shape in OSHAX_SHAPES)


def all_common_treasures() -> tuple[Tile, ...]:
    """The 44 common treasure tiles, 11 of each shape."""
    return tuple(Tile.common(shape, copy) for shape in COMMON_SHAPES for copy in range(COMMON_COPIES))


class StartingTiles(NamedTuple):
    """Where the tiles lie when a game is set up (SETUP-3, SETUP-4)."""

    bag: tuple[Tile, ...]
    """The cats and the rare treasures."""
    common_supply: tuple[Tile, ...]
    """The common treasures in play: as many of each shape as the player count allows."""
    spare_commons: tuple[Tile, ...]
    """The other common treasures, which stay in the box."""
    oshax: tuple[Tile, ...]
    """The Oshax beside the island, colourless."""


def starting_tiles(players: int) -> StartingTiles:
    """The tiles of a new game for ``players`` players, each in its starting place (SETUP-3, SETUP-4)."""
    per_shape = common_supply_per_shape(players)
    commons = all_common_treasures()
    return StartingTiles(
        bag=all_cats() + all_rare_treasures(),
        common_supply=tuple(t for t in commons if t.copy < per_shape),
        spare_commons=tuple(t for t in commons if t.copy >= per_shape),
        oshax=all_oshax(),
    )


def rare_treasure_card_id(tile: Tile) -> int:
    """The BGA id of a rare treasure tile (game-data §3.2), for cross-reference."""
    return int(_TILES["rare_shapes"][tile.shape]["ids"][tile.copy])



def tile_to_plain(tile: Tile) -> str:
    """A tile's id, with the colour an Oshax was given (``"oshax:300:red"``): how a tile travels in a view."""
    return f"{tile.id}:{tile.colour}" if tile.kind == "oshax" and tile.colour is not None else tile.id


_READ: dict[object, Tile] = {}
"""The tiles :func:`tile_from_plain` read, by their text (tiles are values: one object serves every reading)."""
READ_KEPT = 4096
"""How many texts :data:`_READ` remembers (all are forgotten when it is full: a hostile stream stays bounded)."""


def tile_from_plain(data: object) -> Tile:
    """The tile :func:`tile_to_plain` wrote: a tile of the board game, else a drawing of Explore & Draw."""
    found = _READ.get(data) if type(data) is str else None
    if found is None:
        found = _tile_from_text(data)
        if len(_READ) >= READ_KEPT:
            _READ.clear()
        _READ[data] = found
    return found


def _tile_from_text(data: object) -> Tile:
    try:
        return Tile.from_id(data)  # refuses a non-text itself
    except UnknownComponent:
        pass
    try:
        return Tile.drawn_from_id(data)
    except UnknownComponent as error:
        raise InvalidSave(str(error)) from None


plain_form(Tile, tile_to_plain, tile_from_plain)

__all__ = [
    "CAT_SHAPES",
    "COLOURS",
    "COLOUR_HEX",
    "COMMON_SHAPES",
    "OSHAX_SHAPES",
    "RARE_SHAPES",
    "SHAPES",
    "SMALL_SHAPES",
    "Cell",
    "Colour",
    "StartingTiles",
    "Tile",
    "TileKind",
    "all_cats",
    "all_common_treasures",
    "all_oshax",
    "all_rare_treasures",
    "check_colour",
    "common_supply_per_shape",
    "starting_tiles",
    "tile_from_plain",
    "tile_to_plain",
    "treasure_words",
]
