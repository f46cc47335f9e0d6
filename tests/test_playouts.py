"""Search playouts: the engine's fast path plays exactly the moves of the plain one.

``State.random_playout`` draws a move from the options the engine has just listed (to see
whether a step was forced) instead of listing them again, and ``State.apply_listed`` applies
a listed move without a second check. Both must change nothing but the cost: the same
moves, the same random numbers, the same log, in every registered game.
"""

import numpy as np
import pytest

import boardkit
from boardkit.engine import RuleViolation


def plain_playout(state, rng, limit=None):
    made = 0
    while not state.is_over and (limit is None or made < limit):
        state.apply(state.random_action(rng), atomic=False)
        made += 1
    return made


@pytest.mark.parametrize("name", boardkit.games())
@pytest.mark.parametrize("limit", [None, 7])
def test_random_playout_plays_the_plain_playouts_moves(name, limit):
    g = boardkit.game(name)
    for seed in range(2):
        start = g.new_game(players=g.default_players, seed=seed)
        fast, plain = start.clone(), start.clone()
        made = fast.random_playout(np.random.default_rng(seed), limit)
        assert made == plain_playout(plain, np.random.default_rng(seed), limit)
        assert fast.history() == plain.history()
        assert fast.log.text() == plain.log.text()
        assert fast.scores() == plain.scores() and fast.is_over == plain.is_over
        assert limit is None or made == limit or fast.is_over


@pytest.mark.parametrize("name", boardkit.games())
def test_apply_listed_hands_over_the_next_decisions_list(name):
    g = boardkit.game(name)
    state = g.new_game(players=g.default_players, seed=3)
    rng = np.random.default_rng(3)
    handed = 0
    for _ in range(40):
        if state.is_over:
            break
        options = state.legal_actions()
        listed = state.apply_listed(options[int(rng.integers(len(options)))])
        if listed is not None:
            handed += 1
            assert listed == state.legal_actions()  # the same options, in the same order
    # the games whose decisions may be forced hand their lists over (Freizeitpark's never are)
    assert (handed > 0) == (name != "freizeitpark")


def test_random_playout_of_a_finished_game_makes_no_move():
    g = boardkit.game("dice-grid")
    state = g.new_game(seed=1)
    state.random_playout(np.random.default_rng(0))
    assert state.is_over
    before = state.log.text()
    assert state.random_playout(np.random.default_rng(0)) == 0 and state.log.text() == before
    with pytest.raises(RuleViolation, match="engine.game_over"):
        state.random_action(np.random.default_rng(0))
