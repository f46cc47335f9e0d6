"""One-step greedy agent: try every legal action on a copy, keep the best by a heuristic.

The copy is a determinization for the acting player, so the agent never reads hidden
information it should not know.

The heuristic is the game's own (``Game(heuristic=fn)``, ``fn(state, player) -> float``,
higher is better) or, by default, the player's score minus the best other score (the
negative of the player's penalty in a solo game where lower is better).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from boardkit.engine import Action, State

from .base import Agent

#: ``heuristic(state, player) -> float``, higher is better for that player; a game's own
#: takes its State class (the agents here play every game, so they take any)
Heuristic = Callable[[Any, int], float]


class Lead:
    """A heuristic that judges a seat by its ``value(state, seat)`` minus the best other
    seat's (alone: the value itself). ``seats`` counts the seats valued (default
    ``state.players``; a game with non-player seats, such as Wanderlust's automatons, counts
    them too). Called as ``heuristic(state, player)``; :meth:`all_seats` gives every player's
    at once with each value computed once (n values instead of n x n: the search judges every
    seat of each cut-off position, and at 3-5 players that repetition was most of its
    judging). Both give the same floats."""

    def __init__(self, value: Callable[[Any, int], float],
                 seats: Callable[[Any], int] | None = None, doc: str | None = None) -> None:
        self.value = value
        self.seats = seats
        self.__doc__ = doc or self.__doc__

    def _count(self, state: State) -> int:
        return self.seats(state) if self.seats is not None else state.players

    def __call__(self, state: State, player: int) -> float:
        mine = self.value(state, player)
        others = [self.value(state, q) for q in range(self._count(state)) if q != player]
        return mine - max(others) if others else mine

    def all_seats(self, state: State) -> list[float]:
        """``[self(state, p) for p in range(state.players)]``, each seat valued once."""
        values = [self.value(state, q) for q in range(self._count(state))]
        if len(values) == 1:
            return values
        return [values[p] - max(values[:p] + values[p + 1:]) for p in range(state.players)]

    def __repr__(self) -> str:
        return f"Lead({getattr(self.value, '__qualname__', self.value)!r})"


def score_margin(state: State, player: int) -> float:
    """Default heuristic: my score minus the best opponent's (sign-adjusted)."""
    scores = [float(s) for s in state.scores()]
    sign = -1.0 if state.game.lower_is_better else 1.0
    mine = sign * scores[player]
    others = [sign * s for i, s in enumerate(scores) if i != player]
    return mine - (max(others) if others else 0.0)


def one_step_values(state: State, options: Sequence[Action], heuristic: Heuristic | None, me: int,
                    rng: np.random.Generator) -> list[float]:
    """``me``'s heuristic (``heuristic``, else the game's, else :func:`score_margin`) after
    each option, on one guess at what ``me`` cannot see (drawn with ``rng``), shared by every
    option: a fair comparison that never peeks at hidden information. The greedy agent keeps
    the best; the search orders its root by them."""
    fn = heuristic or state.game.heuristic or score_margin
    guess = state.determinize(me, rng)
    values = []
    for act in options:
        after = guess.clone()
        after.apply(act, atomic=False)
        values.append(fn(after, me))
    return values


class GreedyAgent(Agent[State]):
    """Looks one decision ahead; ties are broken by its seeded generator."""

    name = "greedy"

    def __init__(self, heuristic: Heuristic | None = None, seed: int | None = 0) -> None:
        self.heuristic = heuristic
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        #: (options tied at the best value, options) of the last decision: where the two are
        #: equal and above 1, every choice was worth the same and the tie-break chose
        self.last_ties = (1, 1)

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed})"

    def act(self, state: State) -> Action:
        options = self.options(state)
        if len(options) == 1:
            self.last_ties = (1, 1)
            return options[0]
        values = one_step_values(state, options, self.heuristic, self.mover(state), self.rng)
        best = max(values)
        ties = [a for a, v in zip(options, values, strict=True) if v == best]
        self.last_ties = (len(ties), len(options))
        return ties[int(self.rng.integers(len(ties)))]


def greedy_agent(seed: int) -> GreedyAgent:
    """The default greedy agent (``make_agent("greedy")``): the game's heuristic."""
    return GreedyAgent(seed=seed)
