"""isle_nb: The Isle of Cats, playable and explorable in Jupyter.

The public scripting API::

    from isle_nb import Boat, Tile, score_boat
    from isle_nb import Game, IllegalAction, play, RandomBot, GreedyBot
    from isle_nb import simulate            # many bot games as a pandas DataFrame (processes or Dask)
    from isle_nb import play_app            # the game app (widgets; imported on first use)
    Game.new(["Ann", "Bob"], mode="explore_draw", seed=7)   # Explore & Draw (an ExploreDrawGame)
"""

from typing import Any

from isle_nb.bots import GreedyBot, RandomBot, play
from isle_nb.model.bitmask_placements import Placement
from isle_nb.model.boat import Boat, PlacedTile
from isle_nb.model.errors import IllegalAction, IllegalPlacement, InvalidSave, UnknownComponent
from isle_nb.model.explore_draw import ExploreDrawGame, ExploreDrawView
from isle_nb.model.explore_draw.bots import ExploreDrawGreedyBot
from isle_nb.model.game import Game, PlayerModel, UndoRefused
from isle_nb.model.pocket import PocketGame, PocketGreedyBot, PocketRandomBot, play_pocket
from isle_nb.model.scoring import Score, family_winners, score_boat, score_sister, winners
from isle_nb.model.tiles import COLOURS, Tile
from isle_nb.simulation import simulate

__version__ = "0.1.0"

_WIDGETS = ("BoatWidget", "ExploreDrawApp", "GameApp", "IslandWidget", "PocketBoardWidget", "play_app")
"""Widget names served from :mod:`isle_nb.widgets` on first use, so that the model never imports ipywidgets."""


def __getattr__(name: str) -> Any:
    if name in _WIDGETS:
        from isle_nb import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'isle_nb' has no attribute {name!r}")


__all__ = [
    "COLOURS",
    "Boat",
    "BoatWidget",
    "ExploreDrawApp",
    "ExploreDrawGame",
    "ExploreDrawGreedyBot",
    "ExploreDrawView",
    "Game",
    "GameApp",
    "GreedyBot",
    "IllegalAction",
    "IllegalPlacement",
    "InvalidSave",
    "IslandWidget",
    "PlacedTile",
    "Placement",
    "PlayerModel",
    "PocketBoardWidget",
    "PocketGame",
    "PocketGreedyBot",
    "PocketRandomBot",
    "RandomBot",
    "Score",
    "Tile",
    "UndoRefused",
    "UnknownComponent",
    "__version__",
    "family_winners",
    "play",
    "play_app",
    "play_pocket",
    "score_boat",
    "score_sister",
    "simulate",
    "winners",
]
