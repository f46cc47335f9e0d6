"""The agent protocol, the random agent and the play loop.

An agent sees a game only through the protocol: ``state.legal_actions()``,
``state.clone()``, ``state.determinize(player, rng)``, ``state.apply(action)``. It never
reads game-specific fields, so every agent plays every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np

from boardkit.engine import Action, State, VariantError


class Agent:
    """Base class: ``act(state)`` returns one of ``state.legal_actions()``."""

    name = "agent"

    def act(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def act(self, state: State) -> Action:
        options = state.legal_actions()
        if not options:
            raise ValueError("the game is over: there is nothing to choose")
        return options[int(self.rng.integers(len(options)))]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed})"


#: agent name -> factory(seed) (later issues add "greedy", "mcts", ...)
AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent}


def make_agent(name: str | Agent, seed: int = 0) -> Agent:
    """An agent by name (``"random"``); an Agent instance is returned as it is."""
    if isinstance(name, Agent):
        return name
    if name not in AGENTS:
        raise VariantError(f"unknown agent {name!r}; available: {', '.join(sorted(AGENTS))}")
    return AGENTS[name](seed)


def play(state: State, agents: Sequence[Agent] | Mapping[int, Agent],
         max_actions: int = 100_000, on_action: Callable[[State, Action], None] | None = None) -> State:
    """Let ``agents[seat]`` decide until the game is over (``state`` is changed in place)."""
    for _ in range(max_actions):
        if state.is_over:
            return state
        seat = state.current_player
        act = agents[seat].act(state)
        state.apply(act)
        if on_action is not None:
            on_action(state, act)
    raise RuntimeError(f"{state.game.name}: no end after {max_actions} actions")
