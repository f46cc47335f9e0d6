"""The bit-set route of the Freizeitpark rules answers exactly as the earlier exact routes do.

The move generator, the symbol rules, greedy's cheap score and the lower bound on the cells
still needed are asked of Python integers used as bit sets (:mod:`boardkit.engine.bitgrid`).
Each test here recomputes the same answer the earlier way — numpy masks over the
placements, cell sets and the grid module's numpy / shapely geometry, ``Fraction`` — on
random sheets, and asks for the same result (for the symbol rules: the same rule and the
same words).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from freizeitpark_helpers import rules
from hypothesis import given, settings
from hypothesis import strategies as st
from test_freizeitpark_properties import SIDE, SMALL, SYMBOLS, naive_completions, sheets

from boardkit.engine.grid import canonical_form, components, enclosed_empty_cells, neighbours
from boardkit.freizeitpark import Build
from boardkit.freizeitpark.agents import FreizeitparkGreedy, _needed_symbols
from boardkit.freizeitpark.bauen import legal_builds, legal_placements, structure_cells
from boardkit.freizeitpark.content import content
from boardkit.freizeitpark.ende import cells_needed, standing
from boardkit.freizeitpark.konstrukte import analysis, is_finished, train_lines_ok
from boardkit.freizeitpark.sheet import Sheet
from boardkit.freizeitpark.wertung import tables

CARDS = [None, "park_der_landschaft", "zug"]


def _cells(arr) -> set[tuple[int, int]]:
    return {(int(x), int(y)) for x, y in np.asarray(arr).reshape(-1, 2).tolist()}


def _on_sheet(cells) -> set[tuple[int, int]]:
    return {(x, y) for x, y in cells if 0 <= x < SIDE and 0 <= y < SIDE}


# ---------------------------------------------------------------- the earlier routes


def numpy_placements(rs, an, face, symbol):
    """The move generator as it was: numpy boolean masks indexed by every placement's flat
    cell indices, the reference check where a structure merges or enters enclosed cells."""
    meta, idx = rs.placements(face)
    geo = np.flatnonzero(an.mask_of("empty")[idx].all(axis=1)
                         & an.mask_of("contact")[idx].any(axis=1))
    if not len(geo):
        return []
    sub = idx[geo]
    ok = np.ones(len(geo), dtype=bool)
    slow = np.zeros(len(geo), dtype=bool)
    if symbol == "zug":  # a finished train may be lengthened: the reference check decides
        slow |= an.mask_of("near_finished", symbol)[sub].any(axis=1)
    elif symbol in rs.touch:
        ok &= ~an.mask_of("near_finished", symbol)[sub].any(axis=1)
    if symbol in rs.touch:
        slow |= an.mask_of("edge", symbol)[sub].any(axis=1)
    if symbol != "landschaft" and (symbol == "zug" or not rs.is_free(symbol)):
        slow |= an.mask_of("enclosed")[sub].any(axis=1)
    if symbol in rs.touch and canonical_form(rs.structures[face][0], True) == rs.canon[symbol]:
        ok &= ~(~slow & an.mask_of("near", symbol)[sub].any(axis=1))
    chosen = set(np.flatnonzero(ok & ~slow).tolist())
    for i in np.flatnonzero(ok & slow).tolist():
        t, x, y = meta[geo[i]].tolist()
        if set_violation(an, structure_cells(rs, face, t, x, y), symbol) is None:
            chosen.add(i)
    return [tuple(m) for m in meta[geo[sorted(chosen)]].tolist()]


def set_train_room(an, group) -> bool:
    """:meth:`Analysis.train_room` on cell sets, with its own flood fill."""
    rs, sheet = an.rs, an.sheet
    limit = rs.card.max_per_line if rs.card is not None and rs.card.kind == "train" else 4
    need = rs.card.min_cells if rs.card is not None and rs.card.kind == "train" else 10
    if not train_lines_ok(group, limit):
        return False
    # empty cells and every train group (an unfinished one to join, a finished one to lengthen)
    room, todo = set(group), list(group)
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in room or not sheet.inside(n):
                continue
            if sheet.cells.get(n) in (None, "zug"):
                room.add(n)
                todo.append(n)
    rows, cols = {}, {}
    for x, y in room:
        rows[y] = rows.get(y, 0) + 1
        cols[x] = cols.get(x, 0) + 1
    return (len(room) >= need and sum(min(limit, v) for v in rows.values()) >= need
            and sum(min(limit, v) for v in cols.values()) >= need)


def set_can_finish(an, symbol, group, ids) -> bool:
    rs = an.rs
    if symbol == "zug":
        return is_finished(rs, symbol, group) or set_train_room(an, group)
    if rs.shapes.get(symbol) is None or is_finished(rs, symbol, group):
        return True
    return bool(naive_completions(an, symbol, group, ids))


def set_violation(an, cells, symbol):
    """The symbol rules on cell sets and the grid module's numpy geometry (the words of a
    broken rule as :meth:`Analysis.symbol_violation` gives them)."""
    rs, sheet = an.rs, an.sheet
    name = content().de(symbol)
    mine = [g for g in an.groups if g.symbol == symbol]
    edge = _cells(neighbours(list(cells)))
    ids = frozenset(g.index for g in mine if g.cells & edge)
    group = set(cells).union(*(an.groups[i].cells for i in ids))
    if symbol in rs.touch:
        near: set = set()
        for g in mine:
            if g.finished:
                halo = _cells(neighbours(sorted(g.cells), corners=True))
                near |= halo
                if symbol == "zug" and g.index not in ids and set(cells) & halo:
                    hit = [c for c in cells if c in halo]
                    return ("freizeitpark.konstrukt.abstand",
                            f"{name} on {sheet.labels.cell(hit[0])} would touch a finished {name} (by side or "
                            f"corner) without joining it along a side; the same constructs "
                            f"may not touch")
        hit = [c for c in cells if c in near]
        if hit and symbol == "zug" and not is_finished(rs, symbol, group):
            limit = rs.card.max_per_line
            return ("freizeitpark.konstrukt.abstand",
                    f"this would lengthen a finished {name} to {len(group)} cells with more "
                    f"than {limit} in a row or column: it would no longer meet the card (a "
                    f"finished construct may not be built on into a Bausünde)")
        if hit and symbol != "zug":
            return ("freizeitpark.konstrukt.abstand",
                    f"{name} on {sheet.labels.cell(hit[0])} would touch a finished {name} "
                    f"(by side or corner); the same constructs may not touch")
    if symbol in rs.touch and is_finished(rs, symbol, group):
        touching: dict = {}
        for g in mine:
            for c in _cells(neighbours(sorted(g.cells), corners=True)):
                touching.setdefault(c, set()).add(g.index)
        for c in set(group):
            other = touching.get(c, ids) - ids
            if other:
                where = min(an.groups[min(other)].cells)
                return ("freizeitpark.konstrukt.abstand",
                        f"this would finish a {name} that touches another {name} group at "
                        f"{sheet.labels.cell(where)}; the same constructs may not touch")
    enclosed = set().union(*(_cells(r) for r in enclosed_empty_cells(SIDE, SIDE, sorted(sheet.cells))))
    if enclosed and symbol != "landschaft" and (symbol == "zug" or not rs.is_free(symbol)):
        if any(c in enclosed for c in cells) and not set_can_finish(an, symbol, group, ids):
            return ("freizeitpark.konstrukt.luecken",
                    f"these cells are enclosed empty cells; a {name} site there could "
                    f"never be finished (a deliberate Bausünde)")
    return None


def set_quick(bot, rs, sheet, act) -> float:
    """Greedy's cheap score of a build on cell sets."""
    an, st = analysis(rs, sheet), standing(rs, sheet)
    wanted = _needed_symbols(rs, st, an)
    cells = structure_cells(rs, act.die, act.turn, act.x, act.y)
    symbol, score, w = act.symbol, 0.0, bot.weights
    if symbol == "landschaft" and rs.shapes.get("landschaft") is None:
        t = st.tables["nachhaltigkeit"]
        units = len(cells) / max(1, rs.landscape_per_point)
        score += 10.0 * min(units, max(0, t.minimum - t.marks)) + 1.0 * units
    else:
        group, ids = an.merged(cells, symbol)
        shape = rs.shapes.get(symbol)
        worth = wanted.get(symbol, 0.0)
        if symbol == "zug":
            score += w["quick_site"] * worth * min(len(group), 10) / 10
        elif is_finished(rs, symbol, group):
            score += w["quick_finish"] * worth + 1.0
        elif (shape is not None and len(group) < len(shape) and worth
              and set_can_finish(an, symbol, group, ids)):
            score += w["quick_site"] * worth * len(group) / len(shape)
        else:
            score -= w["quick_sin"] * len(group)
    snug = 0
    for x, y in cells:
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in cells and (n in sheet.cells or not sheet.inside(n)):
                snug += 1
    return score + w["quick_snug"] * snug


def fraction_cells_needed(rs, sheet):
    """:func:`cells_needed` with ``Fraction`` costs, and the card's constructs counted from
    the groups."""
    if rs.card is not None and rs.card.kind == "landscape_squares":
        return None
    an = analysis(rs, sheet)
    now = tables(rs, an)
    cost = dict.fromkeys(now)
    if rs.landscape_per_point and rs.landscape_points:
        cost["nachhaltigkeit"] = Fraction(1, rs.landscape_points)
    for symbol, (table, pts) in rs.scores.items():
        shape = rs.shapes.get(symbol)
        if not pts or shape is None:
            continue
        drawn = sum(len(g) for g in an.groups if g.symbol == symbol and not g.finished)
        each = Fraction(max(1, len(shape) - drawn), pts)
        if cost[table] is None or each < cost[table]:
            cost[table] = each
    # the card's missing constructs, counted from the groups: cells by the table they score in
    extra: dict = {}
    card = rs.card
    done = {}
    for g in an.groups:
        if g.finished:
            done[g.symbol] = done.get(g.symbol, 0) + 1
    drawn = {}
    for g in an.groups:
        if not g.finished:
            drawn[g.symbol] = drawn.get(g.symbol, 0) + len(g)
    wanted = {}
    if card is not None and card.kind == "count":
        wanted[card.target] = card.count - done.get(card.target, 0)
    elif card is not None and card.kind == "each":
        wanted = {t: 1 - min(1, done.get(t, 0)) for t in card.constructs}
    elif card is not None and card.kind == "messe":
        pairs = sum(done.get(a, 0) for a in rs.attractions) // card.per
        wanted[card.target] = card.base + pairs - done.get(card.target, 0)
    elif card is not None and card.kind == "train" and not done.get(card.symbol):
        extra[None] = max(1, card.min_cells - drawn.get(card.symbol, 0))
    for symbol, missing in wanted.items():
        if missing > 0:
            table, pts = rs.scores[symbol]
            key = table if pts else None
            size = len(rs.shapes[symbol])
            extra[key] = extra.get(key, 0) + max(missing, missing * size - drawn.get(symbol, 0))
    total = extra.get(None, 0)
    for name, t in now.items():
        missing = t.minimum - t.marks
        need = 0
        if missing > 0:
            if cost[name] is None:
                return sheet.width * sheet.height + 1
            need = math.ceil(missing * cost[name])
        total += max(need, extra.get(name, 0))
    return total


# ---------------------------------------------------------------- the checks


@settings(max_examples=60, deadline=None)
@given(s=sheets(), card=st.sampled_from(CARDS))
def test_the_placements_match_the_numpy_route(s, card):
    rs = rules(card, **SMALL)
    an = analysis(rs, s)
    for face in range(1, 7):
        for symbol in rs.symbols:
            assert legal_placements(rs, s, face, symbol) == numpy_placements(rs, an, face, symbol)


@settings(max_examples=60, deadline=None)
@given(s=sheets(), card=st.sampled_from(CARDS), face=st.integers(1, 6), data=st.data())
def test_the_symbol_rules_match_the_set_route(s, card, face, data):
    """On every free placement of a structure (touching the park or not), for every
    symbol: the same rule broken, in the same words, or none."""
    rs = rules(card, **SMALL)
    an = analysis(rs, s)
    meta, _ = rs.placements(face)
    free = [tuple(m) for m in meta.tolist()
            if not any(c in s.cells for c in structure_cells(rs, face, *m))]
    for m in data.draw(st.lists(st.sampled_from(free), max_size=12)) if free else []:
        cells = structure_cells(rs, face, *m)
        for symbol in rs.symbols:
            assert an.symbol_violation(cells, symbol) == set_violation(an, cells, symbol)


@settings(max_examples=60, deadline=None)
@given(s=sheets(), card=st.sampled_from(CARDS))
def test_groups_sites_and_areas_match_the_geometry_routes(s, card):
    """The groups of each symbol match the shapely route of the grid module, a site can be
    finished exactly when a naive search finds a completion, and the enclosed and contact
    cells match the numpy routes."""
    rs = rules(card, **SMALL)
    an = analysis(rs, s)
    for symbol, cells in an.by_symbol.items():
        ref = {frozenset(_cells(c)) for c in components(cells, method="shapely")}
        assert {g.cells for g in an.groups if g.symbol == symbol} == ref
        assert an.bits[symbol] == an.grid.mask(cells)
    for g in an.groups:
        if g.symbol not in ("eingang", "zug"):
            ids = frozenset([g.index])
            assert an.can_finish_bits(g.symbol, g.mask, ids) == set_can_finish(an, g.symbol, g.cells, ids)
        if rs.shapes.get(g.symbol) is not None:
            assert an.completable(g.symbol, g.mask, frozenset([g.index])) == \
                bool(naive_completions(an, g.symbol, g.cells, frozenset([g.index])))
    enclosed = set().union(*(_cells(r) for r in enclosed_empty_cells(SIDE, SIDE, sorted(s.cells))))
    assert an.enclosed_bits.bit_count() == len(enclosed) and an.enclosed == enclosed
    contact = _on_sheet(_cells(neighbours(sorted(s.cells)))) - set(s.cells)
    assert an.bits_of("contact").bit_count() == len(contact)


@settings(max_examples=60, deadline=None)
@given(s=sheets(), card=st.sampled_from([None, *content().cards]))
def test_the_cells_needed_with_every_card_match_the_set_route(s, card):
    rs = rules(card, **SMALL)
    assert cells_needed(rs, s) == fraction_cells_needed(rs, s)


@settings(max_examples=40, deadline=None)
@given(s=sheets(), a=st.integers(1, 6), b=st.integers(1, 6), card=st.sampled_from(CARDS))
def test_greedy_scores_and_the_cells_needed_match_the_set_route(s, a, b, card):
    rs = rules(card, **SMALL)
    bot = FreizeitparkGreedy(seed=0)
    an, st_ = analysis(rs, s), standing(rs, s)
    wanted = _needed_symbols(rs, st_, an)
    for act in legal_builds(rs, s, (a, b)):
        assert isinstance(act, Build)
        mine = bot._quick(rs, s, an, st_, wanted, act.die, act.symbol, act.turn, act.x, act.y)
        assert mine == set_quick(bot, rs, s, act)
    assert cells_needed(rs, s) == fraction_cells_needed(rs, s)


@settings(max_examples=40, deadline=None)
@given(s=sheets(), draws=st.lists(st.tuples(st.sampled_from(SYMBOLS), st.integers(0, SIDE - 1),
                                            st.integers(0, SIDE - 1)), min_size=1, max_size=6))
def test_an_updated_analysis_keeps_the_bits_of_a_fresh_one(s, draws):
    """After a drawing the analysis takes the other symbols' cells from the previous one:
    the same cells, bit sets, groups (in the same order) and tables as from scratch."""
    rs = rules(None, **SMALL)
    s = s.copy()
    for symbol, x, y in draws:
        analysis(rs, s)
        if (x, y) in s.cells:
            continue
        s.draw([(x, y)], symbol)
        updated = analysis(rs, s)
        fresh_sheet = Sheet(s.width, s.height)
        fresh_sheet.cells = dict(s.cells)
        fresh = analysis(rs, fresh_sheet)
        assert updated.by_symbol == fresh.by_symbol and list(updated.by_symbol) == list(fresh.by_symbol)
        assert updated.bits == fresh.bits and updated.filled_bits == fresh.filled_bits
        assert [(g.symbol, g.cells, g.finished, g.mask) for g in updated.groups] == \
            [(g.symbol, g.cells, g.finished, g.mask) for g in fresh.groups]
        assert updated.group_at == fresh.group_at
        assert tables(rs, updated) == tables(rs, fresh)
