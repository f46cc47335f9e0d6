"""Checked exercises for the notebooks: a hint on a wrong answer, never a traceback.

Each notebook's exercise has an id here. In the notebook, a starter cell sets ``answer``
(``None`` until the student fills it in), and a check cell calls ``check(id, answer)``: it
prints whether the answer is right and, if not, what is wrong and a hint. It returns True or
False and never raises, so the student edition (built without the cells tagged
``solution``, see ``make student``) runs from top to bottom.

A check recomputes what it needs with the exercise's own settings (fixed seeds), so it
accepts any correct way of computing the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = ["EXERCISES", "Exercise", "check"]


@dataclass(frozen=True)
class Exercise:
    id: str
    question: str
    #: the keys the answer dict must have, each with what it means
    fields: Mapping[str, str]
    #: answer -> None when right, else what is wrong (in words)
    verify: Callable[[Mapping[str, Any]], str | None]
    hint: str


def _close(a: Any, b: float, tol: float = 0.005) -> bool:
    try:
        return abs(float(a) - b) <= tol
    except (TypeError, ValueError):
        return False


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool) or type(value).__name__ in ("bool_", "bool")  # numpy's too


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


def _verify_welcome(answer: Mapping[str, Any]) -> str | None:
    rates = _welcome_rates()
    for bonus, key in ((1, "skill_bonus_1"), (3, "skill_bonus_3")):
        if not _close(answer[key], rates[bonus]):
            return (f"{key} = {answer[key]!r} is not the greedy player's win rate with a lucky "
                    f"bonus of {bonus} (200 games, seed 1, greedy against random)")
    if not _is_bool(answer["more_luck"]):
        return "more_luck must be True or False"
    if bool(answer["more_luck"]) != (rates[3] < rates[1]):
        return ("more_luck does not follow from your two rates: if the skilled player wins less "
                "often with the bigger bonus, luck decides more of the game")
    return None


EXERCISES: dict[str, Exercise] = {
    "welcome.luck": Exercise(
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
    ),
}


def check(exercise: str, answer: Any) -> bool:
    """Print whether ``answer`` solves ``exercise`` (with a hint if not); True when right."""
    ex = EXERCISES.get(exercise)
    if ex is None:
        print(f"there is no exercise {exercise!r} (known: {', '.join(sorted(EXERCISES))})")
        return False
    wanted = "\n".join(f"  {k}: {v}" for k, v in ex.fields.items())
    if answer is None:
        print(f"Not answered yet. {ex.question}\nSet `answer` to a dict with\n{wanted}")
        return False
    if not isinstance(answer, Mapping) or set(ex.fields) - set(answer):
        missing = sorted(set(ex.fields) - set(answer)) if isinstance(answer, Mapping) else list(ex.fields)
        print(f"Not quite: `answer` needs the keys {missing}:\n{wanted}")
        return False
    try:
        wrong = ex.verify(answer)
    except Exception as exc:  # a check must never stop the notebook
        wrong = f"the answer could not be checked ({type(exc).__name__}: {exc})"
    if wrong is None:
        print("✓ Right.")
        return True
    print(f"✗ Not yet: {wrong}.\nHint: {ex.hint}")
    return False
