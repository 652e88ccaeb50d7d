"""The live score sheet: your score explained line by line with a bar chart by category, and how the others
stand (their private lessons stay hidden until the game ends)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from isle_nb.model.core.result import GameResult
from isle_nb.model.isle.constants import SISTER
from isle_nb.model.isle.view_facts import live_score
from isle_nb.model.parts.scoring import CATEGORIES
from isle_nb.widgets.panels.base import Context, Panel, note

if TYPE_CHECKING:
    import pandas as pd
else:
    from isle_nb.model.core.lazy import pandas as pd


def bars_html(values: dict[str, int], unit: str = "") -> str:
    """A horizontal bar chart: green bars right of zero for points, red bars left of zero for penalties."""
    if not values:
        return ""
    biggest = max(1, *(abs(v) for v in values.values()))
    rows = []
    for label, value in values.items():
        width = round(140 * abs(value) / biggest)
        bar = (f'<div style="display:inline-block;height:12px;width:{width}px;'
               f'background:{"#2e7d32" if value >= 0 else "#c62828"}"></div>')
        left = bar if value < 0 else ""
        right = bar if value >= 0 else ""
        rows.append(
            f'<tr><td style="text-align:right;padding:1px 6px;white-space:nowrap">{html.escape(label)}</td>'
            f'<td style="text-align:right;width:140px;padding:0">{left}</td>'
            f'<td style="width:140px;padding:0;border-left:1px solid #999">{right}</td>'
            f'<td style="padding:1px 6px;text-align:right"><b>{value}</b>{unit}</td></tr>'
        )
    return f'<table class="isle-bars" style="border-collapse:collapse;font-size:12px">{"".join(rows)}</table>'


def breakdown_html(frame: pd.DataFrame) -> str:
    """A score breakdown table."""
    frame = frame.assign(category=frame["category"].str.replace("_", " "))
    return frame.to_html(index=False, border=0, classes="isle-breakdown")


def result_rows_html(result: GameResult, player: str) -> str:
    """One player's final points by category, as a table like :func:`breakdown_html`'s."""
    values = result.values[result.players.index(player)]
    rows = [(c, v) for c, v in zip(result.columns, values, strict=True) if c in result.categories]
    return pd.DataFrame(rows, columns=["category", "points"]).to_html(index=False, border=0, classes="isle-breakdown")


class ScoreSheet(Panel):
    """Scores if the game ended now: yours in detail, the others' public categories (all of it at the end); in the
    solo game also the sister's score in full (her colours and lessons are public)."""

    kind = "scores"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        view = ctx.view
        over = view.over
        result = ctx.seat.result() if over else None
        mine = live_score(view, ctx.viewer)
        categories = {c.replace("_", " "): mine.categories[c] for c in CATEGORIES if c in mine.categories}
        categories = {k: v for k, v in categories.items() if v or k in ("rats", "rooms", "families")}
        others = []
        totals: dict[str, int] = {}
        hidden_lessons = False
        for player in (ctx.me, *view.others):
            name = player.name
            if result is not None:  # the end: every lesson is revealed and counted (the model's result)
                totals[name] = result.total(name)
                if name != ctx.viewer:
                    others.append(f"<h4 style='margin:6px 0 2px 0'>{html.escape(name)}: {result.total(name)}</h4>"
                                  + result_rows_html(result, name))
                continue
            hidden_lessons = hidden_lessons or name != ctx.viewer
            totals[name + ("" if name == ctx.viewer else " *")] = live_score(view, name).total
        if view.sister is not None:  # the sister's score is public all game long (SOLO-12)
            sister = live_score(view, SISTER)
            totals[SISTER] = sister.total
            others.append(f"<h4 class='isle-sister-score' style='margin:6px 0 2px 0'>The sister: {sister.total}</h4>"
                          + breakdown_html(sister.breakdown))
        secret_kind = "private lessons" if view.has_cards else "family lessons"
        hidden = f"* without their {secret_kind}, which stay secret until the end." if hidden_lessons else ""
        self.children = [
            note(f"<b>Your final score: {mine.total}</b>" if over
                 else f"<b>Your score if the game ended now: {mine.total}</b>"),
            note(bars_html(categories)),
            note(f'<div style="max-height:260px;overflow:auto">{breakdown_html(mine.breakdown)}</div>'),
            note("<b>Everyone</b>"),
            note(bars_html(totals)),
            note(hidden, "muted"),
            note("".join(others)),
        ]

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Rebuilt when a boat, the lessons, the fish or the sister's colours change."""
        view = ctx.view
        me = ctx.me
        return ("scores", ctx.viewer, view.over, view.public_lessons, me.boat, me.private_lessons,
                me.fish, me.permanent_baskets, me.family_lessons,
                tuple((p.boat, p.private_lessons, p.fish, p.permanent_baskets, p.family_lessons) for p in view.others),
                view.turn_order, None if view.sister is None else view.sister.colours)


__all__ = ["ScoreSheet", "bars_html", "breakdown_html", "result_rows_html"]
