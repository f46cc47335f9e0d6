"""Each rule of Kettles: its legal case and each illegal case with the rule id it cites."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from boardkit.engine import RuleViolation
from boardkit.testing import assert_illegal, assert_legal
from kettles import ICE, Choose, KettlesState, Pour
from kettles.game import DECK

from .kettles_helpers import GAME, cards_in_play, position

PACKAGE = Path(__file__).resolve().parents[1]


def new(players: int = 2, **options: Any) -> KettlesState:
    state = GAME.new_game(players=players, seed=3, **options)
    assert isinstance(state, KettlesState)
    return state


# ------------------------------------------------------------------ setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_hidden_hands_from_the_whole_deck(players: int) -> None:
    """kettles.setup.deck, kettles.setup.deal"""
    s = new(players)
    assert len(DECK) == 28 and Counter(DECK) == {c: 4 for c in (ICE, 1, 2, 3, 4, 5, 6)}
    assert cards_in_play(s) == Counter(DECK)  # kettles.setup.deck
    assert [len(h) for h in s.hands] == [3] * players  # kettles.setup.deal
    assert s.kettles == [[]] * players and s.scores() == [0] * players


def test_a_forced_deal_must_be_a_hand_the_deck_can_give() -> None:
    s = new(params={"hand_size": 5})
    with pytest.raises(RuleViolation) as err:
        s.force("deal", (6, 6))  # two cards, not five
    assert err.value.rule == "kettles.setup.deal"
    with pytest.raises(RuleViolation) as err:
        s.force("deal", (6, 6, 6, 6, 6))  # the deck has four sixes
    assert err.value.rule == "kettles.setup.deal"


# ------------------------------------------------------------------ a turn: choose, then pour


def test_choose_a_card_you_hold() -> None:
    """kettles.choose.hand"""
    s = position([[2, 5, ICE], [1, 2, 2]])
    assert_illegal(s, Choose(6), "kettles.choose.hand")  # P1 holds no 6
    assert_illegal(s, Pour(1), "kettles.choose.hand")  # the card comes first
    with pytest.raises(RuleViolation) as err:
        s.apply(Choose(7))  # no such card at all (the action's own field check)
    assert err.value.rule == "kettles.choose.hand"
    assert_legal(s, Choose(5))
    assert s.hands[0] == [ICE, 2] and s.chosen == 5
    assert s.current_player == 0 and s.prompt() == "pour the 5 into a kettle"


def test_pour_into_any_kettle_at_the_table() -> None:
    """kettles.pour.kettle"""
    s = position([[2, 5, ICE], [1, 2, 2]])
    s.apply(Choose(5))
    assert_illegal(s, Pour(2), "kettles.pour.kettle")  # two players: no P3 kettle
    assert_illegal(s, Pour(9), "kettles.pour.kettle")  # beyond any table
    assert_illegal(s, Choose(2), "kettles.pour.kettle")  # the card is chosen already
    assert_legal(s, Pour(1))  # another player's kettle is fine
    assert s.kettles == [[], [5]] and s.chosen is None and s.current_player == 1


def test_ice_cools_another_players_kettle_never_below_zero() -> None:
    """kettles.pour.ice"""
    s = position([[ICE, 4, 4], [1, 1, 1], [2, 2, 2]], kettles=[[6], [5], [2]])
    s.apply(Choose(ICE))
    assert [a.kettle for a in s.legal_actions() if isinstance(a, Pour)] == [1, 2]
    assert_illegal(s, Pour(0), "kettles.pour.ice")  # not into your own
    assert_legal(s, Pour(2))
    assert s.kettles[2] == [2, ICE] and s.scores()[2] == 0  # 2 - 3 stops at zero


def test_ice_with_two_players_has_one_kettle_and_is_poured_by_itself() -> None:
    s = position([[ICE, 4], [1, 2, 2]], kettles=[[], [6]])
    s.apply(Choose(ICE))  # the only kettle it may go into is P2's: the engine pours it
    assert s.kettles[1] == [6, ICE] and s.current_player == 1
    assert [str(e) for e in s.log if e.kind == "auto"] == ["P1: pour it into P2's kettle (only option)"]


def test_a_kettle_over_the_limit_boils_over() -> None:
    """kettles.pour.boil"""
    s = position([[4, 1, 1], [1, 2, 2]], kettles=[[], [6, 5]])
    s.apply(Choose(4))
    assert_legal(s, Pour(1))  # 15 > 12
    assert s.kettles[1] == [] and s.boils == [0, 1]
    assert Counter(s.discard) >= Counter([6, 5, 4])
    assert "P2's kettle boils over at 15 (limit 12)" in s.log.text()


def test_a_kettle_at_the_limit_does_not_boil_over() -> None:
    s = position([[1, 2, 2], [1, 2, 2]], kettles=[[6, 5], []])
    s.apply(Choose(1))
    assert_legal(s, Pour(0))
    assert s.kettles[0] == [6, 5, 1] and s.scores()[0] == 12 and s.boils == [0, 0]


def test_after_pouring_you_draw_and_only_you_see_the_card() -> None:
    """kettles.turn.draw"""
    s = position([[3, 4, 5], [1, 2, 2]], deck=[2, 6, 6])
    with pytest.raises(RuleViolation) as err:
        s.force("draw", 1)  # the deck holds no 1
    assert err.value.rule == "kettles.turn.draw"
    s.force("draw", 6)
    s.apply(Choose(3))
    s.apply(Pour(0))
    assert s.hands[0] == [4, 5, 6] and s.deck == [2, 6]
    assert s.log[-1].visible_text(0) == "P1 draws 6 (forced)"
    assert s.log[-1].visible_text(1) == "P1: draws a card"


# ------------------------------------------------------------------ end and scoring


def test_the_game_ends_once_every_card_is_poured_and_the_hottest_kettle_wins() -> None:
    """kettles.end.poured, kettles.score.heat"""
    s = position([[3, 4], [2]], kettles=[[1], [4]], deck=[])
    s.apply(Choose(4))
    s.apply(Pour(0))
    assert not s.is_over  # P2 chose its only card by itself and pours it
    assert s.prompt() == "pour the 2 into a kettle"
    s.apply(Pour(1))
    assert not s.is_over  # P1 still holds the 3
    s.apply(Pour(0))  # chosen by itself: the only card left
    assert s.is_over and s.scores() == [8, 6] and s.winners() == [0]


def test_tied_kettles_share_the_win() -> None:
    """kettles.score.heat"""
    s = position([[3, 4], [2]], kettles=[[1], [6]], deck=[])
    for act in (Choose(4), Pour(0), Pour(1), Pour(0)):
        s.apply(act)
    assert s.is_over and s.scores() == [8, 8] and s.winners() == [0, 1]


def test_the_whistle_variant_doubles_a_kettle_at_the_limit() -> None:
    """kettles.variant.whistle"""
    plain = position([[1, 1], [1, 1]], kettles=[[6, 6], [6, 5]])
    whistle = position([[1, 1], [1, 1]], kettles=[[6, 6], [6, 5]], variant={"whistle": True})
    assert plain.scores() == [12, 11]
    assert whistle.scores() == [24, 11]
    assert whistle.score_breakdown(0) == {"heat": 12, "whistle": 12}


def test_the_limit_is_a_parameter() -> None:
    s = position([[4, 1], [1, 2]], kettles=[[6, 5], []], params={"limit": 15})
    s.apply(Choose(4))
    s.apply(Pour(0))
    assert s.scores()[0] == 15 and s.boils == [0, 0]


# ------------------------------------------------------------------ the rule catalog


def test_every_rule_is_cited_by_the_code_and_tested() -> None:
    catalog = tomllib.loads((PACKAGE / "rules.toml").read_text())
    ids = {rule["id"] for rule in catalog["rule"]}
    code = (PACKAGE / "game.py").read_text()
    tests = "".join(p.read_text() for p in (PACKAGE / "tests").glob("test_*.py"))
    cited = set(re.findall(r"kettles\.[a-z_]+\.[a-z_]+", code))
    assert cited == ids, (cited - ids, ids - cited)
    for rule in sorted(ids):
        assert rule in tests, f"{rule} has no test"
    assert len(GAME.rules.entries) == len(ids)
