"""simulate(): one row per seat per game, identical on every backend for the same seed."""

import pytest

from boardkit.analysis import game_seeds, simulate, summarize
from boardkit.analysis import simulation as sim_module
from boardkit.engine import VariantError


def strip(frame):
    return frame.drop(columns=["seconds"])


def test_rows_and_seeds_replay():
    import boardkit
    from boardkit.agents import make_agent, play

    frame = simulate("dice-grid", ["random"], n=12, seed=3)
    assert len(frame) == 24 and list(frame.seat[:2]) == [0, 1]
    assert list(frame.seed.unique()) == game_seeds(3, 12)
    row = frame.iloc[4]  # any row replays from its seed
    s = boardkit.game("dice-grid").new_game(seed=int(row.seed))
    seats = list(frame[frame.game == row.game].agent)
    play(s, [make_agent(a, seed=int(row.seed) * 8 + i) for i, a in enumerate(seats)])
    assert s.scores()[int(row.seat)] == row.score


def test_seats_rotate():
    frame = simulate("dice-grid", ["random", "random"], n=4, seed=1, players=2)
    assert set(frame.agent) == {"random"}
    assert frame.groupby("game").size().eq(2).all()


def test_process_backend_is_identical():
    a = simulate("dice-grid", ["random"], n=30, seed=5)
    b = simulate("dice-grid", ["random"], n=30, seed=5, backend="processes", workers=2, batch_size=4)
    assert strip(a).equals(strip(b))
    pool = sim_module.process_pool(2)
    c = simulate("dice-grid", ["random"], n=30, seed=5, backend="processes", workers=2, batch_size=7)
    assert sim_module.process_pool(2) is pool  # the second run reused the pool
    assert strip(a).equals(strip(c))
    sim_module.close_pools()
    assert sim_module.process_pool(2) is not pool  # a closed pool restarts
    sim_module.close_pools()


@pytest.mark.slow
def test_dask_backend_is_identical_with_client_and_address():
    from dask.distributed import Client, LocalCluster

    a = simulate("dice-grid", ["random"], n=30, seed=5, players=3)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster:
        with Client(cluster) as client:
            b = simulate("dice-grid", ["random"], n=30, seed=5, players=3, backend="dask",
                         client=client, batch_size=7)
        c = simulate("dice-grid", ["random"], n=30, seed=5, players=3, backend="dask",
                     address=cluster.scheduler_address)
    assert strip(a).equals(strip(b)) and strip(a).equals(strip(c))


def test_interrupted_run_keeps_finished_games(monkeypatch):
    real = sim_module.run_batch
    calls = {"n": 0}

    def flaky(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sim_module, "run_batch", flaky)
    with pytest.warns(UserWarning, match="interrupted"):
        frame = simulate("dice-grid", ["random"], n=10, seed=1, batch_size=2)
    assert sorted(frame.game.unique()) == [0, 1, 2, 3]


@pytest.mark.parametrize("kwargs, message", [
    ({"agents": ["wizard"]}, "unknown agent 'wizard'"),
    ({"agents": ["random"] * 3}, "3 agents for 2 players"),
    ({"players": 9}, "takes 2–4 players"),
    ({"variant": {"nope": 1}}, "nope"),
    ({"params": {"points.zzz": 1}}, "points.zzz"),
    ({"backend": "gpu"}, "unknown backend"),
    ({"n": 0}, "positive integer"),
    ({"backend": "dask"}, "needs client= .* or address="),
])
def test_bad_requests_are_refused_before_work(kwargs, message):
    args = {"agents": ["random"], "n": 2, "seed": 0, **kwargs}
    with pytest.raises(VariantError, match=message):
        simulate("dice-grid", **args)


def test_summary_table():
    table = summarize(simulate("dice-grid", ["random"], n=20, seed=2))
    assert set(table.columns) >= {"games", "win_rate", "mean_score"}
    assert table["games"].tolist() == [20, 20]
