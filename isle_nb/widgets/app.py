"""``GameApp``: the whole game in one widget; :func:`play_app` starts a new game with people and bots.

Layout (one screen at 1400x900, and usable at 1024x768): a header with the day, phase and whose move it is, the
game's seed and the Undo / Redo / Games buttons; a message line of fixed height (a message never moves anything);
then the player's boat on the left and, on the right, the panel for what the player must decide now (sharing its box
with the anytime cards they may play now) above the island; under them the latest events and tabs with the hand
(anytime cards), the live score sheet, the log and the other boats. The decision panel's height changes only with
the phase (:func:`panel_height`): in the phases that need the island it leaves the island room, in the others (a
pack of cards to choose from) it takes the window's height. On a narrow screen (the app under 921 px wide)
everything is one column: the decision, the boat right under it, then the island and the latest events (see
:mod:`isle_nb.widgets.style`). At the end of the game the decision panel becomes the end screen (winner, every
player's score side by side, the tie-break, New game / Rematch).

What the others did since the viewer's last move is marked, as the model lists it (:mod:`isle_nb.model.isle.changes`,
from the seat's view at that move): their new tiles outlined on their boats (the Other boats tab says "(new)"), the
cats that arrived outlined on the island, whose last line shows what left, and new public lessons outlined.

The app shows one player's view at a time: the person who must decide. In hot-seat games a cover ("hand the
device to Bob") hides what is secret between two different people's turns: everything in the standard and solo
games, only the family lessons in the family game. Bot seats move by themselves (see
:class:`~isle_nb.widgets.seats.BotDriver`). The app never decides a rule: it shows the model's legal actions and
sends the chosen one through the player's seat (:class:`~isle_nb.model.core.seat.LocalSeat`); every error lands in the
message line. Everything shown comes from the seats of a :class:`~isle_nb.model.core.table.LocalTable`: their views,
legal actions and results.

Every game is saved after each move (see :mod:`isle_nb.widgets.saves`); the Games dialog resumes or loads a saved
game, saves a copy and starts a new game with any mode and seats, so a kernel restart loses nothing. When the kernel
goes, the old app says so over itself (:mod:`isle_nb.widgets.kernel_watch`), and :func:`play_app` run again offers
"Resume your last game" at the top (:mod:`isle_nb.widgets.resume`; which game: :mod:`isle_nb.widgets.last_game`).
Where a new, loaded or rematched game goes is the launcher's to say (:mod:`isle_nb.widgets.launcher`).

The app is built from named parts over the one context of the player shown (:mod:`isle_nb.widgets.isle_app`): the
header, the message line and the offer to resume under it, the boat side, the decision area with the full-width
slot above it, the island and the side tabs; the app picks the player shown, keeps the hot-seat cover and redraws
the parts after every change.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from traitlets import Bool, Unicode

from isle_nb.bots import Bot
from isle_nb.model.core.records import ActionRecord
from isle_nb.model.core.seat import LocalSeat
from isle_nb.model.core.table import LocalTable
from isle_nb.model.isle.actions import Action
from isle_nb.model.isle.constants import DAYS
from isle_nb.model.isle.player_view import LogEntry
from isle_nb.model.modes import same_game
from isle_nb.widgets.boat import BoatWidget, kernel_loop
from isle_nb.widgets.cover import HandOverCover
from isle_nb.widgets.games import GamesDialog, fresh_seed
from isle_nb.widgets.hint import HintBox
from isle_nb.widgets.isle_app.boat_side import EVENT_LINES, BoatSide, boat_of
from isle_nb.widgets.isle_app.decision import DecisionArea, panel_height
from isle_nb.widgets.isle_app.header import Header, status_text
from isle_nb.widgets.isle_app.island_area import ISLAND_PHASES, IslandArea
from isle_nb.widgets.isle_app.offer import OfferSlot
from isle_nb.widgets.isle_app.shown import cover_between, next_viewer
from isle_nb.widgets.isle_app.side_tabs import TABS, SideTabs, tabs_for
from isle_nb.widgets.launcher import launcher_of
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels import Context, Panel, SisterPanel
from isle_nb.widgets.playing import PlayingApp
from isle_nb.widgets.resume import ResumeOffer
from isle_nb.widgets.saves import SavedGame
from isle_nb.widgets.seats import BotDriver
from isle_nb.widgets.slots import Batch
from isle_nb.widgets.style import style_widget
from isle_nb.widgets.words import player_text

REST_AFTER_PAINT = 0.02
"""Seconds the rest of a redraw waits after the boat was repainted in a running kernel: the browser shows the placed
tile before it lays out the prompt, panels and log (click-to-redraw latency)."""


def seat_specs(players: Sequence[str], bots: Mapping[str, Bot]) -> tuple[str, ...]:
    """How a table's seats are given again (``"Ann"``, ``"Cleo=bot:greedy"``): for the save and the Games dialog."""
    return tuple(f"{n}=bot:{type(bots[n]).__name__.lower().removesuffix('bot')}" if n in bots else n for n in players)


class GameApp(PlayingApp, widgets.VBox):
    """A playable game: boat, island, phase panels, hand, scores and log, for people and bots."""

    viewer = Unicode(None, allow_none=True, help="The player whose view is shown.")
    covered = Bool(False, help="True while the hot-seat cover hides the screen.")
    save_path = Unicode(None, allow_none=True, help="The file this game is saved in after every move.")
    closes_with = ("_playing_children", "_covered_children")
    """The app shows one of them at a time: closing it closes both."""

    def __init__(self, game: Any, bots: Mapping[str, Bot] | None = None, bot_delay: float = 0.0,
                 hot_seat_cover: bool = True, viewer: str | None = None, cell: int = 26,
                 seats: Sequence[str] | None = None, autosave: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.hot_seat_cover = hot_seat_cover
        self.bot_delay = bot_delay
        self.autosave = autosave
        self.messages = MessageArea()
        self._guard = self.messages.guard
        self._suspended = Batch(lambda: self.refresh())
        self._rest_version = 0
        self._started = time.time()
        self.dialog: GamesDialog | None = None
        self.other_app: Any | None = None
        """Another game's app shown in this one's place (:class:`~isle_nb.widgets.launcher.Launcher`)."""
        # the parts, each drawn from the context of the player shown
        self.hints = HintBox(self)
        self.header_part = Header(self.messages, self.hints.button, self.undo, self.redo, self.toggle_games)
        self.boat_side = BoatSide(cell, self.messages)
        self.decision_area = DecisionArea(on_rematch=self.rematch, on_new_game=self.toggle_games)
        self.island_area = IslandArea(self.messages)
        self.side_tabs = SideTabs(self.messages, self._shown_context, lambda: (  # several people at one device
            self.hot_seat_cover and len(self.humans) > 1 and not self.seat.over))
        self.offer_slot = OfferSlot(self.messages, lambda saved: launcher_of(self).resume(saved, by=self))
        self.cover = HandOverCover(self.messages, self.reveal)
        self.style_box = style_widget()
        # their widgets, by the names the page and the tests know them by
        header = self.header_part
        self.header, self.status, self.player_info = header.box, header.status, header.player_info
        self.history, self.games_button = header.history, header.games_button
        self.undo_button, self.redo_button = self.history.undo_button, self.history.redo_button
        self.undo_note, self.history_buttons = self.history.note, self.history.buttons
        self.events, self.left = self.boat_side.events, self.boat_side.box
        area = self.decision_area
        self.panel_box, self.anytime_box, self.decision, self.top_box = (
            area.panel_box, area.anytime_box, area.decision, area.top_box)
        self.island, self.island_bar = self.island_area.island, self.island_area.island_bar
        self.island_button = self.island_area.island_button
        self.tabs, self.offer_box = self.side_tabs.tabs, self.offer_slot.offer_box
        # the hint's reasons come under the decision: asking for a hint never moves the panel under the mouse
        self.right = widgets.VBox([self.decision, self.hints, self.island_bar, self.island],
                                  layout=widgets.Layout(flex="1 1 320px", min_width="300px", max_width="640px"))
        self.right.add_class("isle-right")
        self.play_area = widgets.Box([self.left, self.right], layout=widgets.Layout(
            display="flex", flex_flow="row wrap", align_items="flex-start"))
        self.play_area.add_class("isle-play-area")
        self.layout.max_width = "1280px"  # its own Layout: a new one would leave this one alive
        self.add_class("isle-app")
        self.start(game, bots, seats=seats, viewer=viewer)

    # -- which game ---------------------------------------------------------------------------------------------
    def start(self, game: Any, bots: Mapping[str, Bot] | None = None, seats: Sequence[str] | None = None,
              viewer: str | None = None, save_path: str | None = None) -> None:
        """Show ``game`` (a new one, a rematch or a loaded one) in this app, with ``bots`` moving their seats: the
        app makes its :class:`~isle_nb.model.core.table.LocalTable` and draws everything from the people's seats."""
        # a table joined on a hub (isle_nb.remote.JoinedTable) comes with its seats; a game gets a LocalTable, which
        # refuses bots for unknown players before anything changes
        table = game if hasattr(game, "seat") else LocalTable(game, bots)
        self._let_go()
        self.bots = table.bots
        self.seats = tuple(seats) if seats is not None else seat_specs(table.players, self.bots)
        self.humans = list(table.people)
        self.driver = BotDriver(table, self.bot_delay, on_error=self.messages.error)
        self.decision_area.start()
        self.island_area.start()
        self.save_path = save_path
        self._note_saved()  # a loaded game: its file holds it as it is
        self._started = time.time()
        self.offer_slot.drop()  # another game now: the offer was for the one before
        first = viewer or (self.humans[0] if self.humans else table.players[0])
        view = table.seat(first).view
        self.mode = view.mode
        self.viewer = None
        self.boat_side.start(view)
        self.side_tabs.start(view)
        shared = (self.style_box, self.header, self.messages, self.offer_box, self.ready_signal, self.kernel_watch)
        self._playing_children: tuple[Any, ...] = (*shared, self.top_box, self.play_area, self.tabs)
        self._covered_children: tuple[Any, ...] = (*shared, self.cover)
        self.dialog = None
        self.covered = False
        self.viewer = first
        self._state_handler = self._guard(self._on_state)
        self._watched = table.seat(first)  # every seat of the table is told of every change
        self._watched.observe(self._state_handler, names=["version"])
        table.on_error(self.messages.error)  # another observer's bug shows here; the move stands
        self.refresh()
        self.driver.kick(self._quiet)
        self.settle()

    def plays(self, mode: str) -> bool:
        """Whether this app plays a game of ``mode`` itself (the standard, solo and family games)."""
        return same_game(mode, self.mode)

    def new_game(self, players: Sequence[str], mode: str = "standard", options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> None:
        """Start a new game of any registered mode (``seed=None``: a fresh random one): in this app if it plays
        it, else in its own app in this one's place (:class:`~isle_nb.widgets.launcher.Launcher`)."""
        launcher_of(self).new_game(players, mode, options, fresh_seed() if seed is None else seed, by=self)

    def rematch(self) -> None:
        """The same seats and mode again, with a new seed."""
        if self._played_on_a_hub():
            return
        sister = self.seat.view.sister
        self.new_game(self.seats, self.mode, {"difficulty": sister.difficulty} if sister is not None else {})

    def load(self, saved: SavedGame | str | Path) -> None:
        """Continue a saved game (an app game file) in this app; another game's app takes this one's place."""
        launcher_of(self).load(saved, by=self)

    # -- resuming the last game --------------------------------------------------------------------------------
    @property
    def offer(self) -> ResumeOffer | None:
        """The offer to resume the last game, while it is shown."""
        return self.offer_slot.offer

    @property
    def progress(self) -> str:
        """Where the game stands ("day 3 of 5"), for the list of saved games."""
        view = self._watched.view
        return "the game is over" if view.over else f"day {view.day} of {DAYS}"

    # -- the Games dialog ---------------------------------------------------------------------------------------
    def toggle_games(self) -> None:
        """Open (or close) the Games dialog in place of the decision panel."""
        (self.close_games if self.dialog is not None else self.open_games)()

    def open_games(self) -> None:
        """Open the Games dialog in place of the decision panel."""
        self.dialog = launcher_of(self).games_dialog(self, self.mode)
        if self.covered:
            self.covered = False
        self.children = self._playing_children
        self._show_top()

    def close_games(self) -> None:
        """Close the Games dialog."""
        self.dialog = None
        self._show_top()
        self.refresh()

    def _show_top(self) -> None:
        self.decision_area.show_top(self.dialog, self.seat.over)

    # -- playing ----------------------------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """Send an action to the model (an :class:`IllegalAction` is shown by the calling handler's guard)."""
        self.messages.clear()
        self.driver.paused = False  # bots wait after an undo (so Redo stays possible) until a person moves
        self.table.seat(action.player).apply(action)

    def _undo_seat(self) -> LocalSeat:
        return self.seat

    def _stop_watching(self) -> None:
        watched = getattr(self, "_watched", None)  # None when the constructor failed first
        if watched is not None:
            watched.unobserve(self._state_handler, names=["version"])

    def _took_back(self, before: tuple[LogEntry, ...], taken: ActionRecord) -> str:
        """What an undo took back, in the log's words ("You took back: you place ...")."""
        gone = [e for e in before[len(self.seat.view.log):] if e.player == taken.player]
        if not gone:
            return "Your last move was taken back."
        entry = gone[0] if not gone[0].text.startswith("has ") else gone[-1]
        words, _rules = player_text(entry.text, entry.player, self.viewer, boat_of(self.seat.view, entry.player))
        return f"Taken back: {words}"

    def reveal(self) -> None:
        """The next player is at the device: lift the hot-seat cover."""
        self.covered = False
        self.refresh()

    def show_lessons(self) -> None:
        """Family game, hot seat: show the viewer's secret family lessons in their tab."""
        self.side_tabs.show_lessons(self.viewer)

    # -- showing ----------------------------------------------------------------------------------------------
    @property
    def table(self) -> LocalTable:
        """The game at this device: the people's seats, the bots, the save."""
        return self.driver.table

    @property
    def seat(self) -> LocalSeat:
        """The seat shown now (the viewer's)."""
        return self.table.seat(self.viewer or self._watched.name)

    @property
    def boat(self) -> BoatWidget:
        """The viewer's boat."""
        return self.boat_side.boat

    @property
    def sister_box(self) -> widgets.VBox | None:
        """The box under the boat for the sister's panel (solo game), else ``None``."""
        return self.boat_side.sister_box

    @property
    def tab_specs(self) -> tuple[tuple[str, type[Panel]], ...]:
        """The tabs of this game: their titles and panels."""
        return self.side_tabs.specs

    def context(self) -> Context:
        """What the panels are built from, for the player shown: their seat, their view and their legal actions
        (none when watching a bot: its moves are its own)."""
        viewer, seat = self.viewer, self.seat
        assert viewer is not None
        legal = [] if viewer in self.bots else seat.legal_actions()
        return Context(seat, viewer, legal, self.act, self.messages, boat=self.boat, view=seat.view)

    def _shown_context(self) -> Context | None:
        """The context of the player shown, or ``None`` while nothing is shown (behind the cover)."""
        return None if self.covered or self.viewer is None else self.context()

    def refresh(self) -> None:
        """Show the game as it is now (called after every change of the model)."""
        self.hints.forget_if_stale()
        watched = self._watched.view  # who is awaited and what is pending are public
        new = next_viewer(self.viewer, watched, tuple(self.humans), self.table.players)
        if new != self.viewer:
            previous = self.viewer
            self.viewer = new
            if cover_between(previous, new, self.humans, watched, self.hot_seat_cover):
                self.covered = True
                self.cover.show_for(new, previous, "hand" if self._watched.view.has_cards else "lessons")
        repainted = False
        if not self.covered:  # the new tiles go out first, before anything else is computed or sent
            before = self.boat.boat
            self.boat.boat = self.seat.view.me.boat
            repainted = self.boat.boat is not before
        self._rest_version += 1
        loop = kernel_loop()
        if repainted and loop is not None:  # in a kernel: the browser paints the boat before the rest arrives
            self._rest_pending = True
            loop.call_later(REST_AFTER_PAINT, self._refresh_rest_if_current, self._rest_version)
            return
        self._refresh_rest()

    def _refresh_rest_if_current(self, version: int) -> None:
        if version == self._rest_version:
            self._guard(lambda: self._refresh_rest())()

    def _refresh_rest(self) -> None:
        """Everything :meth:`refresh` shows besides the boat's tiles: prompt, header, island, panels, tabs."""
        self._rest_pending = False
        ctx = self.context()
        if not self.covered:
            self.boat_side.show_boat(ctx, ctx.viewer not in self.bots, self.act)
        where = getattr(self.table, "where", None)  # a table on a hub: its seed stays secret there
        self.header_part.show(ctx, self.bots, self.covered, where, None if where else self.table.seed)
        self.hints.update_button()
        self.boat_side.show_events(ctx)
        children = self._covered_children if self.covered else self._playing_children
        if tuple(self.children) != children:
            self.children = children
        if self.offer is not None and self.table.people_moved:  # the player chose this game
            self.offer_slot.drop()
        self._autosave()
        if self.covered:
            return
        self.island_area.show(ctx)
        self.boat_side.show_sister(ctx)
        self.decision_area.show(ctx, self.bots)
        self._show_top()
        self.side_tabs.show(ctx)

    # -- reading ----------------------------------------------------------------------------------------------
    @property
    def panel(self) -> Panel | None:
        """The panel shown for the current decision."""
        return self.decision_area.panel

    @property
    def sister_panel(self) -> SisterPanel | None:
        """The sister's panel (solo game), else ``None``."""
        return self.boat_side.sister_panel

    def tab(self, title: str) -> Panel:
        """The panel of a tab (built now if it is not shown yet)."""
        return self.side_tabs.panel(title)

    def __repr__(self) -> str:
        return f"GameApp({self.table.game or self.table!r})"


__all__ = ["EVENT_LINES", "ISLAND_PHASES", "TABS", "GameApp", "panel_height", "status_text", "tabs_for"]
