"""Benchmark: Pocket Cats playouts through the pure rules API and through the observable ``PocketGame`` shell.

Run from the repository root::

    python benchmarks/pocket.py

Measures, over seeded games: a random playout with ``rules.legal_actions`` / ``rules.apply`` (what the conformance
test does 1,000 times), the same through ``PocketGame`` (traitlets mirroring on every action), a greedy-vs-random
game (the greedy bot scores every candidate move with the end-game resolution), and one end-game resolution.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from isle_nb.model.pocket import (
    CLAN_KEYS,
    PocketGame,
    PocketGreedyBot,
    PocketRandomBot,
    play_pocket,
    resolve,
    rules,
)
from isle_nb.model.pocket.examples import RULEBOOK_CLANS, RULEBOOK_EXAMPLE, RULEBOOK_ROTATION
from isle_nb.model.pocket.state import PocketState, new_state, scenario

GAMES = 200
TARGET_CONFORMANCE_SECONDS = 30  # 1,000 games of the conformance mix


def timed(label: str, runs: int, work: Callable[[int], object]) -> float:
    """Median milliseconds of ``work(seed)`` over ``runs`` seeds."""
    times = []
    for seed in range(runs):
        start = time.perf_counter()
        work(seed)
        times.append((time.perf_counter() - start) * 1000)
    median = statistics.median(times)
    print(f"{label:<44} median {median:7.3f} ms   max {max(times):7.3f} ms   ({runs} runs)")
    return median


def random_rules_game(seed: int) -> None:
    pick = random.Random(seed)
    state = new_state(clans=tuple(pick.sample(CLAN_KEYS, 2)), seed=seed)  # type: ignore[arg-type]
    while not state.over:
        player = rules.awaiting(state)[0]
        state = rules.apply(state, pick.choice(rules.legal_actions(state, player)))


def conformance_mix_state(seed: int) -> PocketState:
    """The conformance test's seeded mix: 70% freedom (random clans, effects on or off), 15% limited, 15% experts."""
    pick = random.Random(seed)
    roll = pick.random()
    effects = pick.random() < 0.7
    if roll < 0.7:
        return new_state(clans=tuple(pick.sample(CLAN_KEYS, 2)), effects=effects, seed=seed)  # type: ignore[arg-type]
    return new_state(mode="limited" if roll < 0.85 else "experts", effects=effects, seed=seed)


def conformance_games(games: int = 1000) -> float:
    """Seconds for ``games`` random matches of the conformance test's mode mix through the rules API.

    This is the speed figure that used to be a timing assert in ``tests/test_pocket_conformance.py`` (target: well
    under 30 s for 1,000 games including the test's invariant checks); the invariants themselves stay in the test.
    """
    start = time.perf_counter()
    for seed in range(games):
        state = conformance_mix_state(seed)
        chooser = random.Random(seed + 10_000)
        while not state.over:
            waiting = rules.awaiting(state)
            player = waiting[0] if len(waiting) == 1 else chooser.choice(waiting)
            state = rules.apply(state, chooser.choice(rules.legal_actions(state, player)))
    return time.perf_counter() - start


def random_shell_game(seed: int) -> None:
    play_pocket(PocketGame.new(seed=seed), [PocketRandomBot(seed), PocketRandomBot(seed + 1)])


def greedy_game(seed: int) -> None:
    play_pocket(PocketGame.new(seed=seed), [PocketGreedyBot(seed), PocketRandomBot(seed + 1)])


def main() -> int:
    """Print the timings; 1 (a failure for `make bench`) when the conformance mix misses its target."""
    grid = scenario(RULEBOOK_EXAMPLE, RULEBOOK_CLANS).grid
    timed("end-game resolution (rulebook example)", 500,
          lambda _: resolve(grid, ("A", "B"), RULEBOOK_CLANS, True, RULEBOOK_ROTATION))
    rules_ms = timed("random game, pure rules API", GAMES, random_rules_game)
    timed("random game, PocketGame shell", GAMES // 2, random_shell_game)
    timed("greedy vs random game, PocketGame shell", GAMES // 4, greedy_game)
    print(f"1,000 random games via the rules API: about {rules_ms:.1f} s (median x 1,000)")
    seconds = conformance_games(1000)
    met = seconds < TARGET_CONFORMANCE_SECONDS
    print(f"1,000 random games, conformance-test mix (all modes), measured: {seconds:.1f} s   "
          f"(target < {TARGET_CONFORMANCE_SECONDS} s: {'met' if met else 'NOT met'})")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
