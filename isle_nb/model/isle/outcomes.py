"""What one finished game produced, as plain rows for DataFrames: one row per player, one row per card.

:func:`player_rows` and :func:`card_rows` read a finished :class:`~isle_nb.model.isle.state.GameState` and the
purchases made during the game (who bought which cards on which day, see :func:`purchases`). Scores come from
:mod:`isle_nb.model.isle.results`, so a simulated game is scored exactly like a played one. ``isle_nb.simulate`` stacks
these rows over many games; the columns are documented in :data:`PLAYER_COLUMNS` and :data:`CARD_COLUMNS`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from isle_nb.model.core.tabulation import Moves, Row, Tabulation
from isle_nb.model.isle import results
from isle_nb.model.isle.actions import Action, Buy, BuyDrawn, PlayOshax, PlayTreasure, TakeMapBonus
from isle_nb.model.isle.hidden import card_locations
from isle_nb.model.isle.state import SISTER, GameState
from isle_nb.model.isle.variants import variant
from isle_nb.model.parts.boat_analysis import colour_counts, common_treasures, oshax_count, rare_treasures
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.scoring import CATEGORIES, SISTER_CATEGORIES
from isle_nb.model.parts.tiles import COLOURS

Purchase = tuple[int, str, int]
"""One card bought: the day, the buyer, the card id."""

CARD_TYPES: tuple[str, ...] = ("rescue", "treasure", "oshax", "lesson", "anytime")
"""The discovery card types counted per player (``bought_rescue``, ``bought_lesson``, ...)."""

PLAYER_COLUMNS: dict[str, str] = {
    "start_position": "place in the turn order when the game began (1 = first)",
    "fish": "fish left at the end (the tie-break of the standard game, SCORE-8)",
    "permanent_baskets": "permanent baskets owned at the end",
    "cats": "cats and Oshax on the boat",
    **{f"cats_{c}": f"{c} cats and Oshax on the boat" for c in COLOURS},
    "oshax": "Oshax on the boat",
    "rare_treasure_tiles": "rare treasures on the boat",
    "common_treasure_tiles": "common treasures on the boat",
    "map_bonuses": "treasure maps covered that earned a common treasure (MAP-1)",
    "oshax_played": "Oshax cards played (RARE-2)",
    "treasure_cards_played": "treasure cards played (RARE-3)",
    "cards_bought": "discovery cards bought",
    "fish_spent_on_cards": "fish paid for the cards bought",
    **{f"bought_{t}": f"{t} cards bought" for t in CARD_TYPES},
}
"""The columns :func:`player_rows` adds to the score table (player, each category, total, tiebreak, winner)."""

CARD_COLUMNS: dict[str, str] = {
    "card": "card id",
    "type": "card type (rescue, treasure, oshax, lesson, anytime; family_lesson in the family game)",
    "title": "the card's title",
    "cost": "fish it cost",
    "day": "the day it was bought (kept, for a family lesson)",
    "player": "who bought it",
    "location": "where it was when the game ended (hand, discard, private lesson, public lesson, ...)",
    "points": "points it scored for its buyer (lessons; empty for other cards)",
    "points_all_players": "points a lesson scored on every boat together (public lessons score for all)",
}
"""The columns of :func:`card_rows` (besides the game's and the buyer's columns added by the caller)."""


def purchases(moves: Iterable[tuple[int, Action]]) -> list[Purchase]:
    """The cards bought in a game, from its ``(day, action)`` log: after the draft (EXPLORE-5) and from cards
    drawn by an anytime card (ANY-3)."""
    return [(day, a.player, c) for day, a in moves if isinstance(a, (Buy, BuyDrawn)) for c in a.cards]


def player_rows(state: GameState, moves: Sequence[tuple[int, Action]], start_order: Sequence[str]) -> list[Row]:
    """One row per player (and the sister in a solo game) of a finished game: the score table of
    :func:`~isle_nb.model.isle.results.result_frame` plus what each player did and owned (see :data:`PLAYER_COLUMNS`).

    ``start_order`` is the turn order (names) when the game began.
    """
    table = results.result_frame(state).to_dict("records")
    bought = purchases(moves)
    rows = []
    for entry in table:
        name = entry["player"]
        row: Row = dict(entry)
        row["start_position"] = start_order.index(name) + 1 if name in start_order else None
        if name == SISTER:
            rows.append(row)
            continue
        player = state.player(name)
        boat = player.boat
        counts = colour_counts(boat)
        mine = [c for _, who, c in bought if who == name]
        row.update(
            fish=player.fish,
            permanent_baskets=player.permanent_baskets,
            cats=sum(counts.values()),
            **{f"cats_{c}": counts[c] for c in COLOURS},
            oshax=oshax_count(boat),
            rare_treasure_tiles=len(rare_treasures(boat)),
            common_treasure_tiles=len(common_treasures(boat)),
            map_bonuses=sum(
                1 for _, a in moves if isinstance(a, TakeMapBonus) and a.player == name and a.shape is not None
            ),
            oshax_played=sum(1 for _, a in moves if isinstance(a, PlayOshax) and a.player == name),
            treasure_cards_played=sum(1 for _, a in moves if isinstance(a, PlayTreasure) and a.player == name),
            cards_bought=len(mine),
            fish_spent_on_cards=sum(card(c).cost for c in mine),
            **{f"bought_{t}": sum(1 for c in mine if card(c).type == t) for t in CARD_TYPES},
        )
        rows.append(row)
    return rows


def _lesson_points(state: GameState) -> tuple[dict[tuple[str, int], int], dict[int, int]]:
    """Points of each lesson: ``{(player, card): points}`` for the lessons on that player's boat, and
    ``{card: points on every boat}`` for public lessons."""
    mine: dict[tuple[str, int], int] = {}
    everyone: dict[int, int] = {}
    for name, score in results.scores(state).items():
        if name == SISTER:
            continue
        player = state.player(name)
        by_category = {
            "private_lessons": list(player.private_lessons),
            "public_lessons": [c for c, _ in state.public_lessons],
            "family_lessons": list(player.family_lessons),
        }
        for category, cards in by_category.items():
            lesson_rows = [r for r in score.rows if r.category == category]
            # score_boat writes one row per lesson, in the order it was given them (see results.score_player)
            for card_id, row in zip(cards, lesson_rows, strict=True):
                mine[(name, card_id)] = row.points
                if category == "public_lessons":
                    everyone[card_id] = everyone.get(card_id, 0) + row.points
    return mine, everyone


def card_rows(state: GameState, moves: Sequence[tuple[int, Action]]) -> list[Row]:
    """One row per card a player bought in a finished game (the family game: per family lesson kept), with the
    points it scored (see :data:`CARD_COLUMNS`)."""
    mine, everyone = _lesson_points(state)
    if variant(state.mode).family_lessons:
        bought: list[Purchase] = [(1, p.name, c) for p in state.players for c in p.family_lessons]
        where: Mapping[int, tuple[str, str | None]] = {
            c: ("family lesson", p.name) for p in state.players for c in p.family_lessons
        }
    else:
        bought = purchases(moves)
        where = {c: (location, owner) for c, location, owner in card_locations(state)}
    public = {c for c, _ in state.public_lessons}
    rows = []
    for day, name, card_id in bought:
        found = card(card_id)
        points = mine.get((name, card_id), 0) if found.type in ("lesson", "family_lesson") else None
        rows.append(
            {
                "card": card_id,
                "type": found.type,
                "title": found.title,
                "cost": found.cost,
                "day": day,
                "player": name,
                "location": where[card_id][0],
                "points": points,
                "points_all_players": everyone.get(card_id, 0) if card_id in public else points,
            }
        )
    return rows


def tabulate(game: Any, start: GameState, moves: Moves) -> tuple[list[Row], list[Row]]:
    """A finished game's player rows and card rows, for :func:`isle_nb.simulate` (``start``: the state it began
    with, whose turn order gives each player's start position)."""
    start_order = tuple(start.seat_name(s) for s in start.turn_order)
    return player_rows(game.state, moves, start_order), card_rows(game.state, moves)


_PLAYER_TABLE = ("start_position", *CATEGORIES, "total", "tiebreak", "winner",
                 *(c for c in PLAYER_COLUMNS if c != "start_position"))
_WHOLE = ("tiebreak", "points", "points_all_players", *PLAYER_COLUMNS)
_CARD_TABLE = tuple(c for c in CARD_COLUMNS if c != "player")
TABULATION = Tabulation(tabulate, _PLAYER_TABLE, _CARD_TABLE, _WHOLE)
"""How :func:`isle_nb.simulate` tabulates a standard or family game."""
SOLO_TABULATION = Tabulation(tabulate, (*_PLAYER_TABLE, *SISTER_CATEGORIES), _CARD_TABLE, _WHOLE)
"""How it tabulates a solo game (the sister's categories too)."""

