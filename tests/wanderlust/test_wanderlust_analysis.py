"""Wanderlust's design questions run end to end on tiny samples."""

from __future__ import annotations

import pytest

from boardkit.analysis import simulate
from boardkit.engine.errors import DataError
from boardkit.wanderlust import analysis


def test_solo_win_rates_and_objective_timing():
    rates = analysis.solo_win_rates(agents=("greedy",), automatons=(1, 3), n=3, seed=1)
    assert list(rates.automatons) == [1, 3] and rates.win_rate.between(0, 1).all()
    assert (rates.ci_low <= rates.win_rate + 1e-9).all() and (rates.win_rate <= rates.ci_high).all()
    assert rates.finished_race.between(0, 1).all()
    assert (rates.win_rate <= rates.finished_race).all()  # no win without finishing the race
    timing = analysis.objective_timing(n=3, players=2, agent="random", seed=1)
    assert timing.in_play.sum() == 9 and timing.fulfilled.between(0, 1).all()
    assert (timing.first_round.dropna() >= 1).all() and timing.trotters.between(0, 2).all()


def test_score_shares_and_first_player_advantage():
    runs = simulate("wanderlust", agents=["random"], n=4, seed=2, players=3, progress=False)
    shares = analysis.score_shares(runs)
    assert abs(shares.sum() - 1) < 1e-9 and "A_collectibles" in shares.index
    lines = shares.groupby(lambda name: name[0]).sum()
    assert list(lines.index) == ["A", "B", "C", "D", "E", "F"] and lines.between(0, 1).all()
    sources = [c for c in runs.columns if c.startswith("src_")]
    assert (runs[sources].sum(axis=1) == runs.score).all()  # the lines add up to the score
    adv = analysis.first_player_advantage(players=(2, 4), n=4, seed=3)
    assert list(adv.players) == [2, 4] and (adv.fair == [0.5, 0.25]).all()
    assert adv.first_seat_wins.between(0, 1).all()
    assert ((adv.ci_low <= adv.first_seat_wins) & (adv.first_seat_wins <= adv.ci_high)).all()


def test_the_objective_table_reads_a_simulate_table_and_says_when_it_cannot():
    runs = simulate("wanderlust", agents=["random"], n=3, seed=1, players=2, progress=False,
                    trace=False)
    table = analysis.objective_table(runs)
    assert table.equals(analysis.objective_timing(n=3, players=2, agent="random", seed=1))
    games = runs.groupby("game").first()
    assert table.in_play.sum() == 3 * len(games)  # three objectives in play in every game
    with pytest.raises(DataError, match="no fact_first_to_the_finish_in_play column"):
        analysis.objective_table(runs.drop(columns=[c for c in runs if c.startswith("fact_")]))
