"""Konstrukt bauen: finished constructs, Bausünden, building inside rings, enclosed gaps,
and the spacing of constructs of the same kind."""

from __future__ import annotations

import pytest
from freizeitpark_helpers import (
    accepted_builds,
    build_at,
    groups,
    place,
    position,
    rules,
    sheet,
    violation,
)

from boardkit.freizeitpark import Build
from boardkit.freizeitpark.bauen import legal_builds
from boardkit.freizeitpark.konstrukte import analysis

RS = rules()


def status_of(s, cell, rs=RS):
    an = analysis(rs, s)
    return an.status(an.group_at[cell])


# ------------------------------------------------------------------ freizeitpark.konstrukt.form


def test_finished_constructs_in_any_orientation():
    s = sheet("EEE.........",
              "KK.PPP..P...",
              "KK..P...PP..",
              "........P...",
              "GG..AAAA....",
              "GG..A..A.WWW",
              "GG..A..A.W.W",
              "....AAAA.WWW",
              "V...........",
              "V..VVV......",
              "V...........")
    found = {(sym, st) for sym, _, st in groups(s)}
    assert {("karussell", "finished"), ("parkplaetze", "finished"), ("geisterbahn", "finished"),
            ("achterbahn", "finished"), ("wildwasserbahn", "finished"),
            ("verkaufsstand", "finished"), ("eingang", "finished")} == found
    an = analysis(RS, s)
    assert an.count("parkplaetze") == 2 and an.count("verkaufsstand") == 2


def test_open_sites_and_building_sins():
    s = sheet("EEE.......",
              "....K.VV..",
              "..........",
              "KKK...PPPP",
              "KK........",
              "..........",
              "..........",
              "..........",
              "L.........",
              "..........")
    assert status_of(s, (4, 1)) == "open"           # a Karussell can still grow here
    assert status_of(s, (6, 1)) == "open"           # two cells of a Verkaufsstand
    assert status_of(s, (0, 3)) == "sin"            # too big: five cells
    assert status_of(s, (6, 3)) == "sin"            # wrong: four in a row is no T
    assert status_of(s, (0, 8)) == "free"           # Landschaft has no shape


def test_a_row_of_four_cannot_become_a_geisterbahn():
    s = sheet("EEE.......",
              "..........",
              "GGGG......",
              "..........")
    assert status_of(s, (0, 2)) == "sin"


def test_a_site_without_room_is_a_sin():
    s = sheet("EEEL......",
              "LLKL......",
              "LLLL......")
    assert status_of(s, (2, 1)) == "sin"


# ------------------------------------------------------------------ konstrukt.bausuende


def test_a_building_sin_may_be_drawn_but_never_scores():
    s = sheet("EEE.......",
              "KK........",
              "..........",
              "..........")
    act = build_at(RS, 3, [(0, 2), (1, 2), (2, 2)], "karussell")
    assert violation(s, (3, 1), act) is None
    state = position(s, dice=(3, 1))
    state.apply(act)
    assert status_of(state.sheets[0], (0, 1), state.rules) == "sin"
    assert state.standing(0).marks("beliebtheit") == 0
    assert "Bausünde" in state.log.text(last=3)


# ------------------------------------------------------------------ konstrukt.abstand

FINISHED_K = sheet("EEE.......",
                   "KK........",
                   "KK........",
                   "LL........",
                   "..........")


def test_no_second_karussell_at_the_corner_of_a_finished_one():
    act = build_at(RS, 1, [(2, 3), (3, 3), (2, 4), (3, 4)], "karussell")
    assert violation(FINISHED_K, (1, 2), act) == "freizeitpark.konstrukt.abstand"
    # one cell further away it is fine (it touches the Landschaft along a side)
    s = place(FINISHED_K, "landschaft", (2, 3))
    ok = build_at(RS, 1, [(3, 3), (4, 3), (3, 4), (4, 4)], "karussell")
    assert violation(s, (1, 2), ok) is None


def test_a_finished_construct_cannot_be_extended():
    act = build_at(RS, 5, [(2, 1), (2, 2)], "karussell")
    assert violation(FINISHED_K, (5, 1), act) == "freizeitpark.konstrukt.abstand"


def test_finishing_a_construct_next_to_another_group_of_its_kind():
    s = sheet("EEE.......",
              "KK........",
              "..........",
              "..K.......",
              "..........")
    act = build_at(RS, 5, [(0, 2), (1, 2)], "karussell")
    assert violation(s, (5, 2), act) == "freizeitpark.konstrukt.abstand"
    far = sheet("EEE.......",
                "KK........",
                "..........",
                "...K......",
                "..........")
    assert violation(far, (5, 2), act) is None


def test_unfinished_sites_may_touch_at_a_corner():
    s = sheet("EEE.......",
              "KK........",
              "..........",
              "..L.......")
    act = build_at(RS, 6, [(2, 2)], "karussell")
    assert violation(s, (6, 1), act) is None


def test_different_constructs_and_landschaft_may_touch():
    parking = build_at(RS, 2, [(2, 1), (3, 1), (4, 1), (3, 2)], "parkplaetze")
    assert violation(FINISHED_K, (2, 4), parking) is None
    land = build_at(RS, 5, [(2, 2), (2, 3)], "landschaft")
    assert violation(FINISHED_K, (5, 3), land) is None
    more_land = build_at(RS, 5, [(0, 4), (1, 4)], "landschaft")  # grows the Landschaft
    assert violation(FINISHED_K, (5, 3), more_land) is None


# ------------------------------------------------------------------ konstrukt.innen / luecken

RING = sheet("EEE.......",
             "AAAA......",
             "A..A......",
             "A..A......",
             "AAAA......",
             "..........")
INSIDE = [(1, 2), (2, 2), (1, 3), (2, 3)]


def test_the_inside_of_an_achterbahn_is_enclosed():
    assert analysis(RS, RING).enclosed == frozenset(INSIDE)


def test_a_karussell_may_be_built_inside_an_achterbahn():
    square = build_at(RS, 1, INSIDE, "karussell")
    assert violation(RING, (1, 2), square) is None
    half = build_at(RS, 5, [(1, 2), (2, 2)], "karussell")  # can still be finished
    assert violation(RING, (5, 1), half) is None
    state = position(RING, dice=(1, 2))
    state.apply(square)
    assert state.standing(0).marks("beliebtheit") == 4 + 1


@pytest.mark.parametrize("dice, face, cells, symbol", [
    ((5, 1), 5, [(1, 2), (2, 2)], "geisterbahn"),     # six cells never fit into four
    ((6, 5), 6, [(1, 2)], "verkaufsstand"),           # no row of three inside
    ((5, 4), 5, [(1, 2), (1, 3)], "parkplaetze"),     # a T needs three in a row
])
def test_enclosed_cells_refuse_sites_that_cannot_be_finished(dice, face, cells, symbol):
    act = build_at(RS, face, cells, symbol)
    assert violation(RING, dice, act) == "freizeitpark.konstrukt.luecken"
    # the same site outside the ring is only a site (legal)
    outside = build_at(RS, face, [(x + 3, y) for x, y in cells], symbol)
    assert violation(RING, dice, outside) is None


def test_landschaft_may_fill_enclosed_cells():
    act = build_at(RS, 5, [(1, 2), (2, 2)], "landschaft")
    assert violation(RING, (5, 3), act) is None


def test_the_single_cell_inside_a_wildwasserbahn():
    s = sheet("EEE.......",
              "WWW.......",
              "W.W.......",
              "WWW.......")
    assert violation(s, (6, 1), build_at(RS, 6, [(1, 2)], "karussell")) == "freizeitpark.konstrukt.luecken"
    assert violation(s, (6, 3), build_at(RS, 6, [(1, 2)], "landschaft")) is None


# ------------------------------------------------------------------ the Bummelzug (card Zug)

RZ = rules("zug")


def test_a_train_piece_may_not_fill_a_hole_it_can_never_leave():
    hole = sheet("EEE.......",
                 "WWW.......",
                 "W.W.......",
                 "WWW.......",
                 "..........")
    piece = build_at(RZ, 6, [(1, 2)], "zug")
    assert violation(hole, (6, 1), piece, RZ) == "freizeitpark.konstrukt.luecken"
    # the inside of an Achterbahn (four cells) is too small for a ten-cell train as well
    ring = build_at(RZ, 6, [(1, 2)], "zug")
    assert violation(RING, (6, 2), ring, RZ) == "freizeitpark.konstrukt.luecken"
    # a one-cell train piece left in such a hole is a Bausünde, not an open site
    assert status_of(place(hole, "zug", (1, 2)), (1, 2), RZ) == "sin"


def test_a_train_piece_may_fill_enclosed_cells_with_room_to_grow():
    # twelve enclosed cells, three per row and four per column: room for ten
    room = sheet("EEE.......",
                 "LLLLL.....",
                 "L...L.....",
                 "L...L.....",
                 "L...L.....",
                 "L...L.....",
                 "LLLLL.....")
    assert len(analysis(RZ, room).enclosed) == 12
    assert violation(room, (6, 1), build_at(RZ, 6, [(1, 2)], "zug"), RZ) is None
    # a hole next to a train that leads out: the piece joins that train
    joined = sheet("EEE.......",
                   "LLL.......",
                   "L.ZZZ.....",
                   "LLL.......",
                   "..........")
    assert analysis(RZ, joined).enclosed == {(1, 2)}
    assert violation(joined, (6, 2), build_at(RZ, 6, [(1, 2)], "zug"), RZ) is None
    assert status_of(joined, (2, 2), RZ) == "open"


#: a finished Bummelzug of ten cells (at most four per row and column)
TRAIN = ("EEE.......",
         "ZZZZ......",
         "...Z......",
         "...Z......",
         ".ZZZ......",
         ".Z...L....",
         ".Z........",
         "..........")


def test_a_train_may_not_touch_a_finished_train():
    s = sheet(*TRAIN)
    assert status_of(s, (0, 1), RZ) == "train"
    # along a side it would lengthen the train, but to five cells in row 1 (limit four)
    beside = build_at(RZ, 6, [(4, 1)], "zug")
    assert violation(s, (6, 1), beside, RZ) == "freizeitpark.konstrukt.abstand"
    corner = build_at(RZ, 6, [(4, 5)], "zug")         # at its corner only: a second train
    assert violation(s, (6, 2), corner, RZ) == "freizeitpark.konstrukt.abstand"
    apart = build_at(RZ, 6, [(6, 5)], "zug")          # a new train, clear of the old one
    assert violation(s, (6, 2), apart, RZ) is None
    # nobody else is affected: any other symbol may touch the train
    assert violation(s, (6, 1), build_at(RZ, 6, [(4, 1)], "karussell"), RZ) is None


#: a finished Bummelzug of ten cells, rows 0 to 3 (the rest of the sheet empty)
LONG = ("ZZZZ......",
        "...Z......",
        "...ZZZZ...",
        "......Z...",
        *["." * 10] * 6)


def test_a_finished_train_may_be_lengthened_whatever_the_order():
    # freizeitpark.konstrukt.abstand, our reading: the card asks for a train of at least
    # ten cells, so a train cell joined along a side makes one longer train, not a second
    # one; the eleven cells are legal whether the last two come in one build or one by one
    ten = sheet(*LONG)
    assert status_of(ten, (0, 0), RZ) == "train"
    eleventh = Build(6, "zug", 0, 6, 4)               # (6, 4), below the train's end
    assert violation(ten, (6, 1), eleventh, RZ) is None
    nine = sheet(*LONG[:3], *["." * 10] * 7)
    assert status_of(nine, (0, 0), RZ) == "open"
    both = Build(5, "zug", 0, 6, 3)                   # (6, 3) and (6, 4) in one build
    assert violation(nine, (5, 1), both, RZ) is None
    one_by_one = place(ten, "zug", (6, 4))
    at_once = place(nine, "zug", (6, 3), (6, 4))
    assert one_by_one.cells == at_once.cells
    assert groups(one_by_one, RZ) == groups(at_once, RZ) == [("zug", 11, "train")]
    # the move lists agree with the checks: the eleventh cell is offered
    assert eleventh in legal_builds(RZ, ten, (6, 1))
    # a lengthening must keep the card's limit: a fifth cell in column 6 is refused
    column = place(one_by_one, "zug", (6, 5))
    assert groups(column, RZ) == [("zug", 12, "train")]
    assert violation(column, (6, 1), build_at(RZ, 6, [(6, 6)], "zug"), RZ) == \
        "freizeitpark.konstrukt.abstand"


def test_a_train_piece_in_a_pocket_may_wait_to_join_a_finished_train():
    # two enclosed cells below the train's end: drawn at once they lengthen it, so the far
    # one alone is an open site too (it can still join the train), not a deliberate
    # Bausünde (freizeitpark.konstrukt.luecken)
    pocket = sheet(*LONG[:4],
                   ".....L.L..",
                   ".....L.L..",
                   "......L...",
                   *["." * 10] * 3)
    assert analysis(RZ, pocket).enclosed == {(6, 4), (6, 5)}
    assert violation(pocket, (5, 1), build_at(RZ, 5, [(6, 4), (6, 5)], "zug"), RZ) is None
    far = build_at(RZ, 6, [(6, 5)], "zug")
    assert violation(pocket, (6, 1), far, RZ) is None
    waiting = place(pocket, "zug", (6, 5))
    assert status_of(waiting, (6, 5), RZ) == "open"
    assert violation(waiting, (6, 1), build_at(RZ, 6, [(6, 4)], "zug"), RZ) is None
    assert status_of(place(waiting, "zug", (6, 4)), (6, 5), RZ) == "train"


@pytest.mark.parametrize("rows", [LONG, TRAIN], ids=["long", "train"])
def test_the_move_list_next_to_a_finished_train_agrees_with_the_checks(rows):
    # the move generator sends train cells next to a finished train to the reference check:
    # it lists exactly the builds that check_build accepts (lengthenings included)
    s = sheet(*rows)
    for dice in ((6, 1), (5, 2), (3, 1)):
        listed = set(legal_builds(RZ, s, dice))
        accepted = accepted_builds(RZ, s, dice, symbols=("zug", "karussell"))
        assert {a for a in listed if a.symbol in ("zug", "karussell")} == accepted
        # and some of them lengthen the finished train (train cells beside a train cell)
        assert any(a.symbol == "zug" and any(s.cells.get(c) == "zug" for c in _sides(RZ, a))
                   for a in accepted)


def _sides(rs, act):
    """The cells sharing a side with the build's cells."""
    from boardkit.freizeitpark.bauen import structure_cells

    cells = structure_cells(rs, act.die, act.turn, act.x, act.y)
    return {(x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}


#: nine cells of a Bummelzug, and a one-cell train piece at (0, 5)
NINE = ("EEE.......",
        "ZZZZ......",
        "...Z......",
        "...Z......",
        ".ZZZ......",
        "Z.........",
        "L.........")


def test_finishing_a_train_next_to_another_train_piece():
    tenth = build_at(RZ, 6, [(2, 5)], "zug")  # the tenth cell; the train would touch (0, 5)
    assert violation(sheet(*NINE), (6, 1), tenth, RZ) == "freizeitpark.konstrukt.abstand"
    clear = sheet(*NINE[:5], "L.........", "L.........")
    assert violation(clear, (6, 1), tenth, RZ) is None
