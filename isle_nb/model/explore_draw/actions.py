"""Explore & Draw actions: small frozen values saying what a player does; :mod:`.rules` judges them.

A day is: :class:`ChooseCards` (hidden, all players at once, ED-2; with a special that changes the choice,
ED-6), then for each chosen card :class:`TakeCard` (which option of ``any 2`` / ``or``, which colour for a
pick-a-colour lesson, ED-4/ED-5) and a :class:`Draw` per discovery (ED-3), :class:`TakeMapBonus` after covering a
map of the cat's colour (ED-7) and, at any moment of the day, :class:`UseSpecial` for "draw your next cat /
treasure twice" (ED-6), whose second copy may be left out with :class:`DeclineCopy`. ``to_dict`` /
:func:`action_from_dict` give the JSON form of saved games.
"""

from __future__ import annotations

from typing import Any

from isle_nb.model.core.errors import UnknownComponent
from isle_nb.model.core.records import NAME_LIMIT, ActionRecord, Check, Schema, each, text_field
from isle_nb.model.parts.geometry import HEIGHT, WIDTH
from isle_nb.model.parts.tiles import COLOURS, COMMON_SHAPES, Colour, Tile
from isle_nb.model.parts.words import with_article

Cell = tuple[int, int]


class EDAction(ActionRecord, frozen=True):
    """Base class of every Explore & Draw action; every action names its ``player``."""


class ChooseCards(EDAction, frozen=True):
    """Choose today's cards by island slot (1-12), hidden until every player has chosen (ED-2).

    Without ``special`` the slots are one column (3 cards). ``special`` may be ``"extra_card"`` (a column and one
    card of another column), ``"one_per_row"`` (one card of each row) or ``"row"`` (the 4 cards of a row) (ED-6).
    """

    slots: tuple[int, ...] = ()
    special: str | None = None

    def __str__(self) -> str:
        extra = f" with the special {self.special}" if self.special else ""
        return f"{self.player} chooses slots {', '.join(map(str, self.slots))}{extra}"


class TakeCard(EDAction, frozen=True):
    """Start resolving one of your chosen cards (ED-2): the slot, and what the card asks you to decide.

    ``side`` is ``"above"`` or ``"below"`` for an ``or`` card; ``picks`` the indexes (0-based, repeats allowed) of
    the two discoveries of an ``any 2`` card (ED-4); ``colour`` the colour of a pick-a-colour lesson (ED-5).
    """

    slot: int = 0
    side: str | None = None
    picks: tuple[int, ...] = ()
    colour: Colour | None = None  # the schema allows the five colours only

    def __str__(self) -> str:
        parts = [f"{self.player} takes the card in slot {self.slot}"]
        if self.side:
            parts.append(f"({self.side} the word 'or')")
        if self.picks:
            parts.append(f"(discoveries {', '.join(str(p + 1) for p in self.picks)})")
        if self.colour:
            parts.append(f"({self.colour})")
        return " ".join(parts)


class Draw(EDAction, frozen=True):
    """Draw a discovery on your boat sheet (ED-3, PLACE rules): which one (its tile id), on which cells, and for
    an Oshax its colour."""

    tile: str = ""
    cells: tuple[Cell, ...] = ()
    colour: str | None = None

    def __str__(self) -> str:
        colour = f" in {self.colour}" if self.colour else ""
        try:
            what = with_article(str(Tile.drawn_from_id(self.tile)))
        except UnknownComponent:  # an id that names no discovery: shown as it was given
            what = repr(self.tile)
        return f"{self.player} draws {what}{colour} on {len(self.cells)} cells"


class TakeMapBonus(EDAction, frozen=True):
    """Draw a common treasure of ``shape`` for a covered treasure map, or ``None`` to decline (ED-7, MAP-1)."""

    shape: str | None = None


class UseSpecial(EDAction, frozen=True):
    """Use ``"twice_cat"`` or ``"twice_treasure"``: the next cat (or treasure) you draw is drawn twice (ED-6)."""

    special: str = ""


class DeclineCopy(EDAction, frozen=True):
    """Leave out the second copy of a "twice" special: the special lets you draw it, it does not make you (ED-6)."""


ACTION_TYPES: dict[str, type[EDAction]] = {
    cls.kind: cls for cls in (ChooseCards, TakeCard, Draw, TakeMapBonus, UseSpecial, DeclineCopy)
}


def _slot(value: Any) -> str | None:
    return None if 1 <= value <= 12 else "must be an island slot, 1-12"


def _cell(value: Any) -> str | None:
    """A cell near the sheet's grid; one just off it is left to the PLACE-1 rule, which says so in plain words."""
    x, y = value
    return None if -WIDTH <= x < 2 * WIDTH and -HEIGHT <= y < 2 * HEIGHT else "is far off the boat sheet"


def _at_most(count: int, item: Check) -> Check:
    """A tuple field of at most ``count`` items, each passing ``item``."""
    items = each(item)
    return lambda value: f"has more than {count} items" if len(value) > count else items(value)


def _tile(value: Any) -> str | None:
    return None if 0 < len(value) <= 32 else "must be a tile id of 1-32 characters"


RANGES: dict[str, Check | tuple[str, Check]] = {
    "player": text_field(NAME_LIMIT),
    # Any whole number of a sane size: which slots a choice may name is the choice's own rule (ED-2, ED-6).
    "slots": ("ED-2", _at_most(12, lambda v: None if -99 <= v <= 99 else "must be an island slot, 1-12")),
    "slot": ("ED-2", _slot),
    "choose_cards.special": ("ED-6", text_field(allowed=("extra_card", "one_per_row", "row"))),
    "use_special.special": ("ED-6", text_field(allowed=("twice_cat", "twice_treasure"))),
    "side": ("ED-4", text_field(allowed=("above", "below"))),
    "picks": ("ED-4", _at_most(2, lambda v: None if 0 <= v < 10 else "must be a discovery's index, 0-9")),
    "draw.colour": ("ED-3", text_field(allowed=COLOURS)),
    "take_card.colour": ("ED-5", text_field(allowed=COLOURS)),
    "tile": ("ED-3", _tile),
    "cells": ("PLACE-1", _at_most(16, _cell)),
    "shape": ("ED-7", text_field(allowed=COMMON_SHAPES)),
}

SCHEMA: Schema[EDAction] = Schema(ACTION_TYPES, RANGES, "ED-2", "Explore & Draw action")
"""The Explore & Draw action format: the one boundary check of actions and of saves."""

check_action = SCHEMA.check
action_from_dict = SCHEMA.from_dict


__all__ = [
    "ChooseCards",
    "DeclineCopy",
    "Draw",
    "EDAction",
    "TakeCard",
    "TakeMapBonus",
    "UseSpecial",
    "action_from_dict",
    "check_action",
]
