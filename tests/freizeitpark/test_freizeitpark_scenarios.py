"""The named game positions (data/freizeitpark/scenarios.toml) and the board's attempts: each
scenario is a real game that uses its forced rolls, survives a JSON round trip and shows
what its name promises; and the walkthrough's results that are not its key teaching checks
(notebooks/20-freizeitpark.ipynb keeps those in folded `check` cells), each with its legal
and its illegal case."""

from __future__ import annotations

import pytest
from freizeitpark_helpers import GAME, build_at, rules, violation

from boardkit.engine import DataError, RuleViolation, SaveGameError, VariantError
from boardkit.engine.content import load
from boardkit.engine.grid import cell_name
from boardkit.freizeitpark import Build, Entrance, scenario, scenarios
from boardkit.freizeitpark.konstrukte import analysis
from boardkit.freizeitpark.scenarios import ScenarioFile
from boardkit.freizeitpark.sheet import Sheet

NAMES = list(scenarios.scenarios())
RS = rules()


def names(cells):
    return {cell_name(c) for c in cells}


# ------------------------------------------------------------------ every scenario


@pytest.mark.parametrize("name", NAMES)
def test_every_scenario_is_a_real_game_that_uses_its_rolls_and_replays(name):
    state = scenario(name)
    chain = scenarios._chain(name)
    assert not state.has_forced_outcomes  # every forced roll was used
    assert state.action_count == sum(len(s.actions) for s in chain)
    assert state.legal_actions() and not state.is_over
    text = state.to_json()
    if any(s.rolls for s in chain):
        with pytest.raises(SaveGameError, match="allow_forced=True"):
            GAME.from_json(text)  # a chosen roll is a teacher's position, not luck
    else:
        assert GAME.from_json(text).to_dict() == state.to_dict()
    again = GAME.from_json(text, allow_forced=True)
    assert again.to_dict() == state.to_dict()
    assert scenario(name).to_dict() == state.to_dict()  # a fresh game each time


def test_the_rolls_are_the_ones_the_scenarios_name():
    assert scenario("first-roll").dice == (3, 5)
    assert scenario("second-roll").dice == (3, 3)
    assert scenario("attractions-roll").dice == scenario("karussell-built").dice == (1, 2)
    assert scenario("achterbahn-closed").dice == (5, 4)
    assert scenario("achterbahn-closed").round == 10
    secret = scenario("secret-eingang")
    assert secret.round == 0 and secret.current_player == 1


def test_an_unknown_scenario_is_a_variant_error_naming_the_known_ones():
    with pytest.raises(VariantError, match="first-roll") as err:
        scenario("x" * 500)
    assert len(str(err.value)) < 400  # the bad name is clipped
    with pytest.raises(VariantError):
        scenario(3)


def test_a_scenario_may_only_go_on_from_an_earlier_one(tmp_path):
    head = 'game = "freizeitpark"\nprovenance = "illustrative"\n'
    one = ('[[scenario]]\nid = "{id}"\ntitle = "a title"\nsection = "5"\n'
           'description = "what it shows"\n{extra}\n')
    bad = tmp_path / "later.toml"
    bad.write_text(head + one.format(id="b", extra='after = "a"')
                   + one.format(id="a", extra=""))
    with pytest.raises(DataError, match="must name an earlier scenario"):
        load(ScenarioFile, bad)
    seeded = tmp_path / "seeded.toml"
    seeded.write_text(head + one.format(id="a", extra="")
                      + one.format(id="b", extra='after = "a"\nseed = 4'))
    with pytest.raises(DataError, match="that game's"):
        load(ScenarioFile, seeded)
    dice = tmp_path / "dice.toml"
    dice.write_text(head + one.format(id="a", extra="rolls = [[3, 7]]"))
    with pytest.raises(DataError, match="rolls"):
        load(ScenarioFile, dice)


def test_a_refused_scenario_action_names_the_scenario_and_leaves_no_game(monkeypatch):
    spec = scenarios.scenarios()["first-roll"]
    broken = spec.model_copy(update={"actions": [{"type": "Entrance", "turn": 1, "x": 4,
                                                  "y": 4}]})
    monkeypatch.setitem(scenarios.scenarios(), "first-roll", broken)
    with pytest.raises(RuleViolation) as err:
        scenario("first-roll")
    assert err.value.rule == "freizeitpark.struktur.eingang"


# ------------------------------------------------------------------ the board's attempts


def test_attempts_show_ghosts_and_verdicts_without_changing_the_game():
    start = scenario("first-roll")
    board = GAME.board(start)
    stand = build_at(RS, 3, [(3, 8), (4, 8), (5, 8)], "verkaufsstand")
    assert board.attempt(stand) is board
    board.attempt(Build(4, "landschaft", 0, 0, 7))
    svg = board.svg()
    assert svg.count("class='fz-try'") == 2  # both drawn on the sheet
    assert "1. P1 tried “draw the Dreierbalken of the 3" in svg and "”: legal" in svg
    assert "2. P1 tried “" in svg and "refused, freizeitpark.wurf.split" in svg
    assert board.last_error.rule == "freizeitpark.wurf.split"
    assert board.state.to_dict() == start.to_dict()
    assert start.action_count == 1
    board.handle_message({"kind": "key", "key": "r"})  # the reader takes over
    assert "fz-try" not in board.svg() and "tried" not in board.svg()


def test_an_attempt_off_the_sheet_or_without_a_structure_is_only_listed():
    board = GAME.board(GAME.new_game(players=1, seed=2))
    board.attempt(Entrance(1, 8, 0)).attempt(Entrance(7, 0, 0))
    svg = board.svg()
    assert "refused, freizeitpark.struktur.innen" in svg
    assert "refused, freizeitpark.struktur.form" in svg
    assert svg.count("class='fz-try'") == 1  # the Eingang half on the sheet; no orientation 8


def test_attempts_are_dropped_once_the_game_moves_on():
    board = GAME.board(scenario("first-roll"))
    board.attempt(build_at(RS, 3, [(3, 8), (4, 8), (5, 8)], "verkaufsstand"))
    board.play(build_at(RS, 3, [(3, 8), (4, 8), (5, 8)], "verkaufsstand"))
    assert "tried" not in board.svg()
    board.reset()
    assert board.state.action_count == 1


# ------------------------------------------------------------------ the walkthrough's rules


def test_simultaneous_decisions_stay_secret_until_everybody_decided():
    state = scenario("secret-eingang")
    p2 = state.observation(1)
    assert p2["players"][0]["pending"] is None and p2["players"][0]["decided"]
    assert state.observation(0)["players"][0]["pending"]["symbol"] == "eingang"
    assert state.sheets[0].cells == {}  # nothing drawn yet
    state.apply(Entrance(1, 7, 0))
    assert state.sheets[0].cells[(0, 9)] == "eingang" and state.round == 1


def test_the_3_and_5_split_both_ways_and_only_so():
    state = scenario("first-roll")
    assert {(a.die, a.symbol) for a in state.legal_actions()} == {(5, "landschaft"),
                                                                  (3, "verkaufsstand")}
    assert state.explain(Build(4, "landschaft", 0, 0, 7)).rule == "freizeitpark.wurf.split"
    assert state.explain(Build(5, "karussell", 0, 4, 8)).rule == "freizeitpark.wurf.symbol"
    state.apply(build_at(RS, 3, [(3, 8), (4, 8), (5, 8)], "verkaufsstand"))
    assert state.standing(0).marks("vermoegen") == 3  # a whole Verkaufsstand in one round


def test_the_entrance_goes_on_the_border_and_only_first():
    fresh = GAME.new_game(players=1, seed=2)
    assert fresh.explain(Entrance(1, 0, 0)).legal
    assert fresh.explain(Entrance(1, 3, 4)).rule == "freizeitpark.struktur.eingang"
    assert fresh.explain(Entrance(1, 8, 0)).rule == "freizeitpark.struktur.innen"
    assert scenario("second-roll").explain(Entrance(1, 0, 0)).rule \
        == "freizeitpark.ablauf.eingang_zuerst"


def test_a_structure_joins_the_park_by_a_side_on_empty_cells():
    state = scenario("second-roll")
    side = build_at(RS, 3, [(6, 9), (7, 9), (8, 9)], "landschaft")
    assert state.explain(side).legal
    assert state.explain(build_at(RS, 3, [(6, 7), (7, 7), (8, 7)], "landschaft")).rule \
        == "freizeitpark.struktur.anschluss"
    assert state.explain(build_at(RS, 3, [(5, 8), (6, 8), (7, 8)], "landschaft")).rule \
        == "freizeitpark.struktur.frei"
    state.apply(side)
    assert state.standing(0).marks("nachhaltigkeit") == 3  # three Landschaft at once


def test_the_faces_1_and_2_give_attractions_only():
    state = scenario("attractions-roll")
    assert state.explain(Build(1, "landschaft", 0, 6, 7)).rule == "freizeitpark.wurf.symbol"
    assert state.explain(build_at(RS, 1, [(6, 7), (7, 7), (6, 8), (7, 8)], "karussell")).legal


def test_two_constructs_of_a_kind_keep_apart_but_other_kinds_may_touch():
    state = scenario("karussell-built")
    square = [(8, 7), (9, 7), (8, 8), (9, 8)]
    assert state.explain(build_at(RS, 1, square, "karussell")).rule \
        == "freizeitpark.konstrukt.abstand"
    assert state.explain(build_at(RS, 1, square, "geisterbahn")).legal


def test_enclosed_cells_take_no_site_that_cannot_be_finished():
    state = scenario("achterbahn-closed")
    an = analysis(state.rules, state.sheets[0])
    assert {s: an.count(s) for s in ("karussell", "geisterbahn", "achterbahn")} \
        == {"karussell": 1, "geisterbahn": 1, "achterbahn": 1}
    assert names(an.enclosed) == {"B6", "C6", "B7", "C7"}
    inside = build_at(RS, 5, [(1, 5), (2, 5)], "parkplaetze")
    assert state.explain(inside).rule == "freizeitpark.konstrukt.luecken"
    assert state.explain(build_at(RS, 5, [(6, 6), (7, 6)], "parkplaetze")).legal


def test_a_karussell_may_fill_the_achterbahn_and_the_scores_add_up():
    state = scenario("eleven-rounds")
    st = state.standing(0)
    assert analysis(state.rules, state.sheets[0]).enclosed == frozenset()
    assert st.marks("beliebtheit") == 4 + 2 + 1 + 1 and st.marks("parkplaetze") == 0
    assert st.marks("vermoegen") == 3 and st.marks("nachhaltigkeit") == 3


def test_the_gap_rule_already_holds_inside_a_ring_open_at_a_corner():
    # the pinched ring: an Achterbahn site without its corner B3; the inside touches the
    # empty B3 only at a corner, so it is enclosed and a Parkplätze site there is refused
    sheet = scenarios.sheet("pinched-ring")
    assert names(analysis(RS, sheet).enclosed) == {"C4", "D4", "C5", "D5"}
    assert violation(sheet, (5, 4), build_at(RS, 5, [(2, 3), (3, 3)], "parkplaetze")) \
        == "freizeitpark.konstrukt.luecken"
    assert violation(sheet, (5, 4), build_at(RS, 5, [(5, 3), (6, 3)], "parkplaetze")) is None


def test_a_diagonal_gap_does_not_let_enclosed_cells_out():
    leak = scenarios.sheet("diagonal-leak")
    assert names(analysis(RS, leak).enclosed) == {"D4", "E4"}
    rows = list(scenarios.rows("diagonal-leak"))
    assert rows[3] == "VVV..GGG.."
    rows[3] = "VVV...GG.."  # E4's right side open to the outside: the same cells are free
    opened = Sheet.from_rows(rows)
    assert analysis(RS, opened).enclosed == frozenset()
