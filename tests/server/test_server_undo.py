"""The teacher's undo at a class table: it takes back the last move a person made with the
agents' moves after it, commits that before anyone sees it, pushes it to every page, keeps
the moves taken back as data (never replayed), and is refused — changing nothing — where
taking the moves back would show someone a draw or a card they could not see before."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import TEACHER, Class, bearer, snapshot

import boardkit
from boardkit.engine import State
from boardkit.server import export
from boardkit.server import undo as U
from boardkit.server.app import BODY_LIMIT


def _undo(room: Class, table: int, token: str = TEACHER, **options: Any) -> Any:
    return room.client.post(f"/api/tables/{table}/undo", headers=bearer(token), **options)


def _play(room: Class, table: int, token: str, action: dict[str, Any]) -> dict[str, Any]:
    r = room.client.post(f"/api/tables/{table}/actions", headers=bearer(token),
                         json={"action": action})
    assert r.status_code == 200, r.text
    return dict(r.json())


def _stored(db: Path, table: int) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]], str]:
    """The table's moves, its moves taken back, and its status, as the file holds them."""
    with sqlite3.connect(db) as con:
        moves = con.execute("SELECT idx, seat, action, by, seconds, at FROM moves "
                            "WHERE table_id = ? ORDER BY idx", (table,)).fetchall()
        undone = con.execute("SELECT undo, idx, seat, action, by, seconds, at FROM undone "
                             "WHERE table_id = ? ORDER BY undo, idx", (table,)).fetchall()
        status = con.execute("SELECT status FROM tables WHERE id = ?", (table,)).fetchone()[0]
    return moves, undone, status


def _receive_view(socket: Any) -> dict[str, Any]:
    msg = socket.receive_json()
    assert msg["kind"] == "view"
    return dict(msg["view"])


def _position(view: dict[str, Any]) -> dict[str, Any]:
    """What a view shows of the position (not the counters of changes, nor notices)."""
    return {k: v for k, v in view.items() if k not in ("revision", "notice")}


def test_the_teacher_takes_back_a_persons_move_with_the_agents_answers(room: Class) -> None:
    made = room.open(game="wishland", players=2, seed=0, agents=[None, "random"])
    table, person = made["table"], made["seats"][0]["token"]
    spectator = made["spectator"]["token"]
    start = room.wait(table, person, lambda v: v["your_turn"])
    assert start["moves"] == 0
    _play(room, table, person, start["legal_actions"][0])
    later = room.wait(table, person, lambda v: v["your_turn"])
    assert later["moves"] == 2  # the person's move and the agent's answer
    stored, _, _ = _stored(room.db, table)
    base = f"/api/tables/{table}/ws?token="
    with room.client.websocket_connect(base + person) as ws0, \
            room.client.websocket_connect(base + spectator) as wsp, \
            room.client.websocket_connect(base + TEACHER + "&as=all") as wst:
        firsts = [_receive_view(ws) for ws in (ws0, wsp, wst)]
        assert [v["moves"] for v in firsts] == [2, 2, 2]
        r = _undo(room, table)
        assert r.status_code == 200, r.text
        answer = r.json()
        assert answer["undo"] == 1 and answer["moves"] == 0 and answer["turn"] == 0
        assert [(m["index"], m["seat"], m["by"]) for m in answer["undone"]] == [
            (0, 0, "person"), (1, 1, "random")]
        assert answer["undone"][0]["action"] == start["legal_actions"][0]
        # committed before anyone sees it: when the pages get the position, the file has it
        pushed = [_receive_view(ws) for ws in (ws0, wsp, wst)]
        moves, undone, status = _stored(room.db, table)
        assert moves == [] and status == "playing"
        assert [(u, *rest) for u, *rest in undone] == [(1, *row) for row in stored]
    assert [v["moves"] for v in pushed] == [0, 0, 0]
    assert [v["viewer"] for v in pushed] == [0, "public", "all"]
    for before, after in zip(firsts, pushed, strict=True):
        assert after["revision"] > before["revision"]  # newer, though its moves are fewer
        assert after["notice"] == "the teacher took back P1's move 1 and the 1 move after it"
    assert _position(pushed[0]) == _position(start)  # the person's decision again, as it was
    assert pushed[0]["your_turn"] and pushed[0]["legal_actions"] == start["legal_actions"]
    # the save and the export read the game as it stands
    save = room.client.get(f"/api/tables/{table}/save", headers=bearer(TEACHER)).text
    assert boardkit.game("wishland").from_json(save).action_count == 0
    other = start["legal_actions"][-1]
    assert other != start["legal_actions"][0]
    after = _play(room, table, person, other)
    assert after["notice"] == ""  # the next move clears it
    room.wait(table, person, lambda v: v["your_turn"])
    moves, undone, _ = _stored(room.db, table)
    assert json.loads(moves[0][2]) == other and moves[0][0] == 0 and len(undone) == 2
    plays = export.load(room.db)
    assert list(plays.undone) == [1, 1] and list(plays.decisions) == [1, len(moves) - 1]
    taken = export.takebacks(room.db)
    assert list(taken["index"]) == [0, 1] and list(taken["undo"]) == [1, 1]
    assert list(taken["by"]) == ["person", "random"]
    assert json.loads(taken["action"][0]) == start["legal_actions"][0]


def test_two_undos_take_back_one_persons_move_each(room: Class) -> None:
    """Two people: each undo takes back the last move only, and numbers itself."""
    made = room.open(game="wishland", players=2, seed=1)
    tokens = [s["token"] for s in made["seats"]]
    for _ in range(3):
        view = room.view(1, TEACHER)
        mover = tokens[view["turn"]]
        _play(room, 1, mover, room.view(1, mover)["legal_actions"][0])
    for number, left in ((1, 2), (2, 1)):
        r = _undo(room, 1)
        assert r.status_code == 200, r.text
        assert (r.json()["undo"], r.json()["moves"]) == (number, left)
        assert len(r.json()["undone"]) == 1
    moves, undone, _ = _stored(room.db, 1)
    assert len(moves) == 1 and [(u, i) for u, i, *_ in undone] == [(1, 2), (2, 1)]


def _refused(room: Class, table: int, token: str, status: int, watch: list[str],
             rule: str | None = None, **options: Any) -> dict[str, Any]:
    """An undo refused with ``status`` (and ``rule``), the file and every view in ``watch``
    (tokens) unchanged."""
    before = snapshot(room.db)
    views = [room.view(table, t) for t in watch]
    r = _undo(room, table, token, **options)
    assert r.status_code == status, r.text
    answer = dict(r.json())
    assert answer["error"]
    if rule is not None:
        assert answer["rule"] == rule and answer["message"].startswith("undo: "), answer
    assert snapshot(room.db) == before
    assert [room.view(table, t) for t in watch] == views
    return answer


def test_an_undo_that_would_show_a_random_draw_is_refused(room: Class) -> None:
    made = room.open()  # two people at Wanderlust
    seat0, seat1 = (s["token"] for s in made["seats"])
    watch = [seat0, seat1, made["spectator"]["token"]]
    view = room.view(1, seat0)
    take = next(a for a in view["legal_actions"] if a["type"] == "TakeTicket")
    _play(room, 1, seat0, take)  # the display is refilled from the face-down tickets
    answer = _refused(room, 1, TEACHER, 409, watch, U.RULE_CHANCE)
    assert "ticket" in answer["message"] and "move 1 (P1's)" in answer["message"]
    assert _refused(room, 1, TEACHER, 409, watch, U.RULE_CHANCE) == answer  # the same again


def test_an_undo_that_would_show_a_card_of_a_shuffled_deck_is_refused(room: Class) -> None:
    """Lands of Amazement: the deck was shuffled when the game was set up (the only random
    event); "go on" turns its next card up without drawing at random."""
    made = room.open(game="lands", players=1, seed=2)
    token = made["seats"][0]["token"]
    place = room.view(1, token)["legal_actions"][0]
    assert place["type"] == "Place"
    _play(room, 1, token, place)
    r = _undo(room, 1)  # laying a card out shows nothing new: it may be taken back
    assert r.status_code == 200, r.text
    _play(room, 1, token, place)
    go_on = next(a for a in room.view(1, token)["legal_actions"] if a["type"] == "Continue")
    _play(room, 1, token, go_on)
    answer = _refused(room, 1, TEACHER, 409, [token, made["spectator"]["token"]], U.RULE_HIDDEN)
    assert "move 2 (P1's) showed its player something that was hidden" in answer["message"]


def test_every_other_refused_undo_changes_nothing(room: Class) -> None:
    made = room.open(game="wishland", players=2, seed=0)
    seat0, seat1 = (s["token"] for s in made["seats"])
    spectator = made["spectator"]["token"]
    watch = [seat0, seat1, spectator]
    _refused(room, 1, TEACHER, 409, watch, U.RULE_NOTHING)  # nobody has moved yet
    _play(room, 1, seat0, room.view(1, seat0)["legal_actions"][0])
    for token, status in ((seat0, 403), (seat1, 403), (spectator, 403), ("u" * 32, 401)):
        _refused(room, 1, token, status, watch)
    r = room.client.post("/api/tables/1/undo")
    assert r.status_code == 401
    _refused(room, 1, TEACHER, 400, watch, content=b'{"moves": 2}')
    _refused(room, 1, TEACHER, 400, watch, content=b"[]")
    _refused(room, 1, TEACHER, 413, watch, content=b" " * (BODY_LIMIT + 1))
    assert _undo(room, 9).status_code == 404
    other = room.open(game="wishland", players=2, seed=0)
    assert _undo(room, 1, other["seats"][0]["token"]).status_code == 403
    # a table the agents play alone has no person's move to take back
    room.open(game="dice-grid", players=2, seed=3, agents=["random", "random"])
    room.wait(3, TEACHER, lambda v: v["is_over"])
    _refused(room, 3, TEACHER, 409, [TEACHER], U.RULE_NOTHING)
    # and the move is still there to be taken back
    r = _undo(room, 1, content=b"{}")
    assert r.status_code == 200 and r.json()["moves"] == 0


def test_a_table_opened_without_undo_refuses_it(room: Class) -> None:
    made = room.open(game="wishland", players=2, seed=0, undo="off")
    assert made["undo"] == "off"
    assert room.open(game="wishland", players=2, seed=0)["undo"] == "teacher"
    seat0 = made["seats"][0]["token"]
    _play(room, 1, seat0, room.view(1, seat0)["legal_actions"][0])
    answer = _refused(room, 1, TEACHER, 409, [seat0], U.RULE_OFF)
    assert '"undo": "off"' in answer["message"]
    listed = room.client.get("/api/tables", headers=bearer(TEACHER)).json()["tables"]
    assert [t["undo"] for t in listed] == ["off", "teacher"]
    with sqlite3.connect(room.db) as con:
        options = [json.loads(o) for (o,) in con.execute("SELECT options FROM tables")]
    assert options == [{"undo": "off"}, {"undo": "teacher"}]


@pytest.mark.parametrize("value", ["sometimes", "", None, True, ["off"]])
def test_the_undo_option_is_checked(room: Class, value: Any) -> None:
    before = snapshot(room.db)
    r = room.client.post("/api/tables", headers=bearer(TEACHER),
                         json={"game": "wishland", "players": 2, "seed": 0, "undo": value})
    assert r.status_code == 400 and r.json()["error"].startswith("undo: "), r.text
    assert snapshot(room.db) == before


def test_a_file_from_before_undo_is_read_and_gains_its_tables(tmp_path: Path) -> None:
    """A server's file written before table options and taken-back moves existed: the
    export reads it as it is, and a server that opens it adds what is missing."""
    from boardkit.server.store import Store

    db = tmp_path / "old.db"
    with sqlite3.connect(db) as con:
        con.executescript("""
            CREATE TABLE tables (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
                players INTEGER NOT NULL, seed INTEGER NOT NULL, variant TEXT NOT NULL,
                params TEXT NOT NULL, agents TEXT NOT NULL, created TEXT NOT NULL,
                status TEXT NOT NULL);
            CREATE TABLE moves (table_id INTEGER NOT NULL, idx INTEGER NOT NULL,
                seat INTEGER NOT NULL, action TEXT NOT NULL, by TEXT NOT NULL,
                seconds REAL NOT NULL, at TEXT NOT NULL, PRIMARY KEY (table_id, idx));
            CREATE TABLE tokens (hash TEXT PRIMARY KEY, table_id INTEGER NOT NULL,
                role TEXT NOT NULL, seat INTEGER);
            INSERT INTO tables VALUES (1, 'wishland', 2, 0, '{}', '{}', '[null, null]',
                '2025-01-01T00:00:00.000+00:00', 'playing');
        """)
    plays = export.load(db)
    assert list(plays.undone) == [0, 0] and export.takebacks(db).empty
    store = Store(db)
    (row,) = store.tables()
    assert row.options == {} and store.undone() == []
    store.close()
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT options FROM tables").fetchall() == [("{}",)]
        assert con.execute("SELECT COUNT(*) FROM undone").fetchone() == (0,)


# ------------------------------------------------------------------ the rules themselves
def _until(state: State, found: Any, limit: int = 400) -> Any:
    """Play the first legal action until ``found(state)`` gives something (None: go on)."""
    for _ in range(limit):
        hit = found(state)
        if hit is not None:
            return hit
        assert not state.is_over, "the game ended first"
        state.apply(state.legal_actions()[0])
    raise AssertionError("not found")


def test_a_move_that_draws_at_random_is_blocked() -> None:
    state = boardkit.game("dice-grid").new_game(players=2, seed=3)
    claim = next(a for a in state.legal_actions() if type(a).__name__ == "Claim")
    why = U.blocked(state, [(0, claim)], seed=1)  # the next player's dice are rolled
    assert why is not None and why.rule == U.RULE_CHANCE and "roll" in why.message


def test_each_card_turned_up_from_a_shuffled_deck_is_blocked_down_to_two() -> None:
    """Lands: every "go on" that turns up a card the player could not know is refused, the
    one whose deck holds two unknown cards too (the sampled check at its hardest: one guess in
    two), and one whose last card the player knows by elimination is not."""
    state = boardkit.game("lands").new_game(players=1, seed=2)
    verdicts: list[tuple[int, str | None]] = []
    for _ in range(12):
        act = state.legal_actions()[0]
        if type(act).__name__ == "Continue":
            unknown = len(state.deck) - len(state.observation(0)["deck"]["seen_inside"])
            why = U.blocked(state, [(0, act)], seed=5)
            verdicts.append((unknown, None if why is None else why.rule))
        state.apply(act)
    assert (2, U.RULE_HIDDEN) in verdicts and (3, U.RULE_HIDDEN) in verdicts
    assert all(rule == U.RULE_HIDDEN for unknown, rule in verdicts if unknown >= 1)
    assert (0, None) in verdicts  # nothing unknown left to turn up


def test_a_card_played_from_a_hidden_hand_is_blocked() -> None:
    """Wanderlust: an encounter card is drawn face down; playing one whose effect draws
    nothing shows the other player which card it was."""
    import numpy as np

    state = boardkit.game("wanderlust").new_game(players=2, seed=7)
    rng = np.random.default_rng(1)

    def encounter(s: Any) -> Any:  # a card whose effect draws nothing at random
        seat = s.current_player
        if seat is None or not sum(s.enc[seat].values()):
            return None
        for act in s.legal_actions():
            if type(act).__name__ == "PlayEncounter":
                copy = s.clone()
                start = len(copy.log)
                copy.apply(act)
                if not any(e.kind == "chance" for e in copy.log[start:]):
                    return act
        return None

    for _ in range(400):
        act = encounter(state)
        if act is not None:
            break
        state.apply(state.random_action(rng))
    else:
        raise AssertionError("no encounter card was played")
    why = U.blocked(state, [(state.current_player or 0, act)], seed=3)
    assert why is not None and why.rule == U.RULE_HIDDEN


def test_the_end_that_shows_the_secret_numbers_is_blocked() -> None:
    """Dice Grid with secret lucky numbers: the move that ends the game shows them."""
    state = boardkit.game("dice-grid").new_game(players=2, seed=3)

    def last(s: State) -> Any:
        for act in s.legal_actions():
            copy = s.clone()
            copy.apply(act)
            if copy.is_over:
                return act
        return None

    act = _until(state, last)
    mover = state.current_player or 0
    why = U.blocked(state, [(mover, act)], seed=3)
    assert why is not None and why.rule == U.RULE_HIDDEN
    assert f"showed P{2 - mover} something" in why.message


def test_moves_that_show_nothing_new_may_be_taken_back() -> None:
    state = boardkit.game("wishland").new_game(players=2, seed=0)
    first = state.legal_actions()[0]
    before = state.to_json()
    assert U.blocked(state, [(0, first)], seed=1) is None
    assert state.to_json() == before  # the check plays on copies
    wander = boardkit.game("wanderlust").new_game(players=2, seed=7)
    souvenir = next(a for a in wander.legal_actions() if type(a).__name__ == "Souvenir")
    assert U.blocked(wander, [(0, souvenir)], seed=1) is None


def test_the_last_persons_move_is_what_an_undo_starts_from() -> None:
    from boardkit.server.store import MoveRow

    def row(index: int, by: str) -> MoveRow:
        return MoveRow(index, index % 2, {}, by, 1.0, "t")

    assert U.first_taken_back([]) is None
    assert U.first_taken_back([row(0, "random"), row(1, "greedy")]) is None
    assert U.first_taken_back([row(0, "person"), row(1, "person"), row(2, "random"),
                               row(3, "random")]) == 1
    assert U.check_seed(7, 3) == U.check_seed(7, 3) != U.check_seed(7, 4)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    """A two-person Wishland table on a store of its own, without a web app."""
    from boardkit.server.store import Store
    from boardkit.server.tables import Classroom, check_spec

    store = Store(tmp_path / "class.db")
    made, _, _ = Classroom(store).create(check_spec({"game": "wishland", "players": 2,
                                                     "seed": 0}))
    yield made
    store.close()


def _move_on(table: Any) -> None:
    turn = table.state.current_player
    table.play(turn, table.view(turn)["legal_actions"][0])


def test_an_undo_checked_while_the_table_moves_on_looks_again(
        table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check runs without the table's lock: a move that lands meanwhile is seen, and the
    undo takes back the newer move."""
    _move_on(table)
    checked: list[int] = []
    real = U.blocked

    def moving(before: State, moves: Any, seed: int, samples: int = U.REVEAL_SAMPLES) -> Any:
        checked.append(before.action_count)
        if len(checked) == 1:
            _move_on(table)  # P2 moves while P1's move is being checked
        return real(before, moves, seed, samples)

    monkeypatch.setattr(U, "blocked", moving)
    out = table.undo()
    assert checked == [0, 1]
    assert [(m["index"], m["seat"]) for m in out["undone"]] == [(1, 1)]
    assert table.state.action_count == 1


def test_an_undo_that_never_catches_up_is_refused(table: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from boardkit.server.tables import Refusal

    _move_on(table)
    real = U.blocked

    def always(before: State, moves: Any, seed: int, samples: int = U.REVEAL_SAMPLES) -> Any:
        _move_on(table)
        return real(before, moves, seed, samples)

    monkeypatch.setattr(U, "blocked", always)
    with pytest.raises(Refusal) as refused:
        table.undo()
    assert refused.value.status == 409 and refused.value.rule == U.RULE_BUSY
    assert table.store.undone() == [] and table.state.action_count == 4
