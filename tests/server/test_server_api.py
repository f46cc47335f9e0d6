"""The class server's API: who may do what, and every refusal with its status code, each
of which leaves the database and the table as they were."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from server_helpers import TEACHER, Class, bearer, snapshot

from boardkit.server.app import BODY_LIMIT, RateLimit
from boardkit.server.tokens import digest


def test_a_new_table_gives_each_person_a_seat_link(room: Class) -> None:
    made = room.open(agents=[None, "random"])
    assert made["table"] == 1
    person, computer = made["seats"]
    assert person["seat"] == 0 and person["agent"] is None
    assert person["url"] == f"http://testserver/tables/1/play#token={person['token']}"
    assert computer == {"seat": 1, "token": None, "agent": "random", "url": None}
    assert made["spectator"]["url"].endswith("#token=" + made["spectator"]["token"])
    assert person["token"] != made["spectator"]["token"]
    dump = "\n".join(snapshot(room.db))
    for token in (person["token"], made["spectator"]["token"]):
        assert token not in dump  # stored hashed
        assert digest(token) in dump


def test_the_seat_links_use_the_public_address(make_class: Callable[..., Class]) -> None:
    room = make_class(public_url="http://192.0.2.10:8765/")
    made = room.open()
    assert made["seats"][0]["url"].startswith("http://192.0.2.10:8765/tables/1/play#token=")


@pytest.mark.parametrize(("body", "status", "says"), [
    ({"game": "chess", "players": 2, "seed": 1}, 400, "game"),
    ({"game": "wanderlust", "players": 9, "seed": 1}, 400, "players"),
    ({"game": "wanderlust", "players": 2, "seed": -1}, 400, "seed"),
    ({"game": "wanderlust", "players": 2, "seed": True}, 400, "seed"),
    ({"game": "wanderlust", "players": 2, "seed": 1, "agents": ["random"]}, 400, "agents"),
    ({"game": "wanderlust", "players": 2, "seed": 1, "agents": [None, "genius"]}, 400, "agents[1]"),
    ({"game": "wanderlust", "players": 2, "seed": 1, "variant": {"nope": True}}, 400, "nope"),
    ({"game": "wanderlust", "players": 2, "seed": 1, "colour": "red"}, 400, "colour"),
    ([1, 2], 400, "object"),
])
def test_a_bad_table_is_refused(room: Class, body: Any, status: int, says: str) -> None:
    before = snapshot(room.db)
    r = room.client.post("/api/tables", headers=bearer(TEACHER), json=body)
    assert r.status_code == status, r.text
    assert says in r.json()["error"]
    assert snapshot(room.db) == before


def test_only_the_teacher_opens_tables(room: Class) -> None:
    made = room.open()
    before = snapshot(room.db)
    body = {"game": "wanderlust", "players": 2, "seed": 1}
    assert room.client.post("/api/tables", json=body).status_code == 401
    assert room.client.post("/api/tables", json=body,
                            headers=bearer("x" * 32)).status_code == 401
    assert room.client.post("/api/tables", json=body,
                            headers={"Authorization": f"Basic {TEACHER}"}).status_code == 401
    for token in (made["seats"][0]["token"], made["spectator"]["token"]):
        assert room.client.post("/api/tables", json=body, headers=bearer(token)).status_code == 403
    r = room.client.post("/api/tables", content=b"{not json", headers=bearer(TEACHER))
    assert r.status_code == 400
    r = room.client.post("/api/tables", content=b" " * (BODY_LIMIT + 1), headers=bearer(TEACHER))
    assert r.status_code == 413
    assert snapshot(room.db) == before


def test_each_viewer_sees_through_its_own_eyes(room: Class) -> None:
    made = room.open()
    seat0, seat1 = (s["token"] for s in made["seats"])
    first = room.view(1, seat0)
    assert first["viewer"] == 0 and first["seat"] == 0 and first["observation"]["viewer"] == 0
    assert first["your_turn"] and first["turn"] == 0
    assert first["legal_actions"] and first["legal_targets"] and first["svg"].startswith("<svg")
    assert len(first["legal_labels"]) == len(first["legal_actions"])
    second = room.view(1, seat1)
    assert second["viewer"] == 1 and not second["your_turn"]
    assert second["legal_actions"] == [] and second["legal_targets"] == []
    public = room.view(1, made["spectator"]["token"])
    assert public["viewer"] == "public" and public["seat"] is None and public["legal_actions"] == []
    assert room.view(1, TEACHER)["viewer"] == "public"
    everything = room.view(1, TEACHER, **{"as": "all"})
    assert everything["viewer"] == "all" and everything["observation"]["viewer"] is None
    assert everything["legal_actions"] == []  # the teacher watches; the seats play
    r = room.client.get("/api/tables/1/view", headers=bearer(seat0), params={"as": "all"})
    assert r.status_code == 403
    r = room.client.get("/api/tables/1/view", headers=bearer(made["spectator"]["token"]),
                        params={"as": "all"})
    assert r.status_code == 403
    r = room.client.get("/api/tables/1/view", headers=bearer(TEACHER), params={"as": "0"})
    assert r.status_code == 400
    assert room.client.get("/api/tables/1/view").status_code == 401
    # a token travels in a header; only the WebSocket, which cannot set one, takes ?token=
    r = room.client.get("/api/tables/1/view", params={"token": seat0})
    assert r.status_code == 401
    assert room.client.get("/api/tables/2/view", headers=bearer(TEACHER)).status_code == 404


def _refusals(room: Class, made: dict[str, Any], other: dict[str, Any],
              legal: dict[str, Any]) -> list[tuple[str, dict[str, str], Any, int]]:
    """(what, headers, body, expected status) for each way to be refused a move."""
    seat0, seat1 = (s["token"] for s in made["seats"])
    act = {"action": legal}
    illegal = {"action": {"type": "TakeTicket", "slot": 5}}  # no such display slot
    return [
        ("no token", {}, act, 401),
        ("an unknown token", bearer("u" * 32), act, 401),
        ("a malformed token", bearer("no spaces allowed"), act, 401),
        ("not a bearer token", {"Authorization": f"Token {seat0}"}, act, 401),
        ("the spectator", bearer(made["spectator"]["token"]), act, 403),
        ("the teacher", bearer(TEACHER), act, 403),
        ("another table's seat", bearer(other["seats"][0]["token"]), act, 403),
        ("out of turn", bearer(seat1), act, 403),
        ("malformed JSON", bearer(seat0), b'{"action": ', 400),
        ("not an object", bearer(seat0), [legal], 400),
        ("an extra field", bearer(seat0), {**act, "also": 1}, 400),
        ("an unknown action", bearer(seat0), {"action": {"type": "Teleport"}}, 400),
        ("a malformed action", bearer(seat0), {"action": {"type": "TakeTicket"}}, 400),
        ("over the body limit", bearer(seat0), {"action": legal, "pad": "x" * BODY_LIMIT}, 413),
        ("an illegal move", bearer(seat0), illegal, 409),
    ]


def test_every_refused_move_changes_nothing(room: Class) -> None:
    made = room.open()
    other = room.open(seed=8)
    seat0 = made["seats"][0]["token"]
    before_view = room.view(1, seat0)
    legal = before_view["legal_actions"][0]
    before = snapshot(room.db)
    for what, headers, body, status in _refusals(room, made, other, legal):
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        r = room.client.post("/api/tables/1/actions", content=content,
                             headers={**headers, "Content-Type": "application/json"})
        assert r.status_code == status, (what, r.text)
        answer = r.json()
        assert answer["error"], what
        if status == 409:
            assert answer["rule"].startswith("wanderlust.") and answer["message"], answer
        assert snapshot(room.db) == before, what
        assert room.view(1, seat0) == before_view, what
    r = room.client.post("/api/tables/3/actions", headers=bearer(TEACHER), json={"action": legal})
    assert r.status_code == 404
    # and the move itself is still there to be made
    r = room.client.post("/api/tables/1/actions", headers=bearer(seat0), json={"action": legal})
    assert r.status_code == 200 and r.json()["moves"] == 1
    assert snapshot(room.db) != before


def test_a_body_that_lies_about_its_length_is_cut_at_the_limit(room: Class) -> None:
    made = room.open()
    before = snapshot(room.db)

    def chunks() -> Any:
        for _ in range(BODY_LIMIT // 1024 + 2):
            yield b" " * 1024

    r = room.client.post("/api/tables/1/actions", content=chunks(),
                         headers=bearer(made["seats"][0]["token"]))
    assert r.status_code == 413
    assert snapshot(room.db) == before


def test_a_flood_is_slowed_down(make_class: Callable[..., Class]) -> None:
    room = make_class(rate=RateLimit(burst=3, per_second=0.01))
    made = room.open()
    seat0, seat1 = (s["token"] for s in made["seats"])
    before = snapshot(room.db)
    legal = room.view(1, seat0)["legal_actions"][0]
    codes = [room.client.post("/api/tables/1/actions", headers=bearer(seat0),
                              json={"action": {"type": "Teleport"}}).status_code
             for _ in range(3)]
    assert codes == [400, 400, 429]  # the first view took one of the burst
    r = room.client.post("/api/tables/1/actions", headers=bearer(seat0), json={"action": legal})
    assert r.status_code == 429
    assert snapshot(room.db) == before
    assert room.client.get("/api/tables/1/view", headers=bearer(seat1)).status_code == 200


def test_the_save_is_the_teachers_and_replays(room: Class) -> None:
    import boardkit

    made = room.open()
    seat0 = made["seats"][0]["token"]
    for _ in range(3):
        view = room.view(1, seat0)
        if not view["your_turn"]:
            break
        r = room.client.post("/api/tables/1/actions", headers=bearer(seat0),
                             json={"action": view["legal_actions"][0]})
        assert r.status_code == 200
    for token in (seat0, made["spectator"]["token"]):
        assert room.client.get("/api/tables/1/save", headers=bearer(token)).status_code == 403
    r = room.client.get("/api/tables/1/save", headers=bearer(TEACHER))
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    game = boardkit.game("wanderlust")
    state = game.from_json(r.text)
    assert state.history() == json.loads(r.text)["history"]
    assert state.action_count == room.view(1, TEACHER)["moves"]
    assert (state.players, state.seed) == (2, 7)


def test_a_click_is_mapped_by_the_board(room: Class) -> None:
    made = room.open()
    seat0, seat1 = (s["token"] for s in made["seats"])
    view = room.view(1, seat0)
    target = next(t for t in view["legal_targets"] if t.startswith("act:"))
    before = snapshot(room.db)
    for headers, body, status in [
        (bearer(seat0), {"message": {"kind": "click", "target": "no such thing!"}}, 400),
        (bearer(seat0), {"message": {"kind": "wave"}}, 400),
        (bearer(seat0), {"message": {"kind": "click", "target": "act:99999999999"}}, 400),
        (bearer(seat1), {"message": {"kind": "click", "target": target}}, 403),
        (bearer(made["spectator"]["token"]), {"message": {"kind": "click", "target": target}}, 403),
    ]:
        r = room.client.post("/api/tables/1/intent", headers=headers, json=body)
        assert r.status_code == status, r.text
        assert snapshot(room.db) == before
    r = room.client.post("/api/tables/1/intent", headers=bearer(seat0),
                         json={"message": {"kind": "key", "key": "z"}})
    assert r.status_code == 200 and r.json()["moved"] is False
    assert snapshot(room.db) == before
    r = room.client.post("/api/tables/1/intent", headers=bearer(seat0),
                         json={"message": {"kind": "click", "target": target}})
    assert r.status_code == 200, r.text
    assert r.json()["moved"] is True and r.json()["moves"] == 1


def test_a_pick_is_shown_to_the_picker_only(room: Class) -> None:
    """Wanderlust: clicking a ticket of one's hand picks it (no move): the seat's next view
    shows the pick, and nothing is stored."""
    made = room.open()
    seat0 = made["seats"][0]["token"]
    view = room.view(1, seat0)
    picks = [t for t in _targets(view["svg"]) if t.startswith("pick:") and t != "pick:clear"]
    assert picks, "the hand's tickets are click targets"
    before = snapshot(room.db)
    r = room.client.post("/api/tables/1/intent", headers=bearer(seat0),
                         json={"message": {"kind": "click", "target": picks[0]}})
    assert r.status_code == 200 and r.json()["moved"] is False
    assert "picked" in r.json()["note"]
    assert snapshot(room.db) == before
    assert "picked" not in room.view(1, made["spectator"]["token"])["note"]


def _targets(svg: str) -> list[str]:
    import re

    return re.findall(r'data-target="([^"]+)"', svg)


def test_the_seat_page_runs_the_boards_front_end(room: Class) -> None:
    room.open()
    page = room.client.get("/tables/1/play")
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"
    assert '<script type="module" src="/static/seat.js">' in page.text
    assert 'data-table="1"' in page.text
    seat_js = room.client.get("/static/seat.js")
    assert seat_js.status_code == 200 and "javascript" in seat_js.headers["content-type"]
    assert 'import board from "./board.js"' in seat_js.text
    board = room.client.get("/static/board.js")
    assert board.status_code == 200 and 'from "./helpers.js"' in board.text
    assert room.client.get("/static/helpers.js").status_code == 200
    assert room.client.get("/static/board.css").status_code == 200
    assert room.client.get("/static/../store.py").status_code == 404
    assert room.client.get("/static/tables.py").status_code == 404


def test_every_module_a_page_imports_is_served(room: Class) -> None:
    """Both pages are ES modules: a module they import that the server does not serve stops
    the whole page with nothing but a console error. Follow the imports from each page."""
    import re

    seen: set[str] = set()
    todo = ["seat.js", "teacher.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        answer = room.client.get(f"/static/{name}")
        assert answer.status_code == 200 and "javascript" in answer.headers["content-type"], name
        todo += re.findall(r'from "\./([\w.-]+\.js)"', answer.text)
    assert {"board.js", "helpers.js", "board-model.js", "page.js"} <= seen
