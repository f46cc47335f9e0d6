"""The agent protocol, the random agent and the play loop.

An agent sees a game only through the protocol: ``state.legal_actions()``,
``state.clone()``, ``state.determinize(player, rng)``, ``state.apply(action)``. It never
reads game-specific fields, so every agent plays every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

import numpy as np

from boardkit.engine import Action, State, VariantError

#: the game's State class an agent plays (``class LandsGreedy(Agent[LandsState])``); an
#: agent of any State plays every game's (``Agent[State]`` is an ``Agent[LandsState]``)
S_contra = TypeVar("S_contra", bound=State, contravariant=True)
S = TypeVar("S", bound=State)

#: how many times the default iterations the stronger, slower search setting uses
STRONG = 4


class Agent(Generic[S_contra]):
    """Base class: ``act(state)`` returns one of ``state.legal_actions()``.

    A game's own agent may name its State class as the parameter, so that it reads that
    class's fields with their types; a plain ``Agent`` plays any game."""

    name = "agent"

    def act(self, state: S_contra) -> Action:
        raise NotImplementedError

    @staticmethod
    def options(state: State) -> list[Action]:
        """The legal actions; a finished game is an error (there is nothing to choose)."""
        options = state.legal_actions()
        if not options:
            raise ValueError("the game is over: there is nothing to choose")
        return options

    @staticmethod
    def mover(state: State) -> int:
        """The seat deciding now; a finished game is an error (nobody decides)."""
        player = state.current_player
        if player is None:
            raise ValueError("the game is over: there is nothing to choose")
        return player

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomAgent(Agent[State]):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def act(self, state: State) -> Action:
        options = self.options(state)
        return options[int(self.rng.integers(len(options)))]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed})"


class HumanAgent(Agent[State]):
    """A seat played by a person on a board (``Board(opponents=...)`` leaves it to clicks).

    In a headless ``play()`` loop there is nobody to click, so it refuses clearly.
    """

    name = "human"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, state: State) -> Action:
        raise VariantError(f"P{self.mover(state) + 1} is played by a person: use the game's "
                           "board (or give this seat an AI agent)")


def apply_chosen(state: State, act: Action) -> None:
    """Apply an agent's choice in a play loop.

    The action is still checked (an agent's illegal choice raises ``RuleViolation`` and
    changes nothing), but it is applied without the atomic snapshot: a choice among the
    legal actions cannot fail half-way unless a rule has a bug, and the snapshot costs up to
    half of a decision in small games. While a teacher's forced random outcomes are pending
    (one could still be refused when it is drawn) the atomic path is kept.
    """
    state.apply(act, atomic=state.has_forced_outcomes)


def play(state: S, agents: Sequence[Agent[S]] | Mapping[int, Agent[S]],
         max_actions: int = 100_000, on_action: Callable[[S, Action], None] | None = None,
         before_action: Callable[[S], None] | None = None) -> S:
    """Let ``agents[seat]`` decide until the game is over (``state`` is changed in place).

    The one loop in which agents play a whole game (simulations, analyses, teaching checks,
    interop measurements): ``before_action(state)`` watches each decision before it is taken,
    ``on_action(state, action)`` after it was applied. A game that does not end within
    ``max_actions`` decisions is a ``RuntimeError``.
    """
    for _ in range(max_actions):
        if state.is_over:
            return state
        if before_action is not None:
            before_action(state)
        act = agents[Agent.mover(state)].act(state)
        apply_chosen(state, act)
        if on_action is not None:
            on_action(state, act)
    raise RuntimeError(f"{state.game.name}: no end after {max_actions} actions")
