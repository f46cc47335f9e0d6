"""Simulation at scale and game-design metrics (needs the ``analysis`` extra: pandas, tqdm)."""

from .simulation import game_seeds, simulate, summarize

__all__ = ["game_seeds", "simulate", "summarize"]
