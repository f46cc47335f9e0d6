"""Engine and simulation figures: import time, random-play speed, simulate() backends.

Run from the repository root: ``python benchmarks/bench_engine.py [--games N]``. Prints
figures; asserts nothing (these are measurements, not tests).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def import_time(repeats: int = 5) -> float:
    """Median seconds for `import boardkit` in a fresh interpreter, minus a bare start."""
    def run(code):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - t

    bare = statistics.median(run("pass") for _ in range(repeats))
    full = statistics.median(run("import boardkit") for _ in range(repeats))
    return full - bare


def random_play(name: str, games: int) -> tuple[float, float]:
    import boardkit
    from boardkit.agents import RandomAgent, play

    g = boardkit.game(name)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        s = g.new_game(seed=seed)
        play(s, [RandomAgent(seed)] * s.players)
        decisions += s.action_count
    dt = time.perf_counter() - start
    return games / dt, dt / decisions * 1e6


def backends(name: str, games: int) -> dict[str, float]:
    from boardkit.analysis import simulate

    out = {}
    t = time.perf_counter()
    simulate(name, n=games, seed=1, progress=False)
    out["serial"] = games / (time.perf_counter() - t)
    t = time.perf_counter()
    simulate(name, n=games, seed=1, progress=False, trace=False)
    out["serial, trace=False"] = games / (time.perf_counter() - t)
    t = time.perf_counter()
    simulate(name, n=games, seed=1, backend="processes", workers=2, progress=False)
    out["processes (2)"] = games / (time.perf_counter() - t)
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        return out
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(lambda: __import__("boardkit.examples.dice_grid"))  # warm the workers
        t = time.perf_counter()
        simulate(name, n=games, seed=1, backend="dask", client=client, progress=False)
        out["dask LocalCluster (2 workers)"] = games / (time.perf_counter() - t)
        mem = client.run(lambda: __import__("psutil").Process().memory_info().rss)
        out["_memory_mb"] = statistics.mean(mem.values()) / 2**20
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"import boardkit: {import_time() * 1000:.0f} ms (median of 5, bare start subtracted)")
    gps, latency = random_play("dice-grid", 500)
    print(f"dice-grid random play: {gps:,.0f} games/s, {latency:.0f} µs per decision "
          "(legal_actions + apply)")
    rates = backends("dice-grid", args.games)
    memory = rates.pop("_memory_mb", None)
    base = rates["serial"]
    print(f"simulate('dice-grid', n={args.games}) including start-up "
          "(trace=True records branching and leads for the metrics):")
    for label, rate in rates.items():
        print(f"  {label:<32} {rate:8,.0f} games/s   speed-up {rate / base:4.2f}×")
    if memory:
        print(f"  memory per Dask worker: {memory:.0f} MB RSS")


if __name__ == "__main__":
    main()
