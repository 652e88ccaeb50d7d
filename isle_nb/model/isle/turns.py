"""Helpers shared by the phases: who acts now, whose turn is next, and the common refusals."""

from __future__ import annotations

from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.isle.state import GameState, PlayerState, replace
from isle_nb.model.parts.cards import Card, card
from isle_nb.model.parts.words import possessive, subject


def require_player(state: GameState, name: str) -> PlayerState:
    """The named player, or an :class:`IllegalAction` (SETUP-1) if there is none."""
    return state.player(name)


def require_turn(state: GameState, player: PlayerState, rule: str) -> None:
    """Refuse unless it is this player's turn (rescue or rare finds)."""
    if state.turn != player.seat:
        current = state.seat_name(state.turn) if state.turn is not None else "nobody"
        raise IllegalAction(rule, f"it is {possessive(current)} turn, not {possessive(player.name, alone=True)}")
    if player.passed:
        raise IllegalAction(rule, f"{subject(player.name, 'has')} passed and is out for the rest of this phase")


def require_acting(state: GameState, name: str, rule: str) -> PlayerState:
    """The player, if it is their turn and they have not acted yet this turn (the engine has checked that the game
    is in the step that takes the action: the phase table says which)."""
    player = state.player(name)
    require_turn(state, player, rule)
    if state.acted:
        raise IllegalAction(rule, f"{subject(player.name, 'has')} already acted this turn")
    return player


def pass_turn(state: GameState, name: str, rule: str, until: str | None = None) -> GameState:
    """The player passes and is out for the rest of ``until``; the turn goes to the next one in (RESCUE-3, RARE-1,
    FAMILY-2). The caller ends its phase when nobody is left."""
    player = require_acting(state, name, rule)
    state = state.update_player(player.name, passed=True)
    text = f"passes ({rule})" if until is None else f"passes for the rest of {until} ({rule})"
    return next_turn(state.logged(player.name, text))


def require_card_in_hand(player: PlayerState, card_id: object, types: tuple[str, ...], rule: str) -> Card:
    """The card, if the player holds it and it is of one of these types."""
    if not isinstance(card_id, int) or card_id not in player.hand:
        raise IllegalAction(rule, f"{subject(player.name, 'does')} not hold card {quote(card_id)}")
    found = card(card_id)
    if found.type not in types:
        raise IllegalAction(rule, f"card {card_id} is a {found.type} card, not a {' or '.join(types)} card")
    return found


def has_passed(state: GameState, seat: int) -> bool:
    """Whether the one at ``seat`` is out of the current phase of turns.

    The sister (solo game) is out once she has resolved today's basket cards, and always in rare finds (SOLO-10).
    """
    if seat == state.sister_seat:
        return state.sister is None or state.phase != "rescue" or state.sister.done
    return state.players[seat].passed


def next_turn(state: GameState) -> GameState:
    """Give the turn to the next one in turn order who has not passed (``turn=None`` when all have passed)."""
    order = state.turn_order
    start = order.index(state.turn) if state.turn in order else -1
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if not has_passed(state, seat):
            return replace(state, turn=seat, acted=False)
    return replace(state, turn=None, acted=False)


def first_turn(state: GameState) -> GameState:
    """Start a phase of turns: nobody has passed, the first one in turn order who is in begins."""
    players = tuple(replace(p, passed=False) for p in state.players)
    state = replace(state, players=players, acted=False)
    first = next((seat for seat in state.turn_order if not has_passed(state, seat)), None)
    return replace(state, turn=first)
