"""Small helpers for the model's sentences to players (log lines, refusals)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from isle_nb.model.parts.tiles import Tile

AN_LETTERS = "AEFHILMNORSX"
"""Capital letters said with a vowel sound first ("an L-shaped", "an S-shaped")."""


def with_article(words: str) -> str:
    """``words`` after "a" or "an" as they are said: "an orange cat", "a blue cat", "an L-shaped rare treasure"."""
    first = words.split(" ", 1)[0]
    said_as_letter = len(first) == 1 or (len(first) > 1 and first[1] == "-" and first[0].isupper())
    vowel = first[:1] in AN_LETTERS if said_as_letter else first[:1].lower() in "aeio"
    return f"{'an' if vowel else 'a'} {words}"


def ordinal(number: int) -> str:
    """``1`` -> ``"1st"``, ``2`` -> ``"2nd"``, ``11`` -> ``"11th"``, ``23`` -> ``"23rd"``."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def chosen_words(tile_id: str) -> str:
    """The tile an action names by its id, in a player's words ("the purple 6-square cat you chose"; an id that
    names no tile is quoted as it was given)."""
    from isle_nb.model.core.errors import UnknownComponent, quote
    from isle_nb.model.parts.tiles import Tile

    try:
        return f"the {Tile.from_id(tile_id)} you chose"
    except UnknownComponent:
        return f"the tile {quote(tile_id)}"


def tile_among(tile: Tile, tiles: Sequence[Tile]) -> str:
    """``tile`` (one of ``tiles``, which lie in one place in this order: a field, around the island) named so a player
    knows which one is meant: "the purple 6-square cat", or, when cats of another shape there have the same words,
    its position among them as the player sees them ("the 2nd of the 3 purple 6-square cats"). Copies of one shape
    need no telling apart: to a player any of them is the same tile."""
    name = str(tile)
    alike = [t for t in tiles if str(t) == name]
    if all(t.shape == tile.shape for t in alike):
        return f"the {name}"
    return f"the {ordinal(alike.index(tile) + 1)} of the {len(alike)} {name}s"


__all__ = ["chosen_words", "ordinal", "tile_among", "with_article"]
