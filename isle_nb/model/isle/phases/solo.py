"""The solo game against the sister (SOLO-1..12): her setup, her basket cards and how she resolves them.

The sister sits in the turn order (seat ``len(players)``) during the rescue phase. She never decides anything:
on her turns the engine resolves her basket cards keyword by keyword (SOLO-8) with the fallbacks of SOLO-9, and
logs what she took and why, so a player can follow her.
"""

from __future__ import annotations

import random
from typing import Protocol

from isle_nb.model.core.errors import IllegalAction, quote
from isle_nb.model.isle.state import DAYS, GameState, PlayerState, SisterState, replace
from isle_nb.model.parts.boat import BASE_LAYOUTS, Boat
from isle_nb.model.parts.cards import (
    SoloAction,
    card,
    discovery_card_ids,
    solo_advanced_lesson_ids,
    solo_basket_ids,
    solo_colour_ids,
    solo_lesson_ids,
)
from isle_nb.model.parts.scoring.score import plural
from isle_nb.model.parts.tiles import Tile, starting_tiles

DIFFICULTIES: dict[str, int] = {"easy": 0, "medium": 1, "hard": 2, "very hard": 3, "expert": 4}
"""Advanced solo lessons the sister gets at each difficulty (SOLO-2)."""

BASIC_LESSONS = 3


def new_state(name: str, seed: int, difficulty: str) -> GameState:
    """A solo game: the player's boat, the Oshax row, the sister's colours, lessons and basket deck (SOLO-1, -2)."""
    if difficulty not in DIFFICULTIES:
        raise IllegalAction("SOLO-2", f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {quote(difficulty)}")
    setup_rng = random.Random(f"isle_nb:{seed}:setup")
    layout = setup_rng.choice(BASE_LAYOUTS)
    tiles = starting_tiles(1)
    oshax = list(tiles.oshax)
    setup_rng.shuffle(oshax)
    colours = [card(c).colour for c in solo_colour_ids()]
    setup_rng.shuffle(colours)
    lessons = setup_rng.sample(solo_lesson_ids(), BASIC_LESSONS)
    advanced = setup_rng.sample(solo_advanced_lesson_ids(), DIFFICULTIES[difficulty])
    baskets = list(solo_basket_ids())
    setup_rng.shuffle(baskets)
    deck = list(discovery_card_ids())
    setup_rng.shuffle(deck)
    sister = SisterState(
        difficulty=difficulty,
        colour_row=tuple(c for c in colours if c is not None),
        colours_revealed=1,
        lessons=tuple(lessons) + tuple(advanced),
        deck=tuple(baskets),
    )
    state = GameState(
        seed=seed,
        mode="solo",
        players=(PlayerState(name, 0, Boat(layout)),),
        turn_order=(0, 1),
        bag=tiles.bag,
        common_supply=tiles.common_supply,
        oshax_supply=tuple(oshax),
        box=tiles.spare_commons,
        deck=tuple(deck),
        sister=sister,
    )
    shown = ", ".join(f"#{c}" for c in sister.lessons)
    return state.logged(
        None,
        f"Solo game ({difficulty}): boat {layout}; the sister's first colour is {sister.colour_row[0]}; "
        f"her lessons {shown} (SOLO-1, SOLO-2)",
    )


# -- numbering (SOLO-3, SOLO-8) ---------------------------------------------------------------------------------
class Display(Protocol):
    """What the sister's basket cards number, as a state or any player's view of it shows it."""

    @property
    def left_field(self) -> tuple[Tile, ...]:
        """The cats in the left field."""
        ...

    @property
    def right_field(self) -> tuple[Tile, ...]:
        """The cats in the right field."""
        ...

    @property
    def rare_display(self) -> tuple[Tile, ...]:
        """The rare treasures on display."""
        ...


def cat_row(state: Display) -> tuple[Tile, ...]:
    """The cats numbered Cat 1..n: the left field, then the right field."""
    return state.left_field + state.right_field


def rare_stacks(state: Display) -> list[list[Tile]]:
    """The rare treasures numbered Rare 1..n: one stack per shape, in the order the shapes appeared."""
    stacks: dict[object, list[Tile]] = {}
    for tile in state.rare_display:
        stacks.setdefault(tile.shape, []).append(tile)
    return list(stacks.values())


def _pick(count: int, n: int) -> int | None:
    """0-based index for keyword number ``n`` among ``count`` items: the last one if ``n`` is too big (SOLO-9)."""
    if count == 0:
        return None
    return min(n, count) - 1


def _set_row(state: GameState, row: list[Tile], left_size: int) -> GameState:
    return replace(state, left_field=tuple(row[:left_size]), right_field=tuple(row[left_size:]))


def resolve_action(state: GameState, action: SoloAction) -> tuple[GameState, str]:
    """Apply one keyword of a basket card; return the new state and what happened, in words (SOLO-8, SOLO-9)."""
    if action.kind == "cat":
        assert action.n is not None, "a cat keyword has its number"
        row = list(cat_row(state))
        index = _pick(len(row), action.n)
        if index is None:
            return state, f"Cat {action.n}: no cat is left, nothing happens"
        tile = row.pop(index)
        left = len(state.left_field) - (1 if index < len(state.left_field) else 0)
        state = replace(_set_row(state, row, left), box=(*state.box, tile))
        note = "" if index == action.n - 1 else f" (there is no Cat {action.n}: the last cat is taken)"
        return state, f"Cat {action.n}: the {tile} goes to the box{note}"
    if action.kind == "rare":
        assert action.n is not None, "a rare keyword has its number"
        stacks = rare_stacks(state)
        index = _pick(len(stacks), action.n)
        if index is None:
            return state, f"Rare {action.n}: no rare treasure is on display, nothing happens"
        tile = stacks[index][-1]
        display = list(state.rare_display)
        display.remove(tile)
        state = replace(state, rare_display=tuple(display), box=(*state.box, tile))
        note = "" if index == action.n - 1 else f" (there is no Rare {action.n}: the last stack is used)"
        return state, f"Rare {action.n}: one {tile} goes to the box{note}"
    if action.kind == "oshax":
        assert action.n is not None, "a oshax keyword has its number"
        row = list(state.oshax_supply)
        index = _pick(len(row), action.n)
        if index is None:
            return state, f"Oshax {action.n}: no Oshax is left, nothing happens"
        tile = row.pop(index)
        state = replace(state, oshax_supply=tuple(row), box=(*state.box, tile))
        note = "" if index == action.n - 1 else f" (there is no Oshax {action.n}: the last one is taken)"
        return state, f"Oshax {action.n}: one Oshax goes to the box{note}"
    if action.kind == "swap":
        assert action.a is not None and action.b is not None, "a swap keyword has its two numbers"
        row = list(cat_row(state))
        if len(row) < 2:
            return state, f"Swap {action.a},{action.b}: fewer than 2 cats, nothing happens"
        a = min(action.a, len(row)) - 1
        b = min(action.b, len(row)) - 1
        if a == b:  # both numbers fell back to the last cat: use the last two (SOLO-9)
            a, b = len(row) - 2, len(row) - 1
        row[a], row[b] = row[b], row[a]
        state = _set_row(state, row, len(state.left_field))
        return state, f"Swap {action.a},{action.b}: the {row[b]} and the {row[a]} change places"
    shape = action.shape
    treasure = next((t for t in state.common_supply if t.shape == shape), None)
    if treasure is None:
        return state, f"Common treasure {shape}: none left in the supply, nothing happens"
    supply = list(state.common_supply)
    supply.remove(treasure)
    state = replace(state, common_supply=tuple(supply), box=(*state.box, treasure))
    return state, f"Common treasure {shape}: one goes to the box"


# -- the sister's rescue phase (SOLO-6, SOLO-7) -----------------------------------------------------------------
def reveal(state: GameState) -> GameState:
    """Reveal her first basket card: it sets how many cards she plays today and her speed (SOLO-6)."""
    sister = state.sister
    assert sister is not None
    if not sister.deck:
        return replace(state, sister=replace(sister, cards=(), resolved=0, speed=0)).logged(
            "Sister", "has no basket cards left and plays none today"
        )
    first = card(sister.deck[0])
    count = min(first.baskets or 1, len(sister.deck))
    cards = sister.deck[:count]
    sister = replace(sister, deck=sister.deck[count:], cards=cards, resolved=0, speed=first.speed)
    state = replace(state, sister=sister, revealed=state.revealed + 1)
    return state.logged(
        "Sister",
        f"reveals basket card #{first.id}: she plays {plural(count, 'card')} today at speed {first.speed} (SOLO-6)",
    )


def sister_to_play(state: GameState) -> bool:
    """It is the sister's turn in the rescue phase (she plays it herself, SOLO-7)."""
    return state.turn is not None and state.turn == state.sister_seat


def take_turn(state: GameState) -> GameState:
    """Resolve her next basket card (SOLO-7, SOLO-8)."""
    sister = state.sister
    assert sister is not None and not sister.done
    found = card(sister.cards[sister.resolved])
    if sister.resolved > 0:  # a face-down card is turned over: hidden information, so undo cannot cross it
        state = replace(state, revealed=state.revealed + 1).logged("Sister", f"reveals basket card #{found.id}")
    for action in found.actions:
        state, text = resolve_action(state, action)
        state = state.logged("Sister", text + " (SOLO-8)")
    sister = state.sister
    assert sister is not None
    return replace(state, sister=replace(sister, resolved=sister.resolved + 1))


def finish(state: GameState) -> GameState:
    """Resolve all her remaining cards (the player passed or the phase ended, SOLO-7)."""
    while state.sister is not None and not state.sister.done:
        state = take_turn(state)
    return state


def end_day(state: GameState) -> GameState:
    """Put away today's basket cards and flip the next colour card, on days 1-4 (SOLO-11)."""
    sister = state.sister
    assert sister is not None
    if state.day >= DAYS:
        return state
    revealed = min(len(sister.colour_row), sister.colours_revealed + 1)
    state = replace(
        state,
        sister=replace(
            sister, used=sister.used + sister.cards, cards=(), resolved=0, speed=0, colours_revealed=revealed
        ),
    )
    if revealed > sister.colours_revealed:
        state = state.logged("Sister", f"flips her next colour card: {sister.colour_row[revealed - 1]} (SOLO-11)")
    return state
