"""``ExploreDrawApp``: Explore & Draw in Jupyter, hot-seat or with bots, 1-6 seats (rules ED-1..ED-8).

The app draws the seat shown (:class:`~isle_nb.model.seat.Seat`, one per person at a hot-seat table, from a
:class:`~isle_nb.model.table.LocalTable`): its view, its legal actions and the result, and sends the seat its
actions; it never decides a rule and never reads the game's state. It shows the island as 12 cards with a
button per column (and, with a special, every other legal choice in a list), the chosen cards in a "to resolve"
tray whose buttons are the card's own options (``any 2`` picks, ``or`` sides, a lesson's colour), the player's boat
sheet on the shared :class:`~isle_nb.widgets.boat.BoatWidget` (ghost, rotate, mirror, legal spots, map bonus), the
lesson sheet with ticks and live points, the five specials, the sister's colours in solo, and the sheets to print
as PNG or SVG. Every control can be driven from Python (``button.click()``, ``boat.click_cell``).

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

from isle_nb.model.actions import Place
from isle_nb.model.contract import Bot
from isle_nb.model.explore_draw.actions import (
    ChooseCards,
    DeclineCopy,
    Draw,
    EDAction,
    TakeCard,
    TakeMapBonus,
    UseSpecial,
)
from isle_nb.model.explore_draw.data import discovery_tile, island_card, specials
from isle_nb.model.explore_draw.island import COLUMNS, column_slots, describe_choice
from isle_nb.model.modes import game_mode
from isle_nb.model.seat import LocalSeat
from isle_nb.model.table import LocalTable
from isle_nb.model.tiles import COLOUR_HEX, Tile
from isle_nb.view.explore_draw import island_card_html, lesson_sheet_html, pen_drawing_items, sheets_png, sheets_svg
from isle_nb.widgets.boat import BoatWidget
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.history import HistoryControls
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.playing import PlayingApp
from isle_nb.widgets.seats import BotDriver, parse_players
from isle_nb.widgets.slots import Batch, Slot

SPECIAL_WORDS = {s.key: s.text for s in specials()}


def option_label(action: TakeCard, picks_of: Sequence[Tile] = ()) -> str:
    """The words on a card option's button."""
    if action.side:
        return f"take {action.side}"
    if action.picks:
        return "take " + " + ".join(str(picks_of[i]).replace(" treasure", "") for i in action.picks)
    if action.colour:
        return f"tick in {action.colour}"
    return "take it"


def move_words(action: EDAction) -> str:
    """A move in a few plain words ("drawing the orange cat 410"), for what Undo took back."""
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


class SheetWidget(BoatWidget):
    """The boat sheet: the shared boat widget (ghost, rotate, mirror, legal spots, map bonus) with the discoveries
    drawn as with a pen: cats outlined and hatched in their colour, treasures in black marked C or R."""

    def layer_items(self, layer: str) -> list[Any]:
        """The scene items of one layer; the drawings in pen."""
        if layer == "tiles":
            return pen_drawing_items(self.boat.tiles, self.cell)
        return super().layer_items(layer)


class ExploreDrawApp(PlayingApp, widgets.VBox):
    """The Explore & Draw game app. ``bots`` maps seat names to bots; the other seats are people (hot seat).

    ``bot_delay``: seconds a bot "thinks" before each drawing move (the hidden choice of cards is made at once);
    ``seats``: how the seats were given (``"Ann"``, ``"Greedy bot=bot:greedy"``), kept in the save; ``autosave``:
    save after every move once a person has moved (in ``save_path``, else a new file in the saves folder).
    """

    save_label = "explore-draw"

    def __init__(self, game: Any, bots: Mapping[str, Bot[Any]] | None = None, bot_delay: float = 0.0,
                 seats: Sequence[str] | None = None, autosave: bool = False, save_path: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("isle-ed-app")
        table = LocalTable(game, bots)
        self.bots = table.bots
        self.humans = table.people
        self.seats = tuple(seats) if seats is not None else tuple(
            f"{n}=bot:{type(self.bots[n]).__name__.lower().removesuffix('bot').removeprefix('exploredraw')}"
            if n in self.bots else n for n in table.players)
        self.bot_delay = bot_delay
        self.autosave = autosave
        self.save_path = save_path
        self._started = time.time()
        self._suspended = Batch(lambda: self.refresh())
        self.messages = MessageArea()
        guard = self.messages.guard
        self.status = widgets.HTML(layout=widgets.Layout(flex="1 1 360px"))
        self.status.add_class("isle-ed-status")
        self.history = HistoryControls(guard, self.undo, self.redo)
        self.header = widgets.HBox([self.status, self.history.note, self.history.buttons],
                                   layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        self.driver = BotDriver(table, bot_delay, on_error=self.messages.error)
        self._seats = {n: table.seat(n) for n in self.humans or table.players}
        """The seats this screen shows: every person's at a hot-seat table (the bots' when only bots play)."""
        self.seat = widgets.ToggleButtons(options=tuple(self._seats), description="Sheet of")
        self.seat.observe(guard(lambda _c: self.refresh(switch=False)), names=["value"])
        self.cards = [widgets.HTML() for _ in range(12)]
        self.column_buttons = []
        for column in COLUMNS:
            button = widgets.Button(description=f"Column {column}", layout=widgets.Layout(width="150px"))
            button.add_class(f"isle-ed-column-{column}")
            button.on_click(guard(lambda _b, c=column: self.choose_column(c)))
            self.column_buttons.append(button)
        self.island = widgets.GridBox(
            [*self.cards, *self.column_buttons],
            layout=widgets.Layout(grid_template_columns="repeat(4, 156px)", grid_gap="4px"),
        )
        self.special_choices = widgets.Dropdown(description="With a special", layout=widgets.Layout(width="420px"),
                                                style={"description_width": "initial"})
        self.special_button = widgets.Button(description="Choose these cards")
        self.special_button.on_click(guard(lambda _b: self.act(self.special_choices.value)))
        self.choice_row = widgets.HBox([self.special_choices, self.special_button])
        self.tray = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._tray_slot, self._items_slot, self._twice_slot = Slot(), Slot(), Slot()
        """The rows of buttons are rebuilt only when their choices change (see widgets/slots.py)."""
        self.items = widgets.HBox()
        self.twice = widgets.HBox()
        self.boat = SheetWidget(self.shown.view.seats[0].boat, messages=self.messages)
        self.lessons = widgets.HTML()
        self.specials = widgets.HTML()
        self.sister = widgets.HTML()
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="100%", display="none"))
        self.png_button = png = widgets.Button(description="Sheets as PNG", icon="print")
        png.on_click(guard(lambda _b: self.show_print()))
        self.svg = widgets.HTML(layout=widgets.Layout(display="none"))
        self.svg_button = svg = widgets.Button(description="Sheets as SVG", icon="print")
        svg.on_click(guard(lambda _b: self.show_print(svg=True)))
        self.log_view = widgets.HTML(layout=widgets.Layout(max_height="160px", overflow="auto"))
        self.log_view.add_class("isle-ed-log")
        self.children = [
            self.header, self.messages, self.seat, self.island, self.choice_row,
            widgets.HTML("<b>To resolve</b>"), self.tray, self.items, self.twice, self.boat,
            widgets.HBox([self.specials, self.sister]), self.lessons, widgets.HBox([png, svg]), self.picture,
            self.svg, self.log_view,
        ]
        table.on_error(self.messages.error)  # another observer's bug shows here; the move stands
        with self._quiet():
            self.driver.kick()
        self._watched = self.shown  # every seat of the table is told of every change
        self._watched.observe(self._on_state, names=["version"])

    @property
    def game(self) -> Any:
        """The game shell this app plays, for scripts and tests (the screen draws only from seats)."""
        return self.table.game

    def _stop_watching(self) -> None:
        self._watched.unobserve(self._on_state, names=["version"])

    # -- what the player does --------------------------------------------------------------------------------
    @property
    def player(self) -> str:
        """The seat whose sheet is shown and who acts through the controls."""
        return str(self.seat.value)

    @property
    def shown(self) -> LocalSeat:
        """The seat shown: the screen draws only what this player may see (:class:`~isle_nb.model.seat.Seat`)."""
        return self._seats[self.player]

    def choose_column(self, column: str) -> None:
        """Choose a column for today (ED-2)."""
        self.act(ChooseCards(self.player, column_slots(column)))

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

    def show_print(self, svg: bool = False) -> None:
        """Show the player's sheets (boat, specials, lessons) as a picture to print."""
        sheet = self.shown.view.sheet_of(self.player)
        if svg:
            self.svg.value = sheets_svg(sheet)
            self.svg.layout.display = "block"
        else:
            self.picture.value = sheets_png(sheet)
            self.picture.layout.display = "block"

    def _took_back(self, before: tuple[Any, ...], taken: EDAction) -> str:  # type: ignore[override]
        return f"Taken back: {move_words(taken)}."

    def act(self, action: EDAction | None) -> None:
        """Send the shown seat's action (``None``, nothing chosen: nothing happens); a refusal (the rules'
        :class:`~isle_nb.model.errors.IllegalAction`) is raised for the calling guard to show."""
        if action is None:
            return
        self.messages.clear()
        self.driver.paused = False  # after an undo the bots wait until a person moves
        self.shown.apply(action)

    # -- internals --------------------------------------------------------------------------------------------
    def run_bots(self) -> None:
        """Let the bots act now (ED-2: everyone chooses at once, so bots choose without waiting)."""
        self.driver.kick(self._quiet)

    def refresh(self, switch: bool = True) -> None:
        """Show the game as the current seat sees it."""
        waiting_humans = [n for n in self.shown.view.awaiting if n in self.humans]
        if switch and waiting_humans and self.player not in waiting_humans:
            with self.seat.hold_trait_notifications():
                self.seat.value = waiting_humans[0]
        seat = self.shown
        view = seat.view
        legal = seat.legal_actions()
        if seat.result is not None:
            winners = " and ".join(seat.result.winners)
            self.status.value = f"<h3>Game over: {html.escape(winners)} won</h3>"
        else:
            words = "chooses a column (hidden)" if view.step == "choose" else "draws"
            who = ", ".join(f"{n} (bot, thinking...)" if n in self.bots else n for n in view.awaiting)
            self.status.value = f"<b>Day {view.day} of 7</b> · {words} · waiting for {html.escape(who)}"
        chosen = set(view.to_resolve) | ({view.card} if view.card else set())
        mine = next(s for s in view.seats if s.name == self.player)
        for slot in range(1, 13):
            card_id = dict(view.island).get(slot)
            picked = slot in (mine.choice or ()) or slot in chosen
            self.cards[(slot - 1)].value = island_card_html(card_id, slot, picked) if card_id else ""
        choosing = [a for a in legal if isinstance(a, ChooseCards)]
        for button, column in zip(self.column_buttons, COLUMNS, strict=True):
            button.disabled = ChooseCards(self.player, column_slots(column)) not in choosing
        special_options = [(f"{describe_choice(a.slots, a.special)} ({a.special})", a) for a in choosing if a.special]
        self.special_choices.options = [("(none)", None), *special_options]
        self.choice_row.layout.display = "flex" if special_options else "none"
        self._show_tray(view, legal)
        self._show_items(view, legal)
        twice = [a for a in legal if isinstance(a, UseSpecial)]
        if self._twice_slot.changed(tuple(twice)):
            replace_children(self.twice, [self._special_button(a) for a in twice])
        self.boat.boat = mine.boat
        self.lessons.value = lesson_sheet_html(mine)
        used = {k for k, _ in mine.specials}
        boxes = "".join(
            f'<span title="{html.escape(s.text)}" style="display:inline-block;border:1px solid #444;padding:2px 6px;'
            f'margin:2px;background:{"#ddd" if s.key in used else "#fff"}">{"&#9745;" if s.key in used else "&#9744;"}'
            f" {html.escape(s.text)}</span>"
            for s in specials()
        )
        self.specials.value = f"<b>Specials</b> (one a day, three a game, each once)<br>{boxes}"
        if view.sister_colours is not None:
            chips = "".join(
                f'<span style="background:{COLOUR_HEX[c]};padding:2px 8px;margin:2px;border-radius:4px">'
                f"{5 - i}: {c}</span>" for i, c in enumerate(view.sister_colours)
            )
            self.sister.value = f"<b>Sister's colours</b> {chips} · her lessons {list(view.sister_lessons or ())}"
        self.log_view.value = "<br>".join(html.escape(text) for text in view.log[-12:])
        self.history.update(self.shown)
        self._autosave()

    def _show_tray(self, view: Any, legal: list[EDAction]) -> None:
        if not self._tray_slot.changed((view.to_resolve, tuple(a for a in legal if isinstance(a, TakeCard)))):
            return
        boxes = []
        for slot in view.to_resolve:
            card_id = dict(view.island)[slot]
            options = [a for a in legal if isinstance(a, TakeCard) and a.slot == slot]
            shown = island_card(card_id).discoveries
            buttons = []
            for action in options:
                button = widgets.Button(description=option_label(action, shown), layout=widgets.Layout(width="150px"))
                button.add_class("isle-ed-take")
                button.on_click(self.messages.guard(lambda _b, a=action: self.take(a)))
                buttons.append(button)
            boxes.append(widgets.VBox([widgets.HTML(island_card_html(card_id, slot)), *buttons]))
        replace_children(self.tray, boxes)

    def _show_items(self, view: Any, legal: list[EDAction]) -> None:
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
        button = widgets.Button(description=f"draw {discovery_tile(tile_id)}", layout=widgets.Layout(width="220px"))
        button.add_class("isle-ed-draw")
        button.on_click(self.messages.guard(lambda _b: self.draw(tile_id)))
        return button

    def _decline_button(self) -> widgets.Button:
        """Leave out the second copy of a "twice" special (ED-6)."""
        button = widgets.Button(description="skip the second copy", layout=widgets.Layout(width="220px"))
        button.add_class("isle-ed-decline-copy")
        button.on_click(self.messages.guard(lambda _b: self.act(DeclineCopy(self.player))))
        return button

    def _special_button(self, action: UseSpecial) -> widgets.Button:
        button = widgets.Button(description=SPECIAL_WORDS[action.special], layout=widgets.Layout(width="260px"))
        button.add_class(f"isle-ed-{action.special}")
        button.on_click(self.messages.guard(lambda _b: self.use_special(action.special)))
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


__all__ = ["ExploreDrawApp", "SheetWidget", "explore_draw_app", "move_words", "option_label"]
