"""Every game of a class server as data: the tables of its SQLite file in ``simulate``'s shape.

    from boardkit.server import export
    plays = export.load("class.db")            # a pandas DataFrame, one row per seat per table
    metrics(plays[plays.finished])            # the analysis reads it as it reads a simulation
    export.takebacks("class.db")              # the moves the teacher took back, one per row

or from a shell, ``boardkit tables export --db class.db --out playtests.csv``.

Each table is rebuilt by replaying its stored moves with the server's own replay
(:func:`boardkit.server.tables.replay`), and its rows are made by the function ``simulate``
makes its rows with (:func:`boardkit.analysis.rows.seat_rows`, the traced columns by
its :class:`~boardkit.analysis.rows.Trace`), so ``boardkit.analysis.metrics``,
``summarize`` and ``compare_runs`` read a class's playtests as they read an agents' study.

The columns are ``simulate``'s (``game``, ``seed``, ``seat``, ``agent``, ``score``, ``rank``,
``win``, ``shared_win``, ``no_winner``, ``actions``, ``auto_actions``, ``play``, ``seconds``,
``branching``, ``lead_changes``, ``decided_at``, ``src_*``, ``fact_*``), where:

* ``game`` is the table's number (unique in the file; ``table`` repeats it);
* ``agent`` is who played the seat: ``person``, or the name of the agent the teacher seated;
* ``seconds`` is the time from the table's opening to its last move.

and the playtest's own columns follow:

* ``table``, ``game_name`` (``wanderlust``...), ``players``, ``variant`` and ``params`` (JSON),
  ``opened`` (UTC, ISO 8601);
* ``finished``: the game is over. An unfinished table's scores are those standing after its
  last move and nobody has won it, so read ``frame[frame.finished]`` for results;
* ``played_by``: ``person`` or ``agent`` (``both``: the teacher handed the seat over during
  the game, and its moves were made by a person and an agent; ``agent`` then names who
  plays the seat at the end, each move's ``by`` in the file who made it);
* ``decisions``: how many moves the seat made; ``mean_decision_seconds``,
  ``median_decision_seconds`` and ``max_decision_seconds``: the time it took for them (a move's
  time counts from the table's previous move, the first one's from the table's opening, so
  the first decision of a table includes the wait for its players to arrive; the first one
  after the teacher's undo counts from the undo);
* ``undone``: how many of the seat's moves the teacher took back (they are not in the game:
  the rows describe the game as it stands, as its save replays it).

The moves taken back are data too: :func:`takebacks` lists them (one row per move, with the
undo that took it back), for questions such as "how often did a class take back, and what".

A table that this version of boardkit cannot replay (stored by a version whose rules differ)
is left out with a :class:`SkippedTableWarning`; ``frame.attrs["skipped"]`` names it and why.
"""

from __future__ import annotations

import json
import statistics
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from boardkit.analysis.rows import Trace, seat_rows
from boardkit.engine import game as get_game

from .store import OVER, MoveRow, Store, TableRow, UndoneRow
from .tables import replay

if TYPE_CHECKING:
    import pandas as pd

#: the ``agent`` of a seat a person played
PERSON = "person"
#: ``simulate``'s columns, in its order (the traced ones included)
SIMULATE_COLUMNS = ("game", "seed", "seat", "agent", "score", "rank", "win", "shared_win",
                    "no_winner", "actions", "auto_actions", "play", "seconds", "branching",
                    "lead_changes", "decided_at")
#: the columns a playtest adds
PLAYTEST_COLUMNS = ("table", "game_name", "players", "variant", "params", "opened",
                    "finished", "played_by", "decisions", "mean_decision_seconds",
                    "median_decision_seconds", "max_decision_seconds", "undone")
#: the columns of :func:`takebacks`
TAKEBACK_COLUMNS = ("table", "game_name", "undo", "index", "seat", "by", "action", "seconds",
                    "at", "undone_at")


class SkippedTableWarning(UserWarning):
    """A table whose stored moves this version cannot replay: left out of the export."""


def _played_by(row: TableRow, seat: int, moves: Sequence[MoveRow]) -> str:
    kinds = {PERSON if m.by == PERSON else "agent" for m in moves if m.seat == seat}
    if len(kinds) > 1:
        return "both"
    if kinds:
        return kinds.pop()
    return PERSON if row.agents[seat] is None else "agent"


def table_rows(row: TableRow, moves: Sequence[MoveRow],
               undone: Sequence[UndoneRow] = ()) -> list[dict[str, Any]]:
    """The rows of one table (one per seat), from its stored setup and moves (``undone``:
    the moves the teacher took back, counted per seat)."""
    game = get_game(row.game)
    trace = Trace(game.lower_is_better)
    state = replay(row, moves, before=trace.before, after=trace.after)
    state.withdraw_offer()
    seats = [PERSON if who is None else who for who in row.agents]
    seconds = round(float(sum(m.seconds for m in moves)), 3)
    rows = seat_rows(state, seats, row.id, row.seed, seconds, trace.columns(state))
    for seat, out in enumerate(rows):
        times = [float(m.seconds) for m in moves if m.seat == seat]
        out.update({
            "table": row.id, "game_name": row.game, "players": row.players,
            "variant": json.dumps(row.variant, sort_keys=True),
            "params": json.dumps(row.params, sort_keys=True), "opened": row.created,
            "finished": bool(state.is_over), "played_by": _played_by(row, seat, moves),
            "decisions": len(times),
            "mean_decision_seconds": statistics.fmean(times) if times else float("nan"),
            "median_decision_seconds": statistics.median(times) if times else float("nan"),
            "max_decision_seconds": max(times) if times else float("nan"),
            "undone": sum(1 for u in undone if u.move.seat == seat),
        })
    if state.is_over != (row.status == OVER):
        raise RuntimeError(f"table {row.id}: stored as {row.status!r}, but its replayed "
                           f"game is {'over' if state.is_over else 'not over'}")
    return rows


def load(db: str | Path, game: str | None = None) -> pd.DataFrame:
    """Every table of the class server's file ``db`` (of ``game`` only, if named), finished
    or not, as a DataFrame in ``simulate``'s shape (the module's docs list the columns), in
    the order the tables were opened. The file is opened for reading only: it may be
    exported while the server runs."""
    import pandas as pd

    store = Store(db, readonly=True)
    try:
        rows: list[dict[str, Any]] = []
        skipped: dict[int, str] = {}
        for table in store.tables():
            if game is not None and table.game != game:
                continue
            try:
                rows += table_rows(table, store.moves(table.id), store.undone(table.id))
            except Exception as exc:  # a table this version cannot replay: the rest still count
                skipped[table.id] = f"{type(exc).__name__}: {exc}"[:300]
                warnings.warn(f"table {table.id} ({table.game}) left out: {skipped[table.id]}",
                              SkippedTableWarning, stacklevel=2)
    finally:
        store.close()
    known = set(SIMULATE_COLUMNS) | set(PLAYTEST_COLUMNS)
    scored = sorted({c for r in rows for c in r if c not in known and c.startswith("src_")})
    facts = sorted({c for r in rows for c in r if c not in known and c.startswith("fact_")})
    frame = pd.DataFrame(rows, columns=[*SIMULATE_COLUMNS, *scored, *facts, *PLAYTEST_COLUMNS])
    for column in ("win", "shared_win", "no_winner", "finished"):
        frame[column] = frame[column].astype(bool)
    names = sorted(set(frame["game_name"]))
    frame.attrs.update({"source": str(db), "tables": int(frame["table"].nunique()),
                        "finished": int(frame.loc[frame["finished"], "table"].nunique()),
                        "skipped": skipped})
    if len(names) == 1:
        frame.attrs.update({"game": names[0],
                            "lower_is_better": get_game(names[0]).lower_is_better})
    return frame


def takebacks(db: str | Path) -> pd.DataFrame:
    """Every move the teacher took back at the tables of ``db``: one row per move (the
    table, its game, the undo that took it back — 1, 2, ... per table —, the move's index,
    seat, who made it, the action as JSON, its decision seconds, when it was made and when
    it was taken back), in the order they were taken back. Read-only, like :func:`load`."""
    import pandas as pd

    store = Store(db, readonly=True)
    try:
        games = {t.id: t.game for t in store.tables()}
        rows = [{"table": u.table, "game_name": games.get(u.table, ""), "undo": u.undo,
                 "index": u.move.index, "seat": u.move.seat, "by": u.move.by,
                 "action": json.dumps(u.move.action, sort_keys=True),
                 "seconds": u.move.seconds, "at": u.move.at, "undone_at": u.undone_at}
                for u in store.undone()]
    finally:
        store.close()
    return pd.DataFrame(rows, columns=list(TAKEBACK_COLUMNS))


def export(db: str | Path, out: str | Path, game: str | None = None) -> pd.DataFrame:
    """Write :func:`load`'s table to the CSV file ``out`` (``.csv.gz`` compresses); the
    table written."""
    frame = load(db, game)
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    frame.to_csv(target, index=False)
    return frame
