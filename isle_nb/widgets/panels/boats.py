"""Everyone's boat (boats are public), with fish, cards in hand and lessons played."""

from __future__ import annotations

import html
from typing import Any

from isle_nb.draw import to_svg
from isle_nb.view import boat_scene
from isle_nb.widgets.panels.base import Context, Panel, note


class BoatsView(Panel):
    """Small pictures of every other player's boat."""

    kind = "boats"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        parts = []
        for player in ctx.game.state.players:
            if player.name == ctx.viewer:
                continue
            if ctx.game.state.mode == "family":  # no fish, cards or baskets (FAMILY-1)
                kept = len(player.family_lessons)
                facts = (f"{len(player.boat.tiles)} tiles &middot; "
                         + (f"{kept} family lessons (hidden)" if kept else "choosing family lessons"))
            else:
                facts = (f"{player.fish} fish &middot; {len(player.hand)} cards in hand &middot; "
                         f"{len(player.private_lessons)} private lessons &middot; "
                         f"baskets {player.ready_baskets}/{player.permanent_baskets}")
            parts.append(
                f'<div style="margin:0 12px 8px 0"><b>{html.escape(player.name)}</b> &middot; {facts}'
                f"<div>{to_svg(boat_scene(player.boat, size=14))}</div></div>"
            )
        if not parts:
            parts.append('<i style="color:#777">No other boats: you play alone.</i>')
        self.children = [note(f'<div style="display:flex;flex-wrap:wrap">{"".join(parts)}</div>')]

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Rebuilt when another player's boat, fish or cards change."""
        return ("boats", ctx.viewer, tuple((p.boat, p.fish, len(p.hand), len(p.private_lessons), p.ready_baskets,
                                            p.permanent_baskets, len(p.family_lessons))
                                           for p in ctx.game.state.players))


__all__ = ["BoatsView"]
