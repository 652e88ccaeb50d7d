"""Play many games with bots and study them as pandas DataFrames.

::

    from isle_nb import simulate
    frame = simulate(1000, players=4, bots=["greedy", "random", "random", "random"], seed=1)
    frame.groupby("bot")["total"].describe()

Games run in parallel processes on this machine by default (a :class:`concurrent.futures.ProcessPoolExecutor`),
with a progress bar (``tqdm.auto``: a widget in Jupyter, text elsewhere). Pass a Dask ``distributed.Client`` (or
a scheduler's address) to run them as Dask tasks on a cluster instead: that needs Dask, the ``sim`` extra
(``pip install "isle_nb[sim]"``). Whatever runs them, the same arguments give the same frames: every
game's seed is derived from the base ``seed`` and the game's number (:func:`game_seed`), every bot's seed from its
game's seed and its seat, and the rows are put back in game order.

The games, their player counts, options and bots come from the registry of games (:mod:`isle_nb.model.modes`);
so does how a finished game of each mode becomes rows (``GameMode.tabulation``).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from isle_nb.model.core.tabulation import Row, Tabulation
from isle_nb.model.modes import game_mode

if TYPE_CHECKING:
    import pandas as pd
    from distributed import Client
else:
    from isle_nb.model.core.lazy import pandas as pd

BotFactory = Callable[[int], Any]
"""Makes a bot from a seed: a bot class such as :class:`~isle_nb.GreedyBot`, or a function. To run in other
processes or on a Dask cluster it must be picklable (a class or a module-level function, not a lambda)."""

GameRecord = tuple[int, list[Row], list[Row]]
"""What playing one game gives: its number, its player rows and its card rows."""

Detail = Literal["players", "cards", "both"]

DASK_MISSING = ('Running games on a Dask cluster needs Dask, which is not installed: install it with '
                'pip install "isle_nb[sim]" (or leave out client= to run the games in processes on this machine).')
"""What :func:`simulate` says when a Dask client is asked for and Dask is missing."""

GAME_COLUMNS = ["game", "seed", "mode", "players", "seat", "player", "bot"]
"""The columns that say which game and seat a row belongs to; they come first in both frames."""


# -- one batch of games (runs in a worker process or a Dask task) ---------------------------------------------
@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play any game of a simulation (small and picklable)."""

    mode: str
    players: int | tuple[str, ...]
    """How many players (named "Player 1"...), or their names."""
    bots: tuple[str | BotFactory, ...]
    seed: int
    options: tuple[tuple[str, Any], ...] = field(default=())


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` of a simulation with base ``seed`` (a stable hash, the same on every
    machine and Python version)."""
    digest = hashlib.blake2b(f"isle_nb.simulate:{seed}:{game}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game with this seed."""
    return seed * 8 + seat


def bot_label(spec: str | BotFactory) -> str:
    """How a bot appears in the ``bot`` column: its registry name, or the factory's name."""
    return spec if isinstance(spec, str) else getattr(spec, "__name__", type(spec).__name__)


def play_moves(game: Any, bots: Mapping[str, Any], max_actions: int = 100_000) -> list[tuple[int, Any]]:
    """Let ``bots`` (one per player) play ``game`` to the end; the ``(day, action)`` log of the game.

    Seats act in the same order as :func:`isle_nb.play`, so a game replays identically whichever plays it.
    """
    moves: list[tuple[int, Any]] = []
    for _ in range(max_actions):
        if game.over:
            return moves
        name = game.awaiting[0]
        action = bots[name].choose(game, name, game.legal_actions(name))
        day = getattr(game.state, "day", 1)
        game.apply(action)
        moves.append((day, action))
    raise RuntimeError(f"the game did not end within {max_actions} actions")


def play_game(plan: Plan, index: int) -> GameRecord:
    """Play game number ``index`` of a simulation: its rows, labelled with the game, seed, seat and bot."""
    mode = game_mode(plan.mode)
    seed = game_seed(plan.seed, index)
    game = mode.new(plan.players, seed, **dict(plan.options))
    names = game.player_names
    bots = {}
    for seat, (name, spec) in enumerate(zip(names, plan.bots, strict=True)):
        factory = mode.bots[spec] if isinstance(spec, str) else spec
        bots[name] = factory(bot_seed(seed, seat))
    start = game.state
    player_rows, card_rows = _tabulation(plan.mode).rows(game, start, play_moves(game, bots))
    labels = {
        name: {"seat": seat, "bot": bot_label(spec)}
        for seat, (name, spec) in enumerate(zip(names, plan.bots, strict=True))
    }
    common = {"game": index, "seed": seed, "mode": plan.mode, "players": len(names)}
    sister = {"seat": None, "bot": "sister"}
    player_rows = [{**common, **labels.get(r["player"], sister), **r} for r in player_rows]
    card_rows = [{**common, **labels.get(r["player"], sister), **r} for r in card_rows]
    return index, player_rows, card_rows


def play_games(plan: Plan, indices: Sequence[int]) -> list[GameRecord]:
    """Play a batch of games of a simulation (the unit of work of a worker process or a Dask task)."""
    return [play_game(plan, index) for index in indices]


# -- running many ---------------------------------------------------------------------------------------------
def simulate(
    games: int,
    players: int | Sequence[str] | None = None,
    mode: str = "standard",
    bots: str | BotFactory | Sequence[str | BotFactory] = "random",
    seed: int = 0,
    detail: Detail = "players",
    client: Client | str | None = None,
    processes: int | None = None,
    progress: bool = True,
    batch_size: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``games`` games with bots and return a tidy DataFrame.

    ``detail="players"`` (the default): one row per game and player, with the game number and ``seed``, ``seat``,
    ``bot``, ``mode``, every score category, ``total``, ``winner``, fish left, cards bought by type, cats rescued
    by colour and more (:data:`isle_nb.model.isle.outcomes.PLAYER_COLUMNS`). A solo game adds a row for the sister.
    ``detail="cards"``: one row per card bought in the same games, with who bought it, when, and the points it
    scored (:data:`isle_nb.model.isle.outcomes.CARD_COLUMNS`). ``detail="both"``: the two frames, players then cards,
    from one run of the games.

    ``mode`` is a registered mode (:func:`isle_nb.modes`: ``"standard"``, ``"solo"``, ``"family"``, ``"pocket"``,
    ``"explore_draw"``); ``players`` the number of players (named "Player 1"...; default: the mode's, 4, or 1 for
    solo and 2 for Pocket Cats) or their names, as in every game's ``new``; ``bots`` one bot per seat, by name as in
    ``play_app`` (``"random"``, ``"greedy"``, ...) or as a :data:`BotFactory`; a single entry
    seats that bot everywhere. ``options`` go to the game's setup (e.g. ``{"difficulty": "hard"}`` for solo).

    The games run in ``processes`` worker processes (default: one per CPU; ``1`` plays them here), or, with
    ``client`` (a ``distributed.Client`` or a scheduler's address such as ``"tcp://scheduler:8786"``), as Dask tasks
    of ``batch_size`` games on that cluster (failed tasks are retried); Dask is the ``sim`` extra, and without it
    an :class:`ImportError` says what to install. The same
    arguments give the same frame whatever runs them. ``progress=False`` hides the progress bar.

    The worker processes are started with ``forkserver`` (safe in a Jupyter kernel, whose threads ``fork`` could
    copy mid-step); a script that calls ``simulate`` with ``processes`` other than 1 needs the usual
    ``if __name__ == "__main__":`` guard, as for any multiprocessing or Dask ``LocalCluster`` code (without it
    a :class:`RuntimeError` says so). An interrupt (Jupyter's Interrupt button, Ctrl+C) stops the run at once:
    queued games are cancelled and the workers ended. Wrong arguments raise one :class:`ValueError` each before
    any game is played.
    """
    plan = make_plan(games, players, mode, bots, seed, options)
    if detail not in ("players", "cards", "both"):
        raise ValueError(f"detail is 'players', 'cards' or 'both', not {detail!r}")
    table = _tabulation(mode)
    if detail != "players" and not table.has_cards:
        raise ValueError(f"{mode} games have no cards: use detail='players'")
    _whole(processes, "processes", "worker processes", allow_none=True)
    _whole(batch_size, "batch_size", "games per batch", allow_none=True)
    if isinstance(client, str):
        with dask_client(client) as connected:
            records = list(_run(plan, games, connected, processes, progress, batch_size))
    else:
        records = list(_run(plan, games, client, processes, progress, batch_size))
    records.sort(key=lambda record: record[0])
    if detail == "both":
        return to_frame(records, table, "players"), to_frame(records, table, "cards")
    return to_frame(records, table, detail)


def dask_client(address: str) -> Client:
    """A Dask client connected to the scheduler at ``address`` (close it, or use it in a ``with`` block); an
    :class:`ImportError` saying what to install when Dask is missing (:data:`DASK_MISSING`)."""
    try:
        from distributed import Client
    except ImportError as missing:
        raise ImportError(DASK_MISSING) from missing
    return Client(address)


def make_plan(
    games: int,
    players: int | Sequence[str] | None,
    mode: str,
    bots: str | BotFactory | Sequence[str | BotFactory],
    seed: int,
    options: Mapping[str, Any] | None,
) -> Plan:
    """Check the arguments of :func:`simulate` and gather them in a :class:`Plan`: each wrong argument is one clear
    :class:`ValueError` here, before any worker starts (the options are tried on the first game's setup)."""
    kind = game_mode(mode)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number of games (an int, 0 or more), not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number (an int), not {seed!r}")
    names: int | tuple[str, ...] = kind.default_players if players is None else 0
    if isinstance(players, (list, tuple)) and all(isinstance(name, str) for name in players):
        names = tuple(players)
    elif players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise ValueError(f"players must be a whole number of players (an int) or their names, not {players!r}")
    elif players is not None:
        names = players
    count = names if isinstance(names, int) else len(names)
    if count not in kind.players:
        raise ValueError(f"{mode} games are for {' or '.join(map(str, kind.players))} players, not {count}")
    seats = [bots] * count if isinstance(bots, str) or callable(bots) else list(bots)
    if len(seats) != count:
        raise ValueError(f"give one bot per seat: {count} seats, {len(seats)} bots")
    for spec in seats:
        if isinstance(spec, str) and spec not in kind.bots:
            raise ValueError(f"unknown bot {spec!r} for {mode} games; choose one of {', '.join(kind.bots)}")
        if not isinstance(spec, str) and not callable(spec):
            raise ValueError(f"a bot is a name or a factory taking a seed, not {spec!r}")
    if options is not None and (not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options)):
        raise ValueError(f"options must be a dict of setup options by name, not {options!r}")
    plan = Plan(mode, names, tuple(seats), seed, tuple(sorted((options or {}).items())))
    try:  # the setup every game will make, tried once here: bad options and names fail now, not in every worker
        kind.new(names, game_seed(seed, 0), **dict(plan.options))
    except (TypeError, ValueError) as error:
        raise ValueError(f"options {dict(plan.options)!r} do not fit {mode} games: {error}") from None
    return plan


def _whole(value: object, name: str, what: str, allow_none: bool = False) -> None:
    """Refuse a count that is not a whole number of at least 1 (``None`` too, unless allowed)."""
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a whole number of {what}, 1 or more (or None for the default), not "
                         f"{value!r}")


def _batches(games: int, size: int) -> list[tuple[int, ...]]:
    return [tuple(range(start, min(start + size, games))) for start in range(0, games, size)]


def _run(
    plan: Plan, games: int, client: Client | None, processes: int | None, progress: bool, batch_size: int | None
) -> Iterator[GameRecord]:
    from tqdm.auto import tqdm

    with tqdm(total=games, disable=not progress, unit="game", desc=f"{plan.mode} games") as bar:
        if client is not None:
            yield from _run_dask(plan, games, client, batch_size, bar)
            return
        workers = processes or os.cpu_count() or 1
        if workers == 1 or games <= 1:
            for index in range(games):
                yield play_game(plan, index)
                bar.update(1)
            return
        size = batch_size or max(1, min(25, games // (workers * 4)))
        yield from _run_pool(plan, _batches(games, size), workers, bar)


NO_MAIN_GUARD = (
    "simulate() started worker processes, but they stopped at once. A script that calls simulate() must call it "
    "under 'if __name__ == \"__main__\":' (each worker imports the script, and an unguarded call starts workers "
    "again), or pass processes=1 to play the games in this process."
)
"""What a script without the ``__main__`` guard is told instead of ``BrokenProcessPool``."""


def _quiet_worker() -> None:
    """Worker processes leave an interrupt (Ctrl+C, Jupyter's Interrupt button) to the process that started them,
    which stops them; otherwise every worker would print its own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(plan: Plan, batches: list[tuple[int, ...]], workers: int, bar: Any) -> Iterator[GameRecord]:
    """Play the batches in a pool of worker processes. An interrupt or error stops it at once: queued batches are
    cancelled and the workers still playing are ended, so no worker is left behind."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["isle_nb.simulation"])
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_quiet_worker)
    finished = False
    try:
        futures = [pool.submit(play_games, plan, batch) for batch in batches]
        for future in as_completed(futures):
            batch = future.result()
            bar.update(len(batch))
            yield from batch
        finished = True
    except BrokenProcessPool as error:
        if _unguarded_script():
            raise RuntimeError(NO_MAIN_GUARD) from error
        raise
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop(pool)


def _unguarded_script() -> bool:
    """Whether this process runs a script without an ``if __name__ == "__main__":`` guard (a notebook's
    ``__main__`` has no file)."""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    try:
        source = Path(path).read_text(encoding="utf-8") if path else None
    except (OSError, UnicodeError):
        return False
    return source is not None and "__main__" not in source


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued batches and end the workers now, instead of waiting for every queued game."""
    workers = list(getattr(pool, "_processes", {}).values())  # the executor has no public way to end them
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join(timeout=5)
    pool.shutdown(wait=True)


def _run_dask(plan: Plan, games: int, client: Client, batch_size: int | None, bar: Any) -> Iterable[GameRecord]:
    from distributed import as_completed as dask_completed

    if not bar.disable:
        bar.write(f"Dask dashboard: {client.dashboard_link}")
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    size = batch_size or max(1, min(50, games // (workers * 4)))
    batches = _batches(games, size)
    futures = client.map(play_games, [plan] * len(batches), batches, retries=3, pure=False)
    try:
        for _, batch in dask_completed(futures, with_results=True):
            bar.update(len(batch))
            yield from batch
    finally:
        client.cancel(futures)


def to_frame(
    records: Sequence[GameRecord], mode: Tabulation, detail: Literal["players", "cards"] = "players"
) -> pd.DataFrame:
    """The rows of played games as one DataFrame, in game and seat order, with the columns in a fixed order."""
    if detail == "cards":
        rows = [row for _, _, card_rows in records for row in card_rows]
        columns = [*GAME_COLUMNS, *mode.card_columns]
    else:
        rows = [row for _, player_rows, _ in records for row in player_rows]
        columns = [*GAME_COLUMNS, *mode.player_columns]
    frame = pd.DataFrame(rows, columns=columns)
    for column in ("seat", *mode.whole_numbers):
        if column in frame:  # whole numbers, blank where they do not apply (the sister's cards, a card's points)
            frame[column] = frame[column].astype("Int64")
    return frame


def _tabulation(mode: str) -> Tabulation:
    """How the registered ``mode`` becomes rows (a ValueError for a mode that says nothing of it)."""
    table = game_mode(mode).tabulation
    if table is None:
        raise ValueError(f"{mode} games cannot be simulated: the mode says nothing of how to tabulate them")
    return table


__all__ = ["DASK_MISSING", "BotFactory", "Plan", "Tabulation", "bot_seed", "dask_client", "game_seed", "play_games",
           "simulate"]
