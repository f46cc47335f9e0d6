"""Random-play conformance: for every registered game, random games keep the protocol's
promises. Later games join automatically through ``boardkit.games()``."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardkit
from boardkit.testing import check_conformance

GAMES = boardkit.games()
#: player counts that need a variant option (Wanderlust alone is played against automatons)
NEEDS = {("wanderlust", 1): {"automatons": 2}}


def random_game(name, seed, players=None, steps=None):
    g = boardkit.game(name)
    s = g.new_game(players=players, seed=seed)
    rng = np.random.default_rng(seed)
    n = 0
    while not s.is_over and (steps is None or n < steps):
        options = s.legal_actions()
        assert options, "a game that is not over must offer a decision"
        s.apply(options[int(rng.integers(len(options)))])
        n += 1
    return s


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), data=st.data())
def test_the_protocol_holds_in_random_play(name, seed, steps, data):
    """boardkit.testing.check_conformance: random games end and replay from their saves,
    listed actions are legal and encodable, other actions are refused without a trace,
    clones are independent, observations are JSON and survive determinization."""
    g = boardkit.game(name)
    players = data.draw(st.integers(g.min_players, g.max_players), label="players")
    check_conformance(name, seed, players=players, steps=steps, probes=8,
                      variant=NEEDS.get((name, players)))


def test_the_conformance_check_catches_a_broken_game(monkeypatch):
    """The check can fail: a game whose explain() disagrees with its legal list is caught."""
    from boardkit.examples.dice_grid import DiceGridState

    monkeypatch.setattr(DiceGridState, "explain", lambda self, act: type("No", (), {
        "__bool__": lambda s: False, "legal": False})())
    with pytest.raises(AssertionError, match="explain"):
        check_conformance("dice-grid", 1, steps=3)


def test_dice_grid_invariants():
    for seed in range(30):
        s = random_game("dice-grid", seed)
        claims = [e for e in s.log if e.kind in ("action", "auto") and type(e.action).__name__ == "Claim"]
        owned = [c for c, o in s.owner.items() if o is not None]
        assert len(claims) == len(owned)
        assert all(v >= 0 for v in s.scores())
