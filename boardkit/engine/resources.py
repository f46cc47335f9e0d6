"""Where the shipped data files and widget assets live.

In the source tree (editable install) they sit beside the package as ``data/`` and
``widgets/``; in a wheel they are copied into the package as ``boardkit/_data`` and
``boardkit/_widgets`` (see ``pyproject.toml``). Every caller goes through these two
functions, so both installs are found the same way.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent.parent


def _find(installed: str, source: str) -> Path:
    for candidate in (_PKG / installed, _PKG.parent / source):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"boardkit cannot find its '{source}' folder (looked in {_PKG / installed} and "
        f"{_PKG.parent / source}); the installation is incomplete"
    )


@cache
def data_dir() -> Path:
    """The folder holding ``<game>/*.toml`` content files."""
    return _find("_data", "data")


@cache
def widgets_dir() -> Path:
    """The folder holding the boards' front-end ES modules and CSS."""
    return _find("_widgets", "widgets")


def data_file(game: str, name: str) -> Path:
    path = data_dir() / game / name
    if not path.is_file():
        raise FileNotFoundError(f"no data file {game}/{name} in {data_dir()}")
    return path
