"""Phase panels: what the player shown must decide now, and the hand, score, log and boat views.

:func:`panel_for` picks the panel for a moment of the game: a pending decision first (placing a tile, a map bonus,
an anytime card's follow-up), then the phase and step (draft, buy, lesson colours, rescue cards, rescue turns,
rare finds; in the family game keeping family lessons and taking cats), else a waiting note or the end of the game.
The solo game adds :class:`SisterPanel`, shown beside the boat all game long.
"""

from __future__ import annotations

from isle_nb.model.isle import flow
from isle_nb.model.isle.view_facts import step_row
from isle_nb.widgets.panels.base import ConfirmButton, Context, Panel
from isle_nb.widgets.panels.boats import BoatsView
from isle_nb.widgets.panels.explore import BuyPanel, DraftPanel
from isle_nb.widgets.panels.family import FamilyHandPanel, FamilyLessonsPanel, FamilyTurnPanel
from isle_nb.widgets.panels.hand import HandPanel
from isle_nb.widgets.panels.lessons import FreshDrawPanel, LessonColourPanel
from isle_nb.widgets.panels.log import GameLog
from isle_nb.widgets.panels.pending import (
    BuyDrawnPanel,
    ChooseFieldPanel,
    ExtraRescuePanel,
    MapBonusPanel,
    MoveCatsPanel,
    PlacePanel,
    island_actions_for,
)
from isle_nb.widgets.panels.rare_finds import RareFindsPanel
from isle_nb.widgets.panels.rescue import RescueChoicePanel, RescueTurnPanel
from isle_nb.widgets.panels.scores import ScoreSheet
from isle_nb.widgets.panels.sister import SisterPanel
from isle_nb.widgets.panels.status import GameOverPanel, WaitingPanel

PANELS: dict[str, type[Panel]] = {
    "place": PlacePanel,
    "map_bonus": MapBonusPanel,
    "buy_drawn": BuyDrawnPanel,
    "choose_field": ChooseFieldPanel,
    "move_cats": MoveCatsPanel,
    "extra_rescue": ExtraRescuePanel,
    "draft": DraftPanel,
    "buy": BuyPanel,
    "fresh_draw": FreshDrawPanel,
    "lesson_colours": LessonColourPanel,
    "rescue_choice": RescueChoicePanel,
    "rescue_turn": RescueTurnPanel,
    "rare_finds": RareFindsPanel,
    "family_lessons": FamilyLessonsPanel,
    "family_turn": FamilyTurnPanel,
}
"""The panel class for each panel name of the phase table's steps and pending decisions (model/flow.py)."""


def panel_for(ctx: Context) -> type[Panel]:
    """The panel class for the viewer at this moment of the game."""
    view = ctx.view
    if view.over:
        return GameOverPanel
    if not ctx.legal:
        return WaitingPanel  # nothing to decide (or a bot's view being watched)
    if view.pending:
        top = view.pending[-1]
        return PANELS[flow.PENDING[top.kind].panel] if top.player == ctx.viewer else WaitingPanel
    if ctx.viewer in view.awaiting:
        return PANELS.get(step_row(view).panel, WaitingPanel)
    return WaitingPanel


__all__ = [
    "BoatsView",
    "BuyDrawnPanel",
    "BuyPanel",
    "ChooseFieldPanel",
    "ConfirmButton",
    "Context",
    "DraftPanel",
    "ExtraRescuePanel",
    "FamilyHandPanel",
    "FamilyLessonsPanel",
    "FamilyTurnPanel",
    "FreshDrawPanel",
    "GameLog",
    "GameOverPanel",
    "HandPanel",
    "LessonColourPanel",
    "MapBonusPanel",
    "MoveCatsPanel",
    "Panel",
    "PlacePanel",
    "RareFindsPanel",
    "RescueChoicePanel",
    "RescueTurnPanel",
    "ScoreSheet",
    "SisterPanel",
    "WaitingPanel",
    "island_actions_for",
    "panel_for",
]
