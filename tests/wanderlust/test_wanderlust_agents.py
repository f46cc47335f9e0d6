"""Wanderlust's agents: always legal, and the greedy one beats random play."""

from __future__ import annotations

from boardkit.agents import Agent, RandomAgent, make_agent, play
from boardkit.wanderlust import GAME
from boardkit.wanderlust.agents import WanderlustGreedy, heuristic


class Checked(Agent):
    def __init__(self, inner):
        self.inner = inner

    def act(self, state):
        act = self.inner.act(state)
        assert act in state.legal_actions(), f"{self.inner} chose illegal {act}"
        return act


def test_greedy_is_legal_and_beats_random():
    wins = 0.0
    n = 12
    for i in range(n):
        s = GAME.new_game(players=2, seed=100 + i)
        me = i % 2
        bots = [RandomAgent(i), RandomAgent(i + 50)]
        bots[me] = Checked(make_agent("greedy", seed=i, game="wanderlust"))
        play(s, bots)
        w = s.winners()
        wins += 1 / len(w) if me in w else 0
    assert isinstance(make_agent("greedy", game="wanderlust"), WanderlustGreedy)
    assert wins >= 9, wins  # fair would be 6 of 12


def test_greedy_solo_and_variants_stay_legal():
    for variant, players in (({"automatons": 2}, 1), ({"house_rule": True, "family": True}, 3)):
        s = GAME.new_game(players=players, seed=3, variant=variant)
        play(s, [Checked(WanderlustGreedy(seed=k)) for k in range(players)])
        assert s.is_over


def test_mcts_decides_legally_with_a_small_budget():
    s = GAME.new_game(players=2, seed=1)
    agent = make_agent("mcts:8", seed=0, game="wanderlust")
    for _ in range(3):
        act = agent.act(s)
        assert act in s.legal_actions()
        s.apply(act)
    solo = GAME.new_game(players=1, seed=1, variant={"automatons": 1})
    assert agent.act(solo) in solo.legal_actions()
    assert agent.reward(solo).shape == (1,)


def test_heuristic_prefers_the_better_position():
    s = GAME.new_game(players=2, seed=1)
    before = heuristic(s, 0)
    s.exp[0] += 10
    assert heuristic(s, 0) > before and heuristic(s, 1) < heuristic(s, 0)


def test_the_heuristic_weighs_the_personal_goal():
    """The personal goal is scored at the end (4 VP, wanderlust.score.secrets), so the value
    gives progress towards it partial credit, and all of it once met; the family variant
    and Solo Mode score no goal, and neither does the value there."""
    from boardkit.wanderlust.agents import value

    def goal_term(souvenirs: int, **variant) -> float:
        s = GAME.new_game(players=2, seed=1, variant=variant or None)
        s.passport_tokens[0] = [souvenirs, 0, 0]
        s.goal[0] = None
        without = value(s, 0)
        s.goal[0] = "souvenir-hoarder"  # 6 souvenirs
        return value(s, 0) - without

    assert goal_term(0) == 0 and goal_term(3) == 4 * 0.25 and goal_term(6) == goal_term(9) == 4
    assert goal_term(6, family=True) == 0
