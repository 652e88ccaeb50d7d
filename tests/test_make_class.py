"""``make class`` = ``isle-nb class`` (issues #20, #33): the hub and Voila start together, the one printed address
(the lobby page) answers, and the page keeps make voila's protections: no token or a foreign host name is refused.
A hub that stops is started again while the pages stay up, and the page token is kept beside the database (issue
#30 §6). Both stop with it."""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = [pytest.mark.timeout(240),
              pytest.mark.skipif(importlib.util.find_spec("voila") is None, reason="Voila not installed")]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children_running(parent: int, module: str) -> list[int]:
    """The processes whose parent is ``parent`` and whose command line runs ``module`` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:  # not a process, or it has just ended
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == parent and state != "Z" and module.encode() in command:
            found.append(int(entry.name))
    return found


def test_make_class_prints_one_protected_address_and_stops_both_servers(tmp_path: Path) -> None:
    port, hub_port = free_port(), free_port()
    process = subprocess.Popen([sys.executable, "-m", "isle_nb", "class", "--notebooks", "notebooks", "--port",
                                str(port), "--hub-port", str(hub_port), "--db", str(tmp_path / "hub.sqlite")],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True,
                               cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        address = None
        deadline = time.monotonic() + 60
        assert process.stdout is not None
        while address is None and time.monotonic() < deadline and process.poll() is None:
            found = re.search(r"Hand out this address.*?(http://\S+)", process.stdout.readline())
            address = found.group(1) if found else None
        assert address is not None, "make class printed no address"
        assert address.startswith(f"http://127.0.0.1:{port}/voila/render/00_play.ipynb?lobby&token=")
        assert httpx.get(f"http://127.0.0.1:{hub_port}/", timeout=5).text == "isle_nb hub\n"
        page = httpx.get(address, timeout=60)
        assert page.status_code == 200 and "00_play" in page.text
        without_token = httpx.get(address.split("&token=")[0], timeout=10)
        assert without_token.status_code in (302, 403) and "00_play.ipynb" not in without_token.text
        foreign = httpx.get(address, headers={"Host": f"rebinding.example:{port}"}, timeout=10)
        assert foreign.status_code == 403
        # the token handed out is the one kept beside the database (mode 0600), so a restarted class keeps it
        kept = tmp_path / "hub.page-token"
        assert address.endswith("token=" + kept.read_text().strip()) and kept.stat().st_mode & 0o077 == 0
        # then the teacher's page, with the same page token, and where the admin secret is (never the secret itself)
        printed = [process.stdout.readline() for _ in range(4)]
        teacher = re.search(r"teacher's page.*?(http://\S+)", printed[0])
        assert teacher is not None and teacher.group(1) == address.replace("?lobby&", "?teacher&")
        secret = tmp_path / "hub.secret"
        assert str(secret) in "".join(printed) and secret.read_text().strip() not in "".join(printed)

        # the hub is killed: the class starts it again on the same port, and the pages never went away
        (hub,) = children_running(process.pid, "isle_nb.hub")
        os.kill(hub, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while children_running(process.pid, "isle_nb.hub") in ([], [hub]) and time.monotonic() < deadline:
            time.sleep(0.2)
        wait_answer = time.monotonic() + 60
        while time.monotonic() < wait_answer:
            try:
                if httpx.get(f"http://127.0.0.1:{hub_port}/", timeout=5).text == "isle_nb hub\n":
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        assert httpx.get(f"http://127.0.0.1:{hub_port}/", timeout=5).text == "isle_nb hub\n"
        assert children_running(process.pid, "isle_nb.hub") not in ([], [hub]) and process.poll() is None
        assert httpx.get(address, timeout=60).status_code == 200
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
    with socket.socket() as sock:  # both servers are gone
        assert sock.connect_ex(("127.0.0.1", port)) != 0 and sock.connect_ex(("127.0.0.1", hub_port)) != 0
