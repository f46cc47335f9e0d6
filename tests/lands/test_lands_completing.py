"""Completing Parks, with the rulebook's example: two parks can complete one plan; the one
that matches exactly may use the plan card's ability, the one with an extra icon may not."""

import pytest
from lands_helpers import build_example, fresh_game

from boardkit.lands.actions import Complete, Continue, Decline, Place, UseAbility
from boardkit.lands.completing import AbilityStep, exact, matches
from boardkit.lands.portfolio import BuildStep
from boardkit.testing import assert_illegal


def test_both_parks_can_complete_the_plan(example):
    assert example.stacks[0][0] == 0  # plan "G.. / GSS"
    legal = example.legal_actions()
    assert Complete(0, 0) in legal and Complete(1, 0) in legal
    assert exact(example.park_icons(0), 0)
    assert matches(example.park_icons(1), 0) and not exact(example.park_icons(1), 0)
    assert len(example.park_icons(1)) == 5  # one icon more than the plan's four


def test_perfect_match_offers_the_ability(example):
    example.apply(Complete(0, 0))
    assert isinstance(example.pending, AbilityStep)
    assert set(example.legal_actions()) == {UseAbility(1), UseAbility(2), Decline()}  # bury
    example.apply(UseAbility(1))
    assert example.stacks[1][-1] == 5 and example.stacks[1][0] == 9  # #5 buried, #9 shown
    assert example.discard == [1, 4, 0]  # the park, then the plan card
    assert len(example.parks) == 1 and isinstance(example.pending, BuildStep)


def test_extra_icon_completes_without_ability(example):
    example.apply(Complete(1, 0))
    assert isinstance(example.pending, BuildStep)  # no ability step
    assert example.discard == [6, 3, 0]
    assert "no ability (lands.complete.exact)" in example.log.text()
    assert example.stacks[0][0] == 8  # the next plan is revealed


def test_ability_is_optional(example):
    example.apply(Complete(0, 0))
    example.apply(Decline())
    assert example.stacks[1] == [5, 9, 12] and example.discard == [1, 4, 0]


def test_wrong_ability_target(example):
    example.apply(Complete(0, 0))
    assert_illegal(example, UseAbility(0), "lands.ability.bury")  # the matched stack itself


def test_match_allows_quarter_turns(fresh):
    fresh.apply(Place(1, 0, 5, 5, 90, 1))  # the example's park 0, turned a quarter
    fresh.apply(Continue())
    turned = [a for a in fresh.legal_actions() if a.park == 0 and a.angle == 90]
    hits = 0
    for act in turned:
        probe = fresh.clone()
        probe.apply(act)
        hits += Complete(0, 0) in probe.legal_actions()
    assert hits  # some turned park matches the (unturned) plan


@pytest.mark.parametrize("act, rule", [
    (Complete(0, 1), "lands.complete.match"),  # park 0 does not show #5's plan
    (Complete(3, 0), "lands.complete.match"),  # no park 3
    (Complete(0, 4), "lands.complete.stack"),  # no stack 4
])
def test_complete_illegal(example, act, rule):
    assert_illegal(example, act, rule)


def test_empty_stack_has_no_plan(example):
    example.stacks[2] = []
    assert_illegal(example, Complete(0, 2), "lands.complete.stack")


def test_ability_without_target_is_skipped(example):
    for st in (1, 2):  # bury needs another stack with two cards or more
        example.stacks[st] = example.stacks[st][:1]
    example.apply(Complete(0, 0))
    assert isinstance(example.pending, BuildStep)
    assert "lands.complete.no_target" in example.log.text()


def test_moved_plan_stays_in_play(monkeypatch):
    """If the ability moves the matched plan, only the park is discarded."""
    from boardkit.lands import completing

    s = build_example(fresh_game())
    # let plan #0 carry the move_plan effect for this test (abilities are data)
    monkeypatch.setattr(completing, "ability_targets",
                        lambda state, stack: completing.EFFECTS["move_plan"][0](state, stack))
    monkeypatch.setitem(completing.EFFECTS, "bury", completing.EFFECTS["move_plan"])
    s.apply(Complete(0, 0))
    assert set(s.legal_actions()) == {UseAbility(1), UseAbility(2), Decline()}
    s.apply(UseAbility(2))
    assert s.stacks[2][0] == 0 and s.stacks[0][0] == 8  # moved onto stack 2; #8 revealed
    assert s.discard == [1, 4]  # only the park
    assert "lands.complete.moved_plan" in s.log.text()


def test_every_effect_is_used_by_some_card():
    from boardkit.lands.completing import EFFECTS
    from boardkit.lands.content import content

    assert {c.ability.effect for c in content().cards} == set(EFFECTS)


def test_other_abilities(example):
    from boardkit.lands.completing import EFFECTS

    s = example.clone()
    EFFECTS["swap"][1](s, 0, 1)
    assert s.stacks[1][:2] == [9, 5]
    s = example.clone()
    s.discard = [7]
    assert EFFECTS["reclaim"][0](s, 0) == [7]
    EFFECTS["reclaim"][1](s, 0, 7)
    assert s.deck[0] == 7 and s.deck_known == 1 and s.observation(0)["deck"]["top_known"] == [7]


def test_every_stack_empty_ends_the_round(example):
    example.stacks[1], example.stacks[2] = [], []
    example.stacks[0] = example.stacks[0][:1]
    example.apply(Complete(1, 0))
    text = example.log.text()
    assert "every stack is empty: the round ends" in text
    assert "the build area is cleared: #1, #4" in text  # the other park is discarded too
    # the only discarded card with a ride (#0) had to be reserved; with no plan left, the
    # later rounds end at once and the Megapark Phase begins
    assert "P1: reserve #0 (only option)" in text
    assert example.phase == "megapark" and example.hand == [0, 2]
