"""Das Spielblatt (the sheet): one player's grid of cells, each empty or holding one symbol.

Cells are ``(x, y)``: column from the left, row from the top. In words (messages, the log,
the board's axis labels) a cell is named as the sheet labels it, :func:`sheet_labels`: column
letters from A, rows numbered from 1 at the top (``(1, 0)`` is B1). Nothing drawn is ever erased
(rule ``freizeitpark.struktur.frei``): :meth:`Sheet.draw` only fills empty cells. The sheet
remembers the analysis of its current drawing (groups, finished constructs, enclosed
cells, ...) until the next drawing; that cache is never saved or copied.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from boardkit.engine.grid import GridLabels

from .content import Cell


@cache
def sheet_labels(width: int, height: int) -> GridLabels:
    """How a ``width × height`` sheet names its cells: the board's axis labels and every
    message, log line and hint that names a cell (rows from 1 at the top)."""
    return GridLabels(width, height, rows_up=False, name="sheet")


class Sheet:
    """A player's sheet: ``cells`` maps each drawn cell to its symbol id."""

    __slots__ = ("width", "height", "cells", "version", "_cache", "_last")

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells: dict[Cell, str] = {}
        self.version = 0
        # (version, ruleset, analysis) of the current or previous drawing, kept by
        # konstrukte.analysis (the sheet knows neither: they are built on it)
        self._cache: tuple[int, object, object] | None = None
        # (symbol, cells) of the last drawing (for updating the analysis)
        self._last: tuple[str, tuple[Cell, ...]] | None = None

    # pickling (engine snapshots, clones, worker processes) leaves the cache behind
    def __getstate__(self) -> tuple[int, int, dict[Cell, str], int]:
        return (self.width, self.height, self.cells, self.version)

    def __setstate__(self, data: tuple[int, int, dict[Cell, str], int]) -> None:
        self.width, self.height, self.cells, self.version = data
        self._cache = self._last = None

    @classmethod
    def from_rows(cls, rows: Sequence[str], glyphs: dict[str, str] | None = None) -> Sheet:
        """A sheet drawn by hand (no rules checked), one character per cell, top row first:
        ``.`` is empty, other characters are symbol glyphs (``A`` Achterbahn, ``L``
        Landschaft, ... as in ``data/freizeitpark/constructs.toml``)."""
        if glyphs is None:
            from .content import content

            glyphs = {c.glyph: c.id for c in content().constructs.values()}
        sheet = cls(len(rows[0]), len(rows))
        for y, row in enumerate(rows):
            if len(row) != sheet.width:
                raise ValueError(f"row {y} has {len(row)} cells, not {sheet.width}")
            for x, ch in enumerate(row):
                if ch != ".":
                    if ch not in glyphs:
                        raise ValueError(f"row {y}: unknown glyph {ch!r} (known: {''.join(glyphs)})")
                    sheet.cells[(x, y)] = glyphs[ch]
        return sheet

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    @property
    def labels(self) -> GridLabels:
        """The names of this sheet's cells, as its board labels them (:func:`sheet_labels`)."""
        return sheet_labels(self.width, self.height)

    def is_empty(self, cell: Cell) -> bool:
        return cell not in self.cells

    def draw(self, cells: Iterable[Cell], symbol: str) -> None:
        """Fill empty cells with ``symbol`` (callers have checked the rules)."""
        cells = list(cells)
        taken = [c for c in cells if c in self.cells or not self.inside(c)]
        if taken:
            raise ValueError(f"cannot draw on {taken}: cells must be empty and on the sheet")
        for c in cells:
            self.cells[c] = symbol
        self.version += 1
        self._last = (symbol, tuple(cells))

    def filled(self) -> list[Cell]:
        return list(self.cells)

    def empty_count(self) -> int:
        return self.width * self.height - len(self.cells)

    def rows(self) -> list[list[str | None]]:
        """The sheet as rows (top first) of symbol ids or ``None`` (JSON-friendly)."""
        return [[self.cells.get((x, y)) for x in range(self.width)] for y in range(self.height)]

    def copy(self) -> Sheet:
        other = Sheet(self.width, self.height)
        other.cells = dict(self.cells)
        other.version = self.version
        other._cache = self._cache
        return other

    def __repr__(self) -> str:
        return f"<Sheet {self.width}x{self.height}, {len(self.cells)} cells drawn>"

    def text(self, glyphs: dict[str, str] | None = None) -> str:
        """A plain-text picture: one character per cell, '.' for empty."""
        glyphs = glyphs or {}
        return "\n".join("".join(glyphs.get(s, s[0].upper()) if s else "." for s in row)
                         for row in self.rows())
