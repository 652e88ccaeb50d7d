"""Widgets for playing The Isle of Cats in Jupyter: the boat canvas, the island, the phase panels and the app.

>>> from isle_nb.widgets import play_app
>>> app = play_app(["You", "bot:greedy"], seed=1)   # doctest: +SKIP

Widgets show a seat's view and send its actions; they never decide a rule or read a game's state (see
``design.md`` §1, §3). An app observes its seat's ``version`` and redraws a part only when that part's key changes
(the one scheme: :mod:`.slots`). :func:`play_app` and every change of game go through the launcher
(:mod:`.launcher`); the Isle of Cats app is built from the parts in :mod:`.isle_app`, Explore & Draw's from
:mod:`.explore_draw_app` and Pocket Cats' from :mod:`.pocket_app`.
"""

from isle_nb.widgets import apps as _apps  # noqa: F401  # registers each mode's app
from isle_nb.widgets.app import GameApp
from isle_nb.widgets.boat import BoatWidget
from isle_nb.widgets.cards import CardPicker, card_html
from isle_nb.widgets.explore_draw import ExploreDrawApp, explore_draw_app
from isle_nb.widgets.ghost import GhostOverlay
from isle_nb.widgets.island import IslandWidget
from isle_nb.widgets.launcher import play_app
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.pocket import PocketBoardWidget
from isle_nb.widgets.quiz import Question, Quiz, check_yourself
from isle_nb.widgets.seats import BotDriver, parse_players

__all__ = [
    "BoatWidget",
    "BotDriver",
    "CardPicker",
    "ExploreDrawApp",
    "GameApp",
    "GhostOverlay",
    "IslandWidget",
    "MessageArea",
    "PocketBoardWidget",
    "Question",
    "Quiz",
    "card_html",
    "check_yourself",
    "explore_draw_app",
    "parse_players",
    "play_app",
]
