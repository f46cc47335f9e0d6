"""Lands' design questions (boardkit.lands.analysis) on a small fixed-seed sample: the first
deals of each goal side (side_seeds), how hard each side is (goal_sides) and whether the easy
sides are clearly easier than the hard ones (sides_apart)."""

from __future__ import annotations

import pandas as pd
import pytest

from boardkit.analysis import game_seeds, simulate
from boardkit.analysis.metrics import mean_ci
from boardkit.engine.errors import DataError, TableError
from boardkit.lands import GAME
from boardkit.lands.analysis import goal_sides, side_seeds, sides_apart
from boardkit.lands.content import content


@pytest.fixture(scope="module")
def run():
    frame = simulate("lands", agents=["random"], n=12, seed=7, trace=False, progress=False)
    frame["win"] = frame.game % 3 == 0  # random play solves nothing: mark some deals solved
    return frame


def test_side_seeds_are_the_first_deals_of_each_side_in_the_runs_order():
    found = side_seeds(7, 2)
    labels = {side.label for pair in content().goals for side in pair}
    assert set(found) == labels and len(labels) == 6
    sequence = game_seeds(7, 400)
    last = max(sequence.index(s) for seeds in found.values() for s in seeds)
    looked = {s: GAME.new_game(seed=s).side.label for s in sequence[:last + 1]}
    for label, seeds in found.items():
        assert seeds == [s for s, side in looked.items() if side == label][:2]
    assert side_seeds(7, 1) == {label: seeds[:1] for label, seeds in found.items()}
    with pytest.raises(DataError, match="5 deals hold fewer than 3 of some sides"):
        side_seeds(7, 3, search=5)


def test_goal_sides_group_each_deal_under_the_side_its_seed_deals(run):
    table = goal_sides(run)
    labels = {s: GAME.new_game(seed=int(s)).side.label for s in run.seed}
    assert set(table.index) == set(labels.values())
    assert table.deals.sum() == len(run)
    assert table.mean_penalty.is_monotonic_increasing  # easiest first
    assert list(table.columns) == ["deals", "mean_penalty", "ci_low", "ci_high", "solved_share"]
    for label, row in table.iterrows():
        deals = run[run.seed.map(labels) == label]
        assert row.deals == len(deals)
        assert (row.mean_penalty, row.ci_low, row.ci_high) == pytest.approx(
            mean_ci(deals.score), nan_ok=True)
        assert row.solved_share == deals.win.mean()
        if row.deals > 1:
            assert row.ci_low <= row.mean_penalty <= row.ci_high


def test_goal_sides_refuse_a_table_without_seeds(run):
    with pytest.raises(TableError, match="goal_sides"):
        goal_sides(run.drop(columns="seed"))


def _sides(means, half):
    return pd.DataFrame({"mean_penalty": means, "ci_low": [m - half for m in means],
                         "ci_high": [m + half for m in means]},
                        index=[f"side {i}" for i in range(len(means))])


def test_sides_apart_compares_the_easiest_intervals_with_the_hardest():
    apart = _sides([2.0, 2.5, 3.0, 3.5, 4.0, 4.5], half=0.4)
    assert sides_apart(apart)              # 2.5 + 0.4 < 4.0 − 0.4
    assert not sides_apart(apart, k=3)     # 3.0 + 0.4 > 4.0 − 0.4
    assert sides_apart(apart, k=1)
    assert not sides_apart(_sides([2.0, 2.5, 3.0, 3.5, 4.0, 4.5], half=0.8))
    with pytest.raises(DataError, match="k is between 1 and 3"):
        sides_apart(apart, k=4)
    with pytest.raises(DataError, match="not sorted easiest first"):
        sides_apart(apart.iloc[::-1])


def test_sides_apart_reads_a_goal_sides_table(run):
    table = goal_sides(run)
    expected = bool(table.ci_high.iloc[:2].max() < table.ci_low.iloc[-2:].min())
    assert sides_apart(table) is expected
