"""Wahl der Struktur einzeichnen: the Eingang, and where a structure may be drawn."""

from __future__ import annotations

import pytest
from freizeitpark_helpers import build_at, new_game, position, rules, sheet, violation

from boardkit.freizeitpark import Build, Entrance
from boardkit.freizeitpark.bauen import legal_placements, structure_cells
from boardkit.testing import assert_illegal

PARK = sheet("EEE.......",
             "LL........",
             "..........",
             "..........")


def test_the_entrance_comes_first_and_touches_the_border():
    state = new_game(players=1)
    legal = state.legal_actions()
    assert legal and all(isinstance(a, Entrance) for a in legal)
    rs = state.rules
    w, h = rs.width, rs.height
    for a in legal:
        cells = structure_cells(rs, 0, a.turn, a.x, a.y)
        assert any(x in (0, w - 1) or y in (0, h - 1) for x, y in cells)
    # every border-touching position of both orientations, and nothing else
    assert len(legal) == 2 * (8 * 10 - 6 * 8)
    assert state.explain(Entrance(0, 9, 4)).legal  # the right-hand border


@pytest.mark.parametrize("act, rule", [
    (Entrance(1, 3, 3), "freizeitpark.struktur.eingang"),
    (Entrance(1, 8, 0), "freizeitpark.struktur.innen"),
    (Entrance(0, 0, -1), "freizeitpark.struktur.innen"),
    (Entrance(2, 0, 0), "freizeitpark.struktur.form"),
    (Build(3, "landschaft", 0, 0, 0), "freizeitpark.ablauf.eingang_zuerst"),
])
def test_illegal_entrances(act, rule):
    state = new_game(players=1)
    assert_illegal(state, act, rule)  # the state unchanged, explain() agreeing


def test_no_second_entrance():
    state = position(PARK)
    assert state.explain(Entrance(1, 0, 5)).rule == "freizeitpark.ablauf.eingang_zuerst"


def test_a_structure_must_share_a_side_not_a_corner():
    rs = rules()
    side = build_at(rs, 5, [(3, 0), (4, 0)], "landschaft")       # right of the Eingang
    corner = build_at(rs, 5, [(3, 1), (4, 1)], "landschaft")     # below-right: corner only
    far = build_at(rs, 5, [(6, 3), (7, 3)], "landschaft")
    assert violation(PARK, (3, 5), side) is None
    assert violation(PARK, (3, 5), corner) == "freizeitpark.struktur.anschluss"
    assert violation(PARK, (3, 5), far) == "freizeitpark.struktur.anschluss"


def test_touching_any_structure_or_construct_counts():
    rs = rules()
    under_landscape = build_at(rs, 5, [(0, 2), (1, 2)], "landschaft")
    assert violation(PARK, (3, 5), under_landscape) is None


def test_empty_cells_only_nothing_is_overdrawn():
    rs = rules()
    over = build_at(rs, 5, [(1, 1), (2, 1)], "landschaft")  # (1, 1) holds Landschaft
    assert violation(PARK, (3, 5), over) == "freizeitpark.struktur.frei"
    assert violation(PARK, (3, 5), build_at(rs, 5, [(2, 1), (3, 1)], "landschaft")) is None


def test_on_the_sheet_only():
    assert violation(PARK, (3, 5), Build(5, "landschaft", 1, 9, 0)) == "freizeitpark.struktur.innen"
    assert violation(PARK, (3, 5), Build(5, "landschaft", 1, -1, 1)) == "freizeitpark.struktur.innen"


def test_coordinates_and_dice_are_whole_numbers():
    assert violation(PARK, (3, 5), Build(5, "landschaft", 1, 3.0, 0)) == "freizeitpark.struktur.innen"
    assert violation(PARK, (3, 5), Build(5.0, "landschaft", 1, 3, 0)) == "freizeitpark.wurf.split"
    assert violation(PARK, (3, 5), Build(5, 3, 1, 3, 0)) == "freizeitpark.wurf.symbol"


@pytest.mark.parametrize("turn", [-1, 2, 8, True, 1.0])
def test_orientation_must_exist(turn):
    assert violation(PARK, (3, 5), Build(5, "landschaft", turn, 3, 0)) == "freizeitpark.struktur.form"


def test_structures_turn_and_mirror():
    """The L of a 4 may be drawn in all eight orientations (rotations and reflections)."""
    rs = rules()
    assert len(rs.structures[4]) == 8 and len(rs.structures[1]) == 1
    assert len(rs.structures[2]) == 4 and len(rs.structures[5]) == 2
    big = sheet(*(["E" + "." * 9] + ["." * 10] * 9))
    turns = {t for t, _, _ in legal_placements(rs, big, 4, "landschaft")}
    assert turns == set(range(8))


def test_every_cell_gets_the_symbol():
    state = position(PARK, dice=(3, 3))
    act = build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "landschaft")
    state.apply(act)
    assert [state.sheets[0].cells[(x, 0)] for x in (3, 4, 5)] == ["landschaft"] * 3
