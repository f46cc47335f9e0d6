"""Every built-in game as a PettingZoo AEC environment passes PettingZoo's own checkers."""

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import boardkit
from boardkit.engine import (
    ActionFormatError,
    Game,
    RuleViolation,
    UnsupportedGameError,
    VariantError,
)
from boardkit.engine.registry import BUILTIN
from boardkit.examples.dice_grid import ChooseDie, Claim, DiceGridState, Pass
from boardkit.interop import encoding
from boardkit.interop.gymnasium import SOLO
from boardkit.interop.pettingzoo import BoardkitAECEnv, env


def _variant(name, players):
    """Solo games need their solo mode's options (Wanderlust: automatons)."""
    return SOLO[name].get("variant", {}) if players == 1 else {}


CASES = [(name, n, _variant(name, n)) for name in sorted(BUILTIN)
         for n in sorted({boardkit.game(name).min_players, boardkit.game(name).max_players})]
#: what api_test says about every Dict observation (PettingZoo's own board games, whose
#: observations are the same Dict of "observation" and "action_mask", are exempt by name)
DICT_OBSERVATION = ("Observation is not a NumPy array",
                    "Observation space for each agent probably should be")


class Recorded(BoardkitAECEnv):
    """Remembers each game played to its end through the API (its action count)."""

    def step(self, action):
        super().step(action)
        if self.agents and all(self.terminations.values()) and len(self.agents) == self.players:
            self.finished.append(self.state_of_game.action_count)

    def reset(self, seed=None, options=None):
        self.__dict__.setdefault("finished", [])
        super().reset(seed=seed, options=options)


@pytest.mark.parametrize("name,players,variant", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_api_test_passes_and_plays_a_whole_game(name, players, variant):
    e = Recorded(name, players, variant=variant)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(e, num_cycles=300, verbose_progress=False)
    others = {str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION)}
    assert not others
    assert e.finished, "api_test's play test ended the game through the API"


@pytest.mark.parametrize("name,players,variant", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_seed_test_passes(name, players, variant):
    # two cycles: the comparison of two 6-million-code masks costs ~0.2 s a step
    seed_test(lambda: env(name, players, variant=variant), num_cycles=2)


def test_a_seed_plays_the_games_own_seeded_game():
    e = env("wishland", players=3)
    e.reset(seed=11)
    assert e.state_of_game.to_json() == boardkit.game("wishland").new_game(3, seed=11).to_json()
    e.reset()  # the next seed comes from the last one given: the same twice
    after = e.state_of_game.seed
    e.reset(seed=11)
    e.reset()
    assert e.state_of_game.seed == after != 11


def _play(e, seed, rng):
    """A random masked game: the (agent, seat deciding) of each step and the rewards that
    ``last()`` gives each agent at the end."""
    e.reset(seed=seed)
    steps, final = [], {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        assert reward == 0.0, "no reward before the end"
        steps.append((agent, e.state_of_game.current_player))
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return steps, final


def test_the_agent_to_act_is_the_seat_that_decides_even_several_times_in_a_row():
    steps, _ = _play(env("wishland", players=4), 3, np.random.default_rng(0))
    assert all(agent == f"player_{seat}" for agent, seat in steps)
    seats = [seat for _, seat in steps]
    assert any(a == b for a, b in zip(seats, seats[1:], strict=False)), "a seat acted twice in a row"


@pytest.mark.parametrize("reward", ["win", "score"])
def test_rewards_come_at_the_end(reward):
    e = env("dice-grid", players=3, reward=reward)
    _, final = _play(e, 5, np.random.default_rng(1))
    state = e.state_of_game
    assert state.is_over and not e.agents
    expected = encoding.win_rewards(state) if reward == "win" else state.scores()
    assert final == {f"player_{p}": float(expected[p]) for p in range(3)}


def test_win_rewards_give_a_draw_zero_and_a_failed_solo_game_minus_one():
    class Fake:
        def __init__(self, players, winners):
            self.players, self._w = players, winners

        def winners(self):
            return self._w

    assert encoding.win_rewards(Fake(3, [0, 1, 2])) == [0.0, 0.0, 0.0]
    assert encoding.win_rewards(Fake(3, [0, 2])) == [1.0, -1.0, 1.0]
    assert encoding.win_rewards(Fake(1, [])) == [-1.0]
    assert encoding.win_rewards(Fake(1, [0])) == [1.0]


def test_lower_is_better_scores_are_negated():
    e = env("lands", players=1, reward="score")
    _, final = _play(e, 2, np.random.default_rng(0))
    assert final == {"player_0": -float(e.state_of_game.scores()[0])} != {"player_0": 0.0}


def _illegal_code(e):
    obs = e.observe(e.agent_selection)
    return int(np.flatnonzero(obs["action_mask"] == 0)[0])


def test_an_illegal_code_changes_nothing_and_costs_its_agent():
    e = env("dice-grid", players=2)
    e.reset(seed=1)
    agent, before = e.agent_selection, e.state_of_game.to_json()
    e.step(_illegal_code(e))
    assert e.state_of_game.to_json() == before
    assert e.agent_selection == agent
    assert e.rewards[agent] == -1.0
    refusal = e.infos[agent]["illegal_action"]
    assert refusal["rule"].startswith(("dice-grid.", "engine.")) and refusal["message"]
    assert e.last()[1] == -1.0
    # the next legal step clears it (the reward was paid)
    e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert "illegal_action" not in e.infos[agent]


def test_illegal_raise_raises_the_rule_violation_and_changes_nothing():
    e = env("dice-grid", players=2, illegal="raise")
    e.reset(seed=1)
    before = e.state_of_game.to_json()
    with pytest.raises(RuleViolation):
        e.step(_illegal_code(e))
    assert e.state_of_game.to_json() == before


@pytest.mark.parametrize("bad", [-1, 71, 10**30, 1.5, "3", True, None, np.array([1, 2])])
def test_an_action_outside_the_space_is_a_format_error(bad):
    e = env("dice-grid", players=2)
    e.reset(seed=1)
    before = e.state_of_game.to_json()
    with pytest.raises(ActionFormatError, match="action") as refused:
        e.step(bad)
    assert e.state_of_game.to_json() == before
    assert len(str(refused.value)) < 200


def test_numpy_integers_are_codes():
    e = env("dice-grid", players=2)
    e.reset(seed=1)
    code = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]
    for kind in (np.int64, np.int32, np.uint16):
        e.reset(seed=1)
        e.step(kind(code))
        assert e.state_of_game.action_count == 1
    e.reset(seed=1)
    e.step(np.array(code))
    assert e.state_of_game.action_count == 1


def test_a_game_without_a_codec_is_refused():
    class NoCodecState(DiceGridState):
        pass

    bare = Game(name="bare-grid", title="a game without a codec", state_class=NoCodecState,
                actions=(ChooseDie, Claim, Pass), players=(2, 4))
    with pytest.raises(UnsupportedGameError, match="bare-grid has no integer action codec"):
        env(bare, players=2)


@pytest.mark.parametrize("options,field", [
    ({"reward": "money"}, "reward"), ({"illegal": "ignore"}, "illegal"),
    ({"obs_size": 0}, "obs_size"), ({"render_mode": "human"}, "render_mode"),
    ({"variant": {"automatons": 9}}, "automatons"), ({"players": 1}, "Solo Mode"),
])
def test_bad_options_are_refused_when_the_environment_is_made(options, field):
    options = {"players": 3, **options}
    with pytest.raises(VariantError, match=field):
        env("wanderlust", **options)


def test_playing_before_reset_says_so():
    e = env("dice-grid", players=2)
    with pytest.raises(boardkit.BoardkitError, match="reset"):
        e.observe("player_0")


def test_the_observation_is_the_seats_view_hashed():
    e = env("wishland", players=2)
    e.reset(seed=4)
    obs = e.observe("player_1")
    view = e.state_of_game.observation(1)
    assert np.array_equal(obs["observation"], encoding.features(view))
    assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (1024,)
    assert not np.array_equal(obs["observation"], e.observe("player_0")["observation"])
    assert not obs["action_mask"].any() or e.agent_selection == "player_1"


def test_render_ansi_shows_the_position():
    e = env("dice-grid", players=2, render_mode="ansi")
    e.reset(seed=1)
    assert "dice-grid state" in e.render()
    assert env("dice-grid", players=2).render() is None


@pytest.mark.parametrize("seed", [-1, 2**63, True, 1.5])
def test_a_refused_seed_leaves_the_game_being_played(seed):
    e = env("dice-grid", players=2)
    e.reset(seed=4)
    before = e.state_of_game
    with pytest.raises(VariantError, match="seed"):
        e.reset(seed=seed)
    assert e.state_of_game is before
    e.reset()  # the seeds still follow seed 4
    after = e.state_of_game.seed
    e.reset(seed=4)
    e.reset()
    assert e.state_of_game.seed == after


def test_the_observation_vector_survives_odd_values():
    vec = encoding.features({"big": 10**400, "neg": -(10**400), "nan": float("nan"),
                             "text": "ä\ud800", "none": None, "flags": [True, False]}, 64)
    assert vec.shape == (64,) and np.isfinite(vec).all()


def test_each_seat_has_its_own_spaces():
    e = env("dice-grid", players=3)
    spaces_ = {id(e.action_space(a)) for a in e.possible_agents}
    spaces_ |= {id(e.observation_space(a)) for a in e.possible_agents}
    assert len(spaces_) == 6
