"""Players that decide through the State protocol only: random, greedy, MCTS, human."""

from .base import Agent, HumanAgent, RandomAgent, apply_chosen, play
from .registry import LADDER, agent_names, make_agent

__all__ = ["LADDER", "Agent", "HumanAgent", "RandomAgent", "agent_names", "apply_chosen", "make_agent",
           "play"]
