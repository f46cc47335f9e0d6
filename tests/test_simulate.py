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
    pool = sim_module.backends.process_pool(2)
    c = simulate("dice-grid", ["random"], n=30, seed=5, backend="processes", workers=2, batch_size=7)
    assert sim_module.backends.process_pool(2) is pool  # the second run reused the pool
    assert strip(a).equals(strip(c))
    sim_module.backends.close_pools()
    assert sim_module.backends.process_pool(2) is not pool  # a closed pool restarts
    sim_module.backends.close_pools()


@pytest.mark.slow
def test_dask_backend_is_identical_with_client_and_address():
    from dask.distributed import Client, LocalCluster

    a = simulate("dice-grid", ["random"], n=30, seed=5, players=3)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=":0") as cluster:
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


def test_slow_games_travel_one_by_one_so_an_interrupt_loses_none(monkeypatch):
    """Batches are sized from the measured play time (about 2 s serial, 10 s per worker):
    games of a minute each (a search agent's) go one per batch, so a Ctrl-C keeps every
    finished game; the old fixed batches of 50 lost up to 50 such games."""
    real = sim_module.run_batch
    sizes = []

    def slow(game, agents, jobs, *args, **kwargs):
        sizes.append(len(jobs))
        if len(sizes) == 4:
            raise KeyboardInterrupt
        return [dict(row, seconds=60.0) for row in real(game, agents, jobs, *args, **kwargs)]

    monkeypatch.setattr(sim_module, "run_batch", slow)
    with pytest.warns(UserWarning, match="interrupted"):
        frame = simulate("dice-grid", ["random"], n=1000, seed=1)
    assert sizes == [1, 1, 1, 1]
    assert sorted(frame.game.unique()) == [0, 1, 2]


def test_fast_games_grow_to_large_batches():
    sizes = sim_module._Sizes(cap=50, target=2.0)
    assert sizes.next() == 1  # nothing measured yet
    sizes.record([{"game": 0, "seconds": 0.5}, {"game": 0, "seconds": 0.5}])  # two seats
    assert sizes.next() == 4
    sizes.record([{"game": g, "seconds": 0.001} for g in range(1, 200)])
    assert sizes.next() == 50
    sizes.record([{"game": 999, "seconds": 0.0}])
    assert 1 <= sizes.next() <= 50


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


def test_every_rate_of_the_summary_has_its_interval():
    from boardkit.analysis.metrics import wilson

    runs = simulate("dice-grid", ["greedy", "random"], n=30, seed=2, progress=False)
    table = summarize(runs)
    columns = list(table.columns)
    for rate in ("win", "no_winner"):
        at = columns.index("win_rate" if rate == "win" else rate)
        assert columns[at + 1:at + 3] == [f"{rate}_low", f"{rate}_high"]
    for (agent, seat), row in table.iterrows():
        rows = runs[(runs.agent == agent) & (runs.seat == seat)]
        low, high = wilson(int(rows.win.sum()), len(rows))
        assert (row.win_low, row.win_high) == (round(low, 3), round(high, 3))
        assert row.win_low <= row.win_rate <= row.win_high
        assert row.no_winner == 0  # every Dice Grid game has a winner; 0 of 15 still has a range
        assert (row.no_winner_low, row.no_winner_high) == (0, round(wilson(0, len(rows))[1], 3)) != (0, 0)


# --- runs that lose nothing -------------------------------------------------------------

import json  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402

from boardkit.analysis.runfile import sidecar  # noqa: E402
from boardkit.analysis.simulation import IncompleteRunWarning  # noqa: E402
from boardkit.engine.errors import RunError  # noqa: E402


@pytest.fixture
def after_games(monkeypatch):
    """``after_games(k, action)``: the progress bar calls ``action()`` once, as soon as ``k``
    finished games have been counted (in the main process, between batches)."""
    def install(k, action):
        state = {"seen": 0, "fired": False}

        class Bar:
            def update(self, games):
                state["seen"] += games
                if not state["fired"] and state["seen"] >= k:
                    state["fired"] = True
                    action()

            def close(self):
                pass

        monkeypatch.setattr(sim_module, "_progress", lambda *a, **kw: Bar())
        return state
    return install


def interrupt():
    raise KeyboardInterrupt


def test_game_seeds_are_drawn_in_chunks_without_changing():
    import numpy as np

    from boardkit.analysis.rows import _SEED_CHUNK

    n = _SEED_CHUNK + 123
    old = [int(s) for s in np.random.default_rng(9).integers(0, 2**62, size=n)]
    assert game_seeds(9, n) == old  # the seeds of stored runs stay the same
    assert game_seeds(9, 5) == old[:5]


def test_process_worker_killed_mid_run_is_played_again(after_games):
    serial = simulate("dice-grid", ["random"], n=60, seed=5, batch_size=3)
    sim_module.backends.close_pools()
    pool = sim_module.backends.process_pool(2)
    killed = []

    def kill_a_worker():
        pid = next(iter(pool._processes))
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    after_games(3, kill_a_worker)
    frame = simulate("dice-grid", ["random"], n=60, seed=5, backend="processes", workers=2,
                     batch_size=3)
    assert killed and sim_module.backends.process_pool(2) is not pool  # the pool broke and was replaced
    assert frame.attrs["complete"] and frame.attrs["missing"] == 0
    assert strip(frame).equals(strip(serial))
    sim_module.backends.close_pools()


def test_ctrl_c_while_workers_start_prints_no_worker_traceback(monkeypatch, capfd):
    """Ctrl-C reaches the whole process group, also workers still starting up (importing
    boardkit) before they ignore it: each got a KeyboardInterrupt traceback and died."""
    sim_module.backends.close_pools()
    real = sim_module.backends.process_pool
    hit: list[int] = []

    def pool_hit_while_starting(workers):
        pool = real(workers)
        submit = pool.submit

        def submit_then_interrupt(*args, **kwargs):
            future = submit(*args, **kwargs)
            for pid in list(pool._processes):
                if pid not in hit:  # a worker just started (it cannot have set up yet)
                    hit.append(pid)
                    os.kill(pid, signal.SIGINT)
            return future

        pool.submit = submit_then_interrupt
        return pool

    monkeypatch.setattr(sim_module.backends, "process_pool", pool_hit_while_starting)
    try:
        frame = simulate("dice-grid", ["random"], n=20, seed=5, backend="processes", workers=2,
                         batch_size=2)
    finally:
        sim_module.backends.close_pools()
    err = capfd.readouterr().err
    assert len(hit) == 2 and "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert frame.attrs["complete"]  # the interrupted workers played on
    assert strip(frame).equals(strip(simulate("dice-grid", ["random"], n=20, seed=5)))


@pytest.mark.parametrize("backend", ["processes", "dask"])
def test_a_ctrl_c_that_falls_in_a_finalizer_still_stops_the_run(backend, after_games, request):
    """Python swallows an exception raised in a finalizer (``Exception ignored in ...``), and
    a Ctrl-C is raised wherever the main thread is: in a Dask future's finalizer, as the run
    dropped a finished future, it was lost and the run played on. The run notes a Ctrl-C
    instead, and stops at its next check."""
    class InterruptsAsItGoes:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGINT)  # its handler runs at once, in here

    where = {"workers": 2} if backend == "processes" else {
        "client": request.getfixturevalue("process_cluster")}
    after_games(4, InterruptsAsItGoes)  # made and dropped at once: Ctrl-C in its finalizer
    # Ctrl-C as a terminal's foreground process gets it: a suite started in the background
    # (`make test &`) inherits an ignored SIGINT, and the signal would never arrive
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.warns(IncompleteRunWarning, match="interrupted: kept the"):
            frame = simulate("dice-grid", ["random"], n=400, seed=3, backend=backend,
                             batch_size=2, **where)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert 4 <= frame.attrs["finished"] < 400 and frame.attrs["stopped"] == "interrupted"
    sim_module.backends.close_pools()


def test_process_pool_lost_too_often_keeps_finished_games(after_games, tmp_path):
    out = tmp_path / "r.csv"
    state = {"kills": 0}

    def kill_every_pool():  # each fresh pool loses a worker too: retries run out
        state["kills"] += 1
        for pid in list(sim_module.backends.process_pool(2)._processes):
            os.kill(pid, signal.SIGKILL)

    after_games(2, kill_every_pool)
    real = sim_module.backends.process_pool

    def pool_that_dies(workers):
        pool = real(workers)
        if state["kills"]:
            pool.submit(os._exit, 1)  # a worker dies at once in every later pool
        return pool

    sim_module.backends.process_pool, saved = pool_that_dies, real
    try:
        with pytest.warns(IncompleteRunWarning, match="workers lost"):
            frame = simulate("dice-grid", ["random"], n=40, seed=5, backend="processes",
                             workers=2, batch_size=2, retries=1, out=out)
    finally:
        sim_module.backends.process_pool = saved
        sim_module.backends.close_pools()
    assert not frame.attrs["complete"] and frame.attrs["finished"] >= 2
    assert frame.attrs["missing"] == 40 - frame.attrs["finished"]
    assert len(pd_read(out)) == len(frame)


def pd_read(path):
    import pandas as pd

    return pd.read_csv(path)


def on_disk(out):
    """Every row a run of ``out`` keeps on disk: in its file and in its shards."""
    import pandas as pd

    parts = [pd.read_csv(out)] if out.exists() else []
    parts += [pd.read_csv(p) for p in sorted(shards(out).glob("*.csv.gz"))]
    if not parts:
        return pd.DataFrame({"game": [], "seat": []})
    frame = pd.concat(parts, ignore_index=True).drop_duplicates(["game", "seat"])
    return frame.sort_values(["game", "seat"]).reset_index(drop=True)


def shards(out):
    return out.with_name(f".{out.name}.shards")


def test_interrupted_process_run_keeps_its_games_and_resumes_identically(after_games, tmp_path):
    out = tmp_path / "r.csv"
    after_games(6, interrupt)
    with pytest.warns(IncompleteRunWarning, match="interrupted: kept the"):
        part = simulate("dice-grid", ["random"], n=40, seed=8, backend="processes", workers=2,
                        batch_size=2, out=out)
    sim_module.backends.close_pools()
    assert 6 <= part.attrs["finished"] < 40 and not part.attrs["complete"]
    assert part.attrs["stopped"] == "interrupted"
    stored = pd_read(out)
    assert sorted(stored.game.unique()) == sorted(part.game.unique())  # written, not lost
    meta = json.loads(sidecar(out).read_text())
    assert meta["complete"] is False and meta["rows"] == len(stored)
    assert sorted(os.listdir(tmp_path)) == ["r.csv", "r.csv.run.json"]  # no temporary left

    calls = []
    real = sim_module.run_batch
    sim_module_run_batch = real

    def counting(game, agents, jobs, *rest):
        calls.extend(index for index, _ in jobs)
        return sim_module_run_batch(game, agents, jobs, *rest)

    sim_module.run_batch = counting
    try:  # resumed serially: the backend does not matter either
        whole = simulate("dice-grid", ["random"], n=40, seed=8, out=out)
    finally:
        sim_module.run_batch = real
    assert not set(calls) & set(part.game)  # only the missing games were played
    assert whole.attrs["complete"] and whole.attrs["resumed"] == part.attrs["finished"]
    reference = simulate("dice-grid", ["random"], n=40, seed=8)
    assert strip(whole).equals(strip(reference))
    assert strip(pd_read(out)).equals(strip(reference))


def test_a_run_file_grows_into_a_longer_run(tmp_path, request):
    """The same run with more games goes on from the file (game i does not depend on n); a
    shorter one is refused, since the file holds more than it asks for."""
    out = tmp_path / "r.csv"
    reference = simulate("dice-grid", ["random"], n=9, seed=3)
    simulate("dice-grid", ["random"], n=5, seed=3, out=out)
    calls = request.getfixturevalue("games_played")
    longer = simulate("dice-grid", ["random"], n=9, seed=3, out=out)
    assert sorted(calls) == [5, 6, 7, 8] and longer.attrs["resumed"] == 5
    assert strip(longer).equals(strip(reference))
    before = out.read_bytes()
    with pytest.raises(RunError, match="holds a run of 9 games, more than the 4 asked for"):
        simulate("dice-grid", ["random"], n=4, seed=3, out=out)
    assert out.read_bytes() == before


def test_resume_refuses_a_file_of_another_run(tmp_path):
    out = tmp_path / "r.csv"
    simulate("dice-grid", ["random"], n=4, seed=1, out=out)
    before = out.read_bytes()
    with pytest.raises(RunError, match=r"holds a different run \(seed: 1 there, 2 here\)"):
        simulate("dice-grid", ["random"], n=4, seed=2, out=out)
    assert out.read_bytes() == before
    foreign = tmp_path / "mine.csv"
    foreign.write_text("a,b\n1,2\n")
    with pytest.raises(RunError, match="holds no boardkit run"):
        simulate("dice-grid", ["random"], n=4, seed=2, out=foreign)
    assert foreign.read_text() == "a,b\n1,2\n"
    for settings in ("[1, 2]", "7", '{"format": "boardkit-run/1", "settings": [1]}'):
        sidecar(foreign).write_text(settings)  # JSON, but not a run's settings
        with pytest.raises(RunError, match=r"mine.csv.run.json is not a boardkit-run/1 settings"):
            simulate("dice-grid", ["random"], n=4, seed=2, out=foreign)
    assert foreign.read_text() == "a,b\n1,2\n" and not list(tmp_path.glob(".*lock"))
    frame = simulate("dice-grid", ["random"], n=4, seed=2, out=foreign, overwrite=True)
    assert len(pd_read(foreign)) == len(frame) == 8


def test_rows_stream_to_disk_while_the_run_goes_on(after_games, tmp_path):
    out = tmp_path / "r.csv"
    seen = {}

    def look():
        seen["rows"] = len(on_disk(out))

    after_games(4, look)
    simulate("dice-grid", ["random"], n=20, seed=1, batch_size=2, out=out)
    assert seen["rows"] == 4 * 2  # 4 games × 2 seats, in shards before the run ended


def test_an_error_mid_run_still_writes_the_finished_games(monkeypatch, tmp_path):
    real = sim_module.run_batch
    calls = {"n": 0}

    def failing(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("a bug in a game")
        return real(*args, **kwargs)

    monkeypatch.setattr(sim_module, "run_batch", failing)
    out = tmp_path / "r.csv"
    with pytest.raises(RuntimeError, match="a bug"), pytest.warns(IncompleteRunWarning):
        simulate("dice-grid", ["random"], n=10, seed=1, batch_size=2, out=out)
    assert sorted(pd_read(out).game.unique()) == [0, 1, 2, 3]
    assert sorted(os.listdir(tmp_path)) == ["r.csv", "r.csv.run.json"]


@pytest.mark.parametrize("where, message", [
    ("missing/r.csv", "does not exist"),
    (".", "is a directory"),
])
def test_out_is_checked_before_any_game(where, message, monkeypatch, tmp_path):
    monkeypatch.setattr(sim_module, "run_batch", lambda *a: pytest.fail("a game was played"))
    with pytest.raises(RunError, match=message):
        simulate("dice-grid", ["random"], n=3, out=tmp_path / where)


def test_out_in_a_directory_nobody_can_write_is_refused():
    with pytest.raises(RunError, match="not writable"):
        simulate("dice-grid", ["random"], n=3, out="/proc/r.csv")


@pytest.mark.parametrize("kwargs, message", [
    ({"seed": -1}, "seed must be an integer at least 0"),
    ({"players": -3}, "players must be an integer at least 1"),
    ({"n": 10**12}, "from 1 to 10,000,000"),
    ({"backend": "processes", "workers": 10**6}, "workers must be an integer from 1"),
    ({"backend": "dask", "address": "notaurl"}, "not a Dask scheduler address"),
])
def test_bad_arguments_fail_before_work(kwargs, message, monkeypatch):
    monkeypatch.setattr(sim_module, "run_batch", lambda *a: pytest.fail("a game was played"))
    with pytest.raises((VariantError, RunError), match=message):
        simulate("dice-grid", **{"agents": ["random"], "n": 2, **kwargs})


def test_the_dask_runner_without_a_client_or_an_address_names_the_field():
    """Called directly (not through simulate, which checks first), it refuses with a
    RunError for the address instead of failing inside the address check on None."""
    from boardkit.analysis import backends

    with pytest.raises(RunError, match="needs a client or an address") as info:
        backends.run_dask(lambda *a: None, iter(()), (), None, None, 1.0, lambda *a: None)
    assert info.value.field == "address"


def test_dask_scheduler_that_does_not_answer_fails_fast():
    with pytest.raises(RunError, match="no Dask scheduler answered at tcp://127.0.0.1:1 within 0.5 s"):
        simulate("dice-grid", ["random"], n=2, backend="dask", address="tcp://127.0.0.1:1",
                 connect_timeout=0.5)


@pytest.fixture
def not_dask(stranger):
    """A TCP server that answers like a web server."""
    return stranger(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", read_first=True)


def test_an_endpoint_that_is_not_dask_is_refused(not_dask):
    with pytest.raises(RunError, match="did not answer as a Dask scheduler"):
        simulate("dice-grid", ["random"], n=2, backend="dask", address=not_dask,
                 connect_timeout=2)


@pytest.mark.parametrize("greeting", [b"", b"HTTP/1.1 200 OK\r\n\r\n", b"\xff" * 8])
def test_a_silent_or_chatty_stranger_is_refused_without_hanging(greeting, stranger):
    """A server that waits for a request (a web server: the client used to hang for ever) or
    that speaks first with other bytes (the client used to try a 3 EiB allocation)."""
    with pytest.raises(RunError, match="did not answer as a Dask scheduler"):
        simulate("dice-grid", ["random"], n=2, backend="dask", address=stranger(greeting),
                 connect_timeout=1)


def test_dask_worker_killed_mid_run_loses_nothing(process_cluster, after_games, tmp_path,
                                                  monkeypatch):
    """The worker playing games 3-5 is killed while it plays them: the scheduler plays the
    batch again on another worker, and the table is the serial one. The batch holds its
    worker the first time it is played until the kill comes, so the kill always lands on a
    batch being played (killing whichever worker came first could hit one with nothing to
    lose)."""
    import time

    client = process_cluster
    client.wait_for_workers(2, timeout=60)
    serial = simulate("dice-grid", ["random"], n=60, seed=6, batch_size=3)
    gate = str(tmp_path)

    def held_once(game, agents, jobs, *rest):  # runs on a worker (cloudpickled by value)
        import os
        import time
        from pathlib import Path

        from boardkit.analysis import simulation

        if jobs[0][0] == 3:
            (Path(gate) / f"played-{os.getpid()}").touch()
            try:
                os.mkdir(Path(gate) / "held")  # the first time only
            except FileExistsError:
                pass
            else:
                (Path(gate) / "pid.part").write_text(str(os.getpid()))
                os.replace(Path(gate) / "pid.part", Path(gate) / "pid")
                time.sleep(300)  # until the test kills this worker
        return simulation.run_batch(game, agents, jobs, *rest)

    killed = []

    def kill_the_worker_playing_games_3_to_5():
        deadline = time.monotonic() + 120
        while not (tmp_path / "pid").exists() and time.monotonic() < deadline:
            time.sleep(0.05)  # until that batch is being played
        pid = int((tmp_path / "pid").read_text())
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)

    monkeypatch.setattr(sim_module, "run_batch", held_once)
    after_games(3, kill_the_worker_playing_games_3_to_5)
    frame = simulate("dice-grid", ["random"], n=60, seed=6, backend="dask", client=client,
                     batch_size=3)
    assert killed and frame.attrs["complete"]
    assert strip(frame).equals(strip(serial))
    played_by = sorted(int(p.name.split("-")[1]) for p in tmp_path.glob("played-*"))
    assert len(played_by) == 2 and killed[0] in played_by  # killed, then played elsewhere


def test_interrupted_dask_run_keeps_its_games(process_cluster, after_games, tmp_path):
    client = process_cluster
    client.wait_for_workers(2, timeout=60)
    out = tmp_path / "r.csv"
    after_games(6, interrupt)
    with pytest.warns(IncompleteRunWarning, match="interrupted: kept the"):
        part = simulate("dice-grid", ["random"], n=60, seed=6, backend="dask", client=client,
                        batch_size=2, out=out)
    assert 6 <= part.attrs["finished"] < 60
    assert sorted(pd_read(out).game.unique()) == sorted(part.game.unique())
    whole = simulate("dice-grid", ["random"], n=60, seed=6, backend="dask", client=client,
                     batch_size=2, out=out)
    assert strip(whole).equals(strip(simulate("dice-grid", ["random"], n=60, seed=6)))


def test_the_writer_removes_the_half_written_copies_killed_writers_left(tmp_path):
    """A write goes through a temporary file renamed into place; a writer killed before the
    rename leaves it behind. Only one run writes a file at a time, so the next one removes
    them (beside the file and among the shards); other files stay."""
    out = tmp_path / "r.csv"
    shards(out).mkdir()
    left = [tmp_path / ".r.csv.x1.part", shards(out) / ".0123456789ab-0-2.csv.gz.x2.part"]
    for path in left:
        path.write_text("half")
    (tmp_path / "other.csv").write_text("a\n1\n")
    simulate("dice-grid", ["random"], n=4, seed=1, out=out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.csv", "r.csv", "r.csv.run.json"]


def test_the_output_files_get_the_usual_permissions_not_private_ones(tmp_path):
    # the atomic write goes through a temporary file, which mkstemp makes private (0600);
    # the result must be readable like any file the user writes (0666 less the umask)
    out = tmp_path / "runs.csv"
    simulate("dice-grid", agents="random", n=2, seed=1, progress=False, out=out)
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
    assert sidecar(out).stat().st_mode & 0o777 == 0o666 & ~mask


KILLED_RUN = """
import os, signal, sys
from boardkit.analysis import simulate, simulation

real = simulation.run_batch

def run_batch(game, agents, jobs, *rest):
    if jobs[0][0] >= 6:  # killed without warning: no handler, no clean-up
        os.kill(os.getpid(), signal.SIGKILL)
    return real(game, agents, jobs, *rest)

simulation.run_batch = run_batch
simulate("dice-grid", ["random"], n=20, seed=4, batch_size=2, out=sys.argv[1])
"""


def _killed_run(out):
    """Games 0-5 finished (in batches of 2), then the run is killed without warning."""
    import subprocess
    import sys

    killed = subprocess.run([sys.executable, "-c", KILLED_RUN, str(out)], capture_output=True)
    assert killed.returncode == -signal.SIGKILL, killed.stderr.decode()[-800:]
    return sorted(shards(out).glob("*.csv.gz"))


def test_a_run_killed_without_warning_keeps_its_shards_and_resumes(tmp_path, request):
    """SIGKILL (a culled Binder kernel, a power cut) leaves no chance to write anything: the
    shards written as batches finished keep its games, and the next run takes them over."""
    out = tmp_path / "r.csv"
    assert len(_killed_run(out)) == 3 and not out.exists()
    assert sorted(on_disk(out).game.unique()) == [0, 1, 2, 3, 4, 5]
    played = request.getfixturevalue("games_played")
    whole = simulate("dice-grid", ["random"], n=20, seed=4, out=out)
    assert sorted(played) == list(range(6, 20))  # only the games no shard holds
    assert whole.attrs["complete"] and whole.attrs["resumed"] == 6
    assert strip(whole).equals(strip(simulate("dice-grid", ["random"], n=20, seed=4)))
    assert sorted(os.listdir(tmp_path)) == ["r.csv", "r.csv.run.json"]


def test_a_shard_cut_short_by_a_kill_is_never_read(tmp_path, request):
    """A kill while a shard is written leaves its temporary file, never a part of a shard:
    its games are played again, the finished shards' are not."""
    out = tmp_path / "r.csv"
    (first, *_, last) = _killed_run(out)
    cut = last.with_name(f".{last.name}.k3j2.part")
    cut.write_bytes(last.read_bytes()[:40])  # as if the kill came in the middle of it
    last.unlink()
    played = request.getfixturevalue("games_played")
    whole = simulate("dice-grid", ["random"], n=20, seed=4, out=out)
    assert sorted(played) == list(range(4, 20))  # games 0-3 kept, games 4-5 played again
    assert strip(whole).equals(strip(simulate("dice-grid", ["random"], n=20, seed=4)))
    assert sorted(os.listdir(tmp_path)) == ["r.csv", "r.csv.run.json"]


def test_a_corrupt_shard_is_a_data_error_naming_the_file(tmp_path, request):
    from boardkit.engine.errors import DataError

    out = tmp_path / "r.csv"
    (shard, *_) = _killed_run(out)
    played = request.getfixturevalue("games_played")
    for garbage in (b"\x1f\x8b not gzip", b""):
        shard.write_bytes(garbage)
        with pytest.raises(DataError, match=rf"{shard.name}: the shard cannot be read"):
            simulate("dice-grid", ["random"], n=20, seed=4, out=out)
        assert played == [] and not out.exists()  # refused before any game
    shard.unlink()  # as the message says: its games are played again
    whole = simulate("dice-grid", ["random"], n=20, seed=4, out=out)
    assert sorted(played) == [0, 1, *range(6, 20)] and whole.attrs["complete"]


def test_shards_of_another_run_are_never_taken(tmp_path, request):
    out = tmp_path / "r.csv"
    killed = _killed_run(out)
    played = request.getfixturevalue("games_played")
    other = simulate("dice-grid", ["random"], n=8, seed=5, out=out, overwrite=True)
    assert len(played) == 8 and other.attrs["resumed"] == 0  # another run's rows: never taken
    assert not any(p.exists() for p in killed)
    assert strip(other).equals(strip(simulate("dice-grid", ["random"], n=8, seed=5)))


HOLD_LOCK = """
import sys, time
from boardkit.analysis.runfile import Store
Store(sys.argv[1], {}).lock()
print("locked", flush=True)
time.sleep(60)
"""


def test_one_run_writes_a_file_at_a_time(tmp_path, monkeypatch):
    """Two runs of one file (a second terminal, a second kernel) would play the same games
    and mix their rows: while one lives, another is refused and writes nothing. The lock is
    the system's (flock): a killed run's is gone with its process, and a lock file left
    behind, whatever it holds, blocks nothing; a run that fails after taking the lock gives
    it back."""
    import subprocess
    import sys

    from boardkit.analysis.runfile import Store

    out = tmp_path / "r.csv"
    first = Store(out, {}).lock()  # a run going on in this process
    with pytest.raises(RunError, match=r"being written by another run") as err:
        simulate("dice-grid", ["random"], n=4, seed=1, out=out)
    assert err.value.field == "out" and not out.exists()
    first.close()
    first.close()  # twice: nothing more
    assert not shards(out).exists()
    simulate("dice-grid", ["random"], n=4, seed=1, out=out)
    assert not shards(out).exists()  # given back at the end

    running = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(out)],
                               stdout=subprocess.PIPE, text=True)
    try:  # a run in another process
        assert running.stdout is not None and running.stdout.readline() == "locked\n"
        before = out.read_bytes()
        with pytest.raises(RunError, match="being written by another run"):
            simulate("dice-grid", ["random"], n=8, seed=1, out=out)
        assert out.read_bytes() == before
    finally:
        running.kill()  # killed without warning: the system gives its lock back
        running.wait()
        running.stdout.close()  # else its pipe is closed by the collector, in another test
    assert (shards(out) / ".lock").exists()  # its lock file is left, and blocks nothing
    grown = simulate("dice-grid", ["random"], n=8, seed=1, out=out)
    assert grown.attrs["resumed"] == 4 and not shards(out).exists()
    shards(out).mkdir()
    (shards(out) / ".lock").write_text("not a process id")  # whatever it holds
    simulate("dice-grid", ["random"], n=8, seed=1, out=out)
    assert not shards(out).exists()

    def broken(*args, **kwargs):
        raise RuntimeError("the progress bar failed")

    monkeypatch.setattr(sim_module, "_progress", broken)  # fails after the lock is taken
    with pytest.raises(RuntimeError, match="progress bar"):
        simulate("dice-grid", ["random"], n=12, seed=1, out=out)
    assert not shards(out).exists()
    monkeypatch.undo()
    assert simulate("dice-grid", ["random"], n=12, seed=1, out=out).attrs["resumed"] == 8


def test_a_kill_between_the_two_writes_at_the_end_still_resumes(tmp_path, request):
    """The rows are replaced before the settings file: a kill between them leaves more rows
    than the settings file records. Whole games of the same run are the truth; a file with
    a game cut in half is refused, unchanged."""
    out = tmp_path / "r.csv"
    simulate("dice-grid", ["random"], n=4, seed=4, out=out)
    meta = json.loads(sidecar(out).read_text())
    sidecar(out).write_text(json.dumps({**meta, "rows": 4}))  # as after 2 of the 4 games
    played = request.getfixturevalue("games_played")
    whole = simulate("dice-grid", ["random"], n=6, seed=4, out=out)
    assert sorted(played) == [4, 5] and whole.attrs["resumed"] == 4
    assert strip(whole).equals(strip(simulate("dice-grid", ["random"], n=6, seed=4)))

    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:-1]) + "\n")  # the last game's second seat is gone
    before = out.read_bytes()
    with pytest.raises(RunError, match=r"r\.csv: game 5 has 1 seats' rows, not one for each of 2"):
        simulate("dice-grid", ["random"], n=6, seed=4, out=out)
    assert out.read_bytes() == before


def test_finished_batches_are_on_disk_as_the_run_goes_on(tmp_path, monkeypatch):
    """Each finished batch is a shard at once, readable while the run goes on; at the end the
    file holds them all and the shards are gone."""
    out = tmp_path / "r.csv"
    seen = []
    real = sim_module.run_batch

    def watching(game, agents, jobs, *rest):
        if jobs[0][0]:
            seen.append(int(on_disk(out).game.nunique()))
        return real(game, agents, jobs, *rest)

    monkeypatch.setattr(sim_module, "run_batch", watching)
    frame = simulate("dice-grid", ["random"], n=8, seed=2, batch_size=2, out=out)
    assert seen == [2, 4, 6]  # the shards grew batch by batch
    assert frame.attrs["complete"] and len(pd_read(out)) == 16
    assert sorted(os.listdir(tmp_path)) == ["r.csv", "r.csv.run.json"]
    assert json.loads(sidecar(out).read_text())["complete"] is True


def test_the_games_facts_become_fact_columns_beside_the_score_sources():
    """What happened that is not a score (``State.facts``) is kept per row: the cards a
    Wishland player ended with, as question 3 of its analysis reads them."""
    from boardkit.wishland.analysis import card_rows, play_games

    runs = simulate("wishland", agents=["greedy"], n=2, seed=5, players=2, trace=False,
                    progress=False)
    assert "fact_cards" in runs and not [c for c in runs if c.startswith("src_card")]
    records = play_games(2, players=2, agents="greedy", seed=5)
    assert [r["cards"] for r in card_rows(runs)] == [r["cards"] for r in records]


def test_a_worker_that_is_starting_refuses_to_start_a_run(monkeypatch, tmp_path):
    import multiprocessing as mp

    out = tmp_path / "r.csv"
    monkeypatch.setattr(mp.current_process(), "_inheriting", True, raising=False)
    with pytest.raises(RunError, match=r'if __name__ == "__main__":') as caught:
        simulate("dice-grid", ["random"], n=4, seed=1, backend="processes", workers=2, out=out)
    assert caught.value.field == "backend" and not out.exists()
    monkeypatch.setattr(mp.current_process(), "_inheriting", False)
    assert len(simulate("dice-grid", ["random"], n=2, seed=1)) > 0  # serial runs anywhere


def test_a_script_without_the_main_guard_is_told_what_to_change(tmp_path):
    """A script that starts a process run at its top level: each worker runs that code again
    while it starts; the worker says why it stops instead of the pool retrying in silence."""
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "no_guard.py"
    script.write_text("from boardkit.analysis import simulate\n"
                      "frame = simulate('dice-grid', ['random'], n=4, seed=1, "
                      "backend='processes', workers=1, retries=0)\n"
                      "print('finished', frame.attrs['finished'])\n")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert 'if __name__ == "__main__":' in done.stderr and "RunError" in done.stderr
    assert "finished 0" in done.stdout and "workers lost 1 time:" in done.stderr
