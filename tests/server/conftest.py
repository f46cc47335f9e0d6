"""Fixtures of the class server's tests: an app on a temporary SQLite file, driven by
Starlette's TestClient (helpers in server_helpers.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from server_helpers import TEACHER, Class  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from boardkit.server.app import RateLimit, create_app  # noqa: E402


@pytest.fixture
def make_class(tmp_path: Path) -> Iterator[Callable[..., Class]]:
    """``make_class(**create_app options)``: a running app on a fresh database (stopped
    after the test)."""
    clients: list[TestClient] = []

    def start(name: str = "class.db", **options: Any) -> Class:
        options.setdefault("rate", RateLimit(burst=10_000, per_second=10_000.0))
        db = tmp_path / name
        client = TestClient(create_app(str(db), TEACHER, **options))
        client.__enter__()
        clients.append(client)
        return Class(client, db)

    yield start
    for client in reversed(clients):
        client.__exit__(None, None, None)


@pytest.fixture
def room(make_class: Callable[..., Class]) -> Class:
    return make_class()
