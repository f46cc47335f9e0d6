"""Helpers of the Lands of Amazement tests: the rulebook's example deal, played or not, and a
jump to the Megapark Phase (imported by the test modules and conftest.py)."""

from boardkit.lands import arranged
from boardkit.lands.actions import Continue, Place

#: the completing example (rulebook, Completing Parks): draws #1, #4, #6, #3; #2 reserved;
#: stacks 0/1/2 show #0 (plan "G.. / GSS", ability bury), #5 and #7.
EXAMPLE_ORDER = [1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13, 14]


def fresh_game(**kwargs):
    """Goal 1A, the example deal, nothing played yet (P1 must place #1)."""
    return arranged(EXAMPLE_ORDER, goal=(0, 0), **kwargs)


def build_example(state):
    """Play the completing example: park 0 = #1 + #4 (exact), park 1 = #6 + #3 (one extra icon)."""
    state.apply(Place(1, 0, 5, 5, 0, 1))
    state.apply(Continue())
    state.apply(Place(4, 0, 7, 5, 0, 0))
    state.apply(Continue())
    state.apply(Place(6, 1, 5, 5, 0, 0))
    state.apply(Continue())
    state.apply(Place(3, 1, 3, 6, 90, 0))
    return state


def megapark_now(state):
    """Jump to the Megapark Phase (after a test set the reserved cards), as the flow enters it."""
    state.flow.jump(state, "megapark")
    return state
