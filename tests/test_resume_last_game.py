"""After a kernel restart the old app says so honestly, and the new app resumes the last game with one click
(issue 22 §4): what the kernel watch will say is kept true to the game's save, and which game "Resume your last game"
offers is the save layer's rule (:func:`isle_nb.widgets.last_game.last_game`)."""

from __future__ import annotations

import asyncio
import errno
import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from apart import run_apart

from isle_nb.widgets import launcher as launcher_module
from isle_nb.widgets import play_app
from isle_nb.widgets import playing as playing_module
from isle_nb.widgets.app import GameApp
from isle_nb.widgets.kernel_watch import RESUME, KernelWatch, lost_notice
from isle_nb.widgets.last_game import held_by_another_kernel, last_game
from isle_nb.widgets.launcher import launcher_of
from isle_nb.widgets.save_lock import lock_path, release_all
from isle_nb.widgets.saves import read_record, saved_games, saves_folder, scan, seat_words


def _first_move(app: GameApp) -> None:
    """Ann keeps the first cards of her draft pack (a person's move: the game is saved after it)."""
    panel = app.panel
    for card in panel.picker.cards[: app.game.picks_needed("Ann")]:
        panel.picker.toggle(card)
    panel.keep_button.click()


def _played(seed: int = 5) -> GameApp:
    app = play_app(["Ann", "bot:greedy"], seed=seed, bot_delay=0)
    _first_move(app)
    assert app.save_path is not None
    return app


def _restart(*apps: GameApp) -> None:
    """What a kernel restart does to the apps of the old kernel: they are gone (their locks no longer hold)."""
    for app in apps:
        app.close()


# ---- what the old app says when its kernel goes -------------------------------------------------------------
@pytest.mark.parametrize(
    ("facts", "says", "never"),
    [
        ({"saved_moves": 7, "moves": 7}, ["The game is saved", RESUME], ["not saved", "lost"]),
        ({"saved_moves": None, "autosave": False}, ["not saved", "cannot be resumed", "new game"], ["is saved"]),
        ({"saved_moves": None}, ["Nothing was played", "nothing was saved", "new game"], ["is saved", RESUME]),
        ({"saved_moves": 5, "moves": 7, "saved_at": 0.0}, ["last saved at", "the 2 moves played since then are lost",
                                                           RESUME], ["The game is saved"]),
        ({"saved_moves": 6, "moves": 7, "saved_at": 0.0}, ["the move played since then is lost"], ["is saved"]),
        ({"saved_moves": 7, "moves": 7, "over": True}, ["ended", "new game"], [RESUME]),
        ({"saved_moves": None, "over": True}, ["ended", "new game"], ["is saved", RESUME]),
        ({"on_hub": True}, ["hub", "join your seat again"], ["saved"]),
    ],
)
def test_the_notice_says_honestly_whether_the_game_is_saved(facts: dict, says: list[str], never: list[str]) -> None:
    notice = lost_notice(**{"on_hub": False, "over": False, "autosave": True, "moves": 3, "saved_moves": None,
                            "saved_at": None, **facts})
    assert "{again}" in notice  # "run the cell again" in a notebook, "reload the page" in Voila
    assert all(words in notice for words in says), notice
    assert not any(words in notice for words in never), notice


def test_every_app_carries_a_kernel_watch_that_follows_its_save(monkeypatch: pytest.MonkeyPatch) -> None:
    app = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)
    watch = app.kernel_watch
    assert isinstance(watch, KernelWatch) and watch in app.children and "isle-kernel-watched" in app._dom_classes
    assert watch.notice.startswith("Nothing was played in this game yet")
    _first_move(app)
    assert watch.notice.startswith("The game is saved") and RESUME in watch.notice

    def disk_full(path: Path, record: dict) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(playing_module, "write", disk_full)
    _first_move(app)  # this move cannot be saved: the notice no longer claims it is
    assert "could not be saved" in app.messages.text
    assert watch.notice.startswith("The game was last saved at") and "lost" in watch.notice

    unsaved = play_app(["Ann", "bot:greedy"], seed=6, bot_delay=0, autosave=False)
    _first_move(unsaved)
    assert "not saved" in unsaved.kernel_watch.notice and "is saved" not in unsaved.kernel_watch.notice


def test_the_other_apps_carry_a_kernel_watch_too() -> None:
    for mode, players in (("pocket", ["Ann", "bot:greedy"]), ("explore_draw", ["Ann"])):
        app = play_app(players, mode=mode, seed=3, bot_delay=0)
        assert "isle-kernel-watched" in app._dom_classes
        assert app.kernel_watch.notice.startswith("Nothing was played"), mode


# ---- the record says where the game stands ---------------------------------------------------------------
def test_a_saved_game_says_who_plays_and_where_it_stands() -> None:
    app = _played()
    record = json.loads(Path(app.save_path).read_text(encoding="utf-8"))
    assert record["progress"] == "day 1 of 5"
    (saved,) = saved_games()
    assert saved.players == "Ann vs greedy bot" and saved.progress == "day 1 of 5"
    assert seat_words("Cleo=bot:random") == "Cleo (random bot)"
    record["progress"] = 7  # not words: the file is damaged, and listed so
    bad = saves_folder() / "bad-progress.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    assert [d.path.name for d in scan()[1]] == ["bad-progress.json"]
    del record["progress"]  # files written before it existed still load
    assert "progress" not in read_record(json.dumps(record))


# ---- which game is offered, and the click ------------------------------------------------------------------
def test_after_a_restart_one_click_resumes_the_last_game_where_it_stood() -> None:
    old = _played()
    _first_move(old)
    path, actions, status = old.save_path, len(old.game.actions), old.status.value
    _restart(old)

    new = play_app(["Ann", "bot:greedy"], bot_delay=0)  # the cell run again: a fresh game and the offer
    assert new.offer is not None and new.offer_box in new.children
    assert "Ann vs greedy bot" in new.offer.text.value and "day 1 of 5" in new.offer.text.value
    assert RESUME in new.messages.text and "1 unfinished game" in new.messages.text
    new.offer.resume()
    assert new.save_path == path and len(new.game.actions) == actions and new.status.value == status
    assert new.offer is None, "the offer is done with"
    assert new.kernel_watch.notice.startswith("The game is saved")


def test_the_offer_goes_once_the_player_moves_in_the_new_game_and_that_game_is_kept() -> None:
    old = _played()
    _restart(old)
    new = play_app(["Ann", "bot:greedy"], seed=9, bot_delay=0)
    assert new.offer is not None
    _first_move(new)  # the player chose the new game
    assert new.offer is None
    assert {g.path for g in saved_games()} == {Path(old.save_path), Path(new.save_path)}, "nothing thrown away"
    assert last_game(new.save_path) is not None and last_game(new.save_path).path == Path(old.save_path)


def test_a_finished_or_open_last_game_is_not_offered_and_an_older_one_never_takes_its_place() -> None:
    older = _played(seed=5)
    _restart(older)
    last = _played(seed=6)
    _restart(last)
    # the last game is open in a live app of another kernel (another notebook): not offered, nor the older one
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lock_path(Path(last.save_path)).write_text(json.dumps({"token": "other", "pid": sleeper.pid,
                                                               "host": socket.gethostname()}))
        assert last_game() is None
        assert play_app(["Ann", "bot:greedy"], seed=7, bot_delay=0).offer is None
    finally:
        sleeper.kill()
        sleeper.wait()
    assert last_game().path == Path(last.save_path)  # that kernel is gone
    record = json.loads(Path(last.save_path).read_text(encoding="utf-8"))
    Path(last.save_path).write_text(json.dumps({**record, "over": True}), encoding="utf-8")
    assert last_game() is None, "a game over is not resumed"
    fresh = play_app(["Ann", "bot:greedy"], seed=8, bot_delay=0)
    assert fresh.offer is None and "open Games to resume" in fresh.messages.text


def test_after_a_page_reload_the_game_moves_from_the_old_app_to_the_new_one() -> None:
    """A page reload (or running the cell again) leaves the old app alive in the kernel with its lock, though no page
    shows it: the new app offers its game at once, and the click closes the old app and resumes the game here,
    instead of "open in this notebook: close it there first"."""
    old = _played()
    path, actions = old.save_path, len(old.game.actions)
    new = play_app(["Ann", "bot:greedy"], bot_delay=0)  # the cell run again on the reloaded page
    assert new.offer is not None and "Ann vs greedy bot" in new.offer.text.value
    assert "1 unfinished game" in new.messages.text and "open Games" not in new.messages.text
    new.offer.resume()
    assert old.comm is None, "the old app is closed"
    assert new.save_path == path and len(new.game.actions) == actions
    assert new.messages.text == (f"Loaded your game: Ann vs greedy bot (The Isle of Cats), {actions} moves played. "
                                 "It moved here from an earlier app in this notebook, now closed.")
    _first_move(new)  # and the game goes on, saved here
    assert json.loads(Path(path).read_text(encoding="utf-8"))["moves"] > actions


def test_resume_in_the_games_dialog_takes_the_game_over_from_an_app_of_this_kernel_too() -> None:
    ed = play_app(["Ann"], mode="explore_draw", seed=3, bot_delay=0)
    ed_path = Path(ed.save())  # as after a move
    isle = _played(seed=6)
    new = play_app(["Ann", "bot:greedy"], seed=7, bot_delay=0)
    launcher_of(new).load(ed_path, by=new)  # Explore & Draw: in its own app, shown in the new app's place
    assert ed.comm is None and new.other_app is not None and new.other_app.save_path == str(ed_path)
    assert "moved here from an earlier app" in new.messages.text
    shown = new.other_app
    launcher_of(new).load(ed_path, by=shown)  # loaded again from the shown app's own Games dialog: it is replaced
    assert shown.comm is None and new.other_app is not None and new.other_app is not shown
    assert "moved here" not in new.messages.text
    record = json.loads(Path(isle.save_path).read_text(encoding="utf-8"))
    record["game"]["actions"] = record["game"]["actions"][:1]  # the game after its first move
    Path(isle.save_path).write_text(json.dumps(record), encoding="utf-8")
    launcher_of(new).load(Path(isle.save_path), by=new.other_app)  # The Isle of Cats: in the app on the screen
    assert isle.comm is None and new.other_app is None and new.save_path == isle.save_path
    assert new.messages.text.startswith("Loaded your game: Ann vs greedy bot (The Isle of Cats), 1 move played.")
    assert "moved here from an earlier app" in new.messages.text


def test_a_last_game_held_by_another_kernel_is_offered_once_that_kernel_lets_it_go() -> None:
    """A reloaded Voila page's old kernel is being shut down as the new page starts: the new app looks again."""
    last = _played(seed=6)
    path = Path(last.save_path)
    _restart(last)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lock_path(path).write_text(json.dumps({"token": "other", "pid": sleeper.pid, "host": socket.gethostname()}))
        new = play_app(["Ann", "bot:greedy"], seed=7, bot_delay=0)
        assert new.offer is None and held_by_another_kernel() and "open Games to resume" in new.messages.text
        launcher_module._offer_later(new, 0)  # looked again: still held
        assert new.offer is None
    finally:
        sleeper.kill()
        sleeper.wait()
    assert not held_by_another_kernel()
    launcher_module._offer_later(new, 0)  # looked again: that kernel is gone
    assert new.offer is not None and new.offer.saved.path == path and RESUME in new.messages.text


def test_a_new_app_in_a_running_kernel_looks_again_until_the_other_kernel_lets_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launcher_module, "LOOK_AGAIN", (0.01, 200))  # in a kernel: every second, 20 times
    last = _played(seed=6)
    path = Path(last.save_path)
    _restart(last)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    lock_path(path).write_text(json.dumps({"token": "other", "pid": sleeper.pid, "host": socket.gethostname()}))

    async def reloaded_page() -> GameApp:
        new = play_app(["Ann", "bot:greedy"], seed=7, bot_delay=0)  # the old kernel is still shutting down
        assert new.offer is None
        await asyncio.sleep(0.05)
        assert new.offer is None, "still held"
        sleeper.kill()
        sleeper.wait()
        for _ in range(200):
            await asyncio.sleep(0.01)
            if new.offer is not None:
                break
        return new

    try:
        new = run_apart(reloaded_page())
    finally:
        sleeper.kill()
        sleeper.wait()
    assert new.offer is not None and new.offer.saved.path == path


def test_a_process_that_exits_gives_its_locks_back() -> None:
    app = _played()
    assert lock_path(Path(app.save_path)).exists()
    release_all()  # what the kernel does as it exits (atexit)
    assert not lock_path(Path(app.save_path)).exists()


def test_no_saved_game_no_offer() -> None:
    app = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)
    assert app.offer is None and app.offer_box.layout.display == "none" and app.messages.text == ""


def test_the_last_game_of_another_mode_resumes_in_its_own_app() -> None:
    pocket = play_app(["Ann", "bot:greedy"], mode="pocket", seed=4, bot_delay=0)
    path = pocket.save()  # as after a move
    _restart(pocket)
    new = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)
    assert "(Pocket Cats)" in new.offer.text.value
    new.offer.resume()
    assert new.offer is None and new.other_app is not None and new.other_app.save_path == path
