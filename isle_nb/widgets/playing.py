"""What every game's app does between the model and the screen: redraw once after a burst of changes, let the bots
move after each change, Undo and Redo around the bots (:mod:`isle_nb.widgets.history`), and save the game after
every move (:mod:`isle_nb.widgets.saves`)."""

from __future__ import annotations

import time
from collections.abc import Collection
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from isle_nb.model.core.history import UndoRefused
from isle_nb.model.core.records import ActionRecord
from isle_nb.model.core.seat import LocalSeat
from isle_nb.model.core.table import LocalTable
from isle_nb.widgets.closing import ClosesParts
from isle_nb.widgets.kernel_watch import KernelWatch, lost_notice
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.ready import ReadySignal
from isle_nb.widgets.save_lock import GameOpenElsewhere, claim, new_token, release
from isle_nb.widgets.saves import game_record, new_path, save_failure, saves_folder, write
from isle_nb.widgets.seats import BotDriver
from isle_nb.widgets.slots import Batch


class PlayingApp(ClosesParts):
    """A mixin for a game's app: it needs ``driver`` (whose :class:`~isle_nb.model.core.table.LocalTable` holds the
    game), ``bots``, ``humans``, ``seats``, ``messages``, ``bot_delay``, ``autosave``, ``save_path``, ``_started``,
    ``_suspended`` (a :class:`~isle_nb.widgets.slots.Batch` of refreshes), a ``refresh()`` that shows the game as it
    is and a ``_took_back()`` that says what an undo took back."""

    driver: BotDriver
    bots: Collection[str]
    messages: MessageArea
    humans: Collection[str]
    seats: tuple[str, ...]
    bot_delay: float
    autosave: bool
    save_path: str | None
    save_label = "game"
    """The start of the app's save file names."""
    _started: float
    _suspended: Batch
    _watched: LocalSeat
    """The seat whose changes the app redraws after."""
    _held: Path | None = None
    """The game file whose lock this app holds (:mod:`isle_nb.widgets.save_lock`)."""
    _ready_signal: ReadySignal | None = None
    _kernel_watch: KernelWatch | None = None
    _saved_as: tuple[str, int, float] | None = None
    """The file this app last saved its game in (or loaded it from), how many moves that file holds, and when."""
    _rest_pending = False
    """True while part of a redraw waits for the browser to paint the boat first."""

    @property
    def ready_signal(self) -> ReadySignal:
        """The hidden mark telling the page whether the app is idle and awaiting input (:mod:`isle_nb.widgets.ready`):
        each app shows it; it is rewritten after every handled event."""
        signal = self._ready_signal
        if signal is None:
            signal = self._ready_signal = ReadySignal()
            self.messages.on_handled = self.settle
        return signal

    @property
    def kernel_watch(self) -> KernelWatch:
        """The mark that covers the app with a message once its kernel is gone (:mod:`isle_nb.widgets.kernel_watch`):
        each app shows it beside its ready signal."""
        watch = self._kernel_watch
        if watch is None:
            watch = self._kernel_watch = KernelWatch()
            self.add_class("isle-kernel-watched")  # type: ignore[attr-defined]  # what the message covers
            self._tell_watch()
        return watch

    def settle(self) -> None:
        """Tell the page, once the kernel has handled the current event, whether the app is idle: no bot move
        scheduled or running and the screen drawn in full; and what to say of the game if the kernel goes now."""
        self.ready_signal.settle(lambda: not (self.driver.busy or self._rest_pending))
        self._tell_watch()

    def _tell_watch(self) -> None:
        """Keep the kernel watch's notice true to the game's save: saved, saved some moves ago, or not at all."""
        if self._kernel_watch is None or getattr(self, "driver", None) is None:
            return
        table = self.table
        saved = self._saved_as if self._saved_as is not None and self._saved_as[0] == self.save_path else None
        on_hub = table.game is None
        self._kernel_watch.notice = lost_notice(
            on_hub=on_hub, over=not on_hub and table.over, autosave=self.autosave, moves=0 if on_hub else table.moves,
            saved_moves=None if saved is None else saved[1], saved_at=None if saved is None else saved[2])

    @property
    def progress(self) -> str:
        """Where the game stands, in a few words for the list of saved games (each app may say more)."""
        moves = self.table.moves
        return f"{moves} move{'s' if moves != 1 else ''} played"

    def _note_saved(self) -> None:
        """The game file :attr:`save_path` holds the game as it is now."""
        if self.save_path is not None:
            self._saved_as = (self.save_path, self.table.moves, time.time())

    def refresh(self) -> None:  # pragma: no cover - each app shows itself
        raise NotImplementedError

    def _took_back(self, before: tuple[Any, ...], taken: ActionRecord) -> str:  # pragma: no cover
        """What an undo took back, as a sentence (``before``: the log before the undo)."""
        raise NotImplementedError

    @property
    def table(self) -> LocalTable:
        """The game at this device: its seats, its bots, its save."""
        return self.driver.table

    def _played_on_a_hub(self) -> bool:
        """Whether the game is on a hub (a table joined there): then say that its host starts the next game there,
        for what needs the game at this device (a rematch, the Games dialog)."""
        if self.table.game is not None:
            return False
        self.messages.show("This game is played on a hub: whoever hosts the table starts the next one there.",
                           "warning")
        return True

    def _undo_seat(self) -> LocalSeat:
        """The seat that asks for Undo and Redo: they take back the moves of every person at the device."""
        table = self.table
        return table.seat(table.people[0] if table.people else table.players[0])

    def undo(self) -> None:
        """Take back moves up to and including the last move of a person (bot moves after it are undone too)."""
        seat = self._undo_seat()
        if seat.over:
            raise UndoRefused("the game is over; a rematch or a new game starts from the Games menu")
        if not self.table.moves:
            raise UndoRefused("there is nothing to undo")
        self.driver.cancel()
        self.driver.paused = True
        before = seat.view.log
        taken: ActionRecord | None = None
        try:
            with self._quiet():
                taken = seat.undo()
        finally:
            # the bots wait until a person moves again: moving now would throw away what Redo could play again
            self.driver.paused = bool(self.humans)
            if taken is not None:
                self.messages.show(self._took_back(before, taken), "info")
            self.driver.kick(self._quiet)

    def redo(self) -> None:
        """Play again the moves the last Undo took back (up to and including the next move of a person)."""
        seat = self._undo_seat()
        if not seat.can_redo:
            raise UndoRefused("there is nothing to redo")
        self.driver.cancel()
        self.driver.paused = True
        try:
            with self._quiet():
                seat.redo()
        finally:
            self.driver.paused = False
            self.messages.show("Played again.", "info")
            self.driver.kick(self._quiet)

    def close(self) -> None:
        """Close the app when it is replaced or no longer shown: its bots stop, it stops watching its game and every
        widget it is made of closes (:mod:`isle_nb.widgets.closing`). Closing it again does nothing."""
        if getattr(self, "comm", None) is None:  # closed before (ipywidgets closes a widget again when it is freed)
            return
        self._let_go()
        held = self._held
        if held is not None:  # another app may play it now
            release(held, self.lock_token)
            self._held = None
        super().close()

    def _let_go(self) -> None:
        """Stop playing the game shown (the app closes, or shows another game): its bots stop and the app stops
        watching it."""
        driver = getattr(self, "driver", None)
        if driver is not None:
            driver.cancel()
            driver.paused = True
            self._stop_watching()
            driver.table.close()  # its seats stop watching the game

    @property
    def game(self) -> Any:
        """The game shell this app plays, for scripts and tests (the screen draws only from seats)."""
        return self.table.game

    def _watch(self, seat: LocalSeat) -> None:
        """Start playing: the game's other observers report their errors here, the bots make their first moves,
        then the app redraws whenever ``seat`` changes (every seat of the table is told of every change)."""
        self.table.on_error(self.messages.error)  # another observer's bug shows here; the move stands
        with self._quiet():
            self.driver.kick()
        self._watched = seat
        seat.observe(self._on_state, names=["version"])
        self.settle()

    def _stop_watching(self) -> None:
        """Stop observing what the app watches (the seat :meth:`_watch` observes, unless the app says otherwise);
        nothing to stop for an app whose constructor failed before it watched anything (closing it stays quiet)."""
        watched = getattr(self, "_watched", None)
        if watched is not None:
            watched.unobserve(self._on_state, names=["version"])

    def _quiet(self) -> AbstractContextManager[None]:
        """Refresh once at the end instead of after every change (a burst of bot moves, an undo)."""
        return self._suspended()

    def _on_state(self, _change: dict[str, Any]) -> None:
        """The model changed: show it, then let the bots move (each burst redrawn once)."""
        if self._suspended:
            return
        self.refresh()
        self.driver.kick(self._quiet)
        self.settle()

    @property
    def lock_token(self) -> str:
        """This app's token in the lock files of the games it plays (:mod:`isle_nb.widgets.save_lock`)."""
        token = getattr(self, "_lock_token", None)
        if token is None:
            token = new_token(self)
            self._lock_token = token
        return token

    def claim_save(self, path: str | Path) -> None:
        """Play on in the game file ``path``: take its lock (:class:`GameOpenElsewhere` if another live app has it)
        and give back the lock of the file this app played in before. The file holds the game as it is now (a
        game loaded from it)."""
        self._hold(Path(path))
        if str(path) == self.save_path:
            self._note_saved()

    def _hold(self, path: Path) -> None:
        """Take the lock of ``path``, then give back the one of the file this app played in before (a new game
        or another loaded game), so that another app may play that one."""
        claim(path, self.lock_token)
        held = self._held
        if held is not None and held != path:
            release(held, self.lock_token)
        self._held = path

    def save(self, path: str | Path | None = None) -> str:
        """Save the game now (in its autosave file, or in ``path``); returns the file name. Refused with
        :class:`GameOpenElsewhere` when another live app plays the same file."""
        if path is None:
            if self.save_path is None:
                self.save_path = str(new_path(saves_folder(), self.table.seed, self.save_label))
            path = self.save_path
        if str(path) == self.save_path:
            self._hold(Path(path))
        write(Path(path), game_record(self.table, self.seats, self._started, self.bot_delay, self.progress))
        if str(path) == self.save_path:
            self._note_saved()
        return str(path)

    def _autosave(self) -> None:
        """Save after every move once a person has moved (a game nobody played yet is not worth resuming). A save
        that fails says why in plain words, and play (and the bots) go on."""
        if self.autosave and (self.save_path is not None or self.table.people_moved):
            try:
                self.save()
            except GameOpenElsewhere as error:
                self.messages.show(f"Your game could not be saved: {error} Moves made here are not saved.",
                                   "error")
            except OSError as error:
                self.messages.show(save_failure(error, self.save_path), "error")


__all__ = ["PlayingApp"]
