"""A hub's lobby as a page (the address ``make class`` hands out): the tables with a seat still open, and a button
that takes one (first come) and shows that seat's screen in its place. The list keeps itself up to date while the
page waits (every :data:`REFRESH_EVERY` seconds), and a seat someone else took first is said in a sentence.

A seat taken here is remembered by the student's browser (:class:`~isle_nb.widgets.seat_memory.SeatMemory`): a
reload, or the class's address opened again in that browser, goes straight back to the seat; and the seat's screen
shows the link that comes back to it from any device."""

from __future__ import annotations

import os
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode

import httpx
import ipywidgets as widgets

from isle_nb.model.parts.words import and_list, plural
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.fit import fit_style
from isle_nb.widgets.later import HUB_SILENT, later
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.page_intro import introduction_hidden
from isle_nb.widgets.presence import PresenceLine, presence_for
from isle_nb.widgets.seat_memory import SeatMemory
from isle_nb.widgets.waiting_room import LOOK_EVERY, seat_screen

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd

REFRESH_EVERY = 5.0
"""Seconds between two looks at the hub's tables while the lobby is shown (a local request of a few ms)."""

INTRODUCTION = (
    "<h3>The class's tables</h3><p class='isle-lobby-intro'>Choose a table and take a seat: you play in this page, "
    "and the class's hub keeps the game, so closing or reloading the page loses nothing. This browser remembers "
    "your seat and brings you back to it.</p>")
"""What the lobby page says first (the play page's own introduction, about games on this device, is hidden)."""

PAGE_STYLE = introduction_hidden("isle-lobby") + "\n.isle-lobby .widget-html-content { line-height: 1.45; }"
"""The play page's introduction (its Markdown cells) is about playing on this device: the Games button, saved
games. On a class's page it would promise what a seat at the hub does not offer, and push the lobby below a phone's
screen, so the lobby hides it (:func:`~isle_nb.widgets.page_intro.introduction_hidden`) and says what holds at the
class instead. Its own text wrapped on a phone reads as paragraphs (ipywidgets gives each line of an HTML widget a
widget's 28 px height: it was double-spaced)."""

HUB_ENV = "ISLE_NB_HUB"
"""The environment variable that tells a page's kernel the address of its class's hub (``make class`` sets it)."""


def lobby_in_address(query: str) -> str | None:
    """The hub whose lobby a page shows: the class's hub (:data:`HUB_ENV`) when the page's query string asks for
    the lobby (``?lobby``), else ``None``. The address never names the hub: a page cannot send a kernel elsewhere."""
    hub = os.environ.get(HUB_ENV)
    return hub if hub and "lobby" in parse_qs(query or "", keep_blank_values=True) else None


class LobbyApp(widgets.VBox):
    """The open tables of the hub at ``url``; "Take a seat" claims one under the name typed and shows
    ``open_seat(link)``, the app of the seat the link opens (a waiting room first while its table waits for
    players)."""

    def __init__(self, url: str, open_seat: Callable[[str], Any], refresh_every: float | None = REFRESH_EVERY) -> None:
        self.url = url
        self.refresh_every = refresh_every
        """Seconds between the lobby's own refreshes while it waits in a running kernel (``None``: only Refresh)."""
        self._open_seat = open_seat
        self.seat_app: Any = None
        """The app of the seat taken here, once one is."""
        self.status = widgets.HTML()
        self.choice = widgets.Dropdown(description="Table", layout=widgets.Layout(width="auto", min_width="0",
                                                                                  max_width="480px", flex="1 1 auto"))
        self.your_name = widgets.Text(placeholder="Your name", description="Your name",
                                      layout=widgets.Layout(width="auto", max_width="320px", flex="1 1 auto"))
        """The name the student plays under: the others at the table see it."""
        self.take_button = widgets.Button(description="Take a seat", button_style="primary")
        self.refresh_button = widgets.Button(description="Refresh")
        self.messages = MessageArea()
        self.memory = SeatMemory(f"isle_nb seat at {url}", self.messages.guard(self.come_back))
        """The seat this browser remembers for this class."""
        self.presence: PresenceLine | None = None
        """Who is at the table, above the seat's screen."""
        self.watch_list = widgets.HTML()
        """A "Watch" link for every table being played (full ones too): a watcher's page of it."""
        self.come_back_link = widgets.HTML()
        """The link back to the seat taken here, shown under its screen."""
        self.take_button.on_click(lambda _b: self.messages.guard(self.take)())
        self.refresh_button.on_click(lambda _b: self.messages.guard(self.refresh)())
        self.page_style = widgets.HTML(f"<style>{PAGE_STYLE}</style>")
        """Hides the play page's introduction, written for a game on this device (see :data:`PAGE_STYLE`)."""
        super().__init__([self.page_style, widgets.HTML(INTRODUCTION), self.status,
                          widgets.HBox([self.choice, self.your_name, self.take_button, self.refresh_button],
                                       layout=widgets.Layout(flex_flow="row wrap")), self.messages, self.watch_list,
                          self.memory, fit_style()])
        self.add_class("isle-lobby")
        self.refresh()
        self._schedule()

    def _schedule(self) -> None:
        """Look at the hub again in :attr:`refresh_every` seconds, on the kernel's running loop (none outside a
        kernel: then only Refresh does), for as long as the lobby is shown and no seat is taken."""
        later(self.refresh_every, self.messages.guard(self._tick))

    def _tick(self) -> None:
        """Look at the hub again, and schedule the next look whatever happened: a hub that does not answer (it is
        restarting) is said in a sentence, which goes once it answers again."""
        if self.comm is None or self.seat_app is not None:  # closed, or a seat is played here now
            return
        try:
            self.refresh()
        except httpx.HTTPError:
            self.messages.show(HUB_SILENT, "warning")
        else:
            if self.messages.text == HUB_SILENT:
                self.messages.clear()
        finally:
            self._schedule()

    def refresh(self) -> None:
        """List the tables that still have an open seat (asked of the hub again)."""
        from isle_nb import remote

        frame = remote.tables(self.url)
        self.watch_list.value = watch_links_html(
            [(row.id, table_words(row)) for row in frame.itertuples() if not row.over and pd.isna(row.ended)]
            if len(frame) else [])
        waiting = frame[frame["open"].map(len).gt(0) & ~frame["over"].astype(bool)] if len(frame) else frame
        chosen = self.choice.value
        self.choice.options = [(f"{row.id}: {table_words(row)}", row.id) for row in waiting.itertuples()]
        ids = [value for _label, value in self.choice.options]
        self.choice.value = chosen if chosen in ids else (ids[0] if ids else None)
        self.take_button.disabled = not self.choice.options
        self.status.value = (f"{plural(len(self.choice.options), 'table')} with a free seat: choose one and take a "
                             "seat."
                             if self.choice.options else
                             "No table has a free seat yet: wait for your teacher to open one, then Refresh.")

    def take(self) -> None:
        """Claim an open seat of the chosen table and show its screen instead of the lobby; if someone else took
        the last seat first, say so and show the tables as they are now."""
        from isle_nb import remote

        chosen = self.choice.value
        name = " ".join(self.your_name.value.split())
        if not name:
            self.messages.show("Type your name first: it is how the others at the table see you.", "warning")
            return
        try:
            link = remote.claim(self.url, chosen, name=name)
        except remote.HubRefused as refused:
            if refused.code == "name":
                self.messages.show(f"The name {name} cannot be used at table {chosen}: someone there has it already, "
                                   "or it is too long. Choose another name.", "warning")
                return
            if refused.code not in ("no_open_seat", "unknown_table", "ended"):
                raise
            self.refresh()
            self.messages.show(f"Someone else took the last open seat at table {chosen} just before you. "
                               + ("Choose another table." if self.choice.options else
                                  "No other table has a free seat yet: the list updates by itself."), "warning")
            return
        self._show_seat(link, name)
        self.memory.keep(link)

    def come_back(self, link: str) -> None:
        """The browser remembered a seat of this class: show it again, or forget it if it no longer opens one (its
        table was ended or deleted)."""
        from isle_nb import remote

        if self.seat_app is not None:
            return
        try:
            self._show_seat(link)
        except remote.NotASeat:
            self.memory.drop()
            self.messages.show("The seat this browser remembered is no longer at any table (its table has ended). "
                               "Choose a table to take a new seat.", "info")

    def _show_seat(self, link: str, name: str | None = None) -> None:
        """Show the screen of the seat ``link`` opens (its player ``name``, if known) in the lobby's place: its game,
        or a waiting room while its table waits for players; with the link that comes back to it."""
        from isle_nb import remote

        # a waiting room looks at its table again by itself when the lobby does (not in tests that refresh by hand)
        looks = None if self.refresh_every is None else LOOK_EVERY
        self.seat_app = seat_screen(link, self._open_seat, name, looks)
        _hub, table, _token = remote.parse_link(link)
        self.come_back_link.value = (
            '<div class="isle-come-back" style="font-size:13px;line-height:1.45;margin-top:8px">Your link to come '
            f'back to this seat, from this or another device: <a href="{escape(come_back_address(link))}" '
            f'target="_self" style="color:#1a5fb4;text-decoration:underline">your seat at table {escape(table)}</a>. '
            "This browser remembers the seat too: reloading the page or opening the class's address again brings "
            "you back here.</div>")
        self.presence = presence_for(self.seat_app)  # a waiting room shows it once the game starts
        shown = [self.seat_app] if self.presence is None else [self.presence, self.seat_app]
        replace_children(self, [self.page_style, *shown, self.come_back_link, self.memory])


def come_back_address(link: str, query: str | None = None) -> str:
    """The address, relative to the page, that opens the seat of ``link`` again: the play page's ``?table=`` with
    the page's own token (from ``query``, the page's query string; Voila's by default), so it works on another
    device too."""
    return class_address(query, table=link)


def table_words(row: Any) -> str:
    """A table as the lobby names it (a row of :func:`isle_nb.remote.tables`): its game, who is seated and how many
    seats are open ("The Isle of Cats, with Ann, Greedy bot and 2 open seats"); an open seat's name is only a stand-in
    until a student takes it with their own."""
    seated = [name for name, kind in zip(row.players, row.kinds, strict=True) if kind != "open"]
    if row.open:
        seated.append(plural(len(row.open), "open seat"))
    return f"{row.label}, with {and_list(seated)}"


def watch_links_html(played: list[tuple[str, str]], query: str | None = None) -> str:
    """The lobby's "Watch" links, one for each table being played (its id and :func:`table_words`), each opening a
    watcher's page of it (``?watch=<table id>``, with the page's token from ``query``)."""
    if not played:
        return ""
    link = ("display:inline-block;min-height:26px;padding:8px 14px;margin:0 8px 4px 0;border:1px solid #1565c0;"
            "border-radius:4px;color:#1565c0;text-decoration:none;font-weight:bold")  # a finger's size on a phone
    items = "".join(f'<li style="margin:4px 0"><a href="{escape(class_address(query, watch=table))}" target="_self" '
                    f'style="{link}">Watch</a>table {escape(table)}: {escape(words)}</li>'
                    for table, words in played)
    return (f'<div class="isle-lobby-watch"><b>Tables being played</b>: watch one without taking a seat.'
            f'<ul style="margin:4px 0;padding-left:0;list-style:none">{items}</ul></div>')


def class_address(query: str | None = None, **asked: str) -> str:
    """A page address of the class relative to the page (``?lobby``, ``?watch=<table id>``, ``?table=<seat
    link>``), with the page's own token (from ``query``, the page's query string; Voila's by default) so it opens
    on another device too."""
    token = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query).get("token", [""])[0]
    return "?" + urlencode({**asked, **({"token": token} if token else {})})


__all__ = ["HUB_ENV", "LobbyApp", "class_address", "come_back_address", "lobby_in_address", "table_words",
           "watch_links_html"]
