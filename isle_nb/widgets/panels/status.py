"""Panels when the player shown has nothing to decide: waiting for others, and the end of the game."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.model.core.result import GameResult
from isle_nb.model.isle.constants import SISTER
from isle_nb.model.isle.flow import phase_name
from isle_nb.model.isle.results import SISTER_LABEL
from isle_nb.model.isle.view_facts import describe_pending
from isle_nb.widgets.panels.base import Context, Panel, heading, note
from isle_nb.widgets.panels.explore import drafted_line


def waiting_text(ctx: Context, bots: frozenset[str]) -> str:
    """Who the game waits for, and for what."""
    view = ctx.view

    def who(name: str) -> str:
        return f"<b>{html.escape(name)}</b>" + (" (bot)" if name in bots else "")
    if view.pending:
        top = view.pending[-1]
        return f"Waiting for {who(top.player)}: {describe_pending(view)}."
    waiting = [n for n in view.awaiting if n != ctx.viewer]
    if not waiting:
        return "Waiting..."
    doing = {
        ("explore", "draft"): "to pick their cards",
        ("explore", "buy"): "to buy their cards",
        ("lessons", "colours"): "to choose a lesson colour",
        ("rescue", "choose"): "to choose their rescue cards",
        ("rescue", "turns"): "to rescue a cat or pass",
        ("rare_finds", "turns"): "to play a rare find or pass",
        ("setup", "keep_lessons"): "to keep their family lessons",
        ("family", "turns"): "to take a cat or pass",
    }.get((view.phase, view.step), "")
    return f"Waiting for {', '.join(who(n) for n in waiting)} {doing}."


class WaitingPanel(Panel):
    """Nothing to decide now: what the game waits for, and what you already chose."""

    kind = "waiting"

    def __init__(self, ctx: Context, bots: frozenset[str] = frozenset(), **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        me = ctx.me
        mine = ""
        phase, step = ctx.view.phase, ctx.view.step
        if phase == "explore" and me.pick is not None:
            mine = f"You keep {drafted_line(me.pick)}. Drafted so far: {drafted_line(me.drafted)}."
        elif phase == "explore" and step == "draft":
            mine = f"Drafted so far: {drafted_line(me.drafted)}."
        elif phase == "setup" and me.family_lessons:
            mine = f"You keep {', '.join(f'#{c}' for c in me.family_lessons)}; they stay hidden until the end."
        elif phase == "rescue" and step == "choose" and me.rescue_cards is not None:
            chosen = ", ".join(f"#{c}" for c in me.rescue_cards) or "no cards"
            mine = f"You play {chosen}; they are revealed when everyone has chosen."
        self.children = [
            heading(phase_name(phase)),
            note(waiting_text(ctx, bots)),
            note(mine, "muted"),
        ]


def player_label(name: str) -> str:
    """How the end screen names a player (the solo game's sister as "The sister")."""
    return SISTER_LABEL if name == SISTER else name


def side_by_side_html(result: GameResult) -> str:
    """Every player's score by category, players side by side (categories as rows), winners marked."""
    head = "".join(
        f'<th style="text-align:right">{html.escape(player_label(name))}'
        f'{" (winner)" if name in result.winners else ""}</th>' for name in result.players)
    body = []
    for index, row in enumerate(result.columns):
        bold = row == "total"
        cells = "".join(f'<td style="text-align:right">{"<b>" if bold else ""}{values[index]}{"</b>" if bold else ""}'
                        f"</td>" for values in result.values)
        body.append(f"<tr><td>{html.escape(row)}</td>{cells}</tr>")
    return (f'<table class="isle-breakdown isle-final-table"><thead><tr><th></th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def score_plot_png(result: GameResult) -> bytes:
    """The final scores as a bar chart (points per category, one bar per player), as PNG bytes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    categories = result.categories
    players = [player_label(n) for n in result.players]
    figure = Figure(figsize=(5.2, 0.35 * len(categories) * max(1, len(players)) ** 0.5 + 0.8), dpi=90)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    height = 0.8 / max(1, len(players))
    for index, name in enumerate(players):
        values = [result.values[index][result.columns.index(c)] for c in categories]
        axes.barh([i + index * height for i in range(len(categories))], values, height=height, label=name)
    axes.set_yticks([i + height * (len(players) - 1) / 2 for i in range(len(categories))], categories)
    axes.invert_yaxis()
    axes.axvline(0, color="#555", linewidth=0.8)
    axes.set_xlabel("points")
    axes.legend(fontsize=8, loc="lower right")
    figure.tight_layout()
    out = io.BytesIO()
    figure.savefig(out, format="png")
    return out.getvalue()


class EndScreen(widgets.VBox):
    """The end of any game: the winner, every player's score by category side by side, a chart, the tie-break when
    it was used, and Rematch / New game; ``extra`` (HTML) goes beside the table (Explore & Draw's points by lesson).
    ``player`` is whose screen it is (the solo game says "You beat the sister")."""

    def __init__(self, result: GameResult, player: str, messages: Any, on_rematch: Callable[[], None] | None = None,
                 on_new_game: Callable[[], None] | None = None, extra: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        won = [player_label(n) for n in result.winners]
        top = max(result.total(n) for n in result.winners)
        if SISTER in result.players:
            beats = "You beat" if player == "You" else f"{player} beats"
            title = f"{'The sister wins' if SISTER_LABEL in won else beats + ' the sister'} with {top} points!"
        else:
            verb = "win" if len(won) > 1 or won == ["You"] else "wins"
            title = f"{' and '.join(won)} {verb} with {top} points!"
        self.winners = won
        png = base64.b64encode(score_plot_png(result)).decode()
        self.rematch_button = widgets.Button(description="Rematch", button_style="success",
                                             tooltip="The same players and game again, with a new deal",
                                             layout=widgets.Layout(width="120px"))
        self.rematch_button.add_class("isle-rematch")
        self.new_game_button = widgets.Button(description="New game", button_style="primary",
                                              tooltip="Choose the game, players and bots",
                                              layout=widgets.Layout(width="120px"))
        self.new_game_button.add_class("isle-new-game")
        if on_rematch is not None:
            self.rematch_button.on_click(messages.guard(lambda _b: on_rematch()))
        if on_new_game is not None:
            self.new_game_button.on_click(messages.guard(lambda _b: on_new_game()))
        self.children = [
            widgets.HTML(f'<div class="isle-winner" style="font-size:20px;font-weight:bold;color:#1e6b34;'
                         f'margin:2px 0 6px 0">Game over: {html.escape(title)}</div>'),
            widgets.HBox([self.rematch_button, self.new_game_button], layout=widgets.Layout(margin="0 0 6px 0")),
            *([note(html.escape(result.tie_break))] if result.tied else []),  # the tie-break only after a tie
            widgets.HBox([
                note(side_by_side_html(result)),
                *([note(extra)] if extra else []),
                widgets.HTML(f'<img class="isle-score-plot" alt="final scores by category" '
                             f'src="data:image/png;base64,{png}" style="max-width:100%">'),
            ], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="12px")),
        ]


class GameOverPanel(Panel):
    """The end screen (:class:`EndScreen`) in the standard game's app (ties: fish SCORE-8, the sister SOLO-12,
    filled rooms FAMILY-5)."""

    kind = "over"

    def __init__(self, ctx: Context, on_rematch: Callable[[], None] | None = None,
                 on_new_game: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        end = EndScreen(ctx.result, ctx.me.name, ctx.messages, on_rematch, on_new_game)
        self.winners = end.winners
        self.rematch_button = end.rematch_button
        self.new_game_button = end.new_game_button
        self.children = [*end.children, note("The Scores tab explains every point of your boat.", "muted")]
        end.children = []
        end.close()


__all__ = ["EndScreen", "GameOverPanel", "WaitingPanel", "player_label", "score_plot_png", "side_by_side_html",
           "waiting_text"]
