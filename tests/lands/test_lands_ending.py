"""Ending the Round: discard the build area, reserve matching cards, cover the round, new deck."""

import pytest

from boardkit.engine import RuleViolation
from boardkit.lands import arranged
from boardkit.lands.actions import Complete, Continue, DoneReserving, Place, Reserve
from boardkit.lands.ending import ReserveStep
from boardkit.lands.portfolio import PlaceStep
from boardkit.testing import assert_illegal

# goal 1A asks for rides, rides in round 1. Rides: #0, #2, #5, #8, #9, #13.
NO_RIDES = [1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13, 14]
RIDES = [1, 9, 5, 13, 2, 0, 4, 7, 8, 6, 10, 11, 12, 3, 14]


def play_round_one(s):
    """Place the four cards of round 1 as four parks and go on after each."""
    for park in range(4):
        s.apply(Place(s.drawn, park, 5, 5, 0, 0))
        s.apply(Continue())
    return s


def test_deck_empty_ends_the_round_and_clears_the_build_area():
    s = play_round_one(arranged(RIDES))
    assert isinstance(s.pending, ReserveStep)
    assert s.parks == [] and sorted(s.discard) == [1, 5, 9, 13]
    text = s.log.text()
    assert "the deck is empty: the round ends" in text
    assert "the build area is cleared: #1, #9, #5, #13" in text


def test_reserve_needs_an_icon_of_the_round():
    s = play_round_one(arranged(RIDES))
    assert {a.card for a in s.legal_actions() if isinstance(a, Reserve)} == {5, 9, 13}
    for card in (1, 4):  # #1 shows food and shows; #4 is not in the discard pile
        assert_illegal(s, Reserve(card), "lands.end.reserve_match")


def test_reserve_is_required_when_possible():
    s = play_round_one(arranged(RIDES))
    assert DoneReserving() not in s.legal_actions()
    assert_illegal(s, DoneReserving(), "lands.end.reserve_required")
    s.apply(Reserve(9))
    assert DoneReserving() in s.legal_actions()


def test_reserve_more_then_cover_and_shuffle():
    s = play_round_one(arranged(RIDES))
    s.apply(Reserve(9))
    s.apply(Reserve(5))  # more than one is allowed
    s.force("shuffle", (13, 1))
    s.apply(DoneReserving())
    assert s.reserved == [2, 9, 5] and s.round == 2
    assert "covers round 1" in s.log.text()
    assert s.drawn == 13 and s.deck == [1] and s.discard == []  # the new deck, as forced
    assert isinstance(s.pending, PlaceStep)


def test_nothing_to_reserve_covers_the_round_anyway():
    s = play_round_one(arranged(NO_RIDES))  # #1, #4, #6, #3: no ride among them
    assert s.round == 2 and s.reserved == [2]
    assert "P1: done reserving (only option)" in s.log.text()


def test_a_forced_new_deck_must_be_the_discard_pile():
    s = play_round_one(arranged(RIDES))
    s.apply(Reserve(9))
    s.force("shuffle", (1, 5))  # #13 is missing
    with pytest.raises(RuleViolation) as err:  # the forced shuffle is refused, not the action
        s.apply(DoneReserving())
    assert err.value.rule == "lands.end.new_deck"


def test_leftover_deck_joins_the_new_deck():
    s = arranged(NO_RIDES)
    s.apply(Place(1, 0, 5, 5, 0, 1))
    s.apply(Continue())
    s.apply(Place(4, 0, 7, 5, 0, 0))
    s.stacks = [[0], [], []]  # the last plan left: completing it empties every stack
    s.apply(Complete(0, 0))  # exact, but bury has no target: no ability step
    assert "lands.complete.no_target" in s.log.text() and "P1: reserve #0 (only option)" in s.log.text()
    shuffles = [e.value for e in s.log if e.kind == "chance" and e.name == "shuffle"]
    assert shuffles and set(shuffles[0]) == {1, 4, 6, 3}  # discards and the unused deck


def test_four_rounds_then_the_megapark():
    """lands.portfolio.rounds: the portfolio has four rounds; the Megapark Phase follows."""
    s = arranged(NO_RIDES)
    while s.phase == "portfolio":
        options = s.legal_actions()
        s.apply(next((a for a in options if isinstance(a, (Continue, DoneReserving, Reserve))),
                     options[0]))
    started = [line for line in s.log.text().splitlines() if line.startswith("round ")]
    assert [line.split(":")[0] for line in started] == [f"round {r} of 4" for r in (1, 2, 3, 4)]
    assert s.phase == "megapark"
    assert [line for line in s.log.text().splitlines() if "covers round" in line] == [
        f"the reserved pile covers round {r} (lands.end.cover)" for r in (1, 2, 3, 4)]
    short = arranged(NO_RIDES, params={"rounds": 2})
    while short.phase == "portfolio":
        options = short.legal_actions()
        short.apply(next((a for a in options if isinstance(a, (Continue, DoneReserving, Reserve))),
                         options[0]))
    assert short.round == 2
