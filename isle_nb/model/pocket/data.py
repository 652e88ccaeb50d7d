"""Pocket Cats facts (variants-data.md §D), loaded from ``isle_nb/data/pocket.json`` like the other data files.

The JSON file holds the 7 clans, the 10 prey tiles, the 5 dogs, the Chaoticats' values and the pair bonuses; this
module only gives them their Python types. A cat tile's number is its position in its clan (1-5); number 5 is
always the chief.
"""

from __future__ import annotations

from typing import Any

from isle_nb.data import load

_DATA: dict[str, Any] = load("pocket")

CHIEF_NUMBER: int = _DATA["chief_number"]
"""Every clan lists its chief last, so the chief is cat number 5 of its clan."""

CLANS: tuple[dict[str, Any], ...] = tuple(
    {**clan, "attack": tuple(clan["attack"])} for clan in _DATA["clans"]
)
"""The 7 clans in the published order: key, name, colour, the attack of cats 1-5, clan effect and chief ability."""

CHAOTICATS_VALUES: dict[int, int] = {int(left): value for left, value in _DATA["chaoticats_values"].items()}
"""Attack of every Chaoticat, by how many Chaoticats are face up after the dogs attack."""

PREY: tuple[dict[str, Any], ...] = tuple(dict(prey) for prey in _DATA["prey"])
"""The 10 prey tiles: id, kind of prey and points."""

PAIR_POINTS: dict[str, int] = dict(_DATA["pair_points"])
"""What both tiles of a pair score together when one clan catches both (the product of their points)."""

DOGS: tuple[dict[str, Any], ...] = tuple({**dog, "arrows": tuple(dog["arrows"])} for dog in _DATA["dogs"])
"""The 5 dogs: id, breed and arrows as printed, with the tile upright (N is up)."""
