"""MCTS beats random clearly on every registered game (a fixed-seed statistical test).

Budgets are per game so that the whole file stays around a minute: a long game gets short
playouts (``rollout_depth``: the playout is cut off and judged by the game's scores), and a
game that ships its own MCTS refinement (``Game(agents={"mcts": ...})``) is tested with it.
The test is one-sided: under "MCTS plays no better than random", its win share would be
1/players; we require that the observed wins would be that lucky less than ``alpha`` of the
time. Solo games compare MCTS's final score with random play's on the same deals.
"""

import math

import pytest

import boardkit
from boardkit.agents import RandomAgent, make_agent, play
from boardkit.agents.mcts import MCTSAgent

#: game -> (iterations, rollout depth or None, games, players, alpha)
BUDGETS = {
    "dice-grid": (30, None, 24, 2, 0.01),
    "wishland": (16, 12, 12, 2, 0.01),
    "freizeitpark": (2, 3, 3, 3, 0.05),  # 3 seats: 3 wins of 3 is already p = 0.037
    "wanderlust": (8, None, 12, 2, 0.05),  # 11 of 12 won; 10 would do
    "lands": (12, 6, 6, 1, None),
}
DEFAULT = (10, 6, 8, None, 0.05)


def tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def mcts_for(name, iterations, depth, seed):
    """The game's default search agent with a small budget (its own settings otherwise); a
    game without settings gets the rollout depth of the table."""
    g = boardkit.game(name)
    if "mcts" in g.agents or g.search:
        return make_agent(f"mcts:{iterations}", seed=seed, game=name)
    return MCTSAgent(iterations=iterations, rollout_depth=depth, seed=seed)


@pytest.mark.parametrize("name", boardkit.games())
def test_mcts_beats_random(name):
    iterations, depth, n, players, alpha = BUDGETS.get(name, DEFAULT)
    g = boardkit.game(name)
    players = players or g.default_players
    if players == 1:
        better = 0
        for i in range(n):
            mine = g.new_game(players=1, seed=i)
            play(mine, [mcts_for(name, iterations, depth, i)])
            theirs = g.new_game(players=1, seed=i)
            play(theirs, [RandomAgent(100 + i)])
            a, b = mine.scores()[0], theirs.scores()[0]
            better += (a < b) if g.lower_is_better else (a > b)
        assert better >= n - 1, f"MCTS better on only {better} of {n} paired deals"
        return
    credit = 0.0
    for i in range(n):
        s = g.new_game(players=players, seed=i)
        me = i % players
        bots = [RandomAgent(100 + i + k) for k in range(players)]
        bots[me] = mcts_for(name, iterations, depth, i)
        play(s, bots)
        winners = s.winners()
        if not winners:  # nobody won (Freizeitpark): the closest to the goal, by score
            scores = s.scores()
            best = min(scores) if g.lower_is_better else max(scores)
            winners = [p for p, v in enumerate(scores) if v == best]
        credit += 1 / len(winners) if me in winners else 0
    p_value = tail(math.ceil(credit), n, 1 / players)
    assert p_value < alpha, f"MCTS won {credit} of {n} against random (p = {p_value:.3f})"
