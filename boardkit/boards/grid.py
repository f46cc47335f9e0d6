"""A board that is a grid of cells, each cell one action: tic-tac-toe, Connect Four, Reversi.

A game of this kind only says how big the grid is and what each cell shows and means::

    class TicTacToeBoard(GridBoard):
        columns = rows = 3

        def cell(self, state, viewer, x, y):
            return MARKS[state.grid[3 * y + x]], Place(3 * y + x)

The picture (a headline with whose turn it is, the grid, the legal cells highlighted) and
the clicks (each cell's target is its action's code, :func:`~boardkit.boards.base.action_target`,
so an illegal click is explained by its rule) come from here; the game needs a codec.
"""

from __future__ import annotations

from boardkit.engine import Action, State

from . import svg as S
from .base import Board, action_target

MARGIN, TOP = 16, 44


class GridBoard(Board):
    """A ``columns`` × ``rows`` grid whose cells are drawn by :meth:`cell`."""

    columns: int = 3
    rows: int = 3
    #: a cell's side, in the SVG's units
    size: float = 64

    def cell(self, state: State, viewer: int | str | None, x: int, y: int) -> tuple[str, Action | None]:
        """What cell ``(x, y)`` (column, row, from the top left) shows as ``viewer`` may
        see it, and the action a click on it means, legal or not (None: not clickable)."""
        raise NotImplementedError

    def render(self, state: State, viewer: int | str | None, legal_targets: set[str]) -> str:
        def spec(x: int, y: int) -> S.Cell:
            label, act = self.cell(state, viewer, x, y)
            target = None if act is None else action_target(state, act)
            return S.Cell(label=label, target=target,
                          title=f"row {y + 1}, column {x + 1}" + (f": {label}" if label else ""))

        width, height = S.grid_size(self.columns, self.rows, self.size)
        headline = self.status_text(state)
        parts = [S.text(MARGIN, 26, headline, size=15, weight=600),
                 S.grid(self.columns, self.rows, spec, x0=MARGIN, y0=TOP, size=self.size,
                        legal=legal_targets)]
        doc_w = max(2 * MARGIN + width, 2 * MARGIN + S.text_width(headline, 15, bold=True))
        return S.document(doc_w, TOP + height + MARGIN, parts, title=headline,
                          game=state.game.name, actions=state.action_count,
                          viewer=S.viewer_label(viewer))
