"""Helpers of the class server's tests (tests/server/ is on sys.path): the teacher's token,
a running app and its database file."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

TEACHER = "teacher-secret-token-0123456789"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def snapshot(db: Path) -> list[str]:
    """Everything the database file holds, as SQL (a refusal must leave it as it was)."""
    with sqlite3.connect(db) as con:
        return list(con.iterdump())


class Class:
    """A running app and its database file."""

    def __init__(self, client: TestClient, db: Path):
        self.client = client
        self.db = db

    def open(self, game: str = "wanderlust", players: int = 2, seed: int = 7,
             **extra: Any) -> dict[str, Any]:
        r = self.client.post("/api/tables", headers=bearer(TEACHER),
                             json={"game": game, "players": players, "seed": seed, **extra})
        assert r.status_code == 201, r.text
        return r.json()

    def view(self, table: int, token: str, **params: str) -> dict[str, Any]:
        r = self.client.get(f"/api/tables/{table}/view", headers=bearer(token), params=params)
        assert r.status_code == 200, r.text
        return r.json()

    def wait(self, table: int, token: str, until: Callable[[dict[str, Any]], bool],
             timeout: float = 20.0) -> dict[str, Any]:
        """The view once ``until`` holds (the agents move in the background)."""
        end = time.monotonic() + timeout
        while True:
            view = self.view(table, token)
            if until(view):
                return view
            assert time.monotonic() < end, f"gave up waiting: {view['status']}"
            time.sleep(0.05)
