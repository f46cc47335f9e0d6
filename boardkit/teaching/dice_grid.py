"""Exercises on Dice Grid: 00-welcome and 90-design-lab."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .base import Exercise, first, wrong_bool, wrong_number, wrong_share

# ------------------------------------------------------------------ 00-welcome


@cache
def _welcome_rates() -> dict[int, float]:
    from boardkit.analysis import simulate

    rates = {}
    for bonus in (1, 3):
        runs = simulate("dice-grid", agents=["greedy", "random"], n=200, seed=1, trace=False,
                        progress=False, params={"points.lucky_cell": bonus})
        rates[bonus] = float(runs[runs.agent == "greedy"].win.mean())
    return rates


def _welcome_reference() -> dict[str, Any]:
    rates = _welcome_rates()
    return {"skill_bonus_1": rates[1], "skill_bonus_3": rates[3], "more_luck": rates[3] < rates[1]}


def _verify_welcome(answer: Mapping[str, Any]) -> str | None:
    rates = _welcome_rates()
    return first(*(
        wrong_share(answer, key, rates[bonus],
                    f"the greedy player's win rate with a lucky bonus of {bonus} (200 games, "
                    "seed 1, greedy against random)")
        for bonus, key in ((1, "skill_bonus_1"), (3, "skill_bonus_3"))),
        wrong_bool(answer, "more_luck", rates[3] < rates[1],
                   "more_luck does not follow from your two rates: if the skilled player wins "
                   "less often with the bigger bonus, luck decides more of the game"))


WELCOME = Exercise(
    id="welcome.luck",
    question=("Does a bigger lucky-number bonus make Dice Grid more a matter of luck? "
              "Measure how often a skilled player (greedy) beats a random one with the "
              "bonus at 1 and at 3."),
    fields={"skill_bonus_1": "greedy's win rate with points.lucky_cell = 1",
            "skill_bonus_3": "greedy's win rate with points.lucky_cell = 3",
            "more_luck": "True if the bigger bonus leaves more to luck"},
    verify=_verify_welcome,
    hint=("simulate('dice-grid', agents=['greedy', 'random'], n=200, seed=1, "
          "params={'points.lucky_cell': 3}) plays greedy against random with rotated "
          "seats; the win rate is the mean of the `win` column over greedy's rows."),
    reference=_welcome_reference,
)

# ------------------------------------------------------------------ 90-design-lab

SMALL_GRID = [[1, 2, 3], [4, 5, 6], [1, 2, 3]]


@cache
def _lab_lengths() -> tuple[float, float]:
    from boardkit.analysis import compare

    result = compare("dice-grid", {}, {"params": {"numbers": SMALL_GRID}}, n=40, seed=5,
                     agents=["random"], measure_name="actions", trace=False, progress=False)
    return result.mean_a, result.mean_b


def _lab_reference() -> dict[str, Any]:
    printed, small = _lab_lengths()
    return {"length_printed": printed, "length_small": small, "shorter": small < printed}


def _verify_lab(answer: Mapping[str, Any]) -> str | None:
    printed, small = _lab_lengths()
    settings = "40 games of random players, seed 5, counted in the players' decisions"
    return first(
        wrong_number(answer, "length_printed", printed, f"the mean game length on the printed "
                     f"4 × 4 grid ({settings})", tol=0.01),
        wrong_number(answer, "length_small", small, f"the mean game length on the 3 × 3 grid "
                     f"({settings})", tol=0.01),
        wrong_bool(answer, "shorter", small < printed,
                   "shorter does not follow from your two lengths"))


LAB = Exercise(
    id="lab.length",
    question=("How much shorter is a game of Dice Grid on a 3 × 3 grid? Compare the mean game "
              "length (the players' decisions) on the printed grid and on the grid whose rows "
              "show 1 2 3, 4 5 6 and 1 2 3 (the parameter numbers, as question 2 sets it)."),
    fields={"length_printed": "mean decisions per game on the printed grid",
            "length_small": "mean decisions per game on the 3 × 3 grid",
            "shorter": "True if the small grid makes the game shorter"},
    verify=_verify_lab,
    hint=("compare('dice-grid', {}, {'params': {'numbers': ...}}, n=40, seed=5, "
          "agents=['random'], measure_name='actions') plays both grids on the same seeds; "
          "its result holds the mean of each version (mean_a, mean_b). The `actions` "
          "column counts decisions only, not the moves the engine makes by itself."),
    reference=_lab_reference,
)

EXERCISES = [WELCOME, LAB]
