"""Würfel werfen und nutzen: the shared roll, the two splits, the symbols of each face."""

from __future__ import annotations

import pytest
from freizeitpark_helpers import build_at, position, rules, sheet

from boardkit.engine import RuleViolation
from boardkit.freizeitpark import Build
from boardkit.freizeitpark.wurf import splits, symbol_options
from boardkit.testing import assert_illegal

ATTRACTIONS = ("achterbahn", "geisterbahn", "karussell", "wildwasserbahn")
BASE = set(ATTRACTIONS) | {"landschaft", "parkplaetze", "verkaufsstand"}

#: a full-size sheet (a smaller one would be out at once: too little room for the minimums)
START = sheet("EEE.......", *["." * 10] * 9)


@pytest.mark.parametrize("bad", [(7, 1), (0, 3), (3,), (1, 2, 3), ("3", 5), (True, 2), 35])
def test_a_forced_roll_must_be_two_dice(bad):
    state = position(START)
    with pytest.raises(RuleViolation) as err:
        state.force("roll", bad)
    assert err.value.rule == "freizeitpark.wurf.roll"


def test_everybody_uses_the_same_roll():
    state = position(START, START, START, dice=(2, 6))
    dice = set()
    while state.round == 1:
        dice.add(state.pending.dice)
        state.apply(state.legal_actions()[0])
    assert dice == {(2, 6)}
    rolls = [e for e in state.log if e.kind == "chance" and e.name == "roll"]
    assert len(rolls) == 2  # one roll per round, not per player


def test_splits():
    assert splits((3, 5)) == [(3, 5), (5, 3)]
    assert splits((4, 4)) == [(4, 4)]


def test_both_splits_are_offered_rulebook_example():
    """Würfelergebnis beliebig nutzen: 3 and 5 — Landschaft in two cells, or a
    Verkaufsstand in three cells."""
    state = position(START, dice=(3, 5))
    legal = state.legal_actions()
    combos = {(a.die, a.symbol) for a in legal}
    assert combos == {(5, "landschaft"), (3, "verkaufsstand")}
    two = build_at(state.rules, 5, [(3, 0), (4, 0)], "landschaft")
    three = build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "verkaufsstand")
    assert two in legal and three in legal


def test_faces_give_their_symbols():
    rs = rules()
    assert set(symbol_options(rs, 1)) == set(ATTRACTIONS) == set(symbol_options(rs, 2))
    assert symbol_options(rs, 3) == ("landschaft",)
    assert symbol_options(rs, 4) == ("parkplaetze",)
    assert symbol_options(rs, 5) == ("verkaufsstand",)
    assert set(symbol_options(rs, 6)) == BASE


def test_split_reading_of_one_and_two():
    rs = rules(**{"dice.attractions": "split"})
    assert symbol_options(rs, 1) == ("achterbahn", "geisterbahn")
    assert symbol_options(rs, 2) == ("karussell", "wildwasserbahn")
    state = position(START, dice=(1, 3), params={"dice.attractions": "split"})
    act = build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "karussell")
    assert state.explain(act).rule == "freizeitpark.wurf.attractions"
    assert state.explain(Build(act.die, "achterbahn", act.turn, act.x, act.y)).legal


def test_card_symbols_come_from_one_and_two():
    rs = rules("zug")
    assert "zug" in symbol_options(rs, 1) and "zug" in symbol_options(rs, 2)
    assert "zug" not in symbol_options(rs, 6)
    assert "zug" not in symbol_options(rs, 3)
    assert "zug" in symbol_options(rules("zug", **{"dice.six_gives_card_symbol": True}), 6)
    assert "bierzelt" in symbol_options(rules("volksfest"), 1)
    assert all("zug" not in symbol_options(rules(), f) for f in range(1, 7))


@pytest.mark.parametrize("dice, act, rule", [
    ((3, 5), Build(4, "landschaft", 1, 3, 0), "freizeitpark.wurf.split"),
    ((3, 5), Build(3, "landschaft", 1, 3, 0), "freizeitpark.wurf.symbol"),
    ((3, 5), Build(5, "parkplaetze", 1, 3, 0), "freizeitpark.wurf.symbol"),
    ((3, 5), Build(5, "nonsense", 1, 3, 0), "freizeitpark.wurf.symbol"),
    ((3, 5), Build(5, "eingang", 1, 3, 0), "freizeitpark.wurf.symbol"),
    ((3, 1), Build(3, "zug", 1, 3, 0), "freizeitpark.auftrag.symbol"),
    ((3, 6), Build(3, "zug", 1, 3, 0), "freizeitpark.auftrag.symbol"),
])
def test_illegal_uses_of_the_roll(dice, act, rule):
    state = position(START, dice=dice)
    assert_illegal(state, act, rule)  # the state unchanged, explain() agreeing


def test_a_six_is_a_free_choice_but_not_the_card_symbol():
    state = position(START, dice=(3, 6), card="zug")
    symbols = {a.symbol for a in state.legal_actions() if a.die == 3}
    assert symbols == BASE
    act = build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "zug")
    assert state.explain(act).rule == "freizeitpark.wurf.six"
    state = position(START, dice=(3, 1), card="zug")
    assert state.explain(act).legal
