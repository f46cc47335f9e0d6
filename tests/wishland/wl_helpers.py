"""Helpers of the Wishland tests: an illegal move raises its rule and changes nothing."""

import pickle

import pytest

from boardkit.engine import RuleViolation
from boardkit.wishland import GAME
from boardkit.wishland.positions import start_of_turns


def illegal(state, act, rule: str):
    """``act`` raises RuleViolation(rule), changes nothing and explain() agrees."""
    before = pickle.dumps({k: v for k, v in state.__dict__.items() if k != "log"})
    log = len(state.log)
    with pytest.raises(RuleViolation) as err:
        state.apply(act)
    assert err.value.rule == rule, (err.value.rule, err.value.message)
    assert pickle.dumps({k: v for k, v in state.__dict__.items() if k != "log"}) == before
    assert len(state.log) == log
    why = state.explain(act)
    assert not why.legal and why.rule == rule
    assert act not in state.legal_actions()
    return err.value


def legal(state, act):
    assert act in state.legal_actions(), (act, state.legal_actions())
    assert state.explain(act).legal
    state.apply(act)
    return state


__all__ = ["illegal", "legal", "start_of_turns", "RuleViolation", "GAME"]
