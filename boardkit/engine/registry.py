"""The registry of games: ``boardkit.games()`` and ``boardkit.game(name)``.

Built-in games are imported lazily (``import boardkit`` stays fast). A game defined anywhere
else is a first-class citizen in three ways:

* ``register(game)`` or ``register("package.module:GAME")`` in the running Python;
* an importable reference as the name: ``boardkit.game("package.module:GAME")`` imports and
  registers it (this is how worker processes and Dask workers find a course's own game);
* an installed package that declares an entry point in the group ``boardkit.games``
  (``[project.entry-points."boardkit.games"] my-game = "my_package.game:GAME"``) is listed by
  ``boardkit.games()`` without any import.

A bare name that is no listed game but names a module in the current folder (``pickpocket``
for ``./pickpocket.py`` or ``./pickpocket/``) is that module's ``GAME``. A game module that
fails to import is reported with the file and line where it failed.
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback
from importlib.metadata import entry_points
from pathlib import Path

from .errors import BoardkitError, UnknownGameError, clipped, shown
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
#: other names a game was found by (its module's name from the current folder): not listed
_aliases: dict[str, Game] = {}
_refs: dict[str, str] = {}  # name -> "module:attribute" of games registered by reference


def _installed() -> dict[str, str]:
    """name -> "module:attribute" of the games installed packages offer (entry points)."""
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINTS)}


def _where(exc: BaseException) -> str:
    """Where an exception raised while importing a module comes from: " (file, line N:
    source)" for the innermost frame of one's own code (not importlib's), or ""."""
    if isinstance(exc, SyntaxError) and exc.filename:
        line = (exc.text or "").strip()
        return f" ({_short(exc.filename)}, line {exc.lineno}{': ' + line if line else ''})"
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if not f.filename.startswith("<frozen ") and "importlib" not in f.filename]
    if not frames:
        return ""
    f = frames[-1]
    return f" ({_short(f.filename)}, line {f.lineno}{': ' + f.line if f.line else ''})"


def _short(filename: str) -> str:
    try:
        return os.path.relpath(filename)
    except ValueError:  # another drive
        return filename


def _import(ref: str) -> Game:
    module, sep, attr = ref.partition(":")
    if not sep or not module or not attr:
        raise UnknownGameError(f"a game reference is 'module:attribute', not {shown(ref)}")
    try:
        found_module = importlib.import_module(module)
    except BoardkitError:
        raise  # the game's own declaration refused (it names the class and the fix)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module == exc.name or module.startswith(exc.name + ".")):
            raise UnknownGameError(
                f"cannot import the game {shown(ref)}: no module {exc.name!r} on Python's path; "
                f"run the command in the folder that holds {exc.name.replace('.', '/')}.py (or "
                f"its package folder), or add that folder to PYTHONPATH") from None
        raise UnknownGameError(f"cannot import the game {shown(ref)}: its module failed to import: "
                               f"{clipped(str(exc), 200)}{_where(exc)}") from exc
    except Exception as exc:  # the module itself is wrong: say where
        raise UnknownGameError(f"cannot import the game {shown(ref)}: its module failed to import: "
                               f"{type(exc).__name__}: {clipped(str(exc), 200)}{_where(exc)}") from exc
    found = getattr(found_module, attr, None)
    if found is None:
        raise UnknownGameError(f"cannot import the game {shown(ref)}: module {module!r} "
                               f"({_short(getattr(found_module, '__file__', '') or module)}) has no "
                               f"{attr!r}; define {attr} = Game(...) there")
    if not isinstance(found, Game):
        raise UnknownGameError(f"{shown(ref)} is {type(found).__name__}, not a boardkit Game")
    return found


def _local(name: str) -> str | None:
    """The reference ``"module:GAME"`` of a bare name that names a module in the current
    folder (``./module.py`` or ``./module/__init__.py``), or None."""
    if not isinstance(name, str) or len(name) > 100 or not name.replace("-", "_").isidentifier():
        return None
    module = name.replace("-", "_")
    here = Path.cwd()
    try:
        if not ((here / f"{module}.py").is_file() or (here / module / "__init__.py").is_file()):
            return None
    except OSError:  # a name the file system refuses
        return None
    if str(here) not in sys.path and "" not in sys.path:
        sys.path.append(str(here))
    return f"{module}:GAME"


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
    if name in _aliases:
        return _aliases[name]
    if isinstance(name, str) and ":" in name:
        return register(name)
    ref = BUILTIN.get(name) or _installed().get(name)
    if ref is None:
        local = _local(name)
        if local is not None:
            found = register(local)
            if name != found.name:
                _aliases[name] = found
            return found
        raise UnknownGameError(f"unknown game {shown(name)}; available: {', '.join(games())} "
                               "(a game of your own: its reference 'module:GAME', or its module's "
                               "name from the folder that holds it)")
    found = _import(ref)
    _loaded[name] = found
    return found


def reference(name: str) -> str | None:
    """How another Python process imports the game ``name``: a ``"module:attribute"``, or
    None when it was defined where nothing can import it (a notebook cell, ``__main__``)."""
    if name in _aliases:  # found by its module's name: the game's own name
        name = _aliases[name].name
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
