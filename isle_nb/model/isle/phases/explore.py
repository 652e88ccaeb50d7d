"""Phase 2, Explore: the hidden simultaneous draft (EXPLORE-2..4) and buying the drafted cards (EXPLORE-5, -6)."""

from __future__ import annotations

from itertools import combinations
from typing import Protocol

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle.actions import Action, Buy, DraftPick
from isle_nb.model.isle.buying import affordable_sets, buy
from isle_nb.model.isle.phases.day import SOLO_ROUNDS
from isle_nb.model.isle.state import GameState, PlayerState, draw_cards, replace, without_all
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.words import subject


class Drafting(Protocol):
    """A player holding a draft pack, as the state or their own view has them."""

    @property
    def pack(self) -> tuple[int, ...]:
        """The card ids of the pack in hand."""
        ...


def picks_needed(player: Drafting, mode: str = "standard") -> int:
    """How many cards the player keeps from the current pack: 2 (3 of 5 in solo, SOLO-4), or what is left."""
    return min(variant(mode).keep, len(player.pack))


def drafting(state: GameState) -> tuple[str, ...]:
    """Players who still have to pick this round of the draft."""
    return tuple(p.name for p in state.players if p.pick is None and p.pack)


def buying(state: GameState) -> tuple[str, ...]:
    """Players who still have to decide what to buy."""
    return tuple(p.name for p in state.players if not p.bought)


def draft_goes_on(state: GameState) -> bool:
    """Some pack still has cards to pick from after a round (EXPLORE-2, SOLO-4)."""
    return any(p.pack for p in state.players)


def pass_direction(day: int) -> int:
    """+1 (to the next seat, "left") on days 1, 3, 5; -1 ("right") on days 2 and 4 (EXPLORE-3)."""
    return 1 if day % 2 == 1 else -1


def legal_picks(state: GameState, player: PlayerState) -> list[Action]:
    """Every pick of 2 (3 in solo) from the pack in front of the player."""
    if player.pick is not None or not player.pack:
        return []
    needed = picks_needed(player, state.mode)
    return [DraftPick(player.name, combo) for combo in combinations(player.pack, needed)]


def legal_buys(state: GameState, player: PlayerState) -> list[Action]:
    """Every affordable set of drafted cards to buy."""
    if player.bought:
        return []
    return [Buy(player.name, combo) for combo in affordable_sets(player.drafted, player.fish)]


def apply_pick(state: GameState, action: DraftPick) -> GameState:
    """Record a hidden pick (once everyone has picked, the round resolves: :func:`resolve_round`)."""
    player = state.player(action.player)
    if not player.pack or player.pick is not None:
        raise IllegalAction("EXPLORE-4", f"{subject(player.name, 'has')} already picked this round; wait for the "
                            "others")
    cards = tuple(action.cards)
    needed = picks_needed(player, state.mode)
    if len(cards) != needed:
        raise IllegalAction(
            variant(state.mode).keep_rule, f"pick exactly {needed} cards, not {len(cards)}"
        )
    try:
        without_all(player.pack, cards)
    except ValueError:
        raise IllegalAction("EXPLORE-2", f"pick cards from the pack in front of you {sorted(player.pack)}") from None
    state = state.update_player(player.name, pick=cards)
    state = state.logged(player.name, f"keeps {', '.join(f'#{c}' for c in cards)} from the draft", private=True)
    return state.logged(player.name, "has picked")


def resolve_round(state: GameState) -> GameState:
    """Everyone picked: keep the picks, pass the rest of each pack; the last single cards are kept (EXPLORE-2)."""
    n = len(state.players)
    kept = [
        replace(p, drafted=p.drafted + (p.pick or ()), pack=without_all(p.pack, p.pick or ()), pick=None)
        for p in state.players
    ]
    direction = pass_direction(state.day)
    passed = [kept[(seat - direction) % n].pack for seat in range(n)]
    players = tuple(replace(p, pack=passed[p.seat]) for p in kept)
    state = replace(state, players=players, draft_round=state.draft_round + 1, revealed=state.revealed + 1)
    if all(len(p.pack) <= 1 for p in state.players):
        players = tuple(replace(p, drafted=p.drafted + p.pack, pack=()) for p in state.players)
        state = replace(state, players=players)
        state = state.logged(None, "the draft is over: each player keeps the last card passed to them (EXPLORE-2)")
    return state


def resolve_solo_round(state: GameState) -> GameState:
    """Solo: keep 3, discard 2; after the second round add the top card of the deck (SOLO-4)."""
    (player,) = state.players
    rest = without_all(player.pack, player.pick or ())
    drafted = player.drafted + (player.pick or ())
    state = replace(state, discard=state.discard + rest, draft_round=state.draft_round + 1)
    if state.draft_round < SOLO_ROUNDS:
        state, pack = draw_cards(state, variant(state.mode).pack)
        return state.update_player(player.name, drafted=drafted, pack=pack, pick=None)
    state, top = draw_cards(state, 1)
    state = state.update_player(player.name, drafted=drafted + top, pack=(), pick=None)
    return state.logged(player.name, "adds the top card of the deck to the kept cards (SOLO-4)")


def apply_buy(state: GameState, action: Buy) -> GameState:
    """Buy a set of drafted cards; the rest are discarded."""
    player = state.player(action.player)
    if player.bought:
        raise IllegalAction("EXPLORE-5", f"{subject(player.name, 'has')} already bought this day")
    state = buy(state, player.name, player.drafted, tuple(action.cards), "EXPLORE-5")
    return state.update_player(player.name, drafted=(), bought=True, just_bought=tuple(action.cards))


