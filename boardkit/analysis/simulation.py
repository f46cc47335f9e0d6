"""Run many games and collect one row per player per game.

Game ``i`` is played from the run's settings and ``i`` alone (:mod:`~.rows`) and rows are
sorted by game, so the serial, process and Dask backends return identical tables (tested).
Games travel in batches: a Dask task costs milliseconds, more than a small game takes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np

from boardkit.agents import make_agent
from boardkit.engine import VariantError
from boardkit.engine import game as get_game
from boardkit.engine.errors import clipped

from . import backends
from .rows import _jobs, run_batch  # run_batch: looked up here at each run (tests replace it)
from .runfile import LABELS, Store, open_run


def run_settings(game: str, agents: Sequence[str], players: int, n: int, seed: int,
                 variant: Mapping[str, Any] | None, params: Mapping[str, Any] | None,
                 rotate: bool, trace: bool) -> dict:
    """What a run's rows depend on (an ``out`` file resumes only a run of the same settings);
    one agent name stands for every seat."""
    agents = list(agents) * players if len(agents) == 1 else list(agents)
    return {"game": game, "agents": agents, "players": players, "n": n, "seed": seed,
            "variant": dict(variant or {}), "params": dict(params or {}), "rotate": rotate,
            "trace": trace}


#: the most games one run may ask for (a longer study is several runs with their own seeds)
MAX_GAMES = 10_000_000
#: how often a process run replaces its pool after losing a batch with its worker
RETRIES = 3
#: exit status of a command (``boardkit simulate``, the studies) whose run stopped early
EXIT_PARTIAL = 3
_COLUMNS = ["game", "seed", "seat", "agent", "score", "rank", "win", "shared_win", "no_winner",
            "actions", "auto_actions", "play", "seconds"]


class GameOverAtStartWarning(UserWarning):
    """The game is over before its first decision (an author's mistake): 0 actions a game."""


class IncompleteRunWarning(UserWarning):
    """A run stopped before all its games were played; the frame holds the finished ones."""


@contextlib.contextmanager
def term_as_interrupt() -> Iterator[None]:
    """SIGTERM (``kill``, a batch system's time limit) stops a run like Ctrl-C does: the
    finished games are kept and written."""
    previous = None
    with contextlib.suppress(ValueError):  # not the main thread: leave the signal alone
        previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


@contextlib.contextmanager
def one_line_warnings(prog: str = "boardkit") -> Iterator[None]:
    """Show warnings as ``prog: warning: message`` (one line, no source line) while inside."""
    with warnings.catch_warnings():
        warnings.showwarning = lambda message, *details, **where: print(
            f"{prog}: warning: {message}", file=sys.stderr)
        yield


def max_workers() -> int:
    """The most local worker processes a run may ask for: four per CPU."""
    return 4 * (os.cpu_count() or 1)


class _Sizes:
    """Batch sizes measured from the games played so far: one game at first, then about
    ``target`` seconds of play, at most ``cap`` games. A batch is kept whole or not at all,
    so a stop gives up a few seconds of play per worker, even with search agents at a minute
    a game, while fast games still travel in large batches."""

    def __init__(self, cap: int, target: float):
        self.cap, self.target = cap, target
        self.games, self.seconds = 0, 0.0

    def record(self, rows: list[dict]) -> None:
        played = {row["game"]: row["seconds"] for row in rows}
        self.games += len(played)
        self.seconds += float(sum(played.values()))

    def next(self) -> int:
        if not self.games:
            return 1
        per_game = self.seconds / self.games
        return self.cap if per_game <= 0 else max(1, min(self.cap, int(self.target / per_game)))

    def batches(self, jobs: Iterator[tuple[int, int]], fixed: int | None) -> Iterator[list]:
        """Batches of consecutive games (a shard holds a contiguous range), each sized when
        it starts (``fixed``: always that size)."""
        job = next(jobs, None)
        while job is not None:
            limit, batch = fixed or self.next(), [job]
            while (job := next(jobs, None)) is not None and len(batch) < limit \
                    and job[0] == batch[-1][0] + 1:
                batch.append(job)
            yield batch


def check_int(value: Any, name: str, low: int, high: int | None = None,
              kind: str = "an integer") -> int:
    """``value`` as an int from ``low`` to ``high``, or a :class:`VariantError` naming it."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < low or (
            high is not None and value > high):
        span = f"from {low:,} to {high:,}" if high is not None else f"at least {low:,}"
        raise VariantError(f"{name} must be {kind} {span}, not {clipped(repr(value), 40)}")
    return int(value)


def simulate(game: str, agents: Sequence[str] | str = ("random",), n: int = 100, seed: int = 0,
             players: int | None = None, variant: Mapping[str, Any] | None = None,
             params: Mapping[str, Any] | None = None, backend: str = "serial",
             workers: int | None = None, client: Any = None, address: str | None = None,
             batch_size: int | None = None, rotate: bool = True, progress: bool | None = None,
             trace: bool = True, out: str | os.PathLike | Store | None = None,
             overwrite: bool = False, retries: int = RETRIES, connect_timeout: float = 5.0) -> Any:
    """Simulate ``n`` games of ``game``; return a pandas DataFrame (one row per seat per game).

    Columns: ``game``, ``seed`` (replays the game), ``seat``, ``agent``, ``score``, ``rank``
    (1 = best score, ties share; a ranking, not a win), ``win`` (the seat won by the game's
    rules), ``shared_win``, ``no_winner`` (the game ended with nobody winning),
    ``actions`` (decisions made by the players), ``auto_actions`` (single-option choices the
    engine took by itself; not in ``actions``), ``seconds``, the traced columns, one
    ``src_*`` column per scoring source (``score_breakdown``) and one ``fact_*`` column per
    fact of the game that is not a score (``facts``: how it ended, when a goal was reached).

    ``agents`` names one agent per seat (a single name fills every seat); with ``rotate``
    the seats rotate from game to game so every agent plays every seat. With ``trace`` each
    game also records its branching factor, lead changes and when it was decided (a second
    ``legal_actions()`` call per decision; switch it off for the fastest runs). ``backend`` is
    ``"serial"``, ``"processes"`` (``workers`` local processes) or ``"dask"`` (a
    ``distributed.Client`` as ``client``, or a scheduler ``address``, which must answer
    within ``connect_timeout`` seconds). A batch lost with its worker is played again: up to
    ``retries`` times on a fresh process pool, as often as the Dask scheduler's
    ``allowed-failures`` on Dask. Games travel in batches of consecutive games sized from
    the play time measured so far (one game at first, then about 2 s of play serially and
    10 s per worker), so a stop loses only the batches still being played; ``batch_size``
    fixes the size instead.

    ``out`` names a CSV file (``.csv.gz`` compresses) the run is kept in as it plays, its
    settings in ``<out>.run.json`` (:mod:`~boardkit.analysis.runfile`). A file of the same
    run is resumed: only its missing games are played, and the table is an uninterrupted
    run's. A file of another run is refused unless ``overwrite``.

    A run that stops early (Ctrl-C, the notebook's stop button, workers lost too often)
    returns the games finished so far with an :class:`IncompleteRunWarning`;
    ``frame.attrs["complete"]`` is then False and ``"missing"`` counts the games not played.
    """
    import pandas as pd  # noqa: F401 - loaded before the run: an interrupt must not land in its import

    g = get_game(game)
    n_players = g.default_players if players is None else check_int(players, "players", 1)
    if g.new_game(players=n_players, seed=0, variant=variant, params=params).is_over:
        # options are checked early; over at once: setup() without self.flow.begin(self)?
        warnings.warn(f"{g.name}: the game is over before its first decision, so every game "
                      "ends with 0 actions (does setup() end with self.flow.begin(self)?)",
                      GameOverAtStartWarning, stacklevel=2)
    agents = [a for a in agents.split(",") if a] if isinstance(agents, str) else list(agents)
    agents = agents * n_players if len(agents) == 1 else agents
    if len(agents) != n_players:
        raise VariantError(f"{len(agents)} agents for {n_players} players: name one per seat, "
                           "or one for all")
    for name in agents:
        make_agent(name, game=game)  # unknown names fail here, before any work
    n = check_int(n, "the number of games", 1, MAX_GAMES, "a positive integer")
    seed, retries = check_int(seed, "seed", 0), check_int(retries, "retries", 0, 100)
    if backend not in ("serial", "processes", "dask"):
        raise VariantError(f"unknown backend {str(backend)[:40]!r}; use serial, processes or dask")
    if backend == "processes":
        backends.check_not_starting_worker()
    if workers is not None:
        workers = check_int(workers, "workers", 1, max_workers())
    if batch_size is not None:
        batch_size = check_int(batch_size, "batch_size", 1, MAX_GAMES)
    if backend == "dask" and client is None:
        if address is None:
            raise VariantError("the dask backend needs client= (a distributed.Client) or address=")
        backends.check_address(address)
    if backend == "dask" and not (isinstance(connect_timeout, int | float)
                                  and 0 < connect_timeout <= 3600):
        raise VariantError(f"connect_timeout must be seconds between 0 and 3600, "
                           f"not {connect_timeout!r}"[:120])
    settings = run_settings(game, agents, n_players, n, seed, variant, params, rotate, trace)
    store = out if isinstance(out, Store) or out is None else open_run(out, settings, overwrite)
    owned = store if store is not out else None  # the run opens and closes its store
    try:  # the store's lock is given back on every way out
        done = set() if store is None else {i for i in store.games() if i < n}
        if done and store is not None:
            store.frame(n)  # its shards are read (and checked) before any game is played
        args = (game if backend == "serial" else _worker_key(g), agents, n_players,
                dict(variant or {}), dict(params or {}), rotate, trace)
        n_workers, remaining = workers or os.cpu_count() or 1, n - len(done)
        played_on = {"serial": 1, "processes": n_workers}.get(backend)  # Dask's: not known here
        sizes = _Sizes(max(1, min(50, remaining // 20 or 1)), 2.0) if backend == "serial" else \
            _Sizes(max(1, min(200, remaining // (n_workers * 8) or 1)), 10.0)
        batches = sizes.batches(_jobs(seed, n, done), batch_size)
        bar = _progress(n, f"{game} × {n}", n >= 200 if progress is None else progress, len(done))
        rows: list[dict] = []

        def deliver(batch_rows: list[dict], games: int, count: bool = True) -> None:
            sizes.record(batch_rows)
            if store is not None:
                store.add(batch_rows)  # a shard: a killed run keeps it
            else:
                rows.extend(batch_rows)
            if count:
                bar.update(games)

        stopped = None
        try:
            if remaining and backend == "serial":
                for batch in batches:
                    deliver(run_batch(game, agents, batch, *args[2:]), len(batch))
            elif remaining and backend == "processes":
                stopped = backends.run_processes(run_batch, batches, args, n_workers, deliver,
                                                 retries)
            elif remaining:
                stopped = backends.run_dask(run_batch, batches, args, client, address,
                                            connect_timeout, deliver)
        except KeyboardInterrupt:
            stopped = "interrupted"
        except BaseException:
            if store is not None:  # keep the finished games, then report the error
                _finish(store, owned, rows, settings, g, "stopped by an error", len(done),
                        played_on)
            raise
        finally:
            bar.close()
        return _finish(store, owned, rows, settings, g, stopped, len(done), played_on)
    finally:
        if owned is not None:
            owned.close()


def _worker_key(g: Any) -> str:
    """How a worker process finds the game: its name if built in, else its importable
    ``"module:attribute"`` reference (a course's own game)."""
    from boardkit.engine import registry

    ref = g.name if g.name in registry.BUILTIN else registry.reference(g.name)
    if ref is None:
        raise VariantError(
            f"{g.name} is defined where other processes cannot import it (a notebook cell or "
            "a script run as __main__); the processes and dask backends start new Python "
            "processes: put the game in a module (a .py file), use it as 'module:GAME' "
            "(docs/adding-a-game.md), or run with backend='serial'")
    return ref


def _finish(store: Store | None, owned: Store | None, rows: list[dict], settings: dict, g: Any,
            stopped: str | None, resumed: int, workers: int | None = 1) -> Any:
    """The run's table (its store's, or ``rows``) with its settings and status in ``attrs``;
    a run that owns its store writes it (and the settings file)."""
    import pandas as pd

    n = settings["n"]
    frame = store.frame(n) if store is not None else None
    if frame is None:
        extra = [c for c in (rows[0] if rows else {}) if c not in _COLUMNS]
        frame = pd.DataFrame(rows, columns=_COLUMNS + extra).sort_values(
            ["game", "seat"], kind="stable").reset_index(drop=True)
    played = int(frame["game"].nunique())
    status = {"complete": played == n, "games": n, "finished": played, "missing": n - played,
              "stopped": None if played == n else stopped, "resumed": resumed}
    if owned is not None:  # with the play time of its games, a study's pace
        owned.publish(frame, **status, workers=workers, seconds=round(float(
            frame.groupby("game").seconds.first().sum()) if played else 0.0, 1))
    frame.attrs.update({key: settings[key] for key in LABELS},
                       lower_is_better=g.lower_is_better, **status)
    if played < n:
        where = (f"; written to {owned.path}: run again with the same settings to play the "
                 "rest" if owned is not None else "")
        kept = f"{played:,} finished game{'' if played == 1 else 's'}"
        warnings.warn(f"{stopped or 'stopped'}: kept the {kept} of {n:,} "
                      f"({n - played:,} missing){where}", IncompleteRunWarning, stacklevel=3)
    return frame


def _progress(total: int, desc: str, show: bool, initial: int = 0) -> Any:
    from tqdm.auto import tqdm  # the analysis extra brings it, with pandas

    return tqdm(total=total, desc=desc, unit="game", initial=initial, disable=not show)
