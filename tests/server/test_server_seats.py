"""An agent that fails does not hang a table: it changes nothing, every page says so, the
server goes on serving, and the teacher lets it try again or hands the seat to a person or to
another agent. And the teacher's other routes: seats changing hands, new links, the games
the form offers, the teacher's page."""

from __future__ import annotations

import json
import logging
import re
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import pytest
from server_helpers import TEACHER, Class, bearer, snapshot

from boardkit.agents import Agent
from boardkit.agents.registry import AGENTS
from boardkit.engine import Action, State
from boardkit.server.tables import RULE_SEAT_OVER

#: what the failing agent's exception says: only the teacher's everything may show it
SECRET = "the broken agent's plan: it holds a six"
CALLS: list[int] = []


class Broken(Agent[State]):
    """Raises whenever it is asked to move."""

    name = "broken"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state: State) -> Action:
        CALLS.append(state.action_count)
        raise RuntimeError(SECRET)


class Cheat(Agent[State]):
    """Answers with a move that is not one of the decision's options."""

    name = "cheat"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        other = state.game.actions.from_dict({"type": "Claim", "cell": [0, 0]}, "action")
        assert other not in legal
        return other


class Mute(Agent[State]):
    """Answers with something that is not an action at all."""

    name = "mute"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state: State) -> Any:
        return "pass, please"


@pytest.fixture(autouse=True)
def failing_agents(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    CALLS.clear()
    for name, factory in (("broken", Broken), ("cheat", Cheat), ("mute", Mute)):
        monkeypatch.setitem(AGENTS, name, factory)
    yield


def _play(room: Class, table: int, token: str, action: dict[str, Any]) -> dict[str, Any]:
    r = room.client.post(f"/api/tables/{table}/actions", headers=bearer(token),
                         json={"action": action})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _to_the_agent(room: Class, table: int, person: str) -> int:
    """The person (P1) moves until it is P2's decision; how many moves it made."""
    made = 0
    while True:
        view = room.view(table, person)
        if view["turn"] != 0:
            return made
        _play(room, table, person, view["legal_actions"][0])
        made += 1


def _seat(room: Class, table: int, seat: int, agent: Any, token: str = TEACHER) -> Any:
    return room.client.post(f"/api/tables/{table}/seats/{seat}", headers=bearer(token),
                            json={"agent": agent})


def _moves(room: Class, table: int) -> list[tuple[int, int, str]]:
    with sqlite3.connect(room.db) as con:
        return con.execute("SELECT idx, seat, by FROM moves WHERE table_id = ? ORDER BY idx",
                           (table,)).fetchall()


def test_an_agent_that_raises_changes_nothing_and_waits_for_the_teacher(
        room: Class, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="boardkit.server")
    made = room.open(game="dice-grid", players=2, seed=3, agents=[None, "broken"])
    person, spectator = made["seats"][0]["token"], made["spectator"]["token"]
    mine = _to_the_agent(room, 1, person)
    failed = room.wait(1, spectator, lambda v: v["agent_error"] is not None)
    error = failed["agent_error"]
    assert error["seat"] == 1 and error["agent"] == "broken" and error["move"] == mine
    assert "could not make move" in error["message"] and "P2" in error["message"]
    assert set(error) == {"seat", "agent", "move", "at", "message"}  # not what went wrong
    everything = room.view(1, TEACHER, **{"as": "all"})
    assert everything["agent_error"]["error"] == f"RuntimeError: {SECRET}"
    assert everything["agent_error"]["rule"] is None
    for token in (person, spectator, TEACHER):
        view = room.view(1, token)
        assert view["agent_error"] == error and SECRET not in json.dumps(view)
        assert view["moves"] == mine and view["turn"] == 1  # nothing changed
    listed = room.client.get("/api/tables", headers=bearer(TEACHER)).json()["tables"]
    assert listed[0]["agent_error"]["error"] == f"RuntimeError: {SECRET}"
    assert _moves(room, 1) == [(i, 0, "person") for i in range(mine)]
    logged = [r for r in caplog.records if "could not make move" in r.getMessage()]
    assert len(logged) == 1 and logged[0].levelno == logging.ERROR and logged[0].exc_info
    time.sleep(0.5)
    assert CALLS == [mine]  # asked once: the table waits, it does not loop
    # the server goes on: another table plays, and the person is told whose move it is
    other = room.open(game="dice-grid", players=2, seed=4, agents=["random", "random"])
    room.wait(other["table"], TEACHER, lambda v: v["is_over"])
    r = room.client.post("/api/tables/1/actions", headers=bearer(person),
                         json={"action": {"type": "Pass"}})
    assert r.status_code == 403
    # the teacher lets it try again: it fails again, and says so again
    r = _seat(room, 1, 1, "broken")
    assert r.status_code == 200 and r.json() == {"table": 1, "seat": 1, "agent": "broken",
                                                  "token": None, "url": None}
    room.wait(1, spectator, lambda v: v["agent_error"] is not None and len(CALLS) == 2)
    assert CALLS == [mine, mine]
    # the teacher hands the seat to a person: a new link plays it
    r = _seat(room, 1, 1, None)
    assert r.status_code == 200, r.text
    seated = r.json()
    assert seated["agent"] is None and seated["url"].endswith("#token=" + seated["token"])
    newcomer = room.view(1, seated["token"])
    assert newcomer["your_turn"] and newcomer["agent_error"] is None
    assert newcomer["agents"] == [None, None]
    assert room.view(1, spectator)["agent_error"] is None
    _play(room, 1, seated["token"], newcomer["legal_actions"][0])
    assert _moves(room, 1)[-1] == (mine, 1, "person")
    with sqlite3.connect(room.db) as con:
        assert json.loads(con.execute("SELECT agents FROM tables WHERE id = 1").fetchone()[0]) \
            == [None, None]


@pytest.mark.parametrize(("agent", "says", "rule"), [
    ("cheat", "“claim cell A1” is not possible now", "dice-grid.turn.choose"),
    ("mute", "TypeError: the agent answered 'pass, please', not an action", None),
])
def test_an_agent_that_answers_with_no_legal_move_is_stopped(room: Class, agent: str,
                                                             says: str, rule: str | None) -> None:
    made = room.open(game="dice-grid", players=2, seed=3, agents=[None, agent])
    person = made["seats"][0]["token"]
    mine = _to_the_agent(room, 1, person)
    before = snapshot(room.db)
    failed = room.wait(1, TEACHER, lambda v: v["agent_error"] is not None)
    assert snapshot(room.db) == before and failed["moves"] == mine
    detail = room.view(1, TEACHER, **{"as": "all"})["agent_error"]
    assert detail["rule"] == rule and detail["error"].startswith(says)
    # another agent takes the seat over, and the game goes on to its end
    r = _seat(room, 1, 1, "random")
    assert r.status_code == 200 and r.json()["token"] is None
    end = room.wait(1, person, lambda v: v["your_turn"] or v["is_over"])
    assert end["agent_error"] is None and end["moves"] > mine
    assert {by for _, seat, by in _moves(room, 1) if seat == 1} == {"random"}


def test_every_refused_seat_change_changes_nothing(room: Class) -> None:
    made = room.open(game="dice-grid", players=2, seed=3)
    seat0 = made["seats"][0]["token"]
    spectator = made["spectator"]["token"]
    other = room.open(game="dice-grid", players=2, seed=3)
    room.open(game="dice-grid", players=2, seed=5, agents=["random", "random"])
    room.wait(3, TEACHER, lambda v: v["is_over"])
    before = snapshot(room.db)
    views = [room.view(1, t) for t in (seat0, spectator)]
    for what, table, seat, body, token, status, says in [
        ("no token", 1, 0, {"agent": "random"}, None, 401, "token"),
        ("a seat's token", 1, 0, {"agent": "random"}, seat0, 403, "teacher"),
        ("the spectators'", 1, 0, {"agent": "random"}, spectator, 403, "teacher"),
        ("another table's seat", 1, 0, {"agent": None}, other["seats"][0]["token"], 403,
         "teacher"),
        ("no such table", 9, 0, {"agent": "random"}, TEACHER, 404, "table 9"),
        ("no such seat", 1, 2, {"agent": "random"}, TEACHER, 404, "seat:"),
        ("no agent field", 1, 0, {"who": "random"}, TEACHER, 400, "agent"),
        ("an extra field", 1, 0, {"agent": "random", "seat": 1}, TEACHER, 400, "agent"),
        ("an unknown agent", 1, 0, {"agent": "genius"}, TEACHER, 400, "agent: unknown agent"),
        ("not a name", 1, 0, {"agent": 3}, TEACHER, 400, "agent:"),
        ("a finished game", 3, 0, {"agent": None}, TEACHER, 409, "game is over"),
    ]:
        headers = {} if token is None else bearer(token)
        r = room.client.post(f"/api/tables/{table}/seats/{seat}", headers=headers, json=body)
        assert r.status_code == status, (what, r.text)
        assert says in r.json()["error"], (what, r.json())
        if status == 409:
            assert r.json()["rule"] == RULE_SEAT_OVER
        assert snapshot(room.db) == before, what
    assert [room.view(1, t) for t in (seat0, spectator)] == views


def test_a_new_link_closes_the_old_one(room: Class) -> None:
    from starlette.websockets import WebSocketDisconnect

    made = room.open(game="dice-grid", players=2, seed=3)
    old = made["seats"][0]["token"]
    with room.client.websocket_connect(f"/api/tables/1/ws?token={old}") as ws:
        assert ws.receive_json()["view"]["seat"] == 0
        r = _seat(room, 1, 0, None)
        assert r.status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:  # a push may come first; then the socket is closed
                ws.receive_json()
        assert closed.value.code == 4401
    new = r.json()["token"]
    assert new != old
    assert room.client.get("/api/tables/1/view", headers=bearer(old)).status_code == 401
    assert room.view(1, new)["your_turn"]
    dump = "\n".join(snapshot(room.db))
    assert old not in dump and new not in dump


def test_the_teacher_makes_more_spectators_links(room: Class) -> None:
    made = room.open(game="dice-grid", players=2, seed=3)
    first = made["spectator"]["token"]
    r = room.client.post("/api/tables/1/spectator", headers=bearer(TEACHER))
    assert r.status_code == 201
    second = r.json()
    assert second["url"].endswith("/tables/1/play#token=" + second["token"])
    for token in (first, second["token"]):
        assert room.view(1, token)["viewer"] == "public"
    before = snapshot(room.db)
    for token, status in ((first, 403), (made["seats"][0]["token"], 403)):
        r = room.client.post("/api/tables/1/spectator", headers=bearer(token))
        assert r.status_code == status
    r = room.client.post("/api/tables/1/spectator", headers=bearer(TEACHER),
                         json={"many": 3})
    assert r.status_code == 400
    assert snapshot(room.db) == before


def test_the_games_the_teachers_form_offers(room: Class) -> None:
    from boardkit.engine.registry import BUILTIN

    r = room.client.get("/api/games", headers=bearer(TEACHER))
    assert r.status_code == 200
    offered = {g["name"]: g for g in r.json()["games"]}
    assert set(BUILTIN) <= set(offered)
    wanderlust = offered["wanderlust"]
    assert (wanderlust["min_players"], wanderlust["max_players"]) == (1, 5)
    assert "greedy" in wanderlust["agents"] and "human" not in wanderlust["agents"]
    assert "broken" in wanderlust["agents"]  # what check_spec accepts, registered ones too
    assert wanderlust["variant"]["family"] is False
    assert "house_rules" in wanderlust
    # each option as the form offers it: yes/no, a choice (None first: unset), or as data
    options = {o["name"]: o for o in wanderlust["options"]}
    assert options["family"]["kind"] == "bool" and options["family"]["default"] is False
    assert options["automatons"]["values"] == [0, 1, 2, 3]
    assert options["scenario"]["kind"] == "choice" and options["scenario"]["values"][0] is None
    assert options["passports"]["kind"] == "other"
    solo_best = next(o for o in offered["wishland"]["options"] if o["name"] == "solo_best")
    assert (solo_best["kind"], solo_best["optional"]) == ("number", True)
    # the overview tells tables playing other rules apart: options changed, house rules
    tried = room.open(game="wanderlust", players=2, seed=5, variant={"family": True},
                      params={"end.finish_round": True})
    listed = room.client.get("/api/tables", headers=bearer(TEACHER)).json()["tables"]
    row = next(t for t in listed if t["table"] == tried["table"])
    assert (row["seed"], row["variant"], row["params"]) == (
        5, {"family": True}, {"end.finish_round": True})
    # and everyone at the table reads what it plays with, in words
    for token in (tried["seats"][1]["token"], tried["spectator"]["token"], TEACHER):
        said = room.view(tried["table"], token)["played_with"]
        assert [(i["name"], i["value"], i["house_rule"]) for i in said] == [
            ("family", True, False), ("end.finish_round", True, True)]
        assert said[0]["text"].startswith("Family-Friendly variant")
        assert "the round is finished first" in said[1]["text"]
    made = room.open(game="dice-grid", players=2, seed=3)
    assert room.view(made["table"], made["seats"][0]["token"])["played_with"] == []
    for token in (made["seats"][0]["token"], made["spectator"]["token"]):
        assert room.client.get("/api/games", headers=bearer(token)).status_code == 403
    assert room.client.get("/api/games").status_code == 401


def test_the_teachers_page_runs_only_its_own_scripts(room: Class) -> None:
    page = room.client.get("/teacher")
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"
    assert page.headers["cache-control"] == "no-store"
    scripts = re.findall(r"<script[^>]*>", page.text)
    assert scripts == ['<script type="module" src="/static/teacher.js">']
    assert not re.search(r"\son[a-z]+=", page.text)  # no inline handlers
    script = room.client.get("/static/teacher.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    for route in ("/api/tables", "/api/games", "/undo", "/seats/", "/spectator", "/ws?token="):
        assert route in script.text
    assert room.client.get("/static/teacher.css").status_code == 200
    assert room.client.get("/").json()["teacher"] == "/teacher"
    assert TEACHER not in page.text and TEACHER not in script.text
