"""Who is at a shared table (issue #30 §3): a line above a seat's screen saying, for every player, whether their page
is open, whether a bot plays for them because they kept the table waiting ("a bot is playing for Bob"), and which
seats are computer players; and an invisible mark (``presence.js``) that tells the hub the person at this page is
back (a tap, a key, the page shown again), so that the bot playing for them stops and their next decision waits for
them, without a reload. Above it, a :class:`~isle_nb.widgets.connection_note.ConnectionNote` says when the page has
lost the table's hub and when it is connected again.

It reads a :class:`~isle_nb.remote.RemoteSeat`'s ``present`` and ``away`` (sent by the hub with every state) and
the table's seats; it decides nothing.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets

from isle_nb.model.parts.words import YOU
from isle_nb.widgets.closing import ClosesParts
from isle_nb.widgets.connection_note import ConnectionNote
from isle_nb.widgets.page_intro import introduction_hidden


class HereMark(anywidget.AnyWidget):
    """An invisible mark: the browser says when the person shows they are at the page (see the module's text)."""

    _esm = Path(__file__).with_name("presence.js").read_text(encoding="utf-8")
    """The script as text (given as a file, anywidget would tie every instance to the file's change signal)."""

    def __init__(self, seat: Any) -> None:
        super().__init__()
        self.layout.display = "none"
        self.seat = seat
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "here":
            self.seat.here()


def presence_html(players: Sequence[str], bots: Sequence[str], you: str | None, present: Sequence[str],
                  away: Sequence[str]) -> str:
    """The line that says who is at the table: each player's name with "you", "computer player", "page closed"
    or "away: a bot is playing for them"."""
    parts = []
    for name in players:
        shown = html.escape(name)
        if name == you:
            note = "you" + (", away: a bot is playing for you until you tap or press a key" if name in away else "")
        elif name in bots:
            note = "computer player"
        elif name in away:
            note = f"away: a bot is playing for {shown}"
        elif name in present:
            note = "here"
        else:
            note = "page closed"
        parts.append(f"<b>{shown}</b> ({note})")
    return ("<div class='isle-presence' style='font-size:13px;line-height:1.45;margin:2px 0 6px 0'>At the table: "
            + ", ".join(parts) + ".</div>")


class PresenceLine(widgets.VBox):
    """The line of who is at the table above a seat's screen, kept up to date, with the :class:`HereMark`."""

    def __init__(self, seat: Any, players: Sequence[str], bots: Sequence[str]) -> None:
        self.seat = seat
        self.players = tuple(players)
        self.bots = tuple(bots)
        self.line = widgets.HTML()
        self.mark = HereMark(seat)
        self.connection = ConnectionNote(seat)
        """Says when the page has lost the hub, and when it is connected again."""
        super().__init__([self.connection, self.line, self.mark])
        self._show()
        seat.observe(self._changed, names=["present", "away"])

    def _changed(self, _change: Any) -> None:
        self._show()

    def _show(self) -> None:
        you = self.seat.name if self.seat.name != YOU else None
        self.line.value = presence_html(self.players, self.bots, you, self.seat.present, self.seat.away)

    def close(self) -> None:
        """Stop following the seat, and close; closing again does nothing (ipywidgets closes a freed widget)."""
        if getattr(self, "comm", None) is None:
            return
        self.seat.unobserve(self._changed, names=["present", "away"])
        self.connection.close()
        super().close()


class SeatPage(ClosesParts, widgets.VBox):
    """What a page opened by a seat's link shows: the seat's screen (``app``: its game, or a waiting room while its
    table waits for players), with the line of who is at the table above a game (a waiting room adds it itself once
    its table starts; the lobby puts it above a seat taken there), and without the play page's introduction (about
    a game on this device)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        """The seat's screen."""
        self.presence = presence_for(app)
        """Who is at the table (``None`` above a waiting room)."""
        style = widgets.HTML(f"<style>{introduction_hidden('isle-seat-page')}</style>",
                             layout=widgets.Layout(display="none"))
        super().__init__([style, *([] if self.presence is None else [self.presence]), app])
        self.add_class("isle-seat-page")


def presence_for(app: Any) -> PresenceLine | None:
    """The presence line of a seat's screen at a shared table (``None`` for a game on this device)."""
    table: Any = getattr(app, "table", None)
    seat = getattr(table, "joined", None)
    if table is None or seat is None:
        return None
    return PresenceLine(seat, table.players, getattr(table, "computer_players", ()))


__all__ = ["HereMark", "PresenceLine", "SeatPage", "presence_for", "presence_html"]
