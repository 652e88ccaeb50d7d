"""The game log grouped by day and phase (newest group first, in time order inside a group), showing only what the
player shown may read."""

from __future__ import annotations

import html
from typing import Any

from isle_nb.model.isle.flow import phase_name
from isle_nb.widgets.panels.base import Context, Panel, note
from isle_nb.widgets.words import bot_lines, latest_lines, line_html, player_text

MAX_LINES = 300


def log_html(ctx: Context) -> str:
    """The log as HTML: the latest day and phase first, the events inside each in the order they happened, every
    line a sentence (placements say where the tile went in rooms, rats and maps) with its rule IDs as tags; a move
    a bot made for a person who kept a shared table waiting says so."""
    view = ctx.view  # the lines this player may read
    boats = {ctx.me.name: ctx.me.boat, **{o.name: o.boat for o in view.others}}
    groups: list[tuple[tuple[int, str], list[str]]] = []
    for entry, stand_in in latest_lines(view.log, MAX_LINES, bot_lines(ctx.seat)):
        where = (entry.day, entry.phase)
        if not groups or groups[-1][0] != where:
            groups.append((where, []))
        words, rules = player_text(entry.text, entry.player, ctx.viewer, boats.get(entry.player or ""), stand_in)
        groups[-1][1].append(f'<div class="isle-log-line" style="padding-left:10px">{line_html(words, rules)}</div>')
    lines = []
    for (day, phase), items in reversed(groups):
        lines.append(f'<div style="margin-top:4px;color:#6b4f2a;font-weight:bold">Day {day}: '
                     f"{html.escape(phase_name(phase))}</div>")
        lines.extend(items)
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
        return ("log", ctx.viewer, len(ctx.view.log))


__all__ = ["GameLog", "log_html"]
