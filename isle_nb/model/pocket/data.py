"""Pocket Cats facts as plain data (variants-data.md §D): the 7 clans, the 10 prey tiles and the 5 dogs.

This module holds no logic. The texts are written in our own words; the numbers were read off the published
tiles and cards (§D.1-D.3). A cat tile's number is its position in its clan (1-5); number 5 is always the chief.
"""

from __future__ import annotations

from typing import Any

CHIEF_NUMBER = 5
"""Every clan lists its chief last, so the chief is cat number 5 of its clan."""

CLANS: tuple[dict[str, Any], ...] = (
    {
        "key": "royal claws",
        "name": "The Royal Claws",
        "abbreviation": "RC",
        "colour": "#7b4fa0",
        "attack": (1, 2, 3, 4, 5),
        "effect_timing": "permanent",
        "effect": "swap_with_dog",
        "effect_text": "After flipping a cat (of either clan), you may swap it with any face-up dog instead.",
        "chief": "rotate_dog",
        "chief_text": "Before the dogs attack, if the chief touches a dog edge to edge, you may turn that dog "
        "by a quarter, half or three-quarter turn.",
    },
    {
        "key": "gourmets",
        "name": "The Gourmets",
        "abbreviation": "GO",
        "colour": "#d9731a",
        "attack": (2, 4, 1, 5, 3),
        "effect_timing": "end",
        "effect": "prey_bonus",
        "effect_text": "Every prey tile the clan catches scores 1 more point.",
        "chief": "diagonal_catch",
        "chief_text": "The chief also hunts the four prey tiles touching him at a corner.",
    },
    {
        "key": "crooks",
        "name": "The Crooks",
        "abbreviation": "CR",
        "colour": "#3f4448",
        "attack": (1, 2, 3, 4, 7),
        "effect_timing": "end",
        "effect": "face_up_bonus",
        "effect_text": "Each Crook still face up at the very end scores 1 point.",
        "chief": "eliminate_weaker",
        "chief_text": "Right after the dogs attack, the chief turns face down every cat touching him edge to edge "
        "whose attack is lower than his, his own clan included.",
    },
    {
        "key": "defenders of justice",
        "name": "The Defenders of Justice",
        "abbreviation": "DJ",
        "colour": "#2f6db5",
        "attack": (1, 1, 1, 1, 9),
        "effect_timing": "permanent",
        "effect": "diagonal_move",
        "effect_text": "After flipping a cat (of either clan), you may also swap it along a diagonal, "
        "1 or 2 cells away.",
        "chief": "swap_centre",
        "chief_text": "Before the dogs attack, the chief has to trade places with whatever tile is in the centre.",
    },
    {
        "key": "chaoticats",
        "name": "The Chaoticats",
        "abbreviation": "CH",
        "colour": "#b8327a",
        "attack": (None, None, None, None, None),
        "effect_timing": "end",
        "effect": "shared_value",
        "effect_text": "Their attack is unknown during play. After the dogs attack, all of them get the same attack, "
        "which grows as fewer of them are left face up (5 left: 2 each, 4: 4, 3: 6, 2: 8, 1: 10).",
        "chief": "pair_catch",
        "chief_text": "If the chief helped catch one pigeon (or one fly) and nobody caught the other one, "
        "the clan takes the other one too.",
    },
    {
        "key": "power cats",
        "name": "The Power Cats",
        "abbreviation": "PC",
        "colour": "#c0392b",
        "attack": (4, 4, 3, 6, 2),
        "effect_timing": "permanent",
        "effect": "stay",
        "effect_text": "After flipping a cat (of either clan), you may leave it where it is instead of swapping.",
        "chief": "row_column_catch",
        "chief_text": "The chief hunts every prey tile in his row and his column, however far away.",
    },
    {
        "key": "polterkitties",
        "name": "The Polterkitties",
        "abbreviation": "PK",
        "colour": "#24928a",
        "attack": (2, 2, 3, 3, 5),
        "effect_timing": "permanent",
        "effect": "move_other_prey",
        "effect_text": "After flipping a prey tile, you may move a different face-up prey tile instead (it swaps "
        "with one of the 8 tiles around it) and leave the flipped one where it is.",
        "chief": "dog_proof",
        "chief_text": "Dogs cannot turn the chief face down.",
    },
)

CHAOTICATS_VALUES: dict[int, int] = {5: 2, 4: 4, 3: 6, 2: 8, 1: 10}
"""Attack of every Chaoticat, by how many Chaoticats are face up after the dogs attack."""

PREY: tuple[dict[str, Any], ...] = (
    {"id": "mouse-3", "prey": "mouse", "points": 3},
    {"id": "mouse-4a", "prey": "mouse", "points": 4},
    {"id": "mouse-4b", "prey": "mouse", "points": 4},
    {"id": "mouse-5a", "prey": "mouse", "points": 5},
    {"id": "mouse-5b", "prey": "mouse", "points": 5},
    {"id": "mouse-6", "prey": "mouse", "points": 6},
    {"id": "pigeon-2", "prey": "pigeon", "points": 2},
    {"id": "pigeon-5", "prey": "pigeon", "points": 5},
    {"id": "fly-3", "prey": "fly", "points": 3},
    {"id": "fly-4", "prey": "fly", "points": 4},
)

PAIR_POINTS: dict[str, int] = {"pigeon": 10, "fly": 12}
"""What both tiles of a pair score together when one clan catches both (the product of their points)."""

DOGS: tuple[dict[str, Any], ...] = (
    {"id": "dog-1", "breed": "chihuahua", "arrows": ("N",)},
    {"id": "dog-2", "breed": "shih tzu", "arrows": ("W", "E")},
    {"id": "dog-3", "breed": "spaniel", "arrows": ("NE", "E", "SE")},
    {"id": "dog-4", "breed": "bulldog", "arrows": ("N", "E", "S", "W")},
    {"id": "dog-5", "breed": "doberman", "arrows": ("NW", "NE", "SE", "SW")},
)
"""Arrows as printed, with the tile upright (N is up)."""
