"""Run many games and collect one row per player per game.

Results never depend on how the work is scheduled: the seed of game ``i`` is derived from
the run's seed alone (:func:`game_seeds`), agents are seeded from their game's seed and
seat, and rows are sorted by game index. So the serial, process and Dask backends return
identical tables for the same seed (tested). Games are submitted in batches, because a Dask
task costs milliseconds of overhead and a small game takes less than that.
"""

from __future__ import annotations

import atexit
import os
import time
import warnings
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import numpy as np

from boardkit.agents import apply_chosen, make_agent, play
from boardkit.engine import VariantError
from boardkit.engine import game as get_game


def game_seeds(seed: int, n: int) -> list[int]:
    """The seeds of games 0..n-1 of a run: a pure function of (seed, n)."""
    return [int(s) for s in np.random.default_rng(seed).integers(0, 2**62, size=n)]


def _seats(agents: Sequence[str], index: int, rotate: bool) -> list[str]:
    k = index % len(agents) if rotate else 0
    return list(agents[k:]) + list(agents[:k])


def _leaders(scores: list[float], lower_is_better: bool) -> frozenset[int]:
    best = min(scores) if lower_is_better else max(scores)
    return frozenset(i for i, v in enumerate(scores) if v == best)


def play_traced(state, bots, lower_is_better: bool) -> dict:
    """Play to the end, recording what the design metrics need: the number of options at
    each decision (branching factor), and who leads after each decision (lead changes,
    decisiveness: the share of the game after which the eventual winner always leads)."""
    branching, leaders = [], []
    limit = 100_000
    try:
        while not state.is_over:
            branching.append(len(state.offer()))  # listed once: the agent reuses the list
            apply_chosen(state, bots[state.current_player].act(state))
            leaders.append(_leaders(state.scores(), lower_is_better))
            limit -= 1
            if limit == 0:
                raise RuntimeError(f"{state.game.name}: no end after 100,000 decisions")
    finally:
        state.withdraw_offer()
    changes = sum(1 for a, b in zip(leaders, leaders[1:], strict=False) if a != b)
    winners = set(state.winners())
    if not winners:  # nobody won: there is no eventual winner whose lead could settle
        return {"branching": sum(branching) / len(branching) if branching else 0.0,
                "lead_changes": changes, "decided_at": float("nan")}
    settled = len(leaders)
    for i in range(len(leaders) - 1, -1, -1):
        if not leaders[i] <= winners or not leaders[i]:
            break
        settled = i
    return {
        "branching": sum(branching) / len(branching) if branching else 0.0,
        "lead_changes": changes,
        "decided_at": settled / len(leaders) if leaders else 0.0,
    }


def run_batch(game_name: str, agents: Sequence[str], jobs: Sequence[tuple[int, int]],
              players: int, variant: Mapping[str, Any] | None, params: Mapping[str, Any] | None,
              rotate: bool, trace: bool = True) -> list[dict]:
    """Play the games ``jobs`` = [(index, seed), ...]; return their rows (picklable)."""
    g = get_game(game_name)
    rows = []
    for index, seed in jobs:
        seats = _seats(agents, index, rotate)
        state = g.new_game(players=players, seed=seed, variant=variant, params=params)
        bots = [make_agent(name, seed=seed * 8 + seat, game=game_name) for seat, name in enumerate(seats)]
        start = time.perf_counter()
        if trace:
            extra = play_traced(state, bots, g.lower_is_better)
        else:
            play(state, bots)
            extra = {}
        seconds = time.perf_counter() - start
        scores = state.scores()
        winners = state.winners()
        order = sorted(scores, reverse=not g.lower_is_better)
        length = state.action_count
        automatic = state.auto_count
        for seat, name in enumerate(seats):
            row = {
                "game": index, "seed": seed, "seat": seat, "agent": name,
                "score": scores[seat], "rank": order.index(scores[seat]) + 1,
                "win": seat in winners, "shared_win": seat in winners and len(winners) > 1,
                "no_winner": not winners, "actions": length, "auto_actions": automatic,
                "seconds": seconds, **extra,
            }
            for source, value in state.score_breakdown(seat).items():
                row[f"src_{source}"] = value
            rows.append(row)
    return rows


def _batches(jobs: list[tuple[int, int]], size: int) -> list[list[tuple[int, int]]]:
    return [jobs[i:i + size] for i in range(0, len(jobs), size)]


def simulate(game: str, agents: Sequence[str] | str = ("random",), n: int = 100, seed: int = 0,
             players: int | None = None, variant: Mapping[str, Any] | None = None,
             params: Mapping[str, Any] | None = None, backend: str = "serial",
             workers: int | None = None, client: Any = None, address: str | None = None,
             batch_size: int | None = None, rotate: bool = True, progress: bool | None = None,
             trace: bool = True):
    """Simulate ``n`` games of ``game``; return a pandas DataFrame (one row per seat per game).

    Columns: ``game``, ``seed`` (replays the game), ``seat``, ``agent``, ``score``, ``rank``
    (1 = best score, ties share; a ranking, not a win), ``win`` (the seat won by the game's
    rules), ``shared_win``, ``no_winner`` (the game ended with nobody winning),
    ``actions`` (decisions made by the players), ``auto_actions`` (single-option choices the
    engine took by itself; not in ``actions``), ``seconds``, the traced columns and one
    ``src_*`` column per scoring source.

    ``agents`` names one agent per seat (a single name fills every seat); with ``rotate``
    the seats rotate from game to game so every agent plays every seat. With ``trace`` each
    game also records its branching factor, lead changes and when it was decided (a second
    ``legal_actions()`` call per decision; switch it off for the fastest runs). ``backend`` is
    ``"serial"``, ``"processes"`` (``workers`` local processes) or ``"dask"`` (a
    ``distributed.Client`` as ``client``, or a scheduler ``address``). Interrupting a run
    (Ctrl-C, the notebook's stop button) returns the games finished so far.
    """
    import pandas as pd

    g = get_game(game)
    n_players = g.default_players if players is None else players
    if isinstance(agents, str):
        agents = [a for a in agents.split(",") if a]
    agents = list(agents)
    if len(agents) == 1:
        agents = agents * n_players
    if len(agents) != n_players:
        raise VariantError(f"{len(agents)} agents for {n_players} players: name one per seat, or one for all")
    for name in agents:
        make_agent(name, game=game)  # unknown names fail here, before any work
    g.new_game(players=n_players, seed=0, variant=variant, params=params)  # validate options early
    if not isinstance(n, int) or n < 1:
        raise VariantError(f"the number of games must be a positive integer, not {n!r}")
    jobs = list(enumerate(game_seeds(seed, n)))
    args = (game, agents, n_players, dict(variant or {}), dict(params or {}), rotate, trace)

    if backend == "serial":
        size = batch_size or max(1, min(50, n // 20 or 1))
    else:
        n_workers = workers or os.cpu_count() or 1
        size = batch_size or max(1, min(200, n // (n_workers * 8) or 1))
    batches = _batches(jobs, size)
    show = progress if progress is not None else n >= 200
    bar = _progress(n, f"{game} × {n}", show)
    rows: list[dict] = []
    try:
        if backend == "serial":
            for batch in batches:
                rows.extend(run_batch(game, agents, batch, *args[2:]))
                bar.update(len(batch))
        elif backend == "processes":
            pool = process_pool(workers or os.cpu_count() or 1)
            futures = {pool.submit(run_batch, game, agents, b, *args[2:]): len(b) for b in batches}
            try:
                for fut in as_completed(futures):
                    rows.extend(fut.result())
                    bar.update(futures[fut])
            except BaseException:
                for fut in futures:
                    fut.cancel()
                close_pools()  # a broken or interrupted pool is not reused
                raise
        elif backend == "dask":
            rows = _run_dask(batches, game, agents, args, client, address, bar)
        else:
            raise VariantError(f"unknown backend {backend!r}; use serial, processes or dask")
    except KeyboardInterrupt:
        warnings.warn(f"interrupted: returning the {len({r['game'] for r in rows})} finished games",
                      stacklevel=2)
    finally:
        bar.close()
    base = ["game", "seed", "seat", "agent", "score", "rank", "win", "shared_win", "no_winner",
            "actions", "auto_actions", "seconds"]
    extra = [c for c in (rows[0] if rows else {}) if c not in base]
    frame = pd.DataFrame(rows, columns=base + extra)
    frame = frame.sort_values(["game", "seat"], kind="stable").reset_index(drop=True)
    frame.attrs.update({"game": game, "seed": seed, "players": n_players, "agents": agents,
                        "variant": dict(variant or {}), "params": dict(params or {}),
                        "lower_is_better": g.lower_is_better})
    return frame


_POOLS: dict[int, ProcessPoolExecutor] = {}


def process_pool(workers: int) -> ProcessPoolExecutor:
    """The process pool of this Python process for ``workers`` workers, started on first use
    and reused by later runs (starting one costs about a second: a fresh interpreter per
    worker, with ``spawn``, because a Jupyter kernel has threads). Closed at exit."""
    pool = _POOLS.get(workers)
    if pool is None:
        import multiprocessing as mp

        pool = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers,
                                                     mp_context=mp.get_context("spawn"))
    return pool


def close_pools() -> None:
    """Shut down the reused process pools (they restart on the next run)."""
    while _POOLS:
        _, pool = _POOLS.popitem()
        pool.shutdown(wait=False, cancel_futures=True)


atexit.register(close_pools)


def _run_dask(batches, game, agents, args, client, address, bar) -> list[dict]:
    from dask.distributed import Client
    from dask.distributed import as_completed as dask_completed

    own = None
    if client is None:
        if address is None:
            raise VariantError("the dask backend needs client= (a distributed.Client) or address=")
        client = own = Client(address)
    rows: list[dict] = []
    try:
        futures = client.map(run_batch, [game] * len(batches), [agents] * len(batches), batches,
                             *[[a] * len(batches) for a in args[2:]], pure=False)
        sizes = {f.key: len(b) for f, b in zip(futures, batches, strict=True)}
        try:
            for fut in dask_completed(futures):
                rows.extend(fut.result())
                bar.update(sizes[fut.key])
        except KeyboardInterrupt:
            client.cancel(futures)
            raise
    finally:
        if own is not None:
            own.close()
    return rows


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, desc: str, show: bool):
    if not show:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:  # the analysis extra is optional for the engine
        return _NoBar()
    return tqdm(total=total, desc=desc, unit="game")


def summarize(frame) -> Any:
    """Per agent and seat: games, win rate, share of games nobody won, mean score, mean game
    length (a DataFrame)."""
    import pandas as pd

    if frame.empty:
        return pd.DataFrame()
    table = frame.groupby(["agent", "seat"]).agg(
        games=("game", "nunique"), win_rate=("win", "mean"), no_winner=("no_winner", "mean"),
        mean_score=("score", "mean"), sd_score=("score", "std"), mean_actions=("actions", "mean"),
    )
    return table.round(3)
