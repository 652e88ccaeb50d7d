"""``GameApp``: the whole game in one widget; :func:`play_app` starts a new game with people and bots.

Layout (fits a laptop screen in JupyterLab): a header with the day, phase and whose move it is, a message line,
the latest events; the player's boat next to the island; the panel for what the player must decide now; tabs
with the hand (anytime cards), the live score sheet, the log and the other boats.

The app shows one player's view at a time: the person who must decide. In hot-seat games a cover ("hand the
device to Bob") hides everything between two people's turns. Bot seats move by themselves (see
:class:`~isle_nb.widgets.seats.BotDriver`). The app never decides a rule: it shows the model's legal actions and
sends the chosen one to :meth:`Game.apply`; every error lands in the message line.

The same app plays the solo game (the sister's panel sits under the boat; she moves inside the model) and the
family game (keep 2 family lessons in secret, then take cats from around the island in turn).
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Literal

import ipywidgets as widgets
from traitlets import Bool, Unicode

from isle_nb.bots import Bot
from isle_nb.model.actions import Action, Place
from isle_nb.model.game import Game, UndoRefused
from isle_nb.model.state import DAYS, PHASE_NAMES, LogEntry, Mode
from isle_nb.widgets.boat import BoatWidget
from isle_nb.widgets.cover import HandOverCover
from isle_nb.widgets.hint import HintBox
from isle_nb.widgets.island import IslandWidget
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels import (
    BoatsView,
    Context,
    FamilyHandPanel,
    GameLog,
    HandPanel,
    Panel,
    ScoreSheet,
    SisterPanel,
    WaitingPanel,
    island_actions_for,
    panel_for,
)
from isle_nb.widgets.seats import BotDriver, parse_players
from isle_nb.widgets.style import style_widget

STEP_WORDS = {
    "draft": "drafting",
    "buy": "buying",
    "colours": "lesson colours",
    "choose": "choosing rescue cards",
    "turns": "taking turns",
    "keep_lessons": "keeping family lessons",
}
TABS: tuple[tuple[str, type[Panel]], ...] = (
    ("Your hand", HandPanel),
    ("Scores", ScoreSheet),
    ("Log", GameLog),
    ("Other boats", BoatsView),
)
MODE_TABS: dict[str, tuple[tuple[str, type[Panel]], ...]] = {
    "standard": TABS,
    "solo": TABS[:3],  # no other boats: the sister has none (her panel is under the boat)
    "family": (("Your lessons", FamilyHandPanel), *TABS[1:]),
}
EVENT_LINES = 4


def status_text(game: Game, viewer: str, bots: Mapping[str, Any], covered: bool = False) -> str:
    """Where the game is and whose move it is, in one line."""
    if game.over:
        return "Game over"
    phase = PHASE_NAMES.get(game.phase, game.phase)
    step = STEP_WORDS.get(game.step, game.step)
    if phase.endswith(")"):  # "Rescue cats (family game)" -> "Rescue cats (family game, taking turns)"
        where = f"Day {game.day} of {DAYS} · {phase[:-1]}, {step})"
    else:
        where = f"Day {game.day} of {DAYS} · {phase} ({step})"
    if covered:
        who = f"{viewer}'s move"
    elif viewer in game.awaiting and viewer not in bots:
        who = "your move" if len(game.awaiting) == 1 else "your move (everyone decides at once)"
    else:
        waiting = [f"{n} (bot, thinking...)" if n in bots else n for n in game.awaiting]
        who = f"waiting for {', '.join(waiting)}" if waiting else "..."
    return f"{where} · {who}"


class GameApp(widgets.VBox):
    """A playable game: boat, island, phase panels, hand, scores and log, for people and bots."""

    viewer = Unicode(None, allow_none=True, help="The player whose view is shown.")
    covered = Bool(False, help="True while the hot-seat cover hides the screen.")

    def __init__(
        self,
        game: Game,
        bots: Mapping[str, Bot] | None = None,
        bot_delay: float = 0.0,
        hot_seat_cover: bool = True,
        viewer: str | None = None,
        cell: int = 26,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.bots = dict(bots or {})
        unknown = set(self.bots) - set(game.state.names)
        if unknown:
            raise ValueError(f"bots for unknown players {sorted(unknown)}; players are {list(game.state.names)}")
        self.humans = [n for n in game.state.names if n not in self.bots]
        self.hot_seat_cover = hot_seat_cover
        self.messages = MessageArea()
        guard = self.messages.guard
        self.driver = BotDriver(game, self.bots, bot_delay, on_error=self._bot_error)
        self._suspended = 0
        self._panel: Panel | None = None
        self._panel_key: tuple[Any, ...] | None = None
        self._placing_key: tuple[Any, ...] | None = None
        self._tab_keys: dict[int, tuple[Any, ...] | None] = {}

        self.status = widgets.HTML()
        self.status.add_class("isle-status")
        self.player_info = widgets.HTML()
        self.player_info.add_class("isle-player-info")
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="Take back your last move",
                                          layout=widgets.Layout(width="90px"))
        self.undo_button.add_class("isle-undo")
        self.undo_button.on_click(guard(lambda _b: self.undo()))
        self.hints = HintBox(self)
        self.header = widgets.HBox(
            [widgets.VBox([self.status, self.player_info], layout=widgets.Layout(flex="1 1 auto")),
             self.hints.button, self.undo_button],
            layout=widgets.Layout(align_items="center", border_bottom="2px solid #6b4f2a", padding="0 0 4px 0"),
        )
        self.events = widgets.HTML()
        self.events.add_class("isle-events")
        first = viewer or (self.humans[0] if self.humans else game.state.names[0])
        self.boat = BoatWidget(game.player(first).boat, cell=cell, messages=self.messages)
        self.island = IslandWidget(self.messages)
        self.side = widgets.VBox([self.events, self.island],
                                 layout=widgets.Layout(flex="1 1 330px", min_width="330px", max_width="560px"))
        self.mode = game.state.mode
        self.tab_specs = MODE_TABS.get(self.mode, TABS)
        self.sister_box: widgets.VBox | None = None
        self._sister_key: tuple[Any, ...] | None = None
        left: widgets.Widget = self.boat
        if game.sister is not None:  # the solo game: the sister, under the boat, all game long
            self.sister_box = widgets.VBox(layout=widgets.Layout(width=self.boat.layout.width))
            self.sister_box.add_class("isle-sister-box")
            left = widgets.VBox([self.boat, self.sister_box])
        self.play_area = widgets.Box(
            [left, self.side],
            layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-start"),
        )
        self.play_area.add_class("isle-play-area")
        self.panel_box = widgets.VBox(layout=widgets.Layout(border="1px solid #d8c8a8", padding="4px 10px",
                                                            margin="6px 0", min_height="150px"))
        self.panel_box.add_class("isle-panel-box")
        self.tabs = widgets.Tab(children=[widgets.VBox() for _ in self.tab_specs],
                                titles=[t for t, _ in self.tab_specs])
        self.tabs.observe(guard(self._on_tab), names=["selected_index"])
        self.cover = HandOverCover(self.messages, self.reveal)
        style = style_widget()
        self._playing_children = (style, self.header, self.messages, self.hints, self.panel_box, self.play_area,
                                  self.tabs)
        self._covered_children = (style, self.header, self.messages, self.cover)
        self.layout = widgets.Layout(max_width="1200px")
        self.add_class("isle-app")

        self.viewer = first
        game.observe(guard(self._on_state), names=["state"])
        game.on_observer_error(self.messages.error)  # another observer's bug shows here; the move stands
        self.refresh()
        self.driver.kick(self._quiet)

    # -- playing ----------------------------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """Send an action to the model (an :class:`IllegalAction` is shown by the calling handler's guard)."""
        self.messages.clear()
        self.game.apply(action)

    def undo(self) -> None:
        """Take back moves up to and including the last move of a person (bot moves after it are undone too)."""
        if not self.game.actions:
            raise UndoRefused("there is nothing to undo")
        self.driver.cancel()
        self.driver.paused = True
        taken: Action | None = None
        try:
            with self._quiet():
                while self.game.actions:
                    last = self.game.actions[-1]
                    self.game.undo()
                    taken = last
                    if last.player not in self.bots:
                        break
        finally:
            self.driver.paused = False
            if taken is not None:
                self.messages.show(f"Took back: {taken}", "info")
            self.driver.kick(self._quiet)

    def reveal(self) -> None:
        """The next player is at the device: lift the hot-seat cover."""
        self.covered = False
        self.refresh()

    def _bot_error(self, error: BaseException) -> None:
        self.messages.error(error)

    # -- showing ----------------------------------------------------------------------------------------------
    @contextmanager
    def _quiet(self) -> Iterator[None]:
        """Refresh once at the end instead of after every change (a burst of bot moves, an undo)."""
        self._suspended += 1
        try:
            yield
        finally:
            self._suspended -= 1
            if not self._suspended:
                self.refresh()

    def _on_state(self, change: dict[str, Any]) -> None:
        if self._suspended:
            return
        self.refresh()
        self.driver.kick(self._quiet)

    def _pick_viewer(self) -> str:
        game = self.game
        current = self.viewer
        if not self.humans:
            return current or game.state.names[0]
        state = game.state
        if state.pending and state.pending[-1].player in self.humans:
            return state.pending[-1].player
        deciding = [n for n in game.awaiting if n in self.humans]
        if current in deciding or (not deciding and current in self.humans):
            return current  # type: ignore[return-value]
        return deciding[0] if deciding else self.humans[0]

    def context(self) -> Context:
        """What the panels are built from, for the player shown."""
        assert self.viewer is not None
        legal = [] if self.viewer in self.bots else self.game.legal_actions(self.viewer)  # watching a bot
        return Context(self.game, self.viewer, legal, self.act, self.messages, boat=self.boat)

    def refresh(self) -> None:
        """Show the game as it is now (called after every change of the model)."""
        self.hints.forget_if_stale()
        new = self._pick_viewer()
        if new != self.viewer:
            previous = self.viewer
            self.viewer = new
            if self.hot_seat_cover and previous in self.humans and new in self.humans:
                self.covered = True
                self.cover.show_for(new, previous, "lessons" if self.mode == "family" else "hand")
        if not self.covered:  # the new tiles go out first, before anything else is computed or sent
            self.boat.boat = self.game.state.player(self.viewer).boat
        ctx = self.context()
        if not self.covered:
            self._show_boat(ctx)
        self._show_header(ctx)
        children = self._covered_children if self.covered else self._playing_children
        if tuple(self.children) != children:
            self.children = children
        if self.covered:
            return
        self.island.show(self.game, island_actions_for(ctx))
        self._show_sister(ctx)
        self._show_panel(ctx)
        self._show_tab(ctx, self.tabs.selected_index or 0)

    def _show_header(self, ctx: Context) -> None:
        game, viewer = self.game, ctx.viewer
        me = game.player(viewer)
        role = " (watching)" if viewer in self.bots else ""
        self.status.value = (f'<div class="isle-status-text" style="font-size:16px;font-weight:bold;color:#3b2a14">'
                             f"{html.escape(status_text(game, viewer, self.bots, self.covered))}</div>")
        if self.covered:
            self.player_info.value = ""
        else:
            state = game.state.player(viewer)
            tiles = f"{len(state.boat.tiles)} tiles on your boat"
            if self.mode == "family":  # no fish, cards or baskets (FAMILY-1)
                kept = len(state.family_lessons)
                facts = [f"family game, {len(game.state.players)} players", tiles,
                         f"{kept} family lessons kept" if kept else "family lessons not chosen yet"]
            else:
                facts = [f"<b>{me.fish}</b> fish", f"baskets ready {me.baskets_ready}/{me.permanent_baskets}",
                         f"{len(me.hand)} card{'s' if len(me.hand) != 1 else ''} in hand", tiles]
                if game.sister is not None:
                    facts.insert(0, f"solo game against the sister ({html.escape(game.sister.difficulty)})")
            self.player_info.value = (
                f'<div style="font-size:13px">You are <b>{html.escape(viewer)}</b>{role} &middot; '
                f'{" &middot; ".join(facts)}</div>'
            )
        self.undo_button.disabled = not (game.can_undo and game.actions) or self.covered
        self.hints.update_button()
        items = []
        for entry in self._visible_log(viewer, EVENT_LINES):
            who = f"<b>{html.escape(entry.player)}</b> " if entry.player else ""
            items.append(f"<div>{who}{html.escape(entry.text)}</div>")
        self.events.value = (f'<div style="font-size:12px;color:#555;background:#faf8f3;border-radius:6px;'
                             f'padding:2px 8px;line-height:1.35;margin-bottom:4px"><b>Latest:</b>'
                             f'{"".join(items)}</div>')

    def _visible_log(self, viewer: str, count: int) -> list[LogEntry]:
        """The last ``count`` log entries ``viewer`` may read (private ones only their own)."""
        found: list[LogEntry] = []
        for entry in reversed(self.game.state.log):
            if not entry.private or entry.player == viewer:
                found.append(entry)
                if len(found) == count:
                    break
        return found[::-1]

    def _show_boat(self, ctx: Context) -> None:
        game, viewer = self.game, ctx.viewer
        state = game.state
        top = state.pending[-1] if state.pending else None
        boat = state.player(viewer).boat
        with self.boat.batch():
            self.boat.title.value = f'<b style="font-size:14px">Your boat</b> ({html.escape(viewer)})'
            self.boat.boat = boat
            mine = viewer not in self.bots
            if mine and top is not None and top.kind == "place" and top.player == viewer and top.tile is not None:
                key = (viewer, top, len(state.pending), boat)
                if key != self._placing_key:
                    self.boat.start_placing(top.tile, ctx.of(Place), on_place=self.act, player=viewer,
                                            ask_colour=False)  # the prompt asks (PlacePanel)
                    self._placing_key = key
            else:
                self.boat.stop_placing()
                self._placing_key = None

    def _show_panel(self, ctx: Context) -> None:
        cls = panel_for(ctx)
        key = cls.key(ctx)
        if self._panel is not None and type(self._panel) is cls and key is not None and key == self._panel_key:
            return
        self._panel = WaitingPanel(ctx, frozenset(self.bots)) if cls is WaitingPanel else cls(ctx)
        self._panel_key = key
        self.panel_box.children = (self._panel,)

    def _show_sister(self, ctx: Context) -> None:
        if self.sister_box is None:
            return
        key = SisterPanel.key(ctx)
        if key != self._sister_key:
            self.sister_box.children = (SisterPanel(ctx),)
            self._sister_key = key

    def _show_tab(self, ctx: Context, index: int) -> None:
        cls = self.tab_specs[index][1]
        key = cls.key(ctx)
        if key is not None and self._tab_keys.get(index) == key:
            return
        self._tab_keys[index] = key
        box = self.tabs.children[index]
        box.children = (cls(ctx),)

    def _on_tab(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self.covered:
            self._show_tab(self.context(), change["new"])

    # -- reading ----------------------------------------------------------------------------------------------
    @property
    def panel(self) -> Panel | None:
        """The panel shown for the current decision."""
        return self._panel

    @property
    def sister_panel(self) -> SisterPanel | None:
        """The sister's panel (solo game), else ``None``."""
        if self.sister_box is None or not self.sister_box.children:
            return None
        return self.sister_box.children[0]  # type: ignore[no-any-return]

    def tab(self, title: str) -> Panel:
        """The panel of a tab (built now if it is not shown yet)."""
        for index, (name, _cls) in enumerate(self.tab_specs):
            if name == title:
                self._show_tab(self.context(), index)
                return self.tabs.children[index].children[0]  # type: ignore[no-any-return]
        raise KeyError(title)

    def __repr__(self) -> str:
        return f"GameApp({self.game!r})"


def play_app(
    players: Sequence[str] = ("You", "bot:greedy"),
    seed: int = 1,
    bot_delay: float = 0.6,
    hot_seat_cover: bool = True,
    mode: Mode | Literal["explore_draw"] = "standard",
    difficulty: str | None = None,
) -> GameApp:
    """Start a new game and return its app (display it as the last line of a cell).

    ``players`` lists the seats: a name for a person, ``"bot:search"`` (the strong search bot), ``"bot:greedy"`` or
    ``"bot:random"`` for a bot (``"Cleo=bot:greedy"`` names it). People share the device (hot seat); bots move by
    themselves after ``bot_delay`` seconds.
    ``mode`` is ``"standard"``, ``"solo"`` (one player against the sister; ``difficulty`` is ``"easy"``
    (the default), ``"medium"``, ``"hard"``, ``"very hard"`` or ``"expert"``), ``"family"`` (2-4 players) or
    ``"explore_draw"`` (Explore & Draw, 1-6 seats: returns an :class:`~isle_nb.widgets.explore_draw.ExploreDrawApp`).
    """
    if mode == "explore_draw":  # Explore & Draw has its own app (isle_nb.widgets.explore_draw)
        from isle_nb.widgets.explore_draw import explore_draw_app

        solo = ("easy" if difficulty is None else difficulty) if len(players) == 1 else None
        return explore_draw_app(players, seed, solo)  # type: ignore[return-value]
    names, bots = parse_players(players, seed)
    game = Game.new(names, seed=seed, mode=mode, difficulty=difficulty)
    return GameApp(game, bots=bots, bot_delay=bot_delay, hot_seat_cover=hot_seat_cover)


__all__ = ["MODE_TABS", "TABS", "GameApp", "play_app", "status_text"]
