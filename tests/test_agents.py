"""Agents work on any game through the protocol; MCTS and greedy beat random clearly."""

import math

import pytest

import boardkit
from boardkit.agents import Agent, RandomAgent, apply_chosen, make_agent, play
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


# ------------------------------------------------------------ the search agent's parts
def claim_position(min_options: int):
    """A Dice Grid position where P1 claims a cell among at least ``min_options``."""
    from boardkit.examples.dice_grid import ClaimStep

    g = boardkit.game("dice-grid")
    numbers = [[1 + (x + y) % 2 for x in range(8)] for y in range(8)]  # 32 cells show a 1
    for seed in range(200):
        s = g.new_game(seed=seed, params={"numbers": numbers})
        while not isinstance(s.pending, ClaimStep):
            s.apply(max(s.legal_actions(), key=lambda a: getattr(a, "value", 0)))
        if len(s.legal_actions()) >= min_options:
            return s
    raise AssertionError("no such position")


def test_cut_off_playouts_are_judged_by_the_heuristic():
    from boardkit.agents.mcts import evaluation, outcome

    seen = []

    def heuristic(state, player):
        seen.append(state.is_over)
        return float(player == 1)  # seat 2 always looks ahead

    s = boardkit.game("dice-grid").new_game(seed=2)
    agent = MCTSAgent(iterations=5, rollout_depth=1, heuristic=heuristic, seed=0)
    value = agent.reward(s)  # a cut-off position
    assert list(value) == list(evaluation(s, heuristic)) and value[1] > value[0]
    agent.act(s)
    assert seen and not all(seen)  # the search judged cut-off positions with it
    play(s, [RandomAgent(1), RandomAgent(2)])  # a finished game is judged by its winners
    assert list(agent.reward(s)) == list(outcome(s))
    assert outcome(s)[s.winners()[0]] > 0.5


def test_value_scale_makes_a_bigger_lead_worth_more():
    from boardkit.agents.mcts import evaluation

    s = boardkit.game("dice-grid").new_game(players=3, seed=2)
    lead = {0: 0.0, 1: 2.0, 2: 0.0}
    binary = evaluation(s, lambda st, p: lead[p])
    smooth = evaluation(s, lambda st, p: lead[p], scale=2.0)
    assert binary[1] > binary[0] == binary[2] == 0.0  # who leads, and nothing more
    # seat 2 leads by 2 (one scale): 1/(1+e^-1); the others trail it by 2: 1/(1+e^1)
    assert smooth[1] == pytest.approx(1 / (1 + math.exp(-1)))
    assert smooth[0] == smooth[2] == pytest.approx(1 / (1 + math.exp(1)))
    lead[1] = 8.0
    assert evaluation(s, lambda st, p: lead[p], scale=2.0)[1] > smooth[1]  # a bigger lead
    assert list(evaluation(s, lambda st, p: lead[p])) == list(binary)  # binary cannot tell
    agent = MCTSAgent(iterations=3, rollout_depth=1, value_scale=2.0,
                      heuristic=lambda st, p: lead[p], seed=0)
    assert agent.reward(s)[1] == pytest.approx(1 / (1 + math.exp(-4)))
    with pytest.raises(ValueError, match="value_scale"):
        MCTSAgent(value_scale=0)
    # against each seat's own value at the root: a rival far behind does not flatten it
    lead = {0: -1000.0, 1: 12.0, 2: 10.0}
    own = evaluation(s, lambda st, p: lead[p], scale=2.0, reference=[-1000.0, 10.0, 10.0])
    assert own[0] == own[2] == pytest.approx(0.5) and own[1] == pytest.approx(1 / (1 + math.exp(-1)))
    assert evaluation(s, lambda st, p: lead[p], scale=2.0)[1] == pytest.approx(1 / (1 + math.exp(-1)))
    with pytest.raises(ValueError, match="needs a value_scale"):
        MCTSAgent(value_reference="root")
    with pytest.raises(ValueError, match="value_reference"):
        MCTSAgent(value_scale=1, value_reference="rivals")
    rooted = MCTSAgent(iterations=4, rollout_depth=1, value_scale=2.0, value_reference="root",
                       heuristic=lambda st, p: lead[p], seed=0)
    assert rooted.act(s) in s.legal_actions()
    assert list(rooted._reference) == [-1000.0, 12.0, 10.0]


def test_greedy_playouts_follow_the_games_greedy_agent():
    s = boardkit.game("dice-grid").new_game(seed=4)
    agent = MCTSAgent(iterations=6, rollout_depth=2, rollout_policy="greedy", seed=0)
    assert agent.act(s) in s.legal_actions()
    assert type(agent._greedy).__name__ == type(make_agent("greedy", game="dice-grid")).__name__
    with pytest.raises(ValueError, match="rollout_policy"):
        MCTSAgent(rollout_policy="smart")


def test_progressive_widening_limits_the_children_of_a_wide_node():
    s = claim_position(8)
    options = len(s.legal_actions())
    narrow = MCTSAgent(iterations=16, widen_above=3, widen_k=1.0, widen_alpha=0.5, seed=1)
    assert narrow.act(s) in s.legal_actions()
    assert len(narrow.last_root.children) <= math.ceil(16 ** 0.5) < options
    wide = MCTSAgent(iterations=options, widen_above=None, seed=1)
    wide.act(s)
    assert len(wide.last_root.children) == options  # without widening each is tried once


def test_the_tree_is_reused_between_a_players_decisions():
    g = boardkit.game("dice-grid")
    s = g.new_game(seed=0)
    agent = MCTSAgent(iterations=40, seed=3)
    first = agent.act(s)
    s.apply(first)
    while s.current_player != 0 or len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    agent.act(s)
    assert agent.last_root.visits > 40  # the subtree of the first search kept its visits
    fresh = MCTSAgent(iterations=40, seed=3, reuse_tree=False)
    fresh.act(s)
    assert fresh.last_root.visits == 40
    other = g.new_game(seed=5)  # another game: a new tree
    agent.act(other)
    assert agent.last_root.visits == 40


def test_agents_by_name_ladder_and_budgets():
    from boardkit.agents import LADDER

    assert LADDER == ("random", "greedy", "mcts", "mcts-strong")
    g = boardkit.game("wishland")
    default = make_agent("mcts", game="wishland")
    assert default.iterations == g.search["iterations"]
    assert default.rollout_depth == g.search["rollout_depth"]
    assert make_agent("mcts-strong", game="wishland").iterations == 4 * g.search["iterations"]
    timed = make_agent("mcts:0.05s", game="dice-grid")
    assert timed.time_limit == 0.05
    s = boardkit.game("dice-grid").new_game(seed=1)
    timed.act(s)
    assert timed.last_iterations >= 1
    for bad in ["mcts:0s", "mcts:abc", "mcts:-3", "greedy:1s"]:
        with pytest.raises(VariantError):
            make_agent(bad, game="dice-grid")


def test_random_action_draws_from_the_legal_ones():
    import numpy as np

    s = claim_position(4)
    rng = np.random.default_rng(0)
    legal = s.legal_actions()
    drawn = {s.random_action(rng) for _ in range(200)}
    assert drawn <= set(legal) and len(drawn) == len(legal)


def test_a_person_asked_to_move_in_a_finished_game_gets_the_game_over_error():
    from boardkit.agents import HumanAgent

    s = boardkit.game("dice-grid").new_game(seed=0)
    play(s, [RandomAgent(0), RandomAgent(1)])
    with pytest.raises(ValueError, match="the game is over"):  # was a TypeError (None + 1)
        HumanAgent().act(s)


def test_strong_setting_of_a_games_own_search_without_iterations_is_a_variant_error(monkeypatch):
    # a game's own "mcts" that has no iteration budget cannot be made STRONG times stronger
    monkeypatch.setitem(boardkit.game("dice-grid").agents, "mcts", RandomAgent)
    with pytest.raises(VariantError, match="no iteration budget"):  # was an AttributeError
        make_agent("mcts-strong", game="dice-grid")


@pytest.mark.parametrize("game, players, variant", [
    ("wishland", 1, {}), ("wishland", 2, {}), ("wishland", 3, {}), ("wishland", 4, {}),
    ("wanderlust", 1, {"automatons": 2}), ("wanderlust", 3, {}), ("wanderlust", 5, {})])
def test_a_lead_heuristic_values_every_seat_once_with_the_same_floats(game, players, variant):
    from boardkit.agents.greedy import Lead
    from boardkit.agents.mcts import evaluation

    g = boardkit.game(game)
    assert isinstance(g.heuristic, Lead)
    calls = []

    def counted(state, seat):
        calls.append(seat)
        return g.heuristic.value(state, seat)

    lead = Lead(counted, seats=g.heuristic.seats)
    s = g.new_game(seed=7, players=players, variant=variant)
    bot = RandomAgent(3)
    for _ in range(12):  # positions along a random game
        seats = lead._count(s)
        calls.clear()
        every = lead.all_seats(s)
        assert len(calls) == seats  # each seat valued once
        one_by_one = [lead(s, p) for p in range(players)]
        assert every == one_by_one == [g.heuristic(s, p) for p in range(players)]
        assert list(evaluation(s, g.heuristic, scale=5.0)) == list(
            evaluation(s, lambda st, p: g.heuristic(st, p), scale=5.0))
        for _ in range(6):
            if s.is_over:
                break
            s.apply(bot.act(s))


def test_greedy_records_how_many_options_tied_at_its_best_value():
    import numpy as np

    from boardkit.agents.greedy import GreedyAgent, one_step_values

    g = boardkit.game("wishland")
    s = g.new_game(players=3, seed=2)
    agent, twin = GreedyAgent(g.heuristic, seed=5), np.random.default_rng(5)
    seen = set()
    for _ in range(40):
        options = s.legal_actions()
        act = agent.act(s)
        if len(options) == 1:
            assert agent.last_ties == (1, 1)
        else:  # the same values from the same draws
            values = one_step_values(s, options, g.heuristic, s.current_player, twin)
            best = max(values)
            assert agent.last_ties == (values.count(best), len(options))
            twin.integers(values.count(best))  # the tie-break's draw
            seen.add(agent.last_ties[0] > 1)
        s.apply(act)
    assert seen == {True, False}  # both a clear best and a tie were met


def test_freizeitpark_greedy_records_the_builds_tied_at_its_best_value():
    from boardkit.freizeitpark.actions import Build

    g = boardkit.game("freizeitpark")
    s = g.new_game(players=2, seed=3)
    agents = [make_agent("greedy", seed=q, game="freizeitpark") for q in range(2)]
    seen = set()
    while not s.is_over:
        agent = agents[agents[0].mover(s)]
        options = s.legal_actions()
        act = agent.act(s)
        tied, count = agent.last_ties
        assert count == len(options) and 1 <= tied <= count
        if len(options) > 1 and isinstance(act, Build):
            # the same exact values, asked again: the chosen build is one of the tied best
            exact, _ = agent._shortlist(s, options)
            best = max(v for _, v in exact)
            at_best = [options[i] for i, v in exact if abs(v - best) <= 1e-9]
            assert tied == len(at_best) and act in at_best
            seen.add(tied > 1)
        apply_chosen(s, act)
    assert seen == {True, False}  # both a clear best and a tie were met
