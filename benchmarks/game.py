"""Benchmark: wall time of whole 4-player games played by bots through the Game shell.

Targets: random bots <= 1 s per game (issue 3), then <= 40 ms median (issue 13: about 87 ms before optimising).

Run: ``python benchmarks/game.py [games]``. Prints the median and worst seconds per game for RandomBot and
GreedyBot seats, and the number of actions per game; the last line states whether the target is met.
"""

from __future__ import annotations

import statistics
import sys
import time

from isle_nb import Game, GreedyBot, RandomBot, play

TARGET_RANDOM_SECONDS = 0.040


def time_games(bot: type[RandomBot] | type[GreedyBot], games: int) -> tuple[list[float], list[int]]:
    """Seconds and action counts of ``games`` seeded 4-player games with ``bot`` in every seat."""
    seconds: list[float] = []
    actions: list[int] = []
    for seed in range(games):
        game = Game.new(4, seed=seed)
        start = time.perf_counter()
        play(game, [bot(seed * 10 + seat) for seat in range(4)])
        seconds.append(time.perf_counter() - start)
        actions.append(len(game.actions))
    return seconds, actions


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    results = {}
    print(f"{'bots':<10} {'games':>5} {'median s':>9} {'worst s':>8} {'actions':>8}")
    for name, bot in (("random", RandomBot), ("greedy", GreedyBot)):
        seconds, actions = time_games(bot, games)
        results[name] = statistics.median(seconds)
        print(f"{name:<10} {games:>5} {statistics.median(seconds):>9.3f} {max(seconds):>8.3f} "
              f"{statistics.median(actions):>8.0f}")
    met = "met" if results["random"] <= TARGET_RANDOM_SECONDS else "NOT met"
    print(f"random 4-player game median {results['random']:.3f} s (target <= {TARGET_RANDOM_SECONDS} s: {met}); "
          f"greedy median {results['greedy']:.3f} s")


if __name__ == "__main__":
    main()
