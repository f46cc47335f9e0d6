"""Kettles: a starting game written with `boardkit new`.

The game is declared in ``game.py`` (``GAME``), its board in ``board.py``; ``rules.toml``
and ``params.toml`` live next to them. As the game grows, split ``game.py`` the way
boardkit's own games are laid out (docs/adding-a-game.md): ``actions.py``, ``params.py``,
``state.py``, ``flow.py``, one module per rulebook section, ``agents.py``.
"""

from .game import GAME, Take

__all__ = ["GAME", "Take"]
