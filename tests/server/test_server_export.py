"""Every game of a class server as data: tables played through the server's API (agents at
some seats, the test as a person at others) are exported in ``simulate``'s shape, the
analysis reads the export as it reads a simulation, and each row is what the stored game,
replayed from the server's own save, says."""

from __future__ import annotations

import math
import random
import re
import sqlite3
import warnings
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from server_helpers import TEACHER, Class, bearer

import boardkit
from boardkit.analysis import metrics, simulate, summarize
from boardkit.analysis.metrics import seat_win_rates
from boardkit.analysis.rows import play_print
from boardkit.cli import main
from boardkit.server import export

AGENT_TABLES = 6


def _fill(room: Class) -> dict[str, Any]:
    """Six Wanderlust tables of agents, one Dice Grid table of agents, and one Wanderlust
    table of two people left mid-game; the first seat of one agents' table is greedy."""
    for seed in range(AGENT_TABLES):
        agents = ["greedy", "random"] if seed == 0 else ["random", "random"]
        room.open(game="wanderlust", players=2, seed=seed, agents=agents)
    room.open(game="dice-grid", players=2, seed=3, agents=["random", "random"])
    people = room.open(game="wanderlust", players=2, seed=11)
    tokens = [s["token"] for s in people["seats"]]
    rng = random.Random(5)
    for _ in range(6):
        view = room.view(people["table"], tokens[0])
        mover = view["turn"]
        mine = room.view(people["table"], tokens[mover])
        r = room.client.post(f"/api/tables/{people['table']}/actions",
                             headers=bearer(tokens[mover]),
                             json={"action": rng.choice(mine["legal_actions"])})
        assert r.status_code == 200, r.text
    for table in range(1, AGENT_TABLES + 2):
        room.wait(table, TEACHER, lambda v: bool(v["is_over"]), timeout=60)
    listed = room.client.get("/api/tables", headers=bearer(TEACHER)).json()["tables"]
    assert [t["table"] for t in listed] == list(range(1, AGENT_TABLES + 3))
    assert [t["is_over"] for t in listed] == [True] * (AGENT_TABLES + 1) + [False]
    for over in listed[:-1]:  # a finished table says who won and how (no secret is left)
        save = room.client.get(f"/api/tables/{over['table']}/save", headers=bearer(TEACHER))
        state = boardkit.game(over["game"]).from_json(save.text)
        assert over["winners"] == state.winners() and over["scores"] == state.scores()
    assert "winners" not in listed[-1] and "scores" not in listed[-1]  # still played: none
    turn = room.view(people["table"], TEACHER)["turn"]
    assert turn in (0, 1)
    opened = listed[-1].pop("opened")  # when it was opened: ISO 8601, to the millisecond
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", opened), opened
    assert listed[-1] == {"table": people["table"], "game": "wanderlust", "players": 2,
                          "seed": 11, "variant": {}, "params": {},  # the rulebook's game
                          "agents": [None, None], "moves": 6, "turn": turn, "is_over": False,
                          "undo": "teacher", "agent_error": None}
    refused = room.client.get("/api/tables", headers=bearer(tokens[0]))
    assert refused.status_code == 403
    return people


def _replayed(room: Class, table: int, game: str) -> Any:
    save = room.client.get(f"/api/tables/{table}/save", headers=bearer(TEACHER)).text
    return boardkit.game(game).from_json(save)


@pytest.fixture
def played(room: Class) -> tuple[Class, pd.DataFrame, dict[str, Any]]:
    people = _fill(room)
    frame = export.load(room.db)  # while the server runs: the file is only read
    return room, frame, people


def test_every_table_is_exported_in_simulates_shape(played: tuple[Class, pd.DataFrame,
                                                                  dict[str, Any]]) -> None:
    room, frame, people = played
    assert list(frame.table.unique()) == list(range(1, AGENT_TABLES + 3))
    assert (frame.groupby("table").size() == 2).all()
    assert (frame.game == frame.table).all()
    like = simulate("wanderlust", ["random"], n=1, players=2, seed=0)
    assert set(like.columns) <= set(frame.columns)
    finished = frame[frame.finished]
    assert set(finished.table) == set(range(1, AGENT_TABLES + 2))
    assert not frame[frame.table == people["table"]].finished.any()
    assert frame.attrs["tables"] == AGENT_TABLES + 2
    assert frame.attrs["finished"] == AGENT_TABLES + 1
    # who played each seat
    first = frame[(frame.table == 1)].set_index("seat")
    assert list(first.agent) == ["greedy", "random"] and set(first.played_by) == {"agent"}
    them = frame[frame.table == people["table"]]
    assert set(them.agent) == {"person"} and set(them.played_by) == {"person"}


def test_each_row_is_what_the_replayed_game_says(played: tuple[Class, pd.DataFrame,
                                                               dict[str, Any]]) -> None:
    room, frame, people = played
    with sqlite3.connect(room.db) as con:
        stored = con.execute("SELECT table_id, seat, seconds FROM moves").fetchall()
    for table, rows in frame.groupby("table"):
        name = str(rows.game_name.iloc[0])
        state = _replayed(room, int(table), name)
        assert bool(rows.finished.iloc[0]) == state.is_over
        scores, winners = state.scores(), state.winners()
        assert (rows.actions == state.action_count).all()
        assert (rows.auto_actions == state.auto_count).all()
        assert (rows.play == play_print(state)).all()
        for seat, row in rows.set_index("seat").iterrows():
            assert row.score == scores[seat]
            assert row.win == (seat in winners)
            assert row["rank"] == 1 + sum(
                (s < scores[seat]) if state.game.lower_is_better else (s > scores[seat])
                for s in scores)
            for source, value in state.score_breakdown(seat).items():
                assert row[f"src_{source}"] == value
            for fact, value in state.facts(seat).items():
                known = row[f"fact_{fact}"]
                assert (isinstance(value, float) and math.isnan(value) and math.isnan(known)) \
                    or known == value
            times = [s for t, who, s in stored if t == table and who == seat]
            assert row.decisions == len(times)
            if times:
                assert row.mean_decision_seconds == pytest.approx(sum(times) / len(times))
                assert row.max_decision_seconds == max(times)
    person = frame[frame.table == people["table"]]
    assert person.decisions.sum() == 6


def test_the_analysis_reads_the_export(played: tuple[Class, pd.DataFrame,
                                                     dict[str, Any]]) -> None:
    room, frame, people = played
    wanderlust = frame[frame.finished & (frame.game_name == "wanderlust")]
    table = metrics(wanderlust)
    assert table.attrs["games"] == AGENT_TABLES
    assert 0 <= table.loc["won", "value"] <= 1
    seats = seat_win_rates(wanderlust)
    assert seats.win_rate.sum() == pytest.approx(1.0)  # each won game credited once
    assert (seats.ci_low <= seats.win_rate).all() and (seats.win_rate <= seats.ci_high).all()
    summary = summarize(wanderlust)
    assert set(summary.index.get_level_values("agent")) == {"greedy", "random"}
    assert int(summary.games.sum()) == 2 * AGENT_TABLES
    only = export.load(room.db, game="dice-grid")
    assert list(only.table.unique()) == [AGENT_TABLES + 1]
    assert only.attrs["game"] == "dice-grid"


def test_the_command_writes_the_same_table(played: tuple[Class, pd.DataFrame,
                                                         dict[str, Any]],
                                           tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    room, frame, people = played
    out = tmp_path / "playtests.csv"
    assert main(["tables", "export", "--db", str(room.db), "--out", str(out)]) == 0
    assert f"{len(frame)} rows ({AGENT_TABLES + 2} tables, {AGENT_TABLES + 1} finished)" \
        in capsys.readouterr().out
    back = pd.read_csv(out)
    assert list(back.columns) == list(frame.columns)
    assert back[["table", "seat", "agent", "score", "win", "finished"]].equals(
        frame[["table", "seat", "agent", "score", "win", "finished"]])
    assert main(["tables", "export", "--db", str(tmp_path / "none.db"), "--out",
                 str(out)]) == 2
    assert "--db: no tables database" in capsys.readouterr().err


def test_the_teacher_downloads_the_same_table_from_the_server(
        played: tuple[Class, pd.DataFrame, dict[str, Any]]) -> None:
    """``GET /api/export.csv`` (the teacher's page's *download every game*): the command's
    table, for the teacher's token only."""
    import io

    room, frame, people = played
    r = room.client.get("/api/export.csv", headers=bearer(TEACHER))
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert 'filename="playtests.csv"' in r.headers["content-disposition"]
    back = pd.read_csv(io.StringIO(r.text))
    assert list(back.columns) == list(frame.columns)
    assert back[["table", "seat", "agent", "score", "win", "finished"]].equals(
        frame[["table", "seat", "agent", "score", "win", "finished"]])
    seat = people["seats"][0]["token"]
    assert room.client.get("/api/export.csv", headers=bearer(seat)).status_code == 403
    assert room.client.get("/api/export.csv").status_code == 401


def test_without_pandas_the_download_names_the_extra(room: Class,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "boardkit.server.export", None)  # as if it cannot import
    r = room.client.get("/api/export.csv", headers=bearer(TEACHER))
    assert r.status_code == 501 and "pip install 'boardkit[analysis]'" in r.json()["error"]


def test_a_table_that_does_not_replay_is_left_out_and_named(room: Class) -> None:
    for seed in (1, 2):
        room.open(game="dice-grid", players=2, seed=seed, agents=["random", "random"])
    for table in (1, 2):
        room.wait(table, TEACHER, lambda v: bool(v["is_over"]))
    room.client.__exit__(None, None, None)  # the server stops; its file stays
    with sqlite3.connect(room.db) as con:
        con.execute("UPDATE moves SET seat = 1 - seat WHERE table_id = 2 AND idx = 0")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = export.load(room.db)
    assert list(frame.table.unique()) == [1]
    assert list(frame.attrs["skipped"]) == [2]
    assert any(issubclass(w.category, export.SkippedTableWarning) for w in caught)
    room.client.__enter__()  # the fixture stops it again
