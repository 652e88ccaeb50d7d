"""What The Isle of Cats keeps secret, said once: the player view strips it (:mod:`isle_nb.model.isle.player_view`) and
the bots' re-dealing guesses it again (:mod:`isle_nb.model.isle.determinize`), both from these declarations.

- :data:`HIDDEN_CARDS`: the fields of a player whose cards no one else sees: the hand, the private lessons played
  face down (LESSON-1), the draft pack, the hidden pick and the drafted cards (EXPLORE-4), and in the family game
  the kept and offered family lessons (FAMILY-1). Others see how many, never which.
- The rescue cards a player chose stay hidden until they are revealed (:func:`rescue_revealed`, RESCUE-1/2).
- The cards another player drew with card 71-74 stay with that player (:func:`drawn_cards_hidden`, ANY-3).
- The sister's face-down colour cards and today's basket cards not yet revealed (:func:`basket_cards_shown`,
  SOLO-2, SOLO-6).
- The log lines a player writes privately (:meth:`~isle_nb.model.core.contract.LogEntry.seen_by`).
"""

from __future__ import annotations

from isle_nb.model.isle.state import BuyDrawnCards, GameState, Pending, PlayerState, SisterState

HIDDEN_CARDS: tuple[str, ...] = ("hand", "private_lessons", "pack", "pick", "drafted", "family_lessons", "family_offer")
"""The card fields of a :class:`~isle_nb.model.isle.state.PlayerState` that only their owner sees."""


def rescue_revealed(state: GameState, player: PlayerState) -> bool:
    """Whether ``player``'s chosen rescue cards are face up for everyone (RESCUE-2: during the turns of the rescue
    phase, once everyone has chosen)."""
    return state.phase == "rescue" and state.step == "turns" and bool(player.rescue_cards)


def drawn_cards_hidden(pending: Pending, viewer: str | None) -> bool:
    """Whether ``pending`` holds cards drawn by card 71-74 that ``viewer`` may not see (another player's, ANY-3)."""
    return isinstance(pending, BuyDrawnCards) and pending.player != viewer


def basket_cards_shown(sister: SisterState) -> int:
    """How many of today's basket cards of the sister lie face up: the first as soon as they are dealt, then one
    more per card resolved (SOLO-6, SOLO-7)."""
    return max(1, sister.resolved) if sister.cards else 0


__all__ = ["HIDDEN_CARDS", "basket_cards_shown", "drawn_cards_hidden", "rescue_revealed"]
