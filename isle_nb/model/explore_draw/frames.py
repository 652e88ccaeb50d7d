"""Explore & Draw as pandas DataFrames: players, boat cells, discoveries drawn, lesson sheets, log, scores."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isle_nb.model.core.tabulation import Moves, Row, Tabulation
from isle_nb.model.explore_draw import scoring
from isle_nb.model.explore_draw.data import island_card, lesson_sheet
from isle_nb.model.explore_draw.island import slot_name
from isle_nb.model.explore_draw.state import EDState
from isle_nb.model.parts.boat import ROOM_NAMES
from isle_nb.model.parts.boat_analysis import filled_rooms

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd


def players_frame(state: EDState) -> pd.DataFrame:
    """One row per player: sheet, discoveries drawn and skipped, cards resolved, lessons ticked, specials."""
    rows = []
    for seat in state.seats:
        rows.append({
            "player": seat.name,
            "sheet": seat.sheet,
            "boat": seat.boat.layout_name,
            "drawn": len(seat.drawn),
            "skipped": len(seat.skipped),
            "cards_resolved": len(seat.resolved),
            "lessons_ticked": len(seat.ticks),
            "specials_used": ", ".join(k for k, _ in seat.specials),
            "cells_covered": seat.boat.occupied.bit_count(),
            "filled_rooms": len(filled_rooms(seat.boat)),
        })
    return pd.DataFrame(rows)


def boat_frame(state: EDState, name: str) -> pd.DataFrame:
    """One row per cell of ``name``'s boat sheet: x, y, room, rat, map colour, edge, the drawing covering it."""
    boat = state.seat(name).boat
    layout = boat.layout
    covering = {cell: (n, placed.tile) for n, placed in enumerate(boat.tiles) for cell in placed.cells}
    rows = []
    for x, y in sorted(layout.cells, key=lambda c: (c[1], c[0])):
        number, tile = covering.get((x, y), (None, None))
        rows.append({
            "x": x, "y": y, "room": layout.room_of[(x, y)], "room_name": ROOM_NAMES[layout.room_of[(x, y)]],
            "rat": (x, y) in layout.rats, "map": layout.maps.get((x, y)), "edge": (x, y) in layout.edge,
            "drawing": number, "kind": tile.kind if tile else None, "colour": tile.colour if tile else None,
        })
    return pd.DataFrame(rows)


def discoveries_frame(state: EDState) -> pd.DataFrame:
    """Every discovery drawn or skipped: player, day, card, kind, shape, colour, source (card, copy, map)."""
    rows = []
    for seat in state.seats:
        for drawn, skipped in [(d, False) for d in seat.drawn] + [(d, True) for d in seat.skipped]:
            rows.append({
                "player": seat.name, "day": drawn.day, "card": drawn.card, "kind": drawn.tile.kind,
                "shape": str(drawn.tile.shape), "colour": drawn.tile.colour, "source": drawn.source,
                "skipped": skipped,
            })
    columns = ["player", "day", "card", "kind", "shape", "colour", "source", "skipped"]
    return pd.DataFrame(rows, columns=columns).sort_values(["player", "day"], kind="stable", ignore_index=True)


def cards_frame(state: EDState) -> pd.DataFrame:
    """Today's island: slot, name (e.g. B2), deck, card id and what it shows."""
    rows = []
    for slot, card_id in state.island:
        card = island_card(card_id)
        rows.append({"slot": slot, "where": slot_name(slot), "deck": card.deck, "card": card_id,
                     "keyword": card.keyword, "shows": card.describe()})
    return pd.DataFrame(rows, columns=["slot", "where", "deck", "card", "keyword", "shows"])


def resolved_frame(state: EDState) -> pd.DataFrame:
    """Which cards each player resolved, by day."""
    rows = [{"player": s.name, "day": day, "card": card} for s in state.seats for day, card in s.resolved]
    return pd.DataFrame(rows, columns=["player", "day", "card"])


def lesson_sheet_frame(state: EDState, name: str) -> pd.DataFrame:
    """``name``'s lesson sheet: every lesson, whether it is ticked (and with which colour) and its live points."""
    seat = state.seat(name)
    ticks = dict(seat.ticks)
    points = {number: row.points for number, row in scoring.lesson_rows(state, seat).items()}
    rows = []
    for lesson in lesson_sheet():
        ticked = lesson.number in ticks
        rows.append({
            "lesson": lesson.number, "title": lesson.title, "text": lesson.text,
            "pick_colour": lesson.pick_colour, "ticked": ticked, "colour": ticks.get(lesson.number),
            "points": points.get(lesson.number, 0),
        })
    return pd.DataFrame(rows)


def log_frame(state: EDState) -> pd.DataFrame:
    """The log: day, player, text."""
    return pd.DataFrame([{"day": e.day, "player": e.player, "text": e.text} for e in state.log],
                        columns=["day", "player", "text"])


def score_frame(state: EDState) -> pd.DataFrame:
    """The live score breakdown of every player (and the sister): player, category, detail, points."""
    frames = []
    for name, score in scoring.scores(state).items():
        frame = score.breakdown
        frame.insert(0, "player", name)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def result_frame(state: EDState) -> pd.DataFrame:
    """One row per player (and the sister): each category, the total, filled rooms (the tie-break), winner."""
    by_player = scoring.scores(state)
    won = scoring.winners(state, by_player)
    rows = []
    for name, score in by_player.items():
        if name == scoring.SISTER and state.sister is not None:
            categories = {c: 0 for c in scoring.CATEGORIES} | {"colours": score["colours"],
                                                               "solo_lessons": score["solo_lessons"]}
            tiebreak = None
        else:
            categories = {c: score[c] for c in scoring.CATEGORIES}
            if state.sister is not None:
                categories |= {"colours": 0, "solo_lessons": 0}
            tiebreak = len(filled_rooms(state.seat(name).boat))
        rows.append({"player": name, **categories, "total": score.total, "filled_rooms": tiebreak,
                     "winner": name in won})
    return pd.DataFrame(rows)


def tabulate(game: Any, start: EDState, moves: Moves) -> tuple[list[Row], list[Row]]:
    """A finished game's rows for :func:`isle_nb.simulate`: its own score table, one row per player (Explore &
    Draw has no cards to buy)."""
    return game.result().to_dict("records"), []


TABULATION = Tabulation(
    tabulate, (*scoring.CATEGORIES, "colours", "solo_lessons", "total", "filled_rooms", "winner"),
    whole_numbers=("filled_rooms",),
)
"""How :func:`isle_nb.simulate` tabulates a game of Explore & Draw."""

