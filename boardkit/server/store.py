"""The class server's store: one SQLite file (stdlib ``sqlite3``, WAL mode).

A table *is* its rows: its setup in ``tables`` and its accepted moves in ``moves``, in order,
so the server rebuilds every table from the file when it starts (replaying the setup and the
moves, as a save replays). Each accepted move is written and committed in one transaction
before anyone sees its result; a refused request writes nothing.

Schema::

    tables(id INTEGER PRIMARY KEY, game, players, seed, variant JSON, params JSON,
           agents JSON, created, status, options JSON)   -- status: 'playing' | 'over'
    moves(table_id, idx, seat, action JSON, by, seconds, at)   -- PRIMARY KEY (table_id, idx)
    undone(table_id, undo, idx, seat, action JSON, by, seconds, at, undone_at)
                                                  -- PRIMARY KEY (table_id, undo, idx)
    tokens(hash PRIMARY KEY, table_id, role, seat)             -- role: 'seat' | 'spectator'

``moves.idx`` counts the table's player actions from 0; ``by`` is ``person`` or the agent's
name; ``seconds`` the time the mover took (since the table's previous move, its creation or
the teacher's last undo); ``at`` the UTC time the move was accepted (ISO 8601). ``agents``
is who plays each seat now (null: a person); a seat the teacher handed over keeps, in its
moves' ``by``, who made each. ``options`` holds the table's options (``{"undo": "off"}``;
``{}`` is every default). A token is stored as its SHA-256 only.

``moves`` is the table's history, and only it is replayed. A move the teacher took back
leaves ``moves`` for ``undone`` in the transaction that takes it back, as it was stored,
with the table's undo number (1, 2, ... per table) and the time of the undo: kept as data
(how often a class takes back, and what), never replayed. A file written before ``options``
and ``undone`` existed gains them when a server opens it (no row changes).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    game     TEXT    NOT NULL,
    players  INTEGER NOT NULL,
    seed     INTEGER NOT NULL,
    variant  TEXT    NOT NULL,
    params   TEXT    NOT NULL,
    agents   TEXT    NOT NULL,
    created  TEXT    NOT NULL,
    status   TEXT    NOT NULL,
    options  TEXT    NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    idx      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,
    by       TEXT    NOT NULL,
    seconds  REAL    NOT NULL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS undone (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    undo      INTEGER NOT NULL,
    idx       INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    action    TEXT    NOT NULL,
    by        TEXT    NOT NULL,
    seconds   REAL    NOT NULL,
    at        TEXT    NOT NULL,
    undone_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, undo, idx)
);
CREATE TABLE IF NOT EXISTS tokens (
    hash     TEXT    PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES tables(id),
    role     TEXT    NOT NULL,
    seat     INTEGER
);
"""

#: the roles a table's token can have (the teacher's token is the server's, not a table's)
SEAT, SPECTATOR = "seat", "spectator"
PLAYING, OVER = "playing", "over"


def now() -> str:
    """The current UTC time, ISO 8601 to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class TableRow:
    """A table's setup as stored."""

    id: int
    game: str
    players: int
    seed: int
    variant: dict[str, Any]
    params: dict[str, Any]
    agents: list[str | None]
    created: str
    status: str
    #: the table's options (``{"undo": "off"}``); ``{}``: every default
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MoveRow:
    """One accepted move as stored."""

    index: int
    seat: int
    action: dict[str, Any]
    by: str
    seconds: float
    at: str


@dataclass(frozen=True)
class UndoneRow:
    """A move the teacher took back: the move as it was stored, the table's undo that took
    it back (1, 2, ... per table) and when."""

    table: int
    undo: int
    move: MoveRow
    undone_at: str


@dataclass(frozen=True)
class TokenRow:
    """Whose a table's token is: a seat (``seat``) or the spectator (``seat`` is None)."""

    table: int
    role: str
    seat: int | None


class Store:
    """The SQLite file behind the class server. Thread-safe: one connection, one lock (SQLite
    writes one transaction at a time anyway); every write is one committed transaction."""

    def __init__(self, path: str | Path, *, readonly: bool = False):
        """Open (or create) the file; ``readonly``: open an existing file for reading only
        (the export reads a running server's file without writing to it)."""
        self.path = str(path)
        self._lock = threading.Lock()
        if readonly:
            if not Path(self.path).is_file():
                raise FileNotFoundError(f"no tables database {self.path}")
            uri = Path(self.path).resolve().as_uri() + "?mode=ro"
            self._db = sqlite3.connect(uri, uri=True, check_same_thread=False,
                                       isolation_level=None)
            self._db.execute("PRAGMA busy_timeout=5000")
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # a committed move survives a killed server, and a lost power too
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        with self._transaction() as db:
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            if "options" not in self._columns(db, "tables"):  # a file from before options
                db.execute("ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}'")

    @staticmethod
    def _columns(db: sqlite3.Connection, table: str) -> set[str]:
        return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction, committed when the block ends, rolled back if it raises."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # ---------------------------------------------------------------- writes
    def create_table(self, game: str, players: int, seed: int, variant: dict[str, Any],
                     params: dict[str, Any], agents: list[str | None],
                     tokens: list[tuple[str, str, int | None]],
                     options: dict[str, Any] | None = None) -> int:
        """Store a new table, its options and its tokens (``(hash, role, seat)``); its id."""
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO tables (game, players, seed, variant, params, agents, created, "
                "status, options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game, players, seed, json.dumps(variant, sort_keys=True),
                 json.dumps(params, sort_keys=True), json.dumps(agents), now(), PLAYING,
                 json.dumps(options or {}, sort_keys=True)))
            table = cursor.lastrowid
            assert table is not None
            db.executemany("INSERT INTO tokens (hash, table_id, role, seat) VALUES (?, ?, ?, ?)",
                           [(digest, table, role, seat) for digest, role, seat in tokens])
        return table

    def add_move(self, table: int, move: MoveRow, status: str) -> None:
        """Commit one accepted move (and the table's status after it) in one transaction."""
        with self._transaction() as db:
            db.execute("INSERT INTO moves (table_id, idx, seat, action, by, seconds, at) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (table, move.index, move.seat, json.dumps(move.action, sort_keys=True),
                        move.by, move.seconds, move.at))
            db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table))

    def undo(self, table: int, first: int, status: str) -> tuple[int, list[MoveRow]]:
        """Take back the table's moves from index ``first`` on, in one transaction: they
        leave ``moves`` for ``undone`` (as stored, under the table's next undo number), and
        the table's status becomes ``status``. The undo's number and the moves taken back
        (a ``LookupError`` when there is no move ``first``: nothing written)."""
        with self._transaction() as db:
            rows = db.execute("SELECT idx, seat, action, by, seconds, at FROM moves "
                              "WHERE table_id = ? AND idx >= ? ORDER BY idx",
                              (table, first)).fetchall()
            if not rows or rows[0][0] != first:
                raise LookupError(f"table {table} has no move {first}")
            number = 1 + db.execute("SELECT COALESCE(MAX(undo), 0) FROM undone "
                                    "WHERE table_id = ?", (table,)).fetchone()[0]
            moment = now()
            db.executemany("INSERT INTO undone (table_id, undo, idx, seat, action, by, "
                           "seconds, at, undone_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           [(table, number, *row, moment) for row in rows])
            db.execute("DELETE FROM moves WHERE table_id = ? AND idx >= ?", (table, first))
            db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table))
        return number, [MoveRow(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5]) for r in rows]

    def set_seat(self, table: int, agents: list[str | None], seat: int,
                 token: str | None) -> None:
        """Seat ``seat`` changes hands: the table's seating becomes ``agents``, the seat's old
        token opens nothing any more, and ``token`` (a digest; None: an agent plays it) is
        its new one. One transaction."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET agents = ? WHERE id = ?", (json.dumps(agents), table))
            db.execute("DELETE FROM tokens WHERE table_id = ? AND role = ? AND seat = ?",
                       (table, SEAT, seat))
            if token is not None:
                db.execute("INSERT INTO tokens (hash, table_id, role, seat) VALUES (?, ?, ?, ?)",
                           (token, table, SEAT, seat))

    def add_token(self, table: int, token: str, role: str, seat: int | None = None) -> None:
        """One more token (a digest) for ``table`` (a new spectators' link, say)."""
        with self._transaction() as db:
            db.execute("INSERT INTO tokens (hash, table_id, role, seat) VALUES (?, ?, ?, ?)",
                       (token, table, role, seat))

    # ---------------------------------------------------------------- reads
    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def _has(self, table: str, column: str | None = None) -> bool:
        """Whether the file has ``table`` (and its ``column``): a file from an older version
        opened read-only has not gained them."""
        with self._lock:
            if column is None:
                return bool(self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                             "AND name = ?", (table,)).fetchall())
            return column in self._columns(self._db, table)

    def tables(self, table: int | None = None) -> list[TableRow]:
        """Every table's setup (or that of ``table`` only), in the order they were opened."""
        where, args = ("WHERE id = ?", (table,)) if table is not None else ("", ())
        options = "options" if self._has("tables", "options") else "'{}'"
        rows = self._rows("SELECT id, game, players, seed, variant, params, agents, created, "
                          f"status, {options} FROM tables {where} ORDER BY id", args)
        return [TableRow(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]),
                         json.loads(r[6]), r[7], r[8], json.loads(r[9])) for r in rows]

    def moves(self, table: int) -> list[MoveRow]:
        rows = self._rows("SELECT idx, seat, action, by, seconds, at FROM moves "
                          "WHERE table_id = ? ORDER BY idx", (table,))
        return [MoveRow(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5]) for r in rows]

    def undone(self, table: int | None = None) -> list[UndoneRow]:
        """The moves taken back (of ``table`` only, if given), by table, undo and index."""
        if not self._has("undone"):
            return []
        where, args = ("WHERE table_id = ?", (table,)) if table is not None else ("", ())
        rows = self._rows("SELECT table_id, undo, idx, seat, action, by, seconds, at, undone_at "
                          f"FROM undone {where} ORDER BY table_id, undo, idx", args)
        return [UndoneRow(r[0], r[1], MoveRow(r[2], r[3], json.loads(r[4]), r[5], r[6], r[7]),
                          r[8]) for r in rows]

    def token(self, digest: str) -> TokenRow | None:
        """Whose token has this SHA-256 (None: nobody's)."""
        rows = self._rows("SELECT table_id, role, seat FROM tokens WHERE hash = ?", (digest,))
        return TokenRow(rows[0][0], rows[0][1], rows[0][2]) if rows else None

    def dump(self) -> list[str]:
        """The whole database as SQL statements (tests compare it before and after)."""
        with self._lock:
            return list(self._db.iterdump())
