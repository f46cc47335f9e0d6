"""Checked exercises for the notebooks: a hint on a wrong answer, never a traceback.

Each notebook's exercise has an id here. In the notebook, a starter cell sets ``answer``
(``None`` until the student fills it in), and a check cell calls ``check(id, answer)``: it
prints whether the answer is right and, if not, what is wrong and a hint. It returns True or
False and never raises, so the student edition (built without the cells tagged
``solution``, see ``make student``) runs from top to bottom.

A check recomputes what it needs with the exercise's own settings (fixed seeds, cached), so
it accepts any correct way of computing the answer. The exercises live in one module per
game (``dice_grid``, ``lands``, ``freizeitpark``, ``wanderlust``, ``wishland``, and
``tictactoe`` for the game a student builds in 60-build-a-game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardkit.engine.words import listing, wrap

from . import dice_grid, freizeitpark, lands, tictactoe, wanderlust, wishland
from .base import Exercise, short

__all__ = ["EXERCISES", "Exercise", "check"]

EXERCISES: dict[str, Exercise] = {
    ex.id: ex
    for module in (dice_grid, lands, freizeitpark, wanderlust, wishland, tictactoe)
    for ex in module.EXERCISES
}


def check(exercise: str, answer: Any) -> bool:
    """Print whether ``answer`` solves ``exercise`` (with a hint if not); True when right. The
    text is broken at words, as a lesson's printed lines are."""
    ex = EXERCISES.get(exercise) if isinstance(exercise, str) else None
    if ex is None:
        _say(f"there is no exercise {short(exercise)} (known: {', '.join(sorted(EXERCISES))})")
        return False
    wanted = "\n".join(f"  {k}: {v}" for k, v in ex.fields.items())
    if answer is None:
        _say(f"Not answered yet. {ex.question}\nSet `answer` to a dict with\n{wanted}")
        return False
    if not isinstance(answer, Mapping):
        _say(f"Not quite: `answer` must be a dict, not {type(answer).__name__}, with\n{wanted}")
        return False
    missing = [k for k in ex.fields if k not in answer]
    if missing:
        _say(f"Not quite: `answer` needs the keys {listing(missing)}:\n{wanted}")
        return False
    try:
        wrong = ex.verify(answer)
    except Exception as exc:  # a check must never stop the notebook
        wrong = f"the answer could not be checked ({type(exc).__name__}: {short(str(exc), 120)})"
    if wrong is None:
        _say("✓ Right.")
        return True
    _say(f"✗ Not yet: {wrong}.\nHint: {ex.hint}")
    return False


def _say(text: str) -> None:
    print(wrap(text))
