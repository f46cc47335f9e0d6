"""The bit-set grid answers exactly as the reference grid functions (numpy / shapely) do."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.engine.bitgrid import BitGrid, bitgrid
from boardkit.engine.grid import components, enclosed_empty_cells, neighbours


@st.composite
def grids(draw):
    w = draw(st.integers(1, 12))
    h = draw(st.integers(1, 12))
    cells = draw(st.sets(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)), max_size=w * h))
    return w, h, sorted(cells)


def as_set(arr) -> set[tuple[int, int]]:
    return {(int(x), int(y)) for x, y in np.asarray(arr).reshape(-1, 2).tolist()}


@settings(max_examples=300, deadline=None)
@given(grids(), st.booleans())
def test_neighbours_match_the_reference(g, corners):
    w, h, cells = g
    grid = bitgrid(w, h)
    mine = set(grid.cells(grid.neighbours(grid.mask(cells), corners)))
    ref = {c for c in as_set(neighbours(cells, corners=corners)) if grid.inside(*c)} if cells else set()
    assert mine == ref


@settings(max_examples=300, deadline=None)
@given(grids())
def test_components_match_the_reference(g):
    w, h, cells = g
    grid = bitgrid(w, h)
    mine = {frozenset(grid.cells(m)) for m in grid.components(grid.mask(cells))}
    ref = {frozenset(as_set(c)) for c in components(cells)} if cells else set()
    assert mine == ref
    assert grid.connected(grid.mask(cells)) == (len(ref) <= 1)


@settings(max_examples=300, deadline=None)
@given(grids())
def test_enclosed_cells_match_the_reference(g):
    w, h, cells = g
    grid = bitgrid(w, h)
    enclosed = grid.enclosed(grid.mask(cells))
    mine = {frozenset(grid.cells(m)) for m in grid.components(enclosed)}
    ref = {frozenset(as_set(r)) for r in enclosed_empty_cells(w, h, cells)}
    assert mine == ref


@settings(max_examples=100, deadline=None)
@given(grids())
def test_cells_masks_and_flat_indices_round_trip(g):
    w, h, cells = g
    grid = bitgrid(w, h)
    m = grid.mask(cells)
    assert sorted(grid.cells(m)) == cells
    assert sorted(grid.flat(m)) == sorted(y * w + x for x, y in cells)
    assert grid.mask([(-1, 0), (w, 0), (0, h)]) == 0  # off the grid: left out
    assert m & ~grid.full == 0


def test_the_border_and_a_ring():
    grid = bitgrid(5, 4)
    assert len(grid.cells(grid.border)) == 2 * 5 + 2 * 2
    cup = [(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]
    assert grid.cells(grid.enclosed(grid.mask(cup))) == []  # (2, 3) is on the border
    tall = bitgrid(5, 5)
    ring = [(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3), (3, 3)]
    assert tall.cells(tall.enclosed(tall.mask(ring))) == [(2, 2)]
    assert bitgrid(5, 5) is tall  # shared


def test_a_grid_has_cells():
    with pytest.raises(ValueError, match="at least one cell"):
        BitGrid(0, 3)
