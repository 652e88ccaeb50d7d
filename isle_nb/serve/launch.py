"""Starting the play servers: JupyterLab on the play notebook (:func:`play`), Voila on the lessons (:func:`lessons`),
and a class's hub with its pages (:func:`class_`), each with the protections of a play server:

* a fresh token in every address printed (the first thing printed, so it works without a browser or remotely);
* on this machine only (the default ``localhost``) requests naming another host are refused (DNS rebinding);
  on every interface (``--ip 0.0.0.0``) other machines may connect, with the token, and the address printed is
  this machine's;
* Voila's kernels idle with no page connected are shut down (:mod:`isle_nb.serve.settings`);
* JupyterLab saves the game's notebooks clean (:mod:`isle_nb.serve.clean`).

The servers are JupyterLab and Voila of this Python (the ``lab`` extra); the config files they load ship in the
package (``isle_nb/serve/config``), as does the offline Voila ``isle`` template (installed under
``<prefix>/share/jupyter``; a checkout's ``share/jupyter`` is added to ``JUPYTER_PATH``).
"""

from __future__ import annotations

import importlib.util
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from isle_nb.hub.admin import kept_secret, secret_path
from isle_nb.hub.store import DEFAULT_DB
from isle_nb.serve.notebooks import PLAY_NOTEBOOK
from isle_nb.serve.settings import EVERY_INTERFACE, IP_ENVIRONMENT

CONFIG = Path(__file__).resolve().parent / "config"
"""The config files the servers load: ``jupyter_play_config.py`` (JupyterLab) and ``voila/voila.py`` (Voila)."""

CHECKOUT_TEMPLATES = Path(__file__).resolve().parents[2] / "share" / "jupyter"
"""A checkout's Jupyter data folder, which holds the Voila ``isle`` template (a wheel installs it in the prefix)."""

HUB_ENVIRONMENT = "ISLE_NB_HUB"
"""Tells the kernels of a class's pages the address of its hub (the play page then shows the hub's lobby)."""

CLASS_ADDRESS_ENVIRONMENT = "ISLE_NB_CLASS_ADDRESS"
"""Tells the kernels of a class's pages the address handed out (the teacher's page shows it, as a QR code too)."""

LOBBY_PAGE = f"/voila/render/{PLAY_NOTEBOOK}"
START_TIMEOUT = 90.0


class MissingServer(RuntimeError):
    """JupyterLab or Voila is not installed in this Python."""


@dataclass(frozen=True)
class Address:
    """Where a server listens: ``ip`` (``localhost``, ``127.0.0.1``, ``0.0.0.0``...) and ``port``."""

    ip: str = "localhost"
    port: int = 8888

    @property
    def every_interface(self) -> bool:
        return self.ip in EVERY_INTERFACE

    def urls(self, path: str) -> list[str]:
        """The addresses a browser opens for ``path``: this machine's name or address when serving every
        interface (a browser cannot open 0.0.0.0), then localhost too."""
        if not self.every_interface:
            return [f"http://{self.ip}:{self.port}{path}"]
        return [f"http://{machine_address()}:{self.port}{path}", f"http://localhost:{self.port}{path}"]


def machine_address() -> str:
    """This machine's address as other machines may reach it (its name when that does not resolve)."""
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return socket.gethostname()


def new_token() -> str:
    """A fresh secret for the addresses of one server run."""
    return secrets.token_hex(24)


def require(module: str, what: str) -> None:
    """Raise :class:`MissingServer` with the command that installs ``module`` when it is missing."""
    if importlib.util.find_spec(module) is None:
        raise MissingServer(f"{what} is not installed here; install it with: pip install \"isle_nb[lab]\"")


def server_environment(ip: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    """This process's environment, with the checkout's Voila template on ``JUPYTER_PATH`` (when there is a checkout)
    and the address served in ``PLAY_IP`` (read by the Voila settings)."""
    env = {**os.environ, IP_ENVIRONMENT: ip, **(extra or {})}
    if (CHECKOUT_TEMPLATES / "voila" / "templates" / "isle").is_dir():
        env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(CHECKOUT_TEMPLATES), env.get("JUPYTER_PATH")]))
    return env


def print_addresses(lines: Sequence[tuple[str, str]], address: Address) -> None:
    """Print ``(what, path)`` pairs as "<what> at: <url>" lines, each path with every address it can be opened at."""
    print(flush=True)
    for what, path in lines:
        first, *others = address.urls(path)
        print(f"  {what} at:  {first}", flush=True)
        for other in others:
            print(f"  (on this machine:  {other})", flush=True)
    print(flush=True)


def lab_command(root: Path, notebook: str, address: Address, token: str, clean_dir: str,
                extra: Sequence[str] = ()) -> list[str]:
    """The JupyterLab command of :func:`play`: ``root`` served, ``notebook`` (relative to it) opened."""
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return [sys.executable, "-m", "jupyterlab", *as_root, f"--ServerApp.root_dir={root}",
            f"--ServerApp.ip={address.ip}", f"--ServerApp.port={address.port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}", f"--config={CONFIG / 'jupyter_play_config.py'}",
            f"--PlayContentsManager.clean_dir={clean_dir}", *extra, str(root / notebook)]


def voila_command(folder: Path, address: Address, token: str, extra: Sequence[str] = ()) -> list[str]:
    """The Voila command of :func:`lessons` and :func:`class_`: ``folder``'s notebooks served as pages."""
    return [sys.executable, "-m", "voila", "--no-browser", f"--Voila.ip={address.ip}", f"--port={address.port}",
            "--Voila.port_retries=0", "--template=isle", f"--token={token}",
            f"--Voila.config_file_paths={CONFIG / 'voila'}", *extra, str(folder)]


def _replace_process(command: list[str], env: dict[str, str]) -> int:
    """Become ``command`` (as a shell's ``exec`` does), or run it and wait where processes cannot be replaced."""
    sys.stdout.flush()
    if os.name == "posix":
        os.execve(command[0], command, env)
    return subprocess.call(command, env=env)


def play(folder: Path, root: Path, address: Address, extra: Sequence[str] = ()) -> int:
    """Serve ``root`` with JupyterLab and open the play notebook of ``folder`` (which lies in ``root``)."""
    require("jupyterlab", "JupyterLab")
    relative = folder.relative_to(root).as_posix()
    clean_dir = "" if relative == "." else relative
    notebook = f"{clean_dir}/{PLAY_NOTEBOOK}" if clean_dir else PLAY_NOTEBOOK
    token = new_token()
    print_addresses([("Play The Isle of Cats", f"/lab/tree/{notebook}?token={token}")], address)
    return _replace_process(lab_command(root, notebook, address, token, clean_dir, extra),
                            server_environment(address.ip))


def lessons(folder: Path, address: Address, extra: Sequence[str] = ()) -> int:
    """Serve ``folder``'s notebooks as pages with Voila: the lessons' index and the play page."""
    require("voila", "Voila")
    token = new_token()
    print_addresses([("Learn the rules", f"/voila/render/index.ipynb?token={token}"),
                     ("Play", f"/voila/render/{PLAY_NOTEBOOK}?token={token}")], address)
    return _replace_process(voila_command(folder, address, token, extra), server_environment(address.ip))


def _answers(port: int) -> bool:
    """Whether something listens on 127.0.0.1:``port``."""
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _secret_argument(db: str) -> str:
    """What the hint's ``create_table`` call adds for the hub's admin secret: nothing for the default database (it
    reads ``~/.isle_nb/hub.secret`` by itself), else the secret read from beside ``db``."""
    if secret_path(db) == secret_path(DEFAULT_DB):
        return ""
    return f", secret=open({str(secret_path(db))!r}).read().strip()"


def page_token_path(db: str | Path) -> Path:
    """Where a class's page token is kept: beside its hub's database ``db``, named after it (``hub.page-token``)."""
    path = Path(db).expanduser()
    return path.with_name(f"{path.stem}.page-token")


def class_(folder: Path, address: Address, hub_port: int, db: str, extra: Sequence[str] = ()) -> int:
    """A class: a hub on 127.0.0.1 (only this machine's kernels talk to it; browsers never do) and Voila on
    ``folder`` with :func:`lessons`' protections, whose kernels are told the hub's address, so the play page opened
    with ``?lobby`` is the hub's lobby. Prints the one address to hand out.

    The pages outlive the hub: a hub that stops is started again on the same port and database (its tables carry
    on, the seats' connections come back by themselves), at most :data:`HUB_RESTARTS` times in
    :data:`HUB_RESTART_WINDOW` seconds. The page token is kept beside the database (mode 0600), so the address
    handed out stays the same when the class is started again. Stopping the command stops both servers."""
    require("voila", "Voila")
    hub_url = f"http://127.0.0.1:{hub_port}"
    Path(db).expanduser().parent.mkdir(parents=True, exist_ok=True)
    token = kept_secret(page_token_path(db), "the class's page token")
    lobby = f"{LOBBY_PAGE}?lobby&token={token}"
    env = server_environment(address.ip, {HUB_ENVIRONMENT: hub_url, CLASS_ADDRESS_ENVIRONMENT: address.urls(lobby)[0]})
    hub_command = [sys.executable, "-m", "isle_nb.hub", "--host", "127.0.0.1", "--port", str(hub_port), "--db", db]
    hub = subprocess.Popen(hub_command, env=env)
    voila = subprocess.Popen(voila_command(folder, address, token, extra), env=env)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not (_answers(hub_port) and _answers(address.port)):
            if time.monotonic() > deadline or hub.poll() is not None or voila.poll() is not None:
                print("isle-nb class: the hub or Voila did not start", file=sys.stderr)
                return 1
            time.sleep(0.2)
        print_addresses([("Hand out this address (the class's lobby)", lobby),
                         ("The teacher's page (it asks for the hub's admin secret)",
                          f"{LOBBY_PAGE}?teacher&token={token}")], address)
        print(f"  The hub's admin secret is in the file {secret_path(db)}: the teacher's page asks for it, and\n"
              f"  so do creating, ending and deleting tables from a notebook on this machine:\n"
              f"  isle_nb.remote.create_table({hub_url!r}, players=[\"open\", \"open\"]{_secret_argument(db)})\n",
              flush=True)
        restarts: list[float] = []
        while voila.poll() is None:
            if hub.poll() is not None:
                now = time.monotonic()
                restarts = [at for at in restarts if now - at < HUB_RESTART_WINDOW] + [now]
                if len(restarts) > HUB_RESTARTS:
                    print(f"isle-nb class: the hub stopped {len(restarts)} times in {HUB_RESTART_WINDOW:.0f} s "
                          f"(exit code {hub.returncode}); stopping the class", file=sys.stderr, flush=True)
                    return 1
                print(f"isle-nb class: the hub stopped (exit code {hub.returncode}); starting it again, the pages "
                      "stay up", file=sys.stderr, flush=True)
                hub = subprocess.Popen(hub_command, env=env)
            time.sleep(0.5)
        print(f"isle-nb class: Voila stopped (exit code {voila.returncode})", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        _stop_all((hub, voila))


HUB_RESTARTS = 5
HUB_RESTART_WINDOW = 60.0
"""A class's hub is started again after it stops, unless it stopped more than :data:`HUB_RESTARTS` times in this
many seconds (it then cannot run: a broken database, a port taken by another program)."""


def _stop_all(servers: Sequence[subprocess.Popen[bytes]]) -> None:
    """Ask every server still running to stop, then make sure it has (10 s each, then killed)."""
    for server in servers:
        if server.poll() is None:
            server.terminate()
    for server in servers:
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


__all__ = ["Address", "MissingServer", "class_", "lab_command", "lessons", "page_token_path", "play", "voila_command"]
