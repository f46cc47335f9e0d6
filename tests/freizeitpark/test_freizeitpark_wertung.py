"""Mögliche Punkte erhalten: the four tables, with the rulebook's numbers."""

from __future__ import annotations

from freizeitpark_helpers import build_at, place, position, rules, sheet, violation

from boardkit.freizeitpark.konstrukte import analysis
from boardkit.freizeitpark.wertung import tables

RS = rules()

#: every minimum met: N 8, B 4+3+2+1, V 3 stands, P 2 lots (no enclosed empty cell)
PARK = sheet("EEELLLLLLL",
             "AAAA.WWW..",
             "AKKA.WLW..",
             "AKKA.WWW..",
             "AAAA......",
             "GGG.PPP.V.",
             "GGG..P..V.",
             "VVV.....V.",
             "....PPP...",
             ".....P.VVV")


def marks(s, rs=RS):
    return {k: t.marks for k, t in tables(rs, analysis(rs, s)).items()}


def test_points_of_every_construct():
    assert marks(PARK) == {"nachhaltigkeit": 8, "beliebtheit": 4 + 3 + 2 + 1,
                           "vermoegen": 3 * 3, "parkplaetze": 2 * 3}


def test_three_landschaft_cells_give_three_points_at_once():
    """Rulebook example: a structure of three cells filled with Landschaft scores three
    Nachhaltigkeit at once."""
    start = sheet("EEE.......", "..........", "..........")
    state = position(start, dice=(3, 3))
    state.apply(build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "landschaft"))
    assert state.standing(0).marks("nachhaltigkeit") == 3
    assert "+3 Nachhaltigkeit" in state.log.text(last=3)


def test_each_attraction_scores_its_own_points():
    for glyph, points in (("K", 1), ("G", 2), ("W", 3), ("A", 4)):
        s = {"K": sheet("KK..", "KK.."),
             "G": sheet("GGG.", "GGG."),
             "W": sheet("WWW.", "W.W.", "WWW."),
             "A": sheet("AAAA", "A..A", "A..A", "AAAA")}[glyph]
        assert marks(s)["beliebtheit"] == points, glyph


def test_unfinished_and_sinful_constructs_score_nothing():
    s = sheet("KK.GG.VV..",
              "K..GG.....",
              "..........",
              "PPPP......")
    assert marks(s) == {"nachhaltigkeit": 0, "beliebtheit": 0, "vermoegen": 0, "parkplaetze": 0}


def test_a_full_table_takes_no_more_points_but_building_goes_on():
    s = sheet("EEELLLLLLL",
              "LLLLLLL...",
              "..........")
    assert marks(s)["nachhaltigkeit"] == 12  # 14 cells, 12 fields
    act = build_at(RS, 3, [(7, 1), (8, 1), (9, 1)], "landschaft")
    assert violation(s, (3, 3), act) is None
    state = position(s, dice=(3, 3))
    state.apply(act)
    assert state.standing(0).marks("nachhaltigkeit") == 12
    assert "Nachhaltigkeit table full (3 not marked)" in state.log.text(last=3)


def test_table_limits_are_rule_parameters():
    rs = rules(**{"tables.vermoegen.fields": 6, "tables.vermoegen.minimum": 6})
    many = sheet("VVV.VVV.VVV")
    assert marks(many, rs)["vermoegen"] == 6 and marks(many)["vermoegen"] == 9


def test_points_never_change_for_drawings_elsewhere():
    """Finished constructs stay finished: drawing beside them never removes a mark."""
    more = place(PARK, "landschaft", (4, 1), (4, 2), (4, 3))
    assert marks(more)["beliebtheit"] == 10 and marks(more)["nachhaltigkeit"] == 11
