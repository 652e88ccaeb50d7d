"""The app's header: where the game is and whose move it is, the viewer's facts and the seed, then Hint, Undo /
Redo and Games."""

from __future__ import annotations

import html
from collections.abc import Callable, Collection

import ipywidgets as widgets

from isle_nb.model.isle.constants import DAYS
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.isle.view_facts import step_row
from isle_nb.widgets.history import HistoryControls
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels import Context
from isle_nb.widgets.words import you_are


def status_text(view: PlayerView, viewer: str, bots: Collection[str], covered: bool = False) -> str:
    """Where the game is and whose move it is, in one line."""
    if view.over:
        return "Game over"
    where = f"Day {view.day} of {DAYS} · {step_row(view).words}"
    if covered:
        who = f"{viewer}'s move"
    elif viewer in view.awaiting and viewer not in bots:
        who = "your move" if len(view.awaiting) == 1 else "your move (everyone decides at once)"
    else:
        waiting = [f"{n} (bot, thinking...)" if n in bots else n for n in view.awaiting]
        who = f"waiting for {', '.join(waiting)}" if waiting else "..."
    return f"{where} · {who}"


def facts_html(view: PlayerView, viewer: str, role: str, seed: str) -> str:
    """The viewer's facts in one line: fish, baskets, cards and tiles (the family game: its own), and the seed."""
    me = view.me
    assert me is not None, "the app shows a player's seat"
    count = len(me.boat.tiles)
    tiles = f"{count} tile{'s' if count != 1 else ''} on your boat"
    if not view.has_fish:  # the family game: no fish, cards or baskets (FAMILY-1)
        kept = len(me.family_lessons)
        facts = [f"family game, {1 + len(view.others)} players", tiles,
                 f"{kept} family lessons kept" if kept else "family lessons not chosen yet"]
    else:
        facts = [f"<b>{me.fish}</b> fish", f"baskets ready {me.baskets_ready}/{me.permanent_baskets}",
                 f"{len(me.hand)} card{'s' if len(me.hand) != 1 else ''} in hand", tiles]
        if view.sister is not None:
            facts.insert(0, f"solo game against the sister ({html.escape(view.sister.difficulty)})")
    you = you_are(viewer, role)  # (nothing for a player called "You": "You are You" says nothing)
    return (f'<div style="font-size:13px">{you + " &middot; " if you else ""}'
            f'{" &middot; ".join(facts)} &middot; {seed}</div>')


class Header:
    """The header's widgets (``box`` holds them): the status line, the viewer's facts, the hint button, Undo / Redo
    with their note and the Games button."""

    def __init__(self, messages: MessageArea, hint_button: widgets.Button, on_undo: Callable[[], None],
                 on_redo: Callable[[], None], on_games: Callable[[], None]) -> None:
        guard = messages.guard
        self.status = widgets.HTML()
        self.status.add_class("isle-status")
        self.player_info = widgets.HTML(layout=widgets.Layout(flex="1 1 300px", min_width="0"))  # one Layout: a
        # second one given later would leave the first alive after the app closes (issue #32 §2)
        self.player_info.add_class("isle-player-info")
        self.history = HistoryControls(guard, on_undo, on_redo)
        self.games_button = widgets.Button(description="Games", tooltip="New game, rematch, resume, load or save",
                                           layout=widgets.Layout(width="86px"))
        self.games_button.add_class("isle-games-button")
        self.games_button.on_click(guard(lambda _b: on_games()))
        # the status has a line of its own (the phase's whole name fits), the facts and the buttons share the next one,
        # and the note on Undo goes under the buttons
        controls = widgets.VBox([widgets.HBox([hint_button, self.history.buttons, self.games_button]),
                                 self.history.note], layout=widgets.Layout(align_items="flex-end", flex="0 0 auto"))
        self.box = widgets.VBox(
            [self.status, widgets.HBox([self.player_info, controls],
                                       layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"))],
            layout=widgets.Layout(border_bottom="2px solid #6b4f2a", padding="0 0 2px 0"),
        )
        self.box.add_class("isle-header")

    def show(self, ctx: Context, bots: Collection[str], covered: bool, where: str | None,
             seed: int | None) -> None:
        """Show the game as ``ctx``'s player sees it (``covered``: behind the hand-over cover, only the status and
        the seed); ``where`` names a table on a hub (its seed stays secret there)."""
        viewer, view = ctx.viewer, ctx.view
        text = html.escape(status_text(view, viewer, bots, covered))
        self.status.value = (f'<div class="isle-status-text" title="{text}" style="font-size:15px;font-weight:bold;'
                             f'color:#3b2a14">{text}</div>')
        seed_html = f'<span class="isle-seed">{html.escape(where)}</span>' if where else \
            f'<span class="isle-seed" title="Start a game with this seed to get the same deal">seed {seed}' \
            "</span>"
        if covered:
            self.player_info.value = f'<div style="font-size:13px">{seed_html}</div>'
        else:
            role = " (watching)" if viewer in bots else ""
            self.player_info.value = facts_html(view, viewer, role, seed_html)
        self.history.update(ctx.seat, blocked=covered)


__all__ = ["Header", "facts_html", "status_text"]
