"""The other players' boats (boats are public), one at a time and large enough to read: the selector picks whose;
the picture is the app's own boat drawing, with its families, unfilled rooms (numbered as on the board and the
score sheet) and fish, cards in hand and lessons."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from isle_nb.draw import to_svg
from isle_nb.model.isle.changes import CHANGED_WORDS
from isle_nb.model.isle.player_view import OtherView, PlayerView
from isle_nb.model.parts import boat_analysis
from isle_nb.model.parts.scoring.score import plural
from isle_nb.view import boat_scene
from isle_nb.widgets.panels.base import Context, Panel, note

BOAT_CELL = 24
"""Cell size of the other boats' pictures (the player's own boat uses 26): families and rooms are readable."""


def boat_facts(player: OtherView, view: PlayerView) -> str:
    """What the table knows about another player, in one line (HTML)."""
    if not view.has_fish:  # no fish, cards or baskets (the family game, FAMILY-1)
        kept = player.family_lessons
        return (f"{plural(len(player.boat.tiles), 'tile')} &middot; "
                + (f"{plural(kept, 'family lesson')} (hidden)" if kept else "choosing family lessons"))
    return (f"{player.fish} fish &middot; {plural(player.hand_size, 'card')} in hand &middot; "
            f"{plural(player.private_lessons, 'private lesson')} &middot; "
            f"baskets {player.baskets_ready}/{player.permanent_baskets}")


def boat_summary(player: OtherView) -> str:
    """The boat's families and unfilled rooms in words (HTML)."""
    boat = player.boat
    families = boat_analysis.scoring_families(boat)
    family_text = ", ".join(f"{html.escape(f.describe())} ({f.points})" for f in families) or "no family of 3 yet"
    unfilled = boat_analysis.unfilled_rooms(boat)
    rooms = f"unfilled rooms {', '.join(str(r) for r in unfilled)}" if unfilled else "every room filled"
    return f"Families: {family_text} &middot; {rooms}"


def changed_legend(count: int) -> str:
    """The line that says what the outlined tiles are (HTML; a line of the same height when none is)."""
    words = f"Outlined: {plural(count, 'tile')} placed since your last move." if count else "&nbsp;"
    return f'<div class="isle-changed-note" style="margin:2px 0">{words}</div>'


class BoatsView(Panel):
    """Every other player's boat, one at a time with a selector, drawn large."""

    kind = "boats"

    def __init__(self, ctx: Context, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        self.others = list(ctx.view.others)
        self.picture = widgets.HTML()
        self.picture.add_class("isle-other-boat")
        if not self.others:
            self.selector = None
            self.children = [note('<i style="color:#777">No other boats: you play alone.</i>')]
            return
        changed = ctx.changes.boats
        first = next((p.name for p in self.others if p.name in changed), self.others[0].name)
        self.selector = widgets.ToggleButtons(  # a dot marks a boat that changed
            options=[p.name for p in self.others], value=first, style={"button_width": "auto"},
            icons=["circle" if p.name in changed else "" for p in self.others],
            tooltips=[f"{p.name}: {CHANGED_WORDS}" if p.name in changed else p.name for p in self.others])
        self.selector.add_class("isle-boats-selector")
        self.selector.observe(ctx.messages.guard(lambda _c: self.show()), names=["value"])
        children: list[widgets.Widget] = [self.picture]
        if len(self.others) > 1:
            children.insert(0, self.selector)
        self.children = children
        self.show()

    def show(self, name: str | None = None) -> None:
        """Show one player's boat (the selected one by default)."""
        if self.selector is None:
            return
        if name is not None:
            self.selector.value = name
            return
        player = next(p for p in self.others if p.name == self.selector.value)
        changed = self.ctx.changes.cells(player.name)
        self.picture.value = (
            f'<div style="font-size:13px;margin:2px 0"><b>{html.escape(player.name)}</b> &middot; '
            f"{boat_facts(player, self.ctx.view)}</div>"
            f'<div style="font-size:13px;color:#444;margin:2px 0">{boat_summary(player)}</div>'
            f"{changed_legend(len(changed))}"
            f"<div>{to_svg(boat_scene(player.boat, size=BOAT_CELL, changed=changed))}</div>"
        )

    @classmethod
    def key(cls, ctx: Context) -> tuple[Any, ...]:
        """Rebuilt when another player's boat, fish or cards change."""
        return ("boats", ctx.viewer, tuple((p.boat, p.fish, p.hand_size, p.private_lessons, p.baskets_ready,
                                            p.permanent_baskets, p.family_lessons, ctx.changes.cells(p.name))
                                           for p in ctx.view.others))


__all__ = ["BoatsView", "boat_facts", "boat_summary", "changed_legend"]
