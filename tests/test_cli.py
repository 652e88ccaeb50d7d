"""The ``isle-nb`` command (issue #33): one command for playing, the lessons, a class and a hub, each with --help,
the version from one source, and the player's notebook folder: filled from the package on first use, and on a later
version a notebook left as shipped is replaced while one the player changed is kept with the new one beside it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import isle_nb
from isle_nb.cli import main
from isle_nb.serve import notebooks
from isle_nb.serve.notebooks import RECORD, install_notebooks, notebook_folder, shipped_folder

REPO = Path(__file__).resolve().parents[1]


def test_the_version_has_one_source_and_the_command_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "isle_nb.__version__"}
    assert project["project"]["scripts"]["isle-nb"] == "isle_nb.cli:main"
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out == f"isle-nb {isle_nb.__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", isle_nb.__version__)


@pytest.mark.parametrize("command", ["play", "lessons", "class"])
def test_every_serving_command_has_help_naming_its_options(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    shown = capsys.readouterr().out
    assert done.value.code == 0 and f"usage: isle-nb {command}" in shown
    assert "--notebooks" in shown and "--ip" in shown and "--port" in shown and "isle_nb/notebooks" in shown


def test_the_hub_command_is_the_hubs_own(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["hub", "--help"])
    shown = capsys.readouterr().out
    assert done.value.code == 0 and "--db" in shown and "--origin" in shown
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    shown = capsys.readouterr().out
    assert all(command in shown for command in ("play", "lessons", "class", "hub"))


def test_an_unknown_command_or_word_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["frob"], ["play", "stray"], []):
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 2
    assert "invalid choice: 'frob'" in capsys.readouterr().err


def test_python_dash_m_isle_nb_is_the_command() -> None:
    shown = subprocess.run([sys.executable, "-m", "isle_nb", "--version"], capture_output=True, text=True,
                           timeout=60, check=True, cwd=REPO).stdout
    assert shown == f"isle-nb {isle_nb.__version__}\n"


def test_make_play_voila_and_class_run_the_command(tmp_path: Path) -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    dry = subprocess.run(["make", "-n", "play", "voila", "class", "VENV=/v", f"HUB_DB={tmp_path}/h.sqlite"],
                         cwd=REPO, capture_output=True, text=True, check=True).stdout
    commands = [line for line in dry.splitlines() if line.startswith("exec ")]
    assert commands == [
        'exec "/v/bin/isle-nb" play --notebooks notebooks --ip localhost --port 8888 --root . ',
        'exec "/v/bin/isle-nb" lessons --notebooks notebooks --ip localhost --port 8888 ',
        f'exec "/v/bin/isle-nb" class --notebooks notebooks --ip localhost --port 8888 --hub-port 8765 '
        f'--db "{tmp_path}/h.sqlite" ',
    ]


# ---- the player's notebook folder ---------------------------------------------------------------------------------


def test_the_notebook_folder_is_the_option_else_the_environment_else_the_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(notebooks.ENVIRONMENT, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert notebook_folder() == tmp_path / "home" / "isle_nb" / "notebooks"
    monkeypatch.setenv(notebooks.ENVIRONMENT, str(tmp_path / "env"))
    assert notebook_folder() == tmp_path / "env"
    assert notebook_folder(str(tmp_path / "option")) == tmp_path / "option"


def test_a_checkout_ships_its_own_notebooks_and_serving_them_copies_nothing() -> None:
    assert shipped_folder() == REPO / "notebooks"
    done = install_notebooks(REPO / "notebooks")
    assert (done.copied, done.replaced, done.beside) == ([], [], {})
    assert not (REPO / "notebooks" / RECORD).exists()


def _version(source: Path, target: Path, edits: dict[str, str]) -> Path:
    """A copy of the shipped notebooks as a later version would ship them: ``edits`` appended to a notebook's first
    cell."""
    shutil.copytree(source, target)
    for name, text in edits.items():
        notebook = json.loads((target / name).read_text())
        notebook["cells"][0]["source"] = "".join(notebook["cells"][0]["source"]) + text
        (target / name).write_text(json.dumps(notebook))
    return target


def _run_with_outputs(path: Path) -> None:
    """The notebook as a run leaves it in a plain JupyterLab: outputs and counts, the cells themselves unchanged."""
    notebook = json.loads(path.read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [{"output_type": "stream", "name": "stdout", "text": "x"}], 1
    path.write_text(json.dumps(notebook))


def _edit(path: Path, text: str) -> None:
    notebook = json.loads(path.read_text())
    notebook["cells"].append({"cell_type": "markdown", "id": "mine", "metadata": {}, "source": text})
    path.write_text(json.dumps(notebook))


def test_first_use_copies_the_notebooks_and_a_later_version_keeps_what_the_player_changed(tmp_path: Path) -> None:
    folder = tmp_path / "mine" / "notebooks"
    first = install_notebooks(folder)
    shipped = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    assert first.copied == shipped and "00_play.ipynb" in shipped and "index.ipynb" in shipped
    assert first.messages() == [f"Copied {len(shipped)} notebooks into {folder}."]
    assert all((folder / name).read_bytes() == (REPO / "notebooks" / name).read_bytes() for name in shipped)
    again = install_notebooks(folder)
    assert (again.copied, again.replaced, again.beside, again.messages()) == ([], [], {}, [])

    _run_with_outputs(folder / "00_play.ipynb")  # played: outputs only, as shipped
    _edit(folder / "04_lessons.ipynb", "my notes")  # the player's own notes
    _edit(folder / "07_scoring.ipynb", "more notes")  # changed too, but the new version leaves it as it was
    (folder / "09_solo.ipynb").unlink()  # deleted: copied again
    later = _version(REPO / "notebooks", tmp_path / "v2", {
        "00_play.ipynb": "\nnew text", "04_lessons.ipynb": "\nnew lesson", "01_components_and_setup.ipynb": "!"})
    done = install_notebooks(folder, later)
    assert done.copied == ["09_solo.ipynb"]
    assert done.replaced == ["00_play.ipynb", "01_components_and_setup.ipynb"]
    beside = f"04_lessons ({isle_nb.__version__}).ipynb"
    assert done.beside == {"04_lessons.ipynb": beside}
    assert (folder / "00_play.ipynb").read_bytes() == (later / "00_play.ipynb").read_bytes()
    assert "my notes" in (folder / "04_lessons.ipynb").read_text()
    assert (folder / beside).read_bytes() == (later / "04_lessons.ipynb").read_bytes()
    assert "more notes" in (folder / "07_scoring.ipynb").read_text()
    assert any("You changed 04_lessons.ipynb, so it is kept" in line for line in done.messages())
    settled = install_notebooks(folder, later)  # each change is dealt with once
    assert (settled.copied, settled.replaced, settled.beside) == ([], [], {})


def test_without_the_lab_extra_the_servers_say_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name in ("jupyterlab", "voila") else find_spec(name, *rest))
    for command in ("play", "lessons", "class"):
        assert main([command, "--notebooks", str(tmp_path / "mine"), "--port", "1"]) == 1
        said = capsys.readouterr()
        assert said.err.endswith('is not installed here; install it with: pip install "isle_nb[lab]"\n')
    assert (tmp_path / "mine" / "00_play.ipynb").exists()  # the notebooks were copied all the same
