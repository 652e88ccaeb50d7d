"""Phase 4, Rescue cats (RESCUE-1..6): hidden choice of rescue cards, speed sets the turn order, then turns of
rescuing one cat (pay its field's cost and a basket, place it at once) until everyone has passed."""

from __future__ import annotations

from collections import defaultdict
from itertools import product

from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.isle.actions import RESCUE_BASKETS, Action, ChooseRescueCards, Pass, Rescue
from isle_nb.model.isle.gained_tiles import fit_refusal, fits, push_placement, tile_in
from isle_nb.model.isle.state import FIELD_COST, ExtraRescue, GameState, PlayerState, replace, without, without_all
from isle_nb.model.isle.turns import first_turn, pass_turn, require_acting
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.scoring.score import plural
from isle_nb.model.parts.words import chosen_words, subject, tile_among


def begin(state: GameState) -> GameState:
    """Start the phase: everyone chooses rescue cards in secret."""
    players = tuple(
        replace(p, rescue_cards=None, full_baskets=0, half_baskets=0, speed=0, passed=False) for p in state.players
    )
    return replace(state, players=players, turn=None)


def choosing(state: GameState) -> tuple[str, ...]:
    """Everyone who has not chosen rescue cards yet (RESCUE-1)."""
    return tuple(p.name for p in state.players if p.rescue_cards is None)


def rescue_cards_in_hand(player: PlayerState) -> tuple[int, ...]:
    """The rescue cards the player holds."""
    return tuple(c for c in player.hand if card(c).type == "rescue")


def legal_choices(player: PlayerState) -> list[Action]:
    """Every distinct choice of rescue cards: cards with the same speed and basket are interchangeable."""
    groups: dict[tuple[int, str], list[int]] = defaultdict(list)
    for c in sorted(rescue_cards_in_hand(player)):
        groups[(card(c).speed, card(c).basket)].append(c)
    keys = sorted(groups)
    choices: list[Action] = []
    for counts in product(*(range(len(groups[k]) + 1) for k in keys)):
        chosen = tuple(c for k, n in zip(keys, counts, strict=True) for c in groups[k][:n])
        choices.append(ChooseRescueCards(player.name, chosen))
    return choices


def basket_words(full: int, half: int) -> str:
    """The baskets on revealed rescue cards in words: "1 full basket and 2 half baskets", "no baskets"."""
    parts = [plural(count, f"{kind} basket") for count, kind in ((full, "full"), (half, "half")) if count]
    return " and ".join(parts) or "no baskets"


def card_basket_available(player: PlayerState) -> bool:
    """Whether the rescue cards played this phase still give a basket: a full one or two halves (RESCUE-5)."""
    return player.full_baskets >= 1 or player.half_baskets >= 2


def basket_choice_matters(player: PlayerState) -> bool:
    """Whether the player must say which basket a rescue uses (RESCUE-5).

    Card baskets are lost at the end of the phase and a permanent basket comes back tomorrow, so which one a rescue
    uses makes a difference only to a player who could discard a permanent basket later in the phase (anytime card
    76 discards a used one first). That card may be in hand already or come from a card that draws cards (71-74),
    so with a ready permanent basket, a card basket and either card in hand, the player chooses. Whether the deck
    still holds a card 76 is not asked: the player cannot know, and the choice offered must not tell them.
    """
    return (
        player.ready_baskets >= 1
        and card_basket_available(player)
        and any(card(c).effect in ("discard_basket_for_fish", "draw_and_buy") for c in player.hand)
    )


def basket_names(player: PlayerState) -> tuple[str | None, ...]:
    """What a rescue may name as its basket now: both kinds when the choice matters, else nothing (``None``)."""
    return RESCUE_BASKETS if basket_choice_matters(player) else (None,)


def rescue_refusal(state: GameState, player: PlayerState, action: Rescue) -> IllegalAction | None:
    """Why the rules refuse this rescue by ``player`` (whose turn it is), or ``None`` if it is legal (RESCUE-4,
    RESCUE-5, PLACE-5). :func:`apply_rescue` refuses with it and :func:`rescue_options` lists what its checks accept
    (the same three: the fish, the basket, a place on the boat), so legality is decided once."""
    if action.field not in FIELD_COST:
        return IllegalAction("RESCUE-4", f"the fields are 'left' and 'right', not {quote(action.field)}")
    tile = tile_in(state.field(action.field), action.tile)
    if tile is None:
        return IllegalAction("RESCUE-4", f"{chosen_words(action.tile)} is not in the {action.field} field")
    return (cost_refusal(player, action.field) or basket_refusal(player, action.basket)
            or fit_refusal(player, tile, "RESCUE-4",
                                 f"{tile_among(tile, state.field(action.field))} in the {action.field} field"))


def cost_refusal(player: PlayerState, field: str) -> IllegalAction | None:
    """Why the player cannot pay for a cat from ``field`` (RESCUE-4), or ``None``."""
    cost = FIELD_COST[field]
    if player.fish < cost:
        return IllegalAction(
            "RESCUE-4", f"a cat from the {field} field costs {cost} fish; {subject(player.name, 'has')} {player.fish}"
        )
    return None


def rescue_options(state: GameState, player: PlayerState) -> list[Action]:
    """Every cat the player could rescue now, each with the basket it uses when that choice matters (RESCUE-5):
    the candidates :func:`rescue_refusal` accepts, found with its own checks, each asked once (per field, per
    basket, per cat) instead of once per candidate (the hot path of bots)."""
    baskets = [basket for basket in basket_names(player) if basket_refusal(player, basket) is None]
    if not baskets:
        return []
    options: list[Action] = []
    for field in ("left", "right"):
        if cost_refusal(player, field) is None:
            for tile in state.field(field):
                if fits(player, tile):
                    options.extend(Rescue(player.name, field, tile.id, basket) for basket in baskets)
    return options


def legal_choose(state: GameState, player: PlayerState) -> list[Action]:
    """Every distinct choice of rescue cards, until the player has chosen."""
    return legal_choices(player) if player.rescue_cards is None else []


def legal_turn(state: GameState, player: PlayerState) -> list[Action]:
    """On the player's turn: every cat they could rescue, or pass (RESCUE-3)."""
    if state.turn != player.seat or player.passed or state.acted:
        return []
    return [*rescue_options(state, player), Pass(player.name)]


def legal_extra(state: GameState, player: PlayerState) -> list[Action]:
    """Answers to the extra rescue of card 80-82: another rescue, or decline."""
    return [*rescue_options(state, player), Pass(player.name)]


def apply_choose(state: GameState, action: ChooseRescueCards) -> GameState:
    """Record a hidden choice (once all have chosen they are revealed: :func:`reveal`) (RESCUE-1)."""
    player = state.player(action.player)
    if player.rescue_cards is not None:
        raise IllegalAction("RESCUE-1", f"{subject(player.name, 'has')} already chosen rescue cards")
    cards = tuple(action.cards)
    if len(set(cards)) != len(cards):
        raise IllegalAction("RESCUE-1", "each card can be played only once")
    try:
        without_all(rescue_cards_in_hand(player), cards)
    except ValueError:
        raise IllegalAction("RESCUE-1", f"{player.name} can only play rescue cards from their hand") from None
    state = state.update_player(player.name, rescue_cards=cards)
    return state.logged(
        player.name, f"chooses rescue cards {', '.join(f'#{c}' for c in cards) or 'none'}", private=True
    )


def reveal(state: GameState) -> GameState:
    """Everyone has chosen: reveal all rescue cards, which give baskets and speed (RESCUE-2)."""
    players = []
    for p in state.players:
        chosen = p.rescue_cards or ()
        players.append(
            replace(
                p,
                hand=without_all(p.hand, chosen),
                speed=sum(card(c).speed for c in chosen),
                full_baskets=sum(card(c).basket == "full" for c in chosen),
                half_baskets=sum(card(c).basket == "half" for c in chosen),
            )
        )
    state = replace(state, players=tuple(players), revealed=state.revealed + 1)
    for p in state.players:
        cards = ", ".join(f"#{c}" for c in p.rescue_cards or ()) or "no cards"
        state = state.logged(
            p.name, f"reveals {cards}: speed {p.speed}, {basket_words(p.full_baskets, p.half_baskets)}"
        )
    return state


def begin_turns(state: GameState) -> GameState:
    """The turn order by speed, ties keeping their order (RESCUE-2); the fastest begins."""
    order = tuple(sorted(state.turn_order, key=lambda seat: -speed_of(state, seat)))
    state = replace(state, turn_order=order)
    names = " > ".join(state.seat_name(s) for s in order)
    return first_turn(state.logged(None, f"turn order by speed: {names} (RESCUE-2)"))


def speed_of(state: GameState, seat: int) -> int:
    """The speed of whoever sits at ``seat`` this phase (the sister's comes from her first card, SOLO-6)."""
    if seat == state.sister_seat and state.sister is not None:
        return state.sister.speed
    return state.players[seat].speed


def use_basket(player: PlayerState, basket: str | None = None) -> tuple[PlayerState, str]:
    """Use one basket (RESCUE-5): the one named (``"card"`` or ``"permanent"``), or when the choice does not
    matter a card basket (a full one first, then two halves) before a permanent one."""
    if basket != "permanent" and player.full_baskets:
        return replace(player, full_baskets=player.full_baskets - 1), "a full basket"
    if basket != "permanent" and player.half_baskets >= 2:
        return replace(player, half_baskets=player.half_baskets - 2), "two half baskets"
    return replace(player, baskets_used=player.baskets_used + 1), "a permanent basket"


def basket_refusal(player: PlayerState, basket: str | None) -> IllegalAction | None:
    """Why a rescue's basket is missing, unknown or not available (RESCUE-5), or ``None``."""
    if player.baskets_available < 1:
        return IllegalAction("RESCUE-5", f"{subject(player.name, 'has')} no basket left to carry a cat")
    if basket_choice_matters(player):
        if basket not in RESCUE_BASKETS:
            return IllegalAction(
                "RESCUE-5",
                f"{subject(player.name, 'has')} a card basket and a ready permanent basket: say which one carries "
                "the cat",
            )
    elif basket is not None:
        return IllegalAction("RESCUE-5", f"{subject(player.name, 'has')} no choice of basket now, so the rescue must "
                             "not name one")
    return None


def apply_rescue(state: GameState, action: Rescue) -> GameState:
    """Rescue one cat: pay, use a basket, take the cat; the player places it next (RESCUE-4)."""
    player = state.player(action.player)
    extra = bool(state.pending) and state.pending[-1].kind == "extra_rescue" and state.pending[-1].player == player.name
    if not extra:
        require_acting(state, player.name, "RESCUE-3")
    refusal = rescue_refusal(state, player, action)
    if refusal is not None:
        raise refusal
    tile = tile_in(state.field(action.field), action.tile)
    assert tile is not None
    cost = FIELD_COST[action.field]
    updated, basket = use_basket(replace(player, fish=player.fish - cost), action.basket)
    pending = state.pending[:-1] if extra else state.pending
    if updated.extra_rescues:  # card 80-82: this rescue may take one more cat (several cards stack, ANY-1)
        updated = replace(updated, extra_rescues=updated.extra_rescues - 1)
        pending = (*pending, ExtraRescue(player.name))
    state = replace(state.with_player(updated), pending=pending, acted=True)
    state = replace(state, **{f"{action.field}_field": without(state.field(action.field), tile)})
    state = state.logged(player.name, f"rescues the {tile} from the {action.field} field for {cost} fish and {basket}")
    return push_placement(state, player.name, tile, action.field)


def apply_pass(state: GameState, action: Pass) -> GameState:
    """Pass: out for the rest of the phase (RESCUE-3)."""
    return pass_turn(state, action.player, "RESCUE-3")


def apply_decline(state: GameState, action: Pass) -> GameState:
    """Decline the extra rescue of card 80-82: the rescue ends, with any more cats other such cards allowed."""
    state = state.update_player(action.player, extra_rescues=0)
    return replace(state, pending=state.pending[:-1]).logged(action.player, "does not rescue another cat")


def phase_over(state: GameState) -> bool:
    """Everyone has passed or both fields are empty (RESCUE-6)."""
    return state.turn is None or not (state.left_field or state.right_field)


def finish(state: GameState) -> GameState:
    """The rescue phase ends: the played rescue cards are discarded, unused card baskets are lost (RESCUE-6)."""
    played = tuple(c for p in state.players for c in p.rescue_cards or ())
    players = tuple(replace(p, rescue_cards=(), full_baskets=0, half_baskets=0, passed=False) for p in state.players)
    state = replace(state, players=players, discard=state.discard + played, turn=None, acted=False)
    return state.logged(None, f"rescue phase over: {plural(len(played), 'played rescue card')} discarded (RESCUE-6)")
