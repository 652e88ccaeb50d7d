"""Playing and running a lesson under `make play`'s server settings leaves `git status` clean.

A clone of the notebooks in a temporary git repository is served by JupyterLab with
``isle_nb/serve/config/jupyter_play_config.py`` (as ``make play`` and ``isle-nb play`` do), with autosave every two
seconds instead of two minutes. The play cell is run with Shift+Enter, as its comment says (JupyterLab then adds an
empty cell below), one move is played and the notebook saved; then notebook 12 is run top to bottom. After each,
JupyterLab has saved (the file was written again) and `git status` shows nothing: no outputs, no kernel or Python
version in the metadata, no extra cell.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import _free_port, _isolated_env, _lab_command, _server
from helpers import click_menu, dismiss_dialogs, keep_two, open_notebook, run_all_cells, wait_saved

REPO = Path(__file__).resolve().parents[2]
PLAY_CONFIG = REPO / "isle_nb" / "serve" / "config" / "jupyter_play_config.py"
AUTOSAVE_SECONDS = 2


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def clean_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The committed notebooks (and .gitignore) in a fresh git repository, committed."""
    repo = tmp_path_factory.mktemp("clone")
    shutil.copytree(REPO / "notebooks", repo / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copy(REPO / ".gitignore", repo / ".gitignore")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "-q", "-m", "notebooks")
    return repo


@pytest.fixture(scope="module")
def play_lab_url(clean_repo: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on ``clean_repo`` with make play's settings (the play config) and a two-second autosave."""
    base = tmp_path_factory.mktemp("play-lab")
    env = _isolated_env(base)
    settings = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "docmanager-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "plugin.jupyterlab-settings").write_text(json.dumps({"autosaveInterval": AUTOSAVE_SECONDS}))
    port = _free_port()
    cmd = _lab_command(port, clean_repo, f"--config={PLAY_CONFIG}")
    url = f"http://127.0.0.1:{port}"
    with _server(cmd, env, f"{url}/api/status", base / "jupyterlab.log"):
        yield url


def _assert_clean(repo: Path) -> None:
    status = _git(repo, "status", "--porcelain")
    diff = _git(repo, "diff")[:3000]
    assert status == "", f"git status after saving:\n{status}\n{diff}"


def test_playing_and_running_a_lesson_leave_git_status_clean(clean_repo, play_lab_url, page, page_errors):
    from playwright.sync_api import expect

    play = clean_repo / "notebooks" / "00_play.ipynb"
    written = play.stat().st_mtime_ns
    nb = open_notebook(page, play_lab_url, "notebooks/00_play.ipynb")
    play_cell = nb.locator(".jp-CodeCell").first
    for _ in range(3):  # a cell run right after the kernel connects is occasionally dropped: run it again
        dismiss_dialogs(page)
        play_cell.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")  # as the cell's comment says; JupyterLab adds an empty cell below
        try:
            expect(play_cell.locator(".jp-InputArea-prompt")).to_have_text(re.compile(r"\[(\d+|\*)\]:"), timeout=15_000)
            break
        except AssertionError:
            continue
    app = nb.locator(".isle-app")
    expect(app).to_be_visible(timeout=60_000)
    assert nb.locator(".jp-CodeCell").count() >= 2  # the empty cell(s) Shift+Enter added
    keep_two(app)
    written = wait_saved(page, play, written)  # the autosave after running the cell
    click_menu(page, "File", re.compile(r"^Save Notebook(?! As)"))
    wait_saved(page, play, written)  # and a save by hand after the move
    _assert_clean(clean_repo)

    lesson = clean_repo / "notebooks" / "12_explore_and_draw.ipynb"
    written = lesson.stat().st_mtime_ns
    run_all_cells(page, play_lab_url, "notebooks/12_explore_and_draw.ipynb")
    wait_saved(page, lesson, written)
    _assert_clean(clean_repo)
    assert page_errors == []
