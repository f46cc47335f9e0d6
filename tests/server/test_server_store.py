"""The class server's SQLite file and its command line."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path

import pytest

from boardkit.cli import main
from boardkit.server.run import teacher_token
from boardkit.server.store import MoveRow, Store, now


def test_the_store_is_a_wal_file_whose_moves_are_committed_one_by_one(tmp_path: Path) -> None:
    db = tmp_path / "class.db"
    store = Store(db)
    table = store.create_table("dice-grid", 2, 3, {}, {}, [None, None], [("ab" * 32, "seat", 0)])
    store.add_move(table, MoveRow(0, 0, {"type": "Choose", "die": 1}, "person", 2.5, now()),
                   "playing")
    with pytest.raises(sqlite3.IntegrityError):  # a move stored twice: nothing written
        store.add_move(table, MoveRow(0, 1, {"type": "Choose", "die": 2}, "person", 1.0, now()),
                       "over")
    with sqlite3.connect(db) as other:  # another connection sees what was committed
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert other.execute("SELECT idx, seat, by, seconds FROM moves").fetchall() == [
            (0, 0, "person", 2.5)]
        assert other.execute("SELECT status FROM tables").fetchone()[0] == "playing"
    assert store.token("ab" * 32) is not None and store.token("cd" * 32) is None
    assert [m.action for m in store.moves(table)] == [{"type": "Choose", "die": 1}]
    store.close()


def test_the_teachers_token_is_kept_beside_the_database(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BOARDKIT_TEACHER_TOKEN", raising=False)
    db = str(tmp_path / "class.db")
    made = teacher_token(db, None)
    assert teacher_token(db, None) == made  # a restart keeps it
    assert (tmp_path / "class.db.teacher-token").stat().st_mode & 0o077 == 0
    assert teacher_token(db, "given-token-0123456789") == "given-token-0123456789"


def test_serve_refuses_a_taken_port_and_a_bad_token(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--db", str(tmp_path / "c.db"), "--port", str(port),
                     "--teacher-token", "good-token-0123456789"])
    assert code == 2 and "--port: cannot listen" in capsys.readouterr().err
    code = main(["serve", "--db", str(tmp_path / "c.db"), "--teacher-token", "short"])
    assert code == 2 and "--teacher-token" in capsys.readouterr().err


def test_serve_offers_a_game_of_ones_own_and_refuses_one_that_does_not_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--game NAME``: a student's game from the folder the server starts in is loaded
    before the server starts, so the teacher's form lists it (once, by its own name); one
    that cannot be loaded stops the start with one line naming it."""
    import sys

    from boardkit.engine import registry
    from boardkit.server.app import describe_games
    from boardkit.server.run import load_games

    (tmp_path / "ourgame.py").write_text("from boardkit.examples.tic_tac_toe import GAME\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [*sys.path, str(tmp_path)])
    for kept in ("_loaded", "_refs", "_aliases"):  # the other tests' registry, untouched
        monkeypatch.setattr(registry, kept, dict(getattr(registry, kept)))
    try:
        offered = load_games(["ourgame"])
        assert "tic-tac-toe" in offered and "ourgame" not in offered
        names = [g["name"] for g in describe_games()]
        assert names.count("tic-tac-toe") == 1
    finally:
        sys.modules.pop("ourgame", None)
    code = main(["serve", "--db", str(tmp_path / "c.db"), "--game", "nosuch",
                 "--teacher-token", "good-token-0123456789"])
    err = capsys.readouterr().err
    assert code == 2 and "--game nosuch: cannot be loaded (UnknownGameError: unknown game" in err
    assert not (tmp_path / "c.db").exists()  # refused before anything was made
