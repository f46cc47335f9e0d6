"""Wanderlust's design questions run end to end on tiny samples."""

from __future__ import annotations

from boardkit.analysis import simulate
from boardkit.wanderlust import analysis


def test_solo_win_rates_and_objective_timing():
    rates = analysis.solo_win_rates(agents=("greedy",), automatons=(1, 3), n=3, seed=1)
    assert list(rates.automatons) == [1, 3] and rates.win_rate.between(0, 1).all()
    assert (rates.ci_low <= rates.win_rate + 1e-9).all() and (rates.win_rate <= rates.ci_high).all()
    timing = analysis.objective_timing(n=3, players=2, agent="random", seed=1)
    assert timing.in_play.sum() == 9 and timing.fulfilled.between(0, 1).all()


def test_score_shares_and_first_player_advantage():
    runs = simulate("wanderlust", agents=["random"], n=4, seed=2, players=3, progress=False)
    shares = analysis.score_shares(runs)
    assert abs(shares.sum() - 1) < 1e-9 and "A_collectibles" in shares.index
    adv = analysis.first_player_advantage(players=(2, 4), n=4, seed=3)
    assert list(adv.players) == [2, 4] and (adv.fair == [0.5, 0.25]).all()
