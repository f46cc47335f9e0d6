"""Spiel gewinnen: the trigger, the enclosure penalty, fired, out, several finishers."""

from __future__ import annotations

from fz_helpers import GAME, build_at, position, redo_round, rules, sheet

from boardkit.freizeitpark.konstrukte import analysis

RS = rules()

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
LAST_STAND = [(0, 7), (1, 7), (2, 7)]
#: the same with an empty cell inside the Wildwasserbahn: Nachhaltigkeit 7, one enclosed cell
ENCLOSED = tuple(row.replace("WLW", "W.W") for row in ALMOST)
#: a park far from finishing
YOUNG = ("EEE.......", "LL........", "..........")


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
    assert state.score_breakdown(0)["won"] == 1.0 and state.score_breakdown(0)["rounds"] == 1.0


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
    assert state.winners() == [0]  # the ranking's fallback: closest to the minimums
    assert state.score_breakdown(0)["won"] == 0.0 and state.score_breakdown(0)["fired"] == 1.0


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


def test_a_player_who_cannot_use_the_roll_is_out_and_the_others_play_on():
    # one empty cell: only a single cell (the structure of a 6) would fit
    tight = sheet("EEELLLLLLL", *["LLLLLLLLLL"] * 8, "LLLLLLLL.L")
    state = redo_round(position(tight, sheet(*YOUNG), dice=(3, 5)))
    assert state.current_player == 1 and state.status == ["out", "playing"]
    assert "cannot draw any structure of the roll 3 and 5" in state.log.text(last=3)
    state = redo_round(position(tight, sheet(*YOUNG), dice=(3, 6)))
    assert state.current_player == 0 and state.status == ["playing", "playing"]
    assert {(a.die, a.x, a.y) for a in state.legal_actions()} == {(6, 8, 9)}


def test_nobody_left_ends_the_game():
    full = sheet("EEELLLLLLL", *["LLLLLLLLLL"] * 9)
    state = redo_round(position(full, dice=(6, 6)))
    assert state.is_over and state.status == ["out"]
    assert "out" in state.log.text(last=3) and "nobody is left" in state.log.text(last=1)
    assert state.winners() == [0]


def test_progress_counts_marks_up_to_each_minimum():
    state = position(sheet(*ALMOST), sheet(*YOUNG), dice=(3, 5))
    # N 8 -> 7, B 10, V 2 stands -> 6, P 6: 29 of 32 required marks
    assert state.scores() == [29.0, 2.0]
    assert GAME.lower_is_better is False
