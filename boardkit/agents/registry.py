"""Agents by name: the built-in ones, a game's own (``Game(agents=...)``) and budgets.

``make_agent("mcts:500", seed, game="lands")`` is how simulations, boards and the command
line get their players; :data:`LADDER` lists the playing-strength ladder every game offers.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

from boardkit.engine import VariantError
from boardkit.engine import game as get_game
from boardkit.engine.game import resolve

from .base import STRONG, Agent, HumanAgent, RandomAgent
from .greedy import greedy_agent

#: agent name -> factory(seed[, budget]); games add their own through ``Game(agents=...)``
#: (the search agents by "module:attribute" reference, imported when first made: the
#: search itself asks this registry for a game's greedy agent)
AGENTS: dict[str, Callable[..., Agent[Any]] | str] = {
    "random": RandomAgent, "greedy": greedy_agent, "mcts": "boardkit.agents.mcts:search_agent",
    "mcts-strong": "boardkit.agents.mcts:strong_search_agent", "human": HumanAgent}
#: the playing-strength ladder every game offers, weakest first (each beats the one before)
LADDER = ("random", "greedy", "mcts", "mcts-strong")


def agent_names(game: str | None = None) -> list[str]:
    """The agent names available (for ``game``: its own agents too)."""
    names = set(AGENTS)
    if game is not None:
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
