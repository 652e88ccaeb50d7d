"""Determinization: a full game state that one player could believe in, built from what that player may see.

A bot that searches needs whole states to play forward, but it may only know its own :func:`player_view`.
:func:`determinize` keeps every public fact of the true state (boats, fish, fields, the display, supplies,
public lessons, counts of cards in every hand, pack and pile, who has picked, revealed rescue cards, the
sister's face-up cards) and re-samples every secret with the given random generator:

- the cards the viewer cannot see (other players' hands, draft packs, drafted cards, hidden picks, private lessons
  and hidden rescue cards, cards another player drew with card 71-74, the deck and the discard pile) are pooled
  and dealt again, respecting what kind of card each place may hold (a private lesson is a private lesson card,
  chosen rescue cards are rescue cards from that player's hand, a pick comes from that player's pack);
- the other players' family lessons (kept and still on offer) are dealt again from the family lessons the viewer
  has not seen (FAMILY-1);
- the sister's face-down colour cards and basket cards are shuffled again (SOLO-2, SOLO-6);
- the future of the bag and of every reshuffle is re-sampled: the bag is put in a canonical order and the state
  gets a new seed, so the next draws are a fresh guess, not the true ones;
- the log keeps only the lines the viewer may read.

The result depends only on the viewer's view and on ``rng``: two true states that look the same to the viewer give
the same determinized state (the tests check it). It never changes the state it is given.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from isle_nb.model.isle.hidden import (
    basket_cards_shown,
    card_locations,
    drawn_cards_hidden,
    hidden_from,
    rescue_revealed,
)
from isle_nb.model.isle.state import BuyDrawnCards, GameState, PlayerState, SisterState, replace
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.cards import card, family_lesson_ids

CardFilter = Callable[[int], bool]


def _is_private_lesson(card_id: int) -> bool:
    found = card(card_id)
    return found.type == "lesson" and not found.public


def _is_rescue(card_id: int) -> bool:
    return card(card_id).type == "rescue"


class _Dealer:
    """A sorted pool of hidden cards dealt out at random; cards of a kind can be taken first."""

    def __init__(self, pool: list[int], rng: random.Random) -> None:
        self.pool = sorted(pool)
        rng.shuffle(self.pool)
        self.rng = rng

    def take(self, count: int, allowed: CardFilter | None = None) -> tuple[int, ...]:
        """``count`` cards from the pool (only cards ``allowed`` accepts, if given)."""
        if allowed is None:
            taken, self.pool = self.pool[:count], self.pool[count:]
            return tuple(taken)
        chosen: list[int] = []
        rest: list[int] = []
        for card_id in self.pool:
            if len(chosen) < count and allowed(card_id):
                chosen.append(card_id)
            else:
                rest.append(card_id)
        if len(chosen) < count:  # pragma: no cover - the true deal is one solution, so the pool always suffices
            raise ValueError("not enough hidden cards of the right kind to deal")
        self.pool = rest
        return tuple(chosen)


def _hidden_cards(state: GameState, viewer: str) -> list[int]:
    """Every discovery card whose identity ``viewer`` cannot know (see the module docstring)."""
    return [c for c, where, owner in card_locations(state) if hidden_from(where, owner, viewer)]


def _deal_player(state: GameState, player: PlayerState, dealer: _Dealer, chosen_rescue: tuple[int, ...],
                 private_lessons: tuple[int, ...]) -> PlayerState:
    """``player`` (not the viewer) with their hidden cards dealt again, keeping every count; the cards that must be
    of a kind (hidden rescue cards, private lessons) were dealt first, for every player, and are given here."""
    hand = chosen_rescue + dealer.take(len(player.hand) - len(chosen_rescue))
    rescue_cards = player.rescue_cards
    if rescue_cards is not None and not rescue_revealed(state, player):
        rescue_cards = chosen_rescue
    pack = dealer.take(len(player.pack) - (len(player.pick) if player.pick else 0))
    pick = None
    if player.pick is not None:
        pick = dealer.take(len(player.pick))
        pack = pick + pack
    drafted = dealer.take(len(player.drafted))
    return replace(player, hand=hand, rescue_cards=rescue_cards, private_lessons=private_lessons, pack=pack, pick=pick,
                   drafted=drafted)


def _deal_players(state: GameState, viewer: str, dealer: _Dealer) -> tuple[PlayerState, ...]:
    """Every other player's hidden cards dealt again: first the cards that must be of a kind, then the rest."""
    others = [p for p in state.players if p.name != viewer]
    rescue = {
        p.name: dealer.take(len(p.rescue_cards), _is_rescue)
        if p.rescue_cards is not None and not rescue_revealed(state, p) else ()
        for p in others
    }
    lessons = {p.name: dealer.take(len(p.private_lessons), _is_private_lesson) for p in others}
    return tuple(
        p if p.name == viewer else _deal_player(state, p, dealer, rescue[p.name], lessons[p.name])
        for p in state.players
    )


def _deal_family_lessons(state: GameState, viewer: str, rng: random.Random) -> tuple[PlayerState, ...]:
    """The other players' family lessons (kept or offered) dealt again from those the viewer has not seen."""
    me = state.player(viewer)
    seen = set(me.family_lessons) | set(me.family_offer)
    if not any(p.family_lessons or p.family_offer for p in state.players if p.name != viewer):
        return state.players
    dealer = _Dealer([c for c in family_lesson_ids() if c not in seen], rng)
    dealt = []
    for player in state.players:
        if player.name != viewer:
            kept = dealer.take(len(player.family_lessons))
            player = replace(player, family_lessons=kept, family_offer=dealer.take(len(player.family_offer)))
        dealt.append(player)
    return tuple(dealt)


def _deal_sister(sister: SisterState, rng: random.Random) -> SisterState:
    """The sister with her face-down colours, face-down basket cards of today and basket deck shuffled again."""
    shown = basket_cards_shown(sister)
    hidden_colours = sorted(sister.colour_row[sister.colours_revealed :])
    rng.shuffle(hidden_colours)
    dealer = _Dealer([*sister.deck, *sister.cards[shown:]], rng)
    cards = sister.cards[:shown] + dealer.take(len(sister.cards) - shown)
    return replace(
        sister,
        colour_row=sister.colour_row[: sister.colours_revealed] + tuple(hidden_colours),
        cards=cards,
        deck=dealer.take(len(sister.deck)),
    )


def determinize(state: GameState, viewer: str, rng: random.Random) -> GameState:
    """A state ``viewer`` cannot tell from ``state``, with every secret re-sampled from ``rng``.

    ``player_view(determinize(state, viewer, rng), viewer) == player_view(state, viewer)`` always holds, and the
    result is the same for any two states with the same view (given generators in the same state).
    """
    dealer = _Dealer(_hidden_cards(state, viewer), rng)
    players = _deal_players(state, viewer, dealer)
    pending = tuple(
        replace(p, cards=dealer.take(len(p.cards)))
        if isinstance(p, BuyDrawnCards) and drawn_cards_hidden(p, viewer) and p.cards else p
        for p in state.pending
    )
    discard = dealer.take(len(state.discard))
    deck = dealer.take(len(state.deck))
    result = replace(state, players=players, pending=pending, deck=deck, discard=discard)
    if variant(state.mode).family_lessons:
        result = replace(result, players=_deal_family_lessons(result, viewer, rng))
    if state.sister is not None:
        result = replace(result, sister=_deal_sister(state.sister, rng))
    return replace(
        result,
        bag=tuple(sorted(state.bag, key=lambda tile: tile.id)),
        seed=rng.getrandbits(62),
        log=tuple(entry for entry in state.log if entry.seen_by(viewer)),
    )


__all__ = ["determinize"]
