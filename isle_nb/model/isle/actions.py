"""Actions: small frozen values that say what a player does. They carry no logic; the engine judges them.

Every action names its ``player``. ``to_dict`` / :func:`action_from_dict` give a JSON form used by save files and
golden playthroughs.
"""

from __future__ import annotations

from typing import Any, ClassVar

from isle_nb.model.core.errors import UnknownComponent
from isle_nb.model.core.records import NAME_LIMIT, ActionRecord, Check, Schema, each, record_fields, text_field
from isle_nb.model.parts.cards import CARDS
from isle_nb.model.parts.geometry import HEIGHT, WIDTH, Cell
from isle_nb.model.parts.tiles import COLOURS, COMMON_SHAPES, OSHAX_SHAPES, Tile

FIELDS = ("left", "right")
"""The two fields beside the island (RESCUE-4)."""
RESCUE_BASKETS = ("card", "permanent")
"""What a rescue may name as its basket when the choice matters (RESCUE-5)."""


class Action(ActionRecord, frozen=True):
    """Base class of all actions of The Isle of Cats (standard, solo and family). ``doing`` says what a player does
    with one, in words, for the refusal of an action made in another step than its own (DAY-2)."""

    doing: ClassVar[str] = "this action"

    def __str__(self) -> str:
        parts = [f"{f}={getattr(self, f)!r}" for f in record_fields(type(self)) if f != "player"]
        return f"{self.player}: {self.kind}({', '.join(parts)})"


class DraftPick(Action, frozen=True):
    """Keep these cards from the pack in front of you (2, or what is left) during the draft (EXPLORE-2)."""

    doing: ClassVar[str] = "drafting"

    cards: tuple[int, ...] = ()


class Buy(Action, frozen=True):
    """Buy these drafted cards, paying their fish costs; the others are discarded (EXPLORE-5)."""

    doing: ClassVar[str] = "buying drafted cards"

    cards: tuple[int, ...] = ()


class ChooseLessonColour(Action, frozen=True):
    """Give a "pick a colour" public lesson its colour as you play it (LESSON-2)."""

    doing: ClassVar[str] = "choosing a lesson's colour"

    card: int = 0
    colour: str = ""


class ChooseRescueCards(Action, frozen=True):
    """Secretly choose the rescue cards you play this phase (RESCUE-1)."""

    doing: ClassVar[str] = "choosing rescue cards"

    cards: tuple[int, ...] = ()


class Rescue(Action, frozen=True):
    """Rescue a cat from a field, paying its cost and one basket; you place it next (RESCUE-4).

    ``basket`` names the basket used (``"card"`` or ``"permanent"``) when the choice matters, else it is ``None``
    (RESCUE-5, see :func:`~isle_nb.model.isle.phases.rescue.basket_choice_matters`).
    """

    doing: ClassVar[str] = "rescuing a cat"

    field: str = "left"
    tile: str = ""
    basket: str | None = None
    """``"card"`` or ``"permanent"`` when the choice matters, else ``None`` (see ``RESCUE_BASKETS``)."""


class Place(Action, frozen=True):
    """Place the tile you must place now on these cells; an Oshax also takes its colour (PLACE-*, OSHAX-1).

    ``orientation`` (an index into the shape's orientations) and ``anchor`` (the boat cell of that orientation's
    (0, 0) corner) say how the placement was made; the model's legal actions carry both, so a view never has to
    work them out from the cells. They are optional (saves from before they existed hold only the cells) and do not
    take part in comparing actions: the cells say where the tile lies. Given, they must agree with the cells.
    """

    cells: tuple[Cell, ...] = ()
    colour: str | None = None
    orientation: int | None = None
    anchor: tuple[int, int] | None = None

    def __eq__(self, other: object) -> bool:
        if type(other) is not Place:
            return NotImplemented
        return (self.player, self.cells, self.colour) == (other.player, other.cells, other.colour)

    def __hash__(self) -> int:
        return hash((self.player, self.cells, self.colour))


class TakeMapBonus(Action, frozen=True):
    """Take a common treasure of this shape for a covered treasure map, or ``None`` to decline (MAP-1)."""

    shape: str | None = None


class PlayOshax(Action, frozen=True):
    """Play an Oshax card and take the Oshax of this shape (RARE-2)."""

    doing: ClassVar[str] = "playing an Oshax or treasure card"

    card: int = 0
    shape: int = 0


class PlayTreasure(Action, frozen=True):
    """Play a treasure card and take these tiles (ids like ``"rare:T:0"`` or ``"common:L3"``) (RARE-3).

    ``pay`` is for cards 107-112: pay 1 fish to take any common treasures instead of small ones.
    """

    doing: ClassVar[str] = "playing an Oshax or treasure card"

    card: int = 0
    tiles: tuple[str, ...] = ()
    pay: bool = False


class PlayAnytime(Action, frozen=True):
    """Play an anytime card (ANY-1..3). Some cards need a choice: a colour, lessons or treasures to discard."""

    card: int = 0
    colour: str | None = None
    choice: tuple[str, ...] = ()


class BuyDrawn(Action, frozen=True):
    """Buy any of the cards drawn by a "draw cards" anytime card (ANY-3); the rest are discarded."""

    cards: tuple[int, ...] = ()


class ChooseField(Action, frozen=True):
    """Put the cat drawn by card 83 into this field."""

    field: str = "left"


class MoveCat(Action, frozen=True):
    """Move this cat to the other field (card 77)."""

    tile: str = ""


class KeepFamilyLessons(Action, frozen=True):
    """Family game: keep these 2 of the 3 family lessons dealt to you (FAMILY-1)."""

    doing: ClassVar[str] = "keeping family lessons"

    cards: tuple[int, ...] = ()


class TakeCat(Action, frozen=True):
    """Family game: take this cat from around the island; you place it next (FAMILY-2)."""

    doing: ClassVar[str] = "taking a cat"

    tile: str = ""


class Pass(Action, frozen=True):
    """Pass: end your rescues or rare finds for this phase, decline an extra rescue, or stop moving cats."""

    doing: ClassVar[str] = "passing"



ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        DraftPick,
        Buy,
        ChooseLessonColour,
        ChooseRescueCards,
        Rescue,
        Place,
        TakeMapBonus,
        PlayOshax,
        PlayTreasure,
        PlayAnytime,
        BuyDrawn,
        ChooseField,
        MoveCat,
        KeepFamilyLessons,
        TakeCat,
        Pass,
    )
}


def _card_id(value: Any) -> str | None:
    return None if value in CARDS else f"is no card id (ids run 1-{max(CARDS)})"


def _tile_id(value: Any) -> str | None:
    if len(value) > 32:
        return "is no tile id"
    try:
        Tile.from_id(value)
    except (UnknownComponent, ValueError):
        return "is no tile id (like 'cat:blue:412' or 'rare:T:2')"
    return None


def _cell(value: Any) -> str | None:
    """A cell near the boat grid. A cell just off the grid is well formed: the PLACE-1 rule refuses it with a
    sentence a player understands ("off the boat: ..."); only coordinates no pointer could produce are malformed."""
    x, y = value
    near = -WIDTH <= x < 2 * WIDTH and -HEIGHT <= y < 2 * HEIGHT
    return None if near else f"is far off the {WIDTH}x{HEIGHT} boat grid"


def _anchor(value: Any) -> str | None:
    return None if value is None else _cell(value)


def _treasure(value: Any) -> str | None:
    """A treasure a card takes: ``"common:<shape>"`` or a rare treasure's tile id (RARE-3)."""
    if value in tuple(f"common:{s}" for s in COMMON_SHAPES):
        return None
    if value.startswith("rare:") and _tile_id(value) is None:
        return None
    return "is no treasure ('common:L3' or a rare treasure's id like 'rare:T:2')"


def _map_bonus(value: Any) -> str | None:
    """What a covered map gives: a common shape, or (family game) a rare treasure's id (MAP-1, FAMILY-4)."""
    if value is None or value in COMMON_SHAPES:
        return None
    if value.startswith("rare:") and _tile_id(value) is None:
        return None
    return f"is no common treasure shape ({', '.join(COMMON_SHAPES)}) or rare treasure id"


RANGES: dict[str, Check | tuple[str, Check]] = {
    "player": text_field(NAME_LIMIT),
    "card": _card_id,
    "cards": each(_card_id),
    "colour": text_field(allowed=COLOURS),
    "field": text_field(allowed=FIELDS),
    "tile": _tile_id,
    "cells": each(_cell),
    "anchor": _anchor,
    "orientation": lambda v: None if v is None or 0 <= v < 8 else "must be an orientation index, 0-7",
    "basket": ("RESCUE-5", text_field(allowed=RESCUE_BASKETS)),
    "place.colour": ("OSHAX-1", text_field(allowed=COLOURS)),
    "tiles": each(_treasure),
    "choice": each(text_field()),
    "take_map_bonus.shape": _map_bonus,
    "play_oshax.shape": lambda v: None if v in OSHAX_SHAPES else f"is no Oshax shape {OSHAX_SHAPES}",
}


def _unused(action: Any) -> tuple[str, str] | None:
    """A field the action fills although its card does not use it (ANY-3): a colour or a choice."""
    if not isinstance(action, PlayAnytime):
        return None
    found = CARDS[action.card]
    if found.type != "anytime":
        return None  # the rules refuse it: not an anytime card
    if action.colour is not None and found.effect != "fish_per_cat_of_colour":
        return "colour", f"card #{found.id} takes no colour"
    if action.choice and found.effect not in ("basket_for_lessons", "basket_for_treasures"):
        return "choice", f"card #{found.id} takes no choice"
    return None


RULE_OF_KIND: dict[str, str] = {
    "draft_pick": "EXPLORE-2",
    "buy": "EXPLORE-5",
    "choose_lesson_colour": "LESSON-2",
    "choose_rescue_cards": "RESCUE-1",
    "rescue": "RESCUE-4",
    "place": "PLACE-1",
    "take_map_bonus": "MAP-1",
    "play_oshax": "RARE-2",
    "play_treasure": "RARE-3",
    "play_anytime": "ANY-3",
    "buy_drawn": "ANY-3",
    "choose_field": "ANY-3",
    "move_cat": "ANY-3",
    "keep_family_lessons": "FAMILY-1",
    "take_cat": "FAMILY-2",
    "pass": "DAY-2",
}
"""The rule each kind of action belongs to: a malformed one is refused naming it (and the field)."""

SCHEMA: Schema[Action] = Schema(ACTION_TYPES, RANGES, "DAY-2", "action", _unused, RULE_OF_KIND)
"""The action format of The Isle of Cats: the one boundary check of actions and of saves."""

check_action = SCHEMA.check
action_from_dict = SCHEMA.from_dict


__all__ = [
    "ACTION_TYPES",
    "Action",
    "Buy",
    "BuyDrawn",
    "ChooseField",
    "ChooseLessonColour",
    "ChooseRescueCards",
    "DraftPick",
    "KeepFamilyLessons",
    "MoveCat",
    "Pass",
    "Place",
    "PlayAnytime",
    "PlayOshax",
    "PlayTreasure",
    "Rescue",
    "TakeCat",
    "TakeMapBonus",
    "action_from_dict",
    "check_action",
]
