"""The island under the decision: shown in the phases that need it, folded into one line in the others, and the
player may show or fold it."""

from __future__ import annotations

import ipywidgets as widgets

from isle_nb.widgets.island import IslandWidget
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels import Context, island_actions_for

ISLAND_PHASES = {"rescue", "rare_finds", "family"}
"""Phases whose decisions need the island (fields, display, Oshax); in the others it folds into one line."""


class IslandArea:
    """The island widget and the bar that folds it (``island_bar`` with ``island_button``)."""

    def __init__(self, messages: MessageArea) -> None:
        self.island = IslandWidget(messages)
        self.island_button = widgets.Button(description="Show the island", layout=widgets.Layout(width="140px"))
        self.island_button.add_class("isle-island-toggle")
        self.island_button.on_click(messages.guard(lambda _b: self.toggle()))
        self.island_bar = widgets.HBox(
            [widgets.HTML('<span style="color:#6b4f2a;font-weight:bold">The island</span> <span style="color:#777">'
                          "(not needed in this phase)</span>"), self.island_button],
            layout=widgets.Layout(justify_content="space-between", align_items="center", display="none"))
        self.island_bar.add_class("isle-island-bar")
        self.island_open: bool | None = None
        """``None``: the island shows when the phase needs it; ``True``/``False``: the player's choice."""
        self._phase: str | None = None
        """The phase last shown (the player's choice holds until the next phase)."""

    def start(self) -> None:
        """A new game: the island shows as its first phase needs."""
        self._phase = None

    def toggle(self) -> None:
        """Show or fold the island (by default it shows in the phases that need it)."""
        self.island_open = not self._shown()
        self._show_box()

    def _shown(self) -> bool:
        return self.island_open if self.island_open is not None else self._phase in ISLAND_PHASES

    def _show_box(self) -> None:
        shown = self._shown()
        self.island.layout.display = None if shown else "none"
        self.island_bar.layout.display = "none" if self._phase in ISLAND_PHASES else "flex"
        self.island_button.description = "Fold the island" if shown else "Show the island"

    def show(self, ctx: Context) -> None:
        """The island as ``ctx``'s player sees it, with what they may click on it (a new phase: shown if it needs
        it)."""
        if self._phase != ctx.view.phase:
            self._phase = ctx.view.phase
            self.island_open = None
        self._show_box()
        self.island.show(ctx.view, island_actions_for(ctx), ctx.changes)


__all__ = ["ISLAND_PHASES", "IslandArea"]
