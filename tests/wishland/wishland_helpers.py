"""Helpers of the Wishland tests (positions come from boardkit.wishland.positions and the
``two`` fixture in conftest.py; rules are checked with boardkit.testing's assert_illegal and
assert_legal)."""

from boardkit.wishland.actions import Collect


def collect_until(state, done):
    """Play on, Collect when it is offered and else the first legal action, until
    ``done(state)``; return the state."""
    while not done(state):
        options = state.legal_actions()
        state.apply(Collect() if Collect() in options else options[0])
    return state
