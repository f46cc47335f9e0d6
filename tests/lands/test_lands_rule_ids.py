"""Lands rules that had no test expecting them to be refused: a move other than the ability
while it is offered, and a wrong target of the move-plan ability."""

import dataclasses

import pytest
from lands_helpers import build_example, fresh_game

from boardkit.lands.actions import Complete, Continue, Decline, UseAbility
from boardkit.lands.content import content
from boardkit.testing import assert_illegal, assert_legal


@pytest.fixture
def offered():
    """The rulebook's completing example: park 0 matches plan #0 exactly, its ability is offered."""
    s = build_example(fresh_game())
    s.apply(Complete(0, 0))
    return s


def test_while_the_ability_is_offered_only_using_or_declining_it_is_legal(offered):
    assert_illegal(offered, Continue(), "lands.complete.ability")
    assert_illegal(offered, Complete(1, 0), "lands.complete.ability")
    assert_legal(offered, Decline())
    assert offered.discard == [1, 4, 0]  # declined: the park and the plan are discarded


def test_move_plan_needs_another_stack(monkeypatch):
    """Abilities are data: give plan #0 the move-plan ability for this test."""
    from boardkit.lands import completing

    real = content()
    move_plan = next(c.ability for c in real.cards if c.ability.effect == "move_plan")
    cards = (dataclasses.replace(real.cards[0], ability=move_plan),) + tuple(real.cards[1:])
    monkeypatch.setattr(completing, "content", lambda: dataclasses.replace(real, cards=cards))
    s = build_example(fresh_game())
    s.apply(Complete(0, 0))
    assert_illegal(s, UseAbility(0), "lands.ability.move_plan")  # the matched stack itself
    assert_legal(s, UseAbility(2))
    assert s.stacks[2][0] == 0  # plan #0 moved onto stack 2 and stays in play
