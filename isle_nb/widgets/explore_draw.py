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

import base64
import html
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from isle_nb.draw import to_svg
from isle_nb.draw.pdf import PAPERS
from isle_nb.model.core.contract import Bot
from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.seat import LocalSeat
from isle_nb.model.core.table import LocalTable
from isle_nb.model.explore_draw import ChooseCards, DeclineCopy, Draw, EDAction, TakeCard, TakeMapBonus, UseSpecial
from isle_nb.model.explore_draw.data import discovery_tile, island_card, lesson_sheet, specials
from isle_nb.model.explore_draw.island import COLUMNS, column_slots, slot_name
from isle_nb.model.isle.actions import Place
from isle_nb.model.modes import game_mode, mode_of_game
from isle_nb.model.parts.boat import PlacedTile
from isle_nb.model.parts.tiles import COLOUR_HEX
from isle_nb.model.parts.words import YOU, plural
from isle_nb.view.ed_cards import ed_card_html, ed_choice_scene, svg_img
from isle_nb.view.explore_draw import (
    lesson_sheet_html,
    pen_drawing_items,
    sheets_pdf,
    sheets_png,
    sheets_svg,
    sister_html,
)
from isle_nb.widgets.boat import BoatWidget
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.cover import HandOverCover
from isle_nb.widgets.games import GamesDialog
from isle_nb.widgets.history import HistoryControls
from isle_nb.widgets.launcher import launcher_of
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.panels.status import EndScreen, player_label
from isle_nb.widgets.playing import PlayingApp
from isle_nb.widgets.seats import BotDriver, parse_players
from isle_nb.widgets.slots import Batch, Slot
from isle_nb.widgets.words import line_html, player_text

SPECIAL_WORDS = {s.key: s.text for s in specials()}
CARD_WIDTH = 100
"""The width of a card picture on the island, in CSS pixels (four columns fit a 1024 pixels wide screen)."""
TRAY_WIDTH = 4 * (CARD_WIDTH + 10)
"""The widest a card to resolve and its options may be (the island's width): its options wrap within it."""
STYLE = """<style>
.isle-ed-col:hover .isle-ed-card:not(.isle-ed-chosen) { border-color: #f9a825 !important;
                                                       border-style: dashed !important; }
.isle-ed-col { border-radius: 8px; }
.isle-ed-col:hover { background: #fff6dc; }
.isle-ed-special { text-align: left; white-space: normal !important; height: auto !important;
                   line-height: 1.25 !important; padding: 4px 6px !important; }
</style>"""
"""Pointing at a column frames the three cards it gives with a dashed amber line (``isle-ed-col``), unlike the solid
green frame and tick of a chosen card; the special boxes wrap their words."""


def option_label(action: TakeCard) -> str:
    """The words on a card option's button."""
    if action.side:
        return f"Take the {'top' if action.side == 'above' else 'bottom'}"
    if action.picks:
        return "Take these two"
    if action.colour:
        return f"Tick it in {action.colour}"
    return "Take it"


def picks_refusal(picked: set[int], special: str) -> str:
    """Why the cards picked on the island are no choice with the ticked special, as a sentence ("A1 and B2 are not a
    choice with “Choose a row instead of a column.”: pick the cards it allows.")."""
    names = [slot_name(s) for s in sorted(picked)]
    if not names:
        return f"No card is picked yet: pick the cards that \u201c{special}\u201d allows."
    special = special.rstrip(".")
    cards = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    verb = "is" if len(names) == 1 else "are"
    return f"{cards} {verb} not a choice with \u201c{special}\u201d: pick the cards it allows."


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


def download_link(data: bytes, name: str, mime: str, words: str) -> str:
    """An HTML link that downloads ``data`` as the file ``name`` (a data URL: no server needed)."""
    encoded = base64.b64encode(data).decode()
    return (f'<a class="isle-ed-download" download="{html.escape(name)}" href="data:{mime};base64,{encoded}" '
            f'style="margin-right:14px;color:#1a5fb4;text-decoration:underline;cursor:pointer">{html.escape(words)}</a>')


class SheetWidget(BoatWidget):
    """The boat sheet: the shared boat widget (ghost, rotate, mirror, legal spots, map bonus) with the discoveries
    drawn as with a pen: cats outlined and hatched in their colour, treasures in black marked C or R; a drawing just
    made is drawn the same way as after a full redraw."""

    def tiles_items(self, tiles: Sequence[PlacedTile]) -> list[Any]:
        """The drawings, in pen."""
        return pen_drawing_items(tiles, self.cell)


class ExploreDrawApp(PlayingApp, widgets.VBox):
    """The Explore & Draw game app. ``bots`` maps seat names to bots; the other seats are people (hot seat).

    ``bot_delay``: seconds a bot "thinks" before each drawing move (the hidden choice of cards is made at once);
    ``seats``: how the seats were given (``"Ann"``, ``"Greedy bot=bot:greedy"``), kept in the save; ``autosave``:
    save after every move once a person has moved (in ``save_path``, else a new file in the saves folder);
    ``hot_seat_cover``: hide the screen while the device passes between people choosing in secret.
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
        self.status = widgets.HTML(layout=widgets.Layout(flex="1 1 360px"))
        self.status.add_class("isle-ed-status")
        self.history = HistoryControls(guard, self.undo, self.redo)
        self.ready = widgets.HTML()
        """A hidden mark set last in every redraw (the number of moves, and whether the game is over), so a browser
        test can wait for the screen to show a move instead of sleeping."""
        self.header = widgets.HBox([self.status, self.history.note, self.history.buttons, self.ready],
                                   layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
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
        # the island: four columns of three cards, each with its button (and a pick box while a special is ticked)
        self.cards = [widgets.HTML() for _ in range(12)]
        self.picks = [widgets.ToggleButton(description="Pick", layout=widgets.Layout(width=f"{CARD_WIDTH + 6}px",
                                                                                     display="none"))
                      for _ in range(12)]
        for slot, pick in enumerate(self.picks, start=1):
            pick.add_class(f"isle-ed-pick-{slot}")
            pick.observe(guard(lambda _c: self._show_picked()), names=["value"])
        self.column_buttons = []
        columns = []
        for column in COLUMNS:
            button = widgets.Button(description=f"Column {column}",
                                    layout=widgets.Layout(width=f"{CARD_WIDTH + 6}px"))
            button.add_class(f"isle-ed-column-{column}")
            button.on_click(guard(lambda _b, c=column: self.choose_column(c)))
            self.column_buttons.append(button)
            parts = [w for slot in column_slots(column) for w in (self.cards[slot - 1], self.picks[slot - 1])]
            box = widgets.VBox([*parts, button], layout=widgets.Layout(padding="2px", align_items="center"))
            box.add_class("isle-ed-col")
            columns.append(box)
        self.island = widgets.HBox(columns, layout=widgets.Layout(flex_flow="row nowrap"))
        self.island.add_class("isle-ed-island")
        self._armed: str | None = None
        self._island: dict[int, str] = {}
        """The island as last shown (slot -> card id), for framing picked cards."""
        self._refused_picks: set[int] | None = None
        """The cards last offered with "Choose the picked cards" that the ticked special does not allow."""
        """The special ticked for today's choice (``row``, ``one_per_row``, ``extra_card``), if any."""
        self.choose_button = widgets.Button(description="Choose the picked cards", button_style="primary",
                                            layout=widgets.Layout(width="200px"))
        self.choose_button.add_class("isle-ed-choose-picked")
        self.choose_button.on_click(guard(lambda _b: self.choose_picked()))
        self.pick_note = widgets.HTML()
        self.choice_row = widgets.HBox([self.choose_button, self.pick_note],
                                       layout=widgets.Layout(display="none", align_items="center"))
        self.tray = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.tray.add_class("isle-ed-tray")
        self._tray_slot, self._items_slot = Slot(), Slot()
        """The rows of buttons are rebuilt only when their choices change (see widgets/slots.py)."""
        self.items = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.boat = SheetWidget(self.shown.view.seats[0].boat, messages=self.messages)
        self.special_boxes: dict[str, widgets.Button] = {}
        for special in specials():
            box = widgets.Button(description=f"\u2610 {special.text}", tooltip=special.text,
                                 layout=widgets.Layout(width="auto", flex="1 1 0"))
            box.add_class("isle-ed-special")
            box.add_class(f"isle-ed-{special.key}")
            box.on_click(guard(lambda _b, key=special.key: self.tick_special(key)))
            self.special_boxes[special.key] = box
        self.special_note = widgets.HTML()
        """Under the boxes while a choice special is ticked: where its cards are picked."""
        self.specials = widgets.VBox([
            widgets.HTML("<b>Specials</b> <span style='color:#666'>(tick one a day, three a game, each once)</span>"),
            widgets.HBox(list(self.special_boxes.values()), layout=widgets.Layout(width="100%")),
            self.special_note,
        ])
        self.lessons = widgets.HTML()
        self.sister = widgets.HTML()
        self.print_button = widgets.Button(description="Print the sheets", icon="print",
                                           tooltip="Download the sheets as PNG, SVG or PDF to play on paper")
        self.print_button.add_class("isle-ed-print")
        self.print_button.on_click(guard(lambda _b: self.show_print()))
        self.downloads = widgets.HTML()
        self.paper = widgets.ToggleButtons(options=tuple(PAPERS), description="Paper", value="A4",
                                           tooltip="The paper the PDF is printed on",
                                           style={"button_width": "auto"})
        self.paper.add_class("isle-ed-paper")
        self.paper.observe(guard(lambda _c: self._reprint()), names=["value"])
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", display="none"))
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
            self.play_area,
            widgets.HBox([self.print_button, self.paper, self.downloads],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
            self.picture, self.log_view,
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
        self._armed = None if self._armed == special else special
        for pick in self.picks:
            pick.value = False
        self.refresh(switch=False)

    def choose_picked(self) -> None:
        """Choose the cards picked on the island with the ticked special (ED-2, ED-6)."""
        picked = {slot for slot, pick in enumerate(self.picks, start=1) if pick.value}
        for action in self.shown.legal_actions():
            if isinstance(action, ChooseCards) and action.special == self._armed and set(action.slots) == picked:
                self._armed = None
                self.act(action)
                return
        self._refused_picks = picked
        self._show_picked()  # says why under the island, where the cards are picked, and in the message line
        raise IllegalAction("ED-6", picks_refusal(picked, SPECIAL_WORDS[self._armed or ""]))

    def take(self, action: TakeCard) -> None:
        """Start resolving a card with this option (ED-2, ED-4, ED-5)."""
        self.act(action)

    def draw(self, tile_id: str) -> None:
        """Pick which discovery of the card to draw next: the boat shows its ghost and legal spots (ED-3)."""
        draws = [a for a in self.shown.legal_actions() if isinstance(a, Draw) and a.tile == tile_id]
        if not draws:
            self.messages.show(f"{tile_id} cannot be drawn now", "warning")
            return
        tile = discovery_tile(tile_id)
        fixed = draws[0].colour if tile.kind == "oshax" and len({a.colour for a in draws}) == 1 else None
        if fixed:
            tile = tile.with_colour(fixed)
        cells = {a.cells for a in draws}

        def place(chosen: Place) -> None:
            self.act(Draw(self.player, tile_id, chosen.cells, fixed or chosen.colour))

        self.boat.start_placing(tile, cells, on_place=self.messages.guard(place))
        self.boat.show_legal = True

    def use_special(self, special: str) -> None:
        """Draw the next cat (or treasure) twice (ED-6)."""
        self.act(UseSpecial(self.player, special))

    def show_print(self) -> None:
        """The shown player's sheets (boat, specials, scoring area, lessons) as a picture, with links to download
        them as PNG, SVG, and a PDF of every player's sheets, to print and play on paper."""
        view = self.shown.view
        sheet = view.sheet_of(self.player)
        result = self.shown.result()
        categories = {}
        if result is not None:
            categories = {n: dict(zip(result.columns, v, strict=True))
                          for n, v in zip(result.players, result.values, strict=True)}
        png = sheets_png(sheet, categories=categories.get(self.player))
        self.picture.value = png
        self.picture.layout.display = "block"
        stem = "explore-draw-" + re.sub(r"[^\w.-]+", "-", str(self.table.seed))  # a hub's table: its id and hub
        self.downloads.value = (
            download_link(png, f"{stem}-{self.player}.png", "image/png", "PNG")
            + download_link(sheets_svg(sheet, categories.get(self.player)).encode(), f"{stem}-{self.player}.svg",
                            "image/svg+xml", "SVG")
            + download_link(sheets_pdf(view.seats, categories=categories, paper=self.paper.value),
                            f"{stem}-{self.paper.value.lower()}.pdf", "application/pdf",
                            f"PDF on {self.paper.value} (every player's sheets)"))

    def _reprint(self) -> None:
        """The paper changed: make the PDF again for it, if the print links are shown."""
        if self.picture.layout.display == "block":
            self.show_print()

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
        self._armed = None
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
        self._show_status(view)
        self.history.update(self.shown, blocked=self.covered)  # behind the hand-over cover nobody may take back
        self._autosave()
        if self.covered:
            self._mark_ready()
            return
        mine = view.sheet_of(self.player)
        self._show_island(view, mine, legal)
        self._show_tray(view, legal)
        self._show_items(legal)
        self.boat.boat = mine.boat
        self._show_specials(mine, legal)
        self.lessons.value = lesson_sheet_html(mine)
        if view.sister_colours is not None:
            self.sister.value = sister_html(view.sister_colours, view.sister_lessons or (), view.sister_score,
                                            view.sister_points)
        self.log_view.value = "<br>".join(line_html(*player_text(text)) for text in view.log[-12:])
        self._show_end(seat)
        self._mark_ready()

    def _mark_ready(self) -> None:
        self.ready.value = (f'<span class="isle-ed-ready" data-moves="{self.table.moves}" '
                            f'data-over="{str(self.shown.over).lower()}" data-covered="{str(self.covered).lower()}" '
                            f'data-player="{html.escape(self.player)}"></span>')

    def _show_status(self, view: Any) -> None:
        if self.shown.result() is not None:  # the end screen below has the headline and who won
            self.status.value = f'<b style="font-size:15px">Day {view.day} of 7</b> · Game over: the scores are below'
            return
        self.status.value = (f'<b style="font-size:15px">Day {view.day} of 7</b> · {self._waiting_words(view)} · '
                             f"cards left: {plural(view.cards_left[0], 'cat card')}, "
                             f"{plural(view.cards_left[1], 'lesson card')}")

    def _waiting_words(self, view: Any) -> str:
        """Who the game waits for and what for, as a sentence part ("Bea (bot, thinking...) chooses today's cards,
        which stay hidden until everyone has chosen")."""
        who = [f"{n} (bot, thinking...)" if n in self.bots else n for n in view.awaiting]
        if not who:
            return "waiting"
        names = html.escape(f"{', '.join(who[:-1])} and {who[-1]}" if len(who) > 1 else who[0])
        alone = len(who) == 1 and view.awaiting[0] != YOU
        if view.step == "choose":
            return (f"{names} {'chooses' if alone else 'choose'} today's cards, which stay hidden until everyone "
                    "has chosen")
        return f"{names} {'draws' if alone else 'draw'} today's discoveries"

    def _show_island(self, view: Any, mine: Any, legal: list[EDAction]) -> None:
        chosen = set(view.to_resolve) | ({view.card} if view.card else set())
        island = self._island = dict(view.island)
        for slot in range(1, 13):
            card_id = island.get(slot)
            picked = slot in (mine.choice or ()) or slot in chosen
            self.cards[slot - 1].value = ed_card_html(card_id, CARD_WIDTH, picked) if card_id else ""
        choosing = [a for a in legal if isinstance(a, ChooseCards)]
        for button, column in zip(self.column_buttons, COLUMNS, strict=True):
            button.disabled = ChooseCards(self.player, column_slots(column)) not in choosing
            cards = [island_card(island[s]).describe() for s in column_slots(column) if s in island]
            button.tooltip = f"Column {column} gives: " + "; ".join(cards)
        if self._armed is not None and not any(a.special == self._armed for a in choosing):
            self._armed = None
        for slot, pick in enumerate(self.picks, start=1):
            pick.layout.display = None if self._armed and slot in island else "none"
        self.choice_row.layout.display = "flex" if self._armed else "none"
        self.special_note.value = ('<span style="color:#8a5a00">Now pick its cards on the island, then click '
                                   "\u201cChoose the picked cards\u201d.</span>") if self._armed else ""
        self._show_picked()

    def _show_picked(self) -> None:
        if self._armed is None:
            return
        picked = {slot for slot, pick in enumerate(self.picks, start=1) if pick.value}
        for slot, pick in enumerate(self.picks, start=1):  # a picked card: a tick on its button and a frame
            pick.description = "\u2714 Picked" if pick.value else "Pick"
            pick.button_style = "success" if pick.value else ""
            if slot in self._island:
                self.cards[slot - 1].value = ed_card_html(self._island[slot], CARD_WIDTH, pick.value)
        if self._refused_picks is not None and self._refused_picks != picked:
            self._refused_picks = None  # the picks changed: the refusal was about other cards
        note = f"Pick its cards on the island ({len(picked)} picked); tick the box again to untick it."
        if self._refused_picks is not None:
            note = ('<span class="isle-ed-pick-refusal" style="color:#8a1c1c">'
                    f"{html.escape(picks_refusal(picked, SPECIAL_WORDS[self._armed]))}</span>")
        self.pick_note.value = (f'<div style="line-height:1.3">\u2611 {html.escape(SPECIAL_WORDS[self._armed])}<br>'
                                f"{note}</div>")

    def _show_specials(self, mine: Any, legal: list[EDAction]) -> None:
        used = {key for key, _ in mine.specials}
        usable = {a.special for a in legal if isinstance(a, UseSpecial)} | {
            a.special for a in legal if isinstance(a, ChooseCards) and a.special}
        for key, box in self.special_boxes.items():
            ticked = key in used or key == self._armed
            box.description = ("\u2611 " if ticked else "\u2610 ") + SPECIAL_WORDS[key]
            box.disabled = key not in usable
            box.button_style = "warning" if key == self._armed else ""

    def _show_end(self, seat: LocalSeat) -> None:
        result = seat.result()
        if result is not None and self.end is None:
            self.end = EndScreen(result, self.player, self.messages, self.rematch, self.open_games,
                                 extra=lessons_side_by_side_html(seat.view.seats))
            self.end.add_class("isle-ed-end")
        self._show_top()

    def _show_top(self) -> None:
        shown = tuple(w for w in (self.dialog, self.end) if w is not None)
        if tuple(self.top_box.children) != shown:
            self.top_box.children = shown
        self.top_box.layout.display = "flex" if shown else "none"

    def _show_tray(self, view: Any, legal: list[EDAction]) -> None:
        if not self._tray_slot.changed((view.to_resolve, tuple(a for a in legal if isinstance(a, TakeCard)))):
            return
        boxes = []
        island = dict(view.island)
        for slot in view.to_resolve:
            card_id = island[slot]
            options = [self._option(card_id, a) for a in legal if isinstance(a, TakeCard) and a.slot == slot]
            # the options wrap within the island's width (an "any 2" card has ten)
            choices = widgets.HBox(options, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-end",
                                                                  width="100%"))
            choices.add_class("isle-ed-options")
            box = widgets.VBox([widgets.HTML(ed_card_html(card_id, CARD_WIDTH)), choices],
                               layout=widgets.Layout(margin="0 8px 4px 0", max_width=f"{TRAY_WIDTH}px"))
            boxes.append(box)
        replace_children(self.tray, boxes)

    def _option(self, card_id: str, action: TakeCard) -> widgets.Widget:
        """One way to take a card: a picture of what it gives and a button (a lesson's colour: a coloured button)."""
        button = widgets.Button(description=option_label(action), layout=widgets.Layout(width="auto"))
        button.add_class("isle-ed-take")
        button.on_click(self.messages.guard(lambda _b: self.take(action)))
        if action.colour:
            button.style.button_color = COLOUR_HEX[action.colour]
            return button
        if not (action.side or action.picks):
            return button
        scene = ed_choice_scene(card_id, action.side, action.picks)
        picture = widgets.HTML(svg_img(to_svg(scene), scene.width, option_label(action)))
        return widgets.VBox([picture, button], layout=widgets.Layout(align_items="center", margin="0 4px"))

    def _show_items(self, legal: list[EDAction]) -> None:
        self.boat.stop_placing()
        self.boat.close_offer()
        bonus = [a for a in legal if isinstance(a, TakeMapBonus)]
        if bonus:
            shapes = [a.shape for a in bonus if a.shape]
            self.boat.offer_map_bonus(shapes, self.messages.guard(
                lambda shape: self.act(TakeMapBonus(self.player, shape))))
        tiles = sorted({a.tile for a in legal if isinstance(a, Draw)})
        decline = DeclineCopy(self.player) in legal
        if self._items_slot.changed((*tiles, decline)):
            buttons = [self._draw_button(tile_id) for tile_id in tiles]
            replace_children(self.items, [*buttons, self._decline_button()] if decline else buttons)
        if tiles:
            self.draw(tiles[0])

    def _draw_button(self, tile_id: str) -> widgets.Button:
        button = widgets.Button(description=f"draw the {discovery_tile(tile_id)}",
                                layout=widgets.Layout(width="auto"))
        button.add_class("isle-ed-draw")
        button.on_click(self.messages.guard(lambda _b: self.draw(tile_id)))
        return button

    def _decline_button(self) -> widgets.Button:
        """Leave out the second copy of a "twice" special (ED-6)."""
        button = widgets.Button(description="skip the second copy", layout=widgets.Layout(width="auto"))
        button.add_class("isle-ed-decline-copy")
        button.on_click(self.messages.guard(lambda _b: self.act(DeclineCopy(self.player))))
        return button


def explore_draw_app(players: Sequence[str] = ("You", "bot:greedy"), seed: int = 1, difficulty: str | None = None,
                     bot_delay: float = 0.0, autosave: bool = False) -> ExploreDrawApp:
    """A new Explore & Draw game and its app: ``players`` lists the seats, a name for a person or ``"bot:random"`` /
    ``"bot:greedy"`` (``"Cleo=bot:greedy"`` names it); one person alone plays the solo game (``difficulty``).
    ``bot_delay`` and ``autosave`` are as in :class:`ExploreDrawApp`."""
    mode = game_mode("explore_draw")
    names, bots = parse_players(players, seed, mode.bots)
    game = mode.new(names, seed, difficulty=difficulty)
    return ExploreDrawApp(game, bots, bot_delay=bot_delay, seats=players, autosave=autosave)


__all__ = ["ExploreDrawApp", "SheetWidget", "download_link", "explore_draw_app", "lessons_side_by_side_html",
           "move_words", "option_label"]
