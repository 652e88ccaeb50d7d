"""What one player of Explore & Draw may see (design.md §2: hidden information by projection).

Every sheet is public (players draw in front of each other). Hidden: the order of the decks and, until every
player has chosen, the other players' choices of the day and the specials that come with them (ED-2, ED-6). Anyone
who is not a player gets the public view: every sheet, and nobody's progress through today's cards.
"""

from __future__ import annotations

from isle_nb.model.core.copying import Fields
from isle_nb.model.core.wire import Wire
from isle_nb.model.explore_draw.rules import awaiting
from isle_nb.model.explore_draw.scoring import lesson_rows, score_seat, score_sister_of
from isle_nb.model.explore_draw.state import EDPlayer, EDState, Obligation
from isle_nb.model.parts.boat import Boat
from isle_nb.model.parts.tiles import Colour, Tile


class SheetView(Wire, frozen=True):
    """A player's public side: boat sheet, ticked lessons, specials used, and today's choice once revealed."""

    name: str
    sheet: int
    boat: Boat
    ticks: tuple[tuple[int, Colour | None], ...]
    specials: tuple[tuple[str, int], ...]
    has_chosen: bool
    choice: tuple[int, ...] | None
    choice_special: str | None
    lesson_points: tuple[tuple[int, int], ...]
    """Each ticked lesson's points if the game ended now, by lesson number (ED-7)."""
    score: int
    """The sheet's total if the game ended now (ED-7)."""


class ExploreDrawView(Wire, frozen=True):
    """The game as ``player`` sees it: the island, every public sheet, their own progress through today's cards,
    and (solo) the sister's face-up colours and lessons. With ``player`` ``None``, the public view every watcher
    gets (no progress of anyone's)."""

    player: str | None
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
    sister_score: int | None = None
    """The sister's total if the game ended now (solo, ED-8), else ``None``."""
    sister_points: tuple[tuple[str, int], ...] = ()
    """Where that total comes from (solo): each scoring line of hers that gives points, in words, with its points
    ("#197 Colours away from treasure: ... → 25", 25); she scores the player's boat as it is now."""

    def sheet_of(self, name: str) -> SheetView:
        """The public sheet of the player called ``name``."""
        for sheet in self.seats:
            if sheet.name == name:
                return sheet
        raise KeyError(f"no player called {name!r}")



_PROGRESS = Fields(("to_resolve", "card", "items", "now", "armed"))
"""The viewer's own progress through today's cards, copied from their seat."""
_NO_PROGRESS = {"to_resolve": (), "card": None, "items": (), "now": (), "armed": ()}
"""The public view's progress: nobody's."""


def _sheet_view(state: EDState, seat: EDPlayer, viewer: str | None) -> SheetView:
    """A sheet as ``viewer`` sees it: while the day's cards are chosen, another player's choice and the special
    that came with it are hidden (ED-2, ED-6)."""
    show = seat.name == viewer or state.step != "choose"
    specials = seat.specials if show else tuple(s for s in seat.specials if s[1] != state.day)
    lessons = lesson_rows(state, seat)
    return SheetView(
        seat.name, seat.sheet, seat.boat, seat.ticks, specials, seat.choice is not None,
        seat.choice if show else None, seat.choice_special if show else None,
        tuple((number, row.points) for number, row in sorted(lessons.items())), score_seat(state, seat).total,
    )


def player_view(state: EDState, player: str | None) -> ExploreDrawView:
    """The frozen view of ``player`` (the deck order and others' hidden choices stripped); for anyone who is not a
    player (``None`` too), the public view."""
    me = next((s for s in state.seats if s.name == player), None)
    sister = state.sister
    return ExploreDrawView(
        player=None if me is None else player,
        day=state.day,
        step=state.step,
        awaiting=awaiting(state),
        island=state.island,
        seats=tuple(_sheet_view(state, s, None if me is None else player) for s in state.seats),
        **(_PROGRESS.of(me) if me is not None else _NO_PROGRESS),
        cards_left=(len(state.cat_deck), len(state.lesson_deck)),
        sister_colours=sister.revealed_colours if sister else None,
        sister_lessons=sister.lessons if sister else None,
        log=tuple(e.text for e in state.log),
        sister_score=score_sister_of(state).total if sister else None,
        sister_points=tuple((r.detail, r.points) for r in score_sister_of(state).rows if r.points) if sister else (),
    )
