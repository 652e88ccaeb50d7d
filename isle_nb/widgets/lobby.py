"""A hub's lobby as a page (the address ``make class`` hands out): the tables with a seat still open, and a button
that takes one (first come) and shows that seat's screen in its place. The list keeps itself up to date while the
page waits (every :data:`REFRESH_EVERY` seconds), and a seat someone else took first is said in a sentence."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.messages import MessageArea

REFRESH_EVERY = 5.0
"""Seconds between two looks at the hub's tables while the lobby is shown (a local request of a few ms)."""

HUB_ENV = "ISLE_NB_HUB"
"""The environment variable that tells a page's kernel the address of its class's hub (``make class`` sets it)."""


def lobby_in_address(query: str) -> str | None:
    """The hub whose lobby a page shows: the class's hub (:data:`HUB_ENV`) when the page's query string asks for
    the lobby (``?lobby``), else ``None``. The address never names the hub: a page cannot send a kernel elsewhere."""
    hub = os.environ.get(HUB_ENV)
    return hub if hub and "lobby" in parse_qs(query or "", keep_blank_values=True) else None


class LobbyApp(widgets.VBox):
    """The open tables of the hub at ``url``; "Take a seat" claims one and shows ``open_seat(link)``, the app of
    the seat the link opens."""

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
        self.take_button = widgets.Button(description="Take a seat", button_style="primary")
        self.refresh_button = widgets.Button(description="Refresh")
        self.messages = MessageArea()
        self.take_button.on_click(lambda _b: self.messages.guard(self.take)())
        self.refresh_button.on_click(lambda _b: self.messages.guard(self.refresh)())
        super().__init__([widgets.HTML("<h3>The class's tables</h3>"), self.status,
                          widgets.HBox([self.choice, self.take_button, self.refresh_button],
                                       layout=widgets.Layout(flex_flow="row wrap")), self.messages])
        self.add_class("isle-lobby")
        self.refresh()
        self._schedule()

    def _schedule(self) -> None:
        """Look at the hub again in :attr:`refresh_every` seconds, on the kernel's running loop (none outside a
        kernel: then only Refresh does), for as long as the lobby is shown and no seat is taken."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self.refresh_every is not None:
            loop.call_later(self.refresh_every, self.messages.guard(self._tick))

    def _tick(self) -> None:
        if self.comm is None or self.seat_app is not None:  # closed, or a seat is played here now
            return
        self.refresh()
        self._schedule()

    def refresh(self) -> None:
        """List the tables that still have an open seat (asked of the hub again)."""
        from isle_nb import remote

        frame = remote.tables(self.url)
        waiting = frame[frame["open"].map(len).gt(0) & ~frame["over"].astype(bool)] if len(frame) else frame
        chosen = self.choice.value
        self.choice.options = [(f"{row.id}: {', '.join(row.players)} ({len(row.open)} open)", row.id)
                               for row in waiting.itertuples()]
        ids = [value for _label, value in self.choice.options]
        self.choice.value = chosen if chosen in ids else (ids[0] if ids else None)
        self.take_button.disabled = not self.choice.options
        self.status.value = (f"{len(self.choice.options)} table(s) with a free seat: choose one and take a seat."
                             if self.choice.options else
                             "No table has a free seat yet: wait for your teacher to open one, then Refresh.")

    def take(self) -> None:
        """Claim an open seat of the chosen table and show its screen instead of the lobby; if someone else took
        the last seat first, say so and show the tables as they are now."""
        from isle_nb import remote

        chosen = self.choice.value
        try:
            link = remote.claim(self.url, chosen)
        except remote.HubRefused as refused:
            if refused.code not in ("no_open_seat", "unknown_table", "ended"):
                raise
            self.refresh()
            self.messages.show(f"Someone else took the last open seat at table {chosen} just before you. "
                               + ("Choose another table." if self.choice.options else
                                  "No other table has a free seat yet: the list updates by itself."), "warning")
            return
        self.seat_app = self._open_seat(link)
        replace_children(self, [self.seat_app])


__all__ = ["HUB_ENV", "LobbyApp", "lobby_in_address"]
