"""Where the batches of a simulation run: local processes or a Dask cluster.

Both keep a few batches in flight, taken from an iterator (a long run never builds its job
list), and hand each finished batch to ``deliver`` at once, so nothing finished is lost
when the run stops. A batch lost with its worker is played again by the scheduler's own
means: Dask reschedules it (its ``allowed-failures``); a process pool breaks whole when a
worker dies, so its lost batches go to a fresh pool, a bounded number of times. A game's
rows depend on its index and seed only, never on the worker that played it.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from boardkit.engine.errors import RunError

Batch = list[tuple[int, int]]
Deliver = Callable[..., None]
#: seconds between checks while waiting for a batch (a Ctrl-C noted meanwhile stops the run)
POLL = 0.2
#: workers -> the reused process pool, and the ``sys.path`` its workers copied at start
_POOLS: dict[int, tuple[ProcessPoolExecutor, tuple[str, ...]]] = {}


def _worker_setup(parent: int) -> None:
    # Ctrl-C reaches the whole process group: the main process stops the workers, so they
    # neither print a traceback nor break the pool. A worker whose main process died exits.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


@contextlib.contextmanager
def _starting_workers() -> Iterator[None]:
    """Block SIGINT while a pool may start workers (on ``submit``): a new process inherits
    the mask, so a Ctrl-C during its start (a second or more) waits until
    :func:`_worker_setup` ignores it, instead of printing the worker's traceback."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextlib.contextmanager
def _stops_noted() -> Iterator[list[int]]:
    """While batches are in flight, a Ctrl-C (or SIGTERM acting as one) is noted and the
    loop stops at its next check. Raised where the main thread is, it could fall in a Dask
    future's finalizer (which swallows it) or between starting a worker and instructing it."""
    caught: list[int] = []
    main = threading.current_thread() is threading.main_thread()  # only it handles signals
    ours = [s for s in (signal.SIGINT, signal.SIGTERM)
            if main and signal.getsignal(s) is signal.default_int_handler]
    before = {s: signal.signal(s, lambda signum, frame: caught.append(signum)) for s in ours}
    try:
        yield caught
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """The process pool for ``workers`` workers, started on first use (about a second: a
    fresh interpreter per worker, ``spawn``, as a Jupyter kernel has threads) and reused. A
    worker copies ``sys.path`` when it starts, so a pool whose path differs from today's (a
    course's game put on the path since) is replaced."""
    pool, path = _POOLS.get(workers, (None, ()))
    if pool is None or path != tuple(sys.path):
        import multiprocessing as mp

        discard_pool(workers)
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn"),
                                   initializer=_worker_setup, initargs=(os.getpid(),))
        _POOLS[workers] = pool, tuple(sys.path)
    return pool


def discard_pool(workers: int) -> None:
    """Stop the pool for ``workers`` at once (broken, or the run interrupted): its pending
    batches are cancelled, its processes terminated."""
    pool, _ = _POOLS.pop(workers, (None, ()))
    if pool is not None:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()


@atexit.register
def close_pools() -> None:
    """Stop the reused process pools (they start again on the next run)."""
    for workers in list(_POOLS):
        discard_pool(workers)


def check_not_starting_worker() -> None:
    """:class:`RunError` in a worker that is still starting (a script without the
    ``__main__`` guard, run again in every worker): Python refuses to start processes there,
    with a message the pool's retries would hide; this one says what to change."""
    import multiprocessing as mp

    if getattr(mp.current_process(), "_inheriting", False):
        raise RunError(
            "the processes backend was started by a worker process while it was starting: "
            "every worker runs the top-level code of the script that started the run again, "
            "so that code must not start a run itself. Put it under "
            "`if __name__ == \"__main__\":` (Python's rule for scripts that start processes), "
            "or use backend='serial'", field="backend")


def _drive(submit: Callable[[Batch], Any], finished: Callable[[Any], Any],
           batches: Iterator[Batch], window: int, deliver: Deliver,
           lost_with: type[BaseException], stop: Callable[[list], None],
           whole: bool = False) -> list[Batch]:
    """Play ``batches`` (``submit`` one, ``finished(futures)`` those done among them, after
    at most :data:`POLL` seconds), at most ``window`` at a time, each handed to ``deliver``
    as it finishes; returns the batches lost with their workers (``lost_with``). A pool that
    breaks ``whole`` when a worker dies (a process pool) gets no batch after a loss. When the
    run stops, the finished batches are delivered and ``stop(futures)`` cancels the rest."""
    inflight: dict[Any, Batch] = {}
    lost: list[Batch] = []
    with _stops_noted() as stops:
        try:
            while True:
                while len(inflight) < window and not (lost and whole) and (
                        batch := next(batches, None)) is not None:
                    try:
                        with _starting_workers():
                            inflight[submit(batch)] = batch
                    except (BrokenProcessPool, RuntimeError):  # the pool broke meanwhile
                        lost.append(batch)
                if not inflight:
                    return lost
                for fut in finished(inflight):
                    batch = inflight.pop(fut)
                    if fut.cancelled() or isinstance(fut.exception(), lost_with):
                        lost.append(batch)
                    else:
                        deliver(fut.result(), len(batch))  # a game's own error is raised here
                if stops:
                    raise KeyboardInterrupt
        except BaseException:
            for fut, batch in inflight.items():
                if fut.done() and not fut.cancelled() and fut.exception() is None:
                    deliver(fut.result(), len(batch), count=False)
            stop(list(inflight))
            raise


def run_processes(fn: Callable, batches: Iterator[Batch], args: tuple, workers: int,
                  deliver: Deliver, retries: int) -> str | None:
    """Play ``batches`` on ``workers`` processes; the batches lost when a worker dies go to
    a fresh pool, at most ``retries`` times. Returns ``None`` when all were played, or why
    the run stopped."""
    lost: list[Batch] = []
    for _ in range(retries + 1):  # the first pool, then a fresh one for each retry
        pool = process_pool(workers)

        def submit(batch: Batch, pool: ProcessPoolExecutor = pool) -> Any:
            return pool.submit(fn, *args[:2], batch, *args[2:])

        lost = _drive(submit, lambda fs: wait(fs, timeout=POLL, return_when=FIRST_COMPLETED)[0],
                      itertools.chain(lost, batches), 2 * workers, deliver, BrokenProcessPool,
                      lambda fs: discard_pool(workers), whole=True)
        if not lost:
            return None
        discard_pool(workers)
    return f"workers lost {retries + 1} time{'s' if retries else ''}"


def check_address(address: str) -> str:
    """``address`` if it reads as a Dask scheduler address (``tcp://host:port``, ``host:port``
    or another comm's ``scheme://...``); :class:`RunError` otherwise."""
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls", "ws", "wss") and not 0 < int(
                parse_host_port(location)[1]) < 65536:
            raise ValueError("port out of range")
    except (ValueError, TypeError):
        raise RunError(f"{address[:60]!r} is not a Dask scheduler address; expected "
                       "tcp://HOST:PORT", field="address") from None
    return address


def connect(address: str, timeout: float) -> Any:
    """A ``distributed.Client`` for the scheduler at ``address``, or :class:`RunError` within
    ``timeout`` seconds when nothing there answers as a Dask scheduler.

    A Dask scheduler speaks first on a new connection (its handshake, a message whose first
    8 bytes count its frames), so a server that stays silent (a web server waiting for a
    request) or answers with other bytes is refused before Dask's own client connects,
    rather than hanging it or making it allocate what a stranger's bytes ask for."""
    import socket

    from dask.distributed import Client
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(check_address(address))
    silent = RunError(f"no Dask scheduler answered at {address} within {timeout:g} s",
                      field="address")
    if scheme == "tcp":
        host, port = parse_host_port(location)
        try:
            sock = socket.create_connection((host, int(port)), timeout=timeout)
        except OSError:  # refused or unreachable
            raise silent from None
        head = b""
        with sock, contextlib.suppress(OSError):  # OSError: silent for ``timeout`` seconds
            while len(head) < 8 and (chunk := sock.recv(8 - len(head))):
                head += chunk
        if not 0 < (int.from_bytes(head, "little") if len(head) == 8 else -1) < 1024:
            said = f"it sent {head!r}" if head else f"it sent nothing within {timeout:g} s"
            raise RunError(f"{address} did not answer as a Dask scheduler ({said})",
                           field="address")
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError):
        raise silent from None
    except Exception as exc:  # noqa: BLE001 - e.g. MemoryError from a non-Dask server's bytes
        raise RunError(f"{address} did not answer as a Dask scheduler "
                       f"({type(exc).__name__})", field="address") from None


def run_dask(fn: Callable, batches: Iterator[Batch], args: tuple, client: Any,
             address: str | None, timeout: float, deliver: Deliver) -> str | None:
    """Play ``batches`` on a Dask cluster (``client``, or a new client for ``address``): the
    scheduler plays a batch lost with its worker again, up to its ``allowed-failures``, then
    gives it up (``KilledWorker``). Returns ``None`` when all were played, or why not."""
    from distributed.scheduler import KilledWorker

    def finished(futures: dict) -> list:
        done = [fut for fut in futures if fut.status in ("finished", "error", "cancelled")]
        if not done:
            time.sleep(POLL)
        return done

    own = None
    if client is None:
        if address is None:
            raise RunError("the dask backend needs a client or an address", field="address")
        client = own = connect(address, timeout)
    try:
        lost = _drive(lambda batch: client.submit(fn, *args[:2], batch, *args[2:], pure=False),
                      finished, batches, max(8, 4 * sum(client.nthreads().values())),
                      deliver, KilledWorker, client.cancel)
        return f"{len(lost)} batches lost with their workers" if lost else None
    finally:
        if own is not None:
            own.close()
