"""Benchmark: legal-placement enumeration with bitmasks vs a straightforward set-of-cells enumerator.

Run from the repository root::

    python benchmarks/placement.py

A seeded boat is filled to about half (~71 of 142 cells) by random legal placements. Then the median time of
``Boat.legal_placements(tile, must_touch=True)`` for a 6-cell cat (shape 416) is measured over many runs, and
the same for a plain enumerator written here (every orientation x every translation, each cell checked against
Python sets). Both must find the same placements. A sweep over a few more boats and shapes reports the worst
median. The last line is the headline ratio for the main case.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

RUNS = 2000  # timed runs per measurement (after warm-up)
WARMUP = 200
SWEEP_STRAIGHT_RUNS = 300  # the slow enumerator is timed fewer times in the sweep
TARGET_US = 30.0
TARGET_RATIO = 20.0
GRID_W, GRID_H = 22, 9
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))

Cell = tuple[int, int]


def load_api() -> Any:
    """Import isle_nb, from the repository checkout when it is not installed."""
    try:
        import isle_nb
    except ImportError:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        import isle_nb
    return isle_nb


# ---- the straightforward enumerator ------------------------------------------------------------------------
def orientations(cells: list[Cell]) -> list[tuple[Cell, ...]]:
    """Distinct rotations and mirror images of a polyomino, each translated to the origin."""
    found: list[tuple[Cell, ...]] = []
    for mirrored in (False, True):
        current = [(-x, y) for x, y in cells] if mirrored else list(cells)
        for _ in range(4):
            mx = min(x for x, _ in current)
            my = min(y for _, y in current)
            image = tuple(sorted((x - mx, y - my) for x, y in current))
            if image not in found:
                found.append(image)
            current = [(y, -x) for x, y in current]
    return found


def straightforward(
    hull: frozenset[Cell], covered: frozenset[Cell], images: list[tuple[Cell, ...]], must_touch: bool
) -> set[frozenset[Cell]]:
    """All placements: every orientation at every translation inside the grid, each cell checked against sets:
    on the hull, not covered, and (unless the boat is empty or must_touch is False) next to a covered cell."""
    free = hull - covered
    touching = {(x + dx, y + dy) for x, y in covered for dx, dy in NEIGHBOURS} & free
    need_touch = must_touch and bool(covered)
    result: set[frozenset[Cell]] = set()
    for image in images:
        width = max(x for x, _ in image) + 1
        height = max(y for _, y in image) + 1
        for ty in range(GRID_H - height + 1):
            for tx in range(GRID_W - width + 1):
                cells = [(x + tx, y + ty) for x, y in image]
                if not all(c in free for c in cells):
                    continue
                if need_touch and not any(c in touching for c in cells):
                    continue
                result.add(frozenset(cells))
    return result


# ---- the boats ---------------------------------------------------------------------------------------------
def build_boat(api: Any, seed: int, target: int, layout: str, keep_out: Iterable[Any] = ()) -> Any:
    """A boat covered to about ``target`` cells by random legal placements (PLACE-3 obeyed throughout),
    using no tile of ``keep_out`` (the tiles to be measured)."""
    from isle_nb.model.parts.tiles import COLOURS, OSHAX_SHAPES, all_cats, all_common_treasures, all_rare_treasures

    rng = random.Random(seed)
    boat = api.Boat(layout)
    pool = [
        *all_cats(),
        *(api.Tile.oshax(s, rng.choice(COLOURS)) for s in OSHAX_SHAPES),
        *all_rare_treasures(),
        *all_common_treasures(),
    ]
    excluded = set(keep_out)
    pool = [t for t in pool if t not in excluded]
    rng.shuffle(pool)
    for tile in pool:
        covered = boat.occupied.bit_count()
        if covered >= target:
            break
        options = [p for p in boat.legal_placements(tile) if covered + len(p.cells) <= target + 3]
        if options:
            boat = boat.place(tile, rng.choice(options))
    return boat


# ---- timing ------------------------------------------------------------------------------------------------
def median_us(fn: Callable[[], object], runs: int, warmup: int) -> float:
    for _ in range(warmup):
        fn()
    samples = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(runs):
            start = time.perf_counter()
            fn()
            samples.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return statistics.median(samples) * 1e6


def measure(api: Any, boat: Any, tile: Any, straight_runs: int) -> dict[str, Any]:
    hull = frozenset(boat.cells)
    covered = frozenset(boat.covered)
    images = orientations(list(tile.cells))
    found = boat.legal_placements(tile, True)
    expected = straightforward(hull, covered, images, True)
    got = {p.cells for p in found}
    assert len(got) == len(found), "duplicate placements"
    assert got == expected, f"bitmask and straightforward enumerators disagree for {tile}"
    bitmask = median_us(lambda: boat.legal_placements(tile, True), RUNS, WARMUP)
    plain = median_us(
        lambda: straightforward(hull, covered, images, True), straight_runs, max(10, straight_runs // 10)
    )
    return {
        "tile": str(tile),
        "layout": boat.layout_name,
        "fill": boat.occupied.bit_count(),
        "placements": len(found),
        "bitmask_us": bitmask,
        "plain_us": plain,
        "ratio": plain / bitmask,
    }


def main() -> int:
    api = load_api()
    Tile = api.Tile

    main_tile = Tile.cat("blue", 416)
    main_boat = build_boat(api, seed=2024, target=71, layout="A", keep_out=[main_tile])
    head = measure(api, main_boat, main_tile, RUNS)

    print("Legal placements, must_touch=True (PLACE-1..3), median over", RUNS, "runs after warm-up")
    print(f"boat {head['layout']}: {head['fill']}/142 cells covered, tile {head['tile']} (6 cells)")
    print()
    print(f"{'enumerator':<18} {'median us':>10} {'placements':>11}")
    print(f"{'bitmask':<18} {head['bitmask_us']:>10.1f} {head['placements']:>11}")
    print(f"{'straightforward':<18} {head['plain_us']:>10.1f} {head['placements']:>11}")
    print()

    sweep_tiles = [
        Tile.cat("red", 416),
        Tile.cat("red", 402),
        Tile.cat("red", 405),
        Tile.cat("red", 412),
        Tile.cat("red", 415),
        Tile.oshax(300, "green"),
        Tile.rare("L"),
        Tile.common("1x1"),
    ]
    rows = []
    # half-full boats like the main case, a sparser and a fuller one, an empty one (PLACE-2: most placements)
    for seed, layout, target in ((1, "B", 71), (2, "C", 71), (3, "D", 40), (4, "A", 100), (5, "B", 0)):
        boat = build_boat(api, seed=seed, target=target, layout=layout, keep_out=sweep_tiles)
        for tile in sweep_tiles:
            rows.append(measure(api, boat, tile, SWEEP_STRAIGHT_RUNS))
    print(
        f"sweep: {len(rows)} boat/tile cases, bitmask {RUNS} runs, straightforward {SWEEP_STRAIGHT_RUNS} runs"
    )
    print(f"{'boat':<5} {'fill':>4}  {'tile':<24} {'n':>5} {'bitmask us':>11} {'plain us':>9} {'ratio':>7}")
    for r in rows:
        print(
            f"{r['layout']:<5} {r['fill']:>4}  {r['tile']:<24} {r['placements']:>5} "
            f"{r['bitmask_us']:>11.1f} {r['plain_us']:>9.1f} {r['ratio']:>6.1f}x"
        )
    worst = max(rows, key=lambda r: r["bitmask_us"])
    lowest = min(rows, key=lambda r: r["ratio"])
    print(
        f"worst bitmask median: {worst['bitmask_us']:.1f} us ({worst['tile']}, boat {worst['layout']}, "
        f"{worst['fill']} cells, {worst['placements']} placements); "
        f"lowest ratio: {lowest['ratio']:.1f}x ({lowest['tile']}, boat {lowest['layout']})"
    )
    met = head["bitmask_us"] <= TARGET_US and head["ratio"] >= TARGET_RATIO
    print(f"main case target {'met' if met else 'MISSED'}")
    print(
        f"ratio: {head['ratio']:.1f}x (bitmask median {head['bitmask_us']:.1f} us, "
        f"target <= {TARGET_US:g} us and >= {TARGET_RATIO:g}x)"
    )
    return 0 if met else 1  # a missed target fails `make bench`


if __name__ == "__main__":
    sys.exit(main())
