"""Family game panels (FAMILY-1..5): keep 2 of the 3 family lessons dealt to you (in secret), then on your turn take
a cat from around the island (the island's buttons) and place it at once, or pass; and the tab with your lessons."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from isle_nb.model.isle.actions import KeepFamilyLessons, TakeCat
from isle_nb.widgets.panels.base import CardChoicePanel, Context, Panel, heading, note
from isle_nb.widgets.panels.mode_cards import ModeCardPicker, mode_cards_row_html


class FamilyLessonsPanel(CardChoicePanel):
    """Keep 2 of the 3 family lessons dealt to you; the third goes back to the box. Nobody else sees them."""

    kind = "family-lessons"
    choice = KeepFamilyLessons

    def build(self, ctx: Context) -> None:
        offer = ctx.me.family_offer
        keeps = ctx.of(KeepFamilyLessons)
        self.need = len(keeps[0].cards) if keeps else 0
        self.picker = ModeCardPicker(offer, verb="Keep", limit=self.need or None,
                                     on_change=ctx.messages.guard(self._update))
        self.lay_out(
            f"Family lessons: keep {self.need} of the {len(offer)} dealt to you",
            "They stay hidden from the other players until the game ends; the one you do not keep goes back to the "
            "box. Each kept lesson scores for you at the end (FAMILY-1, FAMILY-5).",
            self.picker,
            self.keep_row(f"Keep these {self.need}", "isle-family-keep"),
        )

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Same offer: keep the panel (and the cards selected)."""
        return ("family-lessons", ctx.viewer, ctx.me.family_offer)

    def _update(self, selected: tuple[int, ...]) -> None:
        self.need_exactly(selected, self.need)


class FamilyTurnPanel(Panel):
    """Your turn in the family game: take a cat from around the island (buttons on the island) or pass."""

    kind = "family-turn"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        takes = ctx.of(TakeCat)
        around = len(ctx.view.around_island)
        self.pass_button = self.make_pass_button("Pass? You take no more cats today.", ask=bool(takes))
        if takes:
            how = (f"Click <b>Take</b> under a cat around the island, then place it on your boat at once. "
                   f"{len(takes)} of the {around} cats fit on your boat.")
        else:
            how = "None of the cats around the island fits on your boat: pass."
        self.children = [
            heading(f"Family game, day {ctx.view.day}: your turn"),
            note(how),
            note("Cats cost nothing in the family game. When every cat is taken or everyone has passed, the cats "
                 "left go to the box and the day ends (FAMILY-2).", "muted"),
            self.pass_button,
        ]


class FamilyHandPanel(Panel):
    """The "Your lessons" tab of the family game: the family lessons you keep (or were dealt), hidden from others."""

    kind = "family-hand"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        me = ctx.me
        if me.family_lessons:
            title = f"<b>Your family lessons</b> ({len(me.family_lessons)}, hidden from the other players)"
            cards = me.family_lessons
        else:
            title = "<b>Family lessons dealt to you</b>: keep 2 of them (see the panel above)"
            cards = me.family_offer
        self.children = [
            note(title),
            widgets.HTML(mode_cards_row_html(cards, "no family lessons")),
            note("The family game has no fish, discovery cards, baskets or Oshax (FAMILY-1).", "muted"),
        ]

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Rebuilt only when the lessons change."""
        return ("family-hand", ctx.viewer, ctx.me.family_lessons, ctx.me.family_offer)


__all__ = ["FamilyHandPanel", "FamilyLessonsPanel", "FamilyTurnPanel"]
