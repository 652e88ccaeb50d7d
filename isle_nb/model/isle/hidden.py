"""What The Isle of Cats keeps secret, said once: the player view strips it (:mod:`isle_nb.model.isle.player_view`),
the bots' re-dealing guesses it again (:mod:`isle_nb.model.isle.determinize`) and a player's DataFrames blank it
(:mod:`isle_nb.model.isle.frames`), all from these declarations.

- :data:`HIDDEN_CARDS`: the fields of a player whose cards no one else sees: the hand, the private lessons played
  face down (LESSON-1), the draft pack, the hidden pick and the drafted cards (EXPLORE-4), and in the family game
  the kept and offered family lessons (FAMILY-1). Others see how many, never which.
- :data:`OWNER_SEES` and :data:`NOBODY_SEES`: where a card lies (:func:`card_locations`) says who sees it
  (:func:`hidden_from`): the deck and the discard pile nobody; a hand, the chosen rescue cards still in it, a
  private lesson, a draft pack, the drafted cards and cards drawn with card 71-74 (ANY-3) only their owner; public
  lessons and played rescue cards everyone.
- The rescue cards a player chose stay hidden until they are revealed (:func:`rescue_revealed`, RESCUE-1/2).
- The cards another player drew with card 71-74 stay with that player (:func:`drawn_cards_hidden`, ANY-3).
- The sister's face-down colour cards and today's basket cards not yet revealed (:func:`basket_cards_shown`,
  SOLO-2, SOLO-6).
- The log lines a player writes privately (:meth:`~isle_nb.model.core.contract.LogEntry.seen_by`).
"""

from __future__ import annotations

from isle_nb.model.isle.state import BuyDrawnCards, GameState, Pending, PlayerState, SisterState

HIDDEN_CARDS: tuple[str, ...] = ("hand", "private_lessons", "pack", "pick", "drafted", "family_lessons", "family_offer")
"""The card fields of a :class:`~isle_nb.model.isle.state.PlayerState` that only their owner sees: what another
player's view never copies (it may count them)."""

CardLocation = tuple[int, str, str | None]
"""A card id, where it is (deck, discard, hand, pack, drafted, ...) and whose."""

NOBODY_SEES = frozenset({"deck", "discard", "box"})
"""Where a card lies face down for everyone."""
OWNER_SEES = frozenset({"hand", "rescue cards chosen", "private lesson", "draft pack", "drafted", "drawn",
                        "family lessons dealt", "family lessons kept"})
"""Where a card is seen by its owner only (a pick is part of the draft pack; the family lessons, FAMILY-1)."""


def card_locations(state: GameState) -> list[CardLocation]:
    """Every discovery card with its location; each card appears exactly once."""
    found: list[CardLocation] = [(c, "deck", None) for c in state.deck]
    found.extend((c, "discard", None) for c in state.discard)
    found.extend((c, "public lesson", None) for c, _ in state.public_lessons)
    for p in state.players:
        chosen = p.rescue_cards or ()
        # Chosen rescue cards stay in the hand, face down, until everyone has chosen; then they are played.
        for where, cards in (
            ("hand", tuple(c for c in p.hand if c not in chosen)),
            ("rescue cards chosen", tuple(c for c in chosen if c in p.hand)),
            ("rescue cards played", tuple(c for c in chosen if c not in p.hand)),
            ("private lesson", p.private_lessons),
            ("public lesson, colour to choose", p.colour_lessons),
            ("draft pack", p.pack),
            ("drafted", p.drafted),
        ):
            found.extend((c, where, p.name) for c in cards)
    for pending in state.pending:
        if isinstance(pending, BuyDrawnCards):
            found.extend((c, "drawn", pending.player) for c in pending.cards)
    return found


def hidden_from(where: str, owner: str | None, viewer: str | None) -> bool:
    """Whether ``viewer`` cannot know a card that lies ``where`` (a place of :func:`card_locations`), ``owner``'s."""
    return where in NOBODY_SEES or (where in OWNER_SEES and owner != viewer)


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


__all__ = [
    "HIDDEN_CARDS", "NOBODY_SEES", "OWNER_SEES", "CardLocation", "basket_cards_shown", "card_locations",
    "drawn_cards_hidden", "hidden_from", "rescue_revealed",
]
