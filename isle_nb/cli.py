"""The ``isle-nb`` command (also ``python -m isle_nb``): play, learn, teach a class or serve a hub.

::

    isle-nb play        # JupyterLab on the play notebook (prints its address with a token)
    isle-nb lessons     # the lessons and the play notebook as pages (Voila)
    isle-nb class       # a hub of shared tables and the pages; prints the one address to hand out
    isle-nb hub         # a hub of shared tables (players join from their own notebooks)
    isle-nb --version

``play``, ``lessons`` and ``class`` serve the player's copy of the notebooks (``~/isle_nb/notebooks``, or
``--notebooks`` / ``$ISLE_NB_NOTEBOOKS``), copied from the package on first use and brought up to date on a later
version (:mod:`isle_nb.serve.notebooks`). Options they do not know go on to JupyterLab or Voila (``--no-browser``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from isle_nb import __version__
from isle_nb.serve.notebooks import DEFAULT_FOLDER, ENVIRONMENT, install_notebooks, notebook_folder

PROG = "isle-nb"
SERVED = ("play", "lessons", "class")
"""The commands that serve the notebooks (and take :func:`_served_options`)."""


def _served_options(parser: argparse.ArgumentParser, ip: str) -> None:
    parser.add_argument("--notebooks", metavar="FOLDER",
                        help=f"the folder of your notebooks, filled from the package on first use (default: "
                             f"${ENVIRONMENT} if set, else {DEFAULT_FOLDER})")
    parser.add_argument("--ip", default=ip,
                        help=f"the address to listen on (default {ip}: this machine only; 0.0.0.0: every "
                             f"interface, for other machines, with the token)")
    parser.add_argument("--port", type=int, default=8888, help="the port to listen on (default 8888)")


def parser() -> argparse.ArgumentParser:
    """The command line of ``isle-nb``."""
    top = argparse.ArgumentParser(prog=PROG, description="The Isle of Cats in Jupyter: play it, learn its rules, "
                                                         "play it together.",
                                  epilog="Run `isle-nb COMMAND --help` for a command's options. Options a command "
                                         "does not know go on to JupyterLab or Voila (e.g. --no-browser).")
    top.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    play = commands.add_parser("play", help="open the play notebook in JupyterLab",
                               description="Serve your notebooks with JupyterLab and open the play notebook; its "
                                           "address (with a token) is printed first. The notebooks are saved "
                                           "without outputs; every game is saved in its own folder.")
    _served_options(play, "localhost")
    play.add_argument("--root", metavar="FOLDER",
                      help="the folder JupyterLab serves, holding the notebook folder (default: that folder)")
    lessons = commands.add_parser("lessons", help="serve the lessons and the game as pages (Voila)",
                                  description="Serve your notebooks as pages with Voila (code hidden): the "
                                              "lessons' index and the play page. Kernels idle with no page are "
                                              "shut down after 15 minutes.")
    _served_options(lessons, "localhost")
    class_ = commands.add_parser("class", help="a hub of shared tables and the pages, for a class",
                                 description="Serve a hub of shared tables (on 127.0.0.1) and the pages (Voila), "
                                             "whose play page is the hub's lobby; prints the one address to hand "
                                             "out. Stops both when stopped (Ctrl+C).")
    _served_options(class_, "127.0.0.1")
    class_.add_argument("--hub-port", type=int, default=8765, help="the hub's port on 127.0.0.1 (default 8765)")
    class_.add_argument("--db", default=str(Path("~") / ".isle_nb" / "hub.sqlite"),
                        help="the hub's tables (SQLite; default ~/.isle_nb/hub.sqlite)")
    commands.add_parser("hub", help="serve a hub of tables for players to join from their own notebooks",
                        add_help=False)  # its own options and help: `isle-nb hub --help`
    return top


def _serve(args: argparse.Namespace, extra: list[str]) -> int:
    from isle_nb.serve import launch

    folder = notebook_folder(args.notebooks)
    for line in install_notebooks(folder).messages():
        print(line, flush=True)
    ip = "127.0.0.1" if args.command == "class" and args.ip == "localhost" else args.ip
    address = launch.Address(ip, args.port)
    try:
        if args.command == "play":
            root = Path(args.root).expanduser().resolve() if args.root else folder
            if root != folder and root not in folder.parents:
                print(f"{PROG} play: --root {root} must hold the notebook folder {folder}", file=sys.stderr)
                return 2
            return launch.play(folder, root, address, extra)
        if args.command == "lessons":
            return launch.lessons(folder, address, extra)
        return launch.class_(folder, address, args.hub_port, str(Path(args.db).expanduser()), extra)
    except launch.MissingServer as missing:
        print(f"{PROG} {args.command}: {missing}", file=sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``isle-nb`` with ``argv`` (default: the command line); returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["hub"]:
        from isle_nb.hub.server import main as hub_main

        hub_main(arguments)
        return 0
    args, extra = parser().parse_known_args(arguments)
    if args.command not in SERVED or any(not word.startswith("-") for word in extra):
        parser().parse_args(arguments)  # unknown words: argparse says which and exits
    return _serve(args, extra)


__all__ = ["main", "parser"]
