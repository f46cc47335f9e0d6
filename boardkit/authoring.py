"""``boardkit new NAME``: a playable starting game to turn into your own.

It writes, in a folder of its own, a small game (Nim) with everything a boardkit game has:
the rules (``NAME/game.py``, re-exported by ``NAME/__init__.py`` as boardkit's own games
do), the rule catalog (``rules.toml``), the parameters (``params.toml``), a board
(``board.py``), tests (``test_NAME.py``) and a notebook that plays it. The game is found by its importable reference (``boardkit.game("NAME:GAME")``),
so simulations on several processes find it too. The numbered guide is
``docs/adding-a-game.md``.

A game written in a notebook's cells lives in the notebook's ``__main__``, which other
processes cannot import: the cell magic ``%%game MODULE`` (``%load_ext boardkit.authoring``)
runs a cell and keeps it in the module file ``MODULE.py`` too; :func:`temp_folder` gives
such a game a folder of the account's own for its other files (its rule catalog).
"""

from __future__ import annotations

import getpass
import json
import os
import re
import stat
import sys
import tempfile
from importlib.resources import files
from pathlib import Path
from typing import Any

from boardkit.engine import BoardkitError

NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def names(name: str) -> dict[str, str]:
    """The spellings of a game name: the name, its module, class prefix and title."""
    if not isinstance(name, str) or not NAME.match(name) or len(name) > 40:
        raise BoardkitError(f"game name {name!r}: use lowercase letters, digits and single "
                            "hyphens, starting with a letter (e.g. 'river-crossing')")
    module = name.replace("-", "_")
    return {"NAME": name, "MODULE": module,
            "CLASS": "".join(part.capitalize() for part in name.split("-")),
            "TITLE": " ".join(part.capitalize() for part in name.split("-"))}


def _fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", value)
    return template


def _notebook(cells: list[list[str]]) -> dict:
    """An nbformat-4 notebook without outputs (validated by nbformat when it is installed)."""
    out = []
    for i, (kind, source) in enumerate(cells):
        cell: dict[str, Any] = {"cell_type": kind, "id": f"cell-{i:02d}", "metadata": {},
                                "source": source}
        if kind == "code":
            cell.update(execution_count=None, outputs=[])
        out.append(cell)
    nb = {"cells": out, "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                    "name": "python3"},
                                     "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    try:
        import nbformat
    except ImportError:  # Jupyter is not installed here: the file is still a valid notebook
        return nb
    nbformat.validate(nbformat.from_dict(nb))
    return nb


def create(name: str, where: str | Path = ".") -> Path:
    """Write the starting game ``name`` under ``where``; return its package folder.

    Refuses to overwrite anything: the package folder and the notebook must not exist."""
    values = names(name)
    root = Path(where)
    if not root.is_dir():
        raise BoardkitError(f"--dir {str(where)!r}: not an existing folder")
    package = root / values["MODULE"]
    notebook = root / f"{name}.ipynb"
    for path in (package, notebook):
        if path.exists():
            raise BoardkitError(f"{path} already exists: choose another name or folder")
    templates = files("boardkit") / "templates" / "newgame"

    def read(file: str) -> str:
        return _fill((templates / file).read_text(encoding="utf-8"), values)

    package.mkdir()
    (package / "__init__.py").write_text(read("init.py.tmpl"), encoding="utf-8")
    (package / "game.py").write_text(read("game.py.tmpl"), encoding="utf-8")
    (package / "board.py").write_text(read("board.py.tmpl"), encoding="utf-8")
    (package / "rules.toml").write_text(read("rules.toml.tmpl"), encoding="utf-8")
    (package / "params.toml").write_text(read("params.toml.tmpl"), encoding="utf-8")
    (package / f"test_{values['MODULE']}.py").write_text(read("test_game.py.tmpl"), encoding="utf-8")
    cells = json.loads(read("notebook.json.tmpl"))
    notebook.write_text(json.dumps(_notebook(cells), indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    return package



def _account() -> str:
    """This account's name, as a file name may hold it (the user id where it has none)."""
    try:
        import pwd  # POSIX: the account the process runs as, whatever $USER says

        name = pwd.getpwuid(os.getuid()).pw_name
    except (ImportError, KeyError):
        try:
            name = getpass.getuser()
        except (OSError, KeyError):  # no name at all (a container's bare user id): its number
            name = str(os.getuid()) if hasattr(os, "getuid") else "user"
    return re.sub(r"[^A-Za-z0-9._-]", "_", name) or "user"


def temp_folder(name: str) -> Path:
    """A folder of this account's own in the system's temporary folder,
    ``boardkit-NAME-ACCOUNT`` (``/tmp/boardkit-noughts-alice``), made if missing and
    readable by this account only: where a notebook keeps a game's files (its rule
    catalog) outside the project.

    The same account always gets the same folder, so a game's module imported again (by the
    kernel, by the worker processes of a simulation) finds the files written there; another
    account on a shared machine (a lab PC, a JupyterHub sharing ``/tmp``) gets its own. A
    folder of that name that this account does not own (or a link) is refused."""
    if not isinstance(name, str) or not NAME.match(name):
        raise BoardkitError(f"temp_folder({name!r}): use lowercase letters, digits and single "
                            "hyphens, starting with a letter (e.g. 'noughts')")
    folder = Path(tempfile.gettempdir()) / f"boardkit-{name}-{_account()}"
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    info = folder.lstat()
    mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    if not stat.S_ISDIR(info.st_mode) or not mine:
        raise BoardkitError(f"{folder} is not a folder of this account's own (another account "
                            "made it, or it is a link): remove it, or ask the machine's "
                            "administrator to")
    return folder


#: module name -> the cells kept for it by ``%%game``, by their first line, in first-run order
_CELLS: dict[str, dict[str, str]] = {}


def keep_cell(module: str, source: str, folder: str | Path = ".") -> Path:
    """Keep one cell of a game written in a notebook in the module file ``folder/module.py``,
    so that other processes (the processes and Dask backends) can import the game.

    The file holds every cell kept for ``module``, in the order they first ran; a cell run
    again replaces its earlier version (cells are told apart by their first line, so give
    each one its own: ``# the actions``). A module imported before is forgotten, so the next
    import reads the new file."""
    if not isinstance(module, str) or not module.isidentifier():
        raise BoardkitError(f"%%game {str(module)[:60]!r}: give the module's name, a Python "
                            "identifier such as 'noughts'")
    cells = _CELLS.setdefault(module, {})
    text = source.strip()
    cells[text.split("\n", 1)[0]] = text
    target = Path(folder) / f"{module}.py"
    target.write_text("\n\n\n".join(cells.values()) + "\n", encoding="utf-8")
    sys.modules.pop(module, None)
    return target


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext boardkit.authoring`` adds the cell magic ``%%game MODULE``: the cell runs
    as usual and is kept in ``MODULE.py`` next to the notebook (:func:`keep_cell`); register
    the game then as ``boardkit.game("MODULE:GAME")``."""
    from IPython.core.error import UsageError

    def game(line: str, cell: str) -> None:
        try:
            keep_cell(line.strip(), cell)
        except BoardkitError as exc:
            raise UsageError(str(exc)) from None
        shell.run_cell(cell)  # displays its result and its errors as any cell does

    shell.register_magic_function(game, magic_kind="cell", magic_name="game")
