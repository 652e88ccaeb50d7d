"""``ExploreDrawApp``: Explore & Draw, the flip-and-write game, in Jupyter: hot seat or with bots, 1-12 seats
(rules ED-1..ED-10).

The app draws the seat shown (:class:`~isle_nb.model.core.seat.Seat`, one per person at a hot-seat table, from a
:class:`~isle_nb.model.core.table.LocalTable`): its view, its legal actions and the result, and sends the seat its
actions; it never decides a rule and never reads the game's state. The island shows the 12 printed cards as pictures
in four columns (pointing at a column frames the cards it gives); the chosen cards wait in a "to resolve" tray whose
choices are pictures of what each option takes (``any 2`` pairs, the two sides of an ``or`` card). The boat sheet is
drawn like pen on paper on the shared :class:`~isle_nb.widgets.boat.BoatWidget` (ghost, rotate, mirror, legal spots,
map bonus); beside it the five specials are boxes to tick (a special that changes today's choice is ticked, then
the cards are picked on the island), the lesson sheet lists every lesson in words with its tick and live points,
and in solo the sister shows her colours, her lessons and her score. The sheets download as PNG, SVG or PDF to
print and play on paper. In a hot-seat game a cover hides the screen while the device passes between people who
choose in secret (ED-2, ED-6). At the end the standard app's end screen shows the winner, every score by category
and by lesson, Rematch and New game. Every control can be driven from Python (``button.click()``,
``boat.click_cell``); every error (a refused click, a bot's or an observer's bug, a failed save) shows in the
message line.

Bot seats move by themselves (the shared :class:`~isle_nb.widgets.seats.BotDriver`, with a short "thinking" pause
while players draw); Undo and Redo work as in the other games' app (:mod:`isle_nb.widgets.history`); with
``autosave`` the game is saved after every move in the app's saves folder (:mod:`isle_nb.widgets.saves`), so the
Games dialog can resume it.
"""

from __future__ import annotations

import html
import time
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from isle_nb.model.core.contract import Bot
from isle_nb.model.core.seat import LocalSeat
from isle_nb.model.core.table import LocalTable
from isle_nb.model.explore_draw import ChooseCards, DeclineCopy, Draw, EDAction, TakeCard, TakeMapBonus, UseSpecial
from isle_nb.model.explore_draw.data import discovery_tile, lesson_sheet
from isle_nb.model.explore_draw.island import column_slots
from isle_nb.model.modes import game_mode, mode_of_game
from isle_nb.view.explore_draw import lesson_sheet_html, sister_html
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.cover import HandOverCover
from isle_nb.widgets.explore_draw_app.drawing import DrawingPanel, SheetWidget
from isle_nb.widgets.explore_draw_app.header import Header
from isle_nb.widgets.explore_draw_app.island import CARD_WIDTH, IslandPanel, picks_refusal
from isle_nb.widgets.explore_draw_app.printing import PrintPanel, download_link
from isle_nb.widgets.explore_draw_app.specials import SPECIAL_WORDS, SpecialsPanel
from isle_nb.widgets.explore_draw_app.tray import TRAY_WIDTH, TrayPanel, option_label
from isle_nb.widgets.fit import FIT_CSS
from isle_nb.widgets.games import GamesDialog
from isle_nb.widgets.launcher import launcher_of
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels.status import EndScreen, player_label
from isle_nb.widgets.playing import PlayingApp
from isle_nb.widgets.seats import BotDriver, parse_players
from isle_nb.widgets.slots import Batch
from isle_nb.widgets.words import bot_lines, latest_lines, line_html, player_text

STYLE = """<style>
.isle-ed-col:hover .isle-ed-card:not(.isle-ed-chosen) { border-color: #f9a825 !important;
                                                       border-style: dashed !important; }
.isle-ed-col { border-radius: 8px; }
.isle-ed-col:hover { background: #fff6dc; }
.isle-ed-special { text-align: left; white-space: normal !important; height: auto !important;
                   line-height: 1.25 !important; padding: 4px 6px !important; }
""" + FIT_CSS + "</style>"
"""Pointing at a column frames the three cards it gives with a dashed amber line (``isle-ed-col``), unlike the solid
green frame and tick of a chosen card; the special boxes wrap their words; the app fits phones and tablets
(:mod:`isle_nb.widgets.fit`)."""


def move_words(action: EDAction) -> str:
    """A move in a few plain words ("drawing the orange 6-square cat"), for what Undo took back."""
    if isinstance(action, Draw):
        return f"drawing the {discovery_tile(action.tile)}"
    if isinstance(action, TakeCard):
        return f"taking the card in slot {action.slot}"
    if isinstance(action, ChooseCards):
        return "choosing today's cards"
    if isinstance(action, TakeMapBonus):
        return "the treasure for a covered map" if action.shape else "declining the treasure for a covered map"
    if isinstance(action, UseSpecial):
        return f"the special \u201c{SPECIAL_WORDS[action.special]}\u201d"
    if isinstance(action, DeclineCopy):
        return "skipping the second copy"
    return "the last move"


def lessons_side_by_side_html(sheets: Sequence[Any]) -> str:
    """Every ticked lesson's points, players side by side (lessons as rows): the end screen's "by lesson" table."""
    names = [s.name for s in sheets]
    points = {s.name: dict(s.lesson_points) for s in sheets}
    rows = []
    for lesson in lesson_sheet():
        if not any(lesson.number in points[n] for n in names):
            continue
        cells = "".join(f'<td style="text-align:right">{points[n].get(lesson.number, "")}</td>' for n in names)
        rows.append(f"<tr><td>{lesson.number}. {html.escape(lesson.title)}</td>{cells}</tr>")
    head = "".join(f'<th style="text-align:right">{html.escape(player_label(n))}</th>' for n in names)
    return (f'<table class="isle-breakdown isle-ed-by-lesson"><thead><tr><th>by lesson</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows) or "<tr><td>no lesson ticked</td></tr>"}</tbody></table>')


class ExploreDrawApp(PlayingApp, widgets.VBox):
    """The Explore & Draw game app. ``bots`` maps seat names to bots; the other seats are people (hot seat).

    ``bot_delay``: seconds a bot "thinks" before each drawing move (the hidden choice of cards is made at once);
    ``seats``: how the seats were given (``"Ann"``, ``"Greedy bot=bot:greedy"``), kept in the save; ``autosave``:
    save after every move once a person has moved (in ``save_path``, else a new file in the saves folder);
    ``hot_seat_cover``: hide the screen while the device passes between people choosing in secret.

    It is built from named parts (:mod:`isle_nb.widgets.explore_draw_app`): the header, the island, the specials,
    the tray of cards to resolve, the boat sheet with what to draw on it, and the printable sheets.
    """

    save_label = "explore-draw"
    closes_with = ("_playing_children", "_covered_children", "end", "dialog", "other_app")
    """What closes with the app besides what it shows now (the cover or the play area, the end screen)."""

    def __init__(self, game: Any, bots: Mapping[str, Bot[Any]] | None = None, bot_delay: float = 0.0,
                 seats: Sequence[str] | None = None, autosave: bool = False, save_path: str | None = None,
                 hot_seat_cover: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("isle-ed-app")
        # a table joined on a hub (isle_nb.remote.JoinedTable) comes with its seat; a game gets a LocalTable
        table = game if hasattr(game, "seat") else LocalTable(game, bots)
        self.bots = table.bots
        self.humans = table.people
        self.seats = tuple(seats) if seats is not None else tuple(
            f"{n}=bot:{type(self.bots[n]).__name__.lower().removesuffix('bot').removeprefix('exploredraw')}"
            if n in self.bots else n for n in table.players)
        self.bot_delay = bot_delay
        self.autosave = autosave
        self.save_path = save_path
        self.hot_seat_cover = hot_seat_cover
        self._started = time.time()
        self._suspended = Batch(lambda: self.refresh())
        self.messages = MessageArea()
        guard = self.messages.guard
        self.driver = BotDriver(table, bot_delay, on_error=self.messages.error)
        self._seats = {n: table.seat(n) for n in self.humans or table.players}
        """The seats this screen shows: every person's at a hot-seat table (the bots' when only bots play)."""
        self.seat = widgets.ToggleButtons(options=tuple(self._seats), description="Sheet of",
                                          style={"button_width": "auto"})
        self.seat.layout.display = None if len(self._seats) > 1 else "none"  # one sheet: nothing to switch
        self._shown_name = self.player
        self.seat.observe(guard(lambda _c: self._seat_changed()), names=["value"])
        self.cover = HandOverCover(self.messages, self.reveal)
        self.covered = False
        # the parts, each drawn from the shown seat's view and legal actions
        self.header_part = Header(self.messages, self.undo, self.redo)
        self.island_panel = IslandPanel(self.messages, self.choose_column, self.choose_picked)
        self.specials_panel = SpecialsPanel(self.messages, self.tick_special)
        self.tray_panel = TrayPanel(self.messages, self.take)
        self.drawing = DrawingPanel(self.messages, self.shown.view.seats[0].boat, lambda: self.player,
                                    lambda: self.shown.legal_actions(), self.act)
        self.printing = PrintPanel(self.messages, self.show_print)
        # their widgets, by the names the page and the tests know them by
        self.header, self.status, self.history, self.ready = (
            self.header_part.box, self.header_part.status, self.header_part.history, self.header_part.ready)
        island = self.island_panel
        self.cards, self.picks, self.column_buttons, self.island = (
            island.cards, island.picks, island.column_buttons, island.island)
        self.choose_button, self.pick_note, self.choice_row = island.choose_button, island.pick_note, island.choice_row
        self.special_boxes, self.special_note = self.specials_panel.special_boxes, self.specials_panel.special_note
        self.specials = self.specials_panel.box
        self.tray, self.boat, self.items = self.tray_panel.tray, self.drawing.boat, self.drawing.items
        self.print_button, self.paper, self.downloads, self.picture = (
            self.printing.print_button, self.printing.paper, self.printing.downloads, self.printing.picture)
        self.lessons = widgets.HTML()
        self.sister = widgets.HTML()
        self.log_view = widgets.HTML(layout=widgets.Layout(max_height="160px", overflow="auto"))
        self.log_view.add_class("isle-ed-log")
        self.top_box = widgets.VBox(layout=widgets.Layout(display="none", border="1px solid #d8c8a8",
                                                          padding="4px 10px"))
        self.top_box.add_class("isle-top-box")
        self.end: EndScreen | None = None
        self.dialog: GamesDialog | None = None
        left = widgets.VBox([self.island, self.choice_row, widgets.HTML("<b>To resolve</b>"), self.tray,
                             self.items], layout=widgets.Layout(flex="0 0 auto"))
        right = widgets.VBox([self.boat, self.specials, self.sister, self.lessons],
                             layout=widgets.Layout(flex="1 1 auto", min_width=self.boat.layout.width,
                                                   max_width="720px"))
        self.play_area = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap",
                                                                          grid_gap="10px"))
        self._style = widgets.HTML(STYLE)
        self._playing_children: tuple[Any, ...] = (
            self._style, self.header, self.messages, self.ready_signal, self.kernel_watch, self.top_box, self.seat,
            self.play_area, self.printing.row, self.picture, self.log_view,
        )
        self._covered_children: tuple[Any, ...] = (
            self._style, self.header, self.messages, self.ready_signal, self.kernel_watch, self.cover,
        )
        self.children = self._playing_children
        self._watch(self.shown)

    # -- what the player does --------------------------------------------------------------------------------
    @property
    def player(self) -> str:
        """The seat whose sheet is shown and who acts through the controls."""
        return str(self.seat.value)

    def seat_view(self) -> Any:
        """What the seat shown may see now (its frozen view)."""
        return self.shown.view

    @property
    def shown(self) -> LocalSeat:
        """The seat shown: the screen draws only what this player may see (:class:`~isle_nb.model.core.seat.Seat`)."""
        return self._seats[self.player]

    def choose_column(self, column: str) -> None:
        """Choose a column for today (ED-2)."""
        self.act(ChooseCards(self.player, column_slots(column)))

    def tick_special(self, special: str) -> None:
        """Tick a special's box (ED-6): a "twice" special is used at once; one that changes today's choice is
        ticked (tick again to untick) and the cards are then picked on the island."""
        legal = self.shown.legal_actions()
        use = UseSpecial(self.player, special)
        if use in legal:
            self.act(use)
            return
        if not any(isinstance(a, ChooseCards) and a.special == special for a in legal):
            self.messages.show(f"\u201c{SPECIAL_WORDS[special]}\u201d cannot be ticked now.", "warning")
            return
        self.island_panel.arm(special)
        self.refresh(switch=False)

    def choose_picked(self) -> None:
        """Choose the cards picked on the island with the ticked special (ED-2, ED-6); cards it does not allow are
        refused, and why is said under the island, where the cards are picked, and in the message line."""
        self.act(self.island_panel.choice(self.shown.legal_actions()))

    def take(self, action: TakeCard) -> None:
        """Start resolving a card with this option (ED-2, ED-4, ED-5)."""
        self.act(action)

    def draw(self, tile_id: str) -> None:
        """Pick which discovery of the card to draw next: the boat shows its ghost and legal spots (ED-3)."""
        self.drawing.draw(tile_id)

    def use_special(self, special: str) -> None:
        """Draw the next cat (or treasure) twice (ED-6)."""
        self.act(UseSpecial(self.player, special))

    def show_print(self) -> None:
        """The shown player's sheets (boat, specials, scoring area, lessons) as a picture, with links to download
        them as PNG, SVG, and a PDF of every player's sheets, to print and play on paper."""
        self.printing.show(self.shown.view, self.player, self.shown.result(), self.table.seed)

    def reveal(self) -> None:
        """The next player is at the device: lift the hot-seat cover."""
        self.covered = False
        self.refresh(switch=False)

    def rematch(self) -> None:
        """The same seats and game again, with a new seed."""
        if self._played_on_a_hub():
            return
        mode = mode_of_game(self.table.game)
        setup = self.table.setup
        launcher = launcher_of(self)  # the game shows in this app's place (isle_nb.widgets.launcher)
        launcher.rematch(self, mode.name, {k: setup[k] for k in mode.options if k in setup})
        launcher.screen.messages.show("Rematch started.", "ok")

    def open_games(self) -> None:
        """The Games dialog (new game of any mode, resume, load, save) above the end screen."""
        if self._played_on_a_hub():
            return
        self.dialog = launcher_of(self).games_dialog(self, mode_of_game(self.table.game).name)
        self._show_top()

    def close_games(self) -> None:
        """Close the Games dialog."""
        self.dialog = None
        self._show_top()

    @property
    def style_box(self) -> widgets.HTML:
        """The app's style sheet (another game's app shown in this one's place keeps it)."""
        return self._style

    def _took_back(self, before: tuple[Any, ...], taken: EDAction) -> str:  # type: ignore[override]
        return f"Taken back: {move_words(taken)}."

    def act(self, action: EDAction | None) -> None:
        """Send the shown seat's action (``None``, nothing chosen: nothing happens); a refusal (the rules'
        :class:`~isle_nb.model.core.errors.IllegalAction`) is raised for the calling guard to show."""
        if action is None:
            return
        self.messages.clear()
        self.driver.paused = False  # after an undo the bots wait until a person moves
        self.shown.apply(action)

    # -- internals --------------------------------------------------------------------------------------------
    def run_bots(self) -> None:
        """Let the bots act now (ED-2: everyone chooses at once, so bots choose without waiting)."""
        self.driver.kick(self._quiet)

    def _secret(self) -> bool:
        """Whether the screen shows something another person may not see: today's hidden choice (ED-2, ED-6)."""
        return self.shown.view.step == "choose" and len(self.humans) > 1

    def _seat_changed(self) -> None:
        previous, self._shown_name = self._shown_name, self.player
        if self.hot_seat_cover and previous != self.player and self._secret():
            self.covered = True
            self.cover.show_for(self.player, previous, "sheet")
        self.island_panel.armed = None
        self.refresh(switch=False)

    def refresh(self, switch: bool = True) -> None:
        """Show the game as the current seat sees it."""
        waiting_humans = [n for n in self.shown.view.awaiting if n in self.humans]
        if switch and waiting_humans and self.player not in waiting_humans:
            self.seat.value = waiting_humans[0]  # the seat's observer refreshes (behind a cover if secret)
            return
        self.children = self._covered_children if self.covered else self._playing_children
        seat = self.shown
        view = seat.view
        legal = seat.legal_actions()
        self.header_part.show(view, seat.result() is not None, self.bots, self.player)
        self.history.update(self.shown, blocked=self.covered)  # behind the hand-over cover nobody may take back
        self._autosave()
        if self.covered:
            self._mark_ready()
            return
        mine = view.sheet_of(self.player)
        self.island_panel.show(view, mine, legal, self.player)
        self.tray_panel.show(view, legal)
        self.drawing.show(legal, mine.boat)
        self.specials_panel.show(mine, legal, self.island_panel.armed)
        self.lessons.value = lesson_sheet_html(mine)
        if view.sister_colours is not None:
            self.sister.value = sister_html(view.sister_colours, view.sister_lessons or (), view.sister_score,
                                            view.sister_points)
        self.log_view.value = "<br>".join(line_html(*player_text(text, None, self.player, stand_in=stand_in))
                                          for text, stand_in in latest_lines(view.log, 12, bot_lines(seat)))
        self._show_end(seat)
        self._mark_ready()

    def _mark_ready(self) -> None:
        self.header_part.mark_ready(self.table.moves, self.shown.over, self.covered, self.player)

    def _show_end(self, seat: LocalSeat) -> None:
        result = seat.result()
        if result is not None and self.end is None:
            self.end = EndScreen(result, self.player, self.messages, self.rematch, self.open_games,
                                 extra=lessons_side_by_side_html(seat.view.seats))
            self.end.add_class("isle-ed-end")
        self._show_top()

    def _show_top(self) -> None:
        shown = tuple(w for w in (self.dialog, self.end) if w is not None)
        replace_children(self.top_box, shown, keep=(self.end,))  # a dialog done with closes (issue #32 §2)
        self.top_box.layout.display = "flex" if shown else "none"


def explore_draw_app(players: Sequence[str] = ("You", "bot:greedy"), seed: int = 1, difficulty: str | None = None,
                     bot_delay: float = 0.0, autosave: bool = False) -> ExploreDrawApp:
    """A new Explore & Draw game and its app: ``players`` lists the seats, a name for a person or ``"bot:random"`` /
    ``"bot:greedy"`` (``"Cleo=bot:greedy"`` names it); one person alone plays the solo game (``difficulty``).
    ``bot_delay`` and ``autosave`` are as in :class:`ExploreDrawApp`."""
    mode = game_mode("explore_draw")
    names, bots = parse_players(players, seed, mode.bots)
    game = mode.new(names, seed, difficulty=difficulty)
    return ExploreDrawApp(game, bots, bot_delay=bot_delay, seats=players, autosave=autosave)


__all__ = ["CARD_WIDTH", "STYLE", "TRAY_WIDTH", "ExploreDrawApp", "SheetWidget", "download_link", "explore_draw_app",
           "lessons_side_by_side_html", "move_words", "option_label", "picks_refusal"]
