"""Rearranging Cards: a whole park laid out anew and checked once finished (Relayout, a
person's rearrangement), and the bounded one-card moves that agents use (Rearrange, Move)."""


import pytest

from boardkit.lands.actions import Complete, Continue, Move, Place, PutBack, Rearrange, Relayout
from boardkit.lands.portfolio import BuildStep, PlaceStep
from boardkit.lands.rearranging import MoveStep
from boardkit.testing import assert_illegal


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
    assert s.parks[0] == [(1, 2, 3, 90, 0)] and s.moves_left == 0
    assert isinstance(s.pending, PlaceStep)  # no listed move left: going on was the only option


def test_cards_never_change_parks(two_parks):
    err = assert_illegal(two_parks, Rearrange(0, 4), "lands.rearrange.within")  # #4 lies in park 1
    assert "between parks" in err.message
    assert_illegal(two_parks, Rearrange(5, 1), "lands.rearrange.within")


def test_a_move_must_keep_the_building_rules(fresh):
    fresh.apply(Place(1, 0, 5, 5, 0, 1))
    fresh.apply(Continue())
    fresh.apply(Place(4, 0, 7, 5, 0, 0))
    fresh.apply(Rearrange(0, 4))
    for act, rule in [(Move(8, 7, 0, 0), "lands.build.contiguous"),
                      (Move(7.5, 5, 0, 0), "lands.build.align"),
                      (Move(7, 5, 30, 0), "lands.build.rotation"),
                      (Continue(), "lands.rearrange.within")]:
        assert_illegal(fresh, act, rule)  # each refusal changes nothing
    fresh.apply(Move(8, 6, 0, 0))  # still touching by an edge: fine
    assert fresh.parks[0][-1] == (4, 8, 6, 0, 0)


def test_put_back_and_the_limit(example):
    s = example  # two parks that can complete a plan, so going on is not the only option
    park = list(s.parks[0])
    assert s.moves_left == s.params.rearrangements == 1  # the default bound
    s.apply(Rearrange(0, 1))
    s.apply(PutBack())
    assert s.parks[0] == park and s.moves_left == 0
    assert not any(isinstance(a, Rearrange) for a in s.legal_actions())
    err = assert_illegal(s, Rearrange(0, 1), "lands.rearrange.limit")
    assert "Relayout" in err.message
    # the bound is only on the listed one-card moves: a whole rearrangement is still allowed
    s.apply(Relayout(0, tuple(tuple(p) for p in park)))
    assert s.parks[0] == park


def test_without_moves_left_the_game_goes_on_by_itself(two_parks):
    s = two_parks
    for _ in range(s.params.rearrangements):
        s.apply(Rearrange(0, 1))
        s.apply(PutBack())
    assert "P1: go on (only option)" in s.log.text()  # nothing else was possible
    assert s.drawn == 6


def test_limit_is_a_parameter():
    from lands_helpers import fresh_game

    s = fresh_game(params={"rearrangements": 0})
    s.apply(Place(1, 0, 5, 5, 0, 1))
    assert s.drawn == 4  # no listed rearranging move: going on was the only option
    s = fresh_game(params={"rearrangements": 3})
    s.apply(Place(1, 0, 5, 5, 0, 1))
    for _ in range(3):
        s.apply(Rearrange(0, 1))
        s.apply(PutBack())
    assert s.moves_left == 0 and s.drawn == 4


def test_cards_are_never_removed(two_parks):
    """lands.rearrange.no_removal: picking a card up only offers laying it again."""
    s = two_parks
    s.apply(Rearrange(0, 1))
    kinds = {type(a).__name__ for a in s.legal_actions()}
    assert kinds == {"Move", "PutBack"}
    s.apply(s.legal_actions()[-1])
    assert [p.card for p in s.parks[0]] == [1]


# ---------------------------------------------------------------- a whole rearrangement

#: the completing example's park 0 (#1 shows + #4 gifts), an exact match for plan #0
PARK0 = ((1, 5, 5, 0, 1), (4, 7, 5, 0, 0))


def test_relayout_is_checked_when_finished_not_in_between(example):
    """Moving #1 alone to (1, 5) or #4 alone to (3, 5) would tear the park apart, so one card
    at a time this layout cannot be reached; laid out in one go it is legal."""
    s = example
    assert isinstance(s.pending, BuildStep)
    for lone in (((1, 1, 5, 0, 1), (4, 7, 5, 0, 0)), ((1, 5, 5, 0, 1), (4, 3, 5, 0, 0))):
        assert not s.explain(Relayout(0, lone)).legal  # each half-way layout breaks the park
    before = s.moves_left
    s.apply(Relayout(0, ((1, 1, 5, 0, 1), (4, 3, 5, 0, 0))))  # both moved: the same park, shifted
    assert s.parks[0] == [(1, 1, 5, 0, 1), (4, 3, 5, 0, 0)]
    assert s.moves_left == before  # not bounded, not counted
    assert Complete(0, 0) in s.legal_actions()  # still the exact match
    assert "park 0 is laid out anew" in s.log.text()


def test_relayout_may_change_order_angle_and_shape(example):
    s = example
    s.apply(Relayout(0, ((4, 3, 8, 0, 1), (1, 5.0, 5.0, 360, 1))))  # #4 below #1, its games
    assert s.parks[0] == [(4, 3, 8, 0, 1), (1, 5, 5, 0, 1)]


@pytest.mark.parametrize("cards, rule", [
    (((1, 5, 5, 0, 1), (4, 9, 9, 0, 0)), "lands.build.contiguous"),
    (((1, 5, 5, 0, 1), (4, 5, 4, 0, 0)), "lands.build.one_shape"),
    (((1, 5, 5, 0, 1), (4, 7.5, 5, 0, 0)), "lands.build.align"),
    (((1, 5, 5, 0, 1), (4, 7, 5, 45, 0)), "lands.build.rotation"),
    (((1, 5, 5, 0, 1), (4, 13, 5, 0, 0)), "lands.build.area"),
    (((1, 5, 5, 0, 1), (4, 7, 5, 0, 2)), "lands.build.choose_shape"),
    (((1, 5, 5, 0, 1),), "lands.rearrange.no_removal"),
    (((1, 5, 5, 0, 1), (4, 7, 5, 0, 0), (6, 1, 1, 0, 0)), "lands.rearrange.within"),
    (((1, 5, 5, 0, 1), (1, 7, 5, 0, 0)), "lands.rearrange.within"),
    (((1, 5, 5, 0, 1), (4, 7, 5)), "engine.action_format"),  # an entry is 5 numbers
])
def test_an_illegal_final_layout_is_refused_and_changes_nothing(example, cards, rule):
    assert_illegal(example, Relayout(0, cards), rule)  # explain() agrees, nothing changes


def test_relayout_of_a_missing_park_and_while_a_card_is_picked_up(example):
    assert_illegal(example, Relayout(5, PARK0), "lands.rearrange.within")
    example.apply(Rearrange(0, 4))
    assert isinstance(example.pending, MoveStep)
    # lay the picked-up card first
    assert_illegal(example, Relayout(0, PARK0), "lands.rearrange.within")


def test_relayout_before_placing_the_drawn_card(fresh):
    fresh.apply(Place(1, 0, 5, 5, 0, 1))
    fresh.apply(Continue())
    assert fresh.drawn == 4
    fresh.apply(Relayout(0, ((1, 2, 2, 90, 1),)))  # rearranging needs no placement first
    assert fresh.parks[0] == [(1, 2, 2, 90, 1)] and fresh.drawn == 4


def test_relayout_round_trips_through_json(example):
    from boardkit.lands import GAME

    example.apply(Relayout(0, ((1, 1, 5, 0, 1), (4, 3, 5, 0, 0))))
    again = GAME.from_json(example.to_json(), allow_forced=True)  # an arranged deal
    assert again.to_json() == example.to_json() and again.parks == example.parks
