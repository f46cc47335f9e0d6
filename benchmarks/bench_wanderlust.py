"""Wanderlust figures: route enumeration latency, the listing bound against an exact
listing, the exact check of one trip, how often hands exceed the listing bound, random and
greedy games per second, automaton turn latency, MCTS decision time. Prints figures;
asserts nothing.

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


def _random_case(rng, size: int):
    w = world()
    src = w.destinations[int(rng.integers(len(w.destinations)))]
    others = [d for d in w.destinations if d != src]
    targets = [others[int(i)] for i in rng.choice(len(others), 3, replace=False)]
    hand = [0] * 6
    for t in rng.integers(0, 6, size=size):
        hand[int(t)] += 1
    return src, targets, hand


def listing_bound(hands: int, size: int, seed: int = 1) -> tuple[float, float, float, float]:
    """Median and p95 (ms, cold caches) of listing every payment with the default bound of 8
    tracks and without a bound (``max_legs`` = the hand), for ``size``-ticket hands."""
    rng = np.random.default_rng(seed)
    bounded, exact = [], []
    for _ in range(hands):
        src, targets, hand = _random_case(rng, size)
        for legs, out in ((8, bounded), (size, exact)):
            routes.clear_cache()
            t = time.perf_counter()
            routes.options(src, targets, hand, legs)
            out.append((time.perf_counter() - t) * 1000)
    q = lambda xs, p: float(np.percentile(xs, p))  # noqa: E731
    return q(bounded, 50), q(bounded, 95), q(exact, 50), q(exact, 95)


def exact_check(hands: int, size: int, seed: int = 2) -> tuple[float, float, float]:
    """Median, p95 and max (ms, cold caches) of checking one trip exactly (``routes.find``,
    then ``routes.repeating_route`` when it is refused) that spends a whole random
    ``size``-ticket hand with 0-2 long flights — the work of explain()/apply() for a trip
    longer than the listed ones."""
    rng = np.random.default_rng(seed)
    times = []
    for _ in range(hands):
        src, targets, hand = _random_case(rng, size)
        flights = int(rng.integers(0, 3))
        routes.clear_cache()
        t = time.perf_counter()
        if routes.find(src, targets[0], hand, flights) is None:
            routes.repeating_route(src, targets[0], hand, flights)
        times.append((time.perf_counter() - t) * 1000)
    return (float(np.percentile(times, 50)), float(np.percentile(times, 95)), max(times))


def hands_beyond_the_bound(agent: str, players: int, n: int) -> tuple[float, int]:
    """Share of travel decisions taken with more tickets in hand than the listing bound, and
    the largest hand seen (how often legal_actions() leaves longer trips unlisted)."""
    g = boardkit.game("wanderlust")
    over = total = biggest = 0
    for i in range(n):
        s = g.new_game(players=players, seed=i)
        bots = [make_agent(agent, seed=i * 8 + k, game="wanderlust") for k in range(players)]
        while not s.is_over:
            p = s.current_player
            held = sum(s.hand[p])
            if s.step_points > 0:
                total += 1
                over += held > s.params.travel.list_legs
                biggest = max(biggest, held)
            s.apply(bots[p].act(s), atomic=False)
    return over / max(total, 1), biggest


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
    print("listing bound: every payment, 8 tracks at most vs no bound (cold caches)")
    for size in (8, 10, 12):
        b50, b95, e50, e95 = listing_bound(max(10, args.hands // 10), size)
        print(f"  {size:2d}-ticket hand: bound 8 median {b50:7.2f} ms (p95 {b95:7.2f}),"
              f" no bound median {e50:8.2f} ms (p95 {e95:8.2f})")
    print("exact check of one trip spending the whole hand (explain/apply; any length)")
    for size in (9, 12, 15):
        c50, c95, cmax = exact_check(max(10, args.hands // 5), size)
        print(f"  {size:2d} tickets: median {c50:7.2f} ms, p95 {c95:7.2f} ms, max {cmax:8.2f} ms")
    for agent in ("random", "greedy"):
        share, biggest = hands_beyond_the_bound(agent, 3, max(2, args.games // 4))
        print(f"{agent} 3p: {share:.1%} of action points spent with more than 8 tickets in "
              f"hand (largest hand {biggest})")
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
