"""Exercises on Wishland: 40-wishland and 41-wishland-analysis. Both use random players:
hundreds of their games take seconds (a greedy game takes about half a second)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .base import Exercise, first, wrong_bool, wrong_choice, wrong_number

# ------------------------------------------------------------------ 40-wishland

INCOME_GAMES, INCOME_SEED = 100, 1


@cache
def _income() -> tuple[float, float, str, list[str]]:
    """(mean score with income 4, with income 6, the source that gains most, all sources)."""
    from boardkit.analysis import simulate

    runs = {income: simulate("wishland", ["random"], n=INCOME_GAMES, players=2,
                             seed=INCOME_SEED, trace=False, progress=False,
                             params={"income": income})
            for income in (4, 6)}
    sources = [c for c in runs[4].columns if c.startswith("src_")]
    gain = runs[6][sources].mean() - runs[4][sources].mean()
    names = [c.removeprefix("src_") for c in sources]
    return (float(runs[4].score.mean()), float(runs[6].score.mean()),
            str(gain.idxmax()).removeprefix("src_"), names)


def _income_reference() -> dict[str, Any]:
    low, high, source, _ = _income()
    return {"score_4": low, "score_6": high, "gains_most": source}


def _verify_income(answer: Mapping[str, Any]) -> str | None:
    low, high, source, names = _income()
    games = f"{INCOME_GAMES} two-player games of random players, seed {INCOME_SEED}"
    return first(
        wrong_number(answer, "score_4", low, f"the mean score per player with income 4 ({games})",
                     tol=0.01),
        wrong_number(answer, "score_6", high, f"the mean score per player with income 6 ({games})",
                     tol=0.01),
        wrong_choice(answer, "gains_most", names, source,
                     "gains_most is not the source that gains most: another one wins more "
                     "points per player with the higher income"))


INCOME = Exercise(
    id="wishland.income",
    question=("Which scoring source profits most from a higher income? Play "
              f"{INCOME_GAMES} two-player games of random players (seed {INCOME_SEED}) with "
              "income 4 and with income 6 and compare the Victory Points by source."),
    fields={"score_4": "mean score per player with params={'income': 4}",
            "score_6": "mean score per player with params={'income': 6}",
            "gains_most": "the scoring source (a src_ column's name) that gains most"},
    verify=_verify_income,
    hint=(f"simulate('wishland', ['random'], n={INCOME_GAMES}, players=2, seed={INCOME_SEED}, "
          "params={'income': 6}) has one src_ column per scoring source; compare the mean of "
          "each column between the two runs (the difference of two means, per player)."),
    reference=_income_reference,
)

# ------------------------------------------------------------------ 41-wishland-analysis

SPREAD_GAMES, SPREAD_SEED = 100, 0


@cache
def _spread() -> tuple[float, float, bool]:
    """(paired score gain, paired spread gain, whether the spread gain is significant)."""
    from boardkit.analysis import compare_runs, simulate

    a, b = (simulate("wishland", ["random"], n=SPREAD_GAMES, players=2, seed=SPREAD_SEED,
                     trace=False, progress=False, params=params)
            for params in ({}, {"income": 6}))
    score, spread = (compare_runs("wishland", a, b, measure_name=name, seed=SPREAD_SEED)
                     for name in ("score", "spread"))
    return score.diff, spread.diff, bool(spread.p_value < 0.05)


def _spread_reference() -> dict[str, Any]:
    score, spread, shown = _spread()
    return {"score_gain": score, "spread_gain": spread, "spread_shown": shown}


def _verify_spread(answer: Mapping[str, Any]) -> str | None:
    score, spread, shown = _spread()
    games = f"{SPREAD_GAMES} paired two-player games of random players, seed {SPREAD_SEED}"
    return first(
        wrong_number(answer, "score_gain", score,
                     f"the mean paired change of the mean score from income 5 to 6 ({games})",
                     tol=0.01),
        wrong_number(answer, "spread_gain", spread,
                     f"the mean paired change of the score spread from income 5 to 6 ({games})",
                     tol=0.01),
        wrong_bool(answer, "spread_shown", shown,
                   "spread_shown is not what the permutation test says: is the comparison's "
                   "p-value below 0.05?"))


SPREAD = Exercise(
    id="wishland.spread",
    question=("Does a higher income make the scores spread further apart? Compare the printed "
              f"income (5) with income 6 on {SPREAD_GAMES} paired two-player games of random "
              f"players (seed {SPREAD_SEED}): the change of the mean score and of the spread."),
    fields={"score_gain": "how much income 6 raises the mean score (paired mean difference)",
            "spread_gain": "how much it raises the spread, best − worst (paired mean difference)",
            "spread_shown": "True if the spread's change is significant (p < 0.05)"},
    verify=_verify_spread,
    hint=(f"compare('wishland', {{}}, {{'params': {{'income': 6}}}}, n={SPREAD_GAMES}, "
          f"seed={SPREAD_SEED}, agents=['random'], players=2, measure_name=...) with 'score' "
          "and with 'spread'; the result's diff is the paired difference and significant "
          "says whether p < 0.05."),
    reference=_spread_reference,
)

EXERCISES = [INCOME, SPREAD]
