"""The modes of The Isle of Cats as data: one :class:`Variant` per mode says what the engine, the views, the results
and the pictures read about it (python-chess's ``VARIANTS`` in spirit), so no rule compares a mode's name.

What a mode is made of here: who may play it and under which setup rule; the draft (cards dealt, cards kept from
each pack, whether packs pass round the table); the cats put in each field; what the mode has at all (fish, cards,
Oshax, fields, the sister, family lessons); how a tie for first place is broken; which secrets its screens cover in
which steps. Its phase table is ``isle_nb.model.isle.flow.TABLES[name]``; the registry of games
(:mod:`isle_nb.model.modes`) offers it to players.

A new mode of the standard game is one entry in :data:`VARIANTS`, its name in ``Mode``
(:mod:`isle_nb.model.parts.scoring.score`) and its phase table in ``flow.TABLES``; the registry offers every
variant.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.isle.constants import HAND_SIZE
from isle_nb.model.parts.scoring.score import Mode
from isle_nb.model.parts.scoring.winners import family_winners, winners

Winners = Callable[[Mapping[str, int], Mapping[str, int]], tuple[str, ...]]
"""Who wins from every player's total and tie-break value."""


@dataclass(frozen=True)
class Variant:
    """One mode of The Isle of Cats, as the rules read it."""

    name: Mode
    label: str
    """The mode's name for players."""
    players: tuple[int, ...]
    """How many people may play it."""
    setup_rule: str
    """The rule a wrong setup breaks."""
    pack: int = HAND_SIZE
    """Cards dealt to each player at the start of the draft (EXPLORE-1; 5 in solo, SOLO-4)."""
    keep: int = 2
    """Cards kept from each pack (EXPLORE-2; 3 of 5 in solo, SOLO-4)."""
    keep_rule: str = "EXPLORE-2"
    """The rule that says how many cards are kept from a pack."""
    passes_packs: bool = True
    """Whether the rest of a pack passes to a neighbour (EXPLORE-3); if not, it is discarded."""
    cats_per_field: int | None = None
    """Cats put in each field at the start of a day; ``None``: two per player (DAY-1; 4 in solo, SOLO-3)."""
    has_fish: bool = True
    has_cards: bool = True
    has_oshax: bool = True
    has_fields: bool = True
    has_sister: bool = False
    """Whether a sister plays against the one player (the solo game: she wins ties, SOLO-12)."""
    family_lessons: bool = False
    """Whether the players' lessons are the family lessons dealt at setup (FAMILY-1), which also lets a map take a
    rare treasure on display (FAMILY-4)."""
    tie_break: str = "Ties are broken by the fish left (SCORE-8)."
    """How a tie for first place is broken, in a sentence for players."""
    tie_column: str | None = "fish left"
    """What breaks a tie, as the result table's column (``None``: nobody's value does; the sister wins ties)."""
    tie_rule: str | None = "SCORE-8"
    winners: Winners = winners
    """Who wins from the totals and the tie-break values."""
    covered_steps: frozenset[tuple[str, str]] | None = None
    """The (phase, step)s in which a hot-seat screen covers the viewer's secrets before handing the device over
    (FAMILY-1: only the family lessons dealt are secret); ``None``: in every step (the hand, picks and lessons)."""
    every_category: bool = True
    """Whether the result table shows every score category, even one that is zero for everyone."""

    def field_size(self, players: int) -> int:
        """Cats put in each field at the start of a day for this many players."""
        return 2 * players if self.cats_per_field is None else self.cats_per_field


VARIANTS: dict[str, Variant] = {
    variant.name: variant
    for variant in (
        Variant("standard", "The Isle of Cats", (2, 3, 4), "SETUP-1"),
        Variant(
            "solo", "The Isle of Cats, solo against the sister", (1,), "SOLO-1",
            pack=5, keep=3, keep_rule="SOLO-4", passes_packs=False, cats_per_field=4,
            has_sister=True, tie_break="The sister wins ties: you have to score strictly more (SOLO-12).",
            tie_column=None, tie_rule=None, every_category=False,
        ),
        Variant(
            "family", "The Isle of Cats, family game", (2, 3, 4), "SETUP-1",
            has_fish=False, has_cards=False, has_oshax=False, has_fields=False,
            family_lessons=True, tie_break="Ties are broken by the most filled rooms, else shared (FAMILY-5).",
            tie_column="filled rooms", tie_rule="FAMILY-5", winners=family_winners,
            covered_steps=frozenset({("setup", "keep_lessons")}), every_category=False,
        ),
    )
}
"""Every mode of The Isle of Cats by name."""


def variant(mode: object) -> Variant:
    """The mode called ``mode``; :class:`IllegalAction` (SETUP-1) naming the modes for an unknown one."""
    if not isinstance(mode, str) or mode not in VARIANTS:
        raise IllegalAction("SETUP-1", f"unknown mode {quote(mode)}; choose one of {', '.join(VARIANTS)}")
    return VARIANTS[mode]


__all__ = ["VARIANTS", "Variant", "Winners", "variant"]
