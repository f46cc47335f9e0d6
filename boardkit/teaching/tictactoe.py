"""The exercise of 60-build-a-game: tic-tac-toe under random play, computed exactly.

The reference walks the game tree itself (nine cells, no boardkit game), so the check does
not depend on the game the student wrote in the notebook."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from .base import Exercise, first, wrong_share

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@cache
def _outcomes(grid: tuple[int | None, ...] = (None,) * 9) -> tuple[float, float, float]:
    """(X wins, O wins, draw) when every legal move is equally likely from ``grid``."""
    for a, b, c in LINES:
        if grid[a] is not None and grid[a] == grid[b] == grid[c]:
            return (1.0, 0.0, 0.0) if grid[a] == 0 else (0.0, 1.0, 0.0)
    empty = [i for i, mark in enumerate(grid) if mark is None]
    if not empty:
        return (0.0, 0.0, 1.0)
    mover = (9 - len(empty)) % 2
    total = [0.0, 0.0, 0.0]
    for i in empty:
        for k, p in enumerate(_outcomes(grid[:i] + (mover,) + grid[i + 1:])):
            total[k] += p / len(empty)
    return (total[0], total[1], total[2])


def _reference() -> dict[str, Any]:
    x, o, draw = _outcomes()
    return {"x_wins": x, "o_wins": o, "draw": draw}


def _verify(answer: Mapping[str, Any]) -> str | None:
    x, o, draw = _outcomes()
    exact = "exactly, under random play (every legal move equally likely)"
    return first(wrong_share(answer, "x_wins", x, f"how often X wins, {exact}", tol=0.0005),
                 wrong_share(answer, "o_wins", o, f"how often O wins, {exact}", tol=0.0005),
                 wrong_share(answer, "draw", draw, f"how often a game is a draw, {exact}",
                             tol=0.0005))


RANDOM = Exercise(
    id="build.random",
    question=("Under random play (every legal move equally likely), how often does X win a "
              "game of tic-tac-toe, how often O, and how often is it a draw? Compute the "
              "exact probabilities by walking the game tree, not by sampling."),
    fields={"x_wins": "the probability that X (the first player) wins",
            "o_wins": "the probability that O wins",
            "draw": "the probability of a draw (a full grid without a line)"},
    verify=_verify,
    hint=("from a position, each of the k legal moves happens with probability 1/k: a function "
          "outcome(state) returns (1, 0, 0) if X won, (0, 1, 0) if O won, (0, 0, 1) for a draw, "
          "and otherwise the mean of outcome(child) over the children (child = state.clone(); "
          "child.apply(move)). Remember the positions already computed (a dict keyed by "
          "tuple(state.grid)): there are only a few thousand of them. A simulation's estimate is not "
          "exact enough."),
    reference=_reference,
)

EXERCISES = [RANDOM]
