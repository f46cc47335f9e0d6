"""Which scoring rules do the players weigh? For every scoring parameter of every game
(``points.*``, ``scoring.*``, ``*_vp``), ``compare`` plays the same games with the printed
value and with it doubled, and prints ``same_play``: the share of those games the players
played move for move alike under both. 100 % means the player did not change a single move
when the rule's points doubled: it may be blind to that rule (a heuristic that leaves it
out), or the rule may simply never tip a choice in that many games; either way a balance
figure about that rule from that player is suspect until a stronger player is checked.

This is how two blind spots were found: Lands' players ignored Expert Mode's stack points
(decision 50) and Wanderlust's ignored the personal goal.

    python benchmarks/bench_rule_awareness.py [--games lands,wanderlust] [--agent greedy] [--n 10]

Prints figures; asserts nothing. About four minutes for all four games with greedy.
"""

from __future__ import annotations

import argparse
import time

import boardkit
from boardkit.analysis import compare

WORDS = ("points", "scoring")


def scoring_parameters(game: str) -> dict[str, float]:
    """The game's numeric scoring parameters, by dotted key, with their printed values."""
    flat: dict[str, float] = {}

    def walk(prefix: str, value) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{prefix}.{k}" if prefix else k, v)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            if any(w in prefix.split(".") for w in WORDS) or prefix.endswith("_vp"):
                flat[prefix] = value

    walk("", boardkit.game(game).make_params().model_dump())
    return flat


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="lands,wanderlust,wishland,freizeitpark")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--n", type=int, default=10, help="paired games per parameter")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    print(f"same play under doubled scoring parameters ({args.agent}, {args.n} paired games "
          "each; 100 % = not one move changed)")
    for game in args.games.split(","):
        for key, value in scoring_parameters(game).items():
            doubled = value * 2 if value else 2
            t = time.perf_counter()
            c = compare(game, {}, {"params": {key: doubled}}, n=args.n, seed=args.seed,
                        agents=[args.agent], progress=False)
            flag = "  <- not one move changed" if c.same_play == 1.0 else ""
            print(f"{game:<13} {key:<30} {value!r:>5} -> {doubled!r:<5} same play "
                  f"{c.same_play:5.0%}  score {c.diff:+6.2f}  ({time.perf_counter() - t:.0f} s)"
                  f"{flag}", flush=True)


if __name__ == "__main__":
    main()
