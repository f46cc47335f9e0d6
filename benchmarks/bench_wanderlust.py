"""Wanderlust figures: route enumeration latency, random and greedy games per second,
automaton turn latency, MCTS decision time. Prints figures; asserts nothing.

    python benchmarks/bench_wanderlust.py [--games 40] [--hands 300]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

import boardkit  # noqa: E402
from boardkit.agents import RandomAgent, make_agent  # noqa: E402
from boardkit.wanderlust import automaton, routes  # noqa: E402
from boardkit.wanderlust.content import world  # noqa: E402


def route_latency(hands: int, size: int, seed: int = 0) -> tuple[float, float, float, float]:
    """Median and 95th percentile (ms) of listing every payment for 3 destinations from a
    random place with a random ``size``-ticket hand: cold (empty caches) and warm."""
    rng = np.random.default_rng(seed)
    w = world()
    cases = []
    for _ in range(hands):
        src = w.destinations[int(rng.integers(len(w.destinations)))]
        others = [d for d in w.destinations if d != src]
        targets = [others[int(i)] for i in rng.choice(len(others), 3, replace=False)]
        hand = [0] * 6
        for t in rng.integers(0, 6, size=size):
            hand[int(t)] += 1
        cases.append((src, targets, hand))
    cold, warm = [], []
    for src, targets, hand in cases:
        routes.clear_cache()
        t = time.perf_counter()
        routes.options(src, targets, hand, 8)
        cold.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        routes.options(src, targets, hand, 8)
        warm.append((time.perf_counter() - t) * 1000)
    q = lambda xs, p: float(np.percentile(xs, p))  # noqa: E731
    return q(cold, 50), q(cold, 95), q(warm, 50), q(warm, 95)


def games(agent: str, players: int, n: int, variant=None, atomic: bool = True) -> tuple[float, float]:
    """Games per second and decisions per game (the route planner's caches start empty)."""
    g = boardkit.game("wanderlust")
    routes.clear_cache()
    decisions = 0
    t = time.perf_counter()
    for i in range(n):
        s = g.new_game(players=players, seed=i, variant=variant)
        bots = [make_agent(agent, seed=i * 8 + k, game="wanderlust") for k in range(players)]
        while not s.is_over:
            s.apply(bots[s.current_player].act(s), atomic=atomic)
            decisions += 1
    dt = time.perf_counter() - t
    return n / dt, decisions / n


def automaton_turns(n: int) -> tuple[float, float]:
    """Median and max (ms) of one automaton turn, over solo games' positions."""
    g = boardkit.game("wanderlust")
    times = []
    for i in range(n):
        s = g.new_game(players=1, seed=i, variant={"automatons": 3})
        bot = RandomAgent(i)
        while not s.is_over and len(times) < 40 * (i + 1):
            for k in range(1, s.trotters):
                probe = s.clone()
                t = time.perf_counter()
                automaton.play_turn(probe, k)
                times.append((time.perf_counter() - t) * 1000)
            s.apply(bot.act(s))
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    print("route planner (3 available destinations, every payment, max 8 tracks)")
    for size in (4, 6, 8, 10):
        c50, c95, w50, w95 = route_latency(args.hands, size)
        print(f"  {size:2d}-ticket hand: cold median {c50:6.2f} ms (p95 {c95:6.2f}),"
              f" cached median {w50:6.3f} ms (p95 {w95:6.3f})")
    for agent, players, variant in (("random", 3, None), ("random", 2, None),
                                    ("random", 5, None), ("greedy", 3, None),
                                    ("random", 1, {"automatons": 2}),
                                    ("greedy", 1, {"automatons": 2})):
        rate, length = games(agent, players, args.games, variant)
        fast, _ = games(agent, players, args.games, variant, atomic=False)
        label = f"{agent} {players}p" + (" solo" if variant else "")
        print(f"{label:<16} {rate:6.1f} games/s ({1000 / rate:6.1f} ms/game; {1000 / fast:6.1f} "
              f"ms/game without atomic snapshots), {length:5.1f} decisions/game")
    med, worst = automaton_turns(max(2, args.games // 10))
    print(f"automaton turn: median {med:.3f} ms, max {worst:.3f} ms")
    g = boardkit.game("wanderlust")
    s = g.new_game(players=3, seed=1)
    bot = RandomAgent(1)
    for _ in range(12):
        s.apply(bot.act(s))
    for budget in (25, 100):
        agent = make_agent(f"mcts:{budget}", seed=0, game="wanderlust")
        t = time.perf_counter()
        agent.act(s)
        print(f"MCTS ({budget} iterations, playouts of 12 decisions): "
              f"{time.perf_counter() - t:.2f} s per decision")


if __name__ == "__main__":
    main()
