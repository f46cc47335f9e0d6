"""Cell sets of a small rectangular grid as the bits of one Python integer.

The rules of the grid games ask the same few questions many thousand times per simulated
game — which cells border this group, which groups does it split into, which empty cells
are cut off from the border — about a handful of cells each. At that size a Python integer
used as a bit set answers in a microsecond or two, where building numpy arrays costs tens
(measured about 17× on Freizeitpark's sheets), so the search agents' playouts use this
representation. :mod:`boardkit.engine.grid` stays the readable reference (and the route for
free, continuous geometry through shapely); ``tests/test_bitgrid.py`` checks that both give
the same answers on random cell sets.

Layout: cell (x, y) is bit ``y * stride + x`` with ``stride = width + 1``. The extra guard
column is never a cell, so shifting a row by one never wraps into the next row.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache


class BitGrid:
    """The bit layout of a ``width × height`` grid (get one with :func:`bitgrid`)."""

    __slots__ = ("width", "height", "stride", "full", "border", "_rows")

    def __init__(self, width: int, height: int):
        if width < 1 or height < 1:
            raise ValueError(f"a grid has at least one cell, not {width}x{height}")
        self.width, self.height = width, height
        self.stride = width + 1
        row = (1 << width) - 1
        self._rows = [row << (y * self.stride) for y in range(height)]
        self.full = sum(self._rows)
        left = sum(1 << (y * self.stride) for y in range(height))
        right = left << (width - 1)
        self.border = (self._rows[0] | self._rows[-1] | left | right) & self.full

    def __repr__(self) -> str:
        return f"bitgrid({self.width}, {self.height})"

    # ---------------------------------------------------------------- cells <-> bits
    def bit(self, x: int, y: int) -> int:
        return 1 << (y * self.stride + x)

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def mask(self, cells: Iterable[tuple[int, int]]) -> int:
        """The bits of ``cells``; cells off the grid are left out."""
        m = 0
        w, h, s = self.width, self.height, self.stride
        for x, y in cells:
            if 0 <= x < w and 0 <= y < h:
                m |= 1 << (y * s + x)
        return m

    def cells(self, mask: int) -> list[tuple[int, int]]:
        """The cells of ``mask`` in bit order (row by row, then by x)."""
        out = []
        s = self.stride
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            out.append((i % s, i // s))
            mask ^= low
        return out

    def flat(self, mask: int, row: int | None = None) -> list[int]:
        """The cells of ``mask`` as flat indices ``y * row + x`` (row-major without the
        guard column; ``row`` defaults to the grid's width)."""
        out = []
        s, w = self.stride, row or self.width
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            out.append(i // s * w + i % s)
            mask ^= low
        return out

    # ---------------------------------------------------------------- neighbourhoods
    def grow(self, mask: int, corners: bool = False) -> int:
        """``mask`` with every cell sharing an edge (and with ``corners``, a corner) with it."""
        s = self.stride
        m = mask | (mask << 1) | (mask >> 1)
        if corners:
            return (m | (m << s) | (m >> s)) & self.full
        return (m | (mask << s) | (mask >> s)) & self.full

    def neighbours(self, mask: int, corners: bool = False) -> int:
        """The cells outside ``mask`` that border it by an edge (or also a corner)."""
        return self.grow(mask, corners) & ~mask

    def flood(self, seed: int, within: int) -> int:
        """The cells of ``within`` reached from ``seed`` (inside ``within``) along edges."""
        seen = seed & within
        while True:
            grown = self.grow(seen) & within
            if grown == seen:
                return seen
            seen = grown

    # ---------------------------------------------------------------- groups and regions
    def components(self, mask: int) -> list[int]:
        """The edge-connected groups of ``mask``, ordered by their lowest bit."""
        out = []
        while mask:
            group = self.flood(mask & -mask, mask)
            out.append(group)
            mask &= ~group
        return out

    def connected(self, mask: int) -> bool:
        """One edge-connected group (an empty mask counts as connected)."""
        return not mask or self.flood(mask & -mask, mask) == mask

    def enclosed(self, filled: int) -> int:
        """The empty cells cut off (by edges) from the grid's border."""
        empty = self.full & ~filled
        return empty & ~self.flood(empty & self.border, empty)


@cache
def bitgrid(width: int, height: int) -> BitGrid:
    """The (shared, immutable) bit layout of a ``width × height`` grid."""
    return BitGrid(width, height)


__all__ = ["BitGrid", "bitgrid"]
