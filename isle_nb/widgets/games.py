"""The app's Games dialog: start a new game (mode, seats, difficulty, seed), resume or load a saved one, save.

Everything a player needs to start or continue a game is here, so nobody has to edit code to play again. The games
offered are the model's registry of games (:mod:`isle_nb.model.modes`), each with its player counts and options.
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isle_nb.model.modes import MODES, game_mode
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.saves import SavedGame, saves_folder, scan

SEAT_KINDS = (("Person", "person"), ("Greedy bot", "bot:greedy"), ("Random bot", "bot:random"), ("(empty)", ""))
MAX_SEATS = 12
"""The most seat rows the form offers (Explore & Draw seats 12); each mode shows as many as it seats."""


def mode_choices() -> list[tuple[str, str]]:
    """Every registered mode as a dropdown choice: its label with its player counts, and its name."""
    choices = []
    for mode in MODES.values():
        low, high = mode.players[0], mode.players[-1]
        counts = f"{low} player" if high == low == 1 else f"{low} players" if low == high else f"{low}-{high} players"
        choices.append((f"{mode.label} ({counts})", mode.name))
    return choices


def fresh_seed() -> int:
    """A new random seed for a game (shown in the app, so the deal can be replayed)."""
    return secrets.randbelow(1_000_000)


def seat_spec(kind: str, name: str) -> str:
    """A seat for :func:`~isle_nb.widgets.seats.parse_players`: a person's name, or ``"Name=bot:kind"``."""
    name = name.strip()
    if kind.startswith("bot:"):
        return f"{name}={kind}" if name else kind
    return name


class NewGameForm(widgets.VBox):
    """Choose the mode, who sits where (people or bots), the sister's difficulty and the seed, then start."""

    def __init__(self, on_start: Callable[[list[str], str, dict[str, Any], int], None], messages: MessageArea,
                 seats: tuple[str, ...] = ("You", "bot:greedy"), mode: str = "standard", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_start = on_start
        # wide enough for the longest game's name with its player counts (at 420 px Explore & Draw's was cut)
        self.mode = widgets.Dropdown(options=mode_choices(), value=mode, description="Game",
                                     layout=widgets.Layout(width="500px", max_width="100%"))
        self.difficulty = widgets.Dropdown(options=("easy",), value="easy", description="Sister",
                                           layout=widgets.Layout(width="220px"))
        self.seed = widgets.Text(value="", placeholder="new random seed", description="Seed",
                                 layout=widgets.Layout(width="220px"))
        self.kinds: list[widgets.Dropdown] = []
        self.names: list[widgets.Text] = []
        rows = []
        for index in range(MAX_SEATS):
            spec = seats[index] if index < len(seats) else ""
            label, _, kind = spec.partition("=") if "=" in spec else ("", "", spec)
            if kind.startswith("bot:"):
                kind_value, name = kind, label
            elif spec:
                kind_value, name = "person", spec
            else:
                kind_value, name = "", ""
            kind_box = widgets.Dropdown(options=SEAT_KINDS, value=kind_value, description=f"Seat {index + 1}",
                                        layout=widgets.Layout(width="220px"))
            name_box = widgets.Text(value=name, placeholder="name", layout=widgets.Layout(width="140px"))
            self.kinds.append(kind_box)
            self.names.append(name_box)
            rows.append(widgets.HBox([kind_box, name_box], layout=widgets.Layout(width="380px")))
            kind_box.observe(messages.guard(lambda _c: self._show_sister()), names=["value"])
        self.seat_rows = rows
        self.seats_box = widgets.HBox(rows, layout=widgets.Layout(flex_flow="row wrap", max_width="780px"))
        self.start_button = widgets.Button(description="Start the game", button_style="success",
                                           layout=widgets.Layout(width="160px"))
        self.start_button.add_class("isle-start-game")
        self.start_button.on_click(messages.guard(lambda _b: self.start()))
        self.mode.observe(messages.guard(lambda _c: self._show_mode()), names=["value"])
        self.children = [self.mode, self.seats_box, widgets.HBox([self.difficulty, self.seed]), self.start_button]
        self._show_mode()

    def _show_mode(self) -> None:
        mode = game_mode(self.mode.value)
        difficulties = mode.options.get("difficulty", ())
        if difficulties and tuple(self.difficulty.options) != difficulties:
            self.difficulty.options = difficulties
        seats = self._seats()
        for index, row in enumerate(self.seat_rows):
            row.layout.display = "none" if index >= seats else None
        if seats == 1:
            self.kinds[0].value = "person"
        self._show_sister()

    def _sister_plays(self) -> bool:
        """Whether the sister plays the game as chosen: the mode has her difficulty and one seat is filled (a
        game with several players has no sister)."""
        count = self._seats()
        return "difficulty" in game_mode(self.mode.value).options and sum(
            bool(k.value) for k in self.kinds[:count]) == 1

    def _show_sister(self) -> None:
        self.difficulty.layout.display = None if self._sister_plays() else "none"

    def _seats(self) -> int:
        """How many seat rows the chosen mode may fill."""
        return min(MAX_SEATS, game_mode(self.mode.value).players[-1])

    def options(self) -> dict[str, Any]:
        """The chosen options of the mode (the sister's difficulty, where the mode has one and she plays)."""
        return {"difficulty": self.difficulty.value} if self._sister_plays() else {}

    def players(self) -> list[str]:
        """The seats as chosen (empty seats left out; only as many as the mode seats)."""
        count = self._seats()
        specs = [seat_spec(k.value, n.value) for k, n in zip(self.kinds[:count], self.names[:count], strict=True)
                 if k.value]
        for index, spec in enumerate(specs):
            if not spec:
                specs[index] = f"Player {index + 1}"
        return specs

    def start(self) -> None:
        """Start a game with the chosen settings."""
        text = self.seed.value.strip()
        if text and not text.isdigit():
            raise ValueError("the seed is a whole number (or leave it empty for a new random one)")
        seed = int(text) if text else fresh_seed()
        self.on_start(self.players(), self.mode.value, self.options(), seed)


class GamesDialog(widgets.VBox):
    """New game, rematch, resume/load a saved game and save the current one: the app's game menu."""

    def __init__(self, messages: MessageArea, on_start: Callable[[list[str], str, dict[str, Any], int], None],
                 on_load: Callable[[SavedGame], None], on_save: Callable[[], str], on_close: Callable[[], None],
                 seats: tuple[str, ...], mode: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.messages = messages
        self.on_load = on_load
        self.on_save = on_save
        self.form = NewGameForm(on_start, messages, seats, mode)
        self.saved = widgets.VBox()
        self.save_button = widgets.Button(description="Save this game", layout=widgets.Layout(width="150px"))
        self.save_button.add_class("isle-save")
        self.save_button.on_click(messages.guard(lambda _b: self.save()))
        self.close_button = widgets.Button(description="Back to the game", layout=widgets.Layout(width="160px"))
        self.close_button.add_class("isle-close-games")
        self.close_button.on_click(messages.guard(lambda _b: on_close()))
        title = widgets.HTML('<div class="isle-panel-title" style="font-size:15px;font-weight:bold">Games</div>')
        self.children = [
            widgets.HBox([title, self.close_button], layout=widgets.Layout(justify_content="space-between")),
            widgets.HTML("<b>New game</b>"), self.form,
            widgets.HTML("<b>Saved games</b> <span style='color:#666'>(every game is saved after each move in "
                         f"<code>{html.escape(str(saves_folder()))}</code>)</span>"),
            self.saved,
            self.save_button,
        ]
        self.add_class("isle-games")
        self.refresh()

    def refresh(self, current: str | None = None) -> None:
        """List the saved games (unfinished first), with a Resume/Load button each."""
        games, damaged = scan()
        games.sort(key=lambda g: (g.over, -g.updated))
        rows = []
        for saved in games[:12]:
            mine = current is not None and str(saved.path) == current
            button = widgets.Button(description="Playing" if mine else ("Load" if saved.over else "Resume"),
                                    disabled=mine, layout=widgets.Layout(width="90px"))
            button.add_class("isle-resume")
            button.on_click(self.messages.guard(lambda _b, s=saved: self.on_load(s)))
            rows.append(widgets.HBox([button, widgets.HTML(f'<span style="margin-left:8px">'
                                                           f"{html.escape(saved.label)}</span>")]))
        for broken in damaged:  # named, never skipped in silence
            rows.append(widgets.HTML(f'<span class="isle-damaged-save" style="color:#8a1c1c">'
                                     f"{html.escape(broken.label)}</span>"))
        if not rows:
            rows.append(widgets.HTML('<span style="color:#666">No saved games yet.</span>'))
        replace_children(self.saved, rows)

    def save(self) -> None:
        """Save the current game now and say where."""
        path = self.on_save()
        self.messages.show(f"Saved in {path}.", "ok")


__all__ = ["GamesDialog", "NewGameForm", "fresh_seed", "mode_choices", "seat_spec"]
