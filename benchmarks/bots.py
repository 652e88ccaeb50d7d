"""Benchmark: how strong and how quick SearchBot is (issue 13 §1).

Targets, at SearchBot's default budget:

- 2-player games against GreedyBot, seats swapped each game: SearchBot wins >= 75 % (at least 200 games);
- 4-player games against three GreedyBots, SearchBot's seat rotating: it wins >= 45 %;
- median decision time <= 1 s on this machine (every decision SearchBot is asked for; p95 reported too).

It also reports the mean scores: SearchBot's and its GreedyBot opponents' in those games, and, for reference,
4-player self-play of GreedyBot (68 points when issue 13 was written) and of RandomBot. A tie for first place
counts as a win for each player sharing it (the rules' shared victory, SCORE-8). Games run on a process pool (2
workers by default, one per core); the load average (``os.getloadavg``) is printed before and after, since the
machine is shared.

Measured 2026-11-24 (default budget, 2 workers, load average 1.6-2.0, 204 s): 2 players 162/200 = 81.0 % won, mean
score 49.8 vs 29.6; 4 players 20/40 = 50.0 % won, 76.7 vs 66.4; 15,119 decisions, median 0.016 s, p95 0.071 s;
reference self-play GreedyBot 68.5, RandomBot -18.2: all targets met.

Run: ``python benchmarks/bots.py [--two 200] [--four 40] [--reference 10] [--workers 2] [--budget 8]
[--minutes M] [--record games.jsonl]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, TimeoutError, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tqdm import tqdm

from isle_nb import Game, GreedyBot, RandomBot, SearchBot, play
from isle_nb.model.isle.search import DEFAULT_BUDGET

TARGET_TWO = 0.75
TARGET_FOUR = 0.45
TARGET_MEDIAN_SECONDS = 1.0


class TimedBot:
    """A bot that records how long the wrapped bot takes for each decision."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    def choose(self, game, player, actions):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        action = self.bot.choose(game, player, actions)
        self.seconds.append(time.perf_counter() - start)
        return action


@dataclass
class Outcome:
    """One game: SearchBot's seat, every player's score, who won, SearchBot's decision times."""

    players: int
    seed: int
    seat: int
    scores: list[int]
    won: bool
    seconds: list[float] = field(default_factory=list)


def search_game(players: int, seed: int, budget: int | float) -> Outcome:
    """One seeded game: SearchBot in seat ``seed % players``, GreedyBots elsewhere."""
    seat = seed % players
    game = Game.new(players, seed=seed)
    timed = TimedBot(SearchBot(seed, budget=budget))
    bots = [timed if s == seat else GreedyBot(seed * 10 + s) for s in range(players)]
    play(game, bots)
    scores = list(game.scores().values())
    winner = game.player_names[seat] in game.winners()
    return Outcome(players, seed, seat, scores, winner, timed.seconds)


def self_play(bot: str, seed: int) -> list[int]:
    """Scores of a seeded 4-player game with this bot in every seat."""
    factory = {"greedy": GreedyBot, "random": RandomBot}[bot]
    game = Game.new(4, seed=seed)
    play(game, [factory(seed * 10 + s) for s in range(4)])
    return list(game.scores().values())


def run(pool: ProcessPoolExecutor, players: int, games: int, budget: int | float, first_seed: int,
        deadline: float, record: Path | None) -> list[Outcome]:
    """Play the games on the pool, collecting them as they finish (each also appended to ``record`` as a JSON
    line); games not finished by ``deadline`` (a ``time.monotonic()`` value) are cancelled and left out."""
    jobs = [pool.submit(search_game, players, first_seed + g, budget) for g in range(games)]
    outcomes: list[Outcome] = []
    try:
        for job in tqdm(as_completed(jobs, timeout=max(1.0, deadline - time.monotonic())), total=games,
                        desc=f"{players}-player games", unit="game"):
            outcome = job.result()
            outcomes.append(outcome)
            if record is not None:
                with record.open("a") as out:
                    out.write(json.dumps(asdict(outcome)) + "\n")
    except TimeoutError:
        for job in jobs:
            job.cancel()
        print(f"time limit: {len(outcomes)} of {games} {players}-player games finished", flush=True)
    return sorted(outcomes, key=lambda o: o.seed)


def report(label: str, outcomes: list[Outcome], target: float) -> bool:
    if not outcomes:
        print(f"{label}: no game finished")
        return False
    wins = sum(o.won for o in outcomes)
    rate = wins / len(outcomes)
    mine = [o.scores[o.seat] for o in outcomes]
    theirs = [s for o in outcomes for i, s in enumerate(o.scores) if i != o.seat]
    met = rate >= target
    print(f"{label}: SearchBot won {wins}/{len(outcomes)} = {rate:.1%} (target >= {target:.0%}: "
          f"{'met' if met else 'NOT met'}); mean score SearchBot {statistics.mean(mine):.1f}, "
          f"GreedyBot opponents {statistics.mean(theirs):.1f}; load average {os.getloadavg()}", flush=True)
    return met


def main() -> int:
    """Play the games, print the figures; 1 (a failure for `make bench`) when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--two", type=int, default=200, help="2-player games against GreedyBot")
    parser.add_argument("--four", type=int, default=40, help="4-player games against three GreedyBots")
    parser.add_argument("--reference", type=int, default=10, help="4-player self-play games per reference bot")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET,
                        help="rollouts per decision (a whole number) or seconds (with a decimal point)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop after this many minutes and report the games finished by then")
    parser.add_argument("--record", type=Path, default=None, help="append each finished game to this JSON-lines file")
    args = parser.parse_args()
    deadline = time.monotonic() + (args.minutes * 60 if args.minutes else 10**9)
    budget: int | float = int(args.budget) if float(args.budget).is_integer() else args.budget
    print(f"SearchBot budget {budget!r}; {args.workers} workers; load average before: {os.getloadavg()}")
    start = time.perf_counter()
    met = True
    with ProcessPoolExecutor(args.workers) as pool:
        two = run(pool, 2, args.two, budget, 10_000, deadline, args.record) if args.two else []
        if two:
            met &= report("2 players vs GreedyBot", two, TARGET_TWO)
        four = run(pool, 4, args.four, budget, 20_000, deadline, args.record) if args.four else []
        if four:
            met &= report("4 players vs 3 GreedyBots", four, TARGET_FOUR)
        reference = {
            bot: [s for scores in pool.map(self_play, [bot] * args.reference, range(30_000, 30_000 + args.reference))
                  for s in scores]
            for bot in ("greedy", "random")
        } if args.reference else {}
    print(f"load average after: {os.getloadavg()}; wall time {time.perf_counter() - start:.0f} s")
    seconds = [s for o in two + four for s in o.seconds]
    if seconds:
        median = statistics.median(seconds)
        p95 = statistics.quantiles(seconds, n=20)[-1] if len(seconds) > 1 else seconds[0]
        met &= median <= TARGET_MEDIAN_SECONDS
        print(f"decision time over {len(seconds)} SearchBot decisions: median {median:.3f} s, p95 {p95:.3f} s, "
              f"max {max(seconds):.3f} s (target median <= {TARGET_MEDIAN_SECONDS} s)")
    for bot, scores in reference.items():
        print(f"reference: {bot} 4-player self-play mean score {statistics.mean(scores):.1f} over "
              f"{args.reference} games")
    print("all targets met" if met else "some targets NOT met")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
