"""The search agents, side by side with the first MCTS: iterations per second, decision
latency on mid-game positions, and (with ``--strength N``) the ladder's matches.

    python benchmarks/bench_search.py [--positions 5] [--legacy-iterations 20]
                                      [--strength 40] [--games lands,wishland]

"legacy" is the first MCTS configuration (every playout to the end of the game, every legal
action listed at each step, no widening, no tree reuse); "default" is each game's ``mcts``
agent (``Game(search=...)``: cut-off playouts judged by the game's heuristic, cheap random
moves, progressive widening, tree reuse). Strength: each rung of the ladder random < greedy
< mcts < mcts-strong plays the rung below on paired seeds with seats rotated; a game nobody
wins counts for the seat closest to the goal (the best score); solo games compare scores on
the same deals. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import boardkit  # noqa: E402
from boardkit.agents import LADDER, RandomAgent, make_agent, play  # noqa: E402
from boardkit.agents.mcts import MCTSAgent  # noqa: E402


def positions(name: str, count: int, steps: int = 8):
    """Mid-game positions with a real choice, reached by seeded random play."""
    g = boardkit.game(name)
    found, seed = [], 0
    while len(found) < count and seed < 200:
        s = g.new_game(seed=seed)
        bot = RandomAgent(seed)
        for _ in range(steps + seed % 5):
            if s.is_over:
                break
            s.apply(bot.act(s))
        if not s.is_over and len(s.legal_actions()) > 1:
            found.append(s)
        seed += 1
    return found


def timed(agent, state) -> float:
    t = time.perf_counter()
    agent.act(state)
    return time.perf_counter() - t


def speed(name: str, count: int, legacy_iterations: int) -> dict:
    states = positions(name, count)
    legacy_rate, default_rate, default_s = [], [], []
    for i, s in enumerate(states):
        legacy = MCTSAgent(iterations=legacy_iterations, seed=i, rollout_depth=None,
                           widen_above=None, reuse_tree=False)
        legacy_rate.append(legacy_iterations / timed(legacy, s))
        agent = make_agent("mcts", seed=i, game=name)
        dt = timed(agent, s)
        default_s.append(dt)
        default_rate.append(agent.last_iterations / dt)
    agent = make_agent("mcts", game=name)
    return {"legacy it/s": statistics.median(legacy_rate),
            "default it/s": statistics.median(default_rate),
            "default iterations": agent.iterations,
            "decision s (median)": statistics.median(default_s),
            "decision s (max)": max(default_s)}


def tail(k: float, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p): the one-sided p-value of k wins."""
    k = math.ceil(k)
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def match(name: str, strong: str, weak: str, games: int) -> tuple[float, int, float]:
    """(strong's credit, games, p-value) over paired, seat-rotated games (2 players; solo:
    scores on the same deal)."""
    g = boardkit.game(name)
    players = 1 if g.max_players == 1 else 2
    credit = 0.0
    for i in range(games):
        if players == 1:
            mine, theirs = g.new_game(players=1, seed=i), g.new_game(players=1, seed=i)
            play(mine, [make_agent(strong, seed=i, game=name)])
            play(theirs, [make_agent(weak, seed=i, game=name)])
            a, b = mine.scores()[0], theirs.scores()[0]
            if g.lower_is_better:
                a, b = -a, -b
            credit += 1.0 if a > b else 0.5 if a == b else 0.0
            continue
        s = g.new_game(players=2, seed=i)
        me = i % 2
        bots = [make_agent(weak, seed=100 + i, game=name)] * 2
        bots[me] = make_agent(strong, seed=i, game=name)
        play(s, bots)
        winners = s.winners()
        if not winners:  # nobody won: the seat closest to the goal
            scores = s.scores()
            best = min(scores) if g.lower_is_better else max(scores)
            winners = [p for p, v in enumerate(scores) if v == best]
        credit += 1 / len(winners) if me in winners else 0.0
    return credit, games, tail(credit, games, 0.5)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--legacy-iterations", type=int, default=20)
    parser.add_argument("--strength", type=int, default=0, help="games per ladder match")
    parser.add_argument("--games", default=",".join(boardkit.games()))
    args = parser.parse_args()
    names = [n for n in args.games.split(",") if n]
    print(f"{'game':<14} {'legacy it/s':>11} {'default it/s':>12} {'×':>6} "
          f"{'iterations':>10} {'decision s':>10} {'max s':>6}")
    for name in names:
        f = speed(name, args.positions, args.legacy_iterations)
        print(f"{name:<14} {f['legacy it/s']:11.1f} {f['default it/s']:12.1f} "
              f"{f['default it/s'] / f['legacy it/s']:6.1f} {f['default iterations']:10d} "
              f"{f['decision s (median)']:10.2f} {f['decision s (max)']:6.2f}")
    print(f"(medians over {args.positions} mid-game positions; legacy with "
          f"{args.legacy_iterations} iterations)")
    if args.strength:
        print(f"\nladder matches, {args.strength} games each (credit of the stronger rung, "
              "one-sided p under 'no better')")
        for name in names:
            for weak, strong in zip(LADDER, LADDER[1:], strict=False):
                t = time.perf_counter()
                credit, n, p = match(name, strong, weak, args.strength)
                print(f"{name:<14} {strong:>11} vs {weak:<11} {credit:5.1f}/{n:<3} "
                      f"p = {p:.4f}  ({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
