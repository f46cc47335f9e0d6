"""Konstrukt bauen (building constructs): groups, finished constructs, Bausünden, spacing.

Rulebook section "Konstrukt bauen" (paraphrased): everything that scores is a construct, a
building project that must end up with exactly its shape (any rotation or reflection). The
cells of one symbol that touch along sides form a *group*; a group is

``finished``  exactly the construct's shape: a construct (``freizeitpark.konstrukt.form``);
``open``      a construction site that can still be finished;
``sin``       a Bausünde: too big, wrong or cut off; it never scores
              (``freizeitpark.konstrukt.bausuende``);
``free``      Landschaft (grows freely, ``freizeitpark.konstrukt.landschaft``);
``train``     a Bummelzug that meets its card (expanded game); an unfinished Bummelzug is
              ``open`` while it can still grow to the card's length within the row and
              column limit, alone or by joining a finished train
              (:meth:`Analysis.train_room`), else ``sin``.

Two rules limit where a symbol may go (:func:`symbol_violation`):

* ``freizeitpark.konstrukt.abstand`` — a finished construct touches no other group of its
  symbol, by side or corner; so a new structure may neither extend a finished construct nor
  finish one that would touch another group of its symbol. Only Landschaft is exempt: the
  Bummelzug follows the rule like every other construct, but as the card asks for a train
  of *at least* its length, train cells joined along a side to a finished train lengthen
  it (one longer train, not a second one touching it) as long as the whole still keeps the
  card's row/column limit; so a train is legal or not whatever order its cells came in.
* ``freizeitpark.konstrukt.luecken`` — cells cut off from the border (enclosed empty cells)
  may be filled only with sites that can still be finished; for a Bummelzug that means it
  can still reach the card's length (a one-cell hole cannot hold a train piece).

Shapes come from :mod:`boardkit.engine.grid`; adjacency, groups and enclosure are asked of
the sheet as bit sets (:mod:`boardkit.engine.bitgrid`, cross-checked against the grid
module's reference functions in the tests), because the playouts of the search agents ask
them thousands of times per game.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from boardkit.engine.bitgrid import bitgrid
from boardkit.engine.grid import canonical_form
from boardkit.engine.rules import rule_ids

from .content import Cell, Shape, content
from .regelwerk import Ruleset
from .sheet import Sheet

RULES = rule_ids("freizeitpark")


@dataclass(frozen=True)
class Group:
    """A maximal edge-connected group of cells with one symbol (``index`` in its analysis)."""

    index: int
    symbol: str
    cells: frozenset[Cell]
    finished: bool  # a finished construct (or a Bummelzug that meets its card)
    mask: int = field(default=0, compare=False, repr=False)  # its cells as a bit set

    def __len__(self) -> int:
        return len(self.cells)


def train_lines_ok(cells: Iterable[Cell], limit: int) -> bool:
    """At most ``limit`` cells in any row and any column (card "Zug")."""
    rows: dict[int, int] = {}
    cols: dict[int, int] = {}
    for x, y in cells:
        cols[x] = cols.get(x, 0) + 1
        rows[y] = rows.get(y, 0) + 1
    return max(rows.values(), default=0) <= limit and max(cols.values(), default=0) <= limit


def _train_rule(rs: Ruleset) -> tuple[int, int]:
    card = rs.card
    if card is None or card.kind != "train":
        return 4, 10
    # a train card has both (CardEntry checks the fields of each kind)
    assert card.max_per_line is not None and card.min_cells is not None, card.id
    return card.max_per_line, card.min_cells


@RULES.implements("freizeitpark.konstrukt.form")
def is_finished(rs: Ruleset, symbol: str, cells: Collection[Cell]) -> bool:
    """True when ``cells`` are exactly the construct's shape (rotations, reflections); for
    the Bummelzug: long enough and within the row/column limit."""
    if symbol == "zug":
        limit, need = _train_rule(rs)
        return len(cells) >= need and train_lines_ok(cells, limit)
    shape = rs.shapes.get(symbol)
    if shape is None or len(cells) != len(shape):
        return False
    key = cells if isinstance(cells, frozenset) else frozenset(cells)
    if key in _every_placement(rs.orients[symbol], rs.width, rs.height):
        return True
    if all(0 <= x < rs.width and 0 <= y < rs.height for x, y in key):
        return False  # on the sheet, every placement of the shape is in the set
    return canonical_form(list(cells), True) == rs.canon[symbol]


class Analysis:
    """Everything the rules ask about one drawing of a sheet (computed once per drawing)."""

    def __init__(self, rs: Ruleset, sheet: Sheet, previous: Analysis | None = None,
                 last: tuple[str, tuple[Cell, ...]] | None = None) -> None:
        """Group the sheet's cells. With ``previous`` (the analysis before the last drawing,
        ``last`` = (symbol, cells)) only that symbol's groups are recomputed; the others are
        unchanged, and so is the status of every group too far from the new cells to be
        affected by them."""
        self.rs = rs
        self.sheet = sheet
        self.grid = grid = bitgrid(sheet.width, sheet.height)
        #: what the rule modules compute from this drawing, remembered for its lifetime
        #: (the legal placements of a die face, the scoring tables, ...): keyed by the caller,
        #: so its keys and values are of many kinds
        self.memo: dict[Any, Any] = {}
        self._inherited: dict[frozenset[Cell], str] = {}
        self._group_at: dict[Cell, int] | None = None
        symbol = last[0] if last else None
        by_symbol: dict[str, list[Cell]]
        self.by_symbol: dict[str, list[Cell]]
        #: the cells of each symbol, and every drawn cell, as bit sets
        self.bits: dict[str, int]
        self.filled_bits: int
        if previous is not None and last is not None and previous.grid is grid:
            # the cells of the other symbols are unchanged; the last drawing's cells are the
            # newest of the sheet (its dict keeps the order of drawing)
            new = last[1]
            by_symbol = dict(previous.by_symbol)
            by_symbol[last[0]] = [*by_symbol.get(last[0], ()), *new]
            added = grid.mask(new)
            self.bits = dict(previous.bits)
            self.bits[last[0]] = self.bits.get(last[0], 0) | added
            self.filled_bits = previous.filled_bits | added
        else:
            by_symbol = {}
            for c, s in sheet.cells.items():
                by_symbol.setdefault(s, []).append(c)
            self.bits = {sym: grid.mask(cells) for sym, cells in by_symbol.items()}
            self.filled_bits = grid.mask(sheet.cells)
        self.by_symbol = by_symbol
        self.groups: list[Group] = []
        for sym in by_symbol:
            if previous is not None and sym != symbol:
                old = [g for g in previous.groups if g.symbol == sym]
                found = [(g.cells, g.mask) for g in old]
                done = [g.finished for g in old]
            else:
                found = [(frozenset(grid.cells(m)), m) for m in grid.components(self.bits[sym])]
                done = [sym == "eingang" or is_finished(rs, sym, m) for m, _ in found]
            for (members, bits), finished in zip(found, done, strict=True):
                self.groups.append(Group(len(self.groups), sym, members, finished, bits))
        if previous is not None and last is not None:
            self._inherit(previous, last)

    @property
    def group_at(self) -> dict[Cell, int]:
        """Cell -> the index of its group."""
        if self._group_at is None:
            self._group_at = {c: g.index for g in self.groups for c in g.cells}
        return self._group_at

    def _inherit(self, previous: Analysis, last: tuple[str, tuple[Cell, ...]]) -> None:
        """Keep the statuses of groups of other symbols that the new cells cannot affect: a
        group's completions lie within its bounding box grown by the shape's size."""
        symbol, cells = last
        # the cells next to the groups of another symbol are unchanged
        for key, value in previous.memo.items():
            if key[0] in ("near_finished", "edge", "near") and key[1] != symbol:
                self.memo[key] = value
            elif key[0] in ("mask", "bits") and key[1] in ("near_finished", "edge", "near") \
                    and key[2] != symbol:
                self.memo[key] = value
        for g in previous.groups:
            if g.symbol == symbol or g.finished or g.symbol == "zug":
                continue  # (a train's room can shrink anywhere along its empty cells)
            known = previous.memo.get(("status", g.index))
            if known is None:
                continue
            shape = self.rs.shapes.get(g.symbol)
            reach = max(max(x for x, _ in shape), max(y for _, y in shape)) if shape else 0
            xs = [x for x, _ in g.cells]
            ys = [y for _, y in g.cells]
            x0, x1, y0, y1 = min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach
            if all(not (x0 <= x <= x1 and y0 <= y <= y1) for x, y in cells):
                self._inherited[g.cells] = known

    # ------------------------------------------------------------ groups
    def finished(self, symbol: str) -> list[Group]:
        return [g for g in self.groups if g.symbol == symbol and g.finished]

    @RULES.implements("freizeitpark.konstrukt.bausuende")
    def count(self, symbol: str) -> int:
        """The finished constructs of ``symbol``."""
        counts = self.memo.get("counts")
        if counts is None:
            counts = self.memo["counts"] = {}
            for g in self.groups:
                if g.finished:
                    counts[g.symbol] = counts.get(g.symbol, 0) + 1
        return counts.get(symbol, 0)

    def cells_of(self, symbol: str) -> int:
        return len(self.by_symbol.get(symbol, ()))

    def status(self, group: Group | int) -> str:
        """``finished``, ``open``, ``sin``, ``free`` or ``train`` (see the module docstring)."""
        g = self.groups[group] if isinstance(group, int) else group
        key = ("status", g.index)
        if key not in self.memo:
            inherited = self._inherited.get(g.cells)
            self.memo[key] = inherited if inherited is not None else self._status(g)
        return self.memo[key]

    def _status(self, g: Group) -> str:
        rs, symbol = self.rs, g.symbol
        if symbol == "eingang":
            return "finished"
        if symbol == "zug":
            if g.finished:
                return "train"
            return "open" if self.can_finish(symbol, g.cells, frozenset([g.index])) else "sin"
        if rs.shapes.get(symbol) is None:
            return "free"
        if g.finished:
            return "finished"
        if self.completable(symbol, g.mask, frozenset([g.index])):
            return "open"
        # under "Park der Landschaft" other Landschaft is allowed, it only scores nothing
        return "free" if symbol == "landschaft" else "sin"

    def touching(self, symbol: str) -> dict[Cell, frozenset[int]]:
        """Cell -> the groups of ``symbol`` that touch it by side or corner (not its own)."""
        key = ("touching", symbol)
        if key not in self.memo:
            out: dict[Cell, set[int]] = {}
            for g in self.groups:
                if g.symbol == symbol:
                    for c in self.grid.cells(self.grid.neighbours(g.mask, corners=True)):
                        out.setdefault(c, set()).add(g.index)
            self.memo[key] = {c: frozenset(v) for c, v in out.items()}
        return self.memo[key]

    def completions(self, symbol: str, cells: Iterable[Cell], ids: frozenset[int] = frozenset(),
                    first: bool = False) -> list[frozenset[Cell]]:
        """Every way to finish the site ``cells`` (made of the groups ``ids`` and any new,
        still empty cells): placements of the shape that contain it, whose other cells are
        empty, and that would touch no other group of ``symbol`` (side or corner). With
        ``first`` the search stops at the first one.

        Asked as bit sets: the placements of the shape that contain a cell are listed once
        per sheet size (:func:`_placements`), then each is three integer tests."""
        shape = self.rs.shapes.get(symbol)
        group = cells if isinstance(cells, (set, frozenset)) else set(cells)
        if shape is None or len(group) > len(shape):
            return []
        grid = self.grid
        bits = grid.mask(group)
        blocked = self.filled_bits & ~bits  # cells of the placement outside the site: empty
        for index, near in self._halos(symbol):
            if index not in ids:
                blocked |= near  # ... and touching no other group of the symbol
        table = _placements(self.rs.orients[symbol], grid.width, grid.height)
        out: list[frozenset[Cell]] = []
        for placed, members in table[min(group)]:
            if placed & bits == bits and not placed & blocked:
                out.append(members)
                if first:
                    return out
        return out

    def completable(self, symbol: str, bits: int, ids: frozenset[int] = frozenset()) -> bool:
        """Whether the site ``bits`` (a non-empty bit set) has a completion:
        ``bool(completions(symbol, cells, ids, first=True))`` without listing cells. Every
        completion covers the site's lowest bit, so only the placements covering it are
        tried (:func:`_placements_at`)."""
        shape = self.rs.shapes.get(symbol)
        if shape is None or bits.bit_count() > len(shape):
            return False
        blocked = self.filled_bits & ~bits
        for index, near in self._halos(symbol):
            if index not in ids:
                blocked |= near
        grid = self.grid
        low = (bits & -bits).bit_length() - 1
        for placed in _placements_at(self.rs.orients[symbol], grid.width, grid.height)[low]:
            if placed & bits == bits and not placed & blocked:
                return True
        return False

    def groups_of(self, symbol: str) -> list[Group]:
        """The groups of ``symbol``, in index order."""
        key = ("groups_of", symbol)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = [g for g in self.groups if g.symbol == symbol]
        return found

    def merged_bits(self, bits: int, symbol: str) -> tuple[int, frozenset[int]]:
        """:meth:`merged` on bit sets: the group that the new cells ``bits`` of ``symbol``
        would form with the groups they touch along sides (as a bit set), and their ids."""
        touch = self.grid.neighbours(bits) & self.bits.get(symbol, 0)
        if not touch:
            return bits, frozenset()
        ids = []
        for g in self.groups_of(symbol):
            if g.mask & touch:
                ids.append(g.index)
                bits |= g.mask
        return bits, frozenset(ids)

    def finished_bits(self, symbol: str, bits: int) -> bool:
        """:func:`is_finished` for the cells of a bit set (always on the sheet)."""
        rs = self.rs
        if symbol == "zug":
            return is_finished(rs, symbol, self.grid.cells(bits))
        shape = rs.shapes.get(symbol)
        if shape is None or bits.bit_count() != len(shape):
            return False
        grid = self.grid
        return bits in _every_placement_bits(rs.orients[symbol], grid.width, grid.height)

    def can_finish_bits(self, symbol: str, bits: int, ids: frozenset[int] = frozenset()) -> bool:
        """:meth:`can_finish` for the site of a bit set."""
        if symbol == "zug":
            cells = self.grid.cells(bits)
            return is_finished(self.rs, symbol, cells) or self.train_room(cells)
        if self.rs.shapes.get(symbol) is None or self.finished_bits(symbol, bits):
            return True
        return self.completable(symbol, bits, ids)

    def free_places(self, symbol: str, at_most: int | None = None) -> int:
        """How many placements of ``symbol``'s shape lie wholly on empty cells and touch no
        group of ``symbol`` (side or corner): the places a new construct of it could still
        be built from nothing (0 for a symbol without a fixed shape). ``at_most``: stop
        counting there."""
        if self.rs.shapes.get(symbol) is None:
            return 0
        blocked = self.filled_bits
        for _, near in self._halos(symbol):
            blocked |= near
        grid = self.grid
        found = 0
        for placed in _every_placement_bits(self.rs.orients[symbol], grid.width, grid.height):
            if not placed & blocked:
                found += 1
                if at_most is not None and found >= at_most:
                    break
        return found

    def _halos(self, symbol: str) -> list[tuple[int, int]]:
        """(group index, the cells touching it by side or corner) for each group of
        ``symbol``, as bit sets."""
        key = ("halos", symbol)
        if key not in self.memo:
            self.memo[key] = [(g.index, self.grid.neighbours(g.mask, corners=True))
                               for g in self.groups if g.symbol == symbol]
        return self.memo[key]

    def can_finish(self, symbol: str, cells: Collection[Cell],
                   ids: frozenset[int] = frozenset()) -> bool:
        """Whether the site ``cells`` of ``symbol`` can still become a construct."""
        if symbol == "zug":
            return is_finished(self.rs, symbol, cells) or self.train_room(cells)
        if self.rs.shapes.get(symbol) is None or is_finished(self.rs, symbol, cells):
            return True
        return self.completable(symbol, self.grid.mask(cells), ids)

    def train_room(self, cells: Iterable[Cell]) -> bool:
        """Whether the unfinished Bummelzug ``cells`` can still grow to the card's length.

        The cells it may still take are the empty ones it reaches along sides, through other
        train groups, which it would join: an unfinished one, or a finished train, which it
        may lengthen (``freizeitpark.konstrukt.abstand``). It needs its own cells within the
        row/column limit and, in that room, at least the card's length even when each row
        and each column contributes no more than the limit. This is a necessary condition,
        checked exactly; a room that passes it may still be too twisted to hold a valid
        train (see the catalog's reading)."""
        limit, need = _train_rule(self.rs)
        group = set(cells)
        if not train_lines_ok(group, limit):
            return False
        sheet, filled = self.sheet, self.sheet.cells
        w, h = sheet.width, sheet.height
        room = set(group)
        todo = list(group)
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in room or not (0 <= n[0] < w and 0 <= n[1] < h):
                    continue
                held = filled.get(n)
                if held is not None and held != "zug":  # empty or train cells only
                    continue
                room.add(n)
                todo.append(n)
        if len(room) < need:
            return False
        rows: dict[int, int] = {}
        cols: dict[int, int] = {}
        for x, y in room:
            cols[x] = cols.get(x, 0) + 1
            rows[y] = rows.get(y, 0) + 1
        return (sum(min(limit, v) for v in rows.values()) >= need
                and sum(min(limit, v) for v in cols.values()) >= need)

    # ------------------------------------------------------------ areas
    @property
    def enclosed_regions(self) -> list[frozenset[Cell]]:
        """Empty cells cut off from the border, by region (shared geometry)."""
        if "enclosed_regions" not in self.memo:
            grid = self.grid
            self.memo["enclosed_regions"] = [frozenset(grid.cells(r)) for r in
                                              grid.components(self.enclosed_bits)]
        return self.memo["enclosed_regions"]

    @property
    def enclosed_bits(self) -> int:
        if "enclosed_bits" not in self.memo:
            self.memo["enclosed_bits"] = self.grid.enclosed(self.filled_bits)
        return self.memo["enclosed_bits"]

    @property
    def enclosed(self) -> frozenset[Cell]:
        if "enclosed" not in self.memo:
            self.memo["enclosed"] = frozenset(self.grid.cells(self.enclosed_bits))
        return self.memo["enclosed"]

    @property
    def contact(self) -> frozenset[Cell]:
        """Empty cells that share a side with the park (where a new structure may touch)."""
        if "contact" not in self.memo:
            self.memo["contact"] = frozenset(self.grid.cells(self.bits_of("contact")))
        return self.memo["contact"]

    def _near(self, key: tuple[str, str], name: str, symbol: str) -> frozenset[Cell]:
        if key not in self.memo:
            self.memo[key] = frozenset(self.grid.cells(self.bits_of(name, symbol)))
        return self.memo[key]

    def near_finished(self, symbol: str) -> frozenset[Cell]:
        """Cells touching (side or corner) a finished construct of ``symbol``."""
        return self._near(("near_finished", symbol), "near_finished", symbol)

    def edge_next_to(self, symbol: str) -> frozenset[Cell]:
        """Cells sharing a side with a cell of ``symbol`` (a structure there merges with it)."""
        return self._near(("edge", symbol), "edge", symbol)

    def near(self, symbol: str) -> frozenset[Cell]:
        """Cells touching a cell of ``symbol`` by side or corner."""
        return self._near(("near", symbol), "near", symbol)

    # ------------------------------------------------------------ masks (vectorised legality)
    def bits_of(self, name: str, symbol: str | None = None) -> int:
        """A named set of sheet cells as a bit set (``empty``, ``contact``, ``enclosed``,
        ``near_finished``, ``edge`` or ``near`` of ``symbol``)."""
        key = ("bits", name, symbol)
        if key not in self.memo:
            grid = self.grid
            if name == "empty":
                m = grid.full & ~self.filled_bits
            elif name == "contact":
                m = grid.neighbours(self.filled_bits)
            elif name == "enclosed":
                m = self.enclosed_bits
            elif name == "near_finished":
                done = 0
                for g in self.groups:
                    if g.symbol == symbol and g.finished:
                        done |= g.mask
                m = grid.neighbours(done, corners=True)
            elif name == "edge":
                assert symbol is not None, "the cells next to which symbol?"
                m = grid.neighbours(self.bits.get(symbol, 0))
            elif name == "near":
                assert symbol is not None, "the cells near which symbol?"
                m = grid.neighbours(self.bits.get(symbol, 0), corners=True)
            else:  # pragma: no cover - programming error
                raise KeyError(name)
            self.memo[key] = m
        return self.memo[key]

    def mask(self, cells: Iterable[Cell]) -> np.ndarray:
        """A flat boolean mask of the sheet (index ``y * width + x``) marking ``cells``."""
        m = np.zeros(self.rs.cells, dtype=bool)
        m[self.grid.flat(self.grid.mask(cells), self.rs.width)] = True
        return m

    def mask_of(self, name: str, symbol: str | None = None) -> np.ndarray:
        """:meth:`bits_of` as a flat boolean array (index ``y * width + x``), for the
        vectorised legality of :mod:`.bauen`."""
        key = ("mask", name, symbol)
        if key not in self.memo:
            m = np.zeros(self.rs.cells, dtype=bool)
            m[self.grid.flat(self.bits_of(name, symbol), self.rs.width)] = True
            self.memo[key] = m
        return self.memo[key]

    # ------------------------------------------------------------ the symbol rules
    def merged(self, cells: Collection[Cell], symbol: str) -> tuple[set[Cell], frozenset[int]]:
        """The group the new ``cells`` of ``symbol`` would form with the groups they touch
        along sides, and the ids of those groups."""
        group = set(cells)
        ids: set[int] = set()
        edge = self.edge_next_to(symbol)
        for c in cells:
            if c in edge:
                x, y = c
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if self.sheet.cells.get(n) == symbol:
                        ids.add(self.group_at[n])
        for i in ids:
            group |= self.groups[i].cells
        return group, frozenset(ids)

    def symbol_violation(self, cells: Collection[Cell], symbol: str, bits: int | None = None) -> tuple[str, str] | None:
        """The rule a drawing of ``symbol`` on the empty ``cells`` (on the sheet; ``bits``:
        the same cells as a bit set, if known) breaks, or None. The tests are asked of bit
        sets; the cells are looked at only to word a broken rule."""
        rs, grid = self.rs, self.grid
        if bits is None:
            bits = grid.mask(cells)
        name = content().de(symbol)
        spaced = symbol in rs.touch
        if spaced and bits & self.bits_of("near_finished", symbol):
            if symbol != "zug":
                near = self.near_finished(symbol)
                hit = [c for c in cells if c in near]
                return ("freizeitpark.konstrukt.abstand",
                        f"{name} on {self.sheet.labels.cell(hit[0])} would touch a finished {name} (by side or "
                        f"corner); the same constructs may not touch")
            # a Bummelzug may be lengthened (the card asks for at least its length)
            group, ids = self.merged_bits(bits, symbol)
            lengthened = self._lengthens(cells, bits, group, ids)
            if lengthened is not None:
                return lengthened
        group, ids = self.merged_bits(bits, symbol)
        if spaced and self.finished_bits(symbol, group):
            halo = grid.grow(group, corners=True)
            if any(g.mask & halo for g in self.groups_of(symbol) if g.index not in ids):
                return self._too_close(cells, symbol)
        if (bits & self.enclosed_bits and symbol != "landschaft"
                and (symbol == "zug" or not rs.is_free(symbol))
                and not self.can_finish_bits(symbol, group, ids)):
            return ("freizeitpark.konstrukt.luecken",
                    f"these cells are enclosed empty cells; a {name} site there could "
                    f"never be finished (a deliberate Bausünde)")
        return None

    def _lengthens(self, cells: Collection[Cell], bits: int, group: int,
                   ids: frozenset[int]) -> tuple[str, str] | None:
        """For Bummelzug cells ``bits`` that touch a finished train: None when they only
        lengthen it (every finished train they touch, by side or corner, is one they join
        along a side, and the whole still meets the card), else the broken rule and its
        words. A longer train is still one train (the card asks for *at least* its length);
        a piece beside a finished train without joining it would be a second one touching
        it, and a lengthening beyond the row/column limit would spoil a finished construct."""
        name = content().de("zug")
        for index, near in self._halos("zug"):
            g = self.groups[index]
            if g.finished and near & bits and index not in ids:
                hit = [c for c in cells if self.grid.mask([c]) & near]
                return ("freizeitpark.konstrukt.abstand",
                        f"{name} on {self.sheet.labels.cell(hit[0])} would touch a finished {name} "
                        f"(by side or corner) "
                        f"without joining it along a side; the same constructs may not touch")
        if not self.finished_bits("zug", group):
            limit, _ = _train_rule(self.rs)
            return ("freizeitpark.konstrukt.abstand",
                    f"this would lengthen a finished {name} to {group.bit_count()} cells with "
                    f"more than {limit} in a row or column: it would no longer meet the card "
                    f"(a finished construct may not be built on into a Bausünde)")
        return None

    def _too_close(self, cells: Collection[Cell], symbol: str) -> tuple[str, str]:
        """The words of ``freizeitpark.konstrukt.abstand`` for a drawing that would finish a
        construct touching another group of its symbol (named by its first cell)."""
        name = content().de(symbol)
        group, ids = self.merged(cells, symbol)
        touching = self.touching(symbol)
        for c in group:
            other = touching.get(c, ids) - ids
            if other:
                where = min(self.groups[min(other)].cells)
                return ("freizeitpark.konstrukt.abstand",
                        f"this would finish a {name} that touches another {name} group at "
                        f"{self.sheet.labels.cell(where)}; the same constructs may not touch")
        raise AssertionError("no other group touches this construct")  # pragma: no cover


@functools.cache
def _placements(orients: tuple[Shape, ...], width: int, height: int) -> dict[Cell, list[tuple[int, frozenset[Cell]]]]:
    """Cell -> every placement of the shape (``orients``: its orientations) on a ``width ×
    height`` sheet that covers the cell, as (bit set, cells), each once, in the order of the
    orientations and of their cells (so the first completion found is always the same)."""
    grid = bitgrid(width, height)
    table: dict[Cell, list[tuple[int, frozenset[Cell]]]] = {}
    for ref in ((x, y) for x in range(width) for y in range(height)):
        seen: set[frozenset[Cell]] = set()
        found = []
        for orient in orients:
            for ox, oy in orient:
                dx, dy = ref[0] - ox, ref[1] - oy
                placed = frozenset((x + dx, y + dy) for x, y in orient)
                if placed in seen or not all(grid.inside(*c) for c in placed):
                    continue
                seen.add(placed)
                found.append((grid.mask(placed), placed))
        table[ref] = found
    return table


@functools.cache
def _every_placement(orients: tuple[Shape, ...], width: int, height: int) -> frozenset[frozenset[Cell]]:
    """Every placement of the shape on a ``width × height`` sheet (a set of cells is a
    finished construct exactly when it is one of them)."""
    return frozenset(members for found in _placements(orients, width, height).values()
                     for _, members in found)


@functools.cache
def _placements_at(orients: tuple[Shape, ...], width: int, height: int) -> list[list[int]]:
    """Bit index -> the bit sets of the placements (as :func:`_placements`) covering that
    cell (an empty list for the guard bits, which are no cells)."""
    grid = bitgrid(width, height)
    table = _placements(orients, width, height)
    out: list[list[int]] = [[] for _ in range(grid.stride * height)]
    for (x, y), found in table.items():
        out[y * grid.stride + x] = [bits for bits, _ in found]
    return out


@functools.cache
def _every_placement_bits(orients: tuple[Shape, ...], width: int, height: int) -> frozenset[int]:
    """:func:`_every_placement` as bit sets."""
    return frozenset(bits for found in _placements(orients, width, height).values()
                     for bits, _ in found)


def analysis(rs: Ruleset, sheet: Sheet) -> Analysis:
    """The sheet's analysis, cached on the sheet until its next drawing (after a drawing the
    previous analysis is updated rather than recomputed)."""
    cached = sheet._cache
    if cached is not None and cached[1] is rs and isinstance(cached[2], Analysis):
        if cached[0] == sheet.version and cached[2].sheet is sheet:
            return cached[2]
        if cached[0] == sheet.version - 1 and sheet._last is not None:
            result = Analysis(rs, sheet, cached[2], sheet._last)
            sheet._cache = (sheet.version, rs, result)
            return result
    result = Analysis(rs, sheet)
    sheet._cache = (sheet.version, rs, result)
    return result
