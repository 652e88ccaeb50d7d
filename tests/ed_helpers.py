"""Helpers for the Explore & Draw tests: hand-built islands and sheets, and playing a state forward."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from isle_nb.model.explore_draw import rules
from isle_nb.model.explore_draw.actions import ChooseCards, Draw, EDAction
from isle_nb.model.explore_draw.data import IslandCard, all_cards, cat_deck, lesson_deck, sheet_lesson
from isle_nb.model.explore_draw.island import column_slots
from isle_nb.model.explore_draw.sheet import draw
from isle_nb.model.explore_draw.state import EDState, new_state
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.placements import placement_from_cells
from isle_nb.model.parts.tiles import Tile


def find_card(test: Callable[[IslandCard], bool], deck: str = "cat") -> IslandCard:
    """The first card of a deck (``"any"``: of either deck, mixed cards included) that passes ``test``."""
    cards = {"cat": cat_deck, "lesson": lesson_deck, "any": all_cards}[deck]()
    return next(c for c in cards if test(c))


def cat_card(colour: str, shape: int) -> str:
    return find_card(lambda c: c.discoveries == (Tile.cat(colour, shape),) and c.keyword is None).id


def oshax_card() -> str:
    return find_card(lambda c: c.discoveries[:1] and c.discoveries[0].kind == "oshax").id


def or_card(deck: str = "cat") -> IslandCard:
    return find_card(lambda c: c.keyword == "or", deck)


def any2_card(deck: str = "lesson") -> IslandCard:
    return find_card(lambda c: c.keyword == "any 2", deck)


def lesson_card(pick_colour: bool) -> IslandCard:
    return find_card(lambda c: c.lesson is not None and sheet_lesson(c.lesson).pick_colour == pick_colour, "lesson")


def with_island(state: EDState, cards: dict[int, str]) -> EDState:
    """The state with some island slots holding the given card ids."""
    island = dict(state.island)
    island.update(cards)
    return replace(state, island=tuple(sorted(island.items())))


def with_boat(state: EDState, name: str, boat: Boat) -> EDState:
    return state.with_seat(replace(state.seat(name), boat=boat))


def boat_with(layout: str, tiles: Iterable[tuple[Tile, Iterable[tuple[int, int]]]]) -> Boat:
    """A sheet with these drawings (placed without the touch rule, for hand-built situations)."""
    boat = Boat(layout)
    for tile, cells in tiles:
        placement = placement_from_cells(tile.shape_def, cells)
        assert placement is not None, (tile, cells)
        boat, _ = draw(boat, tile, placement)
    return boat


def fill_except(boat: Boat, keep: set[tuple[int, int]]) -> Boat:
    """The sheet with a 1x1 common treasure on every empty cell except ``keep``."""
    covered = boat.covered
    cells = [c for c in sorted(boat.cells) if c not in keep and c not in covered]
    return boat_with_extra(boat, [(Tile.common("1x1"), [c]) for c in cells])


def boat_with_extra(boat: Boat, tiles: Iterable[tuple[Tile, Iterable[tuple[int, int]]]]) -> Boat:
    for tile, cells in tiles:
        placement = placement_from_cells(tile.shape_def, cells)
        assert placement is not None
        boat, _ = draw(boat, tile, placement)
    return boat


def start(players: int = 2, seed: int = 1, cards: dict[int, str] | None = None, **kwargs: object) -> EDState:
    """A new game, with some island slots replaced."""
    state = new_state(tuple(f"P{i + 1}" for i in range(players)), seed, **kwargs)  # type: ignore[arg-type]
    return with_island(state, cards or {})


def choose_all(state: EDState, column: str = "A", **specials: tuple[tuple[int, ...], str]) -> EDState:
    """Every player chooses ``column`` (or, by name, ``(slots, special)``)."""
    for seat in state.seats:
        if seat.name in specials:
            slots, special = specials[seat.name]
            state = rules.apply(state, ChooseCards(seat.name, slots, special))
        else:
            state = rules.apply(state, ChooseCards(seat.name, column_slots(column)))
    return state


def first_draw(state: EDState, player: str, tile_id: str | None = None, colour: str | None = None) -> Draw:
    draws = [a for a in rules.legal_actions(state, player) if isinstance(a, Draw)]
    draws = [a for a in draws if (tile_id is None or a.tile == tile_id) and (colour is None or a.colour == colour)]
    assert draws, "no legal draw"
    return draws[0]


def apply_all(state: EDState, actions: Iterable[EDAction]) -> EDState:
    for action in actions:
        state = rules.apply(state, action)
    return state
