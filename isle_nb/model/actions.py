"""Actions: small frozen values that say what a player does. They carry no logic; the engine judges them.

Every action names its ``player``. ``to_dict`` / :func:`action_from_dict` give a JSON form used by save files and
golden playthroughs.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from isle_nb.model.geometry import Cell
from isle_nb.model.records import ActionRecord, record_from_dict


@dataclass(frozen=True, slots=True)
class Action(ActionRecord):
    """Base class of all actions of The Isle of Cats (standard, solo and family)."""

    @staticmethod
    def decode(data: Any) -> Action:
        """Any action of the game from its JSON form (see :func:`action_from_dict`)."""
        return action_from_dict(data)

    def __str__(self) -> str:
        parts = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.name != "player"]
        return f"{self.player}: {self.kind}({', '.join(parts)})"


@dataclass(frozen=True, slots=True)
class DraftPick(Action):
    """Keep these cards from the pack in front of you (2, or what is left) during the draft (EXPLORE-2)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "draft_pick"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy these drafted cards, paying their fish costs; the others are discarded (EXPLORE-5)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class ChooseLessonColour(Action):
    """Give a "pick a colour" public lesson its colour as you play it (LESSON-2)."""

    card: int = 0
    colour: str = ""
    kind: ClassVar[str] = "choose_lesson_colour"


@dataclass(frozen=True, slots=True)
class ChooseRescueCards(Action):
    """Secretly choose the rescue cards you play this phase (RESCUE-1)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "choose_rescue_cards"


@dataclass(frozen=True, slots=True)
class Rescue(Action):
    """Rescue a cat from a field, paying its cost and one basket; you place it next (RESCUE-4).

    ``basket`` names the basket used (``"card"`` or ``"permanent"``) when the choice matters, else it is ``None``
    (RESCUE-5, see :func:`~isle_nb.model.phases.rescue.basket_choice_matters`).
    """

    field: str = "left"
    tile: str = ""
    basket: str | None = None
    kind: ClassVar[str] = "rescue"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place the tile you must place now on these cells; an Oshax also takes its colour (PLACE-*, OSHAX-1).

    ``orientation`` (an index into the shape's orientations) and ``anchor`` (the boat cell of that orientation's
    (0, 0) corner) say how the placement was made; the model's legal actions carry both, so a view never has to
    work them out from the cells. They are optional (saves from before they existed hold only the cells) and do not
    take part in comparing actions: the cells say where the tile lies. Given, they must agree with the cells.
    """

    cells: tuple[Cell, ...] = ()
    colour: str | None = None
    orientation: int | None = field(default=None, compare=False)
    anchor: tuple[int, int] | None = field(default=None, compare=False)
    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class TakeMapBonus(Action):
    """Take a common treasure of this shape for a covered treasure map, or ``None`` to decline (MAP-1)."""

    shape: str | None = None
    kind: ClassVar[str] = "take_map_bonus"


@dataclass(frozen=True, slots=True)
class PlayOshax(Action):
    """Play an Oshax card and take the Oshax of this shape (RARE-2)."""

    card: int = 0
    shape: int = 0
    kind: ClassVar[str] = "play_oshax"


@dataclass(frozen=True, slots=True)
class PlayTreasure(Action):
    """Play a treasure card and take these tiles (ids like ``"rare:T:0"`` or ``"common:L3"``) (RARE-3).

    ``pay`` is for cards 107-112: pay 1 fish to take any common treasures instead of small ones.
    """

    card: int = 0
    tiles: tuple[str, ...] = ()
    pay: bool = False
    kind: ClassVar[str] = "play_treasure"


@dataclass(frozen=True, slots=True)
class PlayAnytime(Action):
    """Play an anytime card (ANY-1..3). Some cards need a choice: a colour, lessons or treasures to discard."""

    card: int = 0
    colour: str | None = None
    choice: tuple[str, ...] = ()
    kind: ClassVar[str] = "play_anytime"


@dataclass(frozen=True, slots=True)
class BuyDrawn(Action):
    """Buy any of the cards drawn by a "draw cards" anytime card (ANY-3); the rest are discarded."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "buy_drawn"


@dataclass(frozen=True, slots=True)
class ChooseField(Action):
    """Put the cat drawn by card 83 into this field."""

    field: str = "left"
    kind: ClassVar[str] = "choose_field"


@dataclass(frozen=True, slots=True)
class MoveCat(Action):
    """Move this cat to the other field (card 77)."""

    tile: str = ""
    kind: ClassVar[str] = "move_cat"


@dataclass(frozen=True, slots=True)
class KeepFamilyLessons(Action):
    """Family game: keep these 2 of the 3 family lessons dealt to you (FAMILY-1)."""

    cards: tuple[int, ...] = ()
    kind: ClassVar[str] = "keep_family_lessons"


@dataclass(frozen=True, slots=True)
class TakeCat(Action):
    """Family game: take this cat from around the island; you place it next (FAMILY-2)."""

    tile: str = ""
    kind: ClassVar[str] = "take_cat"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: end your rescues or rare finds for this phase, decline an extra rescue, or stop moving cats."""

    kind: ClassVar[str] = "pass"


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


def action_from_dict(data: Any) -> Action:
    """Rebuild an action from :meth:`Action.to_dict` output; raises :class:`InvalidSave` on malformed data."""
    return record_from_dict(data, ACTION_TYPES)


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
]
