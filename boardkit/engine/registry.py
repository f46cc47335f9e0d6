"""The registry of games: ``boardkit.games()`` and ``boardkit.game(name)``.

Built-in games are imported lazily (``import boardkit`` stays fast). A game defined anywhere
else is a first-class citizen in three ways:

* ``register(game)`` or ``register("package.module:GAME")`` in the running Python;
* an importable reference as the name: ``boardkit.game("package.module:GAME")`` imports and
  registers it (this is how worker processes and Dask workers find a course's own game);
* an installed package that declares an entry point in the group ``boardkit.games``
  (``[project.entry-points."boardkit.games"] my-game = "my_package.game:GAME"``) is listed by
  ``boardkit.games()`` without any import.
"""

from __future__ import annotations

import importlib
import sys
from importlib.metadata import entry_points

from .errors import UnknownGameError, clipped, shown
from .game import Game

#: name -> "module:attribute" of the built-in games
BUILTIN = {
    "dice-grid": "boardkit.examples.dice_grid:GAME",
    "lands": "boardkit.lands:GAME",
    "wishland": "boardkit.wishland:GAME",
    "freizeitpark": "boardkit.freizeitpark:GAME",
    "wanderlust": "boardkit.wanderlust:GAME",
}
#: the entry-point group through which installed packages offer games
ENTRY_POINTS = "boardkit.games"

_loaded: dict[str, Game] = {}
_refs: dict[str, str] = {}  # name -> "module:attribute" of games registered by reference


def _installed() -> dict[str, str]:
    """name -> "module:attribute" of the games installed packages offer (entry points)."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}


def _import(ref: str) -> Game:
    module, sep, attr = ref.partition(":")
    if not sep or not module or not attr:
        raise UnknownGameError(f"a game reference is 'module:attribute', not {shown(ref)}")
    try:
        found = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise UnknownGameError(f"cannot import the game {shown(ref)}: {clipped(str(exc), 200)}") from None
    if not isinstance(found, Game):
        raise UnknownGameError(f"{shown(ref)} is {type(found).__name__}, not a boardkit Game")
    return found


def register(game: Game | str) -> Game:
    """Add a game (or replace one of the same name) so ``boardkit.game(name)`` finds it.

    ``game``: a :class:`Game`, or its importable ``"module:attribute"`` reference (which
    also lets worker processes import it)."""
    if isinstance(game, str):
        ref, game = game, _import(game)
        _refs[game.name] = ref
    elif not isinstance(game, Game):
        raise TypeError(f"register() needs a boardkit Game or a 'module:attribute' reference, got {game!r}")
    _loaded[game.name] = game
    return game


def games() -> list[str]:
    """The names of every available game, sorted (built-in, registered and installed)."""
    return sorted(set(BUILTIN) | set(_loaded) | set(_installed()))


def game(name: str) -> Game:
    """The game called ``name`` (or imported from a ``"module:attribute"`` reference);
    :class:`UnknownGameError` lists the known ones."""
    if name in _loaded:
        return _loaded[name]
    if isinstance(name, str) and ":" in name:
        return register(name)
    ref = BUILTIN.get(name) or _installed().get(name)
    if ref is None:
        raise UnknownGameError(f"unknown game {shown(name)}; available: {', '.join(games())}")
    found = _import(ref)
    _loaded[name] = found
    return found


def reference(name: str) -> str | None:
    """How another Python process imports the game ``name``: a ``"module:attribute"``, or
    None when it was defined where nothing can import it (a notebook cell, ``__main__``)."""
    ref = BUILTIN.get(name) or _refs.get(name) or _installed().get(name)
    if ref is not None or name not in _loaded:
        return ref
    g = _loaded[name]
    module = g.state_class.__module__
    if module == "__main__" or module not in sys.modules:
        return None
    for attr, value in vars(sys.modules[module]).items():
        if value is g:
            return f"{module}:{attr}"
    return None
