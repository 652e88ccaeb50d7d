"""isle_nb: The Isle of Cats, playable and explorable in Jupyter.

The public scripting API (with :mod:`isle_nb.view` for pictures and :mod:`isle_nb.widgets` for widgets)::

    from isle_nb import Boat, Tile, score_boat
    from isle_nb import Game, IllegalAction, play, RandomBot, GreedyBot, SearchBot
    from isle_nb import DraftPick, Buy, Rescue, Place, Pass        # the actions of the standard game
    from isle_nb import card, CARDS, SHAPES, boat_analysis          # the components and what a boat holds
    from isle_nb import rooms_frame, tile_kinds_frame, deck_frame   # the box's contents as DataFrames
    from isle_nb import explore_draw_cards_frame, explore_draw_lessons_frame   # Explore & Draw's printed cards
    from isle_nb import pocket, explore_draw                        # Pocket Cats and Explore & Draw
    from isle_nb import simulate            # many bot games as a pandas DataFrame (processes or Dask)
    from isle_nb import modes               # the registered games (name, label, players, options) as a DataFrame
    from isle_nb import play_app            # the game app (widgets; imported on first use)
    from isle_nb import Seat, LocalSeat     # what one player's screen talks to (a view, legal actions, act)
    from isle_nb import new_game, load_game  # the front door to every game and every saved game
    new_game("explore_draw", ["Ann", "Bob"], seed=7)   # Explore & Draw (an ExploreDrawGame)
"""

from typing import Any

from isle_nb.bots import GreedyBot, RandomBot, SearchBot, play
from isle_nb.model import explore_draw, pocket
from isle_nb.model.core.errors import IllegalAction, IllegalPlacement, InvalidSave, UnknownComponent
from isle_nb.model.core.result import GameResult
from isle_nb.model.core.seat import LocalSeat, Seat
from isle_nb.model.explore_draw import ExploreDrawGame, ExploreDrawView
from isle_nb.model.explore_draw.bots import ExploreDrawGreedyBot
from isle_nb.model.explore_draw.catalogue import explore_draw_cards_frame, explore_draw_lessons_frame
from isle_nb.model.isle import actions
from isle_nb.model.isle.actions import *  # noqa: F403  (the action types: isle_nb.model.isle.actions.__all__)
from isle_nb.model.isle.catalogue import (
    anytime_effects_frame,
    deck_frame,
    layouts_frame,
    lesson_cards_frame,
    rooms_frame,
    setup_frame,
    tile_groups,
    tile_kinds_frame,
)
from isle_nb.model.isle.game import Game, PlayerModel, UndoRefused
from isle_nb.model.isle.hints import Hint, PlacementOption
from isle_nb.model.modes import load_game, modes, new_game
from isle_nb.model.parts import boat_analysis
from isle_nb.model.parts.boat import BASE_LAYOUTS, ROOM_NAMES, Boat, PlacedTile
from isle_nb.model.parts.cards import CARDS, Card, card, discovery_card_ids
from isle_nb.model.parts.placements import Placement
from isle_nb.model.parts.scoring import Score, family_winners, score_boat, score_sister, solo_winner, winners
from isle_nb.model.parts.tiles import (
    CAT_SHAPES,
    COLOURS,
    COMMON_SHAPES,
    OSHAX_SHAPES,
    RARE_SHAPES,
    SHAPES,
    Tile,
    all_cats,
    all_common_treasures,
    all_oshax,
    all_rare_treasures,
    common_supply_per_shape,
)
from isle_nb.model.pocket import PocketGame, PocketGreedyBot, PocketRandomBot, play_pocket
from isle_nb.simulation import simulate

__version__ = "0.1.0"

_WIDGETS = ("BoatWidget", "ExploreDrawApp", "GameApp", "IslandWidget", "PocketBoardWidget", "play_app")
"""Widget names served from :mod:`isle_nb.widgets` on first use, so that the model never imports ipywidgets."""


def __getattr__(name: str) -> Any:
    if name in _WIDGETS:
        from isle_nb import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'isle_nb' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with the widgets served on first use, so tab completion offers them (``isle_nb.play_<Tab>``
    offers ``play_app``) without importing ipywidgets."""
    return sorted({*globals(), *_WIDGETS})


__all__ = [
    "BASE_LAYOUTS",
    "CARDS",
    "CAT_SHAPES",
    "COLOURS",
    "COMMON_SHAPES",
    "OSHAX_SHAPES",
    "RARE_SHAPES",
    "ROOM_NAMES",
    "SHAPES",
    "Boat",
    "Card",
    "ExploreDrawGame",
    "ExploreDrawGreedyBot",
    "ExploreDrawView",
    "Game",
    "GameResult",
    "GreedyBot",
    "Hint",
    "IllegalAction",
    "IllegalPlacement",
    "InvalidSave",
    "LocalSeat",
    "PlacedTile",
    "Placement",
    "PlacementOption",
    "PlayerModel",
    "PocketGame",
    "PocketGreedyBot",
    "PocketRandomBot",
    "RandomBot",
    "Score",
    "SearchBot",
    "Seat",
    "Tile",
    "UndoRefused",
    "UnknownComponent",
    "__version__",
    "all_cats",
    "all_common_treasures",
    "all_oshax",
    "all_rare_treasures",
    "anytime_effects_frame",
    "boat_analysis",
    "card",
    "common_supply_per_shape",
    "deck_frame",
    "discovery_card_ids",
    "explore_draw",
    "explore_draw_cards_frame",
    "explore_draw_lessons_frame",
    "family_winners",
    "layouts_frame",
    "lesson_cards_frame",
    "load_game",
    "modes",
    "new_game",
    "play",
    "play_pocket",
    "pocket",
    "rooms_frame",
    "score_boat",
    "score_sister",
    "setup_frame",
    "simulate",
    "solo_winner",
    "tile_groups",
    "tile_kinds_frame",
    "winners",
]
__all__ += actions.__all__
__all__ += _WIDGETS
