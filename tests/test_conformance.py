"""Random-play conformance: for every registered game, random games keep the protocol's
promises. Later games join automatically through ``boardkit.games()``."""

import json
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardkit
from boardkit.agents import RandomAgent, play
from boardkit.engine import RuleViolation

GAMES = boardkit.games()


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
@given(seed=st.integers(0, 2**32))
def test_random_games_finish_and_replay(name, seed):
    s = random_game(name, seed)
    assert s.is_over and s.current_player is None
    assert len(s.scores()) == s.players
    winners = s.winners()  # [] is a result too: nobody won by the rules (a failed solo game)
    assert len(set(winners)) == len(winners) and set(winners) <= set(range(s.players))
    assert s.has_winner == bool(winners)
    again = boardkit.game(name).from_json(s.to_json())
    assert again.log.text() == s.log.text()
    assert again.to_json() == s.to_json()


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40), probe=st.integers(0, 10**6))
def test_illegal_actions_change_nothing(name, seed, steps, probe):
    s = random_game(name, seed, steps=steps)
    codec = boardkit.game(name).codec
    legal = set(s.legal_actions())
    before = pickle.dumps(s)
    for k in range(8):
        act = codec.decode((probe + 7919 * k) % codec.size)
        if act in legal:
            continue
        with pytest.raises(RuleViolation):
            s.apply(act)
        assert not s.explain(act)
        assert pickle.dumps(s) == before


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30))
def test_legal_actions_are_legal_and_encodable(name, seed, steps):
    s = random_game(name, seed, steps=steps)
    codec = boardkit.game(name).codec
    codes = [codec.encode(a) for a in s.legal_actions()]
    assert len(set(codes)) == len(codes)
    for act in s.legal_actions():
        assert s.explain(act).legal


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30))
def test_clones_are_independent(name, seed, steps):
    s = random_game(name, seed, steps=steps)
    if s.is_over:
        return
    before = pickle.dumps(s)
    c = s.clone()
    play(c, [RandomAgent(seed)] * c.players)
    assert pickle.dumps(s) == before


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 30))
def test_observations_are_json_and_determinize_agrees(name, seed, steps):
    s = random_game(name, seed, steps=steps)
    for p in range(s.players):
        obs = s.observation(p)
        json.dumps(obs)
        for k in range(3):
            assert s.determinize(p, k).observation(p) == obs


def test_dice_grid_invariants():
    for seed in range(30):
        s = random_game("dice-grid", seed)
        claims = [e for e in s.log if e.kind in ("action", "auto") and type(e.action).__name__ == "Claim"]
        owned = [c for c, o in s.owner.items() if o is not None]
        assert len(claims) == len(owned)
        assert all(v >= 0 for v in s.scores())
