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

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from isle_nb.draw import Scene
from isle_nb.model.core.contract import Bot
from isle_nb.model.core.seat import LocalSeat
from isle_nb.model.core.table import LocalTable
from isle_nb.model.pocket.actions import Flip, PocketAction, RotateDog, Swap
from isle_nb.model.pocket.board import Cell
from isle_nb.model.pocket.bots import make_pocket_bot
from isle_nb.model.pocket.endgame import EndStep
from isle_nb.view.pocket import board_scene, view_scene
from isle_nb.widgets.fit import fit_style
from isle_nb.widgets.history import HistoryControls
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.playing import PlayingApp
from isle_nb.widgets.pocket_app.board import SCALE, BoardCanvas, highlights
from isle_nb.widgets.pocket_app.end_steps import EndSteps
from isle_nb.widgets.pocket_app.moves import ROTATION_LABELS, MoveButtons
from isle_nb.widgets.pocket_app.words import (
    GOAL,
    LESSON,
    MOVE_WORDS,
    guide_html,
    log_html,
    move_words,
    standing_html,
    status_html,
)
from isle_nb.widgets.seats import BotDriver
from isle_nb.widgets.slots import Batch
from isle_nb.widgets.words import bot_lines

WATCHER = "Watcher"
"""The seat of a screen where only bots play: the public view."""

PANEL_WIDTH = "100%"
"""The panel's parts take its width: up to 440 px beside the board, the width left under it on a narrow screen."""


class PocketBoardWidget(PlayingApp, widgets.HBox):
    """A playable Pocket Cats board for ``game``: the app of Pocket Cats, with Undo, Redo and autosave like the
    other games' apps (:class:`~isle_nb.widgets.playing.PlayingApp`). ``game`` may also be a table joined on a hub
    (:class:`~isle_nb.remote.JoinedTable`, with ``player`` its seat): the board then plays that seat.

    ``player`` is the seat the person at the screen plays (``None``: hot-seat, the widget acts for whoever must
    act). ``bot`` (``"greedy"``, ``"random"`` or a bot object) plays the other seat and moves as soon as it is
    its turn; ``bots`` (seat name -> bot) names the bot seats instead. ``bot_delay``, ``seats``, ``autosave`` and
    ``save_path`` are as in :class:`~isle_nb.widgets.explore_draw.ExploreDrawApp`.

    It is built from named parts (:mod:`isle_nb.widgets.pocket_app`): the board, the move buttons and the walk
    through the end of a game; the widget keeps what the player has selected and turns clicks into actions.
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
        people = (player,) if player is not None else self.humans
        self._seats = {p: table.seat(p) for p in people or (WATCHER,)}
        """The seats this screen shows (hot seat: every person's; no person: a watcher's public view)."""
        self._shown = next(iter(self._seats))

        self.board = BoardCanvas(self.click_cell, lambda: self.redraw(force=True))
        self.canvas = self.board.canvas
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
        self.move_buttons = buttons = MoveButtons(self.messages, self._act_for, self._rotate, self.act)
        self.stay_button, self.keep_dogs_button = buttons.stay_button, buttons.keep_dogs_button
        self.rotate_buttons, self.next_game_button = buttons.rotate_buttons, buttons.next_game_button
        self.clan_box, self.actions_box = buttons.clan_box, buttons.actions_box
        self.end_steps = EndSteps(self.messages, PANEL_WIDTH, self._end_steps, self.refresh)
        ends = self.end_steps
        self.previous_button, self.next_button, self.last_button = (
            ends.previous_button, ends.next_button, ends.last_button)
        self.step_label, self.step_text, self.end_box = ends.step_label, ends.step_text, ends.end_box
        self.log_view = widgets.HTML(layout=widgets.Layout(width=PANEL_WIDTH))
        self.log_view.add_class("pocket-log")
        history = widgets.HBox([self.history.buttons, self.history.note], layout=widgets.Layout(align_items="center"))
        panel = widgets.VBox(
            [self.guide, self.status, self.standing, self.clan_box, self.actions_box, history, self.messages,
             self.end_box, self.log_view, self.ready_signal, self.kernel_watch, fit_style()],
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
        self.end_steps.next_step()

    def previous_step(self) -> None:
        """Show the previous step of the end-game sequence."""
        self.end_steps.previous_step()

    def last_step(self) -> None:
        """Jump to the scores, the last step of the end-game sequence."""
        self.end_steps.last_step()

    @property
    def step(self) -> int:
        """The end-game step shown (0 = the last tile placed)."""
        return self.end_steps.step

    @property
    def seat(self) -> LocalSeat:
        """The seat shown: the screen draws only what this player may see (:class:`~isle_nb.model.core.seat.Seat`)."""
        return self._seats[self._shown]

    def targets(self) -> list[Cell]:
        """The cells highlighted as legal targets now (from the seat's legal actions)."""
        return list(self._highlights()["targets"])

    def redraw(self, force: bool = False) -> None:
        """Draw the board from the model; layers whose picture did not change are left alone unless ``force``."""
        self.board.paint(self.scene(), force)

    def scene(self) -> Scene:
        """The picture the canvas shows now: the board as the seat sees it, or the end-game step being shown."""
        step = self.end_steps.current()
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
        self.end_steps.follow()
        view = self.seat.view
        actor = self._actor()
        people = list(self.humans)
        you = people[0] if len(people) == 1 else None  # hot seat: the status line names who acts
        self.move_buttons.show(view.stage, self._legal(), actor, self._dog)
        self.status.value = (f"<div style='line-height:1.45'>"
                             f"{status_html(view, self.seat.result(), actor, self.bots, self._source, you)}</div>")
        self.standing.value = standing_html(view, self.seat.name)
        self.guide.value = guide_html(view)
        self.end_steps.show(view.game)
        self.log_view.value = log_html(view, bot_lines(self.seat))  # the lines this seat may read
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

    def _highlights(self) -> dict[str, Any]:
        return highlights(self.seat.view, self.seat.seen, self._actor(), self._legal(), self._source, self._dog)

    # -- acting -----------------------------------------------------------------------------------------------
    def _actor(self) -> str | None:
        """The seat shown, if it must act now (a bot's seat never acts through the screen)."""
        name = self.seat.name
        return name if name in self.seat.view.awaiting and name not in self.bots else None

    def _click(self, cell: Cell) -> None:
        view = self.seat.view
        if self.end_steps.current() is not None and view.stage == "over":
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

    def _rotate(self, turns: int) -> None:
        actor = self._actor()
        if actor is None or self._dog is None:
            self._say("Choose a dog next to the Royal Claws chief first.")
            return
        self.act(RotateDog(actor, self._dog, turns))

    def _took_back(self, before: tuple[Any, ...], taken: PocketAction) -> str:  # type: ignore[override]
        self._source = None
        self._dog = None
        return f"Taken back: {move_words(taken)}."

    def _say(self, text: str) -> None:
        self.messages.show(text, "warning")

    def __repr__(self) -> str:
        return f"PocketBoardWidget({self.table!r}, player={self.player!r})"


__all__ = ["GOAL", "LESSON", "MOVE_WORDS", "PANEL_WIDTH", "ROTATION_LABELS", "SCALE", "WATCHER", "PocketBoardWidget",
           "guide_html", "move_words", "standing_html"]
