"""The registry of games: ``boardkit.games()`` and ``boardkit.game(name)``.

Built-in games are imported lazily (``import boardkit`` stays fast); a course can add its
own game with :func:`register`.
"""

from __future__ import annotations

import importlib

from .errors import UnknownGameError
from .game import Game

#: name -> "module:attribute" of the built-in games that exist so far
BUILTIN = {
    "dice-grid": "boardkit.examples.dice_grid:GAME",
    "lands": "boardkit.lands:GAME",
    "wishland": "boardkit.wishland:GAME",
    "freizeitpark": "boardkit.freizeitpark:GAME",
    "wanderlust": "boardkit.wanderlust:GAME",
}

_loaded: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game (or replace one of the same name) so ``boardkit.game(name)`` finds it."""
    if not isinstance(game, Game):
        raise TypeError(f"register() needs a boardkit Game, got {game!r}")
    _loaded[game.name] = game
    return game


def games() -> list[str]:
    """The names of every available game, sorted."""
    return sorted(set(BUILTIN) | set(_loaded))


def game(name: str) -> Game:
    """The game called ``name``; :class:`UnknownGameError` lists the known ones."""
    if name in _loaded:
        return _loaded[name]
    if name not in BUILTIN:
        raise UnknownGameError(f"unknown game {name!r}; available: {', '.join(games())}")
    module, attr = BUILTIN[name].split(":")
    found = getattr(importlib.import_module(module), attr)
    _loaded[name] = found
    return found
