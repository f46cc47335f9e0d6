"""boardkit next to OpenSpiel's pure-Python tic-tac-toe: the cost of one decision and of a game.

Run from the repository root: ``python benchmarks/bench_interop.py [--games N]`` (needs the
``interop`` extra). Three engines play tic-tac-toe with the random policy:

* boardkit: ``boardkit/examples/tic_tac_toe.py`` through its own protocol;
* OpenSpiel: ``open_spiel/python/games/tic_tac_toe.py`` ("python_tic_tac_toe");
* adapter: the boardkit game through ``boardkit.interop.openspiel`` ("boardkit_tic_tac_toe").

"Decision" is what a search pays per node: list the legal actions, clone, apply a random
one. "Games/s" is random play without clones. CPU seconds of this process (the machine may
be shared). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402


def boardkit_engine():
    import boardkit

    game = boardkit.game("boardkit.examples.tic_tac_toe:GAME")
    return dict(
        new=lambda seed: game.new_game(seed=seed),
        over=lambda s: s.is_over,
        legal=lambda s: s.legal_actions(),
        apply=lambda s, a: s.apply(a),
        clone=lambda s: s.clone(),
    )


def openspiel_engine(name: str):
    import pyspiel

    game = pyspiel.load_game(name)

    def new(seed):
        state = game.new_initial_state()
        if state.is_chance_node():  # the adapter's seed
            state.apply_action(seed % game.max_chance_outcomes())
        return state

    return dict(
        new=new,
        over=lambda s: s.is_terminal(),
        legal=lambda s: s.legal_actions(),
        apply=lambda s, a: s.apply_action(a),
        clone=lambda s: s.clone(),
    )


def measure(engine: dict, games: int, with_clone: bool) -> tuple[float, float, int]:
    """(games per CPU second, CPU µs per decision, decisions) of random play."""
    rng = np.random.default_rng(0)
    new, over, legal, apply, clone = (engine[k] for k in ("new", "over", "legal", "apply", "clone"))
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        state = new(seed)
        while not over(state):
            options = legal(state)
            if with_clone:
                clone(state)
            apply(state, options[int(rng.integers(len(options)))])
            decisions += 1
    spent = time.process_time() - start
    return games / spent, spent / decisions * 1e6, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()

    import open_spiel.python.games.tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

    import boardkit.interop.openspiel as bko
    from boardkit.examples import tic_tac_toe

    adapter = bko.register(tic_tac_toe.GAME, max_game_length=9)
    engines = {
        "boardkit (own protocol)": boardkit_engine(),
        "OpenSpiel python_tic_tac_toe": openspiel_engine("python_tic_tac_toe"),
        f"boardkit via OpenSpiel ({adapter})": openspiel_engine(adapter),
    }
    print(f"tic-tac-toe, random policy, {args.games} games each (CPU time)")
    print(f"{'engine':46} {'games/s':>9} {'µs/decision':>12} {'µs/decision+clone':>18} "
          f"{'decisions/game':>15}")
    for label, engine in engines.items():
        rate, _, decisions = measure(engine, args.games, with_clone=False)
        _, per_decision, _ = measure(engine, args.games, with_clone=True)
        plain = 1e6 / rate / (decisions / args.games)
        print(f"{label:46} {rate:9.0f} {plain:12.1f} {per_decision:18.1f} "
              f"{decisions / args.games:15.2f}")


if __name__ == "__main__":
    main()
