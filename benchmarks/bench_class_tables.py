"""How much play one machine's class server sustains: ``boardkit serve`` (a real uvicorn on
127.0.0.1, a temporary database) with N tables at once, every seat a random player driven
through the API as a student's page is — its WebSocket brings the seat's view after every
move, and when it is the seat's decision it posts a random legal move. A table that ends is
replaced by a new one, so N tables are in play for the whole measurement.

Prints, for each N: moves per second committed, the time a move's POST took (p50, p95), how
long the other seat waited for the push showing it (p50, p95), games finished, and the
refusals met (429: the per-token rate limit). Asserts nothing.

    python benchmarks/bench_class_tables.py [--tables 1,4,16] [--seconds 20] [--game wanderlust]
                                            [--spectators] [--think 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import websockets

from boardkit.server.testing import serving

TEACHER = "bench-class-tables-teacher-0123456789"


@dataclass
class Figures:
    moves: int = 0
    games: int = 0
    refused: dict[int, int] = field(default_factory=dict)
    post: list[float] = field(default_factory=list)
    push: list[float] = field(default_factory=list)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Bench:
    def __init__(self, url: str, game: str, players: int, think: float, spectators: bool,
                 until: float, seed: int):
        self.url, self.game, self.players = url, game, players
        self.think, self.spectators, self.until = think, spectators, until
        self.rng = random.Random(seed)
        self.figures = Figures()
        self.posted: dict[tuple[int, int], float] = {}  # (table, moves before) -> sent at
        self.client = httpx.AsyncClient(base_url=url, timeout=60)

    async def open_table(self) -> dict[str, Any]:
        r = await self.client.post("/api/tables", headers={"Authorization": f"Bearer {TEACHER}"},
                                   json={"game": self.game, "players": self.players,
                                         "seed": self.rng.randrange(2**31)})
        r.raise_for_status()
        return dict(r.json())

    async def seat(self, table: int, seat: int, token: str, done: asyncio.Event) -> None:
        """One seat's page: listen, and move when it is the seat's decision."""
        ws_url = self.url.replace("http", "ws") + f"api/tables/{table}/ws?token={token}"
        rng = random.Random(table * 10 + seat)
        headers = {"Authorization": f"Bearer {token}"}
        async with websockets.connect(ws_url, max_size=None) as ws:
            while time.monotonic() < self.until and not done.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue
                view = json.loads(raw)["view"]
                sent = self.posted.pop((table, view["moves"] - 1), None)
                if sent is not None:  # the first seat to see the move times its push
                    self.figures.push.append(time.monotonic() - sent)
                if view["is_over"]:
                    done.set()
                    return
                if not view["your_turn"]:
                    continue
                if self.think:
                    await asyncio.sleep(self.think)
                while time.monotonic() < self.until:
                    action = rng.choice(view["legal_actions"])
                    start = time.monotonic()
                    self.posted[(table, view["moves"])] = start
                    r = await self.client.post(f"/api/tables/{table}/actions", headers=headers,
                                               json={"action": action})
                    if r.status_code == 200:
                        self.figures.post.append(time.monotonic() - start)
                        self.figures.moves += 1
                        break
                    self.posted.pop((table, view["moves"]), None)
                    self.figures.refused[r.status_code] = self.figures.refused.get(
                        r.status_code, 0) + 1
                    if r.status_code != 429:
                        break
                    await asyncio.sleep(0.2)

    async def spectator(self, table: int, token: str, done: asyncio.Event) -> None:
        ws_url = self.url.replace("http", "ws") + f"api/tables/{table}/ws?token={token}"
        async with websockets.connect(ws_url, max_size=None) as ws:
            while time.monotonic() < self.until and not done.is_set():
                try:
                    await asyncio.wait_for(ws.recv(), timeout=1.0)
                except TimeoutError:
                    continue

    async def slot(self) -> None:
        """One table after another, until the time is up."""
        while time.monotonic() < self.until:
            made = await self.open_table()
            done = asyncio.Event()
            tasks = [self.seat(made["table"], s["seat"], s["token"], done) for s in made["seats"]]
            if self.spectators:
                tasks.append(self.spectator(made["table"], made["spectator"]["token"], done))
            await asyncio.gather(*tasks)
            if done.is_set():
                self.figures.games += 1


async def measure(url: str, tables: int, seconds: float, game: str, players: int, think: float,
                  spectators: bool) -> Figures:
    bench = Bench(url, game, players, think, spectators, time.monotonic() + seconds, tables)
    try:
        await asyncio.gather(*(bench.slot() for _ in range(tables)))
    finally:
        await bench.client.aclose()
    return bench.figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="1,4,16", help="numbers of tables at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per measurement")
    parser.add_argument("--game", default="wanderlust")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a seat waits before it moves (0: as fast as it can)")
    parser.add_argument("--spectators", action="store_true", help="a spectator page per table")
    args = parser.parse_args()
    print(f"class server load: {args.game}, {args.players} players, random seats through the "
          f"API, {args.seconds:.0f} s per row, {os.cpu_count()} CPUs "
          f"(load {os.getloadavg()[0]:.1f}); server and clients share the machine")
    print(f"{'tables':>6} {'moves/s':>8} {'POST p50':>9} {'POST p95':>9} {'push p50':>9} "
          f"{'push p95':>9} {'games':>6}  refused")
    for n in [int(x) for x in args.tables.split(",")]:
        with tempfile.TemporaryDirectory(prefix="bench-class-") as tmp:
            with serving(Path(tmp) / "bench.db", TEACHER, Path(tmp) / "serve.log") as running:
                figures = asyncio.run(measure(running.url, n, args.seconds, args.game,
                                              args.players, args.think, args.spectators))
        ms = 1000.0
        print(f"{n:>6} {figures.moves / args.seconds:>8.1f} {pct(figures.post, .5) * ms:>7.0f}ms "
              f"{pct(figures.post, .95) * ms:>7.0f}ms {pct(figures.push, .5) * ms:>7.0f}ms "
              f"{pct(figures.push, .95) * ms:>7.0f}ms {figures.games:>6}  "
              f"{figures.refused or '-'}")
    print("push: from a move's POST to the first page whose WebSocket shows it")


if __name__ == "__main__":
    main()
