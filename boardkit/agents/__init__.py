"""Players that decide through the State protocol only: random, greedy, MCTS, human."""

from .base import (
    LADDER,
    Agent,
    HumanAgent,
    RandomAgent,
    agent_names,
    apply_chosen,
    make_agent,
    play,
)

__all__ = ["LADDER", "Agent", "HumanAgent", "RandomAgent", "agent_names", "apply_chosen", "make_agent",
           "play"]
