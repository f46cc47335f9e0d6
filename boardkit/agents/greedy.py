"""One-step greedy agent: try every legal action on a copy, keep the best by a heuristic.

The copy is a determinization for the acting player, so the agent never reads hidden
information it should not know.

The heuristic is the game's own (``Game(heuristic=fn)``, ``fn(state, player) -> float``,
higher is better) or, by default, the player's score minus the best other score (the
negative of the player's penalty in a solo game where lower is better).
"""

from __future__ import annotations

import numpy as np

from boardkit.engine import Action, State

from .base import Agent


def score_margin(state: State, player: int) -> float:
    """Default heuristic: my score minus the best opponent's (sign-adjusted)."""
    scores = [float(s) for s in state.scores()]
    sign = -1.0 if state.game.lower_is_better else 1.0
    mine = sign * scores[player]
    others = [sign * s for i, s in enumerate(scores) if i != player]
    return mine - (max(others) if others else 0.0)


class GreedyAgent(Agent):
    """Looks one decision ahead; ties are broken by its seeded generator."""

    name = "greedy"

    def __init__(self, heuristic=None, seed: int | None = 0):
        self.heuristic = heuristic
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed})"

    def act(self, state: State) -> Action:
        options = self.options(state)
        if len(options) == 1:
            return options[0]
        fn = self.heuristic or state.game.heuristic or score_margin
        me = self.mover(state)
        # one guess at what this player cannot see, shared by every option (a fair comparison
        # that never peeks at hidden information)
        guess = state.determinize(me, self.rng)
        values = []
        for act in options:
            after = guess.clone()
            after.apply(act, atomic=False)
            values.append(fn(after, me))
        best = max(values)
        ties = [a for a, v in zip(options, values, strict=True) if v == best]
        return ties[int(self.rng.integers(len(ties)))]
