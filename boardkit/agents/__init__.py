"""Players that decide through the State protocol only: random, greedy, MCTS, human."""

from .base import Agent, RandomAgent, make_agent, play

__all__ = ["Agent", "RandomAgent", "make_agent", "play"]
