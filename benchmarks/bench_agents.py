"""Agent figures for every registered game: MCTS iterations per second, decision latency of
the greedy and MCTS agents. Prints figures; asserts nothing.

    python benchmarks/bench_agents.py [--iterations 200] [--positions 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_search import positions  # noqa: E402  (one recipe for mid-game positions)

import boardkit  # noqa: E402
from boardkit.agents import make_agent  # noqa: E402
from boardkit.agents.mcts import MCTSAgent  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<14} {'MCTS it/s':>10} {'MCTS decision':>15} {'greedy decision':>16}")
    for name in boardkit.games():
        states = positions(name, args.positions)
        if not states:
            print(f"{name:<14} (no position with a choice found)")
            continue
        rates, mcts_ms, greedy_ms = [], [], []
        for i, s in enumerate(states):
            agent = MCTSAgent(iterations=args.iterations, seed=i)
            t = time.perf_counter()
            agent.act(s)
            dt = time.perf_counter() - t
            rates.append(args.iterations / dt)
            mcts_ms.append(dt * 1000)
            greedy = make_agent("greedy", seed=i, game=name)
            t = time.perf_counter()
            greedy.act(s)
            greedy_ms.append((time.perf_counter() - t) * 1000)
        print(f"{name:<14} {statistics.median(rates):10,.0f} "
              f"{statistics.median(mcts_ms):12,.0f} ms {statistics.median(greedy_ms):13,.1f} ms")
    print(f"(medians over {args.positions} mid-game positions; MCTS with {args.iterations} iterations)")


if __name__ == "__main__":
    main()
