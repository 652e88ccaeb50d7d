"""A seat taken at a table that waits for its players (issue #30 §2): until every seat is taken (or the teacher
starts the table with bots in the open seats), nobody moves and the game is dealt again with each name taken, so the
seat's screen is a waiting room saying who is there and who is awaited; it becomes the seat's game screen as soon as
the table starts. A page looks again every :data:`LOOK_EVERY` seconds while it waits (a local request of a few ms).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import httpx
import ipywidgets as widgets

from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.later import HUB_SILENT, later
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.presence import presence_for
from isle_nb.widgets.words import you_are

LOOK_EVERY = 2.0
"""Seconds between two looks at the hub while a seat waits for its table to start."""


def seat_screen(link: str, open_seat: Callable[[str], Any], name: str | None = None,
                look_every: float | None = LOOK_EVERY) -> Any:
    """The screen of the seat ``link`` opens (its player ``name``, if known): its game's app (``open_seat(link)``),
    or a :class:`WaitingRoom` while its table waits for players."""
    from isle_nb import remote

    url, table, _token = remote.parse_link(link)
    row = table_summary(url, table)
    if row is not None and row.open and not row.over:
        return WaitingRoom(link, open_seat, name, look_every)
    return open_seat(link)


def table_summary(url: str, table: str) -> Any:
    """The lobby's line of ``table`` on the hub at ``url`` (``None`` if it is gone)."""
    from isle_nb import remote

    frame = remote.tables(url)
    rows = frame[frame["id"] == table]
    return next(rows.itertuples(), None)


class WaitingRoom(widgets.VBox):
    """A seat whose table waits for players: who is seated, who is awaited, and the game screen once it starts
    (:attr:`app`)."""

    def __init__(self, link: str, open_seat: Callable[[str], Any], name: str | None = None,
                 look_every: float | None = LOOK_EVERY) -> None:
        from isle_nb import remote

        self.link = link
        self.url, self.table, _token = remote.parse_link(link)
        self.look_every = look_every
        self._open_seat = open_seat
        self.app: Any = None
        """The seat's game screen, once the table has started."""
        self.name = name
        """The seat's player, as its person chose it."""
        self.status = widgets.HTML()
        self.status.add_class("isle-waiting-room")
        self.messages = MessageArea()
        super().__init__([self.status, self.messages])
        self.look()

    def look(self) -> None:
        """Ask the hub whether the table has started: show the game if it has, else who is still awaited; look
        again later while the page waits (also when the hub does not answer: that is said in a sentence)."""
        if self.comm is None or self.app is not None:
            return
        try:
            row = table_summary(self.url, self.table)
        except httpx.HTTPError:  # the hub is restarting, say: look again later
            self.messages.show(HUB_SILENT, "warning")
            later(self.look_every, self.messages.guard(self.look))
            return
        if self.messages.text == HUB_SILENT:
            self.messages.clear()
        if row is None or row.over:
            self.status.value = (f"<b>Table {html.escape(self.table)} has ended</b> before every seat was taken. "
                                 "Ask your teacher for another table.")
            return
        if not row.open:
            self.app = self._open_seat(self.link)
            presence = presence_for(self.app)
            replace_children(self, [self.app] if presence is None else [presence, self.app])
            return
        seated = [p for p in row.players if p not in row.open]
        more = "1 more player" if len(row.open) == 1 else f"{len(row.open)} more players"
        self.status.value = (
            f"<div style='font-size:15px;line-height:1.5'>{self._you()}The table is waiting for {more}. Seated: "
            f"{html.escape(', '.join(seated))}. The game starts as soon as every seat is taken, or when your "
            "teacher starts it with computer players in the open seats: this page shows it by itself.</div>")
        later(self.look_every, self.messages.guard(self.look))

    def _you(self) -> str:
        """Who the person at this screen plays, and where ("You are <b>Ann</b> at table 3. ")."""
        said = you_are(self.name)
        return f"{said} at table {html.escape(self.table)}. " if said else f"Table {html.escape(self.table)}. "


__all__ = ["LOOK_EVERY", "WaitingRoom", "seat_screen", "table_summary"]
