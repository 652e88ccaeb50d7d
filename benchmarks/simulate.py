"""Benchmark: games per second of ``isle_nb.simulate`` with 1 process, 2 processes and a 2-worker Dask cluster.

Run: ``python benchmarks/simulate.py [games]`` (default 400 four-player RandomBot games per run, about 25 s of work
for one process: a study runs thousands, and with 120 games the 1-2 s start of a process pool weighed about 15 % of
the run). Each figure is the wall time of one whole ``simulate`` call, pool start-up included; the Dask cluster (2
worker processes, one thread each, on 127.0.0.1) is started and warmed up first, as a long-lived cluster would be.
The load average is printed with the figures because the machine may be shared. Target (issue 13): 2 workers at
least 1.7x one process.
"""

from __future__ import annotations

import os
import sys
import time

TARGET_SPEED_UP = 1.7


def games_per_second(games: int, **kwargs: object) -> float:
    """Games per second of one ``simulate`` call of ``games`` four-player RandomBot games."""
    from isle_nb import simulate

    start = time.perf_counter()
    frame = simulate(games, players=4, bots="random", seed=2024, progress=False, **kwargs)  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    assert frame["game"].nunique() == games
    return games / seconds


def main() -> int:
    """Print games per second; 1 (a failure for `make bench`) when the speed-up misses its target."""
    from distributed import Client, LocalCluster

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    one = games_per_second(games, processes=1)
    print(f"1 process        {one:6.2f} games/s")
    two = games_per_second(games, processes=2)
    print(f"2 processes      {two:6.2f} games/s  ({two / one:.2f}x)")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        games_per_second(8, client=client)  # warm up: workers import isle_nb
        dask = games_per_second(games, client=client)
    print(f"Dask, 2 workers  {dask:6.2f} games/s  ({dask / one:.2f}x)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    best = min(two, dask) / one
    met = "met" if best >= TARGET_SPEED_UP else "NOT met"
    print(f"speed-up from 1 to 2 workers: processes {two / one:.2f}x, Dask {dask / one:.2f}x "
          f"(target >= {TARGET_SPEED_UP}x: {met})")
    return 0 if met == "met" else 1


if __name__ == "__main__":
    sys.exit(main())
