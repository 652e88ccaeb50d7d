"""Small helpers for the model's sentences to players (log lines, refusals)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
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


YOU = "You"
"""The name the apps give the person at the screen; a sentence about this player is said in the second person."""

IRREGULAR = {"has": "have", "is": "are", "does": "do", "was": "were"}


def second_person(verb: str) -> str:
    """The second-person form of a third-person verb: keeps -> keep, passes -> pass, has -> have."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if re.search(r"(ss|sh|ch|x|z|o)es$", verb):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def third_person(verb: str) -> str:
    """The third-person form of a second-person verb, :func:`second_person` the other way round: keep -> keeps,
    pass -> passes, have -> has."""
    for third, second in IRREGULAR.items():
        if verb == second:
            return third
    if re.search(r"(ss|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def subject(player: str, verb: str) -> str:
    """``player`` and a third-person ``verb`` as the start of a sentence: "Bea flips", and for the player called
    "You" "You flip" ("You have" for "has")."""
    return f"{YOU} {second_person(verb)}" if player == YOU else f"{player} {verb}"


def possessive(player: str, alone: bool = False) -> str:
    """``player``'s, as a sentence says it: "Bea's", and "your" for the player called "You" ("yours" ``alone``,
    with no noun after it: "not yours")."""
    if player == YOU:
        return "yours" if alone else "your"
    return f"{player}'s"


def and_list(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1] if words else ""


def plural(count: int, word: str, plural_form: str | None = None) -> str:
    """``"1 cat"``, ``"2 cats"``, ``"0 cards"``; ``plural_form`` for irregular words (``"fish"``, ``"families"``)."""
    return f"{count} {word if count == 1 else (plural_form or word + 's')}"


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


__all__ = ["YOU", "and_list", "chosen_words", "ordinal", "plural", "possessive", "second_person", "subject",
           "third_person", "tile_among", "with_article"]
