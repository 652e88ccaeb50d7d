"""The app's saved games never stop play (issue 22): damaged files are listed by name, writes are atomic with a
temporary file each, a lock keeps two apps from playing one game, a failed autosave is said in plain words while
play goes on, and a saved bot delay out of range is refused."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from isle_nb.model.core.errors import InvalidSave
from isle_nb.model.core.table import LocalTable
from isle_nb.model.isle.game import Game
from isle_nb.widgets import play_app
from isle_nb.widgets import playing as playing_module
from isle_nb.widgets.games import GamesDialog
from isle_nb.widgets.messages import MessageArea
from isle_nb.widgets.save_lock import GameOpenElsewhere, claim, lock_path, new_token
from isle_nb.widgets.saves import DamagedGame, game_record, read_record, saved_games, saves_folder, scan, write


def _record_text(**changes: object) -> str:
    """A good app game file's text, with some keys replaced by raw JSON text (``Infinity``, a huge number)."""
    record = game_record(LocalTable(Game.new(["Ann", "Ben"], seed=3)), ("Ann", "Ben=bot:greedy"), time.time(), 0.0)
    text = json.dumps(record)
    for key, raw in changes.items():
        holder = record["game"] if key == "seed" else record
        old = json.dumps({key: holder[key]})[1:-1]
        assert old in text
        text = text.replace(old, f'"{key}": {raw}', 1)
    return text


BAD_FILES = {
    "moves-infinity.json": _record_text(moves="Infinity"),
    "updated-huge.json": _record_text(updated="1" + "0" * 400),
    "seed-infinity.json": _record_text(seed="Infinity"),
    "bot-delay-infinity.json": _record_text(bot_delay="Infinity"),
    "bot-delay-1e9.json": _record_text(bot_delay="1e9"),
    "cut.json": _record_text()[:300],
}


def _fill_folder() -> Path:
    folder = saves_folder()
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in BAD_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "good.json").write_text(_record_text(), encoding="utf-8")
    return folder


def test_bad_files_are_listed_as_damaged_by_name_and_never_stop_the_app() -> None:
    folder = _fill_folder()
    games, damaged = scan(folder)
    assert [g.path.name for g in games] == ["good.json"] and games[0].label
    assert sorted(d.path.name for d in damaged) == sorted(BAD_FILES)
    assert all(isinstance(d, DamagedGame) and d.path.name in d.label and "damaged" in d.label for d in damaged)
    assert [g.path.name for g in saved_games()] == ["good.json"]
    app = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)  # raised OverflowError before
    assert "1 unfinished game" in app.messages.text
    dialog = GamesDialog(MessageArea(), lambda *a: None, lambda s: None, lambda: "", lambda: None, ("Ann",), "standard")
    text = " ".join(getattr(row, "value", "") for row in dialog.saved.children)
    assert all(name in text for name in BAD_FILES)


def test_a_saved_bot_delay_of_infinity_or_a_billion_seconds_is_refused_on_load() -> None:
    for raw in ("Infinity", "1e9", "-1"):
        with pytest.raises(InvalidSave, match="bot_delay"):
            read_record(_record_text(bot_delay=raw))
    bad = saves_folder() / "slow.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text(_record_text(bot_delay="1e9"), encoding="utf-8")
    app = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0, autosave=False)
    state = app.game.state
    with pytest.raises(InvalidSave):
        app.load(bad)
    assert app.game.state is state and app.bot_delay == 0


def test_every_write_uses_its_own_temporary_file(tmp_path: Path) -> None:
    """Two writers saving one game and a reader reading it: every read is a whole file, no save fails, and no
    temporary file is left behind (one shared temporary file lost saves and showed readers broken JSON)."""
    path = tmp_path / "game.json"
    write(path, {"n": -1})
    errors: list[BaseException] = []
    broken: list[str] = []
    done = threading.Event()

    def writer(offset: int) -> None:
        try:
            for n in range(150):
                write(path, {"n": offset + n, "pad": "x" * 2000})
        except BaseException as error:  # recorded: the test fails on it
            errors.append(error)

    def reader() -> None:
        while not done.is_set():
            text = path.read_text(encoding="utf-8")
            try:
                json.loads(text)
            except ValueError:
                broken.append(text[:40])

    threads = [threading.Thread(target=writer, args=(k * 1000,)) for k in range(2)]
    watcher = threading.Thread(target=reader)
    watcher.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done.set()
    watcher.join()
    assert errors == [] and broken == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def _first_move(app) -> None:
    panel = app.panel
    for card in panel.picker.cards[: app.game.picks_needed("Ann")]:
        panel.picker.toggle(card)
    panel.keep_button.click()


def test_a_game_moves_from_an_app_of_this_kernel_but_another_kernel_keeps_it_until_it_is_dead() -> None:
    first = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)
    _first_move(first)
    path = Path(first.save_path)
    assert lock_path(path).exists()
    (saved,) = [g for g in saved_games() if g.path == path]
    # an app of this kernel (left behind by a page reload) gives the game to the app that loads it, and closes
    second = play_app(["Ann", "bot:greedy"], seed=6, bot_delay=0)
    second.load(saved)
    assert first.comm is None and second.save_path == str(path) and "moved here" in second.messages.text
    # a holder in another process that is still running holds it
    third = play_app(["Ann", "bot:greedy"], seed=7, bot_delay=0, autosave=False)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        lock = json.loads(lock_path(path).read_text())
        lock_path(path).write_text(json.dumps({**lock, "token": "other", "pid": sleeper.pid}))
        with pytest.raises(GameOpenElsewhere, match=f"process {sleeper.pid}"):
            third.load(saved)
        # ... and the app that lost the game to it says its moves are not saved instead of losing them
        moves = len(second.game.actions)
        _first_move(second)
        assert len(second.game.actions) > moves
        assert "could not be saved" in second.messages.text and "open in another" in second.messages.text
    finally:
        sleeper.kill()
        sleeper.wait()
    # its kernel died: the leftover lock does not hold the game
    third.load(saved)
    assert third.save_path == str(path) and "moved here" not in third.messages.text
    assert json.loads(lock_path(path).read_text())["pid"] == os.getpid()


def test_an_app_that_moves_on_to_a_new_game_gives_the_old_one_back() -> None:
    first = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)
    _first_move(first)
    old = Path(first.save_path)
    first.rematch()
    _first_move(first)
    assert first.save_path != str(old) and not lock_path(old).exists()
    (saved,) = [g for g in saved_games() if g.path == old]
    other = play_app(["Ann", "bot:greedy"], seed=6, bot_delay=0, autosave=False)
    other.load(saved)  # free: the first app plays its new game
    assert other.save_path == str(old)


def test_a_lock_of_an_app_that_no_longer_exists_is_stale(tmp_path: Path) -> None:
    path = tmp_path / "game.json"

    class Owner:
        pass

    owner = Owner()
    claim(path, new_token(owner))
    with pytest.raises(GameOpenElsewhere):
        claim(path, new_token(Owner()))
    del owner
    claim(path, new_token(Owner()))  # the first owner is gone


def test_a_failed_autosave_says_why_in_plain_words_and_play_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def disk_full(path: Path, record: dict) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(playing_module, "write", disk_full)
    app = play_app(["Ann", "bot:greedy"], seed=5, bot_delay=0)
    before = len(app.game.actions)
    _first_move(app)
    assert "Your game could not be saved: the disk is full (" in app.messages.text
    assert any(a.player != "Ann" for a in app.game.actions[before:]), "the bot moved on"
    assert app.game.awaiting == ("Ann",)
    _first_move(app)  # and the next move too
    assert len(app.game.actions) >= before + 4
