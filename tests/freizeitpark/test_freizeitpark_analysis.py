"""The Freizeitpark analysis functions: shapes, bounds, reproducibility (tiny samples)."""

from __future__ import annotations

import math
import re

import pytest

from boardkit.freizeitpark import analysis as A
from boardkit.freizeitpark.content import content


@pytest.fixture(scope="module")
def frames():
    return {1: A.play_games(3, players=1, seed=5), 2: A.play_games(2, players=2, seed=5)}


def test_play_games_rows_are_consistent_and_reproducible(frames):
    solo, duo = frames[1], frames[2]
    assert len(solo) == 3 and len(duo) == 4
    assert set(solo["status"]) <= {"won", "fired", "out", "playing"}
    assert solo["card_met"].isna().all()  # no Auftragskarte in the base game
    for _, row in duo.iterrows():
        if row["status"] in ("won", "fired"):  # evaluated: minimums were met before
            assert not math.isnan(row["met_round"])
        if not math.isnan(row["met_round"]):
            assert 1 <= row["met_round"] <= row["end_round"]
    again = A.play_games(3, players=1, seed=5)
    assert again.equals(solo)


def test_rounds_and_fired_tables(frames):
    rounds = A.rounds_to_minimums(players=(1, 2), frames=frames)
    assert list(rounds.summary.index) == [1, 2]
    assert rounds.summary.loc[1, "games"] == 3 and rounds.summary.loc[2, "games"] == 2
    for k, group in rounds.games.groupby("players"):
        nobody = group["first_round"].isna().mean()
        assert rounds.summary.loc[k, "nobody_share"] == pytest.approx(nobody)
    fired = A.fired_rate(players=(1, 2), frames=frames)
    for k, rows in frames.items():
        assert fired.loc[k, "fired"] == (rows["status"] == "fired").sum()
        assert fired.loc[k, "ci_low"] <= fired.loc[k, "fired_share"] <= fired.loc[k, "ci_high"]
        # evaluated: whoever met every condition, then won or was fired
        assert fired.loc[k, "evaluated"] == rows["status"].isin(["won", "fired"]).sum()


def test_card_difficulty_ranks_every_card():
    table = A.card_difficulty(n=1, seed=3)
    assert sorted(table.index) == sorted(content().cards) and len(table) == 12
    assert list(table["rank"]) == list(range(1, 13))
    assert table["met_share"].is_monotonic_increasing
    assert ((0 <= table["ci_low"]) & (table["ci_high"] <= 1)).all()
    assert (table["met"] <= table["games"]).all()
    assert ((table["ci_low"] <= table["met_share"]) & (table["met_share"] <= table["ci_high"])).all()


def test_dice_rule_effect_is_paired_and_zero_against_itself():
    same = A.dice_rule_effect(n=2, seed=4, a="any", b="any")
    assert (same.loc[["met", "won", "fired", "end_round"], "diff"] == 0).all()
    assert "unchanged" in A.describe_effect(same)
    table = A.dice_rule_effect(n=2, seed=4)
    assert {"mean_any", "mean_split", "diff", "p_value"} <= set(table.columns)
    assert set(table.index) == {"met", "won", "fired", "met_round", "end_round"}
    shares = table.loc[["met", "won", "fired"], ["mean_any", "mean_split"]]
    assert ((shares >= 0) & (shares <= 1)).all().all()
    assert table.loc["end_round", "pairs"] == 2


def test_an_effect_from_a_single_pair_is_described_without_nan():
    import math

    import pandas as pd

    table = pd.DataFrame([{"measure": "met_round", "pairs": 1, "mean_any": 35.0,
                           "mean_split": 87.0, "diff": 52.0, "ci_low": math.nan,
                           "ci_high": math.nan, "p_value": 1.0}]).set_index("measure")
    text = A.describe_effect(table)
    assert "nan" not in text.lower()
    assert all(len(line) <= 88 for line in text.splitlines())  # broken at words for a lesson
    assert "+52.00, no interval from a single pair, p = 1.000, 1 pair)" in " ".join(text.split())


def test_win_rate_counts_games_with_a_winner(frames):
    table = A.win_rate(players=(1, 2), frames=frames)
    for k, rows in frames.items():
        won = rows.groupby("game")["status"].apply(lambda s: (s == "won").any())
        assert table.loc[k, "won_games"] == won.sum() and table.loc[k, "games"] == len(won)
        assert table.loc[k, "ci_low"] <= table.loc[k, "win_share"] <= table.loc[k, "ci_high"]
        winners = rows[rows["status"] == "won"]
        if len(winners):  # a game is won in the round it ends
            assert (winners["left_round"] == winners["end_round"]).all()
            assert table.loc[k, "median_win_round"] == winners.groupby("game")["end_round"].first().median()
        assert table.loc[k, "out_share"] == pytest.approx((rows["status"] == "out").mean())
        assert table.loc[k, "mean_skipped"] == pytest.approx(rows["skipped"].mean())
        # whoever left the game left in a round of it; whoever is still in has no round
        left = rows["status"] != "playing"
        assert (rows.loc[left, "left_round"] <= rows.loc[left, "end_round"]).all()
        assert rows.loc[~left, "left_round"].isna().all() and (rows["skipped"] >= 0).all()
    text = A.describe_win_rate(table)
    assert text.startswith("solo: ") and "2 players: " in text and "95 % interval" in text
    assert " %" in text and not re.search(r"\d%", text)  # the lessons' percent style, "55 %"
    # one player count's sentence ran to 235 characters, which JupyterLab broke inside words
    # ("w / ent out"): the players' fate starts a line of its own
    assert all(len(line) <= 150 for line in text.splitlines()), text
    assert "\n  " in text and "of the players went out" in text
