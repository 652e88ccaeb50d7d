"""Pocket Cats actions: small frozen values saying what a player does. The rules (:mod:`.rules`) judge them.

A turn is two actions: :class:`Flip` (turn a face-down tile face up, POCKET-2) and then :class:`Swap` (or
:class:`Stay` for the Power Cats). At the end the Royal Claws may :class:`RotateDog` (or :class:`KeepDogs`).
Limited and experts modes start with :class:`ChooseClan`; experts mode moves on with :class:`NextGame`.
``to_dict`` / :func:`action_from_dict` give the JSON form used by save files.
"""

from __future__ import annotations

from typing import Any

from isle_nb.model.core.records import NAME_LIMIT, ActionRecord, Check, Schema, record_fields, text_field
from isle_nb.model.pocket.board import SIZE, Cell, name, on_grid


class PocketAction(ActionRecord, frozen=True):
    """Base class of all Pocket Cats actions; every action names its ``player``."""

    def __str__(self) -> str:
        parts = []
        for field in record_fields(type(self)):
            if field == "player":
                continue
            value = getattr(self, field)
            parts.append(name(value) if field in CELL_FIELDS else repr(value))
        return f"{self.player}: {self.kind}({', '.join(parts)})"


class Flip(PocketAction, frozen=True):
    """Turn the face-down tile on ``cell`` face up (POCKET-2, first half of a turn)."""

    cell: Cell = (0, 0)


class Swap(PocketAction, frozen=True):
    """Swap the tile on ``source`` (the tile just flipped) with the tile on ``target`` (POCKET-2).

    ``source`` differs from the flipped tile only with the Polterkitties' clan effect (another face-up prey moves).
    """

    source: Cell = (0, 0)
    target: Cell = (0, 0)


class Stay(PocketAction, frozen=True):
    """Leave the flipped cat where it is (the Power Cats' clan effect)."""



class RotateDog(PocketAction, frozen=True):
    """Turn the dog on ``cell`` by ``quarter_turns`` clockwise (1-3) before the dogs attack (Royal Claws chief)."""

    cell: Cell = (0, 0)
    quarter_turns: int = 1


class KeepDogs(PocketAction, frozen=True):
    """Do not use the Royal Claws chief's rotation."""



class ChooseClan(PocketAction, frozen=True):
    """Keep this clan card from the ones in front of you (limited and experts modes, POCKET-5)."""

    clan: str = ""


class NextGame(PocketAction, frozen=True):
    """Start the second game of an experts match (POCKET-5)."""



CELL_FIELDS = frozenset({"cell", "source", "target"})

ACTION_TYPES: dict[str, type[PocketAction]] = {
    cls.kind: cls for cls in (Flip, Swap, Stay, RotateDog, KeepDogs, ChooseClan, NextGame)
}


def _cell(value: Any) -> str | None:
    return None if on_grid(value) else f"must be a (row, col) pair on the {SIZE}x{SIZE} grid (0-{SIZE - 1})"


RANGES: dict[str, Check | tuple[str, Check]] = {
    "player": ("POCKET-1", text_field(NAME_LIMIT)),
    "cell": _cell,
    "source": _cell,
    "target": _cell,
    "quarter_turns": ("POCKET-6", lambda v: None if 1 <= v <= 3 else "must be 1, 2 or 3 quarter turns"),
    "clan": ("POCKET-5", text_field()),
}

SCHEMA: Schema[PocketAction] = Schema(ACTION_TYPES, RANGES, "POCKET-2", "Pocket Cats action")
"""The Pocket Cats action format: the one boundary check of actions and of saves."""

check_action = SCHEMA.check
action_from_dict = SCHEMA.from_dict


__all__ = [
    "ACTION_TYPES",
    "ChooseClan",
    "Flip",
    "KeepDogs",
    "NextGame",
    "PocketAction",
    "RotateDog",
    "Stay",
    "Swap",
    "action_from_dict",
    "check_action",
]
