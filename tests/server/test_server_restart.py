"""A killed server restarts with every table where it was: the real command (``boardkit
serve``) on uvicorn, on 127.0.0.1 and a free port, killed with SIGKILL mid-game."""

from __future__ import annotations

import json
import signal
import subprocess
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from server_helpers import TEACHER, Class, bearer

import boardkit
from boardkit.server.store import MoveRow, Store, now
from boardkit.server.tables import check_spec
from boardkit.server.testing import free_port, serving
from boardkit.server.tokens import digest


def call(base: str, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={**bearer(token), "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def position(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what belongs to the server's run: ``server``, ``revision`` (which
    counts the changes since the run started) and ``notice`` (what the pages were told of
    an undo, until the next move)."""
    return {k: v for k, v in view.items() if k not in ("server", "revision", "notice")}


@contextmanager
def server(db: Path, port: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``boardkit serve`` in a child process, until the block ends (or it is killed)."""
    with serving(db, TEACHER, log, port=port) as running:
        yield running.process


@pytest.mark.slow
def test_a_killed_server_restarts_with_every_table_where_it_was(tmp_path: Path) -> None:
    from websockets.sync.client import connect

    db, log, port = tmp_path / "class.db", tmp_path / "server.log", free_port()
    base = f"http://127.0.0.1:{port}"
    with server(db, port, log) as proc:
        status, made = call(base, "POST", "/api/tables", TEACHER,
                            {"game": "wanderlust", "players": 2, "seed": 7})
        assert status == 201
        status, other = call(base, "POST", "/api/tables", TEACHER,
                             {"game": "dice-grid", "players": 2, "seed": 3})
        assert status == 201
        seats = [s["token"] for s in made["seats"]]
        with connect(f"ws://127.0.0.1:{port}/api/tables/1/ws?token={seats[1]}") as ws:
            assert json.loads(ws.recv(timeout=30))["view"]["moves"] == 0
            for _ in range(5):
                view = call(base, "GET", "/api/tables/1/view", seats[0])[1]
                mover = seats[view["turn"]]
                legal = call(base, "GET", "/api/tables/1/view", mover)[1]["legal_actions"]
                assert call(base, "POST", "/api/tables/1/actions", mover,
                            {"action": legal[-1]})[0] == 200
                assert json.loads(ws.recv(timeout=30))["view"]["viewer"] == 1
        before = [call(base, "GET", "/api/tables/1/view", t)[1] for t in seats]
        before_other = call(base, "GET", "/api/tables/2/view", other["seats"][0]["token"])[1]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=15)
    printed = log.read_text()
    assert f"teacher token: {TEACHER}" in printed and f"http://127.0.0.1:{port}/" in printed
    assert seats[0] not in printed and seats[1] not in printed  # the WebSocket's was masked
    with server(db, port, log):
        after = [call(base, "GET", "/api/tables/1/view", t)[1] for t in seats]
        assert [v["moves"] for v in after] == [5, 5]
        assert [position(v) for v in after] == [position(v) for v in before]
        assert after[0]["server"] != before[0]["server"]  # a page can tell the runs apart
        assert position(call(base, "GET", "/api/tables/2/view",
                             other["seats"][0]["token"])[1]) == position(before_other)
        mover = seats[after[0]["turn"]]
        legal = call(base, "GET", "/api/tables/1/view", mover)[1]["legal_actions"]
        status, view = call(base, "POST", "/api/tables/1/actions", mover, {"action": legal[0]})
        assert status == 200 and view["moves"] == 6
        status, save = call(base, "GET", "/api/tables/1/save", TEACHER)
    assert boardkit.game("wanderlust").from_dict(save).action_count == 6


def test_a_restarted_server_lets_the_agent_to_move_play_on(
        tmp_path: Path, make_class: Callable[..., Class]) -> None:
    """The server stopped after a person's move was committed and before the agent answered:
    when it starts again, the agent moves by itself."""
    db = tmp_path / "class.db"
    spec = check_spec({"game": "dice-grid", "players": 2, "seed": 5, "agents": [None, "random"]})
    store = Store(db)
    token = "seat-zero-token-0123456789"
    table = store.create_table(spec.game, spec.players, spec.seed, spec.variant, spec.params,
                               spec.agents, [(digest(token), "seat", 0)])
    state = boardkit.game("dice-grid").new_game(players=2, seed=5)
    while state.current_player == 0:
        act = state.legal_actions()[0]
        store.add_move(table, MoveRow(state.action_count, 0, act.to_dict(), "person", 1.0, now()),
                       "playing")
        state.apply(act)
    store.close()
    assert state.current_player == 1
    room = make_class("class.db")
    view = room.wait(table, token, lambda v: v["moves"] > state.action_count)
    assert view["moves"] > state.action_count


@pytest.mark.slow
def test_an_undo_survives_a_killed_server(tmp_path: Path) -> None:
    """The teacher takes a move back, the server is killed (SIGKILL) and started again on the
    same file: the table is where the undo left it, the moves taken back are still data, and
    the game goes on from there."""
    db, log, port = tmp_path / "class.db", tmp_path / "server.log", free_port()
    base = f"http://127.0.0.1:{port}"
    with server(db, port, log) as proc:
        status, made = call(base, "POST", "/api/tables", TEACHER,
                            {"game": "wishland", "players": 2, "seed": 1})
        assert status == 201
        seats = [s["token"] for s in made["seats"]]
        played = []
        for _ in range(3):
            turn = call(base, "GET", "/api/tables/1/view", TEACHER)[1]["turn"]
            legal = call(base, "GET", "/api/tables/1/view", seats[turn])[1]["legal_actions"]
            assert call(base, "POST", "/api/tables/1/actions", seats[turn],
                        {"action": legal[0]})[0] == 200
            played.append(legal[0])
        status, undone = call(base, "POST", "/api/tables/1/undo", TEACHER)
        assert status == 200 and undone["moves"] == 2
        assert [m["action"] for m in undone["undone"]] == [played[2]]
        before = [call(base, "GET", "/api/tables/1/view", t)[1] for t in seats]
        assert before[0]["notice"] == "the teacher took back P1's move 3"
        _, save_before = call(base, "GET", "/api/tables/1/save", TEACHER)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=15)
    with server(db, port, log):
        after = [call(base, "GET", "/api/tables/1/view", t)[1] for t in seats]
        assert [v["moves"] for v in after] == [2, 2]
        assert [position(v) for v in after] == [position(v) for v in before]
        assert call(base, "GET", "/api/tables/1/save", TEACHER)[1] == save_before
        mover = seats[after[0]["turn"]]
        legal = call(base, "GET", "/api/tables/1/view", mover)[1]["legal_actions"]
        status, view = call(base, "POST", "/api/tables/1/actions", mover, {"action": legal[-1]})
        assert status == 200 and view["moves"] == 3
    store = Store(db, readonly=True)
    try:
        assert [m.index for m in store.moves(1)] == [0, 1, 2]
        assert store.moves(1)[2].action == legal[-1]
        (taken,) = store.undone(1)
        assert (taken.undo, taken.move.index, taken.move.action) == (1, 2, played[2])
    finally:
        store.close()
