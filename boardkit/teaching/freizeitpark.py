"""Exercises on Freizeitpark: 20-freizeitpark and 21-freizeitpark-analysis.

Both play the same four solo games (seed 1, the greedy agent's faster setting ``greedy:4``)
on a 10 × 10 and a 12 × 12 sheet: the first notebook asks which sheet to print, the second
how dangerous the enclosure penalty is on the bigger one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .base import Exercise, first, wrong_bool, wrong_choice, wrong_share

SEED, GAMES, AGENT, SIDES = 1, 4, "greedy:4", (10, 12)


def _sheet(side: int) -> dict[str, int]:
    return {"sheet.width": side, "sheet.height": side}


# ------------------------------------------------------------------ 20-freizeitpark


@cache
def _sheet_outcomes() -> dict[int, tuple[float, float]]:
    """Per sheet side: (share of parks that met the minimums, share of managers who won)."""
    from boardkit.analysis import simulate

    out = {}
    for side in SIDES:
        runs = simulate("freizeitpark", agents=[AGENT], n=GAMES, seed=SEED, players=1,
                        trace=False, progress=False, params=_sheet(side))
        met = (runs.fact_won == 1) | (runs.fact_fired == 1)
        out[side] = (float(met.mean()), float(runs.fact_won.mean()))
    return out


def _better_sheet(out: dict[int, tuple[float, float]]) -> str:
    return "12" if out[12][1] > out[10][1] else "10"


def _sheet_reference() -> dict[str, Any]:
    out = _sheet_outcomes()
    return {"met_10": out[10][0], "met_12": out[12][0], "won_10": out[10][1],
            "won_12": out[12][1], "print": int(_better_sheet(out))}


def _verify_sheet(answer: Mapping[str, Any]) -> str | None:
    out = _sheet_outcomes()
    games = f"{GAMES} solo games of '{AGENT}', seed {SEED}"
    checks = []
    for side in SIDES:
        checks.append(wrong_share(
            answer, f"met_{side}", out[side][0],
            f"the share of parks on the {side} × {side} sheet that met the four minimums "
            f"(won or fired afterwards; {games})"))
        checks.append(wrong_share(
            answer, f"won_{side}", out[side][1],
            f"the share of managers who won on the {side} × {side} sheet ({games})"))
    checks.append(wrong_choice(answer, "print", ["10", "12"], _better_sheet(out),
                               "print does not follow from your shares: print the sheet on "
                               "which more managers win"))
    return first(*checks)


SHEET = Exercise(
    id="freizeitpark.sheet",
    question=("Which sheet would you print, 10 × 10 or 12 × 12? Play "
              f"{GAMES} solo games of '{AGENT}' (seed {SEED}) on each size and measure how "
              "many parks meet the minimums and how many managers win."),
    fields={"met_10": "share of parks meeting the four minimums on 10 × 10",
            "met_12": "the same on 12 × 12",
            "won_10": "share of managers who won on 10 × 10",
            "won_12": "the same on 12 × 12",
            "print": "10 or 12: the size on which more managers win"},
    verify=_verify_sheet,
    hint=(f"simulate('freizeitpark', agents=['{AGENT}'], n={GAMES}, seed={SEED}, players=1, "
          "params={'sheet.width': side, 'sheet.height': side}); outcomes(frame) above "
          "turns a run into its shares. A park met the minimums if its manager then won or "
          "was fired."),
    reference=_sheet_reference,
)

# ------------------------------------------------------------------ 21-freizeitpark-analysis


@cache
def _penalty() -> dict[int, tuple[float, float]]:
    """Per sheet side: (share of managers fired, share evaluated: they met every condition)."""
    from boardkit.freizeitpark.analysis import play_games

    out = {}
    for side in SIDES:
        rows = play_games(GAMES, players=1, agents=AGENT, seed=SEED, params=_sheet(side))
        out[side] = (float((rows.status == "fired").mean()),
                     float(rows.status.isin(["fired", "won"]).mean()))
    return out


def _penalty_reference() -> dict[str, Any]:
    out = _penalty()
    return {"fired_10": out[10][0], "fired_12": out[12][0], "evaluated_10": out[10][1],
            "evaluated_12": out[12][1], "more_fired_on_12": out[12][0] > out[10][0]}


def _verify_penalty(answer: Mapping[str, Any]) -> str | None:
    out = _penalty()
    games = f"play_games({GAMES}, agents='{AGENT}', seed={SEED})"
    checks = []
    for side in SIDES:
        checks.append(wrong_share(
            answer, f"fired_{side}", out[side][0],
            f"the share of managers fired on the {side} × {side} sheet ({games})"))
        checks.append(wrong_share(
            answer, f"evaluated_{side}", out[side][1],
            f"the share of managers evaluated on the {side} × {side} sheet: those who met "
            f"every condition, then won or were fired ({games})"))
    checks.append(wrong_bool(answer, "more_fired_on_12", out[12][0] > out[10][0],
                             "more_fired_on_12 does not follow from your two fired shares"))
    return first(*checks)


PENALTY = Exercise(
    id="freizeitpark.penalty",
    question=("Does the enclosure penalty fire more managers on a bigger park? Play "
              f"{GAMES} solo games (play_games, agents '{AGENT}', seed {SEED}) on a 10 × 10 and "
              "a 12 × 12 sheet and compare how many managers are fired and how many reach "
              "the evaluation at all."),
    fields={"fired_10": "share of managers fired on 10 × 10",
            "fired_12": "the same on 12 × 12",
            "evaluated_10": "share of managers evaluated (won or fired) on 10 × 10",
            "evaluated_12": "the same on 12 × 12",
            "more_fired_on_12": "True if a larger share is fired on 12 × 12"},
    verify=_verify_penalty,
    hint=(f"play_games({GAMES}, players=1, agents='{AGENT}', seed={SEED}, params={{'sheet.width': "
          "12, 'sheet.height': 12}) gives one row per manager; fired_rate(frames={1: rows}, "
          "players=(1,)) counts the fired and the evaluated players, or count the `status` "
          "column yourself. Shares are over all managers."),
    reference=_penalty_reference,
)

EXERCISES = [SHEET, PENALTY]
