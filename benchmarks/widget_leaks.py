"""Live widgets and game shells after many games in one app: what a long session leaves behind (issue #19 §5).

Run from the repository root::

    .venv/bin/python benchmarks/widget_leaks.py [--games 20] [--apps standard pocket explore_draw]

Each app plays ``--games`` games one after another, the way a person does in one notebook: the person's seat moves
through the app (a random bot chooses among the legal actions and the app sends it, so the app redraws after every
move, as after a click), the other seat is a bot, and each new game is started from the Isle of Cats app's Games
dialog (Pocket Cats and Explore & Draw take the app's place, and their Games button leads back to it). After every
game it prints the number of live ipywidgets (``ipywidgets.Widget.widgets``: in a kernel each one is also a comm and
a model in the browser) and the game shells still alive (found by the garbage collector). A screen that closes what
it replaces keeps both flat: the target is at most ``WIDGET_SLACK`` more live widgets after the last game than after
the first (what a screen shows differs a little from game to game) and no more game shells (exit 1 if missed).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from ipywidgets.widgets.widget import _instances  # noqa: E402

from isle_nb.model.core.shell import GameShell  # noqa: E402

PERSON = "You"
WIDGET_SLACK = 60
"""Live widgets the last game may show beyond the first's (a longer hand, another panel), never a growth per game."""


def live_widgets() -> int:
    """The widgets ipywidgets keeps alive (every one not closed): ``len(ipywidgets.Widget.widgets)``."""
    return len(_instances)


def live_shells() -> int:
    """The game shells still reachable after a full garbage collection."""
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, GameShell))


def person_moves(game: GameShell, send: Callable[[Any], None], rng: random.Random, limit: int = 5000) -> int:
    """Play the person's seat until the game is over: a random legal action each time, sent through the app."""
    moves = 0
    while not game.over and moves < limit:
        if PERSON not in game.awaiting:
            raise RuntimeError(f"the game waits for {game.awaiting}, not for the person, and no bot moves")
        actions = game.legal_actions(PERSON)
        send(actions[rng.randrange(len(actions))])
        moves += 1
    return moves


def isle_of_cats(games: int, seed: int) -> Iterator[tuple[int, int]]:
    """The Isle of Cats app: every game after the first is started from its Games dialog."""
    from isle_nb.widgets.launcher import play_app

    app = play_app([PERSON, "bot:random"], seed=seed, bot_delay=0.0, autosave=False)
    rng = random.Random(seed)
    for number in range(games):
        if number:
            app.toggle_games()
            assert app.dialog is not None
            app.dialog.form.seed.value = str(seed + number)
            app.dialog.form.start_button.click()
        yield number, person_moves(app.game, app.act, rng)


def in_its_own_app(mode: str) -> Callable[[int, int], Iterator[tuple[int, int]]]:
    """A game with an app of its own (Pocket Cats, Explore & Draw), started from the Isle of Cats app's Games dialog
    each time: it takes the app's place, and its Games button leads back to the dialog."""

    def games_of(games: int, seed: int) -> Iterator[tuple[int, int]]:
        from isle_nb.widgets.launcher import play_app

        host = play_app([PERSON, "bot:random"], seed=seed, bot_delay=0.0, autosave=False)
        rng = random.Random(seed)
        for number in range(games):
            host.toggle_games()
            assert host.dialog is not None
            form = host.dialog.form
            form.mode.value = mode
            form.seed.value = str(seed + number)
            form.start_button.click()
            yield number, person_moves(host.other_app.game, host.other_app.act, rng)
            host.children[1].children[1].click()  # the bar's Games button: back to the dialog (no reference kept)
            host.close_games()

    return games_of


APPS: dict[str, Callable[[int, int], Iterator[tuple[int, int]]]] = {
    "standard": isle_of_cats,
    "pocket": in_its_own_app("pocket"),
    "explore_draw": in_its_own_app("explore_draw"),
}


@contextmanager
def saves_elsewhere() -> Iterator[None]:
    """Keep the apps' save files out of the person's folder."""
    with tempfile.TemporaryDirectory() as folder:
        old = os.environ.get("ISLE_NB_SAVES")
        os.environ["ISLE_NB_SAVES"] = folder
        try:
            yield
        finally:
            if old is None:
                os.environ.pop("ISLE_NB_SAVES")
            else:
                os.environ["ISLE_NB_SAVES"] = old


def measure(name: str, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games in one app and return the counts before, after each game and at the end."""
    start_widgets, start_shells = live_widgets(), live_shells()
    started = time.perf_counter()
    moves = 0
    rows = []
    for number, played in APPS[name](games, seed):
        moves += played
        rows.append((number + 1, played, live_widgets(), live_shells()))
        print(f"  {name} game {number + 1:2}: {played:4} person moves, {rows[-1][2]:6} live widgets, "
              f"{rows[-1][3]:3} live game shells", flush=True)
    return {"app": name, "games": games, "moves": moves, "widgets before": start_widgets,
            "widgets after": rows[-1][2], "shells before": start_shells, "shells after": rows[-1][3],
            "widgets after game 1": rows[0][2], "shells after game 1": rows[0][3],
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--apps", nargs="+", choices=sorted(APPS), default=list(APPS))
    options = parser.parse_args()
    with saves_elsewhere():
        results = [measure(name, options.games, options.seed) for name in options.apps]
    met = True
    for result in results:
        grown = result["widgets after"] - result["widgets after game 1"]
        per_move = grown / max(result["moves"], 1)
        flat = grown <= WIDGET_SLACK and result["shells after"] <= result["shells after game 1"]
        met = met and flat
        print(f"{result['app']}: {result['games']} games, {result['moves']} person moves, live widgets "
              f"{result['widgets before']} -> {result['widgets after game 1']} (game 1) -> {result['widgets after']}"
              f" ({per_move:.1f} per move after game 1), live game shells {result['shells before']} -> "
              f"{result['shells after game 1']} (game 1) -> {result['shells after']}, {result['seconds']} s "
              f"(target: flat, {'met' if flat else 'NOT met'})")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
