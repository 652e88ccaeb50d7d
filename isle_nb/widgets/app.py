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
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
from traitlets import Bool, Unicode

from isle_nb.bots import Bot
from isle_nb.model.core.seat import LocalSeat
from isle_nb.model.core.table import LocalTable
from isle_nb.model.isle.actions import Action, Place, PlayAnytime
from isle_nb.model.isle.constants import DAYS
from isle_nb.model.isle.player_view import LogEntry, PlayerView
from isle_nb.model.isle.view_facts import needs_cover, step_row
from isle_nb.model.modes import app_maker, game_mode, mode_of_save, new_game, same_game
from isle_nb.widgets.apps import open_game, resume_game
from isle_nb.widgets.boat import BoatWidget, kernel_loop
from isle_nb.widgets.closing import close_tree, replace_children
from isle_nb.widgets.cover import HandOverCover
from isle_nb.widgets.games import GamesDialog, fresh_seed
from isle_nb.widgets.hint import HintBox
from isle_nb.widgets.history import HistoryControls
from isle_nb.widgets.island import IslandWidget
from isle_nb.widgets.kernel_watch import RESUME
from isle_nb.widgets.last_game import last_game, shown_here, take_over
from isle_nb.widgets.lobby import LobbyApp, lobby_in_address
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels import (
    BoatsView,
    Context,
    FamilyHandPanel,
    GameLog,
    GameOverPanel,
    HandPanel,
    Panel,
    ScoreSheet,
    SisterPanel,
    WaitingPanel,
    island_actions_for,
    panel_for,
)
from isle_nb.widgets.panels.hand import AnytimeNow
from isle_nb.widgets.playing import PlayingApp
from isle_nb.widgets.resume import ResumeOffer
from isle_nb.widgets.saves import SavedGame, read_game
from isle_nb.widgets.seats import BotDriver, parse_players
from isle_nb.widgets.slots import Batch, Slot
from isle_nb.widgets.style import PANEL_HEIGHT, TALL_PANEL_HEIGHT, style_widget
from isle_nb.widgets.words import line_html, player_text, rule_tag

if TYPE_CHECKING:
    pass

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


EVENT_LINES = 3
REST_AFTER_PAINT = 0.02
"""Seconds the rest of a redraw waits after the boat was repainted in a running kernel: the browser shows the placed
tile before it lays out the prompt, panels and log (click-to-redraw latency)."""
ISLAND_PHASES = {"rescue", "rare_finds", "family"}
"""Phases whose decisions need the island (fields, display, Oshax); in the others it folds into one line."""
TURN_PANELS = {"rescue_turn", "family_turn"}
"""The steps whose decisions are clicks on the island and the boat (a turn each: take a cat, place it), by their
panel's name; the rare finds' choices are in the panel (a card, then its tiles, in pictures), which keeps the room."""


def panel_height(phase: str) -> str:
    """The decision panel's height in a phase: it changes only when the phase does, so nothing moves under the mouse
    while a phase's clicks go on (the boat beside the panel never moves; the island under it only at a new phase)."""
    return PANEL_HEIGHT if phase in ISLAND_PHASES else TALL_PANEL_HEIGHT


def status_text(view: PlayerView, viewer: str, bots: Mapping[str, Any], covered: bool = False) -> str:
    """Where the game is and whose move it is, in one line."""
    if view.over:
        return "Game over"
    row = step_row(view)
    phase, step = row.name, row.doing
    if phase.endswith(")"):  # "Rescue cats (family game)" -> "Rescue cats (family game, taking turns)"
        where = f"Day {view.day} of {DAYS} · {phase[:-1]}, {step})"
    else:
        where = f"Day {view.day} of {DAYS} · {phase} ({step})"
    if covered:
        who = f"{viewer}'s move"
    elif viewer in view.awaiting and viewer not in bots:
        who = "your move" if len(view.awaiting) == 1 else "your move (everyone decides at once)"
    else:
        waiting = [f"{n} (bot, thinking...)" if n in bots else n for n in view.awaiting]
        who = f"waiting for {', '.join(waiting)}" if waiting else "..."
    return f"{where} · {who}"


class GameApp(PlayingApp, widgets.VBox):
    """A playable game: boat, island, phase panels, hand, scores and log, for people and bots."""

    viewer = Unicode(None, allow_none=True, help="The player whose view is shown.")
    covered = Bool(False, help="True while the hot-seat cover hides the screen.")
    save_path = Unicode(None, allow_none=True, help="The file this game is saved in after every move.")
    closes_with = ("_playing_children", "_covered_children")
    """The app shows one of them at a time: closing it closes both."""

    def __init__(
        self,
        game: Any,
        bots: Mapping[str, Bot] | None = None,
        bot_delay: float = 0.0,
        hot_seat_cover: bool = True,
        viewer: str | None = None,
        cell: int = 26,
        seats: Sequence[str] | None = None,
        autosave: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.hot_seat_cover = hot_seat_cover
        self.bot_delay = bot_delay
        self.autosave = autosave
        self.cell = cell
        self.messages = MessageArea()
        guard = self.messages.guard
        self._guard = guard
        self._suspended = Batch(lambda: self.refresh())
        self._rest_version = 0
        self._started = time.time()

        self.status = widgets.HTML()
        self.status.add_class("isle-status")
        self.player_info = widgets.HTML()
        self.player_info.add_class("isle-player-info")
        self.history = HistoryControls(guard, self.undo, self.redo)
        self.undo_button, self.redo_button = self.history.undo_button, self.history.redo_button
        self.games_button = widgets.Button(description="Games", tooltip="New game, rematch, resume, load or save",
                                           layout=widgets.Layout(width="86px"))
        self.games_button.add_class("isle-games-button")
        self.games_button.on_click(guard(lambda _b: self.toggle_games()))
        self.undo_note, self.history_buttons = self.history.note, self.history.buttons
        self.hints = HintBox(self)
        # the status has a line of its own (the phase's whole name fits), the facts and the buttons share the next one,
        # and the note on Undo goes under the buttons
        controls = widgets.VBox([widgets.HBox([self.hints.button, self.history_buttons, self.games_button]),
                                 self.undo_note], layout=widgets.Layout(align_items="flex-end", flex="0 0 auto"))
        self.player_info.layout = widgets.Layout(flex="1 1 300px", min_width="0")
        self.header = widgets.VBox(
            [self.status, widgets.HBox([self.player_info, controls],
                                       layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"))],
            layout=widgets.Layout(border_bottom="2px solid #6b4f2a", padding="0 0 2px 0"),
        )
        self.header.add_class("isle-header")
        self.events = widgets.HTML()
        self.events.add_class("isle-events")
        self.island = IslandWidget(self.messages)
        self.panel_box = widgets.VBox(layout=widgets.Layout(border="1px solid #d8c8a8", padding="4px 10px",
                                                            margin="0 0 6px 0", height=PANEL_HEIGHT))
        self.panel_box.add_class("isle-panel-box")
        self.island_button = widgets.Button(description="Show the island", layout=widgets.Layout(width="140px"))
        self.island_button.add_class("isle-island-toggle")
        self.island_button.on_click(guard(lambda _b: self.toggle_island()))
        self.island_bar = widgets.HBox(
            [widgets.HTML('<span style="color:#6b4f2a;font-weight:bold">The island</span> <span style="color:#777">'
                          "(not needed in this phase)</span>"), self.island_button],
            layout=widgets.Layout(justify_content="space-between", align_items="center", display="none"))
        self.island_bar.add_class("isle-island-bar")
        self.island_open: bool | None = None
        """``None``: the island shows when the phase needs it; ``True``/``False``: the player's choice."""
        # the hint's reasons come under the decision: asking for a hint never moves the panel under the mouse
        self.anytime_box = widgets.VBox()  # playable anytime cards, next to the decision
        self.anytime_box.add_class("isle-anytime-box")
        self._anytime_slot = Slot()
        # beside the boat the decision and the playable anytime cards share one box of the phase's height: a card
        # that may be played now takes room from the decision, not from the island under it (see style.py)
        self.decision = widgets.VBox([self.panel_box, self.anytime_box],
                                     layout=widgets.Layout(height=PANEL_HEIGHT, margin="0 0 6px 0"))
        self.decision.add_class("isle-decision")
        self.right = widgets.VBox([self.decision, self.hints, self.island_bar, self.island],
                                  layout=widgets.Layout(flex="1 1 320px", min_width="300px", max_width="640px"))
        self.right.add_class("isle-right")
        self.left = widgets.VBox()
        self.left.add_class("isle-left")
        self.play_area = widgets.Box(
            [self.left, self.right],
            layout=widgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-start"),
        )
        self.play_area.add_class("isle-play-area")
        self.tabs = widgets.Tab()
        self.tabs.observe(guard(self._on_tab), names=["selected_index"])
        self.cover = HandOverCover(self.messages, self.reveal)
        self.style_box = style_widget()
        self.dialog: GamesDialog | None = None
        self.top_box = widgets.VBox(layout=widgets.Layout(border="1px solid #d8c8a8", padding="4px 10px",
                                                          margin="0 0 6px 0", display="none"))
        self.top_box.add_class("isle-top-box")
        """Full width above the boat: the Games dialog when open, else the end screen once the game is over."""
        self.offer_box = widgets.VBox(layout=widgets.Layout(display="none"))
        self.offer_box.add_class("isle-offer-box")
        """Under the message line: the offer to resume the last game, until the player moves in this one."""
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
        old = getattr(self, "driver", None)
        if old is not None:
            old.cancel()
            old.paused = True
            self._watched.unobserve(self._state_handler, names=["version"])
            old.table.close()
        self.bots = table.bots
        self.seats = tuple(seats) if seats is not None else tuple(
            f"{n}=bot:{type(b).__name__.lower().removesuffix('bot')}" if n in self.bots else n
            for n, b in ((n, self.bots.get(n)) for n in table.players))
        self.humans = list(table.people)
        self.driver = BotDriver(table, self.bot_delay, on_error=self._bot_error)
        self._drop_hidden_panel()
        self._panel: Panel | None = None
        self._panel_slot = Slot()  # what is drawn where: see widgets/slots.py
        self._placing_slot = Slot()
        self._anytime_when: tuple[str, int, str] | None = None
        self._anytime_shown: dict[int, int] = {}
        """The anytime cards shown so far in this phase, with their numbers of ways of being played."""
        self._sister_slot = Slot()
        self._lessons_shown: str | None = None
        self._island_phase: str | None = None
        self._panel_step: tuple[str, str] | None = None
        self.save_path = save_path
        self._note_saved()  # a loaded game: its file holds it as it is
        self._started = time.time()
        self.drop_offer()  # another game now: the offer was for the one before
        first = viewer or (self.humans[0] if self.humans else table.players[0])
        view = table.seat(first).view
        self.mode = view.mode
        self.tab_specs = tabs_for(view)
        self.boat = BoatWidget(view.me.boat, cell=self.cell, messages=self.messages)
        self.sister_box: widgets.VBox | None = None
        left: list[widgets.Widget] = [self.boat]
        if view.sister is not None:  # the solo game: the sister, under the boat, all game long
            self.sister_box = widgets.VBox(layout=widgets.Layout(width=self.boat.layout.width))
            self.sister_box.add_class("isle-sister-box")
            left.append(self.sister_box)
        left.append(self.events)
        replace_children(self.left, left)  # the last game's boat and sister box close
        self.left.layout.width = self.boat.layout.width
        self.tabs.selected_index = None
        replace_children(self.tabs, [widgets.VBox() for _ in self.tab_specs])
        self._tab_slots = [Slot() for _ in self.tab_specs]
        self.tabs.titles = [t for t, _ in self.tab_specs]
        self.tabs.selected_index = 0
        self._playing_children = (self.style_box, self.header, self.messages, self.offer_box, self.ready_signal,
                                  self.kernel_watch, self.top_box, self.play_area, self.tabs)
        self._covered_children = (self.style_box, self.header, self.messages, self.offer_box, self.ready_signal,
                                  self.kernel_watch, self.cover)
        self.dialog = None
        self.covered = False
        self.viewer = None
        self.viewer = first
        self._state_handler = self._guard(self._on_state)
        self._watched = table.seat(first)  # every seat of the table is told of every change
        self._watched.observe(self._state_handler, names=["version"])
        table.on_error(self.messages.error)  # another observer's bug shows here; the move stands
        self.refresh()
        self.driver.kick(self._quiet)
        self.settle()

    def new_game(self, players: Sequence[str], mode: str = "standard", options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> None:
        """Start a new game of any registered mode in this app (``seed=None``: a fresh random one); a game with an
        app of its own (Pocket Cats, Explore & Draw) shows that app in this one's place."""
        seed = fresh_seed() if seed is None else seed
        if not same_game(mode, self.mode):
            self._show_other(open_game(mode, players, seed, options, bot_delay=self.bot_delay,
                                       autosave=self.autosave), mode, seed)
        else:
            names, bots = parse_players(players, seed)
            self.start(new_game(mode, names, seed, **(options or {})), bots, seats=players)
        self.messages.show(f"New game started (seed {seed}).", "ok")  # above another game's app too

    def _show_other(self, other: Any, mode: str, seed: int) -> None:
        """Another game's app takes this app's place, with a way back to the Games dialog."""
        back = widgets.Button(description="Games", tooltip="Back to the Isle of Cats games",
                              layout=widgets.Layout(width="86px"))
        back.add_class("isle-games-button")

        def leave(_b: Any) -> None:
            self.dialog = None
            self.children = self._playing_children
            close_tree(bar, other, keep=self._playing_children)  # that game's app is done with: it closes
            self.other_app = None  # and its game is freed
            self.toggle_games()

        back.on_click(self._guard(leave))
        label = html.escape(game_mode(mode).label)
        bar = widgets.HBox([widgets.HTML(f'<b style="font-size:16px">{label}</b> '
                                         f'<span class="isle-seed">seed {seed}</span>'), back],
                           layout=widgets.Layout(justify_content="space-between", align_items="center"))
        self.dialog = None
        self.other_app = other
        self.children = (self.style_box, bar, self.messages, self.ready_signal, other)

    # -- resuming the last game --------------------------------------------------------------------------------
    @property
    def offer(self) -> ResumeOffer | None:
        """The offer to resume the last game, while it is shown."""
        children = self.offer_box.children
        return children[0] if children else None  # type: ignore[return-value]

    def offer_resume(self, saved: SavedGame) -> None:
        """Offer, at the top of the app, to resume ``saved`` in place of this new game (one click)."""
        replace_children(self.offer_box, (ResumeOffer(saved, self.messages, self.resume_last),))
        self.offer_box.layout.display = "flex"

    def resume_last(self, saved: SavedGame) -> None:
        """Resume the offered game in this app (the new game, which nobody has moved in, is dropped); an app of this
        kernel still playing it (left behind by running the cell again) closes first."""
        moved = take_over(saved, self)
        self.load(saved)
        self.drop_offer()
        if moved:
            self.messages.show(f"{self.messages.text} It moved here from an earlier app in this notebook, now closed.",
                               "ok")

    def drop_offer(self) -> None:
        """Take the offer away (the player moved in this game, or another game is shown)."""
        if getattr(self, "offer_box", None) is not None and self.offer_box.children:
            replace_children(self.offer_box, ())
            self.offer_box.layout.display = "none"

    @property
    def progress(self) -> str:
        """Where the game stands ("day 3 of 5"), for the list of saved games."""
        view = self._watched.view
        return "the game is over" if view.over else f"day {view.day} of {DAYS}"

    def rematch(self) -> None:
        """The same seats and mode again, with a new seed."""
        if self._played_on_a_hub():
            return
        sister = self.seat.view.sister
        self.new_game(self.seats, self.mode, {"difficulty": sister.difficulty} if sister is not None else {})

    def load(self, saved: SavedGame | str | Path) -> None:
        """Continue a saved game (an app game file) in this app; another game's app takes this one's place."""
        path = saved.path if isinstance(saved, SavedGame) else Path(saved)
        data, game = read_game(path.read_text(encoding="utf-8"))
        saved = data["game"]  # checked by the replay: the setup and the actions
        loaded = f"Loaded the game from {path.name} ({len(saved['actions'])} moves)."
        mode = mode_of_save(saved).name
        if not same_game(mode, self.mode):
            self._show_other(resume_game(path, bot_delay=self.bot_delay, autosave=self.autosave), mode,
                             saved["seed"])
            self.messages.show(loaded, "ok")
            return
        names, bots = parse_players(data["seats"], saved["seed"], game_mode(mode).bots)
        if names != list(saved["players"]):
            raise ValueError("the saved seats do not match the saved game's players")
        self.claim_save(path)  # GameOpenElsewhere while another live app plays this file
        self.bot_delay = float(data.get("bot_delay", self.bot_delay))
        self.start(game, bots, seats=data["seats"], save_path=str(path))
        self._started = float(data.get("started", time.time()))
        self.messages.show(loaded, "ok")

    def toggle_games(self) -> None:
        """Open (or close) the Games dialog in place of the decision panel."""
        if self.dialog is not None:
            self.close_games()
            return
        self.dialog = GamesDialog(self.messages, on_start=self._start_from_form, on_load=self.load,
                                  on_save=self.save, on_close=self.close_games, seats=self.seats, mode=self.mode)
        self.dialog.refresh(self.save_path)
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
        """The full-width slot: the Games dialog, else the end screen, else nothing (folded)."""
        over = self.seat.over
        shown: tuple[widgets.Widget, ...] = ()
        if self.dialog is not None:
            shown = (self.dialog,)
        elif over and isinstance(self._panel, GameOverPanel):
            shown = (self._panel,)
        if tuple(self.top_box.children) != shown:
            replace_children(self.top_box, shown, keep=(self._panel,))  # the end screen shows again after Games
        self.top_box.layout.display = "flex" if shown else "none"
        self.panel_box.layout.display = self.decision.layout.display = "none" if over else "flex"

    def _start_from_form(self, players: list[str], mode: str, options: dict[str, Any], seed: int) -> None:
        self.new_game(players, mode, options, seed)

    # -- playing ----------------------------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        """Send an action to the model (an :class:`IllegalAction` is shown by the calling handler's guard)."""
        self.messages.clear()
        self.driver.paused = False  # bots wait after an undo (so Redo stays possible) until a person moves
        self.table.seat(action.player).apply(action)

    def _undo_seat(self) -> LocalSeat:
        return self.seat

    def _stop_watching(self) -> None:
        self._watched.unobserve(self._state_handler, names=["version"])

    def _took_back(self, before: tuple[LogEntry, ...], taken: Action) -> str:
        """What an undo took back, in the log's words ("You took back: you place ...")."""
        gone = [e for e in before[len(self.seat.view.log):] if e.player == taken.player]
        if not gone:
            return "Your last move was taken back."
        entry = gone[0] if not gone[0].text.startswith("has ") else gone[-1]
        words, _rules = player_text(entry.text, entry.player, self.viewer, self._boat_of(entry.player))
        return f"Taken back: {words}"

    def toggle_island(self) -> None:
        """Show or fold the island (by default it shows in the phases that need it)."""
        self.island_open = not self._island_shown()
        self._show_island_box()

    def _island_shown(self) -> bool:
        return self.island_open if self.island_open is not None else self.seat.view.phase in ISLAND_PHASES

    def _show_island_box(self) -> None:
        shown = self._island_shown()
        self.island.layout.display = None if shown else "none"
        self.island_bar.layout.display = "none" if self.seat.view.phase in ISLAND_PHASES else "flex"
        self.island_button.description = "Fold the island" if shown else "Show the island"

    def reveal(self) -> None:
        """The next player is at the device: lift the hot-seat cover."""
        self.covered = False
        self.refresh()

    def show_lessons(self) -> None:
        """Family game, hot seat: show the viewer's secret family lessons in their tab."""
        self._lessons_shown = self.viewer
        for slot in self._tab_slots:
            slot.forget()
        self._show_tab(self.context(), self.tabs.selected_index or 0)

    def _bot_error(self, error: BaseException) -> None:
        self.messages.error(error)

    # -- showing ----------------------------------------------------------------------------------------------
    @property
    def table(self) -> LocalTable:
        """The game at this device: the people's seats, the bots, the save."""
        return self.driver.table

    @property
    def seat(self) -> LocalSeat:
        """The seat shown now (the viewer's)."""
        return self.table.seat(self.viewer or self._watched.name)

    def _pick_viewer(self) -> str:
        current = self.viewer
        view = self._watched.view  # who is awaited and what is pending are public
        if not self.humans:
            return current or self.table.players[0]
        if view.pending and view.pending[-1].player in self.humans:
            return view.pending[-1].player
        deciding = [n for n in view.awaiting if n in self.humans]
        if current in deciding or (not deciding and current in self.humans):
            return current  # type: ignore[return-value]
        return deciding[0] if deciding else self.humans[0]

    def _legal_for(self, viewer: str) -> list[Action]:
        """The viewer's legal actions (none when watching a bot: its moves are its own)."""
        return [] if viewer in self.bots else self.table.seat(viewer).legal_actions()

    def _view_for(self, viewer: str) -> PlayerView:
        """What ``viewer`` may see (their seat's :class:`PlayerView`)."""
        return self.table.seat(viewer).view  # type: ignore[no-any-return]

    def context(self) -> Context:
        """What the panels are built from, for the player shown: their seat, their view and their legal actions."""
        assert self.viewer is not None
        return Context(self.seat, self.viewer, self._legal_for(self.viewer), self.act, self.messages,
                       boat=self.boat, view=self._view_for(self.viewer))

    def _needs_cover(self, previous: str | None, new: str) -> bool:
        """Hot seat: hide the screen when the device passes to a different person and the screen shows secrets."""
        if not (self.hot_seat_cover and previous in self.humans and new in self.humans and previous != new):
            return False
        return needs_cover(self._watched.view)  # the family game's screen is secret only while lessons are dealt

    def refresh(self) -> None:
        """Show the game as it is now (called after every change of the model)."""
        self.hints.forget_if_stale()
        new = self._pick_viewer()
        if new != self.viewer:
            previous = self.viewer
            self.viewer = new
            if self._needs_cover(previous, new):
                self.covered = True
                self.cover.show_for(new, previous, "hand" if self._watched.view.has_cards else "lessons")
        repainted = False
        if not self.covered:  # the new tiles go out first, before anything else is computed or sent
            before = self.boat.boat
            self.boat.boat = self._view_for(self.viewer).me.boat
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
            self._show_boat(ctx)
        self._show_header(ctx)
        children = self._covered_children if self.covered else self._playing_children
        if tuple(self.children) != children:
            self.children = children
        if self.offer is not None and self.table.people_moved:  # the player chose this game
            self.drop_offer()
        self._autosave()
        if self.covered:
            return
        if self._island_phase != ctx.view.phase:  # a new phase: the island shows if the phase needs it
            self._island_phase = ctx.view.phase
            self.island_open = None
        if self._panel_step != (ctx.view.phase, ctx.view.step):
            self._panel_step = (ctx.view.phase, ctx.view.step)
            self._size_panel(ctx.view)
        self._show_island_box()
        self.island.show(ctx.view, island_actions_for(ctx), ctx.changes)
        self._show_sister(ctx)
        self._show_panel(ctx)
        self._show_anytime(ctx)
        self._show_top()
        self._show_tab_titles(ctx)
        self._show_tab(ctx, self.tabs.selected_index or 0)

    def _show_tab_titles(self, ctx: Context) -> None:
        """The other boats' tab says when one of them changed since the viewer's last move (it is the last tab:
        its longer title moves no other, and it fits the tab's width)."""
        titles = tuple(f"{title} (new)" if cls is BoatsView and ctx.changes.boats else title
                       for title, cls in self.tab_specs)
        if tuple(self.tabs.titles) != titles:
            self.tabs.titles = titles

    def _size_panel(self, view: PlayerView) -> None:
        """The decision panel's height for a new step: beside the boat it changes with the phase only; on a narrow
        screen (the style's container query) the prompt of a turn on the island is short, so the boat under it
        stays in the window, and the other steps' (cards to choose) are tall."""
        self.panel_box.layout.height = self.decision.layout.height = panel_height(view.phase)
        turn = step_row(view).panel in TURN_PANELS
        (self.panel_box.add_class if turn else self.panel_box.remove_class)("isle-turn-step")

    def _show_header(self, ctx: Context) -> None:
        viewer, view = ctx.viewer, ctx.view
        me = view.me
        role = " (watching)" if viewer in self.bots else ""
        text = html.escape(status_text(view, viewer, self.bots, self.covered))
        self.status.value = (f'<div class="isle-status-text" title="{text}" style="font-size:15px;font-weight:bold;'
                             f'color:#3b2a14">{text}</div>')
        where = getattr(self.table, "where", None)  # a table on a hub: its seed stays secret there
        seed = f'<span class="isle-seed">{html.escape(where)}</span>' if where else \
            f'<span class="isle-seed" title="Start a game with this seed to get the same deal">seed {self.table.seed}' \
            "</span>"
        if self.covered:
            self.player_info.value = f'<div style="font-size:13px">{seed}</div>'
        else:
            count = len(me.boat.tiles)
            tiles = f"{count} tile{'s' if count != 1 else ''} on your boat"
            if not view.has_fish:  # the family game: no fish, cards or baskets (FAMILY-1)
                kept = len(me.family_lessons)
                facts = [f"family game, {1 + len(view.others)} players", tiles,
                         f"{kept} family lessons kept" if kept else "family lessons not chosen yet"]
            else:
                facts = [f"<b>{me.fish}</b> fish", f"baskets ready {me.baskets_ready}/{me.permanent_baskets}",
                         f"{len(me.hand)} card{'s' if len(me.hand) != 1 else ''} in hand", tiles]
                if view.sister is not None:
                    facts.insert(0, f"solo game against the sister ({html.escape(view.sister.difficulty)})")
            self.player_info.value = (
                f'<div style="font-size:13px">You are <b>{html.escape(viewer)}</b>{role} &middot; '
                f'{" &middot; ".join(facts)} &middot; {seed}</div>'
            )
        self.history.update(ctx.seat, blocked=self.covered)
        self.hints.update_button()
        items = []
        for entry in view.log[-EVENT_LINES:]:  # the lines this player may read
            words, rules = player_text(entry.text, entry.player, viewer, self._boat_of(entry.player, view))
            items.append(f'<div class="isle-event">{line_html(words, rules)}</div>')
        self.events.value = (f'<div style="font-size:12px;color:#555;background:#faf8f3;border-radius:6px;'
                             f'padding:2px 8px 4px 8px;line-height:1.35;margin-top:4px;min-height:70px;'
                             f'box-sizing:border-box">'
                             f'<b>Latest:</b>{"".join(items)}</div>')

    def _boat_of(self, player: str | None, view: PlayerView | None = None) -> Any:
        """A player's boat as the viewer sees it (boats are public), or ``None``."""
        view = view or self.seat.view
        if player == view.me.name:
            return view.me.boat
        return next((o.boat for o in view.others if o.name == player), None)

    def _show_boat(self, ctx: Context) -> None:
        viewer, view = ctx.viewer, ctx.view
        top = view.pending[-1] if view.pending else None
        boat = view.me.boat
        with self.boat.batch():
            self.boat.title.value = f'<b style="font-size:14px">Your boat</b> ({html.escape(viewer)})'
            self.boat.boat = boat
            mine = viewer not in self.bots
            if mine and top is not None and top.kind == "place" and top.player == viewer and top.tile is not None:
                if self._placing_slot.changed((viewer, top, len(view.pending), boat)):
                    self.boat.start_placing(top.tile, ctx.of(Place), on_place=self.act, player=viewer,
                                            ask_colour=False)  # the prompt asks (PlacePanel)
            else:
                self.boat.stop_placing()
                self._placing_slot.forget()

    def _show_panel(self, ctx: Context) -> None:
        cls = panel_for(ctx)
        key = cls.key(ctx)
        if not self._panel_slot.changed(None if key is None else (cls, key)):
            return
        played = self._lessons_played_for_you(ctx)
        panel = self._panel
        if type(panel) is cls and played is None and tuple(self.panel_box.children) == (panel,) \
                and panel.update(ctx):
            return  # the same kind of decision again (the next tile to place): shown in place
        self._drop_hidden_panel()
        if cls is WaitingPanel:
            self._panel = WaitingPanel(ctx, frozenset(self.bots))
        elif cls is GameOverPanel:
            self._panel = GameOverPanel(ctx, on_rematch=self.rematch, on_new_game=self.toggle_games)
        else:
            self._panel = cls(ctx)
        if cls is not GameOverPanel:
            shown = (self._panel,) if played is None else (self._lessons_box(played), self._panel)
            replace_children(self.panel_box, shown)

    def _show_anytime(self, ctx: Context) -> None:
        """The anytime cards the viewer may play now, under the decision in its box (none while watching a bot). In
        one phase a card shown once keeps its row while others may be played (see :class:`AnytimeNow`)."""
        when = (ctx.viewer, ctx.view.day, ctx.view.phase)
        if when != self._anytime_when:
            self._anytime_when, self._anytime_shown = when, {}
        key = None if ctx.viewer in self.bots else AnytimeNow.key(ctx)
        if not self._anytime_slot.changed(("anytime", key, when)):
            return
        earlier = self._anytime_shown
        shown = AnytimeNow(ctx, earlier) if key is not None and (earlier or ctx.of(PlayAnytime)) else None
        if shown is not None and not shown.children:  # nothing of the hand may be played now
            close_tree(shown)
            shown = None
        self._anytime_shown = shown.shown if shown is not None else {}
        replace_children(self.anytime_box, (shown,) if shown is not None else ())

    def _drop_hidden_panel(self) -> None:
        """Close the panel about to be replaced if no box shows it (an end screen behind the Games dialog); a shown
        one closes when its box shows something else."""
        panel = getattr(self, "_panel", None)
        if panel is not None and not any(panel is c for c in (*self.panel_box.children, *self.top_box.children)):
            close_tree(panel)

    @staticmethod
    def _lessons_played_for_you(ctx: Context) -> str | None:
        """Today's read-lessons phase played the viewer's private lessons by itself (LESSON-1): say so (HTML) in
        the prompt of the decisions that follow it, not only in the log; ``None`` when there is nothing to say."""
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

    @staticmethod
    def _lessons_box(text: str) -> widgets.HTML:
        """The note of :meth:`_lessons_played_for_you` above the decision."""
        return widgets.HTML(f'<div class="isle-lessons-played" style="font-size:12.5px;color:#3b5b2a;'
                            f'background:#eef6e8;border-radius:6px;padding:2px 8px;margin:2px 0 4px 0">'
                            f"{text}</div>")

    def _show_sister(self, ctx: Context) -> None:
        if self.sister_box is None:
            return
        if self._sister_slot.changed(SisterPanel.key(ctx)):
            replace_children(self.sister_box, (SisterPanel(ctx),))

    def _show_tab(self, ctx: Context, index: int) -> None:
        cls = self.tab_specs[index][1]
        key = cls.key(ctx)
        if key is not None:
            key = (*key, self._lessons_shown == self.viewer)
        if not self._tab_slots[index].changed(key):
            return
        box = self.tabs.children[index]
        if cls is FamilyHandPanel and self._hides_lessons():
            replace_children(box, (self._lessons_button(),))
            return
        replace_children(box, (cls(ctx),))

    def _hides_lessons(self) -> bool:
        """Family game with several people at one device: the lessons tab waits for its owner's click."""
        return (self.hot_seat_cover and len(self.humans) > 1 and not self.seat.over
                and self._lessons_shown != self.viewer)

    def _lessons_button(self) -> widgets.Widget:
        button = widgets.Button(description=f"Show {self.viewer}'s lessons", layout=widgets.Layout(width="auto"))
        button.add_class("isle-show-lessons")
        button.on_click(self._guard(lambda _b: self.show_lessons()))
        return widgets.VBox([widgets.HTML(f"<div style='color:#555'>Family lessons are secret: only "
                                          f"{html.escape(str(self.viewer))} should look.</div>"), button])

    def _on_tab(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self.covered and self.viewer is not None:
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
        return f"GameApp({self.table.game or self.table!r})"


def play_app(
    players: Sequence[str] | int = ("You", "bot:greedy"),
    seed: int | None = None,
    bot_delay: float = 0.6,
    hot_seat_cover: bool = True,
    mode: str = "standard",
    difficulty: str | None = None,
    autosave: bool = True,
    table: str | None = None,
    **options: Any,
) -> Any:
    """Start a new game of any registered mode (:func:`isle_nb.modes`) and return its app (display it as the last
    line of a cell).

    ``table`` is a seat link of a table on a hub (:mod:`isle_nb.remote`): the app then plays that seat of the
    shared game (of any mode), the other arguments aside. A Voila page opened with
    ``?table=<seat link>`` in its address joins that seat the same way, and one opened with ``?lobby`` under
    ``make class`` (the hub named by the ``ISLE_NB_HUB`` environment variable) shows the hub's lobby
    (:class:`~isle_nb.widgets.lobby.LobbyApp`), where a student takes an open seat.

    ``players`` lists the seats: a name for a person, ``"bot:search"`` (the strong search bot), ``"bot:greedy"`` or
    ``"bot:random"`` for a bot (``"Cleo=bot:greedy"`` names it), or how many people play (named "Player 1"...).
    People share the device (hot seat); bots move by themselves after ``bot_delay`` seconds.
    ``mode`` is ``"standard"``, ``"solo"`` (one player against the sister; ``difficulty`` is ``"easy"``
    (the default), ``"medium"``, ``"hard"``, ``"very hard"`` or ``"expert"``), ``"family"`` (2-4 players),
    ``"pocket"`` (Pocket Cats, 2 seats: a :class:`~isle_nb.widgets.pocket.PocketBoardWidget`; ``variant=...``) or
    ``"explore_draw"`` (Explore & Draw, 1-6 seats: returns an :class:`~isle_nb.widgets.explore_draw.ExploreDrawApp`);
    ``options`` are the mode's other options. ``seed=None`` deals a fresh game (the seed is shown in the app so it
    can be replayed). With ``autosave`` the game is saved after every move in
    :func:`~isle_nb.widgets.saves.saves_folder`; after a restart the new app offers to resume the last game
    with one click (its Games button lists every saved game).
    """
    if table is None:
        table = _link_in_address()
    if table is not None:
        return _joined_app(table)
    lobby = lobby_in_address(os.environ.get("QUERY_STRING", ""))
    if lobby is not None:
        return LobbyApp(lobby, _joined_app)
    seed = fresh_seed() if seed is None else seed
    if difficulty is not None:
        options["difficulty"] = difficulty
    app = open_game(mode, players, seed, options, bot_delay=bot_delay, hot_seat_cover=hot_seat_cover,
                    autosave=autosave)
    if isinstance(app, GameApp):
        _offer_last_game(app)
    return app


def _offer_last_game(app: GameApp) -> None:
    """A new app says what can be resumed: the last game with one click (:func:`last_game` decides which), the
    other unfinished games through Games. If the last game's app of this kernel is still shown, the offer comes as
    soon as it is not (the cell was run again: the browser removes its old output just after)."""
    unfinished = [g for g in _unfinished() if g.path != Path(app.save_path or "")]
    last = last_game(app.save_path)
    if last is not None:
        app.offer_resume(last)
    else:
        shown = shown_here(app.save_path)
        if shown is not None:
            shown.kernel_watch.when_hidden(app.messages.guard(lambda: _offer_later(app)))
    _say_unfinished(app, unfinished, last is not None)


def _offer_later(app: GameApp) -> None:
    """The last game's old app is no longer shown: offer its game, unless this app has moved on (closed, a person
    moved, another game shown)."""
    if app.comm is None or app.offer is not None or app.table.people_moved or app.save_path is not None:
        return
    last = last_game()
    if last is not None:
        app.offer_resume(last)
        _say_unfinished(app, _unfinished(), True)


def _say_unfinished(app: GameApp, unfinished: list[SavedGame], offered: bool) -> None:
    """Say how many unfinished games there are and where to resume them."""
    if not unfinished:
        return
    count = f"{len(unfinished)} unfinished game{'s' if len(unfinished) != 1 else ''}"
    if not offered:
        app.messages.show(f"You have {count}: open Games to resume.", "info")
    elif len(unfinished) == 1:
        app.messages.show(f"You have {count}: “{RESUME}” goes on with it.", "info")
    else:
        app.messages.show(f"You have {count}: “{RESUME}” goes on with the last one; Games lists them all.", "info")


def _link_in_address() -> str | None:
    """The seat link in the address of the Voila page running this kernel, if any."""
    query = os.environ.get("QUERY_STRING")
    if not query:
        return None
    from isle_nb.remote import link_in_query

    return link_in_query(query)


def _joined_app(link: str) -> Any:
    """The app of the seat a link opens on a hub, whatever its mode's app (nothing is saved here: the hub keeps the
    game)."""
    from isle_nb.remote import JoinedTable, join

    seat = join(link)
    try:
        return app_maker(seat.mode)(JoinedTable(seat), {}, (seat.name,), hot_seat_cover=False, autosave=False)
    except BaseException:
        seat.close()
        raise


def _unfinished() -> list[SavedGame]:
    from isle_nb.widgets.saves import saved_games

    return [g for g in saved_games() if not g.over]


__all__ = ["TABS", "GameApp", "panel_height", "play_app", "status_text", "tabs_for"]
