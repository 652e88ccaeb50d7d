"""The hot-seat cover: between two people's private decisions, hide the screen until the next player is ready."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.widgets.messages import MessageArea


class HandOverCover(widgets.VBox):
    """"Hand the device to Bob": nothing secret is shown until Bob clicks "I am Bob, show my hand"."""

    def __init__(self, messages: MessageArea, on_reveal: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_reveal = on_reveal
        self.text = widgets.HTML()
        self.button = widgets.Button(description="Show my hand", button_style="primary",
                                     layout=widgets.Layout(width="auto", height="40px"))
        self.button.add_class("isle-reveal")
        self.button.on_click(messages.guard(lambda _b: self.on_reveal()))
        self.children = [self.text, self.button]
        for key, value in {"align_items": "center", "padding": "40px 20px", "border": "2px dashed #6b4f2a",
                           "min_height": "260px"}.items():  # its own Layout: a new one would leave this one alive
            setattr(self.layout, key, value)
        self.add_class("isle-cover")
        self.name = ""

    def show_for(self, name: str, previous: str | None, secret: str = "hand") -> None:
        """Ask the device to be handed to ``name``; ``secret`` names what stays hidden until then (``"hand"``, or
        ``"lessons"`` in the family game, where the only secrets are the family lessons)."""
        self.name = name
        away = f"{html.escape(previous)}, please look away. " if previous else ""
        hidden = "Cards and choices" if secret == "hand" else f"{html.escape(secret.capitalize())} and choices"
        self.text.value = (
            f'<div style="text-align:center;font-size:20px;margin-bottom:14px">Hand the device to '
            f"<b>{html.escape(name)}</b></div>"
            f'<div style="text-align:center;color:#555;margin-bottom:14px">{away}{hidden} stay hidden '
            f"until {html.escape(name)} is ready.</div>"
        )
        self.button.description = f"I am {name}: show my {secret}"

    def reveal(self) -> None:
        """Click the button."""
        self.button.click()


__all__ = ["HandOverCover"]
