"""The "to resolve" tray: the cards chosen today wait there, each with its options as pictures of what they take
(``any 2`` pairs, the two sides of an ``or`` card) and a button each (ED-2, ED-4, ED-5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.draw import to_svg
from isle_nb.model.explore_draw import EDAction, TakeCard
from isle_nb.model.parts.tiles import COLOUR_HEX
from isle_nb.view.ed_cards import ed_card_html, ed_choice_scene, svg_img
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.explore_draw_app.island import CARD_WIDTH
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.slots import Slot

TRAY_WIDTH = 4 * (CARD_WIDTH + 10)
"""The widest a card to resolve and its options may be (the island's width): its options wrap within it."""


def option_label(action: TakeCard) -> str:
    """The words on a card option's button."""
    if action.side:
        return f"Take the {'top' if action.side == 'above' else 'bottom'}"
    if action.picks:
        return "Take these two"
    if action.colour:
        return f"Tick it in {action.colour}"
    return "Take it"


class TrayPanel:
    """The cards to resolve with their options (``tray``), rebuilt only when the cards or their options change."""

    def __init__(self, messages: MessageArea, on_take: Callable[[TakeCard], None]) -> None:
        self.tray = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.tray.add_class("isle-ed-tray")
        self._slot = Slot()
        """The rows of buttons are rebuilt only when their choices change (see widgets/slots.py)."""
        self.messages = messages
        self.on_take = on_take

    def show(self, view: Any, legal: list[EDAction]) -> None:
        """The cards ``view`` has to resolve, each with the legal ways to take it."""
        if not self._slot.changed((view.to_resolve, tuple(a for a in legal if isinstance(a, TakeCard)))):
            return
        boxes = []
        island = dict(view.island)
        for slot in view.to_resolve:
            card_id = island[slot]
            options = [self._option(card_id, a) for a in legal if isinstance(a, TakeCard) and a.slot == slot]
            # the options wrap within the island's width (an "any 2" card has ten)
            choices = widgets.HBox(options, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-end",
                                                                  width="100%"))
            choices.add_class("isle-ed-options")
            box = widgets.VBox([widgets.HTML(ed_card_html(card_id, CARD_WIDTH)), choices],
                               layout=widgets.Layout(margin="0 8px 4px 0", max_width=f"{TRAY_WIDTH}px"))
            boxes.append(box)
        replace_children(self.tray, boxes)

    def _option(self, card_id: str, action: TakeCard) -> widgets.Widget:
        """One way to take a card: a picture of what it gives and a button (a lesson's colour: a coloured button)."""
        button = widgets.Button(description=option_label(action), layout=widgets.Layout(width="auto"))
        button.add_class("isle-ed-take")
        button.on_click(self.messages.guard(lambda _b: self.on_take(action)))
        if action.colour:
            button.style.button_color = COLOUR_HEX[action.colour]
            return button
        if not (action.side or action.picks):
            return button
        scene = ed_choice_scene(card_id, action.side, action.picks)
        picture = widgets.HTML(svg_img(to_svg(scene), scene.width, option_label(action)))
        return widgets.VBox([picture, button], layout=widgets.Layout(align_items="center", margin="0 4px"))


__all__ = ["TRAY_WIDTH", "TrayPanel", "option_label"]
