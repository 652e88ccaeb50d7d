"""A line that says when a page at a shared table has lost its hub and when it is connected again (issue #30 §6).

A seat's page or a watcher's page connects again by itself when the hub goes away (a class's hub that stopped is
started again by the class command); meanwhile its moves cannot reach the table. :class:`ConnectionNote` follows a
:class:`~isle_nb.connection.HubConnection`'s ``connected`` and says so at the top of the page, above the game: that
the connection is lost for now and comes back by itself, then that it is back, until the next move at the table (the
other pages connecting again change who is at the table, which must not hide it). The first connection says
nothing. It decides nothing: it only reads the connection's traits.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from isle_nb.widgets.messages import STYLES, icon_svg

LOST = ("The connection to the table's hub is lost for now (it may be restarting): this page connects again by "
        "itself, and a move waits until it has.")
AGAIN = "This page is connected to the table's hub again: the table is shown as the hub has it now."


def note_html(state: str) -> str:
    """What the line says in ``state``: ``"lost"``, ``"again"`` or ``""`` (nothing)."""
    if not state:
        return ""
    kind, words = ("warning", LOST) if state == "lost" else ("ok", AGAIN)
    background, colour = STYLES[kind]
    return (f'<div class="isle-connection isle-connection-{state}" role="status" style="font-size:13px;'
            f"line-height:1.4;padding:4px 8px;margin:2px 0;border-radius:4px;background:{background};color:{colour};"
            f'white-space:normal">{icon_svg(kind)} {html.escape(words)}</div>')


class ConnectionNote(widgets.HTML):
    """The line of a page's connection to its hub (see the module's text); ``seat`` is the page's seat or watcher
    (its ``connected`` trait, and ``seq``: the table's move number)."""

    def __init__(self, seat: Any) -> None:
        super().__init__()
        self.seat = seat
        self.said = ""
        """``""`` (connected, nothing to say), ``"lost"`` or ``"again"``."""
        self._seen = bool(getattr(seat, "connected", False))
        """Whether the page has been connected at all (a first connection says nothing)."""
        self._again_at = 0
        """The table's move number when the page connected again: the next move clears the line."""
        seat.observe(self._connected, names=["connected"])
        seat.observe(self._moved, names=["seq"])

    def _connected(self, change: Any) -> None:
        if change["new"]:
            if self.said == "lost":
                self._again_at = self.seat.seq
                self._say("again")
            self._seen = True
        elif self._seen:
            self._say("lost")

    def _moved(self, _change: Any) -> None:
        if self.said == "again" and self.seat.seq != self._again_at:
            self._say("")

    def _say(self, said: str) -> None:
        self.said = said
        self.value = note_html(said)

    def close(self) -> None:
        """Stop following the seat, and close; closing again does nothing."""
        if getattr(self, "comm", None) is None:
            return
        self.seat.unobserve(self._connected, names=["connected"])
        self.seat.unobserve(self._moved, names=["seq"])
        super().close()


__all__ = ["AGAIN", "LOST", "ConnectionNote", "note_html"]
