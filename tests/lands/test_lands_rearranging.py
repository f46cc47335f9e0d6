"""Rearranging Cards: move, turn or re-choose a card within its park, one at a time."""

import pickle

import pytest

from boardkit.engine import RuleViolation
from boardkit.lands.actions import Continue, Move, Place, PutBack, Rearrange
from boardkit.lands.portfolio import BuildStep
from boardkit.lands.rearranging import MoveStep


@pytest.fixture
def two_parks(fresh):
    fresh.apply(Place(1, 0, 5, 5, 0, 1))
    fresh.apply(Continue())
    fresh.apply(Place(4, 1, 5, 5, 0, 0))  # #4 starts a second park
    return fresh


def test_rearrange_within_the_park(two_parks):
    s = two_parks
    assert Rearrange(0, 1) in s.legal_actions() and Rearrange(1, 4) in s.legal_actions()
    s.apply(Rearrange(0, 1))
    assert isinstance(s.pending, MoveStep)
    s.apply(Move(2, 3, 90, 0))  # turned, moved, the food shape chosen instead
    assert s.parks[0] == [(1, 2, 3, 90, 0)] and isinstance(s.pending, BuildStep)
    assert s.moves_left == 2


def test_cards_never_change_parks(two_parks):
    with pytest.raises(RuleViolation) as err:
        two_parks.apply(Rearrange(0, 4))  # #4 lies in park 1
    assert err.value.rule == "lands.rearrange.within" and "between parks" in err.value.message
    with pytest.raises(RuleViolation) as err:
        two_parks.apply(Rearrange(5, 1))
    assert err.value.rule == "lands.rearrange.within"


def test_a_move_must_keep_the_building_rules(fresh):
    fresh.apply(Place(1, 0, 5, 5, 0, 1))
    fresh.apply(Continue())
    fresh.apply(Place(4, 0, 7, 5, 0, 0))
    fresh.apply(Rearrange(0, 4))
    before = pickle.dumps(fresh)
    for act, rule in [(Move(8, 7, 0, 0), "lands.build.contiguous"),
                      (Move(7.5, 5, 0, 0), "lands.build.align"),
                      (Move(7, 5, 30, 0), "lands.build.rotation"),
                      (Continue(), "lands.rearrange.within")]:
        with pytest.raises(RuleViolation) as err:
            fresh.apply(act)
        assert err.value.rule == rule
    assert pickle.dumps(fresh) == before
    fresh.apply(Move(8, 6, 0, 0))  # still touching by an edge: fine
    assert fresh.parks[0][-1] == (4, 8, 6, 0, 0)


def test_put_back_and_the_limit(example):
    s = example  # two parks that can complete a plan, so going on is not the only option
    park = list(s.parks[0])
    for _ in range(3):
        s.apply(Rearrange(0, 1))
        s.apply(PutBack())
    assert s.parks[0] == park and s.moves_left == 0
    assert not any(isinstance(a, Rearrange) for a in s.legal_actions())
    with pytest.raises(RuleViolation) as err:
        s.apply(Rearrange(0, 1))
    assert err.value.rule == "lands.rearrange.limit"


def test_without_moves_left_the_game_goes_on_by_itself(two_parks):
    s = two_parks
    for _ in range(3):
        s.apply(Rearrange(0, 1))
        s.apply(PutBack())
    assert "P1: go on (only option)" in s.log.text()  # nothing else was possible
    assert s.drawn == 6


def test_limit_is_a_parameter():
    from lands_scenarios import fresh_game

    s = fresh_game(params={"rearrangements": 0})
    s.apply(Place(1, 0, 5, 5, 0, 1))
    assert s.drawn == 4  # no rearranging allowed: going on was the only option


def test_cards_are_never_removed(two_parks):
    """lands.rearrange.no_removal: picking a card up only offers laying it again."""
    s = two_parks
    s.apply(Rearrange(0, 1))
    kinds = {type(a).__name__ for a in s.legal_actions()}
    assert kinds == {"Move", "PutBack"}
    s.apply(s.legal_actions()[-1])
    assert [p.card for p in s.parks[0]] == [1]
