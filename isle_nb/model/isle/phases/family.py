"""The family game (FAMILY-1..5): no fish, cards, baskets or Oshax. Each player keeps 2 of 3 family lessons; each
day 4 cats per player lie around the island and players take one at a time in turn order, or pass."""

from __future__ import annotations

import random
from itertools import combinations

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.isle.actions import Action, KeepFamilyLessons, Pass, TakeCat
from isle_nb.model.isle.gained_tiles import check_fits, must_touch, push_placement, tile_in
from isle_nb.model.isle.phases.day import draw_cats
from isle_nb.model.isle.state import GameState, PlayerState, replace, without, without_all
from isle_nb.model.isle.turns import first_turn, pass_turn, require_acting
from isle_nb.model.parts.boat import BASE_LAYOUTS, Boat
from isle_nb.model.parts.cards import family_lesson_ids
from isle_nb.model.parts.tiles import starting_tiles
from isle_nb.model.parts.words import YOU, chosen_words, plural, subject, tile_among

CATS_PER_PLAYER = 4
LESSONS_DEALT = 3
LESSONS_KEPT = 2


def new_state(names: tuple[str, ...], seed: int) -> GameState:
    """A family game for 2-4 players: boats, treasures, bag, and 3 family lessons dealt to each (FAMILY-1)."""
    setup_rng = random.Random(f"isle_nb:{seed}:setup")
    layouts = list(BASE_LAYOUTS)
    setup_rng.shuffle(layouts)
    lessons = list(family_lesson_ids())
    setup_rng.shuffle(lessons)
    players = tuple(
        PlayerState(
            name,
            seat,
            Boat(layouts[seat]),
            permanent_baskets=0,
            family_offer=tuple(lessons[seat * LESSONS_DEALT : (seat + 1) * LESSONS_DEALT]),
        )
        for seat, name in enumerate(names)
    )
    tiles = starting_tiles(len(names))
    start = setup_rng.randrange(len(names))
    state = GameState(
        seed=seed,
        mode="family",
        players=players,
        phase="setup",
        step="keep_lessons",
        turn_order=tuple((start + i) % len(names) for i in range(len(names))),
        bag=tiles.bag,
        common_supply=tiles.common_supply,
        box=tiles.spare_commons + tiles.oshax,  # no Oshax in the family game
    )
    return state.logged(
        None, f"Family game set up; {subject(names[start], 'starts')}; each player is dealt 3 family lessons (FAMILY-1)"
    )


def keeping(state: GameState) -> tuple[str, ...]:
    """Players still choosing which family lessons to keep (FAMILY-1)."""
    return tuple(p.name for p in state.players if p.family_offer)


def legal_keeps(state: GameState, player: PlayerState) -> list[Action]:
    """Every way to keep 2 of the 3 family lessons dealt (FAMILY-1)."""
    return [KeepFamilyLessons(player.name, pair) for pair in combinations(player.family_offer, LESSONS_KEPT)]


def legal_turn(state: GameState, player: PlayerState) -> list[Action]:
    """On the player's turn: take a cat that fits, or pass (FAMILY-2)."""
    if state.turn != player.seat or player.passed or state.acted:
        return []
    touch = must_touch(player)
    takes: list[Action] = [TakeCat(player.name, t.id) for t in state.around_island if player.boat.can_place(t, touch)]
    return [*takes, Pass(player.name)]


def apply_keep(state: GameState, action: KeepFamilyLessons) -> GameState:
    """Keep 2 family lessons face down; the third goes back to the box (FAMILY-1)."""
    player = state.player(action.player)
    cards = tuple(action.cards)
    if not player.family_offer:
        whose = "your" if player.name == YOU else "their"
        raise IllegalAction("FAMILY-1", f"{subject(player.name, 'has')} already kept {whose} family lessons")
    if len(cards) != LESSONS_KEPT or len(set(cards)) != LESSONS_KEPT:
        raise IllegalAction("FAMILY-1", f"keep exactly {LESSONS_KEPT} different lessons of the {LESSONS_DEALT} dealt")
    try:
        without_all(player.family_offer, cards)
    except ValueError:
        raise IllegalAction("FAMILY-1", f"keep lessons from those dealt to you {list(player.family_offer)}") from None
    state = state.update_player(player.name, family_lessons=cards, family_offer=())
    state = state.logged(player.name, "keeps 2 family lessons")
    return state.logged(player.name, f"family lessons: {', '.join(f'#{c}' for c in cards)}", private=True)


def start_day(state: GameState) -> GameState:
    """Draw 4 cats per player around the island; rare treasures drawn go to the display (FAMILY-2)."""
    state = state.logged(None, f"Day {state.day} begins")
    state, cats, note = draw_cats(state, CATS_PER_PLAYER * len(state.players))
    state = replace(state, around_island=cats).logged(None, f"{len(cats)} cats around the island{note} (FAMILY-2)")
    return first_turn(state)


def apply_take(state: GameState, action: TakeCat) -> GameState:
    """Take a cat from around the island; the player places it next (FAMILY-2)."""
    player = require_acting(state, action.player, "FAMILY-2")
    tile = tile_in(state.around_island, action.tile)
    if tile is None:
        raise IllegalAction("FAMILY-2", f"{chosen_words(action.tile)} is not around the island")
    check_fits(player, tile, "FAMILY-2", f"{tile_among(tile, state.around_island)} around the island")
    state = replace(state, around_island=without(state.around_island, tile), acted=True)
    state = state.logged(player.name, f"takes the {tile}")
    return push_placement(state, player.name, tile, "around_island")


def apply_pass(state: GameState, action: Pass) -> GameState:
    """Pass: out for the rest of the day (FAMILY-2)."""
    return pass_turn(state, action.player, "FAMILY-2", until="the day")


def day_over(state: GameState) -> bool:
    """The day ends when no cat is left or everyone has passed (FAMILY-2)."""
    return state.turn is None or not state.around_island


def end_day(state: GameState) -> GameState:
    """Leftover cats go to the box, the start player moves to the end of the order (FAMILY-2, -3)."""
    leftover = state.around_island
    players = tuple(replace(p, passed=False) for p in state.players)
    order = state.turn_order[1:] + state.turn_order[:1]
    state = replace(state, players=players, around_island=(), box=state.box + leftover, turn=None, turn_order=order)
    go = "goes" if len(leftover) == 1 else "go"
    return state.logged(
        None, f"Day {state.day} ends: {plural(len(leftover), 'cat')} {go} to the box; the start player moves to the "
        "end (FAMILY-3)"
    )


def next_day(state: GameState) -> GameState:
    """Vesh's boat moves on: the next day begins (FAMILY-2)."""
    return start_day(replace(state, day=state.day + 1))
