"""Exact square-grid geometry shared by the tile-laying games.

Used by *Lands of Amazement* (square cards of unit cells laid on a table, later
cards cover earlier ones) and *Freizeitpark* (polyominoes drawn on a 10x10 sheet).

Conventions
-----------
* A **cell** is an integer pair ``(x, y)`` naming the closed unit square
  ``[x, x+1] x [y, y+1]``; x grows to the right, y grows upwards.
* Functions accept cells as any iterable of pairs (list, set, dict keys, ...) or an
  ``(n, 2)`` integer numpy array.  Integral floats (``2.0``) are accepted; anything
  else raises :class:`GeometryError`.
* Cell collections are **returned** as ``(n, 2)`` ``int64`` arrays, duplicates removed,
  sorted lexicographically (by x, then y) -- see :func:`as_cells`.  The one exception
  is :func:`place_cells`, which keeps the order of the local cells it maps.  Hashable shape keys
  (:func:`canonical_form`, :func:`orientations`) are tuples of ``(x, y)`` tuples;
  mappings (:func:`visible_cells`) are dicts keyed by ``(x, y)`` tuples; lists of groups
  (:func:`components`, :func:`enclosed_empty_cells`) are ordered by their first cell.
* **Connectivity is by edges only.**  Two cells sharing just a corner point are not
  connected -- this holds for filled cells *and* for empty cells.
* **Rotations** are counter-clockwise and exact: cells are rotated with integer
  matrices, never with floating-point cos/sin.  :func:`rotate_cells` turns the unit
  squares about the grid point ``(0, 0)``, so it agrees with rotating the cell
  polygons about the origin.
* **Card placement** ``(x, y, angle)`` of a ``w x h`` card (local cells
  ``0 <= cx < w``, ``0 <= cy < h``): rotate the card counter-clockwise by ``angle``
  about its local origin corner ``(0, 0)``, then translate it so that the lower-left
  corner of the rotated footprint's bounding box lies at ``(x, y)``.  For
  ``angle = 90`` the footprint is ``[x, x+h] x [y, y+w]`` and local cell ``(cx, cy)``
  lands on ``(x + h - 1 - cy, y + cx)``.  The same rule is used for free float
  placements (:func:`card_polygon`) and for aligned ones (:func:`place_cells`), so
  a dragged ghost snaps onto exactly the cells it shows.

Connectivity is computed on integer keys (vectorised neighbour look-up with
``np.searchsorted`` plus a union-find) rather than from polygons: shapely's union of
a ring closed by a single corner contact is one polygon whose hole touches the shell
at a point, and diagonal neighbours "touch" as geometries, so polygon-derived groups
would be wrong.  ``components(..., method="shapely")`` implements the polygon route
correctly (shared boundary of positive length) as a cross-check; it is ~40x slower.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

__all__ = [
    "GeometryError",
    "cell_name",
    "GridLabels",
    "MisalignedError",
    "as_cells",
    "cells_to_polygons",
    "union_cells",
    "polygon_to_cells",
    "rotate_cells",
    "reflect_cells",
    "translate_cells",
    "translate_to_origin",
    "normalize_angle",
    "orientations",
    "canonical_form",
    "same_shape",
    "card_to_world",
    "card_polygon",
    "place_cells",
    "footprint_cells",
    "snap_placement",
    "overlap_areas",
    "partial_overlaps",
    "partially_covered_cells",
    "visible_cells",
    "visible_cells_of",
    "covered_fully",
    "components",
    "is_connected",
    "edge_adjacent",
    "corner_adjacent",
    "touches",
    "neighbours",
    "in_bounds",
    "sheet_cells",
    "enclosed_empty_cells",
]

Cells = Iterable[Sequence[int]] | np.ndarray
ShapeKey = tuple[tuple[int, int], ...]


class GeometryError(ValueError):
    """Invalid geometric input (bad cells, bad angle, bad card size, ...)."""


class MisalignedError(GeometryError):
    """A card placement that is not on the grid; ``problems`` lists what is off (in
    coordinates; a game words it in its board's labels with :meth:`GridLabels.near`)."""

    def __init__(self, problems: Sequence[str]):
        self.problems = tuple(problems)
        super().__init__("placement is not square on the grid: " + "; ".join(self.problems))


# --------------------------------------------------------------------------- helpers

_K = 1 << 32  # key stride: key = x * _K + y is unique and sorts like (x, y)
_HALF = 1 << 31
_LIMIT = 1 << 30  # |coordinate| bound keeping keys inside int64
_EMPTY = np.empty((0, 2), dtype=np.int64)
_OFF4 = np.array([(1, 0), (-1, 0), (0, 1), (0, -1)], dtype=np.int64)
_DIAG = np.array([(1, 1), (1, -1), (-1, 1), (-1, -1)], dtype=np.int64)
_OFF8 = np.concatenate([_OFF4, _DIAG])
# counter-clockwise quarter turns, acting on column vectors
_ROT = (
    np.array([[1, 0], [0, 1]], dtype=np.int64),
    np.array([[0, -1], [1, 0]], dtype=np.int64),
    np.array([[-1, 0], [0, -1]], dtype=np.int64),
    np.array([[0, 1], [-1, 0]], dtype=np.int64),
)


def _column(x: int) -> str:
    return chr(ord("A") + x) if 0 <= x < 26 else f"column {x + 1}"


def cell_name(cell: tuple[int, int]) -> str:
    """A cell's label when the grid's size is not at hand (an action's own words): the column
    as a letter from A (x = 0), the row as a number from 1 (y = 0). Where the grid is known,
    name cells with its :class:`GridLabels`, which also words cells off the grid."""
    x, y = cell
    return f"{_column(x)}{y + 1}"


def _squares(amount: float) -> str:
    """How far, in words: "half a square", "0.382 of a square"."""
    a = abs(amount)
    return "half a square" if abs(a - 0.5) < 1e-9 else f"{a:.3g} of a square"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class GridLabels:
    """The one coordinate language of a ``width x height`` grid: the labels its board draws
    along the axes, and the words its rules, log and hints name cells with.

    Columns are letters from A on the left (x = 0); rows are numbers from 1 (y = 0), counted
    downwards from the top row (``rows_up=False``: Freizeitpark's sheet, Dice Grid) or upwards
    from the bottom row (``rows_up=True``: Lands of Amazement's park areas, whose y grows
    upwards). ``name`` is what the grid is called in words ("sheet", "park's area").

    >>> sheet = GridLabels(10, 10, name="sheet")
    >>> sheet.cell((2, 6)), sheet.span((0, 0), (8, 9)), sheet.cell((8, 10))
    ('C7', 'A1–I10', '1 row below I10')
    >>> GridLabels(14, 14, rows_up=True).near(4.382, 2)
    '0.382 of a square to the right of E3'
    """

    width: int
    height: int
    rows_up: bool = False
    name: str = "grid"

    def __post_init__(self) -> None:
        w, h = _sheet_size(self.width, self.height)
        if w > 26:
            raise GeometryError(f"columns are labelled A..Z: at most 26 of them, not {w}")

    # ---- what the board draws
    def column(self, x: int) -> str:
        """The letter of column ``x`` (0 is A)."""
        return _column(x)

    def row(self, y: int) -> str:
        """The number of row ``y`` (0 is row 1)."""
        return str(y + 1)

    def columns(self) -> list[str]:
        """The column labels, x = 0 first (what the board writes along the columns)."""
        return [self.column(x) for x in range(self.width)]

    def rows(self) -> list[str]:
        """The row labels, y = 0 first (what the board writes along the rows)."""
        return [self.row(y) for y in range(self.height)]

    # ---- what words say
    @property
    def size(self) -> str:
        """``"10×10"``: columns × rows."""
        return f"{self.width}×{self.height}"

    @property
    def extent(self) -> str:
        """The whole grid as a span, ``"A1–J10"``."""
        return self.span((0, 0), (self.width - 1, self.height - 1))

    def inside(self, cell: tuple[int, int]) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def cell(self, cell: tuple[int, int]) -> str:
        """A cell as the board labels it (``"C7"``); a cell off the grid in words from the
        nearest cell the board shows (``"2 columns right of J3"``)."""
        x, y = int(cell[0]), int(cell[1])
        if self.inside((x, y)):
            return f"{self.column(x)}{self.row(y)}"
        return self._off(x, y)

    def cells(self, cells: Iterable[Sequence[int]], limit: int | None = None,
              sep: str = ", ") -> str:
        """Several cells, in the order given (``"C7, D7, E7"``); beyond ``limit`` the rest
        are counted (``"C7, D7 and 3 more"``)."""
        names = [self.cell((int(c[0]), int(c[1]))) for c in cells]
        if limit is not None and len(names) > limit:
            return sep.join(names[:limit]) + f" and {len(names) - limit} more"
        return sep.join(names)

    def span(self, low: tuple[int, int], high: tuple[int, int]) -> str:
        """The rectangle of cells from ``low`` to ``high`` (opposite corners), ``"A1–L11"``."""
        return f"{self.cell(low)}–{self.cell(high)}"

    def near(self, x: float, y: float) -> str:
        """A cell position that may be off the grid's lines (a card dragged freely): its label
        when whole, else how far it lies from the nearest cell (``"0.382 of a square to the
        right of E3"``, ``"half a square to the left of and 0.25 of a square above B2"``)."""
        fx, fy = _as_float(x, "x"), _as_float(y, "y")
        gx, gy = round(fx), round(fy)
        dx, dy = fx - gx, fy - gy
        words = []
        if abs(dx) > 1e-9:
            words.append(f"{_squares(dx)} to the {'right' if dx > 0 else 'left'} of")
        if abs(dy) > 1e-9:
            words.append(f"{_squares(dy)} {'above' if (dy > 0) == self.rows_up else 'below'}")
        label = self.cell((gx, gy))
        if not words:
            return label
        if not self.inside((gx, gy)):
            label = f"the cell {label}"
        return f"{' and '.join(words)} {label}"

    def _off(self, x: int, y: int) -> str:
        """A cell off the grid, from the nearest cell on it: "1 row below I10", "2 columns
        right of and 1 row above J1"."""
        w, h = self.width, self.height
        words = []
        if x < 0:
            words.append(f"{_count(-x, 'column')} left of")
        elif x >= w:
            words.append(f"{_count(x - w + 1, 'column')} right of")
        if y < 0 or y >= h:
            n, beyond = (-y, not self.rows_up) if y < 0 else (y - h + 1, self.rows_up)
            words.append(f"{_count(n, 'row')} {'above' if beyond else 'below'}")
        edge = self.cell((min(max(x, 0), w - 1), min(max(y, 0), h - 1)))
        return f"{' and '.join(words)} {edge}"


def _fmt(value: float) -> str:
    return f"{value:.10g}"


def _keys(c: np.ndarray) -> np.ndarray:
    return c[:, 0] * _K + c[:, 1]


def _decode(keys: np.ndarray) -> np.ndarray:
    y = (keys + _HALF) % _K - _HALF
    out = np.empty((len(keys), 2), dtype=np.int64)
    out[:, 0] = (keys - y) // _K
    out[:, 1] = y
    return out


def _raw_cells(cells: Any, what: str = "cells") -> np.ndarray:
    """Validate *cells* into an (n, 2) int64 array without sorting or de-duplicating."""
    if isinstance(cells, np.ndarray):
        arr = cells
    else:
        if isinstance(cells, str | bytes) or isinstance(cells, BaseGeometry):
            raise GeometryError(
                f"{what} must be an iterable of (x, y) pairs, got {type(cells).__name__}"
            )
        try:
            seq = list(cells)
        except TypeError:
            raise GeometryError(
                f"{what} must be an iterable of (x, y) pairs, got {type(cells).__name__}"
            ) from None
        if not seq:
            return _EMPTY.copy()
        try:
            arr = np.asarray(seq)
        except (ValueError, TypeError, OverflowError):
            raise GeometryError(
                f"{what} must be (x, y) pairs of integers; got ragged or mixed input "
                f"starting with {seq[0]!r}"
            ) from None
    if arr.ndim == 1 and arr.size == 0:
        return _EMPTY.copy()
    if arr.ndim != 2 or arr.shape[1] != 2:
        hint = ""
        if arr.shape == (2,):
            hint = "; wrap a single cell in a list, e.g. [(x, y)]"
        raise GeometryError(
            f"{what} must have shape (n, 2) (one (x, y) pair per row), got shape {arr.shape}{hint}"
        )
    kind = arr.dtype.kind
    if kind == "b":
        raise GeometryError(f"{what} must be integer coordinates, got booleans")
    if kind == "O":
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError, OverflowError):
            raise GeometryError(
                f"{what} must be integer coordinates, got non-numeric values"
            ) from None
        kind = "f"
    if kind == "f":
        bad = ~np.isfinite(arr).all(axis=1)
        if not bad.any():
            bad = (arr != np.round(arr)).any(axis=1)
        if bad.any():
            cx, cy = arr[np.argmax(bad)]
            raise GeometryError(
                f"{what} must have integer coordinates; got ({_fmt(cx)}, {_fmt(cy)})"
            )
    elif kind not in "iu":
        raise GeometryError(f"{what} must be integer coordinates, got dtype {arr.dtype}")
    if arr.size and (arr.max() >= _LIMIT or arr.min() <= -_LIMIT):
        raise GeometryError(f"{what} coordinates must lie within +-2**30")
    return arr.astype(np.int64)  # always a fresh array


def _norm(arr: np.ndarray) -> np.ndarray:
    """Sort an (n, 2) int64 array lexicographically and drop duplicates."""
    if len(arr) < 2:
        return arr
    k = _keys(arr)
    if (k[1:] > k[:-1]).all():
        return arr
    order = np.argsort(k, kind="stable")
    k = k[order]
    first = np.empty(len(k), dtype=bool)
    first[0] = True
    np.not_equal(k[1:], k[:-1], out=first[1:])
    return arr[order[first]]


def _member(keys: np.ndarray, sorted_keys: np.ndarray) -> np.ndarray:
    """Boolean mask: which *keys* occur in the sorted array *sorted_keys* (fast np.isin)."""
    if not len(sorted_keys):
        return np.zeros(len(keys), dtype=bool)
    pos = np.searchsorted(sorted_keys, keys)
    pos[pos == len(sorted_keys)] = 0
    return sorted_keys[pos] == keys


def as_cells(cells: Cells, what: str = "cells") -> np.ndarray:
    """Validate *cells*; return a new sorted, duplicate-free ``(n, 2)`` int64 array.

    Raises :class:`GeometryError` naming the problem (non-integer coordinates, wrong
    shape, booleans, strings, ...).  *what* is used in the messages.
    """
    return _norm(_raw_cells(cells, what))


def _as_int(value: Any, name: str) -> int:
    if isinstance(value, bool | np.bool_):
        raise GeometryError(f"{name} must be an integer, got {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        pass
    if isinstance(value, float | np.floating) and math.isfinite(value) and value == int(value):
        return int(value)
    raise GeometryError(f"{name} must be an integer, got {value!r}")


def _as_float(value: Any, name: str) -> float:
    if isinstance(value, bool | np.bool_):
        raise GeometryError(f"{name} must be a number, got {value!r}")
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise GeometryError(f"{name} must be a number, got {value!r}") from None
    if not math.isfinite(v):
        raise GeometryError(f"{name}={value!r} is not a finite number")
    return v


def _card_size(w: Any, h: Any) -> tuple[int, int]:
    w, h = _as_int(w, "card width"), _as_int(h, "card height")
    if w < 1 or h < 1:
        raise GeometryError(f"card size must be at least 1x1, got {w}x{h}")
    return w, h


# ------------------------------------------------------------------ shapely bridge


def cells_to_polygons(cells: Cells) -> np.ndarray:
    """Unit-square polygons of *cells* (object array, in :func:`as_cells` order)."""
    c = as_cells(cells)
    return shapely.box(c[:, 0], c[:, 1], c[:, 0] + 1, c[:, 1] + 1)


def union_cells(cells: Cells) -> BaseGeometry:
    """Union of the cell squares via ``shapely.coverage_union_all`` (for display/area).

    Do not derive connectivity or enclosure from the result: corner contacts merge
    into a single polygon whose holes may touch the shell.  Empty input gives an
    empty geometry.
    """
    return shapely.coverage_union_all(cells_to_polygons(cells))


def polygon_to_cells(geom: BaseGeometry, strict: bool = True, tol: float = 1e-9) -> np.ndarray:
    """Cells whose centres lie inside *geom* (vectorised ``shapely.contains_xy``).

    With ``strict=True`` (default) *geom* must be a union of whole unit cells (an
    axis-aligned integer geometry); otherwise :class:`GeometryError` is raised.
    """
    if not isinstance(geom, BaseGeometry):
        raise GeometryError(f"expected a shapely geometry, got {type(geom).__name__}")
    if geom.is_empty:
        return _EMPTY.copy()
    x0, y0, x1, y1 = geom.bounds
    xs = np.arange(math.floor(x0), math.ceil(x1), dtype=np.int64)
    ys = np.arange(math.floor(y0), math.ceil(y1), dtype=np.int64)
    mx, my = np.meshgrid(xs, ys, indexing="ij")
    gx, gy = mx.ravel(), my.ravel()
    inside = shapely.contains_xy(geom, gx + 0.5, gy + 0.5)
    cells = np.stack([gx[inside], gy[inside]], axis=1)
    if strict:
        diff = shapely.area(shapely.symmetric_difference(geom, union_cells(cells)))
        if diff > tol:
            raise GeometryError(
                f"geometry is not a union of whole unit cells (area {_fmt(geom.area)}, "
                f"{len(cells)} cell centres inside, mismatch {_fmt(diff)})"
            )
    return cells


# ---------------------------------------------------------------- exact transforms


def rotate_cells(cells: Cells, quarter_turns: int) -> np.ndarray:
    """Rotate cells counter-clockwise by ``quarter_turns * 90°`` about the point (0, 0).

    Exact integer arithmetic: (x, y) -> (-y-1, x) for one quarter turn.
    """
    k = _as_int(quarter_turns, "quarter_turns") % 4
    c = _raw_cells(cells)
    if k == 0:
        return _norm(c)
    doubled = 2 * c + 1  # doubled cell centres are odd integers
    return _norm((doubled @ _ROT[k].T - 1) // 2)


def reflect_cells(cells: Cells, axis: Literal["x", "y"] = "y") -> np.ndarray:
    """Mirror cells in the y axis ((x, y) -> (-x-1, y)) or, with ``axis="x"``, the x axis."""
    c = _raw_cells(cells)
    if axis == "y":
        c[:, 0] = -c[:, 0] - 1
    elif axis == "x":
        c[:, 1] = -c[:, 1] - 1
    else:
        raise GeometryError(f"axis must be 'x' or 'y', got {axis!r}")
    return _norm(c)


def translate_cells(cells: Cells, dx: int, dy: int) -> np.ndarray:
    """Shift cells by the integer vector (dx, dy)."""
    c = _raw_cells(cells)
    c += (_as_int(dx, "dx"), _as_int(dy, "dy"))
    return _norm(c)


def translate_to_origin(cells: Cells) -> np.ndarray:
    """Shift cells so that the smallest x and the smallest y are both 0."""
    c = _raw_cells(cells)
    if len(c):
        c -= c.min(axis=0)
    return _norm(c)


def normalize_angle(deg: float, tol: float = 1e-6) -> int:
    """Reduce an angle that is a multiple of 90° (within *tol*) to 0, 90, 180 or 270.

    ``450 -> 90``, ``-90 -> 270``, ``90.0000000001 -> 90``; ``45`` raises
    :class:`GeometryError`.
    """
    a = _as_float(deg, "angle")
    k = round(a / 90.0)
    if abs(a - 90.0 * k) > tol:
        lo = math.floor(a / 90.0) * 90
        raise GeometryError(
            f"angle {_fmt(a)}° is not a multiple of 90° (nearest allowed: {lo}° or {lo + 90}°)"
        )
    return (k % 4) * 90


_TRANSFORMS = (
    lambda x, y: (x, y),
    lambda x, y: (-y, x),
    lambda x, y: (-x, -y),
    lambda x, y: (y, -x),
    lambda x, y: (-x, y),
    lambda x, y: (y, x),
    lambda x, y: (x, -y),
    lambda x, y: (-y, -x),
)


@lru_cache(maxsize=4096)
def _orientations_of(shape: ShapeKey, reflections: bool) -> tuple[ShapeKey, ...]:
    out = set()
    for f in _TRANSFORMS[: 8 if reflections else 4]:
        pts = [f(x, y) for x, y in shape]
        mx = min(p[0] for p in pts)
        my = min(p[1] for p in pts)
        out.add(tuple(sorted((x - mx, y - my) for x, y in pts)))
    return tuple(sorted(out))


def _shape_key(cells: Cells) -> ShapeKey:
    """Sorted, de-duplicated cells translated to the origin, as a tuple."""
    if isinstance(cells, list | tuple | set | frozenset) and len(cells) <= 64:
        # fast path for small collections of plain int pairs (exact, no numpy)
        try:
            pts = [(x, y) for x, y in cells]
        except (TypeError, ValueError):
            pts = None
        if pts is not None and all(type(x) is int and type(y) is int for x, y in pts):
            if not pts:
                return ()
            mx = min(p[0] for p in pts)
            my = min(p[1] for p in pts)
            return tuple(sorted({(x - mx, y - my) for x, y in pts}))
    return tuple(map(tuple, translate_to_origin(cells).tolist()))


def orientations(cells: Cells, reflections: bool) -> tuple[ShapeKey, ...]:
    """Distinct normalised orientations (4 rotations, x2 mirrors if *reflections*).

    Each orientation is a sorted tuple of (x, y) translated to the origin; the tuple
    is sorted, so its first entry is :func:`canonical_form`.  Results are cached.
    """
    key = _shape_key(cells)
    if not key:
        return ((),)
    return _orientations_of(key, bool(reflections))


def canonical_form(cells: Cells, reflections: bool) -> ShapeKey:
    """Lexicographically smallest normalised orientation: a hashable shape key."""
    return orientations(cells, reflections)[0]


def same_shape(a: Cells, b: Cells, reflections: bool) -> bool:
    """True if *b* is a rotation (or, with *reflections*, a mirror image) of *a*."""
    ka, kb = _shape_key(a), _shape_key(b)
    if len(ka) != len(kb):
        return False
    if not ka:
        return True
    return _orientations_of(ka, bool(reflections))[0] == _orientations_of(kb, bool(reflections))[0]


# ------------------------------------------------------------------ card placement


def _cos_sin(angle: float) -> tuple[float, float]:
    r = angle % 360.0
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}
    if r in exact:
        return exact[r]
    t = math.radians(r)
    return math.cos(t), math.sin(t)


def _card_affine(
    w: Any, h: Any, x: Any, y: Any, angle: Any
) -> tuple[float, float, float, float, list[tuple[float, float]]]:
    """cos, sin, shift and world corners of a free placement (pure Python, tiny)."""
    w, h = _card_size(w, h)
    x, y, angle = _as_float(x, "x"), _as_float(y, "y"), _as_float(angle, "angle")
    c, s = _cos_sin(angle)
    rotated = [(c * px - s * py, s * px + c * py) for px, py in ((0, 0), (w, 0), (w, h), (0, h))]
    tx = x - min(p[0] for p in rotated)
    ty = y - min(p[1] for p in rotated)
    return c, s, tx, ty, [(px + tx, py + ty) for px, py in rotated]


def card_to_world(
    points: Any, w: int, h: int, x: float, y: float, angle: float = 0.0
) -> np.ndarray:
    """Map local card points (floats, shape (n, 2)) to table coordinates.

    Any float placement; see the module docstring for the convention.
    """
    c, s, tx, ty, _ = _card_affine(w, h, x, y, angle)
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    return pts @ np.array([[c, s], [-s, c]]) + (tx, ty)


def card_polygon(w: int, h: int, x: float, y: float, angle: float = 0.0) -> shapely.Polygon:
    """Footprint polygon of a ``w x h`` card at ANY float position and angle (ghosts)."""
    c, s, _, _, corners = _card_affine(w, h, x, y, angle)
    if c * s == 0.0:  # exact quarter turn: axis-aligned box
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        return shapely.box(min(xs), min(ys), max(xs), max(ys))
    return shapely.Polygon(corners)


def _check_aligned(x: Any, y: Any, angle: Any, tol: float) -> tuple[int, int, int]:
    problems = []
    snapped = []
    for name, v in (("x", x), ("y", y)):
        f = _as_float(v, name)
        r = round(f)
        off = f - r
        if abs(off) > tol:
            if abs(abs(off) - 0.5) <= tol:
                problems.append(f"{name} = {_fmt(f)} is half a square off")
            else:
                problems.append(
                    f"{name} = {_fmt(f)} is {_fmt(abs(off))} of a square off (nearest: {r})"
                )
        snapped.append(int(r))
    a = _as_float(angle, "angle")
    quarter = 0
    try:
        quarter = normalize_angle(a, tol) // 90
    except GeometryError as exc:
        problems.append(str(exc).split(" (nearest")[0])
    if problems:
        raise MisalignedError(problems)
    return snapped[0], snapped[1], quarter


def place_cells(
    local_cells: Cells,
    w: int,
    h: int,
    x: float,
    y: float,
    angle: float = 0.0,
    tol: float = 1e-6,
) -> np.ndarray:
    """World cells of a card's *local_cells* for a grid-aligned placement.

    x and y must be within *tol* of integers and *angle* within *tol* of a multiple
    of 90° (taken mod 360); otherwise :class:`MisalignedError` says what is off.
    Local cell (cx, cy) is rotated exactly about the card's origin corner, then the
    footprint's lower-left corner is moved to (x, y).

    Unlike most functions here the result is NOT re-sorted: row i is the image of
    ``local_cells[i]``, so content attached to local cells can be carried along.
    """
    w, h = _card_size(w, h)
    local = _raw_cells(local_cells, "local cells")
    outside = (local[:, 0] < 0) | (local[:, 0] >= w) | (local[:, 1] < 0) | (local[:, 1] >= h)
    if outside.any():
        cx, cy = local[np.argmax(outside)]
        raise GeometryError(f"local cell ({cx}, {cy}) lies outside the {w}x{h} card")
    gx, gy, k = _check_aligned(x, y, angle, tol)
    if k == 0:
        world = local
    else:
        world = (2 * local + 1) @ _ROT[k].T
        world = (world - 1) // 2
        # lower-left corner of the rotated footprint [0, w] x [0, h]
        world -= ((0, 0), (-h, 0), (-w, -h), (0, -w))[k]
    world += (gx, gy)
    return world


def footprint_cells(
    w: int, h: int, x: float, y: float, angle: float = 0.0, tol: float = 1e-6
) -> np.ndarray:
    """All cells covered by a grid-aligned ``w x h`` card, sorted (see :func:`place_cells`)."""
    w, h = _card_size(w, h)
    gx, gy = np.meshgrid(np.arange(w), np.arange(h), indexing="ij")
    local = np.stack([gx.ravel(), gy.ravel()], axis=1)
    return _norm(place_cells(local, w, h, x, y, angle, tol))


def snap_placement(x: float, y: float, angle: float) -> tuple[int, int, int]:
    """Nearest grid-aligned placement: (round(x), round(y), angle rounded to 0/90/180/270)."""
    fx, fy, fa = _as_float(x, "x"), _as_float(y, "y"), _as_float(angle, "angle")
    return round(fx), round(fy), (round(fa / 90.0) % 4) * 90


def _as_geoms(geoms: Any) -> np.ndarray:
    arr = np.asarray(geoms, dtype=object).reshape(-1)
    if not all(isinstance(g, BaseGeometry) for g in arr):
        raise GeometryError("cell_polygons must be shapely geometries (see cells_to_polygons)")
    return arr


def overlap_areas(placed_polygon: BaseGeometry, cell_polygons: Any) -> np.ndarray:
    """Area of ``placed_polygon ∩ cell_polygons[i]`` for every i (vectorised)."""
    if not isinstance(placed_polygon, BaseGeometry):
        raise GeometryError(f"expected a shapely geometry, got {type(placed_polygon).__name__}")
    polys = _as_geoms(cell_polygons)
    areas = np.zeros(len(polys))
    if len(polys):
        shapely.prepare(placed_polygon)  # prepared predicates are cheap
        hit = shapely.intersects(placed_polygon, polys)
        inside = hit & shapely.covers(placed_polygon, polys)
        areas[inside] = shapely.area(polys[inside])
        rim = np.flatnonzero(hit & ~inside)
        if len(rim):  # skip cells that merely touch the boundary (interiors disjoint)
            rim = rim[shapely.relate_pattern(placed_polygon, polys[rim], "T********")]
        if len(rim):  # only genuine partial overlaps need an overlay
            areas[rim] = shapely.area(shapely.intersection(placed_polygon, polys[rim]))
    return areas


def partial_overlaps(
    placed_polygon: BaseGeometry, cell_polygons: Any, eps: float = 1e-9
) -> np.ndarray:
    """Indices of the polygons only partly covered by *placed_polygon*.

    A cell counts as partial when ``eps < covered fraction < 1 - eps``; any hit means
    the placement is misaligned with existing cards.
    """
    polys = _as_geoms(cell_polygons)
    if not len(polys):
        return np.empty(0, dtype=np.int64)
    frac = overlap_areas(placed_polygon, polys) / shapely.area(polys)
    return np.nonzero((frac > eps) & (frac < 1.0 - eps))[0].astype(np.int64)


def partially_covered_cells(
    placed_polygon: BaseGeometry, cells: Cells, eps: float = 1e-9
) -> np.ndarray:
    """The cells (sorted array) that *placed_polygon* covers only partly."""
    c = as_cells(cells)
    return c[partial_overlaps(placed_polygon, cells_to_polygons(c), eps)]


# -------------------------------------------------------------------------- stacks


def _layer_array(layer: Any) -> Any:
    """Cheap conversion of one layer to an array; validation happens later."""
    if isinstance(layer, np.ndarray):
        return layer
    try:
        seq = list(layer)
        return np.asarray(seq) if seq else _EMPTY
    except (TypeError, ValueError, OverflowError):
        return layer  # _raw_cells will report it


def visible_cells(layers: Sequence[Cells]) -> dict[tuple[int, int], int]:
    """Map each covered cell to the index of the topmost layer covering it.

    *layers* lists the cards' cells from bottom (index 0) to top; later layers cover
    earlier ones.
    """
    parts = [_layer_array(layer) for layer in layers]
    try:  # validate everything in one go; redo per layer only to name the culprit
        if not all(isinstance(p, np.ndarray) and p.dtype.kind in "iu" for p in parts):
            raise GeometryError("slow path")
        allc = _raw_cells(np.concatenate(parts)) if parts else _EMPTY
    except (ValueError, TypeError):
        parts = [_raw_cells(part, f"layer {i}") for i, part in enumerate(parts)]
        allc = np.concatenate(parts)
    if not len(allc):
        return {}
    ids = np.repeat(np.arange(len(parts)), [len(p) for p in parts])
    keys = _keys(allc)
    order = np.lexsort((ids, keys))
    k = keys[order]
    last = np.ones(len(k), dtype=bool)
    last[:-1] = k[1:] != k[:-1]
    cells = allc[order][last].tolist()
    return dict(zip(map(tuple, cells), ids[order][last].tolist(), strict=True))


def _layer_index(layers: Sequence[Cells], i: int) -> int:
    n = len(layers)
    i = _as_int(i, "layer index")
    if not -n <= i < n:
        raise IndexError(f"layer index {i} out of range for {n} layers")
    return i % n


def visible_cells_of(layers: Sequence[Cells], i: int) -> np.ndarray:
    """Cells of layer *i* not covered by any later layer (sorted array)."""
    i = _layer_index(layers, i)
    own = as_cells(layers[i], f"layer {i}")
    above = [_raw_cells(layer, f"layer {j}") for j, layer in enumerate(layers) if j > i]
    if not above or not len(own):
        return own
    covered = _member(_keys(own), np.sort(_keys(np.concatenate(above))))
    return own[~covered]


def covered_fully(layers: Sequence[Cells], i: int) -> bool:
    """True if no cell of layer *i* is visible (all covered by later layers)."""
    return len(visible_cells_of(layers, i)) == 0


# -------------------------------------------------------------------- connectivity


def _edge_pairs(c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i < j) of edge-adjacent cells in a sorted, unique cell array."""
    k = _keys(c)
    n = len(k)
    src = np.concatenate([np.arange(n), np.arange(n)])
    target = np.concatenate([k + 1, k + _K])  # upper and right neighbours
    pos = np.searchsorted(k, target)
    pos[pos == n] = 0
    hit = k[pos] == target
    return src[hit], pos[hit]


def _edge_pairs_shapely(c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Same as :func:`_edge_pairs` via STRtree + shared-boundary length (cross-check)."""
    polys = shapely.box(c[:, 0], c[:, 1], c[:, 0] + 1, c[:, 1] + 1)
    i, j = shapely.STRtree(polys).query(polys, predicate="touches")
    keep = i < j
    i, j = i[keep], j[keep]
    # corner contacts also "touch"; only a shared edge has positive length
    edge = shapely.length(shapely.intersection(polys[i], polys[j])) > 0
    return i[edge], j[edge]


def _labels(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Union-find; each label is the smallest index of its component."""
    parent = list(range(n))
    for i, j in zip(a.tolist(), b.tolist(), strict=True):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        while parent[j] != j:
            parent[j] = parent[parent[j]]
            j = parent[j]
        if i < j:
            parent[j] = i
        elif j < i:
            parent[i] = j
    for i in range(n):  # parents precede children, so one forward pass flattens
        parent[i] = parent[parent[i]]
    return np.asarray(parent, dtype=np.int64)


def _split(c: np.ndarray, labels: np.ndarray) -> list[np.ndarray]:
    """Group the rows of sorted *c* by label; groups ordered by smallest label."""
    if not len(c):
        return []
    order = np.argsort(labels, kind="stable")
    lab = labels[order]
    grouped = c[order]
    cuts = (np.flatnonzero(lab[1:] != lab[:-1]) + 1).tolist()
    return [grouped[i:j] for i, j in zip([0, *cuts], [*cuts, len(c)], strict=True)]


def _component_labels(c: np.ndarray, method: str = "grid") -> np.ndarray:
    if method == "grid":
        a, b = _edge_pairs(c)
    elif method == "shapely":
        a, b = _edge_pairs_shapely(c)
    else:
        raise GeometryError(f"method must be 'grid' or 'shapely', got {method!r}")
    return _labels(len(c), a, b)


def components(cells: Cells, method: Literal["grid", "shapely"] = "grid") -> list[np.ndarray]:
    """Edge-connected components (corner contact does not connect).

    Returns a list of sorted arrays ordered by their first cell.  ``method="shapely"``
    uses polygons + STRtree (same result, much slower; kept as a cross-check).
    """
    c = as_cells(cells)
    return _split(c, _component_labels(c, method))


def is_connected(cells: Cells) -> bool:
    """True if the cells form one edge-connected group (vacuously true when empty)."""
    c = as_cells(cells)
    return len(c) < 2 or bool((_component_labels(c) == 0).all())


def _contacts(a: Cells, b: Cells) -> tuple[bool, bool]:
    ca, cb = as_cells(a, "group a"), as_cells(b, "group b")
    if not len(ca) or not len(cb):
        return False, False
    kb = _keys(cb)  # sorted, since cb is
    shared = _member(_keys(ca), kb)
    if shared.any():
        x, y = ca[np.argmax(shared)]
        raise GeometryError(
            f"groups overlap at cell ({x}, {y}); adjacency is defined for disjoint groups"
        )
    edge = _member(_keys((ca[:, None, :] + _OFF4).reshape(-1, 2)), kb).any()
    diag = _member(_keys((ca[:, None, :] + _DIAG).reshape(-1, 2)), kb).any()
    return bool(edge), bool(diag)


def edge_adjacent(a: Cells, b: Cells) -> bool:
    """True if some cell of *a* shares an edge with some cell of *b* (groups disjoint)."""
    return _contacts(a, b)[0]


def corner_adjacent(a: Cells, b: Cells) -> bool:
    """True if *a* and *b* touch at a corner but share no edge anywhere."""
    edge, diag = _contacts(a, b)
    return diag and not edge


def touches(a: Cells, b: Cells, corners: bool = True) -> bool:
    """True if *a* and *b* share an edge, or (if *corners*) at least a corner point."""
    edge, diag = _contacts(a, b)
    return edge or (corners and diag)


def neighbours(cells: Cells, corners: bool = False) -> np.ndarray:
    """Cells outside the group that border it by an edge (or also a corner)."""
    c = as_cells(cells)
    if not len(c):
        return _EMPTY.copy()
    off = _OFF8 if corners else _OFF4
    around = np.unique(_keys((c[:, None, :] + off).reshape(-1, 2)))
    return _decode(around[~_member(around, _keys(c))])


# --------------------------------------------------------------------------- sheet


def _sheet_size(width: Any, height: Any) -> tuple[int, int]:
    w, h = _as_int(width, "sheet width"), _as_int(height, "sheet height")
    if w < 1 or h < 1:
        raise GeometryError(f"sheet size must be at least 1x1, got {w}x{h}")
    return w, h


def in_bounds(cells: Cells, width: int, height: int) -> bool:
    """True if every cell lies on the ``width x height`` sheet (0 <= x < width, ...)."""
    w, h = _sheet_size(width, height)
    c = _raw_cells(cells)
    return bool(((c >= 0) & (c < (w, h))).all())


def sheet_cells(width: int, height: int) -> np.ndarray:
    """All cells of a ``width x height`` sheet, sorted."""
    w, h = _sheet_size(width, height)
    gx, gy = np.meshgrid(np.arange(w), np.arange(h), indexing="ij")
    return np.stack([gx.ravel(), gy.ravel()], axis=1).astype(np.int64)


def enclosed_empty_cells(width: int, height: int, filled: Cells) -> list[np.ndarray]:
    """Groups of empty cells cut off (by edges) from the sheet's border.

    Computed from the edge-components of the EMPTY cells -- the components with no
    cell on the border -- never from holes of the filled union.  Empty cells connect
    by edges only, so a cell inside a diagonal "diamond" of filled cells is enclosed.
    Returns sorted arrays ordered by their first cell.
    """
    w, h = _sheet_size(width, height)
    f = _raw_cells(filled, "filled cells")
    if not in_bounds(f, w, h):
        bad = f[~((f >= 0) & (f < (w, h))).all(axis=1)][0]
        raise GeometryError(f"filled cell ({bad[0]}, {bad[1]}) is off the {w}x{h} sheet")
    grid = np.zeros((w, h), dtype=bool)
    grid[f[:, 0], f[:, 1]] = True
    empty = np.argwhere(~grid).astype(np.int64)  # sorted by (x, y)
    if not len(empty):
        return []
    labels = _component_labels(empty)
    border = (empty[:, 0] == 0) | (empty[:, 1] == 0) | (empty[:, 0] == w - 1)
    border |= empty[:, 1] == h - 1
    inside = ~_member(labels, np.unique(labels[border]))
    return _split(empty[inside], labels[inside])
