"""Wishland figures: random and greedy games per second, legal-action latency, the cost of an
atomic apply and of a clone, MCTS decisions per second.

Run from the repository root: ``python benchmarks/bench_wishland.py [--games N]``. Prints
figures and asserts nothing (measurements, not tests). Targets from issue 6: a random
4-player game under 20 ms (50 games/s on one core) and legal actions under 1 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def random_games(g, players: int, games: int, atomic: bool = True) -> tuple[float, float]:
    """Games per second and mean decisions per game with uniformly random choices."""
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        s = g.new_game(players=players, seed=seed)
        rng = np.random.default_rng(seed)
        while not s.is_over:
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))], atomic=atomic)
            decisions += 1
    dt = time.perf_counter() - start
    return games / dt, decisions / games


def greedy_games(players: int, games: int) -> float:
    import boardkit
    from boardkit.agents import make_agent, play

    g = boardkit.game("wishland")
    start = time.perf_counter()
    for seed in range(games):
        s = g.new_game(players=players, seed=seed)
        play(s, [make_agent("greedy", seed=seed * 8 + k, game="wishland") for k in range(players)])
    return games / (time.perf_counter() - start)


def positions(g, players: int, count: int) -> list:
    """Mid-game positions of random games (every 7th decision)."""
    out = []
    seed = 0
    while len(out) < count:
        s = g.new_game(players=players, seed=1000 + seed)
        rng = np.random.default_rng(seed)
        k = 0
        while not s.is_over and len(out) < count:
            if k % 7 == 0:
                out.append(s.clone())
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))])
            k += 1
        seed += 1
    return out


def latency(fn, items, repeats: int = 3) -> tuple[float, float]:
    """Median and worst microseconds of ``fn(item)`` over ``items``."""
    times = []
    for item in items:
        best = float("inf")
        for _ in range(repeats):
            t = time.perf_counter()
            fn(item)
            best = min(best, time.perf_counter() - t)
        times.append(best * 1e6)
    return statistics.median(times), max(times)


def mcts_rate(decisions: int, iterations: int) -> float:
    import boardkit
    from boardkit.agents.mcts import MCTSAgent

    g = boardkit.game("wishland")
    s = g.new_game(players=4, seed=3)
    agent = MCTSAgent(iterations=iterations, seed=0)
    start = time.perf_counter()
    for _ in range(decisions):
        s.apply(agent.act(s))
    return decisions / (time.perf_counter() - start)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per player count")
    parser.add_argument("--greedy", type=int, default=10, help="greedy 4-player games")
    parser.add_argument("--mcts", type=int, default=100, help="MCTS iterations per decision")
    args = parser.parse_args(argv)

    import boardkit

    g = boardkit.game("wishland")
    random_games(g, 4, 3)  # warm up (imports, caches)
    print("Wishland benchmarks (one core)")
    for players in (4, 3, 2, 1):
        rate, length = random_games(g, players, args.games)
        print(f"  random {players}p: {rate:7.1f} games/s ({1000 / rate:5.1f} ms/game, "
              f"{length:.0f} decisions/game)")
    rate, _ = random_games(g, 4, args.games, atomic=False)
    print(f"  random 4p, apply(atomic=False): {rate:7.1f} games/s ({1000 / rate:5.1f} ms/game)")
    print(f"  greedy 4p: {greedy_games(4, args.greedy):7.2f} games/s")

    items = positions(g, 4, 400)
    med, worst = latency(lambda s: s.legal_actions(), items)
    print(f"  legal_actions() 4p: median {med:6.1f} µs, worst {worst:6.1f} µs "
          f"({len(items)} positions)")
    med, worst = latency(lambda s: s.clone(), items)
    print(f"  clone(): median {med:6.1f} µs, worst {worst:6.1f} µs")
    med, worst = latency(lambda s: s._snapshot(), items)
    print(f"  atomic-apply snapshot: median {med:6.1f} µs, worst {worst:6.1f} µs")
    med, worst = latency(lambda s: s.determinize(s.current_player or 0, 1), [
        s for s in items if not s.is_over][:100])
    print(f"  determinize(): median {med:6.1f} µs, worst {worst:6.1f} µs")
    rate = mcts_rate(5, args.mcts)
    print(f"  MCTS ({args.mcts} iterations) 4p: {rate:6.2f} decisions/s, "
          f"{rate * args.mcts:7.0f} iterations/s")


if __name__ == "__main__":
    main()
