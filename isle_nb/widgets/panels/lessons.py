"""Read lessons panels: play a card 71-74 you just bought before the lessons are read, and give a public "pick a
colour" lesson its colour as you play it (LESSON-2)."""

from __future__ import annotations

from functools import partial
from typing import Any

import ipywidgets as widgets

from isle_nb.model.isle.actions import ChooseLessonColour, Pass, PlayAnytime
from isle_nb.model.parts.cards import card
from isle_nb.model.parts.tiles import COLOUR_HEX
from isle_nb.widgets.cards import card_html
from isle_nb.widgets.panels.base import Context, Panel, action_button, heading, note


class FreshDrawPanel(Panel):
    """A card that draws cards, just bought: play it now, before the lessons are read, or keep it."""

    kind = "lessons"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        plays = [a for a in ctx.of(PlayAnytime) if card(a.card).effect == "draw_and_buy"]
        self.play_buttons = {
            a.card: action_button(f"Play #{a.card} now", partial(self.act, a), ctx.messages, "success")
            for a in plays
        }
        self.keep = action_button("Keep it for later", lambda: self.act(Pass(ctx.viewer)), ctx.messages)
        self.children = [
            heading("Read lessons: play the card you just bought?"),
            note("You may play it now, before the lessons are read: a lesson you buy with it is read today. "
                 "Kept for later, a lesson it brings waits for the next day's Read lessons phase (LESSON-3).",
                 "muted"),
            widgets.HBox([*(widgets.HTML(card_html(c)) for c in self.play_buttons)]),
            widgets.HBox([*self.play_buttons.values(), self.keep], layout=widgets.Layout(flex_flow="row wrap")),
        ]


class LessonColourPanel(Panel):
    """One button per colour for the public lesson being played."""

    kind = "lessons"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        choices = ctx.of(ChooseLessonColour)
        self.card = choices[0].card if choices else None
        self.buttons: dict[str, widgets.Button] = {}
        for action in choices:
            button = widgets.Button(description=action.colour.capitalize(), layout=widgets.Layout(width="90px"))
            button.style.button_color = COLOUR_HEX[action.colour]
            button.style.font_weight = "bold"
            button.add_class(f"isle-colour-{action.colour}")
            button.on_click(ctx.messages.guard(lambda _b, a=action: self.act(a)))
            self.buttons[action.colour] = button
        self.children = [
            heading("Read lessons: choose a colour for your public lesson"),
            note("You score this lesson for that colour at the end of the game, at half its points rounded up "
                 "(SOLO-5)." if ctx.view.sister is not None else
                 "Every player will score this lesson for that colour at the end of the game.", "muted"),
            widgets.HBox([widgets.HTML(card_html(self.card)) if self.card else widgets.HTML(),
                          widgets.VBox(list(self.buttons.values()), layout=widgets.Layout(margin="0 0 0 12px"))]),
        ]

    def choose(self, colour: str) -> None:
        """Click the button of one colour."""
        self.buttons[colour].click()


__all__ = ["FreshDrawPanel", "LessonColourPanel"]
