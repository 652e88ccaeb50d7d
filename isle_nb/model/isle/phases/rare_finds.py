"""Phase 5, Rare finds (RARE-1..3, OSHAX-1): in turn order, play one Oshax or treasure card or pass, until all
have passed. Treasure cards take tiles from the treasure display and the common supply."""

from __future__ import annotations

from itertools import combinations_with_replacement

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle.actions import Action, Pass, PlayOshax, PlayTreasure
from isle_nb.model.isle.gained_tiles import check_fits, must_touch, push_placement, take_common, tile_in
from isle_nb.model.isle.state import GameState, PlayerState, replace, without
from isle_nb.model.isle.turns import first_turn, pass_turn, require_acting, require_card_in_hand
from isle_nb.model.parts.cards import Card, card
from isle_nb.model.parts.tiles import COMMON_SHAPES, SMALL_SHAPES, Tile
from isle_nb.model.parts.words import subject, with_article

COMMON_PER_CARD = 2


def begin(state: GameState) -> GameState:
    """Start the phase with the first player in turn order."""
    return first_turn(state)


def common_choices(state: GameState, player: PlayerState, shapes: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The sets of common treasures (shapes) a card giving up to 2 can take: 1 or 2 that the supply holds and that
    each fit on the boat now. Taking treasures is optional, so fewer than the card allows is fine (RARE-3)."""
    supply = [t.shape for t in state.common_supply]
    touch = must_touch(player)
    fitting = [s for s in shapes if s in supply and player.boat.can_place(s, touch)]
    return [
        combo
        for size in range(COMMON_PER_CARD, 0, -1)
        for combo in combinations_with_replacement(fitting, size)
        if all(supply.count(s) >= combo.count(s) for s in set(combo))
    ]


def treasure_options(state: GameState, player: PlayerState, found: Card, sensible: bool = False) -> list[Action]:
    """Every legal way to play a treasure card (RARE-3).

    ``sensible=True`` leaves out the choices that are strictly worse than another one: paying 1 fish for small
    treasures only (cards 107-112), which the card gives for free. They stay legal (:func:`apply_treasure` accepts
    them, so saved games that chose them replay); the player is simply not offered them twice.
    """
    options: list[Action] = []
    if found.effect == "rare_or_two_common":
        touch = must_touch(player)
        # every tile on display is listed: apply() accepts exactly these, so any copy of a shape may be named
        for tile in state.rare_display:
            if player.boat.can_place(tile, touch):
                options.append(PlayTreasure(player.name, found.id, (tile.id,)))
        for combo in common_choices(state, player, COMMON_SHAPES):
            options.append(PlayTreasure(player.name, found.id, tuple(f"common:{s}" for s in combo)))
    else:
        small = tuple(s for s in COMMON_SHAPES if s in SMALL_SHAPES)
        for combo in common_choices(state, player, small):
            options.append(PlayTreasure(player.name, found.id, tuple(f"common:{s}" for s in combo)))
        if player.fish >= int(found.params.get("fish", 1)):
            for combo in common_choices(state, player, COMMON_SHAPES):
                if sensible and all(s in SMALL_SHAPES for s in combo):
                    continue  # the same treasures come free without paying
                options.append(PlayTreasure(player.name, found.id, tuple(f"common:{s}" for s in combo), pay=True))
    return options


def oshax_options(state: GameState, player: PlayerState, found: Card) -> list[Action]:
    """Every Oshax the card could take: still beside the island and with a legal place on the boat (RARE-2)."""
    touch = must_touch(player)
    return [
        PlayOshax(player.name, found.id, int(t.shape)) for t in state.oshax_supply if player.boat.can_place(t, touch)
    ]


def legal(state: GameState, player: PlayerState) -> list[Action]:
    """Play one Oshax or treasure card, or pass."""
    if state.turn != player.seat or player.passed or state.acted:
        return []
    options: list[Action] = []
    done: set[str] = set()
    for card_id in sorted(player.hand):
        found = card(card_id)
        if found.type not in ("oshax", "treasure") or found.effect in done:
            continue
        done.add(found.effect)  # cards with the same effect give the same choices: list them once
        if found.type == "oshax":
            options.extend(oshax_options(state, player, found))
        else:
            options.extend(treasure_options(state, player, found, sensible=True))
    return [*options, Pass(player.name)]


def apply_oshax(state: GameState, action: PlayOshax) -> GameState:
    """Take an Oshax; the player places it and chooses its colour next (RARE-2, OSHAX-1)."""
    player = require_acting(state, action.player, "RARE-1")
    found = require_card_in_hand(player, action.card, ("oshax",), "RARE-2")
    tile = next((t for t in state.oshax_supply if t.shape == action.shape), None)
    if tile is None:
        raise IllegalAction("RARE-2", "that Oshax is not beside the island any more")
    check_fits(player, tile, "RARE-2")
    state = state.update_player(player.name, hand=without(player.hand, found.id))
    state = replace(
        state, oshax_supply=without(state.oshax_supply, tile), discard=(*state.discard, found.id), acted=True
    )
    state = state.logged(player.name, f"plays Oshax card #{found.id} and takes {with_article(str(tile))} (RARE-2)")
    return push_placement(state, player.name, tile, "oshax")


def apply_treasure(state: GameState, action: PlayTreasure) -> GameState:
    """Take the treasures the card gives; the player places each of them next (RARE-3)."""
    player = require_acting(state, action.player, "RARE-1")
    found = require_card_in_hand(player, action.card, ("treasure",), "RARE-3")
    options = treasure_options(state, player, found)
    allowed = {a.tiles + (("pay",) if a.pay else ()) for a in options if isinstance(a, PlayTreasure)}  # all are
    wanted = tuple(action.tiles) + (("pay",) if action.pay else ())
    if wanted not in allowed:
        raise IllegalAction("RARE-3", _why_not(state, player, found, action))
    fish = int(found.params.get("fish", 1)) if action.pay else 0
    state = state.update_player(player.name, hand=without(player.hand, found.id), fish=player.fish - fish)
    state = replace(state, discard=(*state.discard, found.id), acted=True)
    taken: list[tuple[Tile, str]] = []
    for tile_id in action.tiles:
        if tile_id.startswith("rare:"):
            tile = tile_in(state.rare_display, tile_id)
            assert tile is not None
            state = replace(state, rare_display=without(state.rare_display, tile))
            taken.append((tile, "rare_display"))
        else:
            state, tile = take_common(state, tile_id.split(":", 1)[1])
            taken.append((tile, "common_supply"))
    paid = f", paying {fish} fish" if fish else ""
    names = ", ".join(with_article(str(t)) for t, _ in taken)
    state = state.logged(player.name, f"plays treasure card #{found.id}{paid} and takes {names}")
    for tile, source in reversed(taken):
        state = push_placement(state, player.name, tile, source)
    return state


def _why_not(state: GameState, player: PlayerState, found: Card, action: PlayTreasure) -> str:
    if not action.tiles:
        return "take at least one treasure"
    if found.effect == "rare_or_two_common":
        return (
            f"card #{found.id} gives any 1 rare treasure from the display or up to 2 common treasures, "
            "each of which must fit on your boat"
        )
    if action.pay and player.fish < int(found.params.get("fish", 1)):
        return f"taking any common treasures with card #{found.id} costs 1 fish; {subject(player.name, 'has')} none"
    return (
        f"card #{found.id} gives up to 2 small treasures (1x1, 1x2), or for 1 fish up to 2 common treasures, "
        "each in the supply and fitting on your boat"
    )


def apply_pass(state: GameState, action: Pass) -> GameState:
    """Pass: out for the rest of the phase (RARE-1)."""
    return pass_turn(state, action.player, "RARE-1")
