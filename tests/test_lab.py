"""Metrics, plots, tournaments and the A/B design lab."""

import math

import matplotlib
import numpy as np
import pytest

from boardkit.analysis import (
    compare,
    compare_runs,
    metrics,
    readable,
    seat_win_rates,
    simulate,
    standings,
    tournament,
)
from boardkit.analysis.lab import measure, sign_flip_p
from boardkit.analysis.metrics import (
    mean_ci,
    plot_score_sources,
    plot_scores,
    plot_seat_win_rates,
    wilson,
)
from boardkit.engine import VariantError

matplotlib.use("Agg")


def test_wilson_and_mean_intervals():
    low, high = wilson(0, 20)
    assert low == 0 and 0 < high < 0.2
    for n in range(1, 40):  # exactly 0 and 1 at the ends, never a rounding residue
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
    low, high = wilson(10, 20)
    assert low < 0.5 < high and math.isclose(0.5 - low, high - 0.5)
    mean, lo, hi = mean_ci([1, 2, 3, 4])
    assert mean == 2.5 and lo < 2.5 < hi


def test_wilson_contains_the_share_itself():
    """Its home fixes what Freizeitpark's analysis used to clip on its own."""
    for n in range(1, 60):
        for k in [*range(n + 1), 0.5, n - 0.5]:
            low, high = wilson(k, n)
            assert low <= k / n <= high, (k, n)


def test_sign_flip_test():
    rng = np.random.default_rng(0)
    assert sign_flip_p(rng.normal(1.0, 1.0, 100)) < 0.01
    assert sign_flip_p(rng.normal(0.0, 1.0, 100)) > 0.05
    assert sign_flip_p(np.zeros(10)) == 1.0
    for rounds in (0, -5, 2.5, True):
        with pytest.raises(VariantError, match="rounds is a positive number"):
            sign_flip_p(np.ones(5), rounds=rounds)


@pytest.fixture(scope="module")
def run():
    return simulate("dice-grid", ["greedy", "random"], n=80, seed=3, progress=False)


def test_metrics_table(run):
    table = metrics(run)
    for name in ["advantage", "balance", "agent balance", "drawishness", "decisiveness",
                 "lead changes", "duration", "branching factor", "score", "share: group"]:
        assert name in table.index, name
    assert table.loc["share: group", "value"] + table.loc["share: lucky", "value"] == pytest.approx(1)
    adv = table.loc["advantage"]
    assert adv.ci_low <= adv.value <= adv.ci_high
    assert table.loc["branching factor", "value"] >= 1
    assert 0 <= table.loc["decisiveness", "value"] <= 1
    assert 0 <= table.loc["balance", "value"] <= 1


def test_readable_shows_a_figure_that_does_not_apply_as_a_dash_never_nan(run):
    import pandas as pd

    from boardkit.engine.errors import TableError

    table = metrics(run)
    assert table[["ci_low", "ci_high"]].isna().any().all()  # agent balance, shares: none
    shown = readable(table)
    assert list(shown.columns) == list(table.columns) and list(shown.index) == list(table.index)
    assert shown.loc["agent balance", "ci_low"] == "—" and shown.loc["share: lucky", "ci_high"] == "—"
    assert shown.loc["advantage", "value"] == f"{table.loc['advantage', 'value']:.3f}"
    assert "NaN" not in shown.to_string() and "NaN" not in shown.to_html()
    # an interval no row has is left out; a Series is shown the same way
    few = readable(table.loc[["agent balance", "share: lucky"]], digits=2)
    assert list(few.columns) == ["value", "definition"]
    assert readable(table.loc["agent balance"]).tolist()[1:3] == ["—", "—"]
    # whole numbers stay whole (a count pandas made float), numpy scalars become Python's
    odd = pd.DataFrame({"games": [300.0, math.nan], "won": np.array([True, False]),
                        "rate": [np.float64(0.5), 0.25], "n": np.array([3, 4])})
    shown = readable(odd)
    assert shown["games"].tolist() == [300, "—"] and type(shown["games"][0]) is int
    assert [type(v) for v in shown["won"]] == [bool, bool]
    assert shown["rate"].tolist() == ["0.500", "0.250"] and type(shown["n"][0]) is int
    with pytest.raises(TableError, match="readable: expected a table"):
        readable([1, 2])


def test_seat_win_rates_share_each_won_game_and_spread_is_best_minus_worst(run):
    seats = seat_win_rates(run)
    assert list(seats.index) == [0, 1]
    assert seats.win_rate.sum() == pytest.approx(1)  # a shared win counts 1/k for each winner
    eps = 1e-12
    assert ((seats.ci_low <= seats.win_rate + eps) & (seats.win_rate <= seats.ci_high + eps)).all()
    spread = measure(run, "spread")
    scores = run.groupby("game")["score"]
    assert len(spread) == 80 and (spread >= 0).all()
    assert spread.equals(scores.max() - scores.min())


def test_plots_draw(run):
    assert plot_scores(run).patches
    assert plot_seat_win_rates(run).patches
    assert plot_score_sources(run).patches


@pytest.mark.parametrize("function", [metrics, seat_win_rates, standings, plot_scores,
                                      plot_seat_win_rates, plot_score_sources])
def test_a_table_an_analysis_cannot_read_is_refused_naming_it(run, function):
    """A filter that kept nothing, a dropped column, something that is not a table: a
    TableError names the function and what is wrong (never a KeyError from pandas), and
    the table is left as it was."""
    import pandas as pd

    from boardkit.engine.errors import TableError

    name = "seat_win_rates" if function is plot_seat_win_rates else function.__name__
    before = run.copy()
    with pytest.raises(TableError, match=rf"{name}: the table holds no games"):
        function(run[run.score < -1000])
    with pytest.raises(TableError, match=rf"{name}: expected a table of games .* not list"):
        function([1, 2])
    needs = {"plot_scores": "score", "plot_score_sources": "agent"}.get(function.__name__, "game")
    with pytest.raises(TableError, match=rf"{name}: the table has no column {needs}; a table"):
        function(run.drop(columns=needs))
    pd.testing.assert_frame_equal(run, before)
    assert isinstance(TableError("x"), ValueError)  # as the ValueError it replaces


def test_paired_readers_refuse_a_table_they_cannot_read(run):
    from boardkit.analysis.lab import compare_runs, seat_shift, seats_beside
    from boardkit.engine.errors import TableError

    empty = run[run.game < 0]
    for name, column in (("won", "win"), ("score", "score"), ("spread", "score"),
                         ("actions", "actions"), ("first_seat_win", "seat"),
                         ("lead_changes", "lead_changes")):
        with pytest.raises(TableError, match=rf"measure '{name}': the table has no column {column}"):
            measure(run.drop(columns=column), name)
    with pytest.raises(TableError, match="measure 'won': the table holds no games"):
        measure(empty, "won")
    with pytest.raises(TableError, match="measure 'score': the table holds no games"):
        compare_runs("dice-grid", empty, run)
    with pytest.raises(TableError, match="seat_shift: the table has no column win"):
        seat_shift(run, run.drop(columns="win"))
    with pytest.raises(TableError, match=r"seats_beside \(b\): expected a table of games"):
        seats_beside({"a": run, "b": [1]})


def test_compare_finds_a_real_change_and_not_a_fake_one():
    bigger = compare("dice-grid", {}, {"params": {"points.lucky_cell": 3}}, n=60, seed=1, progress=False)
    assert bigger.diff > 0 and bigger.significant
    assert "raises the mean score" in bigger.summary()
    same = compare("dice-grid", {}, {"params": {"points.lucky_cell": 1}}, n=30, seed=1, progress=False)
    assert same.diff == 0 and "unchanged" in same.summary()


def test_compare_runs_gives_compare_of_runs_already_played():
    spec = {"params": {"points.lucky_cell": 3}}
    played = compare("dice-grid", {}, spec, n=20, seed=1, progress=False)
    a = simulate("dice-grid", n=20, seed=1, progress=False)
    b = simulate("dice-grid", n=20, seed=1, params=spec["params"], progress=False)
    again = compare_runs("dice-grid", a, b, b=spec, seed=1)
    assert again == played and again.n == 20 and again.b == spec


def test_compare_says_when_the_players_did_not_adapt_to_the_change():
    """Random players ignore the points, so they play every game alike under both rules:
    the difference is arithmetic, and compare says so. Greedy players weigh the points."""
    blind = compare("dice-grid", {}, {"params": {"points.lucky_cell": 3}}, n=20, seed=1,
                    agents=["random"], progress=False)
    assert blind.same_play == 1.0 and "did not adapt to the change" in blind.summary()
    aware = compare("dice-grid", {}, {"params": {"points.lucky_cell": 3}}, n=20, seed=1,
                    agents=["greedy"], progress=False)
    assert aware.same_play < 1.0 and "did not adapt" not in aware.summary()
    assert "95 % interval" in aware.summary() and "95%" not in aware.summary()


def test_compare_errors():
    with pytest.raises(VariantError, match="unknown keys"):
        compare("dice-grid", {}, {"points": 1}, n=5)
    with pytest.raises(VariantError, match="unknown measure"):
        compare("dice-grid", {}, {}, n=5, measure_name="happiness", progress=False)


def test_tournament_and_standings():
    frame = tournament("dice-grid", ["random", "greedy", "mcts:10"], games_per_match=6, seed=2,
                       progress=False)
    assert set(frame["match"]) == {"random vs greedy", "random vs mcts:10", "greedy vs mcts:10"}
    table = standings(frame)
    assert table["games"].sum() == 2 * 18  # every game counted for both agents
    assert table["win_share"].mul(table["games"]).sum() == pytest.approx(18)
    with pytest.raises(VariantError, match="two different agents"):
        tournament("dice-grid", ["random"])


def test_a_small_tournament_says_it_cannot_rank_by_noise():
    """Ten games a match cannot separate random from greedy in Dice Grid: standings says so
    rather than claim an order (the student's 0.45 above 0.30); a large one can."""
    small = standings(tournament("dice-grid", ["random", "greedy"], games_per_match=10, seed=3,
                                 progress=False))
    assert not small.attrs["separated"]
    assert "cannot be told apart at 10 games each" in small.attrs["note"]
    assert small["vs_next"].iloc[0].startswith("not told apart from")
    large = standings(tournament("dice-grid", ["random", "greedy"], games_per_match=400, seed=3,
                                 progress=False))
    assert large.attrs["separated"] and large["vs_next"].iloc[0] == "ahead of random"


def test_a_tournament_file_holds_every_finished_match_while_it_goes_on(tmp_path, monkeypatch):
    """A tournament killed without warning keeps the matches it finished: its file is
    replaced after each one (the next match reads it here as it starts)."""
    import pandas as pd

    from boardkit.analysis import lab

    out = tmp_path / "t.csv"
    seen = []
    real = lab.simulate

    def watching(game, lineup, **kwargs):
        seen.append(sorted(pd.read_csv(out)["match"].unique()) if out.exists() else [])
        return real(game, lineup, **kwargs)

    monkeypatch.setattr(lab, "simulate", watching)
    frame = tournament("dice-grid", ["random", "greedy", "mcts:10"], games_per_match=2, seed=2,
                       progress=False, out=out)
    assert seen == [[], ["greedy vs mcts:10"], ["greedy vs mcts:10", "random vs greedy"]]
    assert pd.read_csv(out).equals(frame.reset_index(drop=True))


def test_games_nobody_won_are_first_class(monkeypatch):
    """A finished game may have no winner: ``win`` is false for every seat, ``no_winner`` is
    true, the seat metrics are computed over the won games only, and "won" reports the share
    (rule fidelity: a fired or eliminated player does not win)."""
    from boardkit.engine.state import State
    from boardkit.examples.dice_grid import DiceGridState

    def winners(self):  # nobody wins the games whose seed is even
        return [] if self.seed % 2 == 0 else State.winners(self)

    monkeypatch.setattr(DiceGridState, "winners", winners)
    frame = simulate("dice-grid", ["greedy", "random"], n=60, seed=5, progress=False)
    games = frame.groupby("game").first()
    nobody = games["seed"] % 2 == 0
    assert 0 < nobody.sum() < 60
    assert (games["no_winner"] == nobody).all()
    assert not frame[frame["no_winner"]]["win"].any()
    assert frame[frame["no_winner"]]["decided_at"].isna().all()
    assert frame["rank"].min() == 1  # the ranking by score stays, win or not
    table = metrics(frame)
    won = table.loc["won"]
    assert won.value == pytest.approx(1 - nobody.mean())
    assert won.ci_low < won.value < won.ci_high
    won_games = frame[~frame["no_winner"]]
    first = won_games[won_games.seat == 0]
    credit = first["win"].astype(float) / won_games.groupby("game")["win"].sum().loc[first["game"]].values
    assert table.loc["advantage", "value"] == pytest.approx(credit.mean())
    assert table.loc["drawishness", "value"] <= 1
    assert standings(frame)["win_share"].sum() == pytest.approx(1 - nobody.mean())


def test_automatic_moves_are_counted_apart():
    frame = simulate("lands", ["random"], n=2, seed=1, progress=False)
    assert (frame["auto_actions"] > 0).all()
    import boardkit

    s = boardkit.game("lands").new_game(seed=int(frame.seed[0]))
    from boardkit.agents import make_agent, play

    play(s, [make_agent("random", seed=int(frame.seed[0]) * 8)])
    assert s.auto_count == frame["auto_actions"][0]
    assert s.action_count == frame["actions"][0]
    assert "automatic moves" in metrics(frame).index


def test_paired_drops_pairs_with_a_missing_side_and_gives_the_interval():
    import math

    import pandas as pd

    from boardkit.analysis.lab import paired

    a = pd.Series([1.0, 2.0, 3.0, float("nan"), 5.0], index=[0, 1, 2, 3, 4])
    b = pd.Series([2.0, 4.0, 3.0, 9.0, 6.0, 7.0], index=[0, 1, 2, 3, 4, 5])
    mean, low, high, p, n = paired(a, b)
    assert n == 4 and mean == 1.0 and low < mean < high and 0 < p <= 1
    assert paired(a.iloc[:0], b)[4] == 0 and math.isnan(paired(a.iloc[:0], b)[0])


def test_seat_shift_pairs_each_seat_deal_by_deal():
    import pandas as pd

    from boardkit.analysis.lab import seat_shift

    def table(wins):  # wins[g] = the seat that won game g (2 seats)
        return pd.DataFrame([{"game": g, "seat": s, "win": s == w}
                             for g, w in enumerate(wins) for s in (0, 1)])

    a, b = table([0, 0, 1, 0]), table([1, 0, 1, 1])
    shift = seat_shift(a, b)
    assert list(shift.index) == [1, 2] and (shift.deals == 4).all()
    assert shift.loc[1, "difference"] == -0.5 and shift.loc[2, "difference"] == 0.5
    assert shift.loc[2, "ci_low"] < 0.5 < shift.loc[2, "ci_high"]
    # games only one table holds are not pairs
    assert seat_shift(a, b[b.game < 2]).deals.tolist() == [2, 2]


def test_seats_beside_reads_two_runs_of_the_same_deals_and_refuses_a_mismatch():
    import pandas as pd

    from boardkit.analysis.lab import seats_beside

    def table(wins, seats=2):  # wins[g] = the seat that won game g
        return pd.DataFrame([{"game": g, "seat": s, "win": s == w}
                             for g, w in enumerate(wins) for s in range(seats)])

    weak, strong = table([0, 0, 1, 0, 1]), table([1, 0, 1, 1, 1])
    beside = seats_beside({"greedy": weak, "mcts": strong}, deals=4)
    assert beside.deals == 4 and beside.players == 2
    assert all(frame.game.max() == 3 for frame in beside.runs.values())
    assert list(beside.table.index) == [1, 2]
    assert beside.table.loc[1, ("greedy", "win_rate")] == 0.75
    assert beside.table.loc[1, ("mcts", "win_rate")] == 0.25
    assert beside.shift.loc[1, "difference"] == -0.5 and (beside.shift.deals == 4).all()
    text = str(beside)
    assert "2 players, the same 4 deals (fair 0.500)" in text and "mcts − greedy" in text
    assert seats_beside({"greedy": weak, "mcts": strong}).deals == 5  # every deal both hold
    with pytest.raises(VariantError, match="positive number of games, not 0"):
        seats_beside({"greedy": weak, "mcts": strong}, deals=0)
    with pytest.raises(VariantError, match="two runs, not 1"):
        seats_beside({"greedy": weak})
    with pytest.raises(VariantError, match="different player counts"):
        seats_beside({"greedy": weak, "mcts": table([0, 1, 2], seats=3)})
    with pytest.raises(VariantError, match=r"6 deals asked, the runs hold \{'greedy': 5"):
        seats_beside({"greedy": weak, "mcts": strong}, deals=6)


def test_seats_beside_knows_a_part_of_a_study_from_the_whole():
    """A verdict waits for the whole study (decision 61): the comparison says when the deals
    read are fewer than a run was planned for (its games: a stored study's, a simulate
    run's), and tables without that record pass."""
    import pandas as pd

    from boardkit.analysis.lab import planned, seats_beside

    def table(wins, **attrs):
        frame = pd.DataFrame([{"game": g, "seat": s, "win": s == w}
                              for g, w in enumerate(wins) for s in range(2)])
        frame.attrs.update(attrs)
        return frame

    done = table([0, 1, 0, 1, 0], study="done", games=5)
    growing = table([1, 1, 0, 0, 0], study="growing", games=1000)
    live = table([0, 0, 1, 1, 0], games=5)
    by_hand = table([1, 0, 1, 0, 1])
    assert [planned(f) for f in (done, growing, live, by_hand)] == [5, 1000, 5, None]
    assert planned(done[done.game < 3]) == 5  # a slice keeps the record
    whole = seats_beside({"greedy": done, "mcts": live})
    assert whole.complete and "planned" not in str(whole)
    assert not seats_beside({"greedy": done, "mcts": live}, deals=4).complete
    part = seats_beside({"greedy": done, "mcts": growing})
    assert not part.complete and part.planned == {"greedy": 5, "mcts": 1000}
    assert ("the first 5 of the 1000 deals planned for mcts: a verdict waits for the rest"
            in str(part))
    # on a line of its own: lesson 41's heading ran to 160 characters and broke inside words
    assert max(len(line) for line in str(part).splitlines()) < 100, str(part)
    both = seats_beside({"greedy": growing, "mcts": growing})
    assert "the first 5 of the 1000 deals planned for greedy and mcts:" in str(both)
    assert seats_beside({"greedy": by_hand, "mcts": done}).complete


def test_findings_give_each_finding_its_verdict_and_refuse_a_malformed_row():
    from boardkit.analysis.lab import findings, interval_text

    rate = interval_text(0.587, 0.556, 0.617)
    assert rate == "58.7 % (55.6–61.7)"
    with pytest.raises(VariantError, match="findings: no rows; give one mapping per finding"):
        findings([])
    assert interval_text(9.6, 8.5, 10.7, percent=False, sign=True) == "+9.6 (+8.5 to +10.7)"
    assert interval_text(39.21, 38.5, 39.8, percent=False) == "39.2 (38.5 to 39.8)"
    assert interval_text(-3.2, -3.7, -2.8, percent=False, sign=True) == "−3.2 (−3.7 to −2.8)"
    assert interval_text(-0.004, -0.044, 0.036) == "−0.4 % (−4.4–3.6)"
    table = findings([
        {"finding": "a", "weaker": rate, "stronger": "x", "weaker_shows": True, "stronger_shows": True},
        {"finding": "b", "weaker": rate, "stronger": "x", "weaker_shows": np.True_, "stronger_shows": False},
        {"finding": "c", "weaker": rate, "stronger": "x", "weaker_shows": False, "stronger_shows": True},
        {"finding": "d", "weaker": rate, "stronger": "x", "weaker_shows": False, "stronger_shows": False},
        {"finding": "e", "weaker": rate, "stronger": "—", "weaker_shows": True, "stronger_shows": None}])
    assert table.verdict.to_dict() == {
        "a": "held", "b": "the weaker player's", "c": "the stronger player's alone",
        "d": "shown by neither", "e": "not measured yet"}
    assert list(table.columns) == ["weaker", "stronger", "verdict"]
    with pytest.raises(VariantError, match=r"lacks \['stronger_shows'\] \('f'\)"):
        findings([{"finding": "f", "weaker": "1", "stronger": "2", "weaker_shows": True}])
    with pytest.raises(VariantError, match="True, False or None"):  # a p-value is not a verdict
        findings([{"finding": "g", "weaker": "1", "stronger": "2", "weaker_shows": 0.03,
                   "stronger_shows": True}])


def _seat_table(wins, seats=2, **attrs):
    """A table of games: ``wins[g]`` is the seat that won game ``g`` (numbered from 0)."""
    import pandas as pd

    frame = pd.DataFrame([{"game": g, "seat": s, "win": s == w}
                          for g, w in enumerate(wins) for s in range(seats)])
    frame.attrs.update(attrs)
    return frame


def test_seat_finding_reads_a_seat_edge_from_each_players_interval():
    """A seat row for findings, built from a seats_beside comparison: the finding in words
    from the player count, each player's win rate as interval_text, and whether each sample's
    whole interval lies on the finding's side of the fair share."""
    from boardkit.analysis.lab import findings, interval_text, seat_finding, seats_beside

    # 40 deals: seat 1 wins 34 with the weaker player, 20 (a fair half) with the stronger
    weak = _seat_table([0] * 34 + [1] * 6, study="weak", games=40)
    strong = _seat_table([0, 1] * 20, study="strong", games=40)
    beside = seats_beside({"greedy": weak, "mcts": strong})
    row = seat_finding(beside, 1, ahead=True)
    assert row["finding"] == "2 players: seat 1 wins more than half"
    assert row["weaker"] == interval_text(0.85, *wilson(34, 40)) == "85.0 % (70.9–92.9)"
    assert row["stronger"] == interval_text(0.5, *wilson(20, 40))
    assert row["weaker_shows"] is True and row["stronger_shows"] is False
    behind = seat_finding(beside, 2, ahead=False)
    assert behind["finding"] == "2 players: seat 2 wins less than half"
    assert behind["weaker_shows"] is True and behind["stronger_shows"] is False
    assert seat_finding(beside, 2, ahead=True)["weaker_shows"] is False
    assert findings([row, behind]).verdict.tolist() == ["the weaker player's"] * 2
    # three players: a third; a study still growing gives no verdict for the stronger player
    three = _seat_table([0, 1, 2] * 20, seats=3, study="three", games=60)
    growing = _seat_table([0] * 60, seats=3, study="growing", games=1000)
    part = seats_beside({"greedy": three, "mcts": growing})
    ahead = seat_finding(part, 1, ahead=True)
    assert ahead["finding"] == "3 players: seat 1 wins more than a third"
    assert ahead["weaker_shows"] is False and ahead["stronger_shows"] is None
    assert findings([ahead]).verdict.tolist() == ["not measured yet"]
    with pytest.raises(VariantError, match="no seat 3 at 2 players"):
        seat_finding(beside, 3, ahead=True)


def test_seat_gap_sets_seat_1_beside_the_last_seat_source_by_source():
    import pandas as pd

    from boardkit.analysis.lab import paired, seat_gap

    # 4 games of 3 seats; seat 1 scores (game + 5), seat 2 (game + 1), seat 3 (2 * game)
    rows = []
    for g in range(4):
        for seat, score, a in ((0, g + 5, 3), (1, g + 1, 1), (2, 2 * g, g)):
            rows.append({"game": g, "seat": seat, "score": score, "win": seat == 0,
                         "src_alpha": a, "src_beta": score - a})
    frame = pd.DataFrame(rows)
    gap = seat_gap(frame)
    assert list(gap.index) == ["score", "alpha", "beta"]
    assert list(gap.columns) == ["seat 1", "seat 3", "difference", "ci_low", "ci_high", "p"]
    assert gap.loc["score", "seat 1"] == 6.5 and gap.loc["score", "seat 3"] == 3.0
    # seat 1 − seat 3 game by game: 5, 4, 3, 2
    assert gap.loc["score", "difference"] == 3.5
    assert gap.loc["score", "ci_low"] < 3.5 < gap.loc["score", "ci_high"]
    assert gap.loc["alpha", "difference"] == 1.5 and gap.loc["beta", "difference"] == 2.0
    seat_1 = frame[frame.seat == 0].set_index("game")
    seat_3 = frame[frame.seat == 2].set_index("game")
    assert tuple(gap.loc["beta", ["difference", "ci_low", "ci_high", "p"]]) == pytest.approx(
        paired(seat_3.src_beta, seat_1.src_beta)[:4])
    second = seat_gap(frame, last=2)
    assert list(second.columns[:2]) == ["seat 1", "seat 2"]
    assert second.loc["score", "difference"] == 4.0 and second.loc["score", "ci_high"] == 4.0
    for last in (1, 4):
        with pytest.raises(VariantError, match=f"seat 1 against seat {last}"):
            seat_gap(frame, last=last)


def test_seat_gap_of_simulated_games_pairs_each_game(run):
    from boardkit.analysis.lab import seat_gap

    gap = seat_gap(run)
    scores = run.pivot_table(index="game", columns="seat", values="score")
    assert gap.loc["score", "difference"] == pytest.approx((scores[0] - scores[1]).mean())
    assert gap.loc["score", "seat 2"] == pytest.approx(scores[1].mean())
    assert ((gap.ci_low <= gap.difference) & (gap.difference <= gap.ci_high)
            | gap.ci_low.isna()).all()
    assert ((gap.p > 0) & (gap.p <= 1)).all()


def test_guesses_count_the_decisions_a_greedy_player_cannot_tell_apart():
    from boardkit.analysis.lab import guesses

    # Wishland's Entrepreneur draft: both cards pay later, so every draft choice is a tie
    table = guesses("wishland", players=2, n=3, seed=4, variant={"entrepreneurs": True})
    draft = table.loc["wishland.entrepreneur.draft"]
    assert draft.decisions == 2 * 3 and draft.options == 2 and draft.all_tied == 1.0
    assert table.index[0] == "wishland.entrepreneur.draft"  # most guessed first
    assert (table.all_tied <= table.tied).all() and (table.options > 1).all()
    # a Worker placement is judged: the heuristic never finds all its options equal
    assert table.loc["wishland.action.one", "all_tied"] == 0.0
    # without the draft there is no draft decision to count
    assert "wishland.entrepreneur.draft" not in guesses("wishland", players=2, n=1).index


def test_guesses_need_a_player_that_records_its_values():
    from boardkit.analysis.lab import guesses

    with pytest.raises(VariantError, match="does not record the ties"):
        guesses("wishland", players=2, n=1, agent="random")
    with pytest.raises(VariantError, match="LandsGreedy"):
        guesses("lands", players=1, n=1)
    # Wanderlust's greedy values its moves its own way and records its ties too: its turns
    # are always judged
    wanderlust = guesses("wanderlust", players=3, n=2)
    assert wanderlust.loc["wanderlust.turn.points", "all_tied"] == 0.0
    assert wanderlust.loc["wanderlust.turn.points", "decisions"] > 100


def test_guesses_in_freizeitpark_count_builds_of_the_same_value():
    from boardkit.analysis.lab import guesses

    table = guesses("freizeitpark", players=2, n=2, seed=1)
    builds = table.loc["freizeitpark.ablauf.runde"]
    # a roll offers many builds, and greedy finds two or more at its best value in some
    assert builds.options > 20 and 0 < builds.tied < 1 and builds.all_tied <= builds.tied
    # the Eingang: the middle of each side, every one alike on an empty sheet
    assert table.loc["freizeitpark.struktur.eingang", "tied"] == 1.0


def test_the_balance_interval_is_the_gap_of_two_shares_of_the_same_games():
    """Two seats: the gap is 2·p − 1 of one share p, so its standard error is twice p's
    (not √2 times, as if the seats' shares were independent)."""
    import math

    import pandas as pd

    from boardkit.analysis import metrics

    rows = []
    for game in range(400):  # seat 0 wins 240 of 400 games
        first = game < 240
        for seat in (0, 1):
            win = first if seat == 0 else not first
            rows.append({"game": game, "seed": game, "seat": seat, "agent": "random",
                         "score": 1.0 if win else 0.0, "rank": 1 if win else 2, "win": win,
                         "shared_win": False, "no_winner": False, "actions": 10,
                         "auto_actions": 0, "branching": 3.0, "seconds": 0.0, "play": "x",
                         "lead_changes": 0})
    table = metrics(pd.DataFrame(rows))
    p = 0.6
    half = 1.96 * 2 * math.sqrt(p * (1 - p) / 400)
    row = table.loc["balance"]
    assert row["value"] == pytest.approx(1 - (2 * p - 1))
    assert row["ci_high"] - row["ci_low"] == pytest.approx(2 * half, rel=0.02)


def test_percent_text_writes_the_lessons_percent_style():
    from boardkit.analysis.lab import percent_text

    assert percent_text(0.55) == "55 %" and percent_text(0.587, 1) == "58.7 %"
    assert percent_text(1.0) == "100 %" and percent_text(0.0) == "0 %"


def test_no_text_of_the_package_writes_a_percent_without_its_space():
    """The package writes one percent style, the lessons' and interval_text's "55 %": no
    f-string of boardkit formats a share with Python's "%" format ("{x:.0%}" writes "55%"),
    and no string shown to readers (docstrings, which may quote the style refused, and CSS
    widths aside) holds a figure glued to "%" ("95% interval") or a "{:.0%}" format. The Lab's
    compare and Freizeitpark's describe_win_rate wrote "95% interval" and "53%"."""
    import ast
    import re
    from pathlib import Path

    import boardkit

    package = Path(boardkit.__file__).parent
    glued = re.compile(r"\d%(?![;\w])|\{[^{}]*:[^{}]*%\}")
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                           ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
                spec = "".join(part.value for part in node.format_spec.values
                               if isinstance(part, ast.Constant))
                if spec.endswith("%"):
                    found.append(f"{path.relative_to(package)}:{node.lineno}: format {spec!r}")
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docstrings and glued.search(node.value)):
                found.append(f"{path.relative_to(package)}:{node.lineno}: {node.value[:60]!r}")
    for path in sorted(package.rglob("*.tmpl")):
        if re.search(r"\{[^{}]*:[^{}]*%\}|\d%(?![;\w])", path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(package)}")
    assert not found, found


def test_tables_shown_in_lessons_read_their_words_from_the_left(run):
    """Jupyter right-aligns every cell of a table: good for figures, hard to read for a
    sentence. readable's table (still a DataFrame to compute with) aligns its columns of
    words left, their headers with them (after the index's header cell), and its figures as
    before; the rule catalog's cells are all left-aligned; and
    the welcome shows summarize's table by SUMMARY_SHOWN, narrow enough for its output area."""
    import re

    import pandas as pd

    from boardkit.analysis.metrics import SUMMARY_SHOWN, summarize
    from boardkit.engine import game

    table = metrics(run)
    shown = readable(table)
    assert isinstance(shown, pd.DataFrame) and shown.equals(pd.DataFrame(shown))
    html = shown._repr_html_()
    where = list(shown.columns).index("definition") + 1
    aligned = re.findall(r"td:nth-of-type\((\d+)\)", html.split("</style>")[0])
    assert aligned == [str(where)] and "text-align: left" in html
    headers = re.findall(r"thead th:nth-of-type\((\d+)\)", html.split("</style>")[0])
    assert headers == [str(where + 1)]  # the index's header cell comes first
    assert type(shown.loc[["won"]]) is type(shown)  # a slice of it is shown the same way
    figures = readable(table[["value", "ci_low", "ci_high"]])._repr_html_()
    assert "text-align: left" not in figures

    catalog = game("dice-grid").rules._repr_html_()
    cells = re.findall(r"<t[dh][^>]*>", catalog)
    assert cells and all("text-align: left" in cell for cell in cells)
    ids = re.findall(r'<td style="([^"]*)"><code>dice-grid\.', catalog)
    assert ids and all("white-space: nowrap" in style for style in ids)  # never "dice-" / "grid"

    summary = summarize(run)
    assert set(SUMMARY_SHOWN) < set(summary.columns) and len(SUMMARY_SHOWN) <= 6
    assert list(readable(summary[SUMMARY_SHOWN]).columns) == SUMMARY_SHOWN


def test_readable_shows_a_cell_of_words_whole_never_cut_with_dots():
    """pandas cuts a cell at display.max_colwidth (50 characters by default) and ends it
    with "...": lesson 20's glossary, its order cards' conditions and its unclear rules'
    readings were shown that way, the end of each sentence lost. A table readable shows
    keeps every word, whatever the option says."""
    import pandas as pd

    sentence = ("Build at least one of every attraction: a Karussell, a Geisterbahn, a "
                "Wildwasserbahn and an Achterbahn, each finished and scored.")
    table = pd.DataFrame({"card": ["Vielfalt"], "condition": [sentence]})
    assert "..." in table._repr_html_()  # pandas' own table cuts it
    html = readable(table)._repr_html_()
    assert sentence in html and "..." not in html
    with pd.option_context("display.max_colwidth", 20):
        assert sentence in readable(table)._repr_html_()


def test_with_intervals_writes_a_figure_and_its_interval_in_one_column():
    """Lesson 21 printed the stored studies' managers (13 columns) and cards (14) with a
    figure, its low and its high end side by side: wider than the output area, each row
    wrapped onto two lines. ``with_intervals`` writes each triple as one column in the
    lessons' style, where the figure stood."""
    import pandas as pd

    from boardkit.analysis.lab import with_intervals

    ends = pd.DataFrame({"managers": [2000.0, 2000.0], "fired": [0.062, 0.09],
                         "fired_low": [0.052, 0.079], "fired_high": [0.073, 0.104],
                         "skipped": [19.828, 17.186], "skipped_low": [18.813, 16.259],
                         "skipped_high": [20.842, 18.113]}, index=["greedy", "mcts"])
    shown = with_intervals(ends, {"fired (95 % interval)": ("fired", "fired_low", "fired_high")})
    shown = with_intervals(shown, {"skipped": ("skipped", "skipped_low", "skipped_high")},
                           percent=False)
    assert list(shown.columns) == ["managers", "fired (95 % interval)", "skipped"]
    assert shown.loc["greedy", "fired (95 % interval)"] == "6.2 % (5.2–7.3)"
    assert shown.loc["mcts", "skipped"] == "17.2 (16.3 to 18.1)"
    assert list(ends.columns)[:2] == ["managers", "fired"]  # the table itself is unchanged
    assert readable(shown).loc["greedy", "managers"] == 2000  # a count, not 2000.0
    with pytest.raises(KeyError, match="fired_top"):
        with_intervals(ends, {"fired": ("fired", "fired_low", "fired_top")})
