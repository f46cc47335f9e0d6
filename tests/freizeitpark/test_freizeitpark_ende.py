"""Spiel gewinnen: the trigger, the enclosure penalty, fired, out, several finishers."""

from __future__ import annotations

from freizeitpark_helpers import (
    ALMOST,
    GAME,
    TIGHT,
    YOUNG,
    build_at,
    position,
    redo_round,
    rules,
    sheet,
)

from boardkit.freizeitpark import ende
from boardkit.freizeitpark.bauen import has_build
from boardkit.freizeitpark.konstrukte import analysis

RS = rules()

LAST_STAND = [(0, 7), (1, 7), (2, 7)]
#: the same with an empty cell inside the Wildwasserbahn: Nachhaltigkeit 7, one enclosed cell
ENCLOSED = tuple(row.replace("WLW", "W.W") for row in ALMOST)


def finish(state, p=0):
    return build_at(state.rules, 3, LAST_STAND, "verkaufsstand")


def play_round(state, actions):
    for act in actions:
        state.apply(act)


def test_meeting_every_minimum_ends_the_game_at_once():
    state = position(sheet(*ALMOST), dice=(3, 5))
    assert not state.standing(0).minimums_met()
    state.apply(finish(state))
    assert state.is_over and state.winners() == [0] and state.status == ["won"]
    assert state.standing(0).penalty == 0
    assert "P1 wins" in state.log.text(last=2)
    assert state.facts(0)["won"] == 1.0 and state.facts(0)["rounds"] == 1.0


def test_border_cells_never_count_and_a_corner_gap_does_not_let_cells_out():
    diamond = sheet(".....",
                    "..L..",
                    ".L.L.",
                    "..L..",
                    ".....")
    assert analysis(RS, diamond).enclosed == {(2, 2)}
    cup = sheet(".....",
                ".....",
                "L...L",
                "L...L",
                "LL.LL")  # the gap is on the border: the cells inside are not enclosed
    assert analysis(RS, cup).enclosed == frozenset()
    island = sheet("LLLLL",
                   "L...L",
                   "L.L.L",
                   "L...L",
                   "LLLLL")
    assert analysis(RS, island).enclosed == {(1, 1), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3),
                                             (2, 3), (3, 3)}


def test_the_penalty_fires_a_finisher_and_the_others_play_on():
    state = position(sheet(*ENCLOSED), sheet(*YOUNG), dice=(3, 5))
    assert analysis(state.rules, state.sheets[0]).enclosed == {(6, 2)}
    play_round(state, [finish(state), build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft")])
    assert not state.is_over
    assert state.status == ["fired", "playing"]
    st = state.standing(0)
    assert st.penalty == 1 and st.marks("nachhaltigkeit") == 6 and st.minimums_met() is False
    assert "fired" in state.log.text(last=4)
    assert state.current_player == 1  # only P2 decides from now on
    assert all(e.player in (None, 1) for e in state.log[-1:])


def test_a_fired_player_in_a_solo_game_ends_it_without_a_winner_by_the_rules():
    state = position(sheet(*ENCLOSED), dice=(3, 5))
    state.apply(finish(state))
    assert state.is_over and state.status == ["fired"]
    assert state.winners() == [] and not state.has_winner  # fired is not a win
    assert "without a winner" in state.log.text(last=1)
    assert state.scores() == [31.0]  # the ranking stays: 6 of 7 Nachhaltigkeit, the rest met
    assert state.facts(0)["won"] == 0.0 and state.facts(0)["fired"] == 1.0
    assert state.observation(None)["winners"] == []


def test_several_finishers_in_one_round_share_the_win():
    state = position(sheet(*ALMOST), sheet(*ALMOST), dice=(3, 5))
    play_round(state, [finish(state), finish(state)])
    assert state.is_over and state.winners() == [0, 1] and state.status == ["won", "won"]
    assert "share the win" in state.log.text(last=1)


def test_tie_break_by_points_is_a_rule_parameter():
    richer = tuple(r if i != 1 else "AAAA.WWWLL" for i, r in enumerate(ALMOST))
    params = {"end.tie_break": "points"}
    state = position(sheet(*ALMOST), sheet(*richer), dice=(3, 5), params=params)
    play_round(state, [finish(state), finish(state)])
    assert state.winners() == [1] and state.status == ["playing", "won"]


def test_a_roll_that_fits_nowhere_is_skipped_and_the_player_stays_in():
    state = redo_round(position(sheet(*TIGHT), sheet(*YOUNG), dice=(3, 5)))
    assert state.current_player == 1 and state.status == ["playing", "playing"]
    assert "P1: skips round 1: no structure of the roll 3 and 5 fits" in state.log.text(last=3)
    obs = state.observation(None)["players"]
    assert obs[0]["skipped"] and not obs[1]["skipped"]
    state.force("roll", (6, 3))
    state.apply(build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft"))
    # next round the 6 fits the last cell: P1 is asked again, with that one place only
    assert state.round == 2 and state.current_player == 0 and state.status[0] == "playing"
    assert not state.observation(None)["players"][0]["skipped"]
    assert {(a.die, a.x, a.y) for a in state.legal_actions()} == {(6, 8, 9)}
    assert state.facts(0)["skipped"] == 1.0
    # a roll that fits is not skipped (the legal case)
    state = redo_round(position(sheet(*TIGHT), sheet(*YOUNG), dice=(3, 6)))
    assert state.current_player == 0 and state.status == ["playing", "playing"]
    assert {(a.die, a.x, a.y) for a in state.legal_actions()} == {(6, 8, 9)}


def test_a_skipping_solo_player_waits_for_a_roll_that_fits():
    state = position(sheet(*TIGHT), dice=(3, 5))
    state.force("roll", (1, 2))
    state.force("roll", (6, 1))
    redo_round(state)
    assert state.round == 3 and state.current_player == 0 and state.skips == [2]
    assert state.log.text().count("skips round") == 2


def test_the_strict_house_rule_puts_out_at_the_first_roll_that_fits_nowhere():
    params = {"end.unplayable": "out"}
    state = redo_round(position(sheet(*TIGHT), sheet(*YOUNG), dice=(3, 5), params=params))
    assert state.current_player == 1 and state.status == ["out", "playing"]
    assert "cannot draw any structure of the roll 3 and 5" in state.log.text(last=3)
    state = redo_round(position(sheet(*TIGHT), sheet(*YOUNG), dice=(3, 6), params=params))
    assert state.status == ["playing", "playing"] and state.current_player == 0


def test_a_player_is_out_only_when_no_roll_at_all_fits():
    full = sheet("EEELLLLLLL", *["LLLLLLLLLL"] * 9)
    state = redo_round(position(full, sheet(*YOUNG), dice=(3, 5)))
    assert state.status == ["playing", "playing"]  # out is decided when the round closes
    state.apply(build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft"))
    assert state.status == ["out", "playing"] and state.current_player == 1
    assert "P1: no roll at all fits the park any more" in state.log.text()
    # one free cell left: some roll (a 6 for the structure) still fits, so not out
    assert not ende.out_of_room(RS, sheet(*TIGHT)) and ende.out_of_room(RS, full)


def test_a_player_is_out_when_the_empty_cells_cannot_hold_what_is_missing():
    # TIGHT: one empty cell, and one cell finishes the third Verkaufsstand (9 Vermögen)
    assert ende.cells_needed(RS, sheet(*TIGHT)) == 1 and not ende.out_of_reach(RS, sheet(*TIGHT))
    # without the half-built stand a whole new one (three cells) is needed: out of reach
    hopeless = tuple(r.replace("PVV.", "PLL.") for r in TIGHT)
    assert ende.cells_needed(RS, sheet(*hopeless)) == 3 and ende.out_of_reach(RS, sheet(*hopeless))
    state = redo_round(position(sheet(*hopeless), sheet(*YOUNG), dice=(3, 5)))
    assert state.status == ["playing", "playing"] and state.current_player == 1
    state.apply(build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft"))
    assert state.status == ["out", "playing"]
    assert "the minimums can no longer be met: they need at least 3 more cells and only 1 " \
        "is empty: out" in state.log.text()  # one cell "is" empty (lesson 20 read "1 are")
    # the bound adds up the tables: YOUNG misses 5 Nachhaltigkeit (5 cells), 10 Beliebtheit
    # (at best a Wildwasserbahn's 3 points for 8 cells: 27), 9 Vermögen (9) and 6 Parkplätze (8)
    assert ende.cells_needed(RS, sheet(*YOUNG)) == 5 + 27 + 9 + 8
    # a table nothing can score in any more is out of reach at once
    no_stands = rules(**{"points.verkaufsstand": 0})
    assert ende.out_of_reach(no_stands, sheet(*YOUNG)) and not ende.out_of_reach(RS, sheet(*YOUNG))
    # with the card Park der Landschaft no bound is claimed
    assert ende.cells_needed(rules("park_der_landschaft"), sheet(*hopeless)) is None


def test_a_card_that_can_no_longer_be_met_puts_the_player_out():
    # freizeitpark.ende.ausgeschieden, our reading: the rulebook names the Auftragskarte
    # beside the minimums, and a win needs both, so the card's missing constructs count
    # too. TIGHT: one empty cell, and one cell finishes the last minimum (not out without a
    # card); with the card Zug a ten-cell Bummelzug is missing as well, which scores nothing
    zug = rules("zug")
    assert ende.cells_needed(RS, sheet(*TIGHT)) == 1 and not ende.out_of_reach(RS, sheet(*TIGHT))
    assert ende.cells_needed(zug, sheet(*TIGHT)) == 1 + 10 and ende.out_of_reach(zug, sheet(*TIGHT))
    state = redo_round(position(sheet(*TIGHT), sheet(*YOUNG), dice=(3, 5), card="zug"))
    assert state.status == ["playing", "playing"] and state.current_player == 1  # P1 skips
    state.apply(build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft"))
    assert state.status == ["out", "playing"]
    assert ("the minimums and the Auftragskarte Zug (train) can no longer be met: they need "
            "at least 11 more cells and only 1 is empty: out") in state.log.text()
    # the same game without a card: P1 plays on, waiting for a 6 to finish the stand
    state = redo_round(position(sheet(*TIGHT), sheet(*YOUNG), dice=(3, 5)))
    state.apply(build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft"))
    assert state.status == ["playing", "playing"]
    # a card construct that scores shares its cells with its table: the larger need counts.
    # Kinderland: TIGHT's Beliebtheit is met but four Karusselle (16 cells) are missing;
    # YOUNG's ten missing Beliebtheit need 27 cells anyway, and five Karusselle only 20
    kinderland = rules("kinderland")
    assert ende.cells_needed(kinderland, sheet(*TIGHT)) == 1 + 16
    assert ende.cells_needed(kinderland, sheet(*YOUNG)) == ende.cells_needed(RS, sheet(*YOUNG))
    # a met card adds nothing: TIGHT has one of each attraction (Vielfalt)
    assert ende.cells_needed(rules("vielfalt"), sheet(*TIGHT)) == 1


def test_out_of_room_asks_every_one_of_the_21_rolls():
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    assert len(rolls) == 21
    # one enclosed empty cell at (2, 2), at the corner of a finished Landschaft square
    hole = sheet("EEELL",
                 "VVVLL",
                 "LL.PP",
                 "VVVVV")
    squares = rules("park_der_landschaft")
    # with the card nothing fits the hole: no site could be finished there, and Landschaft
    # would touch the finished square; in the base game Landschaft still fits
    assert ende.out_of_room(squares, hole) and not ende.out_of_room(RS, hole)
    for rs in (RS, squares, rules("zug")):
        for s in (hole, sheet(*TIGHT), sheet(*ALMOST), sheet("EEELLLLLLL", *["LLLLLLLLLL"] * 9)):
            assert ende.out_of_room(rs, s) == (not any(has_build(rs, s, d) for d in rolls))


def test_nobody_left_ends_the_game_without_a_winner():
    full = sheet("EEELLLLLLL", *["LLLLLLLLLL"] * 9)
    state = redo_round(position(full, dice=(6, 6)))
    assert state.is_over and state.status == ["out"]
    assert "out" in state.log.text(last=3) and "without a winner" in state.log.text(last=1)
    assert state.winners() == [] and state.scores() == [7.0]


def test_progress_counts_marks_up_to_each_minimum():
    state = position(sheet(*ALMOST), sheet(*YOUNG), dice=(3, 5))
    # N 8 -> 7, B 10, V 2 stands -> 6, P 6: 29 of 32 required marks
    assert state.scores() == [29.0, 2.0]
    assert GAME.lower_is_better is False
