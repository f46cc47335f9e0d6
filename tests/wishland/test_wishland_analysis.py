"""Wishland's design questions (boardkit.wishland.analysis) on tiny samples: the records of
play_games, the card table of card_win_rates, solo_scores, and the VP by source that simulate
reports."""

from __future__ import annotations

import pytest

from boardkit.analysis import simulate
from boardkit.wishland.analysis import card_win_rates, play_games, solo_scores
from boardkit.wishland.content import CARDS, KINDS


@pytest.fixture(scope="module")
def rows():
    return play_games(8, players=2, agents="random", seed=5, variant={"entrepreneurs": True})


def test_play_games_gives_one_record_per_seat_and_a_winner_per_game(rows):
    assert len(rows) == 2 * 8
    for game in range(8):
        seats = [r for r in rows if r["game"] == game]
        assert [r["seat"] for r in seats] == [0, 1] and any(r["win"] for r in seats)
    assert all(any(CARDS[c].kind == KINDS.index("entrepreneur") for c in r["cards"]) for r in rows)


@pytest.mark.parametrize("kinds", [["hotel"], ["entrepreneur"], ["ride", "restaurant", "mascot"]])
def test_card_win_rates_compare_holders_with_everybody_else(rows, kinds):
    table = card_win_rates(rows, kinds=kinds, min_games=2)
    assert not table.empty and set(table.kind) <= set(kinds)
    assert table.win_rate.is_monotonic_decreasing  # best first
    assert (table.games >= 2).all()
    eps = 1e-12  # wilson(0, n) can return a lower bound of 3e-17 (floating point)
    assert ((table.ci_low <= table.win_rate + eps) & (table.win_rate <= table.ci_high + eps)).all()
    wins = sum(r["win"] for r in rows)
    for _, card in table.iterrows():
        holders = [r for r in rows if any(CARDS[c].name == card.card for c in r["cards"])]
        assert card.games == len(holders)
        assert card.win_rate == sum(r["win"] for r in holders) / len(holders)
        others = len(rows) - len(holders)
        assert card.win_rate_without == pytest.approx(
            (wins - sum(r["win"] for r in holders)) / others)


def test_solo_scores_play_each_agent_on_the_same_seeds():
    solo = solo_scores(["random", "greedy"], n=2, seed=3)
    assert list(solo.agent) == ["random", "random", "greedy", "greedy"]
    assert list(solo.seed[:2]) == list(solo.seed[2:])


def test_the_sources_of_a_simulated_game_add_up_to_its_score():
    runs = simulate("wishland", agents=["random"], n=3, players=3, seed=1, trace=False,
                    progress=False)
    sources = [c for c in runs.columns if c.startswith("src_")]
    assert sources and (runs[sources].sum(axis=1) == runs.score).all()
