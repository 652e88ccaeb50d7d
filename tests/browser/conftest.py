"""Real-browser test harness: JupyterLab / Voila servers + Playwright driving the system Chromium.

Every test collected under tests/browser gets the ``browser`` marker and is skipped (not errored)
when the Python ``playwright`` package or the Chromium binary is missing.  Playwright never
downloads a browser here: it launches ``/usr/bin/chromium`` (override with ISLE_NB_CHROMIUM).

Fixtures
--------
nb_root     (session)  temporary copy of notebooks/ that the servers serve (autosave never touches the repo)
lab_url     (session)  token-less, isolated JupyterLab on 127.0.0.1:<free port>, e.g. "http://127.0.0.1:8931"
voila_url   (session)  Voila serving nb_root; open f"{voila_url}/voila/render/<nb>.ipynb"
browser     (session)  Playwright Browser (headless Chromium)
page        (function) fresh context + page; page errors go to ``page_errors``; a screenshot is written
                       to test-artifacts/screenshots/<test>.png at teardown (override dir: SHOTS_DIR)
page_errors (function) list of uncaught JS errors (str) seen by ``page``
touch_page  (function) like ``page``, in a touch browser shaped like a phone (390x844, mobile, touch)
people      (function) ``people(phone)``: a page in a browser context of its own (a phone's or a laptop's): a person
class_command (module) ``isle-nb class`` started as a teacher does (the addresses it printed, its hub, its admin secret)
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CHROMIUM = os.environ.get("ISLE_NB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
SERVER_START_TIMEOUT = 90  # seconds


def _missing_requirement() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install -e '.[browser]')"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"{CHROMIUM} not found (apt-get install chromium)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # This hook sees every collected item, so restrict it to tests under tests/browser.
    missing = _missing_requirement()
    for item in items:
        if HERE not in Path(str(item.path)).resolve().parents:
            continue
        item.add_marker(pytest.mark.browser)
        if missing:
            item.add_marker(pytest.mark.skip(reason=f"browser test skipped: {missing}"))


# ---- servers ------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _isolated_env(base: Path) -> dict[str, str]:
    """Jupyter config/data/runtime dirs inside ``base`` so user settings and workspaces never leak in."""
    env = dict(os.environ)
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "config",
        "JUPYTER_DATA_DIR": base / "data",
        "JUPYTER_RUNTIME_DIR": base / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": base / "settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "workspaces",
        "IPYTHONDIR": base / "ipython",
    }
    for key, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[key] = str(path)
    # The "Would you like to receive official Jupyter news?" toast covers widgets; this disables it
    # (--LabApp.news_url=None does not).
    labconfig = dirs["JUPYTER_CONFIG_DIR"] / "labconfig"
    labconfig.mkdir(exist_ok=True)
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    env.pop("JUPYTER_TOKEN", None)
    env["ISLE_NB_SAVES"] = str(base / "saves")  # the app's autosaves stay out of the user's home
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _wait_http_ok(url: str, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        with (
            contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError),
            urllib.request.urlopen(url, timeout=2) as r,
        ):
            if r.status == 200:
                return
        time.sleep(0.25)
    raise RuntimeError(f"server not up after {SERVER_START_TIMEOUT}s ({url}):\n{log.read_text()[-4000:]}")


def _stop(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Stop a server: terminate it, and kill it if it has not ended after ``timeout`` seconds."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)


@contextlib.contextmanager
def _server(cmd: list[str], env: dict[str, str], status_url: str, log: Path) -> Iterator[None]:
    with log.open("w") as fh:
        proc = subprocess.Popen(cmd, env=env, stdout=fh, stderr=subprocess.STDOUT, cwd=str(log.parent))
        try:
            _wait_http_ok(status_url, proc, log)
            yield
        finally:
            _stop(proc)


@pytest.fixture(scope="session")
def nb_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("served") / "notebooks"
    src = REPO / "notebooks"
    if src.is_dir():
        shutil.copytree(src, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    else:
        root.mkdir()
    return root


def _lab_command(port: int, root: Path, *extra: str) -> list[str]:
    """A token-less JupyterLab on 127.0.0.1:``port`` serving ``root`` (``extra``: more options)."""
    return [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={root}", *extra,
    ]  # fmt: skip


@pytest.fixture(scope="session")
def lab_url(nb_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("lab")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with _server(_lab_command(port, nb_root), _isolated_env(base), f"{url}/api/status", base / "jupyterlab.log"):
        yield url


@contextlib.contextmanager
def _voila(root: Path, base: Path, **env_vars: str) -> Iterator[str]:
    """A Voila server of ``root`` on a free port (``env_vars``: more of its environment); yields its address."""
    port = _free_port()
    cmd = [
        sys.executable, "-m", "voila", str(root), "--no-browser", "--Voila.ip=127.0.0.1",
        f"--port={port}", "--Voila.port_retries=0", "--show_tracebacks=True", "--template=isle",
        f"--Voila.config_file_paths={REPO / 'isle_nb' / 'serve' / 'config' / 'voila'}",  # as `isle-nb lessons`
    ]  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    env = _isolated_env(base)
    env["JUPYTER_PATH"] = str(REPO / "share" / "jupyter")  # the offline "isle" template, as `make voila` uses
    env.update(env_vars)
    with _server(cmd, env, f"{url}/", base / "voila.log"):
        yield url


@pytest.fixture(scope="session")
def voila_url(nb_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _voila(nb_root, tmp_path_factory.mktemp("voila")) as url:
        yield url


@pytest.fixture(scope="module")
def class_pages(nb_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A class as ``make class`` serves it: a hub, and a Voila server whose pages know it (``ISLE_NB_HUB``: the
    lobby, watching); yields the Voila address and the hub's."""
    from isle_nb.hub import running_hub

    with running_hub() as hub, _voila(nb_root, tmp_path_factory.mktemp("class"), ISLE_NB_HUB=hub.url) as url:
        yield url, hub.url


@dataclass(frozen=True)
class ClassCommand:
    """A class started by ``isle-nb class`` (what ``make class`` runs): the addresses it printed, where its hub
    listens, the admin secret it keeps beside its database, and the command's process (whose children are the hub
    and Voila)."""

    lobby: str
    """The address handed out to students (``?lobby&token=...``)."""
    teacher: str
    """The teacher's page (``?teacher&token=...``)."""
    hub: str
    secret: str
    process: subprocess.Popen


def _printed(log: Path, what: str, proc: subprocess.Popen) -> str:
    """The address ``isle-nb class`` printed after ``what`` in its output ``log``, once it has."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        found = re.search(rf"{what}.*?(http://\S+)", log.read_text())
        if found:
            return found.group(1)
        if proc.poll() is not None:
            raise RuntimeError(f"isle-nb class exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        time.sleep(0.1)
    raise RuntimeError(f"isle-nb class printed no {what!r} in {SERVER_START_TIMEOUT} s:\n{log.read_text()[-4000:]}")


@pytest.fixture(scope="module")
def class_command(nb_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassCommand]:
    """``isle-nb class`` as a teacher starts it, on free ports of 127.0.0.1 with a database in a temporary folder;
    stopped at the end (its own session: whatever it started goes with it)."""
    base = tmp_path_factory.mktemp("class-command")
    port, hub_port = _free_port(), _free_port()
    env = {**_isolated_env(base), "PYTHONPATH": str(REPO)}
    log = base / "class.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "isle_nb", "class", "--notebooks", str(nb_root), "--port", str(port),
             "--hub-port", str(hub_port), "--db", str(base / "hub.sqlite")],
            stdout=out, stderr=subprocess.STDOUT, env=env, cwd=str(base), start_new_session=True)
    try:
        lobby = _printed(log, "Hand out this address", proc)
        teacher = _printed(log, "The teacher's page", proc)
        yield ClassCommand(lobby, teacher, f"http://127.0.0.1:{hub_port}", (base / "hub.secret").read_text().strip(),
                           proc)
    finally:
        proc.terminate()  # the class stops its hub and Voila
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=30)
        with contextlib.suppress(ProcessLookupError):  # anything of it left (its own session)
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


# ---- browser ----------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()
    finally:
        pw.stop()


@pytest.fixture
def page_errors() -> list[str]:
    return []


def _context_page(browser, page_errors: list[str], **options: Any) -> tuple[Any, Any]:
    """A new browser context made with ``options`` (its viewport, touch...) and a page in it whose uncaught errors go
    to ``page_errors``."""
    context = browser.new_context(**options)
    # Waits end as soon as what they wait for is there; their limits are for a machine at a load of 6 or more on two
    # cores (issue #33), where a click's answer or a kernel's start can take many seconds.
    context.set_default_timeout(60_000)
    from playwright.sync_api import expect

    # The apps' ready signal (helpers.wait_ready) says when the kernel is done; the browser may still be drawing
    # what it sent, which takes seconds on a loaded machine.
    expect.set_options(timeout=30_000)
    pg = context.new_page()
    pg.on("pageerror", lambda err: page_errors.append(str(err)))
    return context, pg


@contextlib.contextmanager
def _new_page(browser, page_errors: list[str], request: pytest.FixtureRequest, **options: Any) -> Iterator[Any]:
    """A page in a new browser context made with ``options`` (its viewport, touch...), as the fixtures below give."""
    context, pg = _context_page(browser, page_errors, **options)
    try:
        yield pg
    finally:
        shots = Path(os.environ.get("SHOTS_DIR", REPO / "test-artifacts" / "screenshots"))
        shots.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        with contextlib.suppress(Exception):  # a screenshot must never mask the real result
            pg.screenshot(path=str(shots / f"{name}.png"))
        if page_errors:
            print(f"\npage errors in {request.node.nodeid}:\n  " + "\n  ".join(page_errors))
        context.close()


@pytest.fixture
def page(browser, page_errors: list[str], request: pytest.FixtureRequest):
    with _new_page(browser, page_errors, request, viewport=LAPTOP) as pg:
        yield pg


PHONE = {"width": 390, "height": 844}
"""A phone's viewport (Playwright's "iPhone 13" has this screen)."""
PHONE_CONTEXT: dict[str, Any] = {"viewport": PHONE, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
"""A browser context's options for a phone: Playwright's "iPhone 13" (its screen, touch, mobile, 3 device pixels per
CSS pixel) in Chromium."""


@pytest.fixture
def touch_page(browser, page_errors: list[str], request: pytest.FixtureRequest):
    """A page in a touch browser shaped like a phone (Playwright's "iPhone 13": touch, mobile, 3 device pixels per
    CSS pixel; a test may set a tablet's viewport)."""
    with _new_page(browser, page_errors, request, **PHONE_CONTEXT) as pg:
        yield pg


LAPTOP = {"width": 1400, "height": 900}
"""A laptop's viewport."""


@pytest.fixture
def people(browser, page_errors: list[str], request: pytest.FixtureRequest) -> Iterator[Callable[[bool], Any]]:
    """Pages of several people, each in a browser context of their own (separate cookies and storage):
    ``people(phone)`` opens one, a phone's (:data:`PHONE_CONTEXT`) or a laptop's; all are closed at the end, after
    a screenshot of each if the test failed (test-artifacts/screenshots/<test>_person<n>.png)."""
    made: list[tuple[Any, Any]] = []
    failed = request.session.testsfailed

    def person(phone: bool = False) -> Any:
        context, pg = _context_page(browser, page_errors, **(PHONE_CONTEXT if phone else {"viewport": LAPTOP}))
        made.append((context, pg))
        return pg

    yield person
    shots = Path(os.environ.get("SHOTS_DIR", REPO / "test-artifacts" / "screenshots"))
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    for number, (context, pg) in enumerate(made, start=1):
        with contextlib.suppress(Exception):  # a screenshot must never mask the real result
            if request.session.testsfailed > failed:
                shots.mkdir(parents=True, exist_ok=True)
                pg.screenshot(path=str(shots / f"{name}_person{number}.png"))
        with contextlib.suppress(Exception):  # a context already gone with its browser
            context.close()
    if page_errors:
        print(f"\npage errors in {request.node.nodeid}:\n  " + "\n  ".join(page_errors))
