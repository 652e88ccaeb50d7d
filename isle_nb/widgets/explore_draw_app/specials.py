"""The five specials of Explore & Draw as boxes to tick (ED-6): a "twice" special is used at once, one that changes
today's choice stays ticked while its cards are picked on the island."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.model.explore_draw import ChooseCards, EDAction, UseSpecial
from isle_nb.model.explore_draw.data import specials
from isle_nb.widgets.messages import MessageArea

SPECIAL_WORDS = {s.key: s.text for s in specials()}
"""Each special's words, by its key."""


class SpecialsPanel:
    """The boxes to tick (``special_boxes``, by the special's key) and the note under them (``special_note``), in
    ``box``."""

    def __init__(self, messages: MessageArea, on_tick: Callable[[str], None]) -> None:
        self.special_boxes: dict[str, widgets.Button] = {}
        for special in specials():
            box = widgets.Button(description=f"\u2610 {special.text}", tooltip=special.text,
                                 layout=widgets.Layout(width="auto", flex="1 1 0"))
            box.add_class("isle-ed-special")
            box.add_class(f"isle-ed-{special.key}")
            box.on_click(messages.guard(lambda _b, key=special.key: on_tick(key)))
            self.special_boxes[special.key] = box
        self.special_note = widgets.HTML()
        """Under the boxes while a choice special is ticked: where its cards are picked."""
        self.box = widgets.VBox([
            widgets.HTML("<b>Specials</b> <span style='color:#666'>(tick one a day, three a game, each once)</span>"),
            widgets.HBox(list(self.special_boxes.values()), layout=widgets.Layout(width="100%")),
            self.special_note,
        ])

    def show(self, mine: Any, legal: list[EDAction], armed: str | None) -> None:
        """Tick the specials ``mine`` (the sheet shown) used and ``armed`` (ticked for today's choice); a box may
        be clicked only if a legal action uses its special."""
        used = {key for key, _ in mine.specials}
        usable = {a.special for a in legal if isinstance(a, UseSpecial)} | {
            a.special for a in legal if isinstance(a, ChooseCards) and a.special}
        for key, box in self.special_boxes.items():
            ticked = key in used or key == armed
            box.description = ("\u2611 " if ticked else "\u2610 ") + SPECIAL_WORDS[key]
            box.disabled = key not in usable
            box.button_style = "warning" if key == armed else ""
        self.special_note.value = ('<span style="color:#8a5a00">Now pick its cards on the island, then click '
                                   "\u201cChoose the picked cards\u201d.</span>") if armed else ""


__all__ = ["SPECIAL_WORDS", "SpecialsPanel"]
