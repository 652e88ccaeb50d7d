"""Panels when the player shown has nothing to decide: waiting for others, and the end of the game."""

from __future__ import annotations

import html
from typing import Any

from isle_nb.model.state import PHASE_NAMES
from isle_nb.widgets.panels.base import Context, Panel, heading, note
from isle_nb.widgets.panels.explore import drafted_line


def waiting_text(ctx: Context, bots: frozenset[str]) -> str:
    """Who the game waits for, and for what."""
    game = ctx.game
    state = game.state
    def who(name: str) -> str:
        return f"<b>{html.escape(name)}</b>" + (" (bot)" if name in bots else "")
    if state.pending:
        top = state.pending[-1]
        return f"Waiting for {who(top.player)}: {game.describe_pending()}."
    waiting = [n for n in game.awaiting if n != ctx.viewer]
    if not waiting:
        return "Waiting..."
    doing = {
        ("explore", "draft"): "to pick their cards",
        ("explore", "buy"): "to buy their cards",
        ("lessons", "colours"): "to choose a lesson colour",
        ("rescue", "choose"): "to choose their rescue cards",
        ("rescue", "turns"): "to rescue a cat or pass",
        ("rare_finds", "turns"): "to play a rare find or pass",
    }.get((game.phase, game.step), "")
    return f"Waiting for {', '.join(who(n) for n in waiting)} {doing}."


class WaitingPanel(Panel):
    """Nothing to decide now: what the game waits for, and what you already chose."""

    kind = "waiting"

    def __init__(self, ctx: Context, bots: frozenset[str] = frozenset(), **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        me = ctx.me
        mine = ""
        if ctx.game.phase == "explore" and me.pick is not None:
            mine = f"You keep {drafted_line(me.pick)}. Drafted so far: {drafted_line(me.drafted)}."
        elif ctx.game.phase == "explore" and ctx.game.step == "draft":
            mine = f"Drafted so far: {drafted_line(me.drafted)}."
        elif ctx.game.phase == "rescue" and ctx.game.step == "choose" and me.rescue_cards is not None:
            chosen = ", ".join(f"#{c}" for c in me.rescue_cards) or "no cards"
            mine = f"You play {chosen}; they are revealed when everyone has chosen."
        self.children = [
            heading(PHASE_NAMES.get(ctx.game.phase, ctx.game.phase)),
            note(waiting_text(ctx, bots)),
            note(mine, "muted"),
        ]


class GameOverPanel(Panel):
    """The final scores and the winner (SCORE-8 breaks ties on fish)."""

    kind = "over"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        result = ctx.game.result()
        won = list(result.loc[result["winner"], "player"])
        top = int(result["total"].max())
        title = f"{' and '.join(won)} win{'s' if len(won) == 1 else ''} with {top} points!"
        table = result.rename(columns=lambda c: c.replace("_", " ")).to_html(index=False, border=0)
        self.children = [
            heading(f"Game over: {title}"),
            note("Ties are broken by the fish left (SCORE-8). The Scores tab explains every point.", "muted"),
            note(f'<div class="isle-result">{table}</div>'),
        ]


__all__ = ["GameOverPanel", "WaitingPanel", "waiting_text"]
