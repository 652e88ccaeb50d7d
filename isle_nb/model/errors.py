"""Exceptions raised by the rules model.

Every refusal of the rules is an :class:`IllegalAction` (a ``ValueError``) whose message starts with the
rule ID from ``rules.md`` that was broken, e.g. ``"PLACE-3: the tile must touch a tile already on the boat"``.
When one is raised, nothing has changed.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action or move that the rules do not allow. ``rule`` is the rule ID it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"{rule}: {message}")


class IllegalPlacement(IllegalAction):
    """A tile placement that breaks a PLACE rule (off the boat, overlapping, not touching, wrong shape)."""


class UnknownComponent(ValueError):
    """A colour, shape, tile, card or boat name that does not exist in the game."""


class InvalidSave(ValueError):
    """A saved game that is malformed or inconsistent; nothing was loaded."""
