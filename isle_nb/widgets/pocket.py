"""``PocketBoardWidget``: play Pocket Cats on an ipycanvas board, against a bot or hot-seat.

The widget draws a seat (:class:`~isle_nb.model.core.seat.Seat`) of a Pocket Cats game held by a
:class:`~isle_nb.model.core.table.LocalTable`: the seat's view as :func:`~isle_nb.view.pocket.view_scene` on a
two-layer ``MultiCanvas`` (tiles below, highlights above), through the same :func:`isle_nb.widgets.canvas.paint`
as the boat widgets, and it turns clicks into actions for ``seat.apply``. It never decides a rule: the highlighted
targets come from the seat's legal actions and a refused click shows the model's ``IllegalAction`` message. A
hot-seat board shows the seat of the person who must act.

Click a face-down tile to flip it, then click one of the highlighted tiles to swap it there (POCKET-2). When the
game ends, "Next step" walks through the end-game sequence (POCKET-3, POCKET-6) with an explanation of each step.
Like the other games' apps it is a :class:`~isle_nb.widgets.playing.PlayingApp`: Undo and Redo around the bot,
autosave after every move, and every handler's error in the message line. Test hook:
:meth:`PocketBoardWidget.click_cell` is what the mouse handler calls.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
from ipycanvas import MultiCanvas

from isle_nb.draw import Item, Scene
from isle_nb.model.core.contract import Bot
from isle_nb.model.core.seat import LocalSeat
from isle_nb.model.core.table import LocalTable
from isle_nb.model.parts.words import YOU, plural
from isle_nb.model.pocket.actions import ChooseClan, Flip, KeepDogs, NextGame, PocketAction, RotateDog, Stay, Swap
from isle_nb.model.pocket.board import TURNS_PER_GAME, Cell, index, name
from isle_nb.model.pocket.bots import make_pocket_bot
from isle_nb.model.pocket.endgame import EndStep, clan_name
from isle_nb.model.pocket.player_view import PocketView, changed_cells
from isle_nb.model.pocket.tiles import CLANS
from isle_nb.view.pocket import HEIGHT, LAYERS, WIDTH, board_scene, cell_at, view_scene
from isle_nb.widgets.canvas import paint, pin_size, redraw_batch
from isle_nb.widgets.closing import replace_children
from isle_nb.widgets.history import HistoryControls
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.playing import PlayingApp
from isle_nb.widgets.seats import BotDriver
from isle_nb.widgets.slots import Batch, Slot

SCALE = 2.0
"""Canvas pixels per CSS pixel: the board is drawn at twice its on-screen size so it stays sharp on HiDPI screens."""

WATCHER = "Watcher"
"""The seat of a screen where only bots play: the public view."""

GOAL = ("<b>Goal:</b> catch the most prey points. When every tile is face up, the dogs bite the cats their arrows "
        "point at, then each prey goes to the clan with more attack on the cats beside it (POCKET-3).")
"""What the players play for, in one line above the board."""

LESSON = "11_pocket_cats.ipynb"
"""The notebook that teaches Pocket Cats, beside the play notebook; the app links it."""

PANEL_WIDTH = "100%"
"""The panel's parts take its width: up to 440 px beside the board, the width left under it on a narrow screen."""

ROTATION_LABELS = {1: "Turn it 1/4 clockwise", 2: "Turn it 1/2", 3: "Turn it 1/4 anticlockwise"}


MOVE_WORDS: dict[type[PocketAction], Callable[[Any], str]] = {
    Swap: lambda a: f"the move from {name(a.source)} to {name(a.target)}",
    Flip: lambda a: f"turning over {name(a.cell)}",
    RotateDog: lambda a: f"turning the dog on {name(a.cell)}",
    ChooseClan: lambda a: f"keeping {clan_name(a.clan)}",
    Stay: lambda _a: "leaving the tile in place",
    KeepDogs: lambda _a: "leaving the dogs as they were",
}
"""Each kind of move in a few plain words, for what Undo took back."""


def move_words(action: PocketAction) -> str:
    """A move in a few plain words ("the move from A1 to B2"), for what Undo took back."""
    words = MOVE_WORDS.get(type(action))
    return words(action) if words is not None else "the last move"


def standing_html(view: PocketView, viewer: str) -> str:
    """The score so far, and who is ahead: each player's points if the game ended now (from the view's
    :attr:`~isle_nb.model.pocket.player_view.PocketView.points_now`), plus the points of the match's finished games;
    empty before both clans are known and once the game's end is shown."""
    now = view.points_now
    if now is None:
        return ""
    total = {p: now[p] + view.points[p] for p in view.players}
    first, second = view.players
    if total[first] == total[second]:
        verdict = "level"
    else:
        leader = max(view.players, key=lambda p: total[p])
        verdict = "you are ahead" if leader in (viewer, YOU) else f"{html.escape(leader)} is ahead"
    scores = ", ".join(f"{html.escape(p)} {plural(total[p], 'point')}" for p in view.players)
    match = " (with the games played before)" if view.finished else ""
    return (f"<div style='line-height:1.45'><b>If the game ended now:</b> {scores}{match}: {verdict}. "
            "<small>Face-down tiles take no part yet.</small></div>")


def guide_html(view: PocketView) -> str:
    """The goal in one line, a legend of what the tiles show (the clans' two letters, the dogs' arrows) and a link
    to the notebook that teaches the game."""
    clans = [c for c in view.clans if c is not None] or list(CLANS)
    letters = ", ".join(f"<b>{CLANS[c].abbreviation}</b> {html.escape(CLANS[c].name)}" for c in clans)
    return (
        f"<div style='line-height:1.45'>{GOAL}</div>"
        "<div style='line-height:1.4;font-size:12px;color:#444'>"
        f"On a cat: its clan's two letters ({letters}) and its attack. "
        "A dog's arrows show where it bites when the dogs attack. "
        f'<a href="{LESSON}" target="_blank" rel="noopener" style="color:#1a5fb4;text-decoration:underline">'
        "How to play Pocket Cats</a></div>"
    )


class PocketBoardWidget(PlayingApp, widgets.HBox):
    """A playable Pocket Cats board for ``game``: the app of Pocket Cats, with Undo, Redo and autosave like the
    other games' apps (:class:`~isle_nb.widgets.playing.PlayingApp`). ``game`` may also be a table joined on a hub
    (:class:`~isle_nb.remote.JoinedTable`, with ``player`` its seat): the board then plays that seat.

    ``player`` is the seat the person at the screen plays (``None``: hot-seat, the widget acts for whoever must
    act). ``bot`` (``"greedy"``, ``"random"`` or a bot object) plays the other seat and moves as soon as it is
    its turn; ``bots`` (seat name -> bot) names the bot seats instead. ``bot_delay``, ``seats``, ``autosave`` and
    ``save_path`` are as in :class:`~isle_nb.widgets.explore_draw.ExploreDrawApp`.
    """

    save_label = "pocket"

    def __init__(
        self,
        game: Any,
        player: str | None = None,
        bot: str | Bot[Any] | None = None,
        bot_seed: int = 0,
        bots: Mapping[str, Bot[Any]] | None = None,
        bot_delay: float = 0.0,
        seats: Sequence[str] | None = None,
        autosave: bool = False,
        save_path: str | None = None,
    ) -> None:
        # a table joined on a hub (isle_nb.remote.JoinedTable) comes with its seat; a game gets a LocalTable
        joined = hasattr(game, "seat")
        players = game.players if joined else LocalTable(game).players
        if player is not None and player not in players:
            raise ValueError(f"there is no player called {player!r} (players: {', '.join(players)})")
        self.player = player
        chosen = dict(bots or {})
        if bot is not None:
            human = player if player is not None else players[0]
            other = next(p for p in players if p != human)
            chosen[other] = make_pocket_bot(bot, bot_seed) if isinstance(bot, str) else bot
        table = game if joined else LocalTable(game, chosen)
        self.bots = table.bots
        self.humans = table.people
        self.seats = tuple(seats) if seats is not None else tuple(
            f"{p}=bot:{type(self.bots[p]).__name__.lower().removeprefix('pocket').removesuffix('bot')}"
            if p in self.bots else p for p in players)
        self.bot_delay = bot_delay
        self.autosave = autosave
        self.save_path = save_path
        self._started = time.time()
        self._suspended = Batch(lambda: self.refresh())
        self._source: Cell | None = None
        self._dog: Cell | None = None
        self._step = 0
        self._steps_seen: tuple[EndStep, ...] = ()
        self._drawn: list[tuple[Item, ...] | None] = [None] * len(LAYERS)
        self._clans_slot = Slot()
        people = (player,) if player is not None else self.humans
        self._seats = {p: table.seat(p) for p in people or (WATCHER,)}
        """The seats this screen shows (hot seat: every person's; no person: a watcher's public view)."""
        self._shown = next(iter(self._seats))

        self.canvas = MultiCanvas(len(LAYERS))
        pin_size(self.canvas, WIDTH, HEIGHT, SCALE)
        self.canvas.add_class("pocket-canvas")
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_client_ready(lambda: self.redraw(force=True))

        self.guide = widgets.HTML(layout=widgets.Layout(width=PANEL_WIDTH))
        self.guide.add_class("pocket-guide")
        self.status = widgets.HTML(layout=widgets.Layout(width=PANEL_WIDTH))
        self.status.add_class("pocket-status")
        self.standing = widgets.HTML(layout=widgets.Layout(width=PANEL_WIDTH))
        self.standing.add_class("pocket-standing")
        self.messages = MessageArea(layout=widgets.Layout(width=PANEL_WIDTH))
        self.messages.add_class("pocket-message")
        self.message = self.messages
        """The message line (also called ``messages``, as in the other apps)."""
        self.driver = BotDriver(table, bot_delay, on_error=self.messages.error)
        """Moves the bot seat: the same driver as the game app's (bot errors show in the message area)."""
        self.history = HistoryControls(self.messages.guard, self.undo, self.redo)
        self.undo_button, self.redo_button = self.history.undo_button, self.history.redo_button
        self.undo_button.add_class("pocket-undo")
        self.history.note.layout.width = "250px"  # beside the buttons there is room for the whole reason
        self.stay_button = self._button("Leave it in place", lambda: self._act_for(Stay), "pocket-stay")
        self.keep_dogs_button = self._button("Leave the dogs as they are", lambda: self._act_for(KeepDogs),
                                             "pocket-keep-dogs")
        self.rotate_buttons = {
            turns: self._button(label, self._rotate(turns), f"pocket-rotate-{turns}")
            for turns, label in ROTATION_LABELS.items()
        }
        self.next_game_button = self._button("Start the second game", lambda: self._act_for(NextGame),
                                             "pocket-next-game")
        self.clan_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions_box = widgets.HBox(
            [self.stay_button, self.keep_dogs_button, *self.rotate_buttons.values(), self.next_game_button],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.previous_button = self._button("Previous step", self.previous_step, "pocket-previous-step")
        self.next_button = self._button("Next step", self.next_step, "pocket-next-step")
        self.last_button = self._button("Last step", self.last_step, "pocket-last-step")
        self.step_label = widgets.HTML()
        self.step_label.add_class("pocket-step-label")
        self.step_text = widgets.HTML(layout=widgets.Layout(width=PANEL_WIDTH, min_height="60px"))
        self.step_text.add_class("pocket-step-text")
        self.end_box = widgets.VBox(
            [self.step_label, widgets.HBox([self.previous_button, self.next_button, self.last_button]), self.step_text]
        )
        self.log_view = widgets.HTML(layout=widgets.Layout(width=PANEL_WIDTH))
        self.log_view.add_class("pocket-log")
        history = widgets.HBox([self.history.buttons, self.history.note], layout=widgets.Layout(align_items="center"))
        panel = widgets.VBox(
            [self.guide, self.status, self.standing, self.clan_box, self.actions_box, history, self.messages,
             self.end_box, self.log_view, self.ready_signal, self.kernel_watch],
            layout=widgets.Layout(margin="0 0 0 12px", flex="1 1 300px", min_width="300px", max_width="440px"),
        )
        # beside the board where there is room, else under it (a 1024 px screen with the file browser open)
        super().__init__([self.canvas, panel], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.add_class("pocket-board")
        self._watch(self.seat)

    # -- test hooks and public controls -----------------------------------------------------------------------
    def click_cell(self, row: int, col: int) -> None:
        """Act as if the cell at (row, col) was clicked: flip it, swap the flipped tile there, choose a dog..."""
        self.messages.guard(self._click)((row, col))

    def next_step(self) -> None:
        """Show the next step of the end-game sequence."""
        self._step = min(self._step + 1, max(len(self._end_steps()) - 1, 0))
        self.refresh()

    def previous_step(self) -> None:
        """Show the previous step of the end-game sequence."""
        self._step = max(self._step - 1, 0)
        self.refresh()

    def last_step(self) -> None:
        """Jump to the scores, the last step of the end-game sequence."""
        self._step = max(len(self._end_steps()) - 1, 0)
        self.refresh()

    @property
    def step(self) -> int:
        """The end-game step shown (0 = the last tile placed)."""
        return self._step

    @property
    def seat(self) -> LocalSeat:
        """The seat shown: the screen draws only what this player may see (:class:`~isle_nb.model.core.seat.Seat`)."""
        return self._seats[self._shown]

    def targets(self) -> list[Cell]:
        """The cells highlighted as legal targets now (from the seat's legal actions)."""
        return list(self._highlights()["targets"])

    def redraw(self, force: bool = False) -> None:
        """Draw the board from the model; layers whose picture did not change are left alone unless ``force``."""
        scene = self.scene()
        layers = [scene.layers[layer] for layer in LAYERS]
        changed = [n for n, items in enumerate(layers) if force or items != self._drawn[n]]
        if not changed:
            return
        # One message per redraw, starting with a fresh switchCanvas (the ipycanvas#322 workaround lives there).
        with redraw_batch():
            for number in changed:
                paint(self.canvas[number], layers[number], scene.width, scene.height, SCALE)
                self._drawn[number] = layers[number]

    def scene(self) -> Scene:
        """The picture the canvas shows now: the board as the seat sees it, or the end-game step being shown."""
        step = self._current_step()
        if step is not None:
            return board_scene(step.grid, targets=step.cells, captured=step.captured, reveal=True,
                               chaoticats_value=step.chaoticats_value)
        marks = self._highlights()
        return view_scene(self.seat.view, targets=marks["targets"], selected=marks["selected"],
                          options=marks["options"], last_move=marks["last_move"])

    # -- refreshing -------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every part of the widget up to date with the seat's view."""
        self._shown = self._pick_seat()
        steps = self._end_steps()
        if steps != self._steps_seen:
            self._steps_seen = steps
            self._step = 0
        view = self.seat.view
        actor = self._actor()
        legal = self._legal()
        show = {
            self.stay_button: any(isinstance(a, Stay) for a in legal),
            self.keep_dogs_button: any(isinstance(a, KeepDogs) for a in legal),
            self.next_game_button: any(isinstance(a, NextGame) for a in legal),
        }
        for turns, button in self.rotate_buttons.items():
            show[button] = self._dog is not None and RotateDog(actor or "", self._dog, turns) in legal
        for button, visible in show.items():
            button.layout.display = "" if visible else "none"
        clans = tuple(a for a in legal if isinstance(a, ChooseClan)) if view.stage == "choose_clan" else ()
        if self._clans_slot.changed(clans):
            replace_children(self.clan_box, [self._clan_button(a) for a in clans])
        self.end_box.layout.display = "" if self._current_step() is not None else "none"
        self.status.value = f"<div style='line-height:1.45'>{self._status_text(actor)}</div>"
        self.standing.value = standing_html(view, self.seat.name)
        self.guide.value = guide_html(view)
        self._update_steps()
        self.log_view.value = self._log_html()
        self.history.update(self.seat)
        self.redraw()
        self._autosave()

    def _pick_seat(self) -> str:
        """Hot seat: the person who must act now (else the seat shown before); otherwise the screen's own seat."""
        awaited = [p for p in self.seat.view.awaiting if p in self._seats]
        return self._shown if self._shown in awaited or not awaited else awaited[0]

    def _legal(self) -> list[PocketAction]:
        return self.seat.legal_actions() if self._actor() is not None else []

    def _end_steps(self) -> tuple[EndStep, ...]:
        end = self.seat.view.end
        return end.steps if end is not None else ()

    def _current_step(self) -> EndStep | None:
        steps = self._end_steps()
        return steps[min(self._step, len(steps) - 1)] if steps else None

    def _update_steps(self) -> None:
        steps = self._end_steps()
        step = self._current_step()
        if step is None:
            self.step_label.value = ""
            self.step_text.value = ""
            return
        self.previous_button.disabled = self._step == 0
        self.next_button.disabled = self._step >= len(steps) - 1
        self.last_button.disabled = self._step >= len(steps) - 1
        self.step_label.value = f"<b>End of game {self.seat.view.game}: step {self._step + 1} of {len(steps)}</b>"
        self.step_text.value = (
            f"<div style='line-height:1.45'><b>{html.escape(step.title)}</b> <small>({step.rule})</small><br>"
            f"{html.escape(step.text)}</div>"
        )

    def _highlights(self) -> dict[str, Any]:
        marks: dict[str, Any] = {"targets": [], "selected": None, "options": [], "last_move": []}
        view = self.seat.view
        actor = self._actor()
        if view.stage == "flip" or actor is None:  # what the other player did since this seat's last move
            marks["last_move"] = sorted({*changed_cells(self.seat.seen, view), *(view.last_swap or ())})
        if actor is None:
            return marks
        legal = self._legal()
        if view.stage == "move" and view.flipped is not None:
            swaps = [a for a in legal if isinstance(a, Swap)]
            source = self._source if self._source is not None else view.flipped
            marks["selected"] = source
            marks["targets"] = sorted({a.target for a in swaps if a.source == source})
            others = sorted({a.source for a in swaps if a.source != source and a.source != view.flipped})
            marks["options"] = others + ([view.flipped] if source != view.flipped else [])
        elif view.stage == "chief":
            dogs = sorted({a.cell for a in legal if isinstance(a, RotateDog)})
            marks["options"] = [d for d in dogs if d != self._dog]
            marks["selected"] = self._dog
        return marks

    def _status_text(self, actor: str | None) -> str:
        seat = self.seat
        view = seat.view

        def who(p: str) -> str:
            clan = view.clans[view.players.index(p)]
            tag = " (bot)" if p in self.bots else ""
            return f"{html.escape(p)}{tag}" + (f" &ndash; {clan_name(clan)}" if clan else "")

        result = seat.result()
        if result is not None:
            winners = result.winners
            verdict = "a shared victory" if len(winners) == 2 else f"{html.escape(winners[0])} wins"
            totals = ", ".join(f"{html.escape(p)} {points}" for p, points in view.points.items())
            return f"<b>Game over: {verdict}</b> ({totals} points). Step through the end below."
        head = f"<b>Game {view.game}</b>"
        if view.stage == "choose_clan":
            head += ": choosing clans (POCKET-5). "
            if actor:
                return head + f"{who(actor)}: keep one of your clan cards."
            return head + "Waiting for " + ", ".join(map(html.escape, view.awaiting)) + "."
        if view.stage == "between":
            return head + " is over. " + (f"{who(actor)}: start the second game." if actor else "")
        head += f", turn {min(view.turn + 1, TURNS_PER_GAME)} of {TURNS_PER_GAME}. "
        if view.stage == "chief":
            if actor:
                return head + f"{who(actor)}: your chief may turn a dog next to her (click a green dog), or leave " \
                              "the dogs (POCKET-6)."
            return head + "The Royal Claws chief is choosing."
        mover = view.awaiting[0]
        if actor is None:
            return head + f"{who(mover)} to play."
        if view.stage == "flip":
            return head + f"{who(actor)}: click a face-down tile to flip it (POCKET-2)."
        assert view.flipped is not None
        piece = view.grid[index(view.flipped)].piece
        text = head + f"{who(actor)}: swap {html.escape(piece.label)} with a highlighted tile (POCKET-2)."
        if self._source is not None:
            text += f" Moving the prey on {name(self._source)} instead (Polterkitties)."
        return text

    def _log_html(self) -> str:
        lines = self.seat.view.log[-6:]  # the lines this seat may read
        items = "".join(f"<li>{html.escape(e.text)}</li>" for e in lines)
        return f"<ul style='margin:4px 0;padding-left:18px;font-size:12px;line-height:1.4'>{items}</ul>"

    # -- acting -----------------------------------------------------------------------------------------------
    def _actor(self) -> str | None:
        """The seat shown, if it must act now (a bot's seat never acts through the screen)."""
        name = self.seat.name
        return name if name in self.seat.view.awaiting and name not in self.bots else None

    def _click(self, cell: Cell) -> None:
        view = self.seat.view
        if self._current_step() is not None and view.stage == "over":
            self._say("The game is over: use the step buttons to see how it ended.")
            return
        actor = self._actor()
        if actor is None:
            waiting = ", ".join(view.awaiting) or "nobody"
            self._say(f"It is not your turn (waiting for {waiting}).")
            return
        if view.stage == "flip":
            self.act(Flip(actor, cell))
        elif view.stage == "move":
            assert view.flipped is not None
            swaps = {(a.source, a.target) for a in self._legal() if isinstance(a, Swap)}
            source = self._source if self._source is not None else view.flipped
            if (source, cell) in swaps:
                self.act(Swap(actor, source, cell))
            elif cell == view.flipped and self._source is not None:
                self._source = None
                self.refresh()
            elif any(s == cell for s, _ in swaps):
                self._source = cell
                self.refresh()
            else:
                self.act(Swap(actor, source, cell))
        elif view.stage == "chief":
            dogs = {a.cell for a in self._legal() if isinstance(a, RotateDog)}
            if cell in dogs:
                self._dog = cell
                self.refresh()
            else:
                self.act(RotateDog(actor, cell, 1))
        else:
            self._say("Use the buttons to go on.")

    def act(self, action: PocketAction) -> None:
        """Send an action to the model; the bot answers and the board shows the result. A refusal (an
        :class:`~isle_nb.model.core.errors.IllegalAction` naming the rule) is raised for the calling guard to show."""
        self.messages.clear()  # before the move: what its observers report must stay visible
        self.driver.paused = False  # after an undo the bot waits until a person moves
        chosen = self._source, self._dog
        self._source = self._dog = None  # the board redraws for the next move without them
        try:
            self.seat.apply(action)
        except Exception:
            self._source, self._dog = chosen  # refused: nothing changed
            raise

    def _act_for(self, kind: Callable[..., PocketAction]) -> None:
        actor = self._actor()
        if actor is None:
            self._say("It is not your turn.")
            return
        self.act(kind(actor))

    def _rotate(self, turns: int) -> Callable[[], None]:
        def rotate() -> None:
            actor = self._actor()
            if actor is None or self._dog is None:
                self._say("Click a dog next to the Royal Claws chief first.")
                return
            self.act(RotateDog(actor, self._dog, turns))

        return rotate

    def _took_back(self, before: tuple[Any, ...], taken: PocketAction) -> str:  # type: ignore[override]
        self._source = None
        self._dog = None
        return f"Taken back: {move_words(taken)}."

    def _clan_button(self, action: ChooseClan) -> widgets.Button:
        clan = CLANS[action.clan]
        button = widgets.Button(description=clan.name, tooltip=f"{clan.effect_text} Chief: {clan.chief_text}",
                                layout=widgets.Layout(width="auto"))
        button.style.button_color = clan.colour
        button.style.text_color = "white"
        button.add_class("pocket-clan")
        button.on_click(self.messages.guard(lambda _b: self.act(action)))
        return button

    # -- plumbing ---------------------------------------------------------------------------------------------
    def _button(self, label: str, handler: Callable[[], None], css: str) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="auto", flex="0 0 auto"))
        button.add_class(css)
        button.on_click(self.messages.guard(lambda _b: handler()))
        return button

    def _say(self, text: str) -> None:
        self.messages.show(text, "warning")

    def _on_mouse_down(self, x: float, y: float) -> None:
        cell = cell_at(x / SCALE, y / SCALE)  # ipycanvas reports canvas pixels
        if cell is not None:
            self.click_cell(*cell)

    def __repr__(self) -> str:
        return f"PocketBoardWidget({self.table!r}, player={self.player!r})"
