"""Property tests: the vectorised move generator agrees with the rule checks everywhere, and
random games keep the invariants (nothing erased, cells conserved, tables in range)."""

from __future__ import annotations

import json

import numpy as np
from freizeitpark_helpers import GAME, accepted_builds, rules
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.freizeitpark import Build, ende
from boardkit.freizeitpark.bauen import legal_builds
from boardkit.freizeitpark.content import TABLES, content
from boardkit.freizeitpark.konstrukte import analysis
from boardkit.freizeitpark.sheet import Sheet
from boardkit.freizeitpark.wertung import tables

SIDE = 6
SMALL = {"sheet.width": SIDE, "sheet.height": SIDE}
SYMBOLS = ["landschaft", "karussell", "geisterbahn", "achterbahn", "wildwasserbahn",
           "parkplaetze", "verkaufsstand"]


@st.composite
def sheets(draw):
    """A random drawing: scattered symbols plus whole constructs stamped on it."""
    s = Sheet(SIDE, SIDE)
    s.cells[(0, 0)] = "eingang"
    for _ in range(draw(st.integers(0, 3))):
        symbol = draw(st.sampled_from(SYMBOLS[1:]))
        shape = content().constructs[symbol].cells
        x, y = draw(st.integers(0, SIDE - 1)), draw(st.integers(0, SIDE - 1))
        for cx, cy in shape:
            if 0 <= x + cx < SIDE and 0 <= y + cy < SIDE:
                s.cells.setdefault((x + cx, y + cy), symbol)
    for cell in draw(st.lists(st.tuples(st.integers(0, SIDE - 1), st.integers(0, SIDE - 1)),
                              max_size=14)):
        s.cells.setdefault(cell, draw(st.sampled_from(SYMBOLS)))
    s.version = draw(st.integers(10**6, 10**9))
    return s


@settings(max_examples=40)
@given(s=sheets(), a=st.integers(1, 6), b=st.integers(1, 6),
       card=st.sampled_from([None, "park_der_landschaft", "zug"]))
def test_the_move_generator_agrees_with_the_rule_checks(s, a, b, card):
    rs = rules(card, **SMALL)
    fast = legal_builds(rs, s, (a, b))
    assert len(fast) == len(set(fast))
    assert set(fast) == accepted_builds(rs, s, (a, b))


def marks(state, p):
    rs = state.rules
    return {t: v.marks for t, v in tables(rs, analysis(rs, state.sheets[p])).items()}


@settings(max_examples=15)
@given(seed=st.integers(0, 2**31), players=st.integers(1, 3), expanded=st.booleans())
def test_random_games_keep_the_invariants(seed, players, expanded):
    state = GAME.new_game(players=players, seed=seed, variant={"expanded": expanded})
    rng = np.random.default_rng(seed)
    rs = state.rules
    drawn = [dict(s.cells) for s in state.sheets]
    previous = [marks(state, p) for p in range(players)]
    placed = [0] * players
    status = list(state.status)
    while not state.is_over:
        options = state.legal_actions()
        act = options[int(rng.integers(len(options)))]
        p = state.current_player
        placed[p] += 3 if not isinstance(act, Build) else len(rs.structures[act.die][act.turn])
        state.apply(act)
        for q in range(players):
            now = state.sheets[q].cells
            assert all(now.get(c) == sym for c, sym in drawn[q].items())  # nothing erased
            drawn[q] = dict(now)
            m = marks(state, q)
            assert all(0 <= m[t] <= rs.tables[t].fields for t in TABLES)
            assert all(m[t] >= previous[q][t] for t in TABLES)  # no mark is ever lost
            previous[q] = m
            if status[q] != "playing":
                assert state.status[q] == status[q]  # nobody comes back
        status = list(state.status)
        for q in range(players):
            hidden = state.observation(q)
            json.dumps(hidden)
            for r in range(players):
                if r != q:
                    assert hidden["players"][r]["pending"] is None
    # every drawn cell comes from exactly one structure (no cell created or lost)
    assert [len(s.cells) for s in state.sheets] == placed
    # the game ends with winners by the rules, or with nobody left (and then no winner)
    won = [p for p in range(players) if state.status[p] == "won"]
    assert state.winners() == won
    assert won or all(s in ("fired", "out") for s in state.status)
    # whoever is out has no roll that fits, or too few empty cells for the minimums
    for p in range(players):
        if state.status[p] == "out":
            assert ende.out_of_room(rs, state.sheets[p]) or ende.out_of_reach(rs, state.sheets[p])
    # a skipped round is one whose roll fitted nowhere in that park
    skips = [e for e in state.log if e.kind == "info" and e.text.startswith("skips round")]
    assert sum(state.skips) == len(skips)


@settings(max_examples=30)
@given(s=sheets(), draws=st.lists(st.tuples(st.sampled_from(SYMBOLS + ["zug"]),
                                            st.integers(0, SIDE - 1), st.integers(0, SIDE - 1)),
                                  min_size=1, max_size=6),
       card=st.sampled_from([None, "zug"]))
def test_updated_analyses_equal_fresh_ones(s, draws, card):
    """After each drawing the analysis is updated from the previous one (statuses far from
    the new cells are kept); it must equal an analysis computed from scratch."""
    rs = rules(card, **SMALL)
    s = s.copy()
    for symbol, x, y in draws:
        if symbol == "zug" and card is None:
            symbol = "landschaft"
        before = analysis(rs, s)
        for g in before.groups:
            before.status(g)
        for sym in SYMBOLS + (["zug"] if card else []):
            before.touching(sym)
            for name in ("edge", "near", "near_finished"):
                before.mask_of(name, sym)
        if (x, y) in s.cells:
            continue
        s.draw([(x, y)], symbol)
        updated = analysis(rs, s)
        fresh = analysis(rs, _copy_without_cache(s))
        key = lambda an: sorted((g.symbol, sorted(g.cells), g.finished, an.status(g))  # noqa: E731
                                for g in an.groups)
        assert key(updated) == key(fresh)
        for sym in SYMBOLS + (["zug"] if card else []):
            for name in ("edge", "near", "near_finished"):
                assert (updated.mask_of(name, sym) == fresh.mask_of(name, sym)).all()
            def touch(an, sym=sym):
                return {c: {an.groups[i].cells for i in v} for c, v in an.touching(sym).items()}
            assert touch(updated) == touch(fresh)


def _copy_without_cache(s):
    other = Sheet(s.width, s.height)
    other.cells = dict(s.cells)
    return other


def naive_completions(an, symbol, cells, ids):
    """Every placement of the shape anywhere on the sheet that holds the site, whose other
    cells are empty and that touches no other group of the symbol (sets, no bit tricks)."""
    from boardkit.engine.grid import orientations

    rs, s = an.rs, an.sheet
    others = {c for g in an.groups if g.symbol == symbol and g.index not in ids
              for x, y in g.cells for c in ((x + dx, y + dy) for dx in (-1, 0, 1)
                                            for dy in (-1, 0, 1))}
    found = set()
    for orient in orientations(rs.shapes[symbol], True):
        for dx in range(-SIDE, SIDE):
            for dy in range(-SIDE, SIDE):
                placed = frozenset((x + dx, y + dy) for x, y in orient)
                if (set(cells) <= placed
                        and all(0 <= x < SIDE and 0 <= y < SIDE for x, y in placed)
                        and all(c in cells or c not in s.cells for c in placed)
                        and not (placed & others)):
                    found.add(placed)
    return found


@settings(max_examples=40)
@given(s=sheets(), x=st.integers(0, SIDE - 1), y=st.integers(0, SIDE - 1))
def test_the_completions_of_a_site_are_every_placement_that_holds_it(s, x, y):
    """The bit-set search for completions (``Analysis.completions``) finds exactly the
    placements a naive search over the whole sheet finds: for every group of the drawing,
    and for a site of one empty cell."""
    rs = rules(None, **SMALL)
    an = analysis(rs, s)
    sites = [(g.symbol, g.cells, frozenset([g.index])) for g in an.groups
             if rs.shapes.get(g.symbol) is not None]
    if (x, y) not in s.cells:
        sites += [(sym, frozenset([(x, y)]), frozenset()) for sym in SYMBOLS[1:]]
    for symbol, cells, ids in sites:
        fast = an.completions(symbol, cells, ids)
        assert len(fast) == len(set(fast))
        assert set(fast) == naive_completions(an, symbol, cells, ids)
        assert bool(an.completions(symbol, cells, ids, first=True)) == bool(fast)
