"""Wanderlust rules that had no test expecting them to be refused: a teacher's forced draw
(``state.force``) must name a card still in its pile, and each pile cites its own rule."""

import pytest

import boardkit
from boardkit.engine import RuleViolation

GAME = boardkit.game("wanderlust")


@pytest.mark.parametrize("event, pool, rule", [
    ("trotter", "passport_pool", "wanderlust.setup.passport"),
    ("hometown", "dest_deck", "wanderlust.setup.hometown"),
    ("destination", "dest_deck", "wanderlust.travel.cleanup"),
    ("encounter", "enc_deck", "wanderlust.encounter.draw"),
    ("objective", "objective_pool", "wanderlust.setup.objectives"),
    ("mission", "mission_pool", "wanderlust.setup.secrets"),
    ("goal", "goal_pool", "wanderlust.setup.secrets"),
])
def test_a_forced_draw_must_be_in_its_pile(event, pool, rule):
    s = GAME.new_game(players=3, seed=7)
    before = s.to_json()
    with pytest.raises(RuleViolation) as err:
        s.force(event, "no such card")
    assert err.value.rule == rule
    assert "'no such card' is not a" in err.value.message
    assert s.to_json() == before and not s.has_forced_outcomes
    left = getattr(s, pool)
    present = [k for k, v in left.items() if v] if isinstance(left, dict) else list(left)
    if present:  # a card still in the pile may be forced
        s.force(event, present[0])
        assert s.has_forced_outcomes
