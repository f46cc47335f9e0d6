"""Helpers for the Freizeitpark tests: sheets drawn as text, positions with forced rolls.

A sheet is written as rows (top row first), one character per cell: the glyphs of
``data/freizeitpark/constructs.toml`` (A Achterbahn, G Geisterbahn, K Karussell,
W Wildwasserbahn, L Landschaft, P Parkplätze, V Verkaufsstand, E Eingang, Z Bummelzug,
B Bierzelt) and ``.`` for an empty cell.
"""

from __future__ import annotations

import itertools

import boardkit
from boardkit.freizeitpark import Build, Entrance, scenarios
from boardkit.freizeitpark.bauen import check_build
from boardkit.freizeitpark.content import content
from boardkit.freizeitpark.konstrukte import analysis
from boardkit.freizeitpark.regelwerk import ruleset
from boardkit.freizeitpark.sheet import Sheet
from boardkit.testing import pose

GAME = boardkit.game("freizeitpark") if "freizeitpark" in boardkit.games() else None
if GAME is None:  # before registration
    from boardkit.freizeitpark import GAME

GLYPH = {c.glyph: c.id for c in content().constructs.values()}

#: one empty cell, I10 = (8, 9): only a single cell (the structure of a 6) fits there; every
#: minimum is met but Vermögen, which a Verkaufsstand finished on that cell would meet
TIGHT = scenarios.rows("one-empty-cell")
#: a full park: no roll fits any more
FULL = scenarios.rows("full")
#: a young park on a full-size sheet
YOUNG = ("EEE.......", "LL........", *["." * 10] * 8)
#: every minimum met once the Verkaufsstand of row 7 is drawn (3 and 5 in one round)
ALMOST = ("EEELLLLLLL",
          "AAAA.WWW..",
          "AKKA.WLW..",
          "AKKA.WWW..",
          "AAAA......",
          "GGG.PPP.V.",
          "GGG..P..V.",
          "........V.",
          "....PPP...",
          ".....P.VVV")
_versions = itertools.count(10_000)


def sheet(*rows: str) -> Sheet:
    """A sheet drawn from text rows (its size is the rows' size)."""
    height, width = len(rows), len(rows[0])
    s = Sheet(width, height)
    for y, row in enumerate(rows):
        assert len(row) == width, f"row {y} has {len(row)} cells, not {width}"
        for x, ch in enumerate(row):
            if ch != ".":
                s.cells[(x, y)] = GLYPH[ch]
    s.version = next(_versions)  # never equal to a cached version
    return s


def rules(card: str | None = None, **params):
    return ruleset(GAME.make_params(params), card)


def new_game(players: int = 1, seed: int = 0, card: str | None = None, params=None,
             expanded: bool = False):
    variant = {"card": card} if card else ({"expanded": True} if expanded else {})
    return GAME.new_game(players=players, seed=seed, variant=variant, params=params)


def position(*sheets: Sheet, dice=(3, 5), card=None, params=None, seed=0):
    """A game whose players have these sheets, in round 1, with this roll, P1 to build.

    Every player draws an Eingang on an empty sheet first (so the flow is the real one),
    then the sheets are replaced by copies of the given drawings.
    """
    state = new_game(len(sheets), seed=seed, card=card, params=params)
    state.force("roll", tuple(dice))
    for _ in sheets:
        state.apply(Entrance(1, 0, 0))
    assert state.round == 1 and state.dice == tuple(dice)
    for p, s in enumerate(sheets):
        own = s.copy()
        own.version = next(_versions)
        state.sheets[p] = own
    return state


def redo_round(state):
    """Let the round's decisions start again (after a test replaced the sheets), so the
    flow looks at the new sheets: who builds, who skips, who is out."""
    pose(state)
    state.builds = [None] * state.players
    state.turns = state.playing()
    state.flow.advance(state)
    return state


def violation(s: Sheet, dice, act: Build, rs=None):
    """The rule id a Build breaks on this sheet (None when it is legal)."""
    from boardkit.engine import RuleViolation

    try:
        check_build(rs or rules(), s, tuple(dice), act)
    except RuleViolation as exc:
        return exc.rule
    return None


def place(s: Sheet, symbol: str, *cells) -> Sheet:
    """A copy of ``s`` with ``cells`` drawn as ``symbol`` (no rules checked)."""
    other = s.copy()
    other.draw(cells, symbol)
    other.version = next(_versions)
    return other


def groups(s: Sheet, rs=None):
    an = analysis(rs or rules(), s)
    return [(g.symbol, len(g), an.status(g)) for g in an.groups]


def build_at(rs, face: int, cells, symbol: str) -> Build:
    """The Build whose structure of ``face`` covers exactly ``cells`` (any orientation)."""
    cells = sorted(cells)
    for turn, shape in enumerate(rs.structures[face]):
        x0 = min(x for x, _ in cells) - min(x for x, _ in shape)
        y0 = min(y for _, y in cells) - min(y for _, y in shape)
        if sorted((x0 + x, y0 + y) for x, y in shape) == cells:
            return Build(face, symbol, turn, x0, y0)
    raise AssertionError(f"the structure of a {face} cannot cover {cells}")


def accepted_builds(rs, s: Sheet, dice, symbols=None) -> set[Build]:
    """Every build of ``dice`` that ``check_build`` accepts on ``s`` (``symbols``: only
    those constructs), found by trying each die, construct, turn and place one cell
    around the sheet: the reference the move generator is held to."""
    from boardkit.engine import RuleViolation

    found = set()
    for die in set(dice):
        for symbol in symbols or content().constructs:
            for turn in range(len(rs.structures[die])):
                for x in range(-1, s.width):
                    for y in range(-1, s.height):
                        act = Build(die, symbol, turn, x, y)
                        try:
                            check_build(rs, s, dice, act)
                        except RuleViolation:
                            continue
                        found.add(act)
    return found
