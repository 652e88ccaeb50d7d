"""How the game is started and served: the play server's save hook keeps committed notebooks clean, the Voila
template loads nothing from a CDN, and the rule summaries shipped in the package cover every rule the model cites.

The server settings live in the package (``isle_nb/serve``, issue #33); the tests that need JupyterLab or Voila skip
without the ``lab`` extra."""

from __future__ import annotations

import copy
import importlib.util
import json
import re
import runpy
from pathlib import Path
from typing import Any

import nbformat
import pytest

from isle_nb.data import load

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "isle_nb" / "serve" / "config"
needs_lab = pytest.mark.skipif(
    importlib.util.find_spec("jupyterlab") is None or importlib.util.find_spec("voila") is None,
    reason="JupyterLab and Voila are not installed (the lab extra: pip install -e '.[lab]')")


class _Config:
    """Stands in for Jupyter's config object: ``c.Section.option = value``."""

    def __init__(self) -> None:
        self.sections: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return self.sections.setdefault(name, type("Section", (), {})())


def play_config() -> _Config:
    config = _Config()
    runpy.run_path(str(CONFIG / "jupyter_play_config.py"), init_globals={"get_config": lambda: config})
    return config


def manager_class(config: _Config) -> Any:
    """The contents manager class the config names (a dotted name, imported by Jupyter when the server starts)."""
    from traitlets.utils.importstring import import_item

    return import_item(config.ServerApp.contents_manager_class)


def contents_manager(**options: Any) -> Any:
    """The contents manager the play server makes (the hook reads the notebook on disk under ``root_dir``)."""
    return manager_class(play_config())(root_dir=str(REPO), **options)


def executed_notebook(name: str = "00_play.ipynb") -> dict[str, Any]:
    """A notebook as JupyterLab autosaves it after a game or a run: outputs, counts, widget state, the running
    kernel's name and Python version, and the empty cell that Shift+Enter on the last cell adds."""
    notebook = json.loads((REPO / "notebooks" / name).read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["execution_count"] = 3
            cell["outputs"] = [{"output_type": "display_data", "metadata": {},
                                "data": {"text/plain": ["GameApp(...)"]}}]
            cell["metadata"]["execution"] = {"iopub.status.busy": "2026-01-01"}
            cell["metadata"]["trusted"] = True
    notebook["cells"].append({"cell_type": "code", "execution_count": None, "id": "4f1c2e", "metadata": {},
                              "outputs": [], "source": ""})
    notebook["metadata"]["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    notebook["metadata"]["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                          "name": "python3"}
    notebook["metadata"]["language_info"] = {"codemirror_mode": {"name": "ipython", "version": 3},
                                             "file_extension": ".py", "name": "python", "version": "3.11.7"}
    return notebook


@needs_lab
@pytest.mark.parametrize("name", ["00_play.ipynb", "12_explore_and_draw.ipynb"])
def test_playing_or_running_a_lesson_saves_the_notebook_exactly_as_committed(name: str) -> None:
    config = play_config()
    manager = contents_manager()
    model = {"type": "notebook", "content": executed_notebook(name)}
    manager.run_pre_save_hooks(model=model, path=f"notebooks/{name}")
    committed = json.loads((REPO / "notebooks" / name).read_text())
    assert model["content"] == committed
    elsewhere = {"type": "notebook", "content": executed_notebook(name)}
    before = copy.deepcopy(elsewhere)
    manager.run_pre_save_hooks(model=elsewhere, path="my_analysis.ipynb")
    assert elsewhere == before  # only the repository's notebooks are stripped
    assert config.VoilaConfiguration.template == "isle"


@needs_lab
def test_the_play_server_registers_its_hook_once_and_shows_no_news(recwarn: pytest.WarningsRecorder) -> None:
    """The config is read twice by JupyterLab: no "Overriding existing pre_save_hook" warning (the hook is not
    set through that option), and no news pop-up or update check over the game (issue 22)."""
    first, second = play_config(), play_config()
    manager = manager_class(first)(root_dir=str(REPO))
    manager.update_config(manager_class(second)(root_dir=str(REPO)).config)
    assert not [w for w in recwarn if "pre_save_hook" in str(w.message)]
    assert len(manager._pre_save_hooks) == 1 and manager.pre_save_hook is None
    assert first.LabApp.news_url is None and first.LabApp.check_for_updates_class == "jupyterlab.NeverCheckForUpdate"


@needs_lab
def test_the_players_folder_is_kept_clean_everywhere_when_it_is_the_root() -> None:
    """isle-nb play serves the player's notebook folder itself (``clean_dir`` empty): every notebook in it is saved
    as shipped; in a checkout (``clean_dir`` "notebooks") only those under notebooks/."""
    everywhere = contents_manager(clean_dir="")
    model = {"type": "notebook", "content": executed_notebook()}
    everywhere.run_pre_save_hooks(model=model, path="00_play.ipynb")
    assert all(not c.get("outputs") for c in model["content"]["cells"])
    model = {"type": "notebook", "content": executed_notebook()}
    contents_manager().run_pre_save_hooks(model=model, path="notebooks_elsewhere/00_play.ipynb")
    assert any(c.get("outputs") for c in model["content"]["cells"])


@needs_lab
def test_a_new_notebook_keeps_its_own_metadata() -> None:
    notebook = executed_notebook()
    model = {"type": "notebook", "content": notebook}
    contents_manager().run_pre_save_hooks(model=model, path="notebooks/99_new.ipynb")
    assert model["content"]["metadata"]["language_info"]["version"] == "3.11.7"  # nothing on disk to keep
    assert "widgets" not in model["content"]["metadata"]


def test_the_voila_template_loads_nothing_from_a_cdn():
    template = REPO / "share" / "jupyter" / "voila" / "templates" / "isle"
    text = (template / "index.html.j2").read_text()
    assert "super.super()" in text  # nbconvert's css without Voila's CDN links
    assert not re.search(r"https?://", text.replace("{#", "").split("#}")[-1])
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"


def test_the_play_notebook_reads_right_in_voila():
    notebook = nbformat.read(REPO / "notebooks" / "00_play.ipynb", as_version=4)
    markdown = "".join(c.source for c in notebook.cells if c.cell_type == "markdown")
    assert "Run All" not in markdown and "play_app(" not in markdown and "`" not in markdown  # no code in view
    assert "solo" in markdown and "family" in markdown and "Explore & Draw" in markdown and "seed" in markdown
    (code,) = [c.source for c in notebook.cells if c.cell_type == "code"]
    assert code.strip().endswith("play_app()")  # a fresh seed each game


def test_every_rule_the_model_cites_has_a_summary():
    rules = load("rules")
    cited = set()
    for path in (REPO / "isle_nb" / "model").rglob("*.py"):
        cited |= set(re.findall(r"\b((?:SETUP|DAY|FISH|EXPLORE|LESSON|RESCUE|RARE|PLACE|MAP|OSHAX|ANY|SCORE|END|SOLO|"
                                r"FAMILY|POCKET)-\d+)\b", path.read_text()))
    assert cited and cited <= set(rules), sorted(cited - set(rules))
    assert all(len(text) > 20 for text in rules.values())


@needs_lab
def test_make_voila_has_the_protections_of_make_play(tmp_path: Path) -> None:
    """make voila is isle-nb lessons (issue 22, 33): a token (refused without it), another host name refused on
    localhost (DNS rebinding), idle kernels culled."""
    import os
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    dry = subprocess.run(["make", "-n", "voila"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    assert "bin/isle-nb\" lessons --notebooks notebooks" in dry
    config = _Config()
    runpy.run_path(str(CONFIG / "voila" / "voila.py"), init_globals={"get_config": lambda: config})
    assert config.MappingKernelManager.cull_idle_timeout > 0
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_PATH", "PLAY_IP")}
    server = subprocess.Popen([sys.executable, "-m", "isle_nb", "lessons", "--notebooks", "notebooks", "--port",
                               str(port), "--Voila.log_level=INFO"], cwd=REPO, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)

    def status(path: str, host: str | None = None) -> int:
        request = urllib.request.Request(f"http://localhost:{port}{path}", headers={"Host": host} if host else {})
        opener = urllib.request.build_opener(type("NoRedirect", (urllib.request.HTTPRedirectHandler,),
                                                  {"redirect_request": lambda *a, **k: None}))
        try:
            return opener.open(request, timeout=30).status
        except urllib.error.HTTPError as error:
            return error.code

    try:
        assert server.stdout is not None
        printed = [server.stdout.readline() for _ in range(4)]
        (learn,) = [line for line in printed if "Learn the rules at:" in line]
        found = re.search(rf"http://localhost:{port}(\S+)\?token=(\w+)", learn)
        assert found is not None
        page, token = found.groups()
        assert page == "/voila/render/index.ipynb" and len(token) == 48
        assert any(f"/voila/render/00_play.ipynb?token={token}" in line for line in printed)
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("localhost", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "voila did not start"
                time.sleep(0.2)
        assert status(page) in (302, 403)  # no token: to the login page
        assert status(f"{page}?token={token}", host=f"evil.example:{port}") == 403
        with urllib.request.urlopen(f"http://localhost:{port}{page}?token={token}", timeout=30) as reply:
            assert reply.status == 200  # and the page can ask for its kernel to be shut down when it goes:
            assert any(c.startswith("_xsrf=") for c in reply.headers.get_all("Set-Cookie") or [])
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=30)
    assert "Culling kernels with idle durations" in errors


def test_a_voila_page_gets_the_cookie_its_kernel_shutdown_beacon_needs() -> None:
    """Issue #32 §2: Voila's page asks the server to shut its kernel down when it goes (reloaded, closed), with the
    page's _xsrf cookie, which Voila never set, so the server refused; the settings of both servers make the page's
    response set it (Tornado does so the first time a handler reads its token), and the kernel lets go of its games."""

    class Handler:
        read = 0

        @property
        def xsrf_token(self) -> bytes:
            self.read += 1
            return b"token"

    voila = _Config()
    runpy.run_path(str(CONFIG / "voila" / "voila.py"), init_globals={"get_config": lambda: voila})
    for config in (voila, play_config()):  # Voila's pages, and JupyterLab's /voila/render/ pages
        handler = Handler()
        assert config.VoilaConfiguration.prelaunch_hook(handler, notebook=None, cwd=".") is None
        assert handler.read == 1
    assert voila.MappingKernelManager.cull_connected is False  # a page still connected is never cut off


def test_the_play_server_disables_the_news_question_for_real() -> None:
    """Issue #32 §3: ``news_url = None`` did not stop JupyterLab asking about Jupyter news over the app; the play
    server's page-config hook disables the plugin that asks, whatever the user's own settings disable."""
    hook = play_config().ServerApp.tornado_settings["page_config_hook"]
    news = "@jupyterlab/apputils-extension:announcements"
    assert hook(None, {"disabledExtensions": ["some:plugin"]})["disabledExtensions"] == ["some:plugin", news]
    assert hook(None, {})["disabledExtensions"] == [news]
    assert hook(None, {"disabledExtensions": {news: True}})["disabledExtensions"] == [news]
