"""Players that decide through the State protocol only: random, greedy, MCTS, human."""

from .base import Agent, HumanAgent, RandomAgent, agent_names, apply_chosen, make_agent, play

__all__ = ["Agent", "HumanAgent", "RandomAgent", "agent_names", "apply_chosen", "make_agent",
           "play"]
