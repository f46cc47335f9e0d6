"""Wishland's heuristic and agents: greedy beats random clearly; MCTS plays legally through
the protocol (determinizations, the codec)."""

import math

from boardkit.agents import RandomAgent, make_agent, play
from boardkit.agents.mcts import MCTSAgent
from boardkit.wishland import GAME
from boardkit.wishland.agents import WishlandGreedy, heuristic, projected


class Checked:
    def __init__(self, inner):
        self.inner = inner

    def act(self, state):
        act = self.inner.act(state)
        assert act in state.legal_actions(), (self.inner, act)
        return act


def test_greedy_is_the_games_own_agent():
    assert isinstance(make_agent("greedy", seed=1, game="wishland"), WishlandGreedy)


def test_greedy_beats_random_clearly():
    n, wins = 8, 0
    for i in range(n):
        s = GAME.new_game(players=2, seed=50 + i)
        me = i % 2
        bots = [RandomAgent(i), RandomAgent(100 + i)]
        bots[me] = Checked(WishlandGreedy(seed=i))
        play(s, bots)
        wins += s.winners() == [me]
    # under "no better than a coin" 8 wins of 8 has probability 1/256
    assert wins == n, wins


def test_heuristic_is_the_final_score_margin_at_the_end():
    s = GAME.new_game(players=3, seed=2)
    play(s, [RandomAgent(k) for k in range(3)])
    scores = s.scores()
    assert heuristic(s, 0) == scores[0] - max(scores[1:])
    assert projected(s, 1) == scores[1]


def test_mcts_plays_legal_moves_with_hidden_decks():
    s = GAME.new_game(players=2, seed=3, variant={"entrepreneurs": True})
    agent = MCTSAgent(iterations=8, rollout_depth=20, seed=0)
    for _ in range(6):
        act = agent.act(s)
        assert act in s.legal_actions()
        s.apply(act)
    assert agent.statistics(s)


def test_solo_heuristic_is_the_players_value():
    s = GAME.new_game(players=1, seed=0)
    assert math.isfinite(heuristic(s, 0))


def test_greedy_takes_hotel_13s_free_collect():
    from boardkit.wishland.actions import ChooseReward, CollectForFree, PlaceWorkers
    from boardkit.wishland.content import HOTEL, card_id
    from boardkit.wishland.positions import put_cards, start_of_turns

    s = start_of_turns(2, seed=3)
    put_cards(s, 0, [card_id(HOTEL, 13)])
    s.stacks[3] = [(0, 2)]
    s.placed[0] = 2
    s.apply(PlaceWorkers("advertisement"))
    s.apply(ChooseReward("workers"))
    assert set(s.legal_actions()) == {CollectForFree(True), CollectForFree(False)}
    assert WishlandGreedy(seed=0).act(s) == CollectForFree(True)
