"""Freizeitpark benchmarks (prints figures; asserts nothing).

* legal placements for one roll on a half-full sheet (median ms; target < 20 ms)
* random and greedy games per second, 1 and 4 players (target: a greedy solo game < 1 s)
* enclosure evaluation latency (the penalty of a half-full sheet, median ms)

Run from the repository root:  python benchmarks/bench_freizeitpark.py [--games 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import boardkit  # noqa: E402
from boardkit.agents import RandomAgent, play  # noqa: E402
from boardkit.freizeitpark import ende  # noqa: E402
from boardkit.freizeitpark.agents import FreizeitparkGreedy  # noqa: E402
from boardkit.freizeitpark.bauen import legal_builds  # noqa: E402
from boardkit.freizeitpark.sheet import Sheet  # noqa: E402
from boardkit.freizeitpark.wurf import roll  # noqa: E402

GAME = boardkit.game("freizeitpark")


def fresh(sheet: Sheet) -> Sheet:
    """A copy without any cached analysis (so every measurement starts from scratch)."""
    other = Sheet(sheet.width, sheet.height)
    other.cells = dict(sheet.cells)
    return other


def half_full_sheets(count: int) -> list[tuple[Sheet, object]]:
    """Sheets of greedy solo games stopped when half of the cells are drawn."""
    found = []
    seed = 0
    while len(found) < count:
        state = GAME.new_game(players=1, seed=seed)
        bot = FreizeitparkGreedy(seed=seed)
        while not state.is_over and len(state.sheets[0].cells) < state.rules.cells // 2:
            state.apply(bot.act(state))
        if not state.is_over:
            found.append((state.sheets[0].copy(), state.rules))
        seed += 1
    return found


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def bench_legal(positions, rng_seed: int = 1) -> tuple[float, float, float]:
    import numpy as np

    rng = np.random.default_rng(rng_seed)
    times, counts = [], []
    for sheet, rs in positions:
        for _ in range(5):
            dice = roll(rng)
            s = fresh(sheet)
            t = time.perf_counter()
            builds = legal_builds(rs, s, dice)
            times.append(time.perf_counter() - t)
            counts.append(len(builds))
    return median_ms(times), max(times) * 1000, statistics.mean(counts)


def bench_enclosure(positions) -> tuple[float, float]:
    """Median ms of the penalty from scratch, and the mean number of enclosed cells."""
    times, cells = [], []
    for sheet, rs in positions:
        for _ in range(5):
            s = fresh(sheet)
            t = time.perf_counter()
            cells.append(ende.penalty(rs, s))
            times.append(time.perf_counter() - t)
    return median_ms(times), statistics.mean(cells)


def games_per_second(agent: str, players: int, games: int) -> tuple[float, float]:
    t = time.perf_counter()
    rounds = []
    for seed in range(games):
        state = GAME.new_game(players=players, seed=seed)
        if agent == "random":
            bots = [RandomAgent(seed * 8 + p) for p in range(players)]
        else:
            bots = [FreizeitparkGreedy(seed=seed * 8 + p) for p in range(players)]
        play(state, bots)
        rounds.append(state.round)
    elapsed = time.perf_counter() - t
    return games / elapsed, statistics.mean(rounds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--positions", type=int, default=8)
    args = parser.parse_args()
    positions = half_full_sheets(args.positions)
    med, worst, count = bench_legal(positions)
    print(f"legal placements, one roll, half-full 10x10 sheet: median {med:.2f} ms, "
          f"worst {worst:.2f} ms, {count:.0f} legal builds on average (target < 20 ms)")
    enc, cells = bench_enclosure(positions)
    print(f"enclosure evaluation (penalty of a half-full sheet, from scratch): median {enc:.2f} ms "
          f"({cells:.1f} enclosed cells on average)")
    for agent in ("random", "greedy"):
        for players in (1, 4):
            n = args.games if players == 1 else max(2, args.games // 4)
            rate, rounds = games_per_second(agent, players, n)
            extra = " (target: a greedy solo game < 1 s)" if (agent, players) == ("greedy", 1) else ""
            print(f"{agent:>6} agents, {players} player(s): {rate:6.2f} games/s, "
                  f"{1 / rate:6.2f} s/game, {rounds:.1f} rounds on average{extra}")


if __name__ == "__main__":
    main()
