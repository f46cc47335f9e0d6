"""Freizeitpark analysis study with large samples (prints tables; not run in CI).

The questions of the design study (see boardkit/freizeitpark/analysis.py and
notebooks/21-freizeitpark-analysis.ipynb): how often a game is won at all and in which round
(1, 2 and 4 players; question 0), rounds until the minimums are met, how often a player is
fired by the enclosure penalty, the difficulty of the twelve Auftragskarten under the greedy
agent, and the effect of the 1-and-2 rule (dice.attractions).

Run from the repository root:

    python benchmarks/freizeitpark_study.py --games 300 [--two 300] [--four 200] [--seed 1]
    python benchmarks/freizeitpark_study.py --games 300 --only win   # question 0 only

--games is solo games per question; --two and --four the two- and four-player games of
questions 0-2. Measured on one core of a shared machine (greedy agents, base game): about
0.9 s per solo game, 1.1 s per two-player and 2.2 s per four-player game (--games 400
--two 400 --four 300 --only win: 25 minutes). With --save DIR the per-player rows of
questions 0-2 are written to DIR/freizeitpark-<k>p.csv after each player count.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from boardkit.freizeitpark.analysis import (  # noqa: E402
    card_difficulty,
    describe_effect,
    describe_win_rate,
    dice_rule_effect,
    fired_rate,
    play_games,
    rounds_to_minimums,
    win_rate,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="solo games per question (default 200)")
    parser.add_argument("--two", type=int, default=None,
                        help="two-player games for questions 0-2 (default: --games)")
    parser.add_argument("--four", type=int, default=None,
                        help="four-player games for questions 0-2 (default: --games // 2)")
    parser.add_argument("--cards", type=int, default=None,
                        help="games per Auftragskarte (default: --games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("win", "all"), default="all",
                        help="'win': only question 0 (win rate and round)")
    parser.add_argument("--save", type=Path, default=None, help="folder for the per-player rows")
    args = parser.parse_args()
    pd.set_option("display.width", 160)
    pd.set_option("display.max_columns", 24)
    started = time.perf_counter()

    counts = {1: args.games, 2: args.two or args.games, 4: args.four or max(1, args.games // 2)}
    frames = {}
    for k, n in counts.items():
        t = time.perf_counter()
        frames[k] = play_games(n, players=k, seed=args.seed)
        print(f"played {n} games with {k} player(s) in {time.perf_counter() - t:.0f} s", flush=True)
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            frames[k].to_csv(args.save / f"freizeitpark-{k}p.csv", index=False)

    print("\n== 0. How often is the game won, and in which round ==")
    wins = win_rate(frames=frames, players=tuple(counts))
    print(wins.round(3).T.to_string())
    print(describe_win_rate(wins))
    if args.only == "win":
        print(f"\n{time.perf_counter() - started:.0f} s")
        return

    rounds = rounds_to_minimums(frames=frames, players=tuple(counts))
    print("\n== 1. Rounds until all four minimums are met ==")
    print(rounds.summary.round(3).to_string())
    print("\ndistribution of the first round (games):")
    dist = rounds.games.dropna(subset=["first_round"]).groupby(["players", "first_round"]).size()
    print(dist.unstack(0, fill_value=0).to_string())

    print("\n== 2. Fired by the enclosure penalty ==")
    print(fired_rate(frames=frames, players=tuple(counts)).round(3).to_string())

    print("\n== 3. Auftragskarten, hardest first (solo, greedy) ==")
    cards = card_difficulty(n=args.cards or args.games, seed=args.seed)
    print(cards[["rank", "label", "games", "met", "met_share", "ci_low", "ci_high",
                 "won_share"]].round(3).to_string())

    print("\n== 4. The 1-and-2 rule: dice.attractions split vs any (paired, solo) ==")
    effect = dice_rule_effect(n=args.games, seed=args.seed)
    print(effect.round(3).to_string())
    print(describe_effect(effect))
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
