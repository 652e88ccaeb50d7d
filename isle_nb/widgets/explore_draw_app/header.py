"""The header of Explore & Draw: the day, who the game waits for and the cards left, Undo / Redo with their note,
and the hidden ready mark a browser test waits for."""

from __future__ import annotations

import html
from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as widgets

from isle_nb.model.parts.words import YOU, plural
from isle_nb.widgets.history import HistoryControls
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.words import you_are


def waiting_words(view: Any, bots: Collection[str]) -> str:
    """Who the game waits for and what for, as a sentence part ("Bea (bot, thinking...) chooses today's cards,
    which stay hidden until everyone has chosen")."""
    who = [f"{n} (bot, thinking...)" if n in bots else n for n in view.awaiting]
    if not who:
        return "waiting"
    names = html.escape(f"{', '.join(who[:-1])} and {who[-1]}" if len(who) > 1 else who[0])
    alone = len(who) == 1 and view.awaiting[0] != YOU
    if view.step == "choose":
        return (f"{names} {'chooses' if alone else 'choose'} today's cards, which stay hidden until everyone "
                "has chosen")
    return f"{names} {'draws' if alone else 'draw'} today's discoveries"


class Header:
    """The status line (``status``), Undo / Redo (``history``) and the ready mark (``ready``), in ``box``."""

    def __init__(self, messages: MessageArea, on_undo: Callable[[], None], on_redo: Callable[[], None]) -> None:
        self.status = widgets.HTML(layout=widgets.Layout(flex="1 1 360px"))
        self.status.add_class("isle-ed-status")
        self.history = HistoryControls(messages.guard, on_undo, on_redo)
        self.ready = widgets.HTML()
        """A hidden mark set last in every redraw (the number of moves, and whether the game is over), so a browser
        test can wait for the screen to show a move instead of sleeping."""
        self.box = widgets.HBox([self.status, self.history.note, self.history.buttons, self.ready],
                                layout=widgets.Layout(align_items="center", flex_flow="row wrap"))

    def show(self, view: Any, over: bool, bots: Collection[str], player: str | None = None) -> None:
        """Who ``player`` (the person at the screen) is, the day, and who the game waits for and the cards left
        (``over``: the scores are below)."""
        you = you_are(player)
        you = f"{you} · " if you else ""
        if over:  # the end screen below has the headline and who won
            self.status.value = (f'{you}<b style="font-size:15px">Day {view.day} of 7</b> · Game over: the scores are '
                                 "below")
            return
        self.status.value = (f'{you}<b style="font-size:15px">Day {view.day} of 7</b> · {waiting_words(view, bots)} · '
                             f"cards left: {plural(view.cards_left[0], 'cat card')}, "
                             f"{plural(view.cards_left[1], 'lesson card')}")

    def mark_ready(self, moves: int, over: bool, covered: bool, player: str) -> None:
        """The screen shows the game after ``moves`` moves, for ``player`` (or behind the cover)."""
        self.ready.value = (f'<span class="isle-ed-ready" data-moves="{moves}" '
                            f'data-over="{str(over).lower()}" data-covered="{str(covered).lower()}" '
                            f'data-player="{html.escape(player)}"></span>')


__all__ = ["Header", "waiting_words"]
