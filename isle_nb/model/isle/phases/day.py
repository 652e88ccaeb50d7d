"""Setting up the game (SETUP-1..6), the start of each day (DAY-1, FISH-1, EXPLORE-1) and its end (END-1..3)."""

from __future__ import annotations

import random
from collections.abc import Callable

from isle_nb.model.isle.state import (
    DAYS,
    FISH_PER_DAY,
    GameState,
    Mode,
    PlayerState,
    draw_cards,
    draw_tile,
    replace,
)
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.boat import BASE_LAYOUTS, Boat
from isle_nb.model.parts.cards import discovery_card_ids
from isle_nb.model.parts.tiles import Tile, starting_tiles
from isle_nb.model.parts.words import plural, with_article

SOLO_ROUNDS = 2
"""Solo explore: draw a pack and keep from it twice; then add the top card of the deck (SOLO-4)."""


def new_state(names: tuple[str, ...], seed: int, mode: Mode = "standard") -> GameState:
    """A fresh standard game for 2-4 players, set up (SETUP-1..6) and at the start of day 1."""
    setup_rng = random.Random(f"isle_nb:{seed}:setup")
    layouts = list(BASE_LAYOUTS)
    setup_rng.shuffle(layouts)
    players = tuple(PlayerState(name, seat, Boat(layouts[seat])) for seat, name in enumerate(names))
    tiles = starting_tiles(len(names))
    deck = list(discovery_card_ids())
    setup_rng.shuffle(deck)
    start = setup_rng.randrange(len(names))
    order = tuple((start + i) % len(names) for i in range(len(names)))
    state = GameState(
        seed=seed,
        mode=mode,
        players=players,
        turn_order=order,
        bag=tiles.bag,
        common_supply=tiles.common_supply,
        oshax_supply=tiles.oshax,
        box=tiles.spare_commons,
        deck=tuple(deck),
    )
    boats = ", ".join(f"{p.name} boat {p.boat.layout_name}" for p in players)
    return state.logged(None, f"Setup: {boats}; {names[start]} starts (SETUP-1, SETUP-6)")


def draw_cats(state: GameState, count: int) -> tuple[GameState, tuple[Tile, ...], str]:
    """Draw from the bag one tile at a time until ``count`` cats are drawn; rare treasures drawn on the way go to
    the display and do not count (DAY-1, FAMILY-2). Returns the cats in the order drawn and a note for the log
    (which rare treasures went to the display; that the bag ran out)."""
    cats: list[Tile] = []
    rare: list[str] = []
    empty = False
    while len(cats) < count:
        state, tile = draw_tile(state)
        if tile is None:
            empty = True
            break
        if tile.kind == "rare":
            rare.append(with_article(str(tile)))
            state = replace(state, rare_display=(*state.rare_display, tile))
        else:
            cats.append(tile)
    note = f"; to the treasure display: {', '.join(rare)}" if rare else ""
    if empty:
        note += "; the bag is empty, so only what was drawn lies out (DAY-1)"
    return state, tuple(cats), note


def fill_fields(state: GameState) -> GameState:
    """Draw tiles until each field holds 2 cats per player (4 in solo, SOLO-3), the left field first; rare treasures
    go to the display (DAY-1)."""
    target = variant(state.mode).field_size(len(state.players))
    state, cats, note = draw_cats(state, 2 * target)
    state = replace(state, left_field=cats[:target], right_field=cats[target:])
    return state.logged(
        None, f"fields filled with {len(state.left_field)} + {len(state.right_field)} cats{note} (DAY-1)"
    )


def start_day(state: GameState) -> GameState:
    """Fishing: fill the fields and give everyone 20 fish (DAY-1, FISH-1); the draft comes next (phase table)."""
    state = fill_fields(state.logged(None, f"Day {state.day} begins"))
    players = tuple(replace(p, fish=p.fish + FISH_PER_DAY) for p in state.players)
    return replace(state, players=players).logged(None, f"everyone gains {FISH_PER_DAY} fish (FISH-1)")


def deal_packs(state: GameState) -> GameState:
    """The draft begins: 7 cards dealt to each player (5 in solo, SOLO-4) (EXPLORE-1)."""
    rules = variant(state.mode)
    for player in state.players:
        state, pack = draw_cards(state, rules.pack)
        state = state.update_player(player.name, pack=pack, drafted=(), pick=None, bought=False)
    state = replace(state, draft_round=0, turn=None)
    if not rules.passes_packs:
        return state.logged(None, f"{rules.pack} cards drawn: keep {rules.keep}, the others are discarded "
                                  f"({rules.keep_rule})")
    direction = "left" if state.day % 2 == 1 else "right"
    return state.logged(
        None, f"{rules.pack} cards dealt to each player; picks pass to the {direction} (EXPLORE-1, EXPLORE-3)"
    )


def end_day(state: GameState, also: Callable[[GameState], GameState] | None = None) -> GameState:
    """Box the cats left in the fields and ready the permanent baskets again (END-1, END-3); ``also`` is what the
    mode adds before the day's last log line (the sister's next colour, SOLO-11)."""
    leftover = state.left_field + state.right_field
    players = tuple(
        replace(p, baskets_used=0, passed=False, rescue_cards=None, full_baskets=0, half_baskets=0, speed=0)
        for p in state.players
    )
    state = replace(state, players=players, left_field=(), right_field=(), box=state.box + leftover, turn=None)
    if also is not None:
        state = also(state)
    go = "goes" if len(leftover) == 1 else "go"
    return state.logged(
        None, f"Day {state.day} ends: {plural(len(leftover), 'cat')} from the fields {go} to the box (END-1, END-3)"
    )


def last_day(state: GameState) -> bool:
    """Day 5 has ended: Vesh arrives (END-2)."""
    return state.day >= DAYS


def game_over(state: GameState) -> GameState:
    """Vesh arrives: the game is over (END-2)."""
    return state.logged(None, "Vesh arrives: the game is over (END-2)")


def next_day(state: GameState) -> GameState:
    """Vesh's boat moves on: the next day begins (DAY-1)."""
    return start_day(replace(state, day=state.day + 1))
