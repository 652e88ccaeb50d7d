"""isle_nb: The Isle of Cats, playable and explorable in Jupyter.

The public scripting API::

    from isle_nb import Boat, Tile, score_boat
    from isle_nb import Game, IllegalAction, play, RandomBot, GreedyBot
"""

from isle_nb.bots import GreedyBot, RandomBot, play
from isle_nb.model.boat import Boat, PlacedTile
from isle_nb.model.errors import IllegalAction, IllegalPlacement, InvalidSave, UnknownComponent
from isle_nb.model.game import Game, PlayerModel, UndoRefused
from isle_nb.model.placement import Placement
from isle_nb.model.pocket import PocketGame, PocketGreedyBot, PocketRandomBot, play_pocket
from isle_nb.model.scoring import Score, score_boat
from isle_nb.model.tiles import COLOURS, Tile

__version__ = "0.1.0"

__all__ = [
    "COLOURS",
    "Boat",
    "Game",
    "GreedyBot",
    "IllegalAction",
    "IllegalPlacement",
    "InvalidSave",
    "PlacedTile",
    "Placement",
    "PlayerModel",
    "PocketGame",
    "PocketGreedyBot",
    "PocketRandomBot",
    "RandomBot",
    "Score",
    "Tile",
    "UndoRefused",
    "UnknownComponent",
    "__version__",
    "play",
    "play_pocket",
    "score_boat",
]
