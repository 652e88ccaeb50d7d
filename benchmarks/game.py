"""Benchmark: wall time of whole 4-player games played by bots through the Game shell.

Targets: random bots <= 1 s per game (issue 3), then <= 40 ms median (issue 13: about 87 ms before optimising).
Explore & Draw (issue 12): a 6-player random game (target < 0.5 s) and ``legal_actions`` for a discovery on a
half-full sheet (target: tens of microseconds, like the standard boat).

Run: ``python benchmarks/game.py [games]``. Prints the median and worst seconds per game for RandomBot and
GreedyBot seats, and the number of actions per game; the last line states whether the target is met.

The RandomBot games are timed twice in one process: first cold (the first games of a fresh process, which also
build the placement tables and the cached placement actions, about 0.3 s in all), then warm (the same seeded games
again), as a simulation of thousands of games runs. The target is judged on the warm median; both are printed.
Before issue 13's optimisations the two were the same (57 ms on the development machine, nothing was cached).
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from isle_nb import Game, GreedyBot, RandomBot, new_game, play

TARGET_RANDOM_SECONDS = 0.040
TARGET_ED_SECONDS = 0.5


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


def main() -> bool:
    """Time the standard game; whether its target is met."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    results = {}
    print(f"{'bots':<11} {'games':>5} {'median s':>9} {'worst s':>8} {'actions':>8}")
    for name, bot in (("random cold", RandomBot), ("random", RandomBot), ("greedy", GreedyBot)):
        seconds, actions = time_games(bot, games)
        results[name] = statistics.median(seconds)
        print(f"{name:<11} {games:>5} {statistics.median(seconds):>9.3f} {max(seconds):>8.3f} "
              f"{statistics.median(actions):>8.0f}")
    met = "met" if results["random"] <= TARGET_RANDOM_SECONDS else "NOT met"
    print(f"random 4-player game median {results['random']:.3f} s warm, {results['random cold']:.3f} s cold "
          f"(target <= {TARGET_RANDOM_SECONDS} s warm: {met}); greedy median {results['greedy']:.3f} s")
    return met == "met"


def time_explore_draw_games(games: int) -> list[float]:
    """Seconds of ``games`` seeded 6-player Explore & Draw games with random bots in every seat."""
    seconds = []
    for seed in range(games):
        game = new_game("explore_draw", 6, seed=seed)
        start = time.perf_counter()
        play(game, [RandomBot(seed * 10 + seat) for seat in range(6)])
        seconds.append(time.perf_counter() - start)
    return seconds


def half_full_discovery(seed: int = 3) -> Any:
    """An Explore & Draw state where the solo player must draw a discovery on a sheet at least half full."""
    from isle_nb.model.explore_draw.actions import Draw

    game = new_game("explore_draw", ["Ann"], seed=seed)
    bot = RandomBot(seed)
    while True:
        state = game.state
        seat = state.seat("Ann")
        actions = game.legal_actions("Ann")
        half_full = seat.boat.occupied.bit_count() >= 71
        if half_full and seat.card is not None and not seat.now and any(isinstance(a, Draw) for a in actions):
            return state
        game.apply(bot.choose(game, "Ann", actions))
        if game.over:
            raise RuntimeError("the sheet never got half full with a discovery to draw")


def time_explore_draw_legal_actions(repeat: int = 2000) -> tuple[float, int]:
    """Median microseconds of ``legal_actions`` for a discovery on a half-full sheet, and how many it returns."""
    from isle_nb.model.explore_draw import rules

    state = half_full_discovery()
    rules.legal_actions(state, "Ann")  # warm the placement cache, as in a real game
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        found = rules.legal_actions(state, "Ann")
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1e6, len(found)


def main_explore_draw(games: int) -> bool:
    """Time Explore & Draw; whether its target is met."""
    seconds = time_explore_draw_games(games)
    median = statistics.median(seconds)
    met = "met" if median < TARGET_ED_SECONDS else "NOT met"
    print(f"explore & draw: random 6-player game median {median:.3f} s, worst {max(seconds):.3f} s "
          f"({games} games; target < {TARGET_ED_SECONDS} s: {met})")
    micros, count = time_explore_draw_legal_actions()
    print(f"explore & draw: legal_actions for a discovery on a half-full sheet {micros:.1f} µs median "
          f"({count} actions)")
    return met == "met"


if __name__ == "__main__":
    standard_met = main()
    explore_draw_met = main_explore_draw(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    sys.exit(0 if standard_met and explore_draw_met else 1)  # a missed target fails `make bench`
