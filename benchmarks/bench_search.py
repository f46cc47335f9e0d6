"""The playtesting agents' figures in one run, side by side with the first MCTS:

1. search speed: iterations per second of the first MCTS configuration ("legacy": every
   playout to the end, every legal action listed at each step, no widening, no tree reuse)
   and of each game's MCTS (its default search agent ``mcts``, ``Game(search=...)``, or,
   where the default search is another algorithm, the MCTS it keeps as ``uct``), with the
   figure measured before this work for reference;
2. decision time of the default search agent: median and maximum on mid-game positions,
   and the median over every decision of one whole self-play game;
3. ``simulate`` on 2 local processes against serial for a run of about 20 seconds, with a
   check that both backends give the same table (timing columns aside);
4. board rendering: milliseconds per SVG of a mid-game position;
5. with ``--strength N``: the ladder random < greedy < mcts < mcts-strong, each rung against
   the one below over N games (multiplayer: pairs of games on the same seed with the seats
   swapped; a game nobody won counts for the seat closest to the goal; solo, and the solo
   mode of a multiplayer game (``Game.solo``): both agents on the same deal, the better
   result wins — a win before a loss, an earlier win before a later one, then the score),
   with the one-sided p-value under "no better" (ties left out); ``--players N`` plays the
   multiplayer matches with one stronger player among N - 1 weaker ones, its seat rotated
   over each deal, where "no better" means winning 1 game in N.

    python benchmarks/bench_search.py [--positions 5] [--legacy-iterations 20]
        [--strength 24] [--games lands,wishland] [--skip simulate,render,game]
        [--rungs mcts-strong] [--mode multi|solo] [--variant expert=true]
        [--pair mcts:60,greedy] [--players 3]

``--pair STRONG,WEAK`` plays one match between any two agents instead of the ladder's (for
instance the reduced budget a large study uses, against greedy).

Search speed and decision times are CPU seconds of the deciding process (the agents use one
thread, so on an idle machine they equal wall time, and they hold when other work shares the
cores); simulate's speed-up is wall time, as a user sees it. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import boardkit  # noqa: E402
from boardkit.agents import LADDER, RandomAgent, make_agent, play  # noqa: E402
from boardkit.agents.mcts import MCTSAgent  # noqa: E402

#: MCTS iterations per second before this work (issue 11: 200 iterations took 3.5 s in
#: Wanderlust, 2.7 s in Wishland, 29 s in Freizeitpark and 77 s in Lands, on 2 cores)
BEFORE = {"wanderlust": 200 / 3.5, "wishland": 200 / 2.7, "freizeitpark": 6.8, "lands": 2.6}


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
    """CPU seconds of one decision (agents use one thread: on an idle machine this is the
    wall time; it stays put when other work shares the cores)."""
    t = time.process_time()
    agent.act(state)
    return time.process_time() - t


def tree_search(name: str) -> str:
    """The name of the game's MCTS: its default search agent, unless the game's default
    search is another algorithm and it keeps its MCTS under the name ``uct``."""
    return "uct" if "uct" in boardkit.game(name).agents else "mcts"


def speed(name: str, count: int, legacy_iterations: int) -> dict:
    states = positions(name, count)
    legacy_rate, default_rate, default_s = [], [], []
    uct = tree_search(name)
    for i, s in enumerate(states):
        legacy = MCTSAgent(iterations=legacy_iterations, seed=i, rollout_depth=None,
                           widen_above=None, reuse_tree=False)
        legacy_rate.append(legacy_iterations / timed(legacy, s))
        if uct != "mcts":
            tree = make_agent(uct, seed=i, game=name)
            dt = timed(tree, s)  # before reading how many iterations it ran
            default_rate.append(tree.last_iterations / dt)
        agent = make_agent("mcts", seed=i, game=name)
        dt = timed(agent, s)
        default_s.append(dt)
        if uct == "mcts":
            default_rate.append(agent.last_iterations / dt)
    agent = make_agent("mcts", game=name)
    return {"legacy it/s": statistics.median(legacy_rate),
            "default it/s": statistics.median(default_rate),
            "default iterations": agent.iterations,
            "decision s (median)": statistics.median(default_s),
            "decision s (max)": max(default_s)}


def whole_game(name: str, seed: int = 0) -> tuple[float, float, int, dict]:
    """(median, max seconds, decisions, median by step) of the default search agent deciding
    every move of one self-play game."""
    g = boardkit.game(name)
    s = g.new_game(seed=seed)
    bots = [make_agent("mcts", seed=seed + k, game=name) for k in range(s.players)]
    times, by_step = [], collections.defaultdict(list)
    while not s.is_over:
        kind = type(s.pending).__name__
        t = time.process_time()
        act = bots[s.current_player].act(s)
        dt = time.process_time() - t
        if len(s.legal_actions()) > 1:
            times.append(dt)
            by_step[kind].append(dt)
        s.apply(act, atomic=False)
    return (statistics.median(times), max(times), len(times),
            {k: statistics.median(v) for k, v in by_step.items()})


def simulate_speed(name: str, seconds: float = 20.0) -> tuple[int, float, float, bool]:
    """(games, serial s, 2-process s, identical tables) for a run of about ``seconds``."""
    from boardkit.analysis import simulate
    from boardkit.analysis.backends import process_pool

    simulate(name, agents="random", n=2, seed=1, progress=False)  # imports, caches
    t = time.perf_counter()
    simulate(name, agents="random", n=6, seed=1, progress=False)
    per_game = (time.perf_counter() - t) / 6
    n = max(8, int(seconds / per_game))
    process_pool(2)  # started once per Python process (as in a notebook kernel)
    simulate(name, agents="random", n=2, seed=0, backend="processes", workers=2, progress=False)
    t = time.perf_counter()
    serial = simulate(name, agents="random", n=n, seed=1, progress=False)
    t_serial = time.perf_counter() - t
    t = time.perf_counter()
    parallel = simulate(name, agents="random", n=n, seed=1, backend="processes", workers=2,
                        progress=False)
    t_parallel = time.perf_counter() - t
    same = serial.drop(columns=["seconds"]).equals(parallel.drop(columns=["seconds"]))
    return n, t_serial, t_parallel, same


def render_ms(name: str, seconds: float = 1.0) -> float:
    g = boardkit.game(name)
    s = positions(name, 1)[0]
    board = g.board(s, agent="random")
    board.svg()
    t, n = time.perf_counter(), 0
    while time.perf_counter() - t < seconds:
        board.svg()
        n += 1
    return 1000 * (time.perf_counter() - t) / n


def tail(k: float, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p): the one-sided p-value of k wins."""
    k = math.ceil(k)
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def one_match(name: str, strong: str, weak: str, i: int, solo: bool = False,
              variant: dict | None = None, players: int = 2) -> float:
    """The stronger rung's credit in game ``i`` (see the module docstring); ``solo``: in the
    game's solo mode (``Game.solo``) on paired deals; ``variant``: added to the game's;
    ``players``: one stronger player among ``players - 1`` weaker ones, its seat rotated
    over each deal (``players`` games a deal)."""
    g = boardkit.game(name)
    if g.max_players == 1 or solo:
        setup = dict(g.solo or {})
        setup["variant"] = {**setup.get("variant", {}), **(variant or {})}
        mine, theirs = g.new_game(seed=i, **setup), g.new_game(seed=i, **setup)
        play(mine, [make_agent(strong, seed=i, game=name)])
        play(theirs, [make_agent(weak, seed=i, game=name)])
        return _better(g, mine, theirs)
    # the stronger player's seat rotated over each deal (swapped at 2 players)
    s = g.new_game(players=players, seed=i // players, variant=variant or {})
    me = i % players
    bots = [make_agent(weak, seed=100 + i, game=name)] * players
    bots[me] = make_agent(strong, seed=i, game=name)
    play(s, bots)
    winners = s.winners()
    if not winners:  # nobody won: the seat closest to the goal
        scores = s.scores()
        best = min(scores) if g.lower_is_better else max(scores)
        winners = [p for p, v in enumerate(scores) if v == best]
    return 1 / len(winners) if me in winners else 0.0


def _better(g, mine, theirs) -> float:
    """1 when the solo game ``mine`` went better than ``theirs`` (a win first, then the
    earlier win, then the score), 0.5 when neither did better."""
    def rank(s):
        won = bool(s.winners())
        score = -s.scores()[0] if g.lower_is_better else s.scores()[0]
        return (won, -getattr(s, "round", 0) if won else 0, score)
    a, b = rank(mine), rank(theirs)
    return 1.0 if a > b else 0.5 if a == b else 0.0


def match(name: str, strong: str, weak: str, games: int, workers: int = 2,
          solo: bool = False, variant: dict | None = None, players: int = 2):
    """(credit, games, p-value): the stronger rung against the weaker one, on ``workers``
    processes (``solo``: in the game's solo mode, on paired deals; ``variant``: added;
    ``players``: one stronger player among ``players - 1`` weaker ones, where 'no better'
    means a win in 1 game of ``players``)."""
    with ProcessPoolExecutor(workers) as pool:
        credits = list(pool.map(one_match, [name] * games, [strong] * games, [weak] * games,
                                range(games), [solo] * games, [variant] * games,
                                [players] * games))
    credit = sum(credits)
    decided = [c for c in credits if c != 0.5]  # solo: ties say nothing either way
    better, worse = credits.count(1.0), credits.count(0.0)
    if boardkit.game(name).max_players == 1 or solo:
        return (credit, games, tail(sum(decided), len(decided), 0.5) if decided else 1.0,
                better, worse)
    return credit, games, tail(credit, games, 1 / players), better, worse


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--legacy-iterations", type=int, default=20)
    parser.add_argument("--strength", type=int, default=0, help="games per ladder match")
    parser.add_argument("--games", default=",".join(boardkit.games()))
    parser.add_argument("--rungs", default="",
                        help="only the matches of these stronger rungs, e.g. mcts,mcts-strong")
    parser.add_argument("--skip", default="",
                        help="sections to leave out: speed,game,simulate,render")
    parser.add_argument("--mode", choices=("all", "multi", "solo"), default="all",
                        help="ladder matches of the multiplayer game, its solo mode, or both")
    parser.add_argument("--variant", default="",
                        help="variant settings for the ladder matches, e.g. expert=true")
    parser.add_argument("--players", type=int, default=2,
                        help="ladder matches of one stronger player among PLAYERS - 1 weaker "
                             "ones (its seat rotated; 'no better' is a win in 1 of PLAYERS)")
    parser.add_argument("--pair", default="",
                        help="one match of two agents instead of the ladder's: STRONG,WEAK")
    args = parser.parse_args()
    pairs = None
    if args.pair:
        strong_weak = args.pair.split(",")
        if len(strong_weak) != 2 or not all(strong_weak):
            parser.error("--pair takes two agents, the stronger first: mcts:60,greedy")
        pairs = [tuple(reversed(strong_weak))]
    variant = {k: json.loads(v) for k, v in (kv.split("=", 1) for kv in args.variant.split(",")
                                              if kv)}
    names = [n for n in args.games.split(",") if n]
    skip = set(args.skip.split(","))
    for name in names if args.strength and args.mode != "solo" else []:
        g = boardkit.game(name)
        if g.max_players > 1 and not 2 <= args.players <= g.max_players:
            parser.error(f"--players {args.players}: {name} is played by 2 to "
                         f"{g.max_players} players")
    for name in names if pairs else []:  # a bad agent name is refused before any game
        for agent in pairs[0]:
            try:
                make_agent(agent, game=name)
            except boardkit.BoardkitError as exc:
                parser.error(str(exc))

    print("1-2. search speed and decision time (medians over "
          f"{args.positions} mid-game positions; legacy with {args.legacy_iterations} iterations)")
    print(f"{'game':<14} {'before it/s':>11} {'legacy it/s':>11} {'MCTS it/s':>12} "
          f"{'×before':>7} {'iterations':>10} {'decision s':>10} {'max s':>6}")
    for name in names if "speed" not in skip else []:
        f = speed(name, args.positions, args.legacy_iterations)
        before = BEFORE.get(name)
        ratio = f"{f['default it/s'] / before:7.1f}" if before else f"{'-':>7}"
        print(f"{name:<14} {before or float('nan'):11.1f} {f['legacy it/s']:11.1f} "
              f"{f['default it/s']:12.1f} {ratio} {f['default iterations']:10d} "
              f"{f['decision s (median)']:10.2f} {f['decision s (max)']:6.2f}", flush=True)
    if "game" not in skip:
        print("\n2b. the default search agent deciding every move of one self-play game (seed 0)")
        for name in names:
            t = time.perf_counter()
            med, worst, n, by_step = whole_game(name)
            steps = ", ".join(f"{k} {v:.2f}" for k, v in sorted(by_step.items()))
            print(f"{name:<14} median {med:5.2f} s  max {worst:5.2f} s  over {n:3d} decisions "
                  f"({time.perf_counter() - t:.0f} s; by step: {steps})", flush=True)
    if "simulate" not in skip:
        print("\n3. simulate (random agents), serial against 2 processes, pool started once")
        for name in names:
            n, a, b, same = simulate_speed(name)
            print(f"{name:<14} {n:5d} games  serial {a:5.1f} s  processes {b:5.1f} s  "
                  f"speed-up {a / b:4.2f}×  identical tables: {same}", flush=True)
    if "render" not in skip:
        print("\n4. board rendering (one SVG of a mid-game position)")
        for name in names:
            print(f"{name:<14} {render_ms(name):6.1f} ms", flush=True)
    if args.strength:
        print(f"\n5. ladder matches, {args.strength} games each (credit of the stronger rung, "
              "one-sided p under 'no better')")
        rungs = [r for r in args.rungs.split(",") if r]
        for name in names:
            g = boardkit.game(name)
            modes = [False] + ([True] if g.solo is not None and g.max_players > 1 else [])
            if g.max_players == 1:  # a solo game: its one mode is the solo mode
                modes = [] if args.mode == "multi" else [False]
            elif args.mode != "all":  # only the multiplayer matches, or only the solo mode's
                modes = [m for m in modes if m == (args.mode == "solo")]
            for solo in modes:
                label = (f"{name} solo" if solo else f"{name} {args.players}p"
                         if args.players != 2 else name) + "".join(
                    f" {k}={v}" for k, v in variant.items())
                for weak, strong in pairs or zip(LADDER, LADDER[1:], strict=False):
                    if rungs and strong not in rungs:
                        continue
                    t = time.perf_counter()
                    credit, n, p, better, worse = match(name, strong, weak, args.strength,
                                                        solo=solo, variant=variant,
                                                        players=args.players)
                    paired = (f"  better on {better}, worse on {worse}"
                              if solo or g.max_players == 1 else "")
                    print(f"{label:<18} {strong:>11} vs {weak:<11} {credit:5.1f}/{n:<3} "
                          f"p = {p:.4f}{paired}  ({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
