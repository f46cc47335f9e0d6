"""The agent protocol, the random agent and the play loop.

An agent sees a game only through the protocol: ``state.legal_actions()``,
``state.clone()``, ``state.determinize(player, rng)``, ``state.apply(action)``. It never
reads game-specific fields, so every agent plays every game.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from boardkit.engine import Action, State, VariantError


class Agent:
    """Base class: ``act(state)`` returns one of ``state.legal_actions()``."""

    name = "agent"

    def act(self, state: State) -> Action:
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


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def act(self, state: State) -> Action:
        options = self.options(state)
        return options[int(self.rng.integers(len(options)))]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed})"


#: how many times the default iterations the stronger, slower search setting uses
STRONG = 4


def _mcts(seed: int, iterations: int | None = None, *, game=None, strength: int = 1) -> Agent:
    """The default search agent: MCTS with the game's own settings (``Game(search=...)``)."""
    from boardkit.engine.game import resolve

    from .mcts import MCTSAgent

    settings = dict(game.search) if game is not None else {}
    default = settings.pop("iterations", 200)
    cls = resolve(settings.pop("agent", MCTSAgent))  # a game's own refinement of the search
    return cls(iterations=iterations or default * strength, seed=seed, **settings)


def _mcts_strong(seed: int, iterations: int | None = None, *, game=None) -> Agent:
    """The stronger, slower setting: the default search with STRONG times the iterations
    (measured stronger than ``mcts`` at 2 players, not in the solo modes: decision 38)."""
    return _mcts(seed, iterations, game=game, strength=STRONG)


def _greedy(seed: int) -> Agent:
    from .greedy import GreedyAgent

    return GreedyAgent(seed=seed)


class HumanAgent(Agent):
    """A seat played by a person on a board (``Board(opponents=...)`` leaves it to clicks).

    In a headless ``play()`` loop there is nobody to click, so it refuses clearly.
    """

    name = "human"

    def __init__(self, seed: int | None = None):
        self.seed = seed

    def act(self, state: State) -> Action:
        raise VariantError(f"P{self.mover(state) + 1} is played by a person: use the game's "
                           "board (or give this seat an AI agent)")


#: agent name -> factory(seed[, budget]); games add their own through ``Game(agents=...)``
AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent, "greedy": _greedy,
                                           "mcts": _mcts, "mcts-strong": _mcts_strong,
                                           "human": HumanAgent}
#: the playing-strength ladder every game offers, weakest first (each beats the one before)
LADDER = ("random", "greedy", "mcts", "mcts-strong")


def agent_names(game: str | None = None) -> list[str]:
    """The agent names available (for ``game``: its own agents too)."""
    names = set(AGENTS)
    if game is not None:
        from boardkit.engine import game as get_game

        names |= set(get_game(game).agents)
    return sorted(names)


def make_agent(name: str | Agent, seed: int = 0, game: str | None = None) -> Agent:
    """An agent by name: ``"random"``, ``"greedy"``, ``"mcts"`` (the game's default search),
    ``"mcts-strong"``, a budget after a colon (``"mcts:500"``: iterations, reproducible;
    ``"mcts:1.5s"``: seconds per decision), or a name the game itself provides
    (``Game(agents={"greedy": factory})``). Instances pass through."""
    if isinstance(name, Agent):
        return name
    if not isinstance(name, str):
        raise VariantError(f"an agent is a name or an Agent, not {name!r}")
    from boardkit.engine import game as get_game
    from boardkit.engine.game import resolve

    base, _, arg = name.partition(":")
    own = get_game(game).agents if game is not None else {}
    factories = {**AGENTS, **own}
    if base not in factories:
        raise VariantError(f"unknown agent {name!r}; available: {', '.join(agent_names(game))}")
    if base == "mcts-strong" and "mcts" in own and "mcts-strong" not in own:
        # the game ships its own search agent: its stronger setting has STRONG times the work
        agent = make_agent(f"mcts{':' + arg if arg else ''}", seed, game)
        if not arg:
            if not hasattr(agent, "iterations"):
                raise VariantError(f"agent {name!r}: the game's 'mcts' agent has no iteration "
                                   "budget to multiply (give a budget: 'mcts-strong:800')")
            agent.iterations *= STRONG
        return agent
    factory = resolve(factories[base])
    extra = {}
    if game is not None and "game" in inspect.signature(factory).parameters:
        extra["game"] = get_game(game)
    if not arg:
        return factory(seed, **extra)
    seconds = None
    try:
        if arg.endswith("s"):
            seconds = float(arg[:-1])
            if not seconds > 0 or math.isinf(seconds):
                raise ValueError
        else:
            budget = int(arg)
            if budget < 1:
                raise VariantError(f"agent {name!r}: the budget must be at least 1")
    except ValueError:
        raise VariantError(f"agent {name!r}: the part after ':' must be a number of iterations "
                           "(':200') or of seconds per decision (':1.5s')") from None
    if seconds is not None:
        agent = factory(seed, **extra)
        if not hasattr(agent, "time_limit"):
            raise VariantError(f"agent {base!r} takes no time budget (':{arg}')")
        agent.time_limit = seconds
        return agent
    try:
        return factory(seed, budget, **extra)
    except TypeError:
        raise VariantError(f"agent {base!r} takes no budget (':{arg}')") from None


def apply_chosen(state: State, act: Action) -> None:
    """Apply an agent's choice in a play loop.

    The action is still checked (an agent's illegal choice raises ``RuleViolation`` and
    changes nothing), but it is applied without the atomic snapshot: a choice among the
    legal actions cannot fail half-way unless a rule has a bug, and the snapshot costs up to
    half of a decision in small games. While a teacher's forced random outcomes are pending
    (one could still be refused when it is drawn) the atomic path is kept.
    """
    state.apply(act, atomic=state.has_forced_outcomes)


def play(state: State, agents: Sequence[Agent] | Mapping[int, Agent],
         max_actions: int = 100_000, on_action: Callable[[State, Action], None] | None = None,
         before_action: Callable[[State], None] | None = None) -> State:
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
