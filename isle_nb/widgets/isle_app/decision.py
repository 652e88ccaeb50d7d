"""What the player must decide now: beside the boat, the decision panel and the anytime cards they may play now
share one box of the phase's height; above the boat, full width, the Games dialog when open, else the end screen."""

from __future__ import annotations

from collections.abc import Callable, Collection

import ipywidgets as widgets

from isle_nb.model.isle.actions import PlayAnytime
from isle_nb.model.isle.player_view import PlayerView
from isle_nb.model.isle.view_facts import step_row
from isle_nb.widgets.closing import close_tree, replace_children
from isle_nb.widgets.isle_app.island_area import ISLAND_PHASES
from isle_nb.widgets.panels import Context, GameOverPanel, Panel, WaitingPanel, panel_for
from isle_nb.widgets.panels.hand import AnytimeNow
from isle_nb.widgets.slots import Slot
from isle_nb.widgets.style import PANEL_HEIGHT, TALL_PANEL_HEIGHT
from isle_nb.widgets.words import rule_tag

TURN_PANELS = {"rescue_turn", "family_turn"}
"""The steps whose decisions are clicks on the island and the boat (a turn each: take a cat, place it), by their
panel's name; the rare finds' choices are in the panel (a card, then its tiles, in pictures), which keeps the room."""


def panel_height(phase: str) -> str:
    """The decision panel's height in a phase: it changes only when the phase does, so nothing moves under the mouse
    while a phase's clicks go on (the boat beside the panel never moves; the island under it only at a new phase)."""
    return PANEL_HEIGHT if phase in ISLAND_PHASES else TALL_PANEL_HEIGHT


def lessons_played_for_you(ctx: Context) -> str | None:
    """Today's read-lessons phase played the viewer's private lessons by itself (LESSON-1): say so (HTML) in the
    prompt of the decisions that follow it, not only in the log; ``None`` when there is nothing to say."""
    view = ctx.view
    if (view.phase, view.step) not in (("lessons", "colours"), ("rescue", "choose")):
        return None
    for entry in reversed(view.log):
        if entry.day != view.day or entry.phase not in ("lessons", "rescue"):
            break
        if entry.player == ctx.viewer and entry.phase == "lessons" and "private lesson" in entry.text \
                and not entry.private:
            count = int(entry.text.split()[1]) if entry.text.split()[1].isdigit() else 0
            what = "your private lesson was" if count == 1 else f"your {count} private lessons were"
            return (f"Read lessons: {what} played face down for you "
                    f"(private lessons are always played){' ' + rule_tag('LESSON-1')}.")
    return None


def lessons_note(text: str) -> widgets.HTML:
    """The note of :func:`lessons_played_for_you` above the decision."""
    return widgets.HTML(f'<div class="isle-lessons-played" style="font-size:12.5px;color:#3b5b2a;'
                        f'background:#eef6e8;border-radius:6px;padding:2px 8px;margin:2px 0 4px 0">'
                        f"{text}</div>")


class DecisionArea:
    """The decision box (``decision``: ``panel_box`` over ``anytime_box``) and the full-width ``top_box``."""

    def __init__(self, on_rematch: Callable[[], None], on_new_game: Callable[[], None]) -> None:
        self.on_rematch, self.on_new_game = on_rematch, on_new_game
        self.panel_box = widgets.VBox(layout=widgets.Layout(border="1px solid #d8c8a8", padding="4px 10px",
                                                            margin="0 0 6px 0", height=PANEL_HEIGHT))
        self.panel_box.add_class("isle-panel-box")
        self.anytime_box = widgets.VBox()  # playable anytime cards, next to the decision
        self.anytime_box.add_class("isle-anytime-box")
        # beside the boat the decision and the playable anytime cards share one box of the phase's height: a card
        # that may be played now takes room from the decision, not from the island under it (see style.py)
        self.decision = widgets.VBox([self.panel_box, self.anytime_box],
                                     layout=widgets.Layout(height=PANEL_HEIGHT, margin="0 0 6px 0"))
        self.decision.add_class("isle-decision")
        self.top_box = widgets.VBox(layout=widgets.Layout(border="1px solid #d8c8a8", padding="4px 10px",
                                                          margin="0 0 6px 0", display="none"))
        self.top_box.add_class("isle-top-box")
        """Full width above the boat: the Games dialog when open, else the end screen once the game is over."""
        self.panel: Panel | None = None
        self._anytime_slot = Slot()
        self.start()

    def start(self) -> None:
        """A new game: nothing of the last game's decisions is kept."""
        self.drop_hidden_panel()
        self.panel = None
        self._panel_slot = Slot()  # what is drawn where: see widgets/slots.py
        self._anytime_when: tuple[str, int, str] | None = None
        self._anytime_shown: dict[int, int] = {}
        """The anytime cards shown so far in this phase, with their numbers of ways of being played."""
        self._step: tuple[str, str] | None = None

    def show(self, ctx: Context, bots: Collection[str]) -> None:
        """The decision of ``ctx``'s player: its box sized for the step, the panel and the playable anytime cards."""
        if self._step != (ctx.view.phase, ctx.view.step):
            self._step = (ctx.view.phase, ctx.view.step)
            self._size(ctx.view)
        self._show_panel(ctx, bots)
        self._show_anytime(ctx, bots)

    def _show_panel(self, ctx: Context, bots: Collection[str]) -> None:
        cls = panel_for(ctx)
        key = cls.key(ctx)
        if not self._panel_slot.changed(None if key is None else (cls, key)):
            return
        played = lessons_played_for_you(ctx)
        panel = self.panel
        if type(panel) is cls and played is None and tuple(self.panel_box.children) == (panel,) \
                and panel.update(ctx):
            return  # the same kind of decision again (the next tile to place): shown in place
        self.drop_hidden_panel()
        if cls is WaitingPanel:
            self.panel = WaitingPanel(ctx, frozenset(bots))
        elif cls is GameOverPanel:
            self.panel = GameOverPanel(ctx, on_rematch=self.on_rematch, on_new_game=self.on_new_game)
        else:
            self.panel = cls(ctx)
        if cls is not GameOverPanel:
            shown = (self.panel,) if played is None else (lessons_note(played), self.panel)
            replace_children(self.panel_box, shown)

    def _show_anytime(self, ctx: Context, bots: Collection[str]) -> None:
        """The anytime cards the viewer may play now, under the decision in its box (none while watching a bot). In
        one phase a card shown once keeps its row while others may be played (see :class:`AnytimeNow`)."""
        when = (ctx.viewer, ctx.view.day, ctx.view.phase)
        if when != self._anytime_when:
            self._anytime_when, self._anytime_shown = when, {}
        key = None if ctx.viewer in bots else AnytimeNow.key(ctx)
        if not self._anytime_slot.changed(("anytime", key, when)):
            return
        earlier = self._anytime_shown
        shown = AnytimeNow(ctx, earlier) if key is not None and (earlier or ctx.of(PlayAnytime)) else None
        if shown is not None and not shown.children:  # nothing of the hand may be played now
            close_tree(shown)
            shown = None
        self._anytime_shown = shown.shown if shown is not None else {}
        replace_children(self.anytime_box, (shown,) if shown is not None else ())

    def drop_hidden_panel(self) -> None:
        """Close the panel about to be replaced if no box shows it (an end screen behind the Games dialog); a shown
        one closes when its box shows something else."""
        panel = getattr(self, "panel", None)
        if panel is not None and not any(panel is c for c in (*self.panel_box.children, *self.top_box.children)):
            close_tree(panel)

    def show_top(self, dialog: widgets.Widget | None, over: bool) -> None:
        """The full-width slot: the Games dialog, else the end screen, else nothing (folded)."""
        shown: tuple[widgets.Widget, ...] = ()
        if dialog is not None:
            shown = (dialog,)
        elif over and isinstance(self.panel, GameOverPanel):
            shown = (self.panel,)
        if tuple(self.top_box.children) != shown:
            replace_children(self.top_box, shown, keep=(self.panel,))  # the end screen shows again after Games
        self.top_box.layout.display = "flex" if shown else "none"
        self.panel_box.layout.display = self.decision.layout.display = "none" if over else "flex"

    def _size(self, view: PlayerView) -> None:
        """The decision panel's height for a new step: beside the boat it changes with the phase only; on a narrow
        screen (the style's container query) the prompt of a turn on the island is short, so the boat under it
        stays in the window, and the other steps' (cards to choose) are tall."""
        self.panel_box.layout.height = self.decision.layout.height = panel_height(view.phase)
        turn = step_row(view).panel in TURN_PANELS
        (self.panel_box.add_class if turn else self.panel_box.remove_class)("isle-turn-step")
        # a step of an island phase whose choices are in the panel (rescue cards, rare finds) shows them all where
        # the window has room: the panel grows to its content (the style's GROWING_CSS), never hiding a choice
        grows = view.phase in ISLAND_PHASES and not turn
        (self.decision.add_class if grows else self.decision.remove_class)("isle-grows")


__all__ = ["TURN_PANELS", "DecisionArea", "lessons_note", "lessons_played_for_you", "panel_height"]
