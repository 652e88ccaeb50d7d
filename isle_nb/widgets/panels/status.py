"""Panels when the player shown has nothing to decide: waiting for others, and the end of the game."""

from __future__ import annotations

import html
from typing import Any

import pandas as pd

from isle_nb.model.state import PHASE_NAMES, SISTER
from isle_nb.widgets.panels.base import Context, Panel, heading, note
from isle_nb.widgets.panels.explore import drafted_line

SISTER_LABEL = "The sister"


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
        ("setup", "keep_lessons"): "to keep their family lessons",
        ("family", "turns"): "to take a cat or pass",
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
        elif ctx.game.phase == "setup" and me.family_lessons:
            mine = f"You keep {', '.join(f'#{c}' for c in me.family_lessons)}; they stay hidden until the end."
        elif ctx.game.phase == "rescue" and ctx.game.step == "choose" and me.rescue_cards is not None:
            chosen = ", ".join(f"#{c}" for c in me.rescue_cards) or "no cards"
            mine = f"You play {chosen}; they are revealed when everyone has chosen."
        self.children = [
            heading(PHASE_NAMES.get(ctx.game.phase, ctx.game.phase)),
            note(waiting_text(ctx, bots)),
            note(mine, "muted"),
        ]


TIE_BREAKS = {
    "standard": "Ties are broken by the fish left (SCORE-8).",
    "solo": "The sister wins ties: you have to score strictly more (SOLO-12).",
    "family": "Ties are broken by the most filled rooms, else shared (FAMILY-5).",
}


def result_table(result: pd.DataFrame, mode: str) -> pd.DataFrame:
    """The result table as shown: readable column names; outside the standard game without the categories that
    are zero for everyone (no fish and no cards in the family game, the player has no colours in the solo game)."""
    if mode == "solo":
        result = result.drop(columns=["tiebreak"])  # the sister wins ties (SOLO-12)
    else:
        result = result.rename(columns={"tiebreak": "filled rooms" if mode == "family" else "fish left"})
    if mode != "standard":
        keep = {"player", "rats", "rooms", "families", "total", "winner", "filled rooms"}
        result = result.loc[:, [c for c in result.columns if c in keep or result[c].astype(bool).any()]]
    return result.rename(columns=lambda c: c.replace("_", " "))


class GameOverPanel(Panel):
    """The final scores and the winner (ties: fish SCORE-8, the sister SOLO-12, filled rooms FAMILY-5)."""

    kind = "over"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        result = ctx.game.result()
        mode = ctx.game.state.mode
        won = [SISTER_LABEL if n == SISTER else n for n in result.loc[result["winner"], "player"]]
        top = int(result.loc[result["winner"], "total"].max())
        if mode == "solo":
            (player,) = ctx.game.state.names
            beats = "You beat" if player == "You" else f"{html.escape(player)} beats"
            title = f"{'The sister wins' if SISTER_LABEL in won else beats + ' the sister'} with {top} points!"
        else:
            title = f"{' and '.join(won)} win{'s' if len(won) == 1 else ''} with {top} points!"
        table = result_table(result, mode).to_html(index=False, border=0)
        self.children = [
            heading(f"Game over: {title}"),
            note(f"{TIE_BREAKS.get(mode, TIE_BREAKS['standard'])} The Scores tab explains every point.", "muted"),
            note(f'<div class="isle-result">{table}</div>'),
        ]


__all__ = ["TIE_BREAKS", "GameOverPanel", "WaitingPanel", "result_table", "waiting_text"]
