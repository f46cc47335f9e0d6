"""The live tables of the class server: each one a State rebuilt from its rows in the store.

The server owns every State. What leaves it for a viewer is :meth:`Table.view`: the State's
own ``observation(viewer)`` (its log as that viewer may see it included), the viewer's legal
actions only when it is that seat's decision, and the board drawn by the game's own board
for that viewer — never the State, nor anything to filter on the client.

Each viewer (a seat, the public table, the teacher's everything) has its own board object
(``game.board(state, viewer=...)``), used for three things only: ``render`` (the SVG of the
position through that viewer's eyes), ``targets`` (its click targets) and ``intent`` (a click
message → an action; a board keeps what a seat has picked so far between two clicks). The
board never applies a move: every move goes through :meth:`Table.play`, which checks whose
turn it is, applies it to the table's State (``RuleViolation``: nothing changed), and
commits it to the store before anyone is shown its result.

Every method takes the table's lock: a view is never drawn from a position whose move is not
committed yet, and two moves never interleave.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardkit.agents import HumanAgent, make_agent
from boardkit.boards.base import Board, parse_message
from boardkit.engine import PUBLIC, Action, ActionFormatError, BoardkitError, RuleViolation, State
from boardkit.engine import game as get_game
from boardkit.engine.errors import UnknownGameError
from boardkit.engine.state import MAX_SEED

from . import tokens as T
from .store import OVER, PLAYING, SEAT, SPECTATOR, MoveRow, Store, TableRow, now

log = logging.getLogger("boardkit.server")

#: a viewer of a table: a seat, the public table (:data:`PUBLIC`) or everything (None)
Viewer = int | str | None
#: the name a view gives the teacher's everything
ALL = "all"
#: the fields of a request for a new table
TABLE_FIELDS = ("game", "players", "seed", "variant", "params", "agents")


class Refusal(BoardkitError):
    """A request the server refuses: its HTTP ``status`` and a plain message (``rule``: the
    rule id an illegal move broke, or the format rule of a malformed action)."""

    def __init__(self, status: int, message: str, rule: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
            out["message"] = self.message
        return out


@dataclass(frozen=True)
class TableSpec:
    """A checked request for a new table."""

    game: str
    players: int
    seed: int
    variant: dict[str, Any]
    params: dict[str, Any]
    agents: list[str | None]


def check_spec(body: Any) -> TableSpec:
    """The request ``{"game", "players", "seed"[, "variant", "params", "agents"]}`` checked
    (a :class:`Refusal` 400 naming the field otherwise): the game exists, takes that many
    players, the seed is an integer, the variant and rule parameters are the game's, each
    agent is a name the game knows (``null``: a person plays the seat)."""
    if not isinstance(body, dict):
        raise Refusal(400, "expected a JSON object: {\"game\": ..., \"players\": ..., \"seed\": ...}")
    extra = sorted(set(body) - set(TABLE_FIELDS))
    if extra:
        raise Refusal(400, f"unknown field(s) {extra}; a table takes {', '.join(TABLE_FIELDS)}")
    name = body.get("game")
    if not isinstance(name, str) or not name:
        raise Refusal(400, "game: expected the name of a game (boardkit games lists them)")
    try:
        game = get_game(name)
    except (UnknownGameError, BoardkitError, ImportError) as exc:
        raise Refusal(400, f"game: {exc}"[:300]) from None
    players = body.get("players", game.default_players)
    seed = body.get("seed", 0)
    for field, value, high in (("players", players, game.max_players), ("seed", seed, MAX_SEED)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            raise Refusal(400, f"{field}: expected an integer 0..{high}, not {value!r}"[:200])
    variant, params = body.get("variant", {}), body.get("params", {})
    for field, value in (("variant", variant), ("params", params)):
        if not isinstance(value, dict):
            raise Refusal(400, f"{field}: expected an object")
    agents = body.get("agents", [None] * players)
    if not isinstance(agents, list) or len(agents) != players:
        raise Refusal(400, f"agents: expected a list of {players} entries, an agent's name or "
                           "null (a person) per seat")
    seats: list[str | None] = []
    for seat, who in enumerate(agents):
        if who is not None and not isinstance(who, str):
            raise Refusal(400, f"agents[{seat}]: expected an agent's name or null")
        if who is not None:
            try:
                if isinstance(make_agent(who, 0, game=game.name), HumanAgent):
                    who = None
            except BoardkitError as exc:
                raise Refusal(400, f"agents[{seat}]: {exc}"[:300]) from None
        seats.append(who)
    try:
        state = game.new_game(players=players, seed=seed, variant=variant, params=params)
    except BoardkitError as exc:
        raise Refusal(400, str(exc)[:600]) from None
    return TableSpec(game.name, players, seed, game.variant_dict(state.variant),
                     game.params_overrides(state.params), seats)


def _last_action(state: State) -> Action:
    """The action just applied, in the canonical form the log keeps."""
    for event in reversed(state.log):
        if event.kind == "action" and event.action is not None:
            return event.action
    raise AssertionError("no action in the log")


def replay(row: TableRow, moves: Sequence[MoveRow],
           before: Callable[[State], None] | None = None,
           after: Callable[[State], None] | None = None) -> State:
    """A table's State rebuilt from its rows: its setup, then each stored move applied in
    order (a ``RuntimeError`` when a move does not follow the replayed position, say a move
    stored by a version whose rules differ). ``before(state)`` is called before each move
    is applied, ``after(state)`` once it is (the export traces the game with them)."""
    game = get_game(row.game)
    state = game.new_game(players=row.players, seed=row.seed, variant=row.variant,
                          params=row.params)
    for move in moves:
        if move.index != state.action_count or move.seat != state.current_player:
            raise RuntimeError(f"table {row.id}: stored move {move.index} (P{move.seat + 1}) "
                               f"does not follow the replayed position")
        act = game.actions.from_dict(move.action, f"moves[{move.index}].action")
        if before is not None:
            before(state)
        state.apply(act)
        if after is not None:
            after(state)
    return state


def viewer_name(viewer: Viewer) -> str | int:
    return ALL if viewer is None else viewer


class Table:
    """One table: its stored setup, its State, one board per viewer, and a lock."""

    def __init__(self, row: TableRow, store: Store):
        self.row = row
        self.store = store
        self.lock = threading.RLock()
        self.boards: dict[str | int, tuple[Board | None, int]] = {}
        self.last_move = time.monotonic()
        self.state = self._rebuild()

    @property
    def id(self) -> int:
        return self.row.id

    def _rebuild(self) -> State:
        """The table's State: its setup, then every stored move applied in order."""
        self.boards.clear()
        return replay(self.row, self.store.moves(self.row.id))

    # ------------------------------------------------------------ views
    def _board(self, viewer: Viewer) -> Board | None:
        """The viewer's own board, on the table's current position and drawn for it (None:
        the game has no board). A board shows a seat's legal targets only when it is that
        seat's decision: its view is the seat's (``viewer=seat``), so for any other player
        the board's own seat check (``Board._legal_targets``) finds none."""
        key = viewer_name(viewer)
        state = self.state
        at = len(state.log)
        board, seen = self.boards.get(key, (None, -1))
        if board is None and seen == -2:
            return None
        if board is None:
            if not state.game.has_board:
                self.boards[key] = (None, -2)
                return None
            board = state.game.board(state, viewer=viewer)
            assert isinstance(board, Board)
        elif seen != at:
            board.state = state  # the board's own copy of the new position
        self.boards[key] = (board, at)
        return board

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` may see of the table, as JSON-able data."""
        with self.lock:
            state = self.state
            mine = (isinstance(viewer, int) and not state.is_over
                    and state.current_player == viewer and self.row.agents[viewer] is None)
            board = self._board(viewer)
            targets: list[str] = []
            svg, note, status = "", "", ""
            if board is not None:
                # the board's canvas holds its latest drawing of this position through the
                # viewer's eyes (drawn when the board met the position, or after a click)
                svg = board.canvas.svg
                targets = sorted(board.canvas.legal) if mine else []
                note = str(getattr(board, "_note", "") or "")
                status = board.status_text(board.state)
            legal = state.legal_actions() if mine else []
            out: dict[str, Any] = {
                "table": self.id,
                "game": state.game.name,
                "title": state.game.title,
                "players": state.players,
                "viewer": viewer_name(viewer),
                "seat": viewer if isinstance(viewer, int) else None,
                "agents": list(self.row.agents),
                "turn": state.current_player,
                "your_turn": mine,
                "is_over": state.is_over,
                "moves": state.action_count,
                "status": status or state.prompt(),
                "observation": state.observation(viewer),
                "legal_actions": [act.to_dict() for act in legal],
                "legal_labels": [str(act) for act in legal],
                "legal_targets": targets,
                "svg": svg,
                "note": note,
            }
            if state.is_over:  # nothing is secret any more
                out["scores"] = [float(s) for s in state.scores()]
                out["winners"] = state.winners()
            return out

    def save(self) -> str:
        with self.lock:
            return self.state.to_json()

    # ------------------------------------------------------------ moves
    def _check_turn(self, seat: int) -> None:
        state = self.state
        if state.is_over:
            raise Refusal(403, "the game is over")
        if self.row.agents[seat] is not None:
            raise Refusal(403, f"the computer ({self.row.agents[seat]}) plays P{seat + 1}")
        if state.current_player != seat:
            raise Refusal(403, f"it is P{(state.current_player or 0) + 1}'s decision, not "
                               f"yours (P{seat + 1})")

    def play(self, seat: int, data: Any) -> dict[str, Any]:
        """Seat ``seat`` makes the move ``data`` (an action as JSON); its new view."""
        with self.lock:
            self._check_turn(seat)
            try:
                act = self.state.game.actions.from_dict(data, "action")
            except ActionFormatError as exc:
                raise Refusal(400, str(exc)[:600], rule=exc.rule) from None
            self._commit(seat, act, "person")
            return self.view(seat)

    def click(self, seat: int, raw: Any) -> tuple[dict[str, Any], bool]:
        """A board message from seat ``seat``'s page (a click, drag or key): what its board's
        ``intent`` makes of it is played like any move. The seat's new view, and whether a
        move was made (a click may only pick something, for the seat's eyes only)."""
        with self.lock:
            self._check_turn(seat)
            try:
                msg = parse_message(raw)
            except ActionFormatError as exc:
                raise Refusal(400, str(exc)[:600], rule=exc.rule) from None
            board = self._board(seat)
            if board is None:
                raise Refusal(400, f"{self.state.game.name} has no board to click on")
            try:
                act = board.intent(msg, board.state)
            except RuleViolation as exc:  # a board that explains a refusal itself
                raise Refusal(409, exc.message, rule=exc.rule) from None
            except ActionFormatError as exc:
                raise Refusal(400, str(exc)[:600], rule=exc.rule) from None
            if act is None:  # a pick, say: the seat's board draws it
                board.refresh()
                return self.view(seat), False
            if not isinstance(act, Action):
                raise TypeError(f"{type(board).__name__}.intent returned {act!r}")
            self._commit(seat, act, "person")
            return self.view(seat), True

    def _commit(self, seat: int, act: Action, by: str) -> None:
        """Apply ``act`` for ``seat`` and commit it: the store first, then anyone may see it.
        An illegal move changes nothing (a :class:`Refusal` 409 with the rule it broke)."""
        state = self.state
        index = state.action_count
        try:
            state.apply(act)  # atomic: a violation leaves the State as it was
        except RuleViolation as exc:
            raise Refusal(409, exc.message, rule=exc.rule) from None
        except ActionFormatError as exc:
            raise Refusal(400, str(exc)[:600], rule=exc.rule) from None
        moment = time.monotonic()
        move = MoveRow(index, seat, _last_action(state).to_dict(), by,
                       round(moment - self.last_move, 3), now())
        try:
            self.store.add_move(self.id, move, OVER if state.is_over else PLAYING)
        except BaseException:
            self.state = self._rebuild()  # the store is the truth: back to what it holds
            raise
        self.last_move = moment

    def agent_to_move(self) -> str | None:
        """The agent whose decision it is (None: a person's, or the game is over)."""
        with self.lock:
            seat = self.state.current_player
            if seat is None or self.state.is_over:
                return None
            return self.row.agents[seat]

    def agent_move(self) -> bool:
        """Let the agent whose decision it is move (committed like any move). It thinks on a
        copy, without the lock, so views are served meanwhile. False: no agent is to move."""
        with self.lock:
            name = self.agent_to_move()
            if name is None:
                return False
            state = self.state
            seat, index = state.current_player, state.action_count
            assert seat is not None
            work = state.clone()
        # the agent's seed follows from the table's, the seat and the move, so a table
        # rebuilt after a restart plays on as it would have
        seed = (self.row.seed * 1_000_003 + index * 101 + seat) % 2**32
        act = make_agent(name, seed, game=work.game.name).act(work)
        with self.lock:
            if self.state.action_count != index or self.state.current_player != seat:
                return True  # the position changed meanwhile: look again
            self._commit(seat, act, name)
        return True


class Classroom:
    """Every table of the server, rebuilt from the store when it starts."""

    def __init__(self, store: Store):
        self.store = store
        self.tables: dict[int, Table] = {}
        #: tables whose rows this version cannot replay: kept in the store, not served
        self.broken: dict[int, str] = {}
        self._lock = threading.Lock()
        for row in store.tables():
            try:
                self.tables[row.id] = Table(row, store)
            except Exception as exc:
                log.error("table %s could not be rebuilt: %s", row.id, exc)
                self.broken[row.id] = f"{type(exc).__name__}: {exc}"[:300]

    def create(self, spec: TableSpec) -> tuple[Table, list[str | None], str]:
        """A new table; the tokens of its seats (None for a seat an agent plays) and of its
        spectators."""
        seat_tokens = [None if who is not None else T.new_token() for who in spec.agents]
        spectator = T.new_token()
        rows: list[tuple[str, str, int | None]] = [
            (T.digest(tok), SEAT, seat) for seat, tok in enumerate(seat_tokens) if tok is not None]
        rows.append((T.digest(spectator), SPECTATOR, None))
        table_id = self.store.create_table(spec.game, spec.players, spec.seed, spec.variant,
                                           spec.params, spec.agents, rows)
        (row,) = self.store.tables(table_id)
        table = Table(row, self.store)
        with self._lock:
            self.tables[table_id] = table
        return table, seat_tokens, spectator

    def overview(self) -> list[dict[str, Any]]:
        """Every table in the order they were opened: its number, game, players, who plays
        each seat (an agent's name, or None: a person), its moves so far and whether it is
        over; a table that could not be rebuilt says so (``broken``)."""
        with self._lock:
            tables = sorted(self.tables.items())
            broken = dict(self.broken)
        out: list[dict[str, Any]] = []
        for table_id, table in tables:
            with table.lock:
                out.append({"table": table_id, "game": table.row.game,
                            "players": table.row.players, "agents": list(table.row.agents),
                            "moves": table.state.action_count,
                            "is_over": table.state.is_over})
        out += [{"table": t, "broken": why} for t, why in sorted(broken.items())]
        return out

    def get(self, table_id: int) -> Table | None:
        """The table (None: no such table); a :class:`Refusal` 503 for a broken one."""
        with self._lock:
            if table_id in self.broken:
                raise Refusal(503, f"table {table_id} could not be rebuilt from the store: "
                                   f"{self.broken[table_id]}")
            return self.tables.get(table_id)


def holder_of(store: Store, token: str, teacher: str) -> T.Holder | None:
    """Whose ``token`` is (None: nobody's)."""
    if not T.TOKEN_PATTERN.match(token):
        return None
    if T.same(token, teacher):
        return T.Holder(T.TEACHER, token=token)
    row = store.token(T.digest(token))
    if row is None:
        return None
    return T.Holder(row.role, row.table, row.seat, token)


def viewer_of(holder: T.Holder, query: Mapping[str, str]) -> Viewer:
    """Whose eyes a request sees through: a seat its own, a spectator the public table, the
    teacher the public table or, asked for (``?as=all``), everything."""
    wanted = query.get("as")
    if holder.role == T.TEACHER:
        if wanted in (None, "", PUBLIC):
            return PUBLIC
        if wanted == ALL:
            return None
        raise Refusal(400, f"as: expected '{ALL}' or '{PUBLIC}', not {wanted[:20]!r}")
    if wanted not in (None, ""):
        raise Refusal(403, "only the teacher's token chooses a view (?as=...)")
    return holder.seat if holder.role == SEAT else PUBLIC


def new_teacher_token() -> str:
    return secrets.token_urlsafe(T.TOKEN_BYTES)
