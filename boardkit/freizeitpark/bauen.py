"""Wahl der Struktur einzeichnen (drawing a structure) — where a structure may go.

Rulebook section "Wahl der Struktur einzeichnen", paraphrased:

* ``freizeitpark.struktur.form`` — the die gives the structure; it may be turned and
  mirrored but keeps its shape;
* ``freizeitpark.struktur.eingang`` — the first drawing is the Eingang, touching the sheet's
  border with at least one cell side;
* ``freizeitpark.struktur.innen`` — it lies on the sheet;
* ``freizeitpark.struktur.frei`` — only on empty cells (nothing drawn is ever erased);
* ``freizeitpark.struktur.anschluss`` — it shares at least one cell side with the park (a
  corner is not enough).

Then the symbol rules of :mod:`.konstrukte` apply. :func:`legal_builds` lists every legal
build of a roll; it tests each placement with a few bit-set operations (the placements of
every structure as bit sets of the sheet, :meth:`Ruleset.placement_bits`, against the
analysis's bit sets) and falls back to :meth:`Analysis.symbol_violation` — the one
reference for the symbol rules — wherever a structure merges with a group or enters
enclosed cells.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Iterable

import numpy as np

from boardkit.engine import RuleViolation
from boardkit.engine.grid import canonical_form
from boardkit.engine.words import plural

from .actions import Build, Entrance
from .content import Cell, Shape, content
from .konstrukte import Analysis, analysis
from .regelwerk import Ruleset
from .sheet import Sheet
from .wurf import splits, symbol_options, symbol_violation


def structure_cells(rs: Ruleset, face: int, turn: int, x: int, y: int) -> tuple[Cell, ...]:
    """The sheet cells of a structure (face 0: the Eingang) in orientation ``turn`` at (x, y)."""
    shapes = rs.entrance if face == 0 else rs.structures[face]
    return tuple((x + cx, y + cy) for cx, cy in shapes[turn])


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _position(act: Entrance | Build) -> None:
    if not (_whole(act.x) and _whole(act.y)):
        raise RuleViolation("freizeitpark.struktur.innen",
                            f"a structure is drawn on whole cells: x and y are integers, not "
                            f"{act.x!r} and {act.y!r}")


def _orientation(rs: Ruleset, face: int, turn: int) -> None:
    shapes = rs.entrance if face == 0 else rs.structures[face]
    if not _whole(turn) or not 0 <= turn < len(shapes):
        what = "the Eingang" if face == 0 else f"the structure of a {face}"
        raise RuleViolation("freizeitpark.struktur.form",
                            f"{what} has {plural(len(shapes), 'orientation')} (turn 0..{len(shapes) - 1}), "
                            f"not turn {turn!r}")


def _on_sheet(sheet: Sheet, cells: Iterable[Cell]) -> None:
    off = [c for c in cells if not sheet.inside(c)]
    if off:
        names = sheet.labels
        raise RuleViolation("freizeitpark.struktur.innen",
                            f"the structure would reach {names.cell(off[0])}: off the "
                            f"{names.size} sheet ({names.extent})")


def check_entrance(rs: Ruleset, sheet: Sheet, act: Entrance) -> tuple[Cell, ...]:
    """Raise the rule an Eingang breaks; return its cells when it is legal."""
    _orientation(rs, 0, act.turn)
    _position(act)
    cells = structure_cells(rs, 0, act.turn, act.x, act.y)
    _on_sheet(sheet, cells)
    if sheet.cells:
        raise RuleViolation("freizeitpark.ablauf.eingang_zuerst",
                            "the Eingang is drawn once, on an empty sheet")
    w, h = sheet.width, sheet.height
    if not any(x in (0, w - 1) or y in (0, h - 1) for x, y in cells):
        raise RuleViolation("freizeitpark.struktur.eingang",
                            "the Eingang must touch the sheet's border with at least one side")
    return cells


def legal_entrances(rs: Ruleset, sheet: Sheet) -> list[Entrance]:
    meta, idx = rs.placements(0)
    w, h = rs.width, rs.height
    xs, ys = idx % w, idx // w
    border = ((xs == 0) | (xs == w - 1) | (ys == 0) | (ys == h - 1)).any(axis=1)
    return [Entrance(int(t), int(x), int(y)) for t, x, y in meta[border].tolist()]


def check_build(rs: Ruleset, sheet: Sheet, dice: tuple[int, int], act: Build) -> tuple[Cell, ...]:
    """Raise the rule a Build breaks (first the dice, then the geometry, then the symbol);
    return its cells when it is legal."""
    faces = dict(splits(dice))
    if not _whole(act.die) or act.die not in faces:
        raise RuleViolation("freizeitpark.wurf.split",
                            f"the roll is {dice[0]} and {dice[1]}: the structure comes from one "
                            f"of these dice, not from a {act.die!r}")
    bad = symbol_violation(rs, faces[act.die], act.symbol)
    if bad is not None:
        raise bad
    _orientation(rs, act.die, act.turn)
    _position(act)
    cells = structure_cells(rs, act.die, act.turn, act.x, act.y)
    _on_sheet(sheet, cells)
    taken = [c for c in cells if c in sheet.cells]
    if taken:
        raise RuleViolation("freizeitpark.struktur.frei",
                            f"cell {sheet.labels.cell(taken[0])} already holds "
                            f"{content().de(sheet.cells[taken[0]])}; "
                            f"structures go on empty cells only")
    an = analysis(rs, sheet)
    bits = an.grid.mask(cells)
    if not bits & an.bits_of("contact"):
        raise RuleViolation("freizeitpark.struktur.anschluss",
                            "the structure must share at least one cell side with the park "
                            "(touching at a corner is not enough)")
    broken = an.symbol_violation(cells, act.symbol, bits)
    if broken is not None:
        raise RuleViolation(*broken)
    return cells


# ------------------------------------------------------------------ enumeration


def _geometric(rs: Ruleset, an: Analysis, face: int) -> list[int]:
    """Indices of the placements of ``face`` on empty cells touching the park."""
    key = ("geo", face)
    memo = an.memo
    found = memo.get(key)
    if found is None:
        filled, contact = an.filled_bits, an.bits_of("contact")
        bits = rs.placement_bits(face, an.grid.width, an.grid.height)[1]
        found = memo[key] = [i for i, m in enumerate(bits) if not m & filled and m & contact]
    return found


@functools.cache
def _alone_finished(structure: Shape, canon: Shape | None) -> bool:
    """Whether the structure alone is the construct of the canonical form ``canon``."""
    return canonical_form(structure, True) == canon


def legal_placements(rs: Ruleset, sheet: Sheet, face: int, symbol: str) -> list[tuple[int, int, int]]:
    """Every legal (turn, x, y) for the structure of ``face`` filled with ``symbol``."""
    an = analysis(rs, sheet)
    key = ("legal", face, symbol)
    memo = an.memo
    if key in memo:
        return memo[key]
    meta, bits = rs.placement_bits(face, an.grid.width, an.grid.height)
    out: list[tuple[int, int, int]] = []
    spaced = symbol in rs.touch
    # never next to a finished construct of the symbol
    near_finished = an.bits_of("near_finished", symbol) if spaced else 0
    # the reference check is needed where the structure merges with a group of its symbol
    # (it may finish a construct that must keep its distance) or enters enclosed cells (the
    # merged site must stay finishable)
    slow = an.bits_of("edge", symbol) if spaced else 0
    if symbol != "landschaft" and (symbol == "zug" or not rs.is_free(symbol)):
        slow |= an.enclosed_bits
    if symbol == "zug":
        # a Bummelzug may lengthen a finished one: next to it the reference check decides
        slow |= near_finished
        near_finished = 0
    # the structure alone is the construct: finished at once, so it may not touch another
    # group of its symbol even at a corner
    near = (an.bits_of("near", symbol)
            if spaced and _alone_finished(rs.structures[face][0], rs.canon[symbol]) else 0)
    for i in _geometric(rs, an, face):
        m = bits[i]
        if m & near_finished:
            continue
        if m & slow:
            t, x, y = meta[i]
            if an.symbol_violation(structure_cells(rs, face, t, x, y), symbol, m) is None:
                out.append(meta[i])
        elif not m & near:
            out.append(meta[i])
    memo[key] = out
    return out


def legal_builds(rs: Ruleset, sheet: Sheet, dice: tuple[int, int]) -> list[Build]:
    """Every legal Build of this roll on this sheet (both splits, every symbol)."""
    out: list[Build] = []
    for face, other in splits(dice):
        for symbol in symbol_options(rs, other):
            out.extend(Build(face, symbol, t, x, y) for t, x, y in legal_placements(rs, sheet, face, symbol))
    return out


def sample_build(rs: Ruleset, sheet: Sheet, dice: tuple[int, int], rng: np.random.Generator,
                 tries: int = 40) -> Build | None:
    """One legal Build of this roll drawn uniformly at random without listing them all
    (search playouts): the placements on empty cells touching the park, for every split and
    symbol, are tried in a random order against the symbol rules and the first legal one is
    kept. After ``tries`` refusals the legal builds are listed instead (still uniform: the
    refused ones are not among them). None when the roll fits nowhere."""
    an = analysis(rs, sheet)
    pool = []
    for face, other in splits(dice):
        geo = _geometric(rs, an, face)
        if geo:
            pool += [(face, symbol, geo) for symbol in symbol_options(rs, other)]
    if not pool:
        return None
    ends = list(itertools.accumulate(len(g) for _, _, g in pool))
    order = rng.permutation(ends[-1])
    for j in order[:tries].tolist():
        k = bisect.bisect_right(ends, j)
        face, symbol, geo = pool[k]
        meta, bits = rs.placement_bits(face, an.grid.width, an.grid.height)
        i = geo[j - (ends[k - 1] if k else 0)]
        t, x, y = meta[i]
        if an.symbol_violation(structure_cells(rs, face, t, x, y), symbol, bits[i]) is None:
            return Build(face, symbol, t, x, y)
    options = legal_builds(rs, sheet, dice)
    return options[int(rng.integers(len(options)))] if options else None


def _fits(rs: Ruleset, an: Analysis, face: int, symbol: str, probe: int = 6) -> bool:
    """Whether the structure of ``face`` filled with ``symbol`` has a legal place: a few
    candidates are asked directly first (usually one is legal), then all of them."""
    geo = _geometric(rs, an, face)
    if not geo:
        return False
    meta, bits = rs.placement_bits(face, an.grid.width, an.grid.height)
    for i in geo[:probe]:
        t, x, y = meta[i]
        if an.symbol_violation(structure_cells(rs, face, t, x, y), symbol, bits[i]) is None:
            return True
    return bool(legal_placements(rs, an.sheet, face, symbol))


def has_build(rs: Ruleset, sheet: Sheet, dice: tuple[int, int]) -> bool:
    """Whether the roll offers at least one legal build on this sheet."""
    an = analysis(rs, sheet)
    return any(_fits(rs, an, face, symbol) for face, other in splits(dice)
               for symbol in symbol_options(rs, other))


def any_build(rs: Ruleset, sheet: Sheet) -> bool:
    """Whether any roll at all still fits the park: some structure (any die face, any turn)
    filled with some symbol a die can give has a legal place. Every pair of a structure face
    and a symbol face occurs among the 21 rolls (a double gives both from the same face), so
    this is the same as asking each of the 21 rolls in turn."""
    an = analysis(rs, sheet)
    symbols = dict.fromkeys(s for face in range(1, 7) for s in symbol_options(rs, face))
    # small structures first: they fit most often
    return any(_fits(rs, an, face, symbol) for face in (6, 5, 3, 4, 2, 1) for symbol in symbols)


def build_for(rs: Ruleset, die: int, cells: Iterable[Cell], symbol: str) -> Build:
    """The Build whose structure (of the die ``die``) covers exactly ``cells`` — a readable way
    to write a move ("the bar of the 3 on (3, 8), (4, 8), (5, 8) as Verkaufsstand").
    It says nothing about legality: ask ``state.explain``."""
    want = sorted((int(x), int(y)) for x, y in cells)
    for turn, shape in enumerate(rs.structures[die]):
        x0 = want[0][0] - shape[0][0]
        y0 = want[0][1] - shape[0][1]
        if sorted((x0 + x, y0 + y) for x, y in shape) == want:
            return Build(die, symbol, turn, x0, y0)
    raise ValueError(f"the structure of a {die} cannot cover exactly {want}")
