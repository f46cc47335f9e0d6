"""Freizeitpark analysis study with large samples (prints tables; not run in CI).

The four questions of the design study (see boardkit/freizeitpark/analysis.py and
notebooks/21-freizeitpark-analysis.ipynb): rounds until the minimums are met (solo and 4
players), how often a player is fired by the enclosure penalty, the difficulty of the twelve
Auftragskarten under the greedy agent, and the effect of the 1-and-2 rule (dice.attractions).

Run from the repository root:  python benchmarks/freizeitpark_study.py --games 200 [--seed 1]
(--games is per question and player count; four-player games cost about four times as much.)
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
    dice_rule_effect,
    fired_rate,
    play_games,
    rounds_to_minimums,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per question (default 200)")
    parser.add_argument("--four", type=int, default=None,
                        help="four-player games for questions 1-2 (default: --games // 2)")
    parser.add_argument("--cards", type=int, default=None,
                        help="games per Auftragskarte (default: --games)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pd.set_option("display.width", 160)
    pd.set_option("display.max_columns", 20)
    started = time.perf_counter()

    frames = {1: play_games(args.games, args.seed, players=1),
              4: play_games(args.four or max(1, args.games // 2), args.seed, players=4)}
    rounds = rounds_to_minimums(frames=frames)
    print("== 1. Rounds until all four minimums are met ==")
    print(rounds.summary.round(3).to_string())
    print("\ndistribution of the first round (games):")
    dist = rounds.games.dropna(subset=["first_round"]).groupby(["players", "first_round"]).size()
    print(dist.unstack(0, fill_value=0).to_string())

    print("\n== 2. Fired by the enclosure penalty ==")
    print(fired_rate(frames=frames).round(3).to_string())

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
