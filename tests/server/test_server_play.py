"""Whole games at a class table: a person against an agent through the API, agents on their
own, and the WebSocket that shows every viewer its own view after each move."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

from server_helpers import TEACHER, Class, bearer

import boardkit


def _play_to_the_end(room: Class, table: int, token: str, rng: random.Random) -> int:
    """The person at ``token`` plays random legal moves from its views until the game is
    over (the agents answer on the server); how many moves it made."""
    made = 0
    view = room.wait(table, token, lambda v: v["your_turn"] or v["is_over"])
    while not view["is_over"]:
        assert view["legal_actions"], view["status"]
        act = rng.choice(view["legal_actions"])
        r = room.client.post(f"/api/tables/{table}/actions", headers=bearer(token),
                             json={"action": act})
        assert r.status_code == 200, r.text
        made += 1
        view = r.json()
        if not (view["your_turn"] or view["is_over"]):
            view = room.wait(table, token, lambda v: v["your_turn"] or v["is_over"])
    return made


def test_a_person_plays_wanderlust_against_an_agent_to_the_end(room: Class) -> None:
    made = room.open(agents=[None, "random"])
    token = made["seats"][0]["token"]
    mine = _play_to_the_end(room, 1, token, random.Random(3))
    end = room.view(1, token)
    assert end["is_over"] and end["winners"] and len(end["scores"]) == 2
    save = room.client.get("/api/tables/1/save", headers=bearer(TEACHER)).text
    state = boardkit.game("wanderlust").from_json(save)
    assert state.is_over and state.history() == json.loads(save)["history"]
    with sqlite3.connect(room.db) as con:
        rows = con.execute("SELECT idx, seat, action, by FROM moves WHERE table_id = 1 "
                           "ORDER BY idx").fetchall()
        status = con.execute("SELECT status FROM tables WHERE id = 1").fetchone()[0]
    assert status == "over"
    actions = [(e.player, e.action.to_dict()) for e in state.log if e.kind == "action"]
    assert [(seat, json.loads(act)) for _, seat, act, _ in rows] == actions
    assert [idx for idx, *_ in rows] == list(range(len(rows)))
    assert {by for _, seat, _, by in rows if seat == 0} == {"person"}
    assert {by for _, seat, _, by in rows if seat == 1} == {"random"}
    assert sum(1 for _, seat, _, _ in rows if seat == 0) == mine


def test_agents_alone_play_a_table_to_the_end(room: Class) -> None:
    made = room.open(game="dice-grid", players=2, seed=4, agents=["random", "greedy"])
    assert [s["token"] for s in made["seats"]] == [None, None]
    spectator = made["spectator"]["token"]
    end = room.wait(1, spectator, lambda v: v["is_over"])
    save = room.client.get("/api/tables/1/save", headers=bearer(TEACHER)).text
    assert boardkit.game("dice-grid").from_json(save).action_count == end["moves"]


def _receive_view(socket: Any) -> dict[str, Any]:
    msg = socket.receive_json()
    assert msg["kind"] == "view"
    return msg["view"]


def test_the_websocket_pushes_each_viewer_its_own_view(room: Class) -> None:
    made = room.open(agents=[None, None])
    seat0, seat1 = (s["token"] for s in made["seats"])
    spectator = made["spectator"]["token"]
    base = "/api/tables/1/ws?token="
    with room.client.websocket_connect(base + seat0) as ws0, \
            room.client.websocket_connect(base + seat1) as ws1, \
            room.client.websocket_connect(base + spectator) as wsp, \
            room.client.websocket_connect(base + TEACHER + "&as=all") as wst:
        firsts = [_receive_view(ws) for ws in (ws0, ws1, wsp, wst)]
        assert [v["viewer"] for v in firsts] == [0, 1, "public", "all"]
        act = firsts[0]["legal_actions"][0]
        r = room.client.post("/api/tables/1/actions", headers=bearer(seat0), json={"action": act})
        assert r.status_code == 200
        pushed = [_receive_view(ws) for ws in (ws0, ws1, wsp, wst)]
        assert [v["moves"] for v in pushed] == [1, 1, 1, 1]
        assert [v["viewer"] for v in pushed] == [0, 1, "public", "all"]
        assert pushed[0] == r.json()
        assert pushed[1]["observation"] == room.view(1, seat1)["observation"]


def test_a_websocket_without_a_good_token_is_closed(room: Class) -> None:
    from starlette.websockets import WebSocketDisconnect

    made = room.open()
    other = room.open(seed=9)
    for query, code in [("", 4401), ("x" * 32, 4401), (other["seats"][0]["token"], 4403),
                        (made["seats"][0]["token"] + "&as=all", 4403)]:
        try:
            with room.client.websocket_connect(f"/api/tables/1/ws?token={query}") as ws:
                ws.receive_json()
        except WebSocketDisconnect as exc:
            assert exc.code == code, query
        else:
            raise AssertionError(f"{query!r} was let in")
