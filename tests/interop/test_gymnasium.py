"""The solo games and solo modes as Gymnasium environments pass Gymnasium's checker."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import boardkit
import boardkit.interop.gymnasium as bkgym
from boardkit.engine import ActionFormatError, RuleViolation, VariantError

IDS = ["boardkit/lands-v0", "boardkit/freizeitpark-v0", "boardkit/wishland-v0",
       "boardkit/wanderlust-v0"]


def test_importing_registers_every_solo_mode():
    assert sorted(bkgym.IDS) == sorted(IDS)  # one id per solo mode (Game.solo)
    assert set(IDS) <= set(gymnasium.registry)
    env = gymnasium.make("boardkit.interop.gymnasium:boardkit/lands-v0")
    assert env.spec.id == "boardkit/lands-v0"


@pytest.mark.parametrize("env_id", IDS)
def test_check_env_passes(env_id):
    env = gymnasium.make(env_id)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not [str(w.message) for w in caught]


def _episode(env, seed, rng, masks="info"):
    """A random masked policy's episode: its return and its number of steps."""
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = info["action_mask"] if masks == "info" else env.unwrapped.action_masks()
        assert obs in env.observation_space and mask.any()
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert "illegal_action" not in info and not truncated
        total, steps, done = total + reward, steps + 1, terminated
    return total, steps


@pytest.mark.parametrize("env_id", IDS)
def test_a_random_masked_episode_returns_the_games_own_score(env_id):
    env = gymnasium.make(env_id)
    total, steps = _episode(env, 3, np.random.default_rng(0))
    state = env.unwrapped.state_of_game
    sign = -1 if state.game.lower_is_better else 1
    assert state.is_over and steps == state.action_count
    assert total == pytest.approx(sign * state.scores()[0])
    # and the game is the one the seed names
    same = state.game.new_game(1, seed=3, variant=env.unwrapped.variant)
    assert same.to_dict()["variant"] == state.to_dict()["variant"]


def test_final_rewards_pay_the_score_once_at_the_end():
    env = gymnasium.make("boardkit/wishland-v0", reward="final")
    obs, info = env.reset(seed=1)
    rng, rewards, done = np.random.default_rng(2), [], False
    while not done:
        obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        rewards.append(reward)
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == env.unwrapped.state_of_game.scores()[0]


def test_action_masks_is_the_info_mask_for_maskable_ppo():
    env = gymnasium.make("boardkit/wishland-v0")
    _, info = env.reset(seed=5)
    masks = env.unwrapped.action_masks()
    assert masks.dtype == bool and np.array_equal(masks, info["action_mask"].astype(bool))
    total, _ = _episode(env, 5, np.random.default_rng(1), masks="method")
    assert total == env.unwrapped.state_of_game.scores()[0]


def test_make_passes_variant_options():
    env = gymnasium.make("boardkit/wanderlust-v0", variant={"automatons": 3})
    env.reset(seed=1)
    assert env.unwrapped.state_of_game.automatons == 3
    env = gymnasium.make("boardkit/lands-v0", variant={"expert": True})
    env.reset(seed=1)
    assert env.unwrapped.state_of_game.variant.expert


def test_seeds_name_the_game_and_reset_without_one_is_reproducible():
    env = gymnasium.make("boardkit/wishland-v0").unwrapped
    env.reset(seed=8)
    assert env.state_of_game.to_json() == boardkit.game("wishland").new_game(1, seed=8).to_json()
    env.reset()
    after = env.state_of_game.seed
    env.reset(seed=8)
    env.reset()
    assert env.state_of_game.seed == after


def test_an_illegal_code_changes_nothing_and_costs_the_illegal_reward():
    env = gymnasium.make("boardkit/lands-v0", illegal_reward=-5.0)
    _, info = env.reset(seed=1)
    before = env.unwrapped.state_of_game.to_json()
    code = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(code)
    assert env.unwrapped.state_of_game.to_json() == before
    assert reward == -5.0 and not terminated
    assert info["illegal_action"]["rule"] and info["illegal_action"]["message"]
    # the return of the legal steps is still the score: the deltas did not move
    state = env.unwrapped.state_of_game
    total = 0.0
    rng = np.random.default_rng(0)
    while not state.is_over:
        _, reward, _, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += reward
    assert total == -state.scores()[0]


def test_illegal_raise_and_codes_outside_the_space():
    env = gymnasium.make("boardkit/wishland-v0", illegal="raise")
    _, info = env.reset(seed=1)
    before = env.unwrapped.state_of_game.to_json()
    with pytest.raises(RuleViolation):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    with pytest.raises(ActionFormatError, match="outside 0..453"):
        env.step(454)
    assert env.unwrapped.state_of_game.to_json() == before


def test_a_finished_game_asks_for_reset():
    env = gymnasium.make("boardkit/freizeitpark-v0")
    _episode(env, 1, np.random.default_rng(0))
    with pytest.raises(boardkit.BoardkitError, match="reset"):
        env.step(0)


@pytest.mark.parametrize("kwargs,field", [
    ({"reward": "win"}, "reward"),
    ({"variant": {"automatons": 0}}, "Solo Mode"),
    ({"variant": {"automatons": 5}}, "automatons"),
])
def test_bad_options_are_refused_when_made(kwargs, field):
    with pytest.raises(VariantError, match=field):
        gymnasium.make("boardkit/wanderlust-v0", **kwargs)


def test_a_game_without_solo_play_is_refused():
    with pytest.raises(VariantError, match="dice-grid takes 2–4 players"):
        bkgym.BoardkitEnv("dice-grid")


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_a_refused_seed_leaves_the_game_being_played(seed):
    env = gymnasium.make("boardkit/wishland-v0").unwrapped
    env.reset(seed=2)
    before = env.state_of_game
    with pytest.raises(VariantError, match="seed"):
        env.reset(seed=seed)
    assert env.state_of_game is before
