"""Agents work on any game through the protocol; MCTS and greedy beat random clearly."""

import math

import pytest

import boardkit
from boardkit.agents import Agent, RandomAgent, make_agent, play
from boardkit.agents.greedy import GreedyAgent
from boardkit.agents.mcts import MCTSAgent
from boardkit.engine import VariantError


def binomial_tail(k: int, n: int) -> float:
    """P(X >= k) for X ~ Binomial(n, 1/2)."""
    return sum(math.comb(n, i) for i in range(k, n + 1)) / 2**n


def head_to_head(game, make, n, seed=0):
    """Win credit of the agent `make(i)` against random, seats alternating."""
    g = boardkit.game(game)
    credit = 0.0
    for i in range(n):
        s = g.new_game(seed=seed + i)
        me = i % 2
        bots = [RandomAgent(1000 + i), RandomAgent(2000 + i)]
        bots[me] = make(i)
        play(s, bots)
        w = s.winners()
        credit += 1 / len(w) if me in w else 0
    return credit


class Checked(Agent):
    """Wraps an agent and fails the test if it ever picks an illegal action."""

    def __init__(self, inner):
        self.inner = inner

    def act(self, state):
        act = self.inner.act(state)
        assert act in state.legal_actions(), f"{self.inner} chose illegal {act}"
        return act


def test_mcts_beats_random_clearly():
    n = 40
    credit = head_to_head("dice-grid", lambda i: Checked(MCTSAgent(30, seed=i)), n)
    # a fixed-seed statistical test: under "no better than random" this is < 1% likely
    assert binomial_tail(math.ceil(credit), n) < 0.01, credit


def test_greedy_beats_random_clearly():
    n = 150
    credit = head_to_head("dice-grid", lambda i: Checked(GreedyAgent(seed=i)), n, seed=500)
    assert binomial_tail(math.ceil(credit), n) < 0.01, credit


def test_same_seed_same_decisions():
    def decisions(seed):
        s = boardkit.game("dice-grid").new_game(seed=3)
        bots = [MCTSAgent(15, seed=seed), MCTSAgent(15, seed=seed + 1)]
        play(s, bots)
        return [e.action for e in s.log if e.kind == "action"]

    assert decisions(7) == decisions(7)


def test_time_budget_and_statistics():
    s = boardkit.game("dice-grid").new_game(players=3, seed=5)
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    agent = MCTSAgent(iterations=0, time_limit=0.05, seed=1)
    act = agent.act(s)
    assert act in s.legal_actions()
    stats = agent.statistics(s)
    assert stats and sum(v for _, v, _ in stats) >= 1


def test_mcts_does_not_change_the_state():
    s = boardkit.game("dice-grid").new_game(seed=9)
    before = s.to_json()
    MCTSAgent(20, seed=0).act(s)
    assert s.to_json() == before


def test_agent_names():
    assert isinstance(make_agent("mcts:25"), MCTSAgent) and make_agent("mcts:25").iterations == 25
    assert isinstance(make_agent("greedy"), GreedyAgent)
    for bad in ["wizard", "mcts:x", "mcts:0", "random:5", 42]:
        with pytest.raises(VariantError):
            make_agent(bad)


def test_agents_refuse_a_finished_game():
    s = boardkit.game("dice-grid").new_game(seed=1)
    play(s, [RandomAgent(0), RandomAgent(1)])
    for agent in (RandomAgent(0), GreedyAgent(), MCTSAgent(5)):
        with pytest.raises(ValueError, match="over"):
            agent.act(s)
