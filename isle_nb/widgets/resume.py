"""The offer to resume the last game, shown at the top of a new app: one click and the game goes on.

Which game is offered is the save layer's rule (:func:`~isle_nb.widgets.last_game.last_game`); this widget only
shows it: "Your last game: You vs greedy bot (The Isle of Cats), day 3 of 5, last played at 12:03" and a
“Resume your last game” button. The app takes it away as soon as the player moves in the new game or starts or
loads another one, so a game the player has begun is never replaced by a click meant for the old one.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.model.modes import game_mode
from isle_nb.widgets.kernel_watch import RESUME
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.saves import SavedGame


def offer_words(saved: SavedGame) -> str:
    """The offered game in one sentence: who plays, which game, where it stands and when it was last played."""
    when = time.localtime(saved.updated)
    day = "today" if time.strftime("%Y%m%d", when) == time.strftime("%Y%m%d") else time.strftime("on %d %b", when)
    where = saved.progress or f"{saved.moves} move{'s' if saved.moves != 1 else ''} played"
    return (f"Your last game: {saved.players} ({game_mode(saved.mode).label}), {where}, last played {day} at "
            f"{time.strftime('%H:%M', when)}.")


class ResumeOffer(widgets.HBox):
    """A bar offering to resume ``saved`` (its words and a button); ``on_resume(saved)`` resumes it."""

    def __init__(self, saved: SavedGame, messages: MessageArea, on_resume: Callable[[SavedGame], None],
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.saved = saved
        self.text = widgets.HTML(f'<div class="isle-resume-offer-text" style="font-size:14px;color:#3b2a14;'
                                 f'white-space:normal;line-height:1.35">{html.escape(offer_words(saved))} '
                                 f'<span style="color:#555">Or play the new game below.</span></div>',
                                 layout=widgets.Layout(flex="1 1 300px", min_width="0"))
        self.button = widgets.Button(description=RESUME, button_style="primary", tooltip=offer_words(saved),
                                     layout=widgets.Layout(width="auto", height="36px", flex="0 0 auto"))
        self.button.add_class("isle-resume-last")
        self.button.on_click(messages.guard(lambda _b: on_resume(saved)))
        self.children = [self.button, self.text]
        for key, value in {"align_items": "center", "grid_gap": "12px", "padding": "6px 10px", "margin": "2px 0 6px 0",
                           "border": "2px solid #1f5fbf", "flex_flow": "row wrap"}.items():  # its own Layout
            setattr(self.layout, key, value)
        self.add_class("isle-resume-offer")

    def resume(self) -> None:
        """Click the button."""
        self.button.click()


__all__ = ["ResumeOffer", "offer_words"]
