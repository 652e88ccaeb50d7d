"""What one player of Explore & Draw may see (design.md §2: hidden information by projection).

Every sheet is public (players draw in front of each other). Hidden: the order of the decks and, until every
player has chosen, the other players' choices of the day (ED-2).
"""

from __future__ import annotations

from dataclasses import dataclass

from isle_nb.model.boat import Boat
from isle_nb.model.explore_draw.rules import awaiting
from isle_nb.model.explore_draw.state import EDPlayer, EDState, Obligation
from isle_nb.model.tiles import Colour, Tile


@dataclass(frozen=True, slots=True)
class SheetView:
    """A player's public side: boat sheet, ticked lessons, specials used, and today's choice once revealed."""

    name: str
    sheet: int
    boat: Boat
    ticks: tuple[tuple[int, Colour | None], ...]
    specials: tuple[tuple[str, int], ...]
    has_chosen: bool
    choice: tuple[int, ...] | None
    choice_special: str | None


@dataclass(frozen=True, slots=True)
class ExploreDrawView:
    """The game as ``player`` sees it: the island, every public sheet, their own progress through today's cards,
    and (solo) the sister's face-up colours and lessons."""

    player: str
    day: int
    step: str
    awaiting: tuple[str, ...]
    island: tuple[tuple[int, str], ...]
    seats: tuple[SheetView, ...]
    to_resolve: tuple[int, ...]
    card: int | None
    items: tuple[Tile, ...]
    now: tuple[Obligation, ...]
    armed: tuple[str, ...]
    cards_left: tuple[int, int]
    sister_colours: tuple[Colour, ...] | None
    sister_lessons: tuple[int, ...] | None
    log: tuple[str, ...]


def _sheet_view(state: EDState, seat: EDPlayer, viewer: str) -> SheetView:
    show = seat.name == viewer or state.step != "choose"
    return SheetView(
        seat.name, seat.sheet, seat.boat, seat.ticks, seat.specials, seat.choice is not None,
        seat.choice if show else None, seat.choice_special if show else None,
    )


def player_view(state: EDState, player: str) -> ExploreDrawView:
    """The frozen view of ``player`` (the deck order and others' hidden choices stripped)."""
    me = state.seat(player)
    sister = state.sister
    return ExploreDrawView(
        player=player,
        day=state.day,
        step=state.step,
        awaiting=awaiting(state),
        island=state.island,
        seats=tuple(_sheet_view(state, s, player) for s in state.seats),
        to_resolve=me.to_resolve,
        card=me.card,
        items=me.items,
        now=me.now,
        armed=me.armed,
        cards_left=(len(state.cat_deck), len(state.lesson_deck)),
        sister_colours=sister.revealed_colours if sister else None,
        sister_lessons=sister.lessons if sister else None,
        log=tuple(e.text for e in state.log),
    )
