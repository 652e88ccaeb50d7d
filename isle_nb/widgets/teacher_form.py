"""The teacher's form for a new table (issue #30 §5): the game (any mode of the registry, with its options), each
seat as open (a student takes it in the lobby), a named person (who gets a link of their own) or a bot, and the
time limit after which a bot plays for someone who keeps the table waiting.

What the form asks for is checked before anything is sent (a person with no name, a name given twice, a player count
the game does not allow) and the hub checks it again (the rules' own checks); a refusal is a sentence and nothing is
created.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from isle_nb.model.core.errors import IllegalAction
from isle_nb.model.core.records import NAME_LIMIT, check_names
from isle_nb.model.core.seating import parse_seats
from isle_nb.model.modes import MODES, game_mode
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.messages import MessageArea

OPEN, PERSON = "open", "person"
"""The seat choices besides a bot (``"bot:<kind>"``)."""
TIME_LIMITS: tuple[tuple[str, float], ...] = (
    ("No time limit: the table waits for everyone", 0.0), ("30 seconds", 30.0), ("1 minute", 60.0),
    ("2 minutes", 120.0), ("5 minutes", 300.0))
"""How long a person may keep the table waiting before a bot plays for them (until they are back); 0: no limit.
(A drop-down's value is never ``None``: the browser would show it as no choice at all.)"""
TIME_LIMIT_WORDS = ('<div style="font-size:13px;line-height:1.4">A bot plays for anyone who keeps the table waiting '
                    "longer than the time limit, until they are back.</div>")
FIELD = widgets.Layout(width="auto", max_width="420px", min_width="0", flex="1 1 auto")
LABELS = {"description_width": "72px"}
"""One width for the form's labels, so that its fields line up."""


@dataclass(frozen=True)
class SeatChoice:
    """One seat as the form sets it: ``who`` is :data:`OPEN`, :data:`PERSON` or ``"bot:<kind>"``; ``name`` the
    player's name (needed for a person; optional for the others)."""

    who: str
    name: str = ""


def seat_specs(mode: str, seats: Sequence[SeatChoice]) -> list[str]:
    """The seat specs of ``seats`` for :func:`isle_nb.remote.create_table` (``"Ann"``, ``"Cleo=bot:greedy"``,
    ``"open"``...); :class:`ValueError` with a sentence for a person with no name, a name given to two seats, or a
    player count the game does not allow."""
    entry = game_mode(mode)
    if len(seats) not in entry.players:
        raise ValueError(f"{entry.label} is played by {entry.player_counts} players, not {len(seats)}.")
    specs, seen = [], set()
    for number, seat in enumerate(seats, start=1):
        name = " ".join(seat.name.split())
        if seat.who == PERSON and not name:
            raise ValueError(f"Seat {number} is for a person: type their name, or make it an open seat.")
        if name.casefold() in seen:
            raise ValueError(f"The name {name} is given to two seats: each player at a table needs a name of "
                             "their own.")
        if "=" in name:
            raise ValueError(f"A name cannot hold '=': {name} is not a name.")
        if len(name) > NAME_LIMIT:
            raise ValueError(f"The name of seat {number} is too long: a name has at most {NAME_LIMIT} characters.")
        if name:
            seen.add(name.casefold())
        specs.append(name if seat.who == PERSON else (f"{name}={seat.who}" if name else seat.who))
    try:  # the model's own checks of the seats and names, as the hub makes them
        names = [spec.name for spec in parse_seats(specs, entry.bots, open_seats=True)]
        check_names(names, range(entry.players[0], entry.players[-1] + 1), entry.rule, entry.label)
    except IllegalAction as refused:
        raise ValueError(sentence(refused)) from None
    return specs


def sentence(error: Exception) -> str:
    """Why ``error`` refused, as a sentence (the rules' words without their rule ID)."""
    text = str(error).partition(": ")[2] if isinstance(error, IllegalAction) else str(error)
    text = text.strip().rstrip(".")
    return f"{text[:1].upper()}{text[1:]}."


def _choice_label(value: Any) -> str:
    """How an option's value reads in the form."""
    if value is None:
        return "any (the game chooses)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class SeatRow(widgets.HBox):
    """One seat of the form: who plays it, and the player's name."""

    def __init__(self, number: int, bots: Sequence[str]) -> None:
        self.who = widgets.Dropdown(description=f"Seat {number}", layout=FIELD, style=LABELS)
        self.name = widgets.Text(placeholder="Name (optional for open seats and bots)", layout=FIELD)
        self.set_bots(bots)
        super().__init__([self.who, self.name], layout=widgets.Layout(flex_flow="row wrap", width="100%"))

    def set_bots(self, bots: Sequence[str]) -> None:
        """Offer the bots ``bots`` (a mode's kinds), keeping the choice made if it is still offered."""
        chosen = self.who.value
        self.who.options = [("Open seat: a student takes it", OPEN), ("A person, named here", PERSON),
                            *((f"{kind.capitalize()} bot", f"bot:{kind}") for kind in bots)]
        self.who.value = chosen if chosen in [value for _label, value in self.who.options] else OPEN

    @property
    def choice(self) -> SeatChoice:
        """The seat as set."""
        return SeatChoice(str(self.who.value), self.name.value)


class NewTableForm(widgets.VBox):
    """The form: game, options, seats, time limit and "Create the table"; ``create(mode, specs, options,
    time_limit)`` makes the table (and says so), a sentence in ``messages`` refuses a form that cannot be a table."""

    def __init__(self, messages: MessageArea, create: Callable[[str, list[str], dict[str, Any], float | None], None]
                 ) -> None:
        self.messages = messages
        self._create = create
        self.mode = widgets.Dropdown(options=[(m.label, m.name) for m in MODES.values()], description="Game",
                                     layout=FIELD, style=LABELS)
        self.count = widgets.Dropdown(description="Seats", layout=widgets.Layout(width="150px"), style=LABELS)
        self.options_box = widgets.VBox()
        self.option_boxes: dict[str, widgets.Dropdown] = {}
        """The chosen mode's options, by name; each drop-down's value is the index of a choice in the mode's options."""
        self.seats_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        self.time_limit = widgets.Dropdown(options=TIME_LIMITS, description="Time limit", layout=FIELD, style=LABELS)
        self.create_button = widgets.Button(description="Create the table", button_style="primary")
        self.create_button.on_click(lambda _b: self.messages.guard(self.submit)())
        self.mode.observe(lambda _c: self.messages.guard(self._mode_changed)(), "value")
        self.count.observe(lambda _c: self.messages.guard(self._count_changed)(), "value")
        super().__init__([widgets.HTML("<h4>A new table</h4>"), self.mode, self.options_box, self.count,
                          self.seats_box, widgets.HTML(TIME_LIMIT_WORDS), self.time_limit, self.create_button])
        self.add_class("isle-teacher-form")
        self._mode_changed()

    @property
    def rows(self) -> list[SeatRow]:
        """The seat rows shown."""
        return [row for row in self.seats_box.children if isinstance(row, SeatRow)]

    def _mode_changed(self) -> None:
        entry = game_mode(str(self.mode.value))
        self.option_boxes = {
            name: widgets.Dropdown(options=[(_choice_label(v), index) for index, v in enumerate(values)],
                                   description=name.replace("_", " ").capitalize(), layout=FIELD, style=LABELS)
            for name, values in entry.options.items()}
        replace_children(self.options_box, self.option_boxes.values())
        wanted = self.count.value if self.count.value in entry.players else entry.default_players
        self.count.options = list(entry.players)
        self.count.value = wanted
        for row in self.rows:
            row.set_bots(list(entry.bots))
        self._count_changed()

    def _count_changed(self) -> None:
        bots = list(game_mode(str(self.mode.value)).bots)
        rows = self.rows[:int(self.count.value or 0)]
        rows += [SeatRow(number, bots) for number in range(len(rows) + 1, int(self.count.value or 0) + 1)]
        replace_children(self.seats_box, rows)

    @property
    def options(self) -> dict[str, Any]:
        """The mode's options as chosen."""
        choices = game_mode(str(self.mode.value)).options
        return {name: choices[name][int(box.value)] for name, box in self.option_boxes.items()}

    def submit(self) -> None:
        """Create the table the form describes, or say in a sentence why it cannot be one (nothing is created)."""
        mode = str(self.mode.value)
        try:
            specs = seat_specs(mode, [row.choice for row in self.rows])
        except ValueError as refused:
            self.messages.show(f"The table was not created. {refused}", "warning")
            return
        self._create(mode, specs, self.options, float(self.time_limit.value) or None)


def links_html(table: str, links: dict[str, str], address: Callable[[str], str]) -> str:
    """The seat links of the people named on a new table, as a list the teacher hands out (``address(link)`` is
    the page's address that opens a seat)."""
    if not links:
        return ""
    items = "".join(f'<li>{escape(name)}: <a href="{escape(address(link))}" target="_blank" '
                    f'style="color:#1a5fb4;text-decoration:underline">the seat of {escape(name)} at table '
                    f"{escape(table)}</a></li>" for name, link in links.items())
    return (f'<div class="isle-teacher-links" style="font-size:13px;line-height:1.45">Hand each person named at '
            f"table {escape(table)} their own link (right-click it to copy it):<ul>{items}</ul></div>")


__all__ = ["OPEN", "PERSON", "TIME_LIMITS", "NewTableForm", "SeatChoice", "SeatRow", "links_html", "seat_specs",
           "sentence"]
