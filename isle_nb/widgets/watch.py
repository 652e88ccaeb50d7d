"""A watcher's page: a table on a hub followed live by someone who plays no seat (issue #30 §4).

:class:`WatchApp` shows a watcher's seat (:func:`isle_nb.remote.watch`: the public view, nothing any player keeps
secret, and no move to make): where the game stands and whom it waits for, the table's picture as every player may
see it, the log, and once the game is over every player's score and who won. It redraws whenever the hub sends the
table again, and it has no button that acts. The picture of each mode's public view comes from the registry below
(:func:`register_watch`, filled by :mod:`isle_nb.widgets.apps` from :mod:`isle_nb.widgets.watch_pictures`), so this
module names no mode. A class page opened with ``?watch=<table id>`` shows it (:func:`watch_in_address`).
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from isle_nb.model.core.result import GameResult
from isle_nb.model.modes import game_mode
from isle_nb.widgets.closing import ClosesParts
from isle_nb.widgets.connection_note import ConnectionNote
from isle_nb.widgets.later import later
from isle_nb.widgets.lobby import HUB_ENV, class_address
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.page_intro import introduction_hidden
from isle_nb.widgets.panels.status import side_by_side_html
from isle_nb.widgets.presence import presence_html
from isle_nb.widgets.waiting_room import LOOK_EVERY, table_summary
from isle_nb.widgets.watch_pictures import public_picture
from isle_nb.widgets.words import bot_lines, latest_lines, line_html, player_text

WATCHED = ["version", "present", "away"]
"""The seat's traits the page redraws after: every message from the hub, and who is at the table."""

LOG_LINES = 40
"""How many of the latest log lines the page shows (newest first)."""

STYLE = """<style>
.isle-watch { max-width: 1100px; box-sizing: border-box; }
.isle-watch svg { max-width: 100%; height: auto; }
.isle-watch .isle-watch-picture { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: flex-start; }
.isle-watch .isle-watch-part { max-width: 100%; min-width: 0; }
.isle-watch .isle-ed-island { grid-template-columns: repeat(4, minmax(0, 1fr)) !important; width: 640px;
  max-width: 100%; }
.isle-watch .isle-ed-card { width: auto !important; }
.isle-watch .isle-watch-log { max-height: 150px; overflow: auto; font-size: 12.5px; line-height: 1.4;
  border: 1px solid #e0d6c4; border-radius: 4px; padding: 2px 6px; margin-bottom: 6px; }
.isle-watch .isle-rule { font-size: 10px; padding: 0 4px; margin-left: 3px; border-radius: 6px; background: #efe6d2;
  color: #6b4f2a; }
.isle-watch .isle-watch-intro a { color: #1565c0; text-decoration: underline; }
.isle-watch .isle-final-table { max-width: 100%; overflow-x: auto; display: block; }
.isle-watch .widget-html-content { white-space: normal; line-height: 1.45; }
</style>"""
"""The page's own style: pictures shrink to a phone's width, nothing scrolls sideways, and text wrapped on a phone
reads as a paragraph (ipywidgets gives each line of an HTML widget a widget's height, 28 px: the introduction was
double-spaced)."""

PAGE_STYLE = introduction_hidden("isle-watch")
"""On a class's page the play page's introduction (about games on this device) is hidden, as the lobby does."""


def log_lines_html(log: Any, limit: int = LOG_LINES, bots: Mapping[int, str] | None = None) -> str:
    """The latest log lines, newest first, each a sentence with its rule tags (HTML). A line is a log entry (with
    ``text`` and who did it: the sentence starts with their name) or plain text; ``bots``: the lines that tell of a
    move a bot made for a person who kept the table waiting, by place, with that person (:func:`bot_lines`)."""
    lines = []
    for entry, bot in reversed(latest_lines(list(log), limit, bots or {})):
        text, player = str(getattr(entry, "text", entry)), getattr(entry, "player", None)
        if player and text.startswith(player):  # the line names its player already
            player = None
        words, rules = player_text(text, player, stand_in=bot)
        lines.append(f'<div class="isle-log-line">{line_html(words, rules)}</div>')
    return ('<div class="isle-watch-log-title"><b>What happened, latest first</b></div>'
            f'<div class="isle-watch-log">{"".join(lines) or "<i>Nothing has happened yet.</i>"}</div>')


def result_html(result: GameResult) -> str:
    """Who won, in a sentence, and every player's score side by side."""
    winners = list(result.winners)
    points = result.total(winners[0]) if winners else 0
    if len(winners) == 1:
        said = f"{winners[0]} wins with {points} points."
    else:
        said = f"{' and '.join(winners)} share the win with {points} points each."
    return (f'<div class="isle-watch-result"><h3 style="margin:6px 0">Game over: {html.escape(said)}</h3>'
            f"{side_by_side_html(result)}</div>")


class WatchApp(ClosesParts, widgets.VBox):
    """A table followed live from a watcher's seat (``seat``: a :class:`~isle_nb.remote.RemoteSeat` from
    :func:`isle_nb.remote.watch`, or any seat with the public view); ``back`` is the address of the class's lobby
    to show as a link (none outside a class); ``summary`` gives the table's line in the hub's lobby (its players,
    which are computer players, which seats are open: :func:`~isle_nb.widgets.waiting_room.table_summary`), for the
    line of who is at the table."""

    def __init__(self, seat: Any, back: str | None = None, summary: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.seat = seat
        self.summary = summary
        self._row: Any = None
        """The table's lobby line, asked for again only while the line seen last has an open seat (the table is
        dealt again with each name taken, and once every seat is: a bot may move at once then)."""
        self._looking = False
        self.messages = MessageArea(layout=widgets.Layout(margin="2px 0"))  # only an error shows here: no room kept
        where = html.escape(f"table {seat.table_id}") if hasattr(seat, "table_id") else "this table"
        link = (f' <a href="{html.escape(back)}" target="_self">Back to the class\'s tables</a>.'
                if back is not None else "")
        self.title = widgets.HTML(
            f'<h3 style="margin:4px 0">Watching {where}: {html.escape(game_mode(seat.mode).label)}</h3>'
            "<div class='isle-watch-intro'>You are watching: you play no seat, and you see only what every player "
            f"may see. The page follows the game as the moves arrive.{link}</div>")
        self.status = widgets.HTML()
        self.status.add_class("isle-watch-status")
        self.presence = widgets.HTML()
        """Who is at the table: each player's page open or closed, computer players, a bot playing for someone."""
        self.result = widgets.HTML()
        self.picture = widgets.HTML()
        self.log_view = widgets.HTML()
        style = STYLE if back is None else STYLE.replace("</style>", f"{PAGE_STYLE}</style>")
        self.connection = ConnectionNote(seat)
        """Says when the page has lost the hub, and when it is connected again."""
        self.children = (widgets.HTML(style), self.title, self.connection, self.status, self.presence, self.messages,
                         self.result, self.log_view, self.picture)
        self.add_class("isle-watch")
        self._on_version = self.messages.guard(lambda _change: self.refresh())
        self.refresh()
        seat.observe(self._on_version, names=WATCHED)
        self._watching = True

    def refresh(self) -> None:
        """Show the table as the seat has it now."""
        seat = self.seat
        view = seat.view
        self.status.value = f"<b>{html.escape(self.status_text())}</b>"
        row = self._table()
        self.presence.value = "" if row is None else presence_html(
            row.players, [name for name, kind in zip(row.players, row.kinds, strict=True) if kind == "bot"], None,
            getattr(seat, "present", ()), getattr(seat, "away", ()))
        result = seat.result() if seat.over else None
        self.result.value = "" if result is None else result_html(result)
        self.picture.value = public_picture(view)
        self.log_view.value = log_lines_html(view.log, bots=bot_lines(seat))

    def _waits(self) -> bool:
        """Whether the table waits for its players; while it does, the page looks again every :data:`LOOK_EVERY`
        seconds in a running kernel (a seat taken without a new deal sends the watcher nothing)."""
        seat = self.seat
        row = self._table()
        if getattr(seat, "seq", 0) or seat.over or row is None or not row.open:
            return False
        if not self._looking:
            self._looking = later(LOOK_EVERY, self.messages.guard(self._look_again))
        return True

    def _table(self) -> Any:
        """The table's lobby line (``None`` without ``summary`` or once the table is gone)."""
        row = self._row
        if self.summary is not None and (row is None or row.open):
            self._row = row = self.summary()
        return row

    def _look_again(self) -> None:
        self._looking = False
        if self.comm is not None:
            self.refresh()

    def status_text(self) -> str:
        """Where the game stands, in a sentence: the move, whom it waits for, who a bot plays for."""
        seat = self.seat
        moves = getattr(seat, "seq", None)
        said = f"Move {moves}: " if moves is not None else ""
        if seat.over:
            return f"{said}the game is over."
        if self._waits():
            return (f"{said}the table waits for its players: nobody moves until every seat is taken, then the game "
                    "is dealt with their names.")
        waiting = list(seat.awaiting)
        said += f"waiting for {' and '.join(waiting)}." if waiting else "the game goes on."
        away = list(getattr(seat, "away", ()))
        if away and self.summary is None:  # else the line of who is at the table says it
            said += f" A bot is playing for {' and '.join(away)} while they are away."
        return said

    def close(self) -> None:
        """Stop following the table (the watcher's connection closes) and close every widget of the page; closing
        a page whose construction failed, or closing it again, is quiet."""
        if getattr(self, "_watching", False):
            self._watching = False
            self.seat.unobserve(self._on_version, names=WATCHED)
            self.seat.close()
        if getattr(self, "comm", None) is not None:
            super().close()


def watch_in_address(query: str) -> tuple[str, str] | None:
    """The class's hub (the ``ISLE_NB_HUB`` environment variable only) and the table a page asks to watch
    (``?watch=<table id>``), else ``None``. The address never names the hub: a page cannot send a kernel
    elsewhere."""
    hub = os.environ.get(HUB_ENV)
    found = parse_qs(query or "").get("watch")
    return (hub, found[0]) if hub and found and found[0] else None


def watch_app(url: str, table_id: str) -> widgets.Widget:
    """The watcher's page of table ``table_id`` on the hub at ``url``, with a link back to the class's lobby; a
    sentence instead when there is no such table."""
    from isle_nb import remote

    try:
        seat = remote.watch(url, table_id)
    except remote.NotASeat:
        return widgets.HTML(f"<p>There is no table {html.escape(table_id)} at this class: it may have ended. "
                            f'<a href="{html.escape(class_address(lobby=""))}" target="_self">See the class\'s '
                            "tables</a>.</p>")
    try:
        return WatchApp(seat, back=class_address(lobby=""), summary=lambda: table_summary(url, table_id))
    except BaseException:
        seat.close()
        raise


__all__ = ["WatchApp", "log_lines_html", "result_html", "watch_app", "watch_in_address"]
