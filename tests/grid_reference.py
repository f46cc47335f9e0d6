"""Independent, deliberately naive reference for boardkit.engine.grid (tests only).

Shares no code with grid.py: numpy-grid BFS flood fills, Python sets, float
trigonometry for rotations and brute-force painting of card layers.
"""

from __future__ import annotations

import math
from collections import deque

import numpy as np

Cell = tuple[int, int]
STEPS4 = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _bfs_labels(mask: np.ndarray) -> np.ndarray:
    """4-neighbourhood labels of the True entries of a 2-D mask (-1 elsewhere)."""
    labels = np.full(mask.shape, -1, dtype=int)
    nxt = 0
    for start in zip(*np.nonzero(mask), strict=True):
        if labels[start] != -1:
            continue
        labels[start] = nxt
        queue = deque([start])
        while queue:
            i, j = queue.popleft()
            for di, dj in STEPS4:
                a, b = i + di, j + dj
                if 0 <= a < mask.shape[0] and 0 <= b < mask.shape[1]:
                    if mask[a, b] and labels[a, b] == -1:
                        labels[a, b] = nxt
                        queue.append((a, b))
        nxt += 1
    return labels


def components(cells) -> set[frozenset[Cell]]:
    """Edge-connected components as a set of frozensets (BFS on a padded grid)."""
    cells = {(int(x), int(y)) for x, y in cells}
    if not cells:
        return set()
    x0 = min(x for x, _ in cells) - 1
    y0 = min(y for _, y in cells) - 1
    w = max(x for x, _ in cells) - x0 + 2
    h = max(y for _, y in cells) - y0 + 2
    mask = np.zeros((w, h), dtype=bool)
    for x, y in cells:
        mask[x - x0, y - y0] = True
    labels = _bfs_labels(mask)
    groups: dict[int, set[Cell]] = {}
    for i, j in zip(*np.nonzero(mask), strict=True):
        groups.setdefault(int(labels[i, j]), set()).add((int(i) + x0, int(j) + y0))
    return {frozenset(g) for g in groups.values()}


def enclosed_empty(width: int, height: int, filled) -> set[frozenset[Cell]]:
    """Flood the empty cells from the border; what stays dry is enclosed."""
    empty = np.ones((width, height), dtype=bool)
    for x, y in filled:
        empty[x, y] = False
    reached = np.zeros_like(empty)
    queue = deque()
    for i in range(width):
        for j in range(height):
            on_border = i in (0, width - 1) or j in (0, height - 1)
            if on_border and empty[i, j]:
                reached[i, j] = True
                queue.append((i, j))
    while queue:
        i, j = queue.popleft()
        for di, dj in STEPS4:
            a, b = i + di, j + dj
            if 0 <= a < width and 0 <= b < height and empty[a, b] and not reached[a, b]:
                reached[a, b] = True
                queue.append((a, b))
    dry = empty & ~reached
    return components((int(i), int(j)) for i, j in zip(*np.nonzero(dry), strict=True))


def neighbours(cells, corners: bool = False) -> set[Cell]:
    group = {(int(x), int(y)) for x, y in cells}
    steps = STEPS4 + (DIAGONALS if corners else ())
    return {(x + dx, y + dy) for x, y in group for dx, dy in steps} - group


def edge_adjacent(a, b) -> bool:
    return bool(neighbours(a) & {tuple(c) for c in b})


def any_corner_contact(a, b) -> bool:
    a = {tuple(c) for c in a}
    b = {tuple(c) for c in b}
    return any((x + dx, y + dy) in b for x, y in a for dx, dy in DIAGONALS)


def rotate_float(cells, quarter_turns: int) -> set[Cell]:
    """Rotate cell centres about (0, 0) with cos/sin, then floor: float reference."""
    t = math.radians(90 * quarter_turns)
    c, s = math.cos(t), math.sin(t)
    out = set()
    for x, y in cells:
        px, py = x + 0.5, y + 0.5
        out.add((math.floor(c * px - s * py), math.floor(s * px + c * py)))
    return out


def normalise(cells) -> tuple[Cell, ...]:
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted({(x - mx, y - my) for x, y in cells}))


def canonical(cells, reflections: bool) -> tuple[Cell, ...]:
    """Brute force: all rotations (and mirror images) via float rotation."""
    cells = [tuple(c) for c in cells]
    variants = [cells]
    if reflections:
        variants.append([(-x - 1, y) for x, y in cells])
    return min(normalise(rotate_float(v, k)) for v in variants for k in range(4))


def paint_layers(layers) -> dict[Cell, int]:
    """Paint each layer's cells with its index on a numpy canvas, bottom to top."""
    allc = [(x, y) for layer in layers for x, y in layer]
    if not allc:
        return {}
    x0 = min(x for x, _ in allc)
    y0 = min(y for _, y in allc)
    w = max(x for x, _ in allc) - x0 + 1
    h = max(y for _, y in allc) - y0 + 1
    canvas = np.full((w, h), -1, dtype=int)
    for i, layer in enumerate(layers):
        for x, y in layer:
            canvas[x - x0, y - y0] = i
    return {
        (int(i) + x0, int(j) + y0): int(canvas[i, j])
        for i, j in zip(*np.nonzero(canvas >= 0), strict=True)
    }


def rect_overlap_area(ax0, ay0, ax1, ay1, bx0, by0, bx1, by1) -> float:
    """Analytic intersection area of two axis-aligned rectangles."""
    return max(0.0, min(ax1, bx1) - max(ax0, bx0)) * max(0.0, min(ay1, by1) - max(ay0, by0))
