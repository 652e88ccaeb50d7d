"""The front door to every game's app: :func:`play_app`, new games, loading, rematches and switching between games.

One app is on the screen (the widget a cell shows: it stays there whatever is played next); its :class:`Launcher`
decides where the next game goes. A game the app on the screen can play itself (The Isle of Cats app plays the
standard, solo and family games) is started in it; a game with an app of its own (Pocket Cats, Explore & Draw) is
shown in that app's place under a bar whose Games button leads back. Whichever app asks (the one on the screen or
the one shown in its place, from its Games dialog, its end screen's Rematch or the offer to resume the last game),
the next game replaces the one shown, and the replaced app closes with every widget it is made of, so game after
game in one notebook cell the live widgets and game shells stay flat (issue #32 §2).

This module imports no app: the app of each mode comes from the model's registry
(:func:`isle_nb.model.modes.app_maker`, filled by :mod:`isle_nb.widgets.apps`), and an app reaches the launcher
that places its next game through :func:`launcher_of`; so no app is the front door to another, and no import loop
runs through the apps.
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from isle_nb.model.core.records import check_names
from isle_nb.model.modes import app_maker, game_mode, mode_of_save
from isle_nb.model.parts.words import plural
from isle_nb.widgets.closing import close_tree
from isle_nb.widgets.games import GamesDialog, fresh_seed
from isle_nb.widgets.kernel_watch import RESUME
from isle_nb.widgets.last_game import held_by_another_kernel, last_game, take_over
from isle_nb.widgets.later import later
from isle_nb.widgets.lobby import LobbyApp, lobby_in_address
from isle_nb.widgets.presence import SeatPage
from isle_nb.widgets.save_lock import holder_here
from isle_nb.widgets.saves import SavedGame, read_game, saved_games, seat_words
from isle_nb.widgets.seats import parse_players
from isle_nb.widgets.teacher import TeacherApp, teacher_in_address
from isle_nb.widgets.waiting_room import seat_screen
from isle_nb.widgets.watch import watch_app, watch_in_address

MOVED = " It moved here from an earlier app in this notebook, now closed."
"""Said after a loaded game's message when the game was taken over from an app of this kernel left behind."""

LOOK_AGAIN = (1.0, 20)
"""How long (seconds) and how many times a new app looks again whether the last game, held by another kernel, was
let go: a reloaded Voila page's old kernel is being shut down as the new page starts (measured: gone 2 s after the
reload on a loaded machine; Jupyter kills a kernel that has not stopped 5 s after it was asked to)."""


def open_game(mode: str, players: Sequence[str] | int, seed: int, options: Mapping[str, Any] | None = None,
              **app_options: Any) -> Any:
    """A new game of the registered ``mode`` in its app: ``players`` are seats as in ``play_app`` (a name, or
    ``"Cleo=bot:greedy"``), or how many people play (named "Player 1"...); ``options`` the mode's options,
    ``app_options`` the maker's (``bot_delay``...)."""
    entry = game_mode(mode)
    if isinstance(players, int):
        players = check_names(players, range(entry.players[0], entry.players[-1] + 1), entry.rule, entry.label)
    names, bots = parse_players(players, seed, entry.bots)
    game = entry.new(names, seed, **(options or {}))
    return app_maker(mode)(game, bots, tuple(players), **app_options)


def resume_game(path: Path, **app_options: Any) -> Any:
    """A saved app game (any mode) in its app, saving on into the same file."""
    data, game = read_game(path.read_text(encoding="utf-8"))
    saved = data["game"]  # checked by the replay: the setup and the actions
    entry = mode_of_save(saved)
    names, bots = parse_players(data["seats"], saved["seed"], entry.bots)
    if list(names) != list(saved["players"]):
        raise ValueError("the saved seats do not match the saved game's players")
    app_options = {**app_options, "bot_delay": float(data.get("bot_delay", app_options.get("bot_delay", 0.6)))}
    app = app_maker(entry.name)(game, bots, tuple(data["seats"]), save_path=str(path), **app_options)
    app.claim_save(path)  # GameOpenElsewhere while another live app plays this file
    app._started = float(data.get("started", app._started))
    return app


def launcher_of(app: Any) -> Launcher:
    """The launcher that places ``app``'s next game: the one of the app on the screen that shows it, else its own
    (an app on the screen gets one when it first needs it)."""
    launcher = getattr(app, "launcher", None)
    if launcher is None:
        launcher = app.launcher = Launcher(app)
    return launcher


class Launcher:
    """Where the next game of the app on the screen (``screen``) goes.

    ``screen`` is a game's app (a :class:`~isle_nb.widgets.playing.PlayingApp` box) with ``messages``,
    ``ready_signal``, ``style_box`` and ``_playing_children``; it plays the games for which its ``plays(mode)``
    says so (with ``start(game, bots, seats=..., save_path=...)``) and may have a Games dialog (``open_games()``).
    """

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.shown: Any | None = None
        """The app of another game shown in the screen's place, if any."""
        self._bar: widgets.Widget | None = None
        self._paused = False
        """Whether the screen's bots were waiting (after an Undo) when another app took its place."""

    # -- where a game goes ------------------------------------------------------------------------------------
    def _player(self, by: Any, mode: str) -> Any | None:
        """The app that plays a game of ``mode`` itself: the one that asks (``by``) if it can, else the screen if it
        can, else ``None`` (the mode's own app will)."""
        return next((app for app in (by, self.screen)
                     if app is not None and getattr(app, "plays", lambda _mode: False)(mode)), None)

    def new_game(self, players: Sequence[str], mode: str, options: Mapping[str, Any] | None, seed: int,
                 by: Any = None) -> None:
        """Start a new game of ``mode`` (asked for by the app ``by``): in an app that plays that game itself,
        else in the mode's own app shown in the screen's place (the app shown before closes either way). The
        screen's message line says so."""
        screen = self.screen
        player = self._player(by, mode)
        if player is screen:
            self.close_shown()
        if player is not None:
            names, bots = parse_players(players, seed)
            player.start(game_mode(mode).new(names, seed, **(options or {})), bots, seats=players)
        else:
            asking = by or screen  # its pace and saving go on in the new game
            self.show(open_game(mode, players, seed, options, bot_delay=asking.bot_delay, autosave=asking.autosave),
                      mode, seed)
        screen.messages.show(f"New game started (seed {seed}).", "ok")  # above another game's app too

    def rematch(self, by: Any, mode: str, options: Mapping[str, Any]) -> None:
        """The same seats and game as ``by`` plays, with a new seed."""
        self.new_game(by.seats, mode, options, fresh_seed(), by=by)

    def load(self, saved: SavedGame | str | Path, by: Any = None) -> None:
        """Continue a saved game (an app game file) where it belongs, saving on into the same file. An app of this
        kernel that still plays it (left behind by a page reload or by running the cell again) closes first and the
        game moves here; an app of another kernel keeps it (:class:`GameOpenElsewhere`)."""
        screen = self.screen
        path = saved.path if isinstance(saved, SavedGame) else Path(saved)
        data, game = read_game(path.read_text(encoding="utf-8"))
        record = data["game"]  # checked by the replay: the setup and the actions
        entry = mode_of_save(record)
        mode, players = entry.name, " vs ".join(seat_words(seat) for seat in data["seats"])
        loaded = f"Loaded your game: {players} ({entry.label}), {plural(len(record['actions']), 'move')} played."
        player = self._player(by, mode)
        if player is None:
            asking = by or screen
            moved = self._free(path, player)
            self.show(resume_game(path, bot_delay=asking.bot_delay, autosave=asking.autosave), mode, record["seed"])
            screen.messages.show(loaded + (MOVED if moved else ""), "ok")
            return
        names, bots = parse_players(data["seats"], record["seed"], game_mode(mode).bots)
        if names != list(record["players"]):
            raise ValueError("the saved seats do not match the saved game's players")
        moved = self._free(path, player)
        player.claim_save(path)  # GameOpenElsewhere while an app of another kernel plays this file
        if player is screen:
            self.close_shown()
        player.bot_delay = float(data.get("bot_delay", player.bot_delay))
        player.start(game, bots, seats=data["seats"], save_path=str(path))
        player._started = float(data.get("started", time.time()))
        player.messages.show(loaded + (MOVED if moved else ""), "ok")

    def _free(self, path: Path, player: Any | None) -> bool:
        """Before ``player`` (or, if ``None``, a new app of the game's mode) plays the game file ``path``: the app of
        this kernel that holds it closes, unless it is ``player``. The app shown in the screen's place goes as when
        it is replaced; another app (left behind) says the game moved: returns whether there was one."""
        holder = holder_here(path)
        if holder is not None and holder is self.shown and holder is not player:
            self.close_shown()
            return False
        return take_over(path, keep=(player,))

    def resume(self, saved: SavedGame, by: Any) -> None:
        """Resume the game ``by`` offers (its new game, which nobody has moved in, is dropped)."""
        self.load(saved, by=by)
        by.offer_slot.drop()

    def games_dialog(self, by: Any, mode: str) -> GamesDialog:
        """The Games dialog of the app ``by`` (it plays a game of ``mode``): a new game of any mode, resume or load
        a saved one, save this one; what it starts or loads goes where this launcher says."""
        dialog = GamesDialog(by.messages, on_start=lambda players, chosen, options, seed: self.new_game(
            players, chosen, options, seed, by=by), on_load=lambda saved: self.load(saved, by=by),
            on_save=by.save, on_close=by.close_games, seats=by.seats, mode=mode)
        dialog.refresh(by.save_path)
        return dialog

    # -- another game's app in the screen's place --------------------------------------------------------------
    def show(self, other: Any, mode: str, seed: int) -> None:
        """Show ``other`` (another game's app) in the screen's place under a bar with a way back to the Games
        dialog; the app shown before closes, and the screen's own bots wait while it is hidden."""
        screen = self.screen
        self.close_shown()
        self._paused = screen.driver.paused
        screen.driver.cancel()
        screen.driver.paused = True
        back = widgets.Button(description="Games", tooltip="Back to the Isle of Cats games",
                              layout=widgets.Layout(width="86px"))
        back.add_class("isle-games-button")
        back.on_click(screen.messages.guard(lambda _b: self.back()))
        label = html.escape(game_mode(mode).label)
        self._bar = widgets.HBox([widgets.HTML(f'<b style="font-size:16px">{label}</b> '
                                               f'<span class="isle-seed">seed {seed}</span>'), back],
                                 layout=widgets.Layout(justify_content="space-between", align_items="center"))
        other.launcher = self  # its next game comes back here
        other.messages.clears_too = screen.messages  # what the line above it says goes once the player moves there
        if screen.dialog is not None:
            screen.close_games()  # the dialog that started it closes (the screen's own game is hidden, not closed)
        self.shown = screen.other_app = other
        screen.children = (screen.style_box, self._bar, screen.messages, screen.ready_signal, other)

    def close_shown(self) -> None:
        """Close the app shown in the screen's place (its game is freed) and show the screen's own game again."""
        other, bar = self.shown, self._bar
        if other is None:
            return
        screen = self.screen
        self.shown = self._bar = screen.other_app = None
        screen.children = screen._playing_children
        close_tree(*(w for w in (bar, other) if w is not None), keep=screen._playing_children)
        screen.driver.paused = self._paused
        screen.driver.kick(screen._quiet)  # the screen's bots go on where they were

    def back(self) -> None:
        """The bar's Games button: the shown app closes and the screen's Games dialog opens."""
        self.close_shown()
        self.screen.open_games()


# -- the front door ------------------------------------------------------------------------------------------
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
    (:class:`~isle_nb.widgets.lobby.LobbyApp`), where a student takes an open seat; ``?watch=<table id>`` there
    shows that table to a watcher (:class:`~isle_nb.widgets.watch.WatchApp`), and ``?teacher`` the teacher's page
    (:class:`~isle_nb.widgets.teacher.TeacherApp`), which asks for the hub's admin secret first.

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
    if table is None and (linked := _link_in_address()) is not None:  # a page opened by a seat's link: who is at
        return SeatPage(seat_screen(linked, _joined_app))  # the table above the seat's screen, as in the lobby
    if table is not None:  # a table still waiting for players shows a waiting room first
        return seat_screen(table, _joined_app)
    watched = watch_in_address(os.environ.get("QUERY_STRING", ""))
    if watched is not None:
        return watch_app(*watched)
    lobby = lobby_in_address(os.environ.get("QUERY_STRING", ""))
    if lobby is not None:
        return LobbyApp(lobby, _joined_app)
    teacher = teacher_in_address(os.environ.get("QUERY_STRING", ""))
    if teacher is not None:  # the teacher's page (the hub's admin secret first)
        return TeacherApp(teacher)
    seed = fresh_seed() if seed is None else seed
    if difficulty is not None:
        options["difficulty"] = difficulty
    app = open_game(mode, players, seed, options, bot_delay=bot_delay, hot_seat_cover=hot_seat_cover,
                    autosave=autosave)
    if hasattr(app, "offer_slot"):
        _offer_last_game(app)
    return app


def _offer_last_game(app: Any) -> None:
    """A new app says what can be resumed: the last game with one click (:func:`last_game` decides which), the
    other unfinished games through Games. If another kernel holds the last game (the old kernel of a reloaded Voila
    page, being shut down), the app looks again for a few seconds and offers it once it is free."""
    unfinished = [g for g in _unfinished() if g.path != Path(app.save_path or "")]
    last = last_game(app.save_path)
    if last is not None:
        app.offer_slot.show(last)
    elif held_by_another_kernel(app.save_path):
        _look_again(app, LOOK_AGAIN[1])
    _say_unfinished(app, unfinished, last is not None)


def _look_again(app: Any, tries: int) -> None:
    """In a second, offer the last game if it is free by then (:func:`_offer_later`); nothing without an event loop
    (a script)."""
    later(LOOK_AGAIN[0], app.messages.guard(lambda: _offer_later(app, tries - 1)))


def _offer_later(app: Any, tries: int) -> None:
    """Offer the last game now that another kernel may have let it go, unless this app has moved on (closed, a
    person moved, another game shown); while that kernel still holds it, look again (``tries`` more times)."""
    if app.comm is None or app.offer is not None or app.table.people_moved or app.save_path is not None:
        return
    last = last_game()
    if last is not None:
        app.offer_slot.show(last)
        _say_unfinished(app, _unfinished(), True)
    elif tries > 0 and held_by_another_kernel():
        _look_again(app, tries)


def _say_unfinished(app: Any, unfinished: list[SavedGame], offered: bool) -> None:
    """Say how many unfinished games there are and where to resume them."""
    if not unfinished:
        return
    count = plural(len(unfinished), "unfinished game")
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
    return [g for g in saved_games() if not g.over]


__all__ = ["Launcher", "launcher_of", "open_game", "play_app", "resume_game"]
