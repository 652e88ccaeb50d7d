"""The package as a user gets it: the built wheel in a fresh virtualenv, used from a folder outside the repository.

The wheel is built (``pip wheel --no-deps .``) and installed into a new virtualenv; then, with the repository neither
the working directory nor on the path: ``import isle_nb`` (from that virtualenv), a game played by bots, saved to a
file and loaded back, and ``voila --template=isle`` serving the play notebook, which a browser renders as the app.
Voila must find the ``isle`` template that the wheel installed: no ``JUPYTER_PATH`` points into the repository.
Then the wheel's ``isle-nb`` command (issue #33): its version and help, and ``isle-nb play`` serving the play notebook
from the player's folder (``~/isle_nb/notebooks`` under a temporary home), copied there from the wheel.

Fast by default: the new virtualenv gets the wheel alone (``--no-deps``) and reaches the packages already installed in
the test's own environment through a path entry (without running their ``.pth`` hooks, so the editable isle_nb there
stays invisible); Jupyter's data (Voila's own templates, the widgets' JavaScript) comes from that environment minus any
``isle`` template. With ``ISLE_NB_SLOW=1`` a second run installs the wheel with all its dependencies from the package
index at the tested versions (``-c constraints.txt``), as a user would, and needs nothing from outside the virtualenv.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import _free_port, _isolated_env, _server, _stop
from helpers import wait_until

REPO = Path(__file__).resolve().parents[2]
PLAY = """
import json, sys
from pathlib import Path

import isle_nb
from isle_nb import Game, GreedyBot, play

assert Path(isle_nb.__file__).resolve().is_relative_to(Path(sys.prefix).resolve()), isle_nb.__file__
game = play(Game.new(["Ann", "Bob"], seed=3), [GreedyBot(1), GreedyBot(2)])
Path("saved.json").write_text(game.to_json())
loaded = Game.from_json(Path("saved.json").read_text())
assert game.over and loaded.over and loaded.scores() == game.scores() and loaded.result().equals(game.result())
print(json.dumps({"file": isle_nb.__file__, "scores": game.scores()}))
"""


def _pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "-q", *args], check=True, cwd=REPO, env=_clean_env())


def _clean_env() -> dict[str, str]:
    """The environment without anything that points Python or Jupyter at the repository."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUPYTER_PATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the source (setuptools' build/ folder never lands in the repository, and a
    stale one there cannot leak old files into the wheel)."""
    source = tmp_path_factory.mktemp("source") / "isle_nb"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", ".venv*", "build", "dist", "*.egg-info", "test-artifacts", "__pycache__", ".*_cache", ".hypothesis"))
    dist = tmp_path_factory.mktemp("dist")
    _pip("wheel", "--no-deps", "--wheel-dir", str(dist), str(source))
    (built,) = dist.glob("isle_nb-*.whl")
    return built


def _jupyter_data_without_isle(target: Path) -> Path:
    """This environment's share/jupyter (Voila's templates, the widgets' JavaScript) without any ``isle`` template."""
    source = Path(sys.prefix) / "share" / "jupyter"
    target.mkdir()
    for entry in source.iterdir():
        if entry.name != "voila":
            (target / entry.name).symlink_to(entry)
    for entry in (source / "voila").iterdir():
        if entry.name != "templates":
            (target / "voila" / entry.name).parent.mkdir(exist_ok=True)
            (target / "voila" / entry.name).symlink_to(entry)
    (target / "voila" / "templates").mkdir(parents=True)
    for entry in (source / "voila" / "templates").iterdir():
        if entry.name != "isle":
            (target / "voila" / "templates" / entry.name).symlink_to(entry)
    return target


FULL_INSTALL = pytest.param("with-dependencies", marks=[pytest.mark.slow, pytest.mark.timeout(1200)])


@pytest.fixture(scope="module", params=["wheel-only", FULL_INSTALL])
def installed(request: pytest.FixtureRequest, wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        tuple[Path, dict[str, str]]]:
    """A fresh virtualenv holding the wheel; returns its python and the environment to run it with."""
    root = tmp_path_factory.mktemp(request.param)
    env = _isolated_env(root / "jupyter")
    for key in ("PYTHONPATH", "JUPYTER_PATH", "VIRTUAL_ENV"):
        env.pop(key, None)
    if request.param == "wheel-only":
        venv.create(root / "venv", with_pip=False)
        python = root / "venv" / "bin" / "python"
        _pip("--python", str(python), "install", "--no-deps", str(wheel))
        purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        (Path(purelib) / "_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
        env["JUPYTER_PATH"] = str(_jupyter_data_without_isle(root / "jupyter-data"))
    else:
        venv.create(root / "venv", with_pip=True)
        python = root / "venv" / "bin" / "python"
        subprocess.run([str(python), "-m", "pip", "-q", "install", f"{wheel}[lab]", "-c",
                        str(REPO / "constraints.txt")], check=True, env=_clean_env(), cwd=root)
    yield python, env


def test_the_wheel_plays_saves_and_serves_the_app_from_outside_the_repository(installed, tmp_path, page, page_errors):
    from playwright.sync_api import expect

    python, env = installed
    outside = tmp_path / "somewhere"
    outside.mkdir()
    played = subprocess.run([str(python), "-c", PLAY], cwd=outside, env=env, capture_output=True, text=True,
                            timeout=120)
    assert played.returncode == 0, played.stderr[-3000:]
    result = json.loads(played.stdout.strip().splitlines()[-1])
    assert not Path(result["file"]).resolve().is_relative_to(REPO)
    assert len(result["scores"]) == 2

    notebook = outside / "00_play.ipynb"
    notebook.write_text((REPO / "notebooks" / "00_play.ipynb").read_text())
    port = _free_port()
    cmd = [str(python), "-m", "voila", notebook.name, "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           "--Voila.port_retries=0", "--template=isle"]
    url = f"http://127.0.0.1:{port}"
    log = outside / "voila.log"
    with _server(cmd, env, f"{url}/", log):
        outside_requests: list[str] = []
        page.on("request", lambda r: None if r.url.startswith((url, "data:", "blob:")) else outside_requests.append(
            r.url))
        page.goto(f"{url}/")
        app = page.locator(".isle-app")
        expect(app).to_be_visible(timeout=90_000)
        expect(app.locator("canvas.boat-canvas")).to_be_visible(timeout=30_000)
        assert "Day 1 of 5" in app.locator(".isle-status-text").inner_text()
        assert outside_requests == [], f"the isle template loads nothing from outside: {outside_requests}"
    assert page_errors == []


def _isle_nb(python: Path, *args: str, env: dict[str, str], cwd: Path) -> str:
    """Run the virtualenv's ``isle-nb`` console script; return what it printed."""
    done = subprocess.run([str(python.parent / "isle-nb"), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_the_isle_nb_command_serves_the_play_notebook_from_the_players_folder(installed, tmp_path, page,
                                                                               page_errors):
    """Issue #33: the wheel's ``isle-nb`` says its version and options, and ``isle-nb play`` copies the shipped
    notebooks into ``~/isle_nb/notebooks`` and serves the play notebook from there, with a token, saving it clean."""
    import re
    import urllib.request

    from playwright.sync_api import expect

    python, env = installed
    home = tmp_path / "home"
    home.mkdir()
    env = {**env, "HOME": str(home), "JUPYTERLAB_DIR": str(Path(sys.prefix) / "share" / "jupyter" / "lab")}
    env.pop("ISLE_NB_NOTEBOOKS", None)
    version = subprocess.run([str(python), "-c", "import isle_nb; print(isle_nb.__version__)"], env=env, cwd=home,
                             capture_output=True, text=True, check=True).stdout.strip()
    assert _isle_nb(python, "--version", env=env, cwd=home) == f"isle-nb {version}\n"
    assert "--notebooks" in _isle_nb(python, "play", "--help", env=env, cwd=home)
    assert "--hub-port" in _isle_nb(python, "class", "--help", env=env, cwd=home)

    port = _free_port()
    log = home / "play.log"
    with log.open("w") as out:
        server = subprocess.Popen([str(python.parent / "isle-nb"), "play", "--ip", "127.0.0.1", "--port", str(port),
                                   "--no-browser"], cwd=home, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        folder = home / "isle_nb" / "notebooks"
        address = wait_until(lambda: re.search(rf"(http://127\.0\.0\.1:{port}/lab/tree/00_play\.ipynb\?token=\w+)",
                                               log.read_text()), "the printed address", 60, log.read_text)[1]
        assert (folder / "00_play.ipynb").read_bytes() == (REPO / "notebooks" / "00_play.ipynb").read_bytes()
        token = address.split("token=")[1]

        def answers() -> bool:
            assert server.poll() is None, log.read_text()[-3000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2) as up:
                    return up.status == 200
            except OSError:
                return False

        wait_until(answers, "JupyterLab to answer", 90, lambda: log.read_text()[-2000:])
        page.goto(address)
        tab = page.locator(".jp-NotebookPanel:visible")
        expect(tab).to_be_visible(timeout=90_000)
        expect(page.get_by_role("tab", name="00_play.ipynb")).to_be_visible(timeout=30_000)
        expect(page.locator(".jp-StatusBar-Widget").filter(has_text="Idle").first).to_be_visible(timeout=90_000)
        # A save with outputs (as autosave after a game) is written without them: the keep-notebooks-clean hook.
        notebook = json.loads((folder / "00_play.ipynb").read_text())
        code = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
        code["outputs"], code["execution_count"] = [{"output_type": "stream", "name": "stdout", "text": "x"}], 7
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/contents/00_play.ipynb", method="PUT",
            data=json.dumps({"type": "notebook", "format": "json", "content": notebook}).encode(),
            headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 200
        saved = json.loads((folder / "00_play.ipynb").read_text())
        assert all(not cell.get("outputs") for cell in saved["cells"])
    finally:
        _stop(server, 30)
    ours = [e for e in page_errors if "filebrowser" not in e and "reading 'schema'" not in e]
    assert ours == []
