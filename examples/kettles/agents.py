"""A rule-of-thumb player for Kettles: it plans both stages of its turn at once.

The ``greedy`` agent looks one decision ahead, and choosing a card changes no score, so it
cannot tell a good card from a bad one in the first stage. The planner values every pair
(card, kettle) of its turn by how much it gains on the others, then plays the card of the
best pair and, in the second stage, the best kettle for that card. It reads the state as the
rules let the deciding player: its own hand and the face-up kettles.
"""

from __future__ import annotations

import numpy as np

from boardkit.agents import Agent
from boardkit.engine import Action, State

from .game import ICE, Choose, KettlesState, Pour, heat


def gain(state: KettlesState, me: int, card: int, kettle: int) -> float:
    """What pouring ``card`` into ``kettle`` is worth to ``me``: heat won for my kettle,
    heat taken from another's (a boil-over takes it all), heat given to another."""
    before = heat(state.kettles[kettle])
    after = heat(state.kettles[kettle] + [card])
    if after > state.params.limit:
        after = 0
    return after - before if kettle == me else before - after


class PlannerAgent(Agent):
    """Plays the (card, kettle) pair that gains the most; ties are broken at random."""

    name = "planner"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = np.random.default_rng(seed)

    def act(self, state: State) -> Action:
        assert isinstance(state, KettlesState)
        me = self.mover(state)
        options = self.options(state)
        if state.chosen is None:  # first stage: the card of the best pair
            pairs = [(gain(state, me, c, k), c) for c in set(state.hands[me])
                     for k in range(state.players) if c != ICE or k != me]
            best = max(v for v, _ in pairs)
            cards = sorted({c for v, c in pairs if v == best})
            return Choose(cards[int(self.rng.integers(len(cards)))])
        card = state.chosen  # second stage: the best kettle for it
        values = {a: gain(state, me, card, a.kettle) for a in options if isinstance(a, Pour)}
        best = max(values.values())
        kettles = [a for a, v in values.items() if v == best]
        return kettles[int(self.rng.integers(len(kettles)))]


def planner(seed: int | None = 0) -> Agent:
    return PlannerAgent(seed)
