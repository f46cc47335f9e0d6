"""Micro-benchmarks for boardkit.engine.grid (prints median microseconds; asserts nothing).

Run from the repository root:  python benchmarks/bench_grid.py [--runs 200]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def load_grid():
    """Import boardkit.engine.grid, adding the repository root to sys.path if needed."""
    sys.path.insert(0, str(ROOT))
    return importlib.import_module("boardkit.engine.grid")


def median_us(fn: Callable[[], object], runs: int) -> float:
    fn()  # warm-up (caches, lazy imports)
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - t0)
    return statistics.median(samples) / 1000.0


def random_cells(rng: np.random.Generator, n: int, size: int) -> np.ndarray:
    flat = rng.choice(size * size, n, replace=False)
    return np.stack([flat // size, flat % size], axis=1)


def cases(g, rng: np.random.Generator) -> list[tuple[str, Callable[[], object]]]:
    # 10 stacked 3x4 cards at random aligned positions / angles
    layers = [
        g.footprint_cells(
            3, 4, int(rng.integers(0, 8)), int(rng.integers(0, 8)), 90 * int(rng.integers(0, 4))
        )
        for _ in range(10)
    ]
    layers_py = [[tuple(c) for c in layer.tolist()] for layer in layers]
    cells40 = random_cells(rng, 40, 10)
    cells40_py = [tuple(c) for c in cells40.tolist()]
    filled60 = random_cells(rng, 60, 10)
    existing = random_cells(rng, 50, 12)
    existing_polys = g.cells_to_polygons(existing)
    local = [(0, 0), (1, 0), (2, 1), (1, 3)]

    def place_and_check():
        world = g.place_cells(local, 3, 4, 4, 5, 90)
        ghost = g.card_polygon(3, 4, 4, 5, 90)
        return world, g.partial_overlaps(ghost, existing_polys)

    pentomino = [(0, 0), (1, 0), (1, 1), (2, 1), (1, 2)]  # F pentomino
    return [
        ("visible_cells: 10 stacked 3x4 cards", lambda: g.visible_cells(layers)),
        ("visible_cells: same, lists of tuples", lambda: g.visible_cells(layers_py)),
        ("components: 40 random cells", lambda: g.components(cells40)),
        ("components: 40 cells, list input", lambda: g.components(cells40_py)),
        ("components: 40 cells, method=shapely", lambda: g.components(cells40, "shapely")),
        (
            "enclosed_empty_cells: 10x10, 60 filled",
            lambda: g.enclosed_empty_cells(10, 10, filled60),
        ),
        ("place_cells + partial_overlaps (50 cells)", place_and_check),
        ("canonical_form: 5-cell shape (cached)", lambda: g.canonical_form(pentomino, True)),
        (
            "canonical_form: uncached",
            lambda: g._orientations_of.cache_clear() or g.canonical_form(pentomino, True),
        ),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200, help="repetitions per case")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    g = load_grid()
    rows = [
        (name, median_us(fn, args.runs)) for name, fn in cases(g, np.random.default_rng(args.seed))
    ]
    width = max(len(name) for name, _ in rows)
    print(f"{'case':<{width}}  {'median µs':>10}   (runs={args.runs})")
    print(f"{'-' * width}  {'-' * 10}")
    for name, us in rows:
        print(f"{name:<{width}}  {us:>10.1f}")


if __name__ == "__main__":
    main()
