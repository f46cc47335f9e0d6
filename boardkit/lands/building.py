"""Building Parks (rulebook: Gameplay › Portfolio Phase › Building Parks).

A park is a list of placed cards, bottom first. Each placed card names the shape it
contributes. The checks, each with its rule id:

* ``lands.build.rotation`` – cards turn in quarter turns only;
* ``lands.build.align`` – overlapping cards' squares line up (no icon partly covered); every
  card of a park lies on the park's grid;
* ``lands.build.area`` – a card lies inside its park's area on the table (our bound, so the
  action codec is finite);
* ``lands.build.contribute`` – every card shows at least one icon of its chosen shape;
* ``lands.build.contiguous`` – the park is one group of visible chosen-shape icons joined
  by edges (corner contact does not join) that holds an icon of every card; chosen-shape
  icons cut off from it (covered apart, meeting it at a corner only, or lying away) are
  simply not part of the park — they do not count for plans or scoring, and they do not
  make a layout illegal;
* ``lands.build.one_shape`` – a card's other shape may not touch the park by an edge
  (touching a cut-off icon is fine: that icon is not part of the park).

Free positions and angles (a card dragged on the board) go through the shared geometry:
:func:`boardkit.engine.grid.place_cells` (grid alignment, :class:`MisalignedError`) and
:func:`~boardkit.engine.grid.partial_overlaps` on :func:`~boardkit.engine.grid.card_polygon`
(which icons the ghost would cover partly). Aligned placements are then checked on integer
bit masks of the park area — one Python integer per card, a bit per square, laid out by the
engine's :class:`~boardkit.engine.bitgrid.BitGrid` (:data:`GRID`) — which keeps a check in
the tens of microseconds, so listing every legal placement stays fast.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

import numpy as np

from boardkit.engine import Action, RuleViolation
from boardkit.engine.bitgrid import bitgrid
from boardkit.engine.grid import (
    GeometryError,
    MisalignedError,
    card_polygon,
    cells_to_polygons,
    normalize_angle,
    partial_overlaps,
    place_cells,
    rotate_cells,
)
from boardkit.engine.words import plural

from .actions import MAX_PARKS, Place
from .content import ANGLES, AREA, SQUARES, content

#: the park area's squares as bits (one guard column, so shifting a row never wraps)
GRID = bitgrid(AREA, AREA)
_STRIDE = GRID.stride
VALID = GRID.full


class Placed(NamedTuple):
    """One card of a park: where it lies and which of its two shapes it contributes."""

    card: int
    x: int
    y: int
    angle: int
    shape: int


#: a park: its placed cards, bottom first
Park = Sequence[Placed]
#: an aligned placement of a card in a park: (x, y, angle, shape, under)
Option = tuple[int, int, int, int, bool]
#: a park up to turning and moving it as a whole (:func:`layout_key`)
LayoutKey = tuple[tuple[str, tuple[tuple[int, int], ...]], ...]


bit = GRID.bit
#: the squares of a mask, in bit order
cells_of = GRID.cells
mask_of = GRID.mask
connected = GRID.connected


# ------------------------------------------------------------------ card geometry


class Orient(NamedTuple):
    """A card turned by ``angle`` with its footprint's lower-left corner at (0, 0)."""

    w: int
    h: int
    footprint: int
    shapes: tuple[int, int]
    cells: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


@cache
def orient(card: int, angle: int) -> Orient:
    c = content()
    spec = c.cards[card]
    w, h = (c.width, c.height) if angle in (0, 180) else (c.height, c.width)
    full = [(x, y) for x in range(c.width) for y in range(c.height)]
    foot = place_cells(full, c.width, c.height, 0, 0, angle)
    shapes: list[int] = []
    cells: list[tuple[tuple[int, int], ...]] = []
    for shape in spec.shapes:
        world = [(int(x), int(y)) for x, y in place_cells(list(shape.cells), c.width, c.height, 0, 0, angle)]
        shapes.append(mask_of(world))
        cells.append(tuple(sorted(world)))
    return Orient(w, h, mask_of(map(tuple, foot.tolist())), (shapes[0], shapes[1]),
                  (cells[0], cells[1]))


@lru_cache(maxsize=200_000)
def masks(p: Placed) -> tuple[int, int, int]:
    """(footprint, chosen shape, other shape) of a placed card, as masks of the park area."""
    o = orient(p.card, p.angle)
    shift = p.y * _STRIDE + p.x
    return (o.footprint << shift, o.shapes[p.shape] << shift, o.shapes[1 - p.shape] << shift)


def fits(card: int, x: int, y: int, angle: int) -> bool:
    o = orient(card, angle)
    return 0 <= x and 0 <= y and x + o.w <= AREA and y + o.h <= AREA


def positions(card: int, angle: int) -> list[tuple[int, int]]:
    o = orient(card, angle)
    return [(x, y) for x in range(AREA - o.w + 1) for y in range(AREA - o.h + 1)]


# ------------------------------------------------------------------ analysis


class Analysis(NamedTuple):
    chosen: list[int]  # per card (park order): visible icons of its chosen shape
    other: list[int]  # per card: visible icons of its other shape
    covered: int  # every square under some card
    union: int  # every visible icon of a chosen shape (the park and any cut-off icons)
    park: int  # the park: the one edge-connected group of them (0 if there is none)


def groups(mask: int) -> list[int]:
    """The edge-connected groups of a mask, largest first (ties: the lowest square first)."""
    out = GRID.components(mask)
    out.sort(key=lambda g: (-g.bit_count(), (g & -g).bit_length()))
    return out


def _find_park(chosen: list[int], other: list[int], union: int) -> tuple[int, str | None]:
    """(the park's group, or 0 and the rule id that no group satisfies).

    The park is a group of chosen-shape icons holding an icon of every card and touched by
    no other-shape icon (``lands.build.contiguous``, ``lands.build.one_shape``); icons in
    the other groups are cut off: not part of the park, and no reason to refuse a layout.
    """
    rest = 0
    for m in other:
        rest |= m
    # a square shows one icon: the other shape's icons lie outside every chosen group
    touching = GRID.neighbours
    if connected(union):
        return (0, "lands.build.one_shape") if rest & touching(union) else (union, None)
    complete = [g for g in groups(union) if all(m & g for m in chosen)]
    if not complete:
        return 0, "lands.build.contiguous"
    for g in complete:
        if not rest & touching(g):
            return g, None
    return 0, "lands.build.one_shape"


def analyse(park: Park) -> Analysis:
    covered = 0
    n = len(park)
    chosen, other = [0] * n, [0] * n
    for i in range(n - 1, -1, -1):  # from the top card down: what is above hides
        fp, mine, rest = masks(park[i])
        free = ~covered
        chosen[i] = mine & free
        other[i] = rest & free
        covered |= fp
    union = 0
    for m in chosen:
        union |= m
    group = _find_park(chosen, other, union)[0] if all(chosen) else 0
    return Analysis(chosen, other, covered, union, group)


def layout_key(park: Park) -> LayoutKey:
    """The park as the building rules see it from now on, up to turning and moving it as a
    whole: the covered squares and, card by card, its visible chosen-shape and other-shape
    icons with their types (what a later card can cover, touch or slip under), in the form
    that sorts first over the four quarter turns, moved to the origin. Two parks with the
    same key differ only in where they lie in the area (so in how near its edge they come).
    """
    if not park:
        return ()
    a = analyse(park)
    c = content()
    parts = [(a.covered, "")]
    for p, mine, rest in zip(park, a.chosen, a.other, strict=True):
        shapes = c.cards[p.card].shapes
        parts += [(mine, f"{p.card}:{shapes[p.shape].icon}"),
                  (rest, f"{p.card}~{shapes[1 - p.shape].icon}")]
    cells = [(cells_of(mask), label) for mask, label in parts]
    best: LayoutKey | None = None
    for turn in range(4):
        turned = [(rotate_cells(squares, turn), label)
                  for squares, label in cells]
        x0, y0 = turned[0][0].min(axis=0)   # the covered squares: never empty
        key = tuple(sorted((label, tuple(sorted((int(x - x0), int(y - y0)) for x, y in squares)))
                           for squares, label in turned))
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def _cells_text(mask: int, limit: int = 4) -> str:
    """Squares of a mask as the park's area labels them, left to right, bottom up."""
    return SQUARES.cells(sorted(cells_of(mask)), limit=limit)


def problem(park: Park) -> tuple[str, str] | None:
    """The first building rule a park breaks, as (rule id, plain words), or ``None``.

    The park is the one edge-connected group of visible chosen-shape icons that holds an
    icon of every card; other visible icons (covered, meeting it at a corner only, or
    apart) are simply not part of it (see :func:`_find_park`).
    """
    a = analyse(park)
    c = content()
    for p, mine in zip(park, a.chosen, strict=True):
        if not mine:
            icon = c.cards[p.card].shapes[p.shape].icon
            return ("lands.build.contribute",
                    f"card #{p.card} shows no icon of its chosen shape ({icon}): every card must "
                    "add at least one visible icon to the park")
    if a.park:
        return None
    _, rule = _find_park(a.chosen, a.other, a.union)
    if rule == "lands.build.one_shape":
        for g in groups(a.union):
            if not all(m & g for m in a.chosen):
                continue
            for p, rest in zip(park, a.other, strict=True):
                if rest & GRID.neighbours(g):
                    icon = c.cards[p.card].shapes[1 - p.shape].icon
                    return ("lands.build.one_shape",
                            f"card #{p.card}'s other shape ({icon}) touches the park at "
                            f"{_cells_text(rest & GRID.neighbours(g))}: a card adds only one shape, its "
                            "other icons must stay apart")
    main = groups(a.union)[0]
    apart = [p.card for p, m in zip(park, a.chosen, strict=True) if not m & main]
    return ("lands.build.contiguous",
            f"the icons of {', '.join(f'#{k}' for k in apart)} do not join the park's group of "
            f"icons edge to edge ({_cells_text(main)}): every card must add an icon to one "
            "group joined by edges (corner contact does not join)")


def check_park(park: Park) -> None:
    found = problem(park)
    if found:
        raise RuleViolation(*found)


def icons(park: Park) -> dict[tuple[int, int], str]:
    """The park's icons: square → icon type (cut-off icons are not part of the park)."""
    a = analyse(park)
    c = content()
    out = {}
    for p, mine in zip(park, a.chosen, strict=True):
        icon = c.cards[p.card].shapes[p.shape].icon
        for cell in cells_of(mine & a.park):
            out[cell] = icon
    return out


def visible(park: Park) -> list[tuple[tuple[int, int], int, str | None, bool]]:
    """Every visible square: (cell, card, icon or None for blank, in the park?) — for drawing."""
    c = content()
    covered = 0
    out = []
    for p in reversed(park):
        o = orient(p.card, p.angle)
        shift = p.y * _STRIDE + p.x
        fp = o.footprint << shift
        free = fp & ~covered
        covered |= fp
        kinds = {}
        for k in (0, 1):
            for cell in cells_of((o.shapes[k] << shift) & free):
                kinds[cell] = (c.cards[p.card].shapes[k].icon, k == p.shape)
        for cell in cells_of(free):
            icon, mine = kinds.get(cell, (None, False))
            out.append((cell, p.card, icon, mine))
    return out


# ------------------------------------------------------------------ free placements


def snap(park: Park, card: int, x: float, y: float, angle: float) -> tuple[int, int, int]:
    """Turn a free position and angle into grid values, or raise the rule it breaks.

    ``park`` is the park the card joins (without the card). Angles must be quarter turns
    (``lands.build.rotation``); a position off the grid is refused with the icons it would
    cover only partly, if any (``lands.build.align``).
    """
    try:
        a = normalize_angle(angle)
    except GeometryError as exc:
        raise RuleViolation("lands.build.rotation", f"card #{card}: {exc}; cards turn in "
                            "quarter turns only (0°, 90°, 180°, 270°)") from None
    c = content()
    try:
        place_cells([(0, 0)], c.width, c.height, x, y, a)
    except MisalignedError:
        under = [cell for cell, _, icon, _ in visible(park) if icon is not None]
        hit = []
        if under:
            ghost = card_polygon(c.width, c.height, float(x), float(y), float(angle))
            arr = np.asarray(under, dtype=np.int64)
            hit = [tuple(map(int, arr[i])) for i in partial_overlaps(ghost, cells_to_polygons(arr))]
        off = f"its lower-left square would lie {SQUARES.near(x, y)}"
        if hit:
            cells = SQUARES.cells(sorted(hit), limit=4)
            raise RuleViolation("lands.build.align",
                                f"card #{card} would cover the {'icon' if len(hit) == 1 else 'icons'} on {cells} only partly "
                                f"({off}): overlapping cards must line up square on square") from None
        raise RuleViolation("lands.build.align",
                            f"card #{card} is not square on the park's grid: {off}; "
                            "cards lie square on square") from None
    except GeometryError as exc:
        raise RuleViolation("lands.build.align", f"card #{card}: {exc}") from None
    return round(float(x)), round(float(y)), a


def check_area(card: int, x: int, y: int, angle: int) -> None:
    if not fits(card, x, y, angle):
        o = orient(card, angle)
        raise RuleViolation("lands.build.area",
                            f"card #{card} with its lower-left square on {SQUARES.cell((x, y))}, "
                            f"turned {angle}°, would stick out of the park's {SQUARES.size} area "
                            f"({SQUARES.extent}): turned so, its lower-left square may lie anywhere "
                            f"from {SQUARES.cell((0, 0))} to {SQUARES.cell((AREA - o.w, AREA - o.h))}")


def with_card(park: Park, placed: Placed, under: bool, level: int | None = None) -> list[Placed]:
    if level is not None:
        return [*park[:level], placed, *park[level:]]
    return [placed, *park] if under else [*park, placed]


def candidates(park: Park, card: int) -> list[Option]:
    """Every aligned (x, y, angle, shape, under) of ``card`` in ``park`` that passes a cheap
    necessary condition on the masks: a superset of the legal placements.

    The new card's icons must touch a visible chosen-shape icon by an edge (or cover one):
    the park's, or a cut-off one that the new card joins to the park. A new park (``park``
    empty) admits every position inside the area.
    """
    out = []
    if not park:
        for angle in ANGLES:
            for shape in (0, 1):
                out += [(x, y, angle, shape, False) for x, y in positions(card, angle)]
        return out
    a = analyse(park)
    near = GRID.neighbours(a.union)  # the new card must touch a chosen icon (perhaps cut off)
    reach = a.union | near
    under_ok = ~a.covered & near
    for angle in ANGLES:
        o = orient(card, angle)
        for x, y in positions(card, angle):
            shift = y * _STRIDE + x
            for shape in (0, 1):
                mine = o.shapes[shape] << shift
                if mine & reach:
                    out.append((x, y, angle, shape, False))
                if mine & under_ok:
                    out.append((x, y, angle, shape, True))
    return out


def allowed(park: Park, card: int, option: Option) -> bool:
    """Whether ``card`` may join ``park`` at ``option`` = (x, y, angle, shape, under), an
    aligned placement inside the area (as :func:`candidates` gives them)."""
    x, y, angle, shape, under = option
    p = Placed(card, x, y, angle, shape)
    return problem([p, *park] if under else [*park, p]) is None


def legal_placements(park: Park, card: int) -> list[Option]:
    """Every aligned (x, y, angle, shape, under) at which ``card`` can join ``park``."""
    park = list(park)
    return [opt for opt in candidates(park, card) if allowed(park, card, opt)]


def sample_placement(parks: Sequence[Park], card: int, rng: np.random.Generator,
                     extra: int = 0) -> tuple[int, Option | None] | None:
    """One legal placement of ``card`` drawn uniformly at random, without checking them all.

    The candidates of every park in ``parks`` (a superset of the legal placements) are tried
    in a random order and the first legal one is kept, which draws uniformly from the legal
    ones. ``extra`` other options (numbered ``-1 .. -extra``: a new park, "put it back")
    take part in the draw as always-legal candidates. Returns (park index, option), or
    (-k, None) for the k-th extra option, or None when there is nothing at all.
    """
    pool: list[tuple[int, Option | None]] = [
        (i, opt) for i, park in enumerate(parks) for opt in candidates(park, card)]
    pool += [(-k, None) for k in range(1, extra + 1)]
    for j in rng.permutation(len(pool)):
        i, opt = pool[int(j)]
        if opt is None or allowed(parks[i], card, opt):
            return pool[int(j)]
    return None


def integral(v: object) -> bool:
    return isinstance(v, int) or (isinstance(v, float) and math.isfinite(v) and v == int(v))


def join(park: Park, card: int, x: float, y: float, angle: float, shape: int, under: bool,
         level: int | None = None) -> list[Placed]:
    """The park with ``card`` added (or moved) there, or the building rule it would break.

    ``level`` (optional): the card's place in the pile counted from the bottom, between 0
    (under all) and ``len(park)`` (on top) — a card may be slipped in between."""
    if isinstance(shape, bool) or shape not in (0, 1):
        raise RuleViolation("lands.build.choose_shape",
                            f"card #{card} has two shapes, 0 and 1; shape {shape!r} does not exist")
    if under and not park:
        raise RuleViolation("lands.build.layer",
                            f"card #{card} starts the park: there is no card to slip it under")
    if level is not None:
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= len(park):
            raise RuleViolation("lands.build.layer", f"level {level!r} is not a place in the "
                                f"pile of {plural(len(park), 'card')}: 0 (under all) to {len(park)} (on top)")
        if under:
            raise RuleViolation("lands.build.layer", "give either under (beneath all the cards) "
                                "or a level in the pile, not both")
    gx, gy, a = snap(park, card, x, y, angle)
    check_area(card, gx, gy, a)
    new = with_card(list(park), Placed(card, gx, gy, a, shape), bool(under), level)
    check_park(new)
    return new


def place_options(card: int, parks: Sequence[Park], new_park: bool = True) -> list[Action]:
    """Every legal :class:`~boardkit.lands.actions.Place` of ``card`` into ``parks``."""
    out: list[Action] = []
    for i, park in enumerate(parks):
        out += [Place(card, i, x, y, a, s, u) for x, y, a, s, u in legal_placements(park, card)]
    if new_park and len(parks) < MAX_PARKS:
        out += [Place(card, len(parks), x, y, a, s, u) for x, y, a, s, u in legal_placements([], card)]
    return out


def check_place(act: Place, parks: Sequence[Park]) -> list[Placed]:
    """The park after ``act`` (building rules checked); the caller checks whose card it is."""
    if isinstance(act.park, bool) or not isinstance(act.park, int) or not 0 <= act.park <= len(parks) \
            or act.park >= MAX_PARKS:
        raise RuleViolation("lands.build.park", f"there is no park {act.park!r}: parks are "
                            f"numbered 0..{len(parks) - 1}, and {len(parks)} starts a new one")
    park = parks[act.park] if act.park < len(parks) else []
    return join(park, act.card, act.x, act.y, act.angle, act.shape, act.under, act.level)
