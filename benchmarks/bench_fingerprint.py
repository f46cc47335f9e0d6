"""What the rules fingerprint of a stored study costs (decision 100): per setting of the
stored studies, the seconds one fingerprint takes, the decisions and games it played and
the actions it listed. Prints figures; asserts nothing.

    python benchmarks/bench_fingerprint.py [--decisions 2000] [--listed 25000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardkit.analysis import fingerprint, studies  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decisions", type=int, default=fingerprint.DECISIONS)
    parser.add_argument("--listed", type=int, default=fingerprint.LISTED)
    args = parser.parse_args()
    settings = {}
    for path in sorted(studies.folder().glob("*.csv.gz")):
        s = studies.study(path.name[: -len(".csv.gz")])
        key = (s.game, s.players, tuple(sorted(s.variant.items())), tuple(sorted(s.params.items())))
        settings.setdefault(key, s)
    print(f"{'setting':<52} {'seconds':>8} {'games':>6} {'decisions':>10} {'listed':>8}")
    total = 0.0
    for (game, players, variant, params), s in settings.items():
        start = time.perf_counter()
        done = fingerprint.play(game, players, s.variant, s.params, args.decisions, args.listed)
        seconds = time.perf_counter() - start
        total += seconds
        name = f"{game} {players}p " + " ".join(f"{k}={v}" for k, v in (*variant, *params))
        print(f"{name:<52} {seconds:>8.2f} {done.games:>6} {done.decisions:>10} "
              f"{done.listed:>8}")
    print(f"{len(settings)} settings: {total:.1f} s in all")


if __name__ == "__main__":
    main()
