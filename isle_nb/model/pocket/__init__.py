"""Pocket Cats: the independent two-player spin-off (rules POCKET-1..6), as a pure rules core in a traitlets shell.

::

    from isle_nb.model.pocket import PocketGame, play_pocket
    game = PocketGame.new(clans=("royal claws", "gourmets"), variant="freedom", effects=True, seed=1)
    play_pocket(game, ["greedy", "random"])
    game.result()

Modules, one job each: :mod:`.data` (the facts of variants-data §D), :mod:`.tiles` (clans and tiles),
:mod:`.board` (the 5x5 grid), :mod:`.actions`, :mod:`.state` (state and setup), :mod:`.rules` (the legality API),
:mod:`.endgame` (the end-game sequence and scoring), :mod:`.frames` (DataFrames), :mod:`.game` (the shell),
:mod:`.bots` and :mod:`.examples` (the rulebook's worked example). Its pictures live in :mod:`isle_nb.view.pocket`.
"""

from isle_nb.model.pocket import actions
from isle_nb.model.pocket.actions import *  # noqa: F403  (the actions: isle_nb.model.pocket.actions.__all__)
from isle_nb.model.pocket.board import CENTRE, Cell, Grid, Square, grid_from_rows
from isle_nb.model.pocket.board import name as cell_name
from isle_nb.model.pocket.bots import PocketGreedyBot, PocketRandomBot, capture_balance, make_pocket_bot, play_pocket
from isle_nb.model.pocket.endgame import Capture, ClanScore, EndResult, EndStep, resolve
from isle_nb.model.pocket.examples import RULEBOOK_CLANS, RULEBOOK_EXAMPLE, RULEBOOK_ROTATION
from isle_nb.model.pocket.game import PocketGame
from isle_nb.model.pocket.state import TURNS_PER_GAME, PocketState, new_state, scenario
from isle_nb.model.pocket.tiles import CLAN_KEYS, CLANS, TILES, Clan, PocketTile, clan, tile

__all__ = [
    "CENTRE",
    "CLANS",
    "CLAN_KEYS",
    "RULEBOOK_CLANS",
    "RULEBOOK_EXAMPLE",
    "RULEBOOK_ROTATION",
    "TILES",
    "TURNS_PER_GAME",
    "Capture",
    "Cell",
    "Clan",
    "ClanScore",
    "EndResult",
    "EndStep",
    "Grid",
    "PocketGame",
    "PocketGreedyBot",
    "PocketRandomBot",
    "PocketState",
    "PocketTile",
    "Square",
    "capture_balance",
    "cell_name",
    "clan",
    "grid_from_rows",
    "make_pocket_bot",
    "new_state",
    "play_pocket",
    "resolve",
    "scenario",
    "tile",
]
__all__ += actions.__all__
