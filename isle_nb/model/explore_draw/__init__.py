"""The Isle of Cats: Explore & Draw, the flip-and-write game for 1-12 players (rules ED-1..ED-10).

::

    from isle_nb import Game, RandomBot, play
    game = new_game("explore_draw", ["Ann", "Bob"], seed=7)
    play(game, [RandomBot(1), RandomBot(2)])
    game.result()

Modules, one job each: :mod:`.data` (the printed decks, the lesson sheet and the boat sheets, read from one data
file), :mod:`.catalogue` (the printed cards and lessons as DataFrames), :mod:`.island` (slots, columns, rows and
the choices), :mod:`.sheet` (drawing discoveries with the PLACE rules on the bitmask engine), :mod:`.actions`,
:mod:`.state` (state and setup), :mod:`.rules` (the legality API), :mod:`.scoring`, :mod:`.view` (a player's view),
:mod:`.frames` (DataFrames), :mod:`.game` (the shell) and :mod:`.bots`.
"""

from isle_nb.model.explore_draw import actions
from isle_nb.model.explore_draw.actions import *  # noqa: F403  (the actions: isle_nb.model.explore_draw.actions.__all__)
from isle_nb.model.explore_draw.catalogue import explore_draw_cards_frame, explore_draw_lessons_frame
from isle_nb.model.explore_draw.data import (
    IslandCard,
    SheetLesson,
    Special,
    all_cards,
    cat_deck,
    discovery_tile,
    island_card,
    lesson_deck,
    lesson_sheet,
    sources,
)
from isle_nb.model.explore_draw.game import ExploreDrawGame
from isle_nb.model.explore_draw.island import CAT_SLOTS, COLUMNS, DAYS, LESSON_SLOTS, SLOTS
from isle_nb.model.explore_draw.state import EDPlayer, EDState, Sister, new_state
from isle_nb.model.explore_draw.view import ExploreDrawView, SheetView

__all__ = [
    "CAT_SLOTS",
    "COLUMNS",
    "DAYS",
    "LESSON_SLOTS",
    "SLOTS",
    "EDPlayer",
    "EDState",
    "ExploreDrawGame",
    "ExploreDrawView",
    "IslandCard",
    "SheetLesson",
    "SheetView",
    "Sister",
    "Special",
    "all_cards",
    "cat_deck",
    "discovery_tile",
    "explore_draw_cards_frame",
    "explore_draw_lessons_frame",
    "island_card",
    "lesson_deck",
    "lesson_sheet",
    "new_state",
    "sources",
]
__all__ += actions.__all__
