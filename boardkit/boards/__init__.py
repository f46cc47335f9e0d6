"""Interactive boards: Python draws the SVG, a small generic front end reports clicks.

:class:`Board` is the teaching panel every game shares (legal targets highlighted, event log
with a slider, undo, "view as", AI move, auto-play); a game's board subclasses it and
implements ``render``, ``targets`` and ``intent``; a grid of cells, one action each, only
says what a cell shows (:class:`GridBoard`). :mod:`boardkit.boards.svg` holds the drawing
helpers.
"""

from . import svg
from .base import (
    TURN,
    Board,
    BoardCanvas,
    ClickMessage,
    DragMessage,
    KeyMessage,
    SeatError,
    parse_message,
)
from .grid import GridBoard

__all__ = ["Board", "BoardCanvas", "ClickMessage", "DragMessage", "GridBoard", "KeyMessage",
           "SeatError", "TURN", "parse_message", "svg"]
