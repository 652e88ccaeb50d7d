"""The game log, newest first, grouped by day, showing only what the player shown may read."""

from __future__ import annotations

import html
from typing import Any

from isle_nb.model.state import PHASE_NAMES
from isle_nb.widgets.panels.base import Context, Panel, note

MAX_LINES = 300


def log_html(ctx: Context) -> str:
    """The log as HTML (latest first)."""
    frame = ctx.game.log_frame(ctx.viewer).tail(MAX_LINES)
    lines = []
    last: tuple[int, str] | None = None
    for row in reversed(list(frame.itertuples(index=False))):
        where = (int(row.day), str(row.phase))
        if where != last:
            lines.append(f'<div style="margin-top:4px;color:#6b4f2a;font-weight:bold">Day {where[0]}: '
                         f"{html.escape(PHASE_NAMES.get(where[1], where[1]))}</div>")
            last = where
        who = f"<b>{html.escape(str(row.player))}</b> " if isinstance(row.player, str) else ""
        lines.append(f'<div style="padding-left:10px">{who}{html.escape(str(row.text))}</div>')
    return (f'<div class="isle-log" style="max-height:300px;overflow:auto;font-size:12.5px;line-height:1.4">'
            f'{"".join(lines)}</div>')


class GameLog(Panel):
    """A readable log of the game."""

    kind = "log"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        self.children = [note(log_html(ctx))]

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Rebuilt when the log grows."""
        return ("log", ctx.viewer, len(ctx.game.state.log))


__all__ = ["GameLog", "log_html"]
