"""Ready-made Pocket Cats positions for lessons and tests.

:data:`RULEBOOK_EXAMPLE` is a finished grid built to reproduce the end-game example of the rulebook (seed 004):
the Gourmets (player 1) against the Royal Claws (player 2). The rulebook's picture is not part of our sources,
so the tiles were placed here to give exactly the outcome its text describes:

* effects off: the dogs turn Gourmets 2 and 4 and Royal Claws 4 and 5 face down; the Gourmets catch mouse 3 and
  both pigeons (3 + 10 = 13), the Royal Claws mice 4, 5 (bottom right) and 6 (15): the Royal Claws win 15-13;
* effects on: the Royal Claws chief turns the centre dog a quarter turn clockwise, which saves her and bites
  Gourmets 1 instead; the Gourmets' chief reaches the middle-row mouse 4 at a corner; the Gourmets score
  3 + 10 + 4 + 4 (one per prey) = 21 against the Royal Claws' fly 4, mouse 5 and mouse 6 = 15.

Gourmets cat numbers are not their values: gourmets-1 has attack 2, -2 has 4, -3 has 1, -4 has 5, the chief
(-5) has 3. A dog id ``"dog-1:3"`` is dog 1 turned three quarter turns clockwise (its arrow points west).
"""

from __future__ import annotations

RULEBOOK_EXAMPLE: tuple[tuple[str, ...], ...] = (
    ("dog-4", "gourmets-1", "gourmets-4", "mouse-3", "pigeon-5"),
    ("gourmets-2", "royal-claws-1", "gourmets-3", "pigeon-2", "gourmets-5"),
    ("fly-4", "royal-claws-5", "dog-1:3", "mouse-4a", "royal-claws-4"),
    ("mouse-4b", "dog-5", "dog-2:1", "royal-claws-2", "dog-3:3"),
    ("mouse-5a", "fly-3", "mouse-6", "royal-claws-3", "mouse-5b"),
)
RULEBOOK_CLANS: tuple[str, str] = ("gourmets", "royal claws")
RULEBOOK_ROTATION: tuple[tuple[int, int], int] = ((2, 2), 1)
"""The Royal Claws chief's choice in the example: the centre dog, a quarter turn clockwise."""
