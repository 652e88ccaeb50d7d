#!/usr/bin/env python3
"""``make class``: the hub and the Voila pages together, and the one address to hand out.

The hub listens on 127.0.0.1 only: the students' kernels run on this machine and are the only ones that talk to it
(browsers never do). Voila serves ``notebooks/`` with the protections of ``make voila`` (``scripts/voila/voila.py``:
a token in the address, other host names refused unless serving every interface, idle kernels culled), on
127.0.0.1 unless ``--ip`` asks for another address. Its kernels are told the hub's address (``ISLE_NB_HUB``), so
the play page opened with ``?lobby`` is the hub's lobby: a student takes an open seat there.

Run it with the virtualenv's Python (``make class`` does); it stops both servers when stopped (Ctrl+C).
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EVERY_INTERFACE = ("0.0.0.0", "::", "[::]")
PAGE = "/voila/render/00_play.ipynb"
START_TIMEOUT = 60.0


def answers(port: int) -> bool:
    """Whether something listens on 127.0.0.1:``port``."""
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def shown_host(ip: str) -> str:
    """The host of the printed address: a browser cannot open 0.0.0.0, so then this machine's address."""
    if ip not in EVERY_INTERFACE:
        return ip
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return socket.gethostname()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ip", default="127.0.0.1", help="address the pages listen on (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=8888, help="the pages' port")
    parser.add_argument("--hub-port", type=int, default=8765, help="the hub's port (on 127.0.0.1)")
    parser.add_argument("--db", default=str(Path.home() / ".isle_nb" / "hub.sqlite"), help="the hub's tables")
    args = parser.parse_args(argv)
    bin_dir = Path(sys.executable).parent
    hub_url = f"http://127.0.0.1:{args.hub_port}"
    token = secrets.token_hex(24)
    env = {**os.environ, "ISLE_NB_HUB": hub_url, "PLAY_IP": args.ip,
           "JUPYTER_PATH": os.pathsep.join(filter(None, [str(REPO / "share" / "jupyter"),
                                                         os.environ.get("JUPYTER_PATH")]))}
    hub = subprocess.Popen([str(bin_dir / "isle-nb"), "hub", "--host", "127.0.0.1", "--port", str(args.hub_port),
                            "--db", args.db], env=env)
    voila = subprocess.Popen([str(bin_dir / "voila"), "--no-browser", f"--Voila.ip={args.ip}", f"--port={args.port}",
                              "--template=isle", f"--token={token}",
                              f"--Voila.config_file_paths={REPO / 'scripts' / 'voila'}", str(REPO / "notebooks")],
                             env=env)
    servers = (hub, voila)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not (answers(args.hub_port) and answers(args.port)):
            if time.monotonic() > deadline or any(s.poll() is not None for s in servers):
                print("make class: the hub or Voila did not start", file=sys.stderr)
                return 1
            time.sleep(0.2)
        print(f"\n  Hand out this address (the class's lobby):  "
              f"http://{shown_host(args.ip)}:{args.port}{PAGE}?lobby&token={token}\n"
              f"  Tables: in a notebook on this machine, isle_nb.remote.create_table({hub_url!r}, "
              f"players=[\"open\", \"open\"])\n", flush=True)
        while all(s.poll() is None for s in servers):
            time.sleep(0.5)
        return 1
    finally:
        for server in servers:
            if server.poll() is None:
                server.terminate()
        for server in servers:
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    sys.exit(main())
