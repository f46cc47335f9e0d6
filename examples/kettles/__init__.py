"""Kettles: a small card game with a hidden hand, a deck and a two-stage turn (a worked
example of docs/adding-a-game.md). The game is declared in ``game.py`` (``GAME``), its board
in ``board.py``; ``rules.toml`` and ``params.toml`` live next to them."""

from .game import GAME, ICE, Choose, KettlesState, Pour, heat

__all__ = ["GAME", "ICE", "Choose", "KettlesState", "Pour", "heat"]
