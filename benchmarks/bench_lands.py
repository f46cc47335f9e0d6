"""Lands of Amazement: throughput, latency and solver time (printed, not asserted).

    python benchmarks/bench_lands.py                 # the figures of issue 3
    python benchmarks/bench_lands.py --study 1000    # + the greedy study over 1,000 deals

Figures: random-agent and greedy-agent games per second (one core), the median latency of
validating one placement and of listing the legal placements of a card next to a 5-card
park, and the solver's median and worst time over 100 random reserves (setup card plus one
card per round with an icon of that round, sometimes two). Targets: a placement check under
5 ms, legal placements under 100 ms, solver under 2 s median, greedy at least 2 games/s.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from boardkit.agents import RandomAgent, make_agent, play
from boardkit.engine import RuleViolation
from boardkit.lands import GAME
from boardkit.lands.actions import Place
from boardkit.lands.building import Placed, join, legal_placements
from boardkit.lands.content import content
from boardkit.lands.solver import solve


def games_per_second(agent: str, n: int) -> float:
    start = time.perf_counter()
    for seed in range(n):
        s = GAME.new_game(seed=seed)
        bot = RandomAgent(seed) if agent == "random" else make_agent(agent, seed, game="lands")
        play(s, [bot])
    return n / (time.perf_counter() - start)


def five_card_park(seed: int = 4):
    """A legal park of 5 cards grown by random legal placements, and a card not in it."""
    rng = np.random.default_rng(seed)
    cards = [int(c) for c in rng.permutation(15)]
    park = [Placed(cards[0], 5, 5, 0, 0)]
    for card in cards[1:5]:
        options = legal_placements(park, card)
        x, y, a, s, under = options[int(rng.integers(len(options)))]
        p = Placed(card, x, y, a, s)
        park = [p, *park] if under else [*park, p]
    return park, cards[5]


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times)


def refused(park, card, x, y, a, s) -> str:
    try:
        join(park, card, x, y, a, s, False)
    except RuleViolation as err:
        return err.rule
    return ""


def random_reserve(rng, side) -> list[int]:
    cards = [int(rng.integers(15))]
    double = int(rng.integers(4)) if rng.random() < 0.5 else -1
    for r, icons in enumerate(side.portfolio):
        for _ in range(2 if r == double else 1):
            options = [c.id for c in content().cards if c.id not in cards and c.icons() & set(icons)]
            if options:
                cards.append(int(options[int(rng.integers(len(options)))]))
    return cards


def study(n: int, workers: int) -> None:
    from boardkit.analysis import simulate
    from boardkit.lands.scoring import title

    params = GAME.make_params()
    backend = {"backend": "processes", "workers": workers} if workers > 1 else {}
    for name, variant in (("normal", {}), ("expert", {"expert": True})):
        t = time.perf_counter()
        frame = simulate("lands", agents=["greedy"], n=n, seed=2026, variant=variant, **backend)
        frame["title"] = frame.score.map(lambda v: title(int(v), params))
        frame["side"] = frame.seed.map(lambda s: GAME.new_game(seed=int(s)).side.label)
        print(f"\n{name}: {n} deals in {time.perf_counter() - t:.0f} s, mean penalty "
              f"{frame.score.mean():.2f} (median {frame.score.median():.0f})")
        print("  titles:", frame.title.value_counts().to_dict())
        print(f"  solved (winners() == [0], any title but Failure): {frame.win.mean():.1%}")
        print("  penalty histogram:", frame.score.astype(int).value_counts().sort_index().to_dict())
        by_side = frame.groupby("side").score.agg(["mean", "count"]).sort_values("mean")
        print("  by goal side (hardest last):")
        for side, row in by_side.iterrows():
            print(f"    {side:<28} mean {row['mean']:.2f} over {int(row['count'])} deals")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60, help="games per agent for games/s")
    ap.add_argument("--reserves", type=int, default=100, help="random reserves for the solver")
    ap.add_argument("--study", type=int, default=0, help="also run the greedy study over N deals")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()

    print(f"random agent: {games_per_second('random', args.games):.1f} games/s")
    print(f"greedy agent: {games_per_second('greedy', max(10, args.games // 3)):.2f} games/s")

    park, card = five_card_park()
    options = legal_placements(park, card)
    x, y, a, s, under = options[len(options) // 2]
    print(f"validate one placement (5-card park): "
          f"{median_ms(lambda: join(park, card, x, y, a, s, under), 200):.3f} ms median")
    print(f"  ... a free position half a square off (shapely finds the partly covered icons): "
          f"{median_ms(lambda: refused(park, card, x + 0.5, y, a, s), 200):.3f} ms median")
    state = GAME.new_game(seed=1)
    act = next(a for a in state.legal_actions() if isinstance(a, Place))
    print(f"  ... through state.explain (the whole protocol, a new park): "
          f"{median_ms(lambda: state.explain(act), 200):.3f} ms median")
    print(f"legal placements of a card next to a 5-card park ({len(options)} found): "
          f"{median_ms(lambda: legal_placements(park, card), 30):.1f} ms median")

    rng = np.random.default_rng(7)
    times, unproven, sizes = [], 0, []
    for _ in range(args.reserves):
        side = content().side(int(rng.integers(3)), int(rng.integers(2)))
        cards = random_reserve(rng, side)
        sizes.append(len(cards))
        sol = solve(cards, side, GAME.make_params(), time_limit=30)
        times.append(sol.seconds)
        unproven += not sol.proven
    print(f"solver over {args.reserves} random reserves ({min(sizes)}-{max(sizes)} cards): "
          f"median {statistics.median(times):.3f} s, worst {max(times):.2f} s, "
          f"{unproven} not proven within 30 s")

    if args.study:
        study(args.study, args.workers)


if __name__ == "__main__":
    main()
