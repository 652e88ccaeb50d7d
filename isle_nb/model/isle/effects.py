"""Every card effect the rules implement, gathered from where each is implemented.

Lessons are scored by :data:`isle_nb.model.parts.scoring.LESSON_EFFECTS`, anytime cards resolved by
:data:`isle_nb.model.isle.anytime.EFFECTS`; the remaining effects belong to one kind of card each and are handled by its
phase (:data:`CARD_EFFECTS`). :data:`EFFECT_KEYS` is their union: the cards file describes exactly these keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from isle_nb.model.isle.anytime import EFFECTS as ANYTIME_EFFECTS
from isle_nb.model.isle.phases import rare_finds, rescue, solo
from isle_nb.model.parts.scoring import LESSON_EFFECTS

CARD_EFFECTS: Mapping[str, Callable[..., object]] = MappingProxyType({
    "oshax": rare_finds.apply_oshax,
    "rare_or_two_common": rare_finds.treasure_options,
    "two_small_or_pay_for_two_common": rare_finds.treasure_options,
    "rescue": rescue.apply_choose,
    "solo_colour": solo.reveal,
    "solo_basket": solo.resolve_action,
})
"""Effects of one kind of card, by key: the function of the phase that carries them out."""

EFFECT_KEYS: frozenset[str] = frozenset(LESSON_EFFECTS) | frozenset(ANYTIME_EFFECTS) | frozenset(CARD_EFFECTS)
"""Every effect key the rules model and the scoring code implement."""

__all__ = ["CARD_EFFECTS", "EFFECT_KEYS"]
