"""Engine and tic-tac-toe rules that had no test expecting them to be refused."""

import pytest

from boardkit.engine import Action, RuleViolation, Step, action
from boardkit.examples.tic_tac_toe import GAME, Place
from boardkit.testing import assert_illegal, assert_legal


@action
class Pick(Action):
    option: int


class PickStep(Step):
    """A step that keeps the default check: legal means listed."""

    player = 0

    def legal(self, state):
        return [Pick(1), Pick(2)]


def test_a_step_refuses_what_it_does_not_list():
    step = PickStep()
    step.check(None, Pick(1))  # listed: accepted
    with pytest.raises(RuleViolation) as err:
        step.check(None, Pick(3))
    assert err.value.rule == "engine.step.legal"
    assert "“Pick(option=3)” is not possible now" in err.value.message


def test_tic_tac_toe_cells_are_0_to_8():
    s = GAME.new_game(seed=0)
    assert_illegal(s, Place(9), "tic-tac-toe.turn.place")
    assert_illegal(s, Place(-1), "tic-tac-toe.turn.place")
    assert_legal(s, Place(8))
    assert_illegal(s, Place(8), "tic-tac-toe.turn.empty")


def test_tic_tac_toe_names_a_cell_as_its_moves_do():
    """Issue 47: the refusal said "cell 8 already holds X" while the move said "mark row 3,
    column 3"; both name the cell by its row and column now."""
    s = GAME.new_game(seed=0)
    s.apply(Place(8))
    message = s.explain(Place(8)).message
    assert str(Place(8)) == "mark row 3, column 3"
    assert "row 3, column 3 already holds X" in message and "cell 8" not in message, message
