"""A hostile run against every game: random games, malformed and illegal actions, tampered
saves and junk board messages. Prints how many of each were tried and what escaped (only
RuleViolation may escape apply/explain, only SaveGameError may escape loading, and a board
never raises nor shows an internal error); it exits 1 if anything else escaped.

    python benchmarks/bench_hostile.py [--games 40] [--seed 0]
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import pickle
import sys
import time
from collections import Counter

import numpy as np

import boardkit
from boardkit.engine import RuleViolation, SaveGameError

JUNK = [None, -1, 0, 1, 1.5, float("nan"), float("inf"), 2**64 + 1, 10**5000, -(2**63), "x",
        "", "A" * 10_000, [], [0], {}, {"a": 1}, True, (1, 2, 3), b"\x00"]


def fingerprint(state) -> dict:
    """Every field of the state, pickled one by one (a whole-object pickle also records which
    objects are shared, which a restored snapshot may not reproduce though nothing changed)."""
    return {k: pickle.dumps(v) for k, v in state.__dict__.items()}


def perturbed(act, rng) -> list:
    out = []
    for f in dataclasses.fields(act):
        for junk in rng.choice(len(JUNK), size=4, replace=False):
            try:
                out.append(dataclasses.replace(act, **{f.name: JUNK[int(junk)]}))
            except Exception:  # the dataclass itself refused it: nothing reaches the rules
                pass
    return out


def tampered(save: dict, rng) -> list:
    out = []
    for key in list(save):
        broken = copy.deepcopy(save)
        del broken[key]
        out.append(broken)
        for junk in rng.choice(len(JUNK), size=3, replace=False):
            broken = copy.deepcopy(save)
            broken[key] = JUNK[int(junk)]
            out.append(broken)
    for i in rng.choice(len(save["history"]), size=min(6, len(save["history"])), replace=False):
        rec = save["history"][int(i)]
        for field in list(rec):
            for junk in rng.choice(len(JUNK), size=2, replace=False):
                broken = copy.deepcopy(save)
                broken["history"][int(i)][field] = JUNK[int(junk)]
                out.append(broken)
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    broken = copy.deepcopy(save)
    broken["history"].append({"kind": "chance", "index": 10**6, "name": "x", "value": deep,
                              "forced": True})
    out.append(broken)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40, help="random games per game")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    totals: Counter = Counter()
    escaped: Counter = Counter()
    start = time.perf_counter()
    for name in boardkit.games():
        g = boardkit.game(name)
        players = g.default_players if name != "wanderlust" else 2
        for k in range(args.games):
            s = g.new_game(players=players, seed=args.seed * 1000 + k)
            steps = int(rng.integers(0, 60))
            for _ in range(steps):
                if s.is_over:
                    break
                options = s.legal_actions()
                s.apply(options[int(rng.integers(len(options)))])
            totals["games"] += 1
            if s.is_over:
                continue
            listed = s.legal_actions()  # (listing may fill the state's caches)
            saved = pickle.dumps(s)
            for act in listed[:3]:
                for bad in perturbed(act, rng):
                    totals["malformed actions"] += 1
                    legal = bool(s.explain(bad))
                    before = fingerprint(s)
                    try:
                        s.apply(bad)
                    except RuleViolation:
                        if legal:
                            escaped[f"{name}: explain and apply disagree"] += 1
                        if fingerprint(s) != before:
                            escaped[f"{name}: a refusal changed the state"] += 1
                        continue
                    except Exception as exc:  # noqa: BLE001 - counting what escapes
                        escaped[f"{name} apply: {type(exc).__name__}"] += 1
                        continue
                    totals["(of them legal)"] += 1  # a junk value that happens to be a legal one
                    if not legal:
                        escaped[f"{name}: explain and apply disagree"] += 1
                    s = pickle.loads(saved)
            save = json.loads(s.to_json())
            for broken in tampered(save, rng):
                totals["tampered saves"] += 1
                try:
                    g.from_dict(broken)
                except SaveGameError:
                    pass
                except Exception as exc:  # noqa: BLE001
                    escaped[f"{name} load: {type(exc).__name__}"] += 1
            if k < 5:
                board = g.board(s, agent="random")
                for raw in [None, 1, "x", [], {"kind": "click"}, {"kind": "click", "target": "x" * 500},
                            {"kind": "drag", "target": "a", "x": 1e308, "y": "x"},
                            {"kind": "key", "key": "\x00"}, {"kind": "click", "target": "act:99999999"},
                            *({"kind": "click", "target": t} for t in list(board.targets(board.state))[:5])]:
                    totals["board messages"] += 1
                    try:
                        board.handle_message(raw)
                    except Exception as exc:  # noqa: BLE001
                        escaped[f"{name} board: {type(exc).__name__}"] += 1
                    if board.last_traceback:
                        escaped[f"{name} board: internal error"] += 1
                        board.last_traceback = ""
    seconds = time.perf_counter() - start
    print(f"hostile run, seed {args.seed}, {seconds:.0f} s")
    for key, value in totals.items():
        print(f"  {key:<18} {value:>9,}")
    if escaped:
        print("ESCAPED:")
        for key, value in escaped.most_common():
            print(f"  {key}: {value}")
        return 1
    print("  escaped            none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
