"""The Isle of Cats' fixed numbers and names, shared by the rules and the screens.

The game's state (:mod:`isle_nb.model.isle.state`) imports them from here, so each has one source; widgets and notebooks
read them here, never from the state module.
"""

from __future__ import annotations

from isle_nb.model.parts.scoring.sister import SISTER

DAYS = 5
"""Days in a game."""
FISH_PER_DAY = 20
"""Fish each player gains at the start of a day (FISH-1)."""
HAND_SIZE = 7
"""Cards dealt to each player for the draft (EXPLORE-1)."""
FIELD_COST: dict[str, int] = {"left": 3, "right": 5}
"""Fish to rescue a cat from each field (RESCUE-4)."""

__all__ = ["DAYS", "FIELD_COST", "FISH_PER_DAY", "HAND_SIZE", "SISTER"]
