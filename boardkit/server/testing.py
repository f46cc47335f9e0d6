"""Running ``boardkit serve`` for a test or a benchmark: on 127.0.0.1 at a free port, in a
child process, stopped by its PID when the block ends (a block may also kill it itself, to
test a restart). And the strings a JSON answer holds, to search them for secrets."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Serving:
    """A running ``boardkit serve``: its process, its address and its log file."""

    process: subprocess.Popen[bytes]
    url: str
    port: int
    log: Path


@contextmanager
def serving(db: Path, teacher: str, log: Path, port: int | None = None,
            timeout: float = 60.0) -> Iterator[Serving]:
    """``boardkit serve --db DB`` on 127.0.0.1 (``port``, or a free one) until the block ends,
    answering before the block starts; its output is appended to ``log``. A server that
    does not answer within ``timeout`` seconds is stopped and its log raised."""
    port = free_port() if port is None else port
    with open(log, "ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "boardkit", "serve", "--db", str(db), "--host", "127.0.0.1",
             "--port", str(port), "--teacher-token", teacher],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    server = Serving(process, f"http://127.0.0.1:{port}/", port, log)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(server.url, timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("boardkit serve did not start:\n"
                                       + log.read_text(errors="replace")) from None
                time.sleep(0.1)
        yield server
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=30)


def strings(value: Any) -> list[str]:
    """Every string in a JSON value (dict values and list items, at any depth)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []
