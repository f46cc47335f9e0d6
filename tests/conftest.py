import os

import pytest
from hypothesis import settings

# Deterministic property tests in CI: same examples every run.
settings.register_profile("ci", derandomize=True, deadline=None, max_examples=60,
                          print_blob=True)
settings.register_profile("dev", deadline=None, max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def stranger():
    """Start TCP servers that are not Dask schedulers: ``stranger(greeting=b"", read_first=True)``
    gives the ``tcp://`` address of one that (optionally) reads a request, then sends
    ``greeting`` (nothing: it stays silent). Closed after the test."""
    import socket
    import threading

    servers = []

    def start(greeting: bytes = b"", read_first: bool = False) -> str:
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen()
        stop = threading.Event()

        def serve():
            server.settimeout(0.2)
            while not stop.is_set():
                try:
                    conn, _ = server.accept()
                except OSError:
                    continue
                with conn:
                    if read_first:
                        conn.recv(1024)
                    if greeting:
                        conn.sendall(greeting)
                    stop.wait(2)

        thread = threading.Thread(target=serve, daemon=True)
        thread.start()
        servers.append((server, stop, thread))
        return f"tcp://127.0.0.1:{server.getsockname()[1]}"

    yield start
    for server, stop, thread in servers:
        stop.set()
        thread.join()
        server.close()


@pytest.fixture(scope="module")
def process_cluster():
    """A small local Dask cluster of worker processes, as a ``distributed.Client`` (closed
    after the module's tests); its scheduler is at ``process_cluster.scheduler.address``.

    A worker a test kills is started again by its nanny, and the cluster waits for it
    however long a loaded machine takes: by default a cluster gives a lost worker 15 s
    (``distributed.deploy.lost-worker-timeout``) and then closes its nanny for good, so a
    restart slower than that left the module's next test one worker short (its
    ``wait_for_workers(2)`` failed after a minute)."""
    import dask
    from dask.distributed import Client, LocalCluster

    with dask.config.set({"distributed.deploy.lost-worker-timeout": "1 hour"}), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                         dashboard_address=":0", silence_logs=50) as cluster, \
            Client(cluster, set_as_default=False) as client:
        yield client


@pytest.fixture
def games_played(monkeypatch):
    """The indices of the games a serial simulation actually plays from now on (not those it
    takes from a file it resumes): a list that grows as ``run_batch`` is called."""
    from boardkit.analysis import simulation

    played: list[int] = []
    real = simulation.run_batch

    def counting(game, agents, jobs, *rest):
        played.extend(index for index, _ in jobs)
        return real(game, agents, jobs, *rest)

    monkeypatch.setattr(simulation, "run_batch", counting)
    return played


class _Stopper:
    """A stand-in progress bar that stops a run when its ``games``-th game is done."""

    def __init__(self, monkeypatch):
        from boardkit.analysis import simulation

        self.monkeypatch, self.simulation = monkeypatch, simulation
        self.real = simulation._progress
        self.games, self.seen, self.how = 0, 0, None

    def __call__(self, games: int, how=None):
        """Arm it: the next runs stop once ``games`` games are counted (from 0 again), by
        ``how()`` (default: Ctrl-C, ``KeyboardInterrupt``)."""
        self.games, self.seen, self.how = games, 0, how
        self.monkeypatch.setattr(self.simulation, "_progress", lambda *a, **kw: self)
        return self

    def disarm(self) -> None:
        self.monkeypatch.setattr(self.simulation, "_progress", self.real)

    def update(self, k: int) -> None:
        before, self.seen = self.seen, self.seen + k
        if before < self.games <= self.seen:
            if self.how is None:
                raise KeyboardInterrupt
            self.how()

    def close(self) -> None:
        pass


@pytest.fixture
def stop_after(monkeypatch):
    """``stop_after(k)`` interrupts the simulations that follow after their k-th game, as
    Ctrl-C would (``stop_after(k, how)`` calls ``how()`` instead, e.g. to send SIGTERM);
    ``stop_after.disarm()`` lets runs finish again."""
    return _Stopper(monkeypatch)
