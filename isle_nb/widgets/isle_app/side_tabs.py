"""The tabs under the play area: the hand (the family lessons in a game without cards), the scores, the log and the
other boats. A tab's panel is built when the tab shows and rebuilt only when its key changes."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.model.isle.player_view import PlayerView
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels import BoatsView, Context, FamilyHandPanel, GameLog, HandPanel, Panel, ScoreSheet
from isle_nb.widgets.slots import Slot

TABS: tuple[tuple[str, type[Panel]], ...] = (
    ("Your hand", HandPanel),
    ("Scores", ScoreSheet),
    ("Log", GameLog),
    ("Other boats", BoatsView),
)


def tabs_for(view: PlayerView) -> tuple[tuple[str, type[Panel]], ...]:
    """The tabs a game's view needs: the hand (the family lessons in a game without cards), the scores, the log,
    and the other boats when there are other players (the solo game's sister has none: her panel is under the
    boat)."""
    hand = TABS[0] if view.has_cards else ("Your lessons", FamilyHandPanel)
    return (hand, *TABS[1:3], *(TABS[3:] if view.others else ()))


class SideTabs:
    """The ``tabs`` widget and what each tab shows. ``context()`` is the context of the player shown (``None``
    while nothing may be shown: behind the cover); ``people_share()`` says whether several people share the device
    in a game not over, so the family lessons wait for their owner's click."""

    def __init__(self, messages: MessageArea, context: Callable[[], Context | None],
                 people_share: Callable[[], bool]) -> None:
        self.messages = messages
        self.context = context
        self.people_share = people_share
        self.tabs = widgets.Tab()
        self.tabs.observe(messages.guard(self._on_tab), names=["selected_index"])
        self.specs: tuple[tuple[str, type[Panel]], ...] = ()
        self._slots: list[Slot] = []
        self._lessons_shown: str | None = None
        self._viewer: str | None = None

    def start(self, view: PlayerView) -> None:
        """A new game: its tabs, the first selected."""
        self.specs = tabs_for(view)
        self._lessons_shown = None
        self.tabs.selected_index = None
        replace_children(self.tabs, [widgets.VBox() for _ in self.specs])
        self._slots = [Slot() for _ in self.specs]
        self.tabs.titles = [t for t, _ in self.specs]
        self.tabs.selected_index = 0

    def show(self, ctx: Context) -> None:
        """The titles (the other boats' says when one changed since the viewer's last move: it is the last tab, so
        its longer title moves no other) and the selected tab."""
        titles = tuple(f"{title} (new)" if cls is BoatsView and ctx.changes.boats else title
                       for title, cls in self.specs)
        if tuple(self.tabs.titles) != titles:
            self.tabs.titles = titles
        self.show_tab(ctx, self.tabs.selected_index or 0)

    def show_tab(self, ctx: Context, index: int) -> None:
        """Show tab ``index`` as ``ctx``'s player sees it (rebuilt only if its key changed)."""
        self._viewer = ctx.viewer
        cls = self.specs[index][1]
        key = cls.key(ctx)
        if key is not None:
            key = (*key, self._lessons_shown == ctx.viewer)
        if not self._slots[index].changed(key):
            return
        box = self.tabs.children[index]
        if cls is FamilyHandPanel and self.hides_lessons(ctx.viewer):
            replace_children(box, (self._lessons_button(ctx.viewer),))
            return
        replace_children(box, (cls(ctx),))

    def hides_lessons(self, viewer: str | None) -> bool:
        """Family game with several people at one device: the lessons tab waits for its owner's click."""
        return self.people_share() and self._lessons_shown != viewer

    def _lessons_button(self, viewer: str) -> widgets.Widget:
        button = widgets.Button(description=f"Show {viewer}'s lessons", layout=widgets.Layout(width="auto"))
        button.add_class("isle-show-lessons")
        button.on_click(self.messages.guard(lambda _b: self.show_lessons(viewer)))
        return widgets.VBox([widgets.HTML(f"<div style='color:#555'>Family lessons are secret: only "
                                          f"{html.escape(str(viewer))} should look.</div>"), button])

    def show_lessons(self, viewer: str | None) -> None:
        """Family game, hot seat: show ``viewer``'s secret family lessons in their tab."""
        self._lessons_shown = viewer
        for slot in self._slots:
            slot.forget()
        ctx = self.context()
        if ctx is not None:
            self.show_tab(ctx, self.tabs.selected_index or 0)

    def panel(self, title: str) -> Panel:
        """The panel of a tab (built now if it is not shown yet)."""
        for index, (name, _cls) in enumerate(self.specs):
            if name == title:
                ctx = self.context()
                assert ctx is not None
                self.show_tab(ctx, index)
                return self.tabs.children[index].children[0]
        raise KeyError(title)

    def _on_tab(self, change: dict[str, Any]) -> None:
        ctx = self.context() if change["new"] is not None else None
        if ctx is not None:
            self.show_tab(ctx, change["new"])


__all__ = ["TABS", "SideTabs", "tabs_for"]
