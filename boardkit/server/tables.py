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
committed yet, and two moves never interleave. The teacher may take moves back
(:meth:`Table.undo`, refused when it would show a hidden draw: :mod:`.undo`) and hand a seat
to a person or an agent (:meth:`Table.set_seat`). An agent that fails to move (it raises, or
answers with an illegal move) changes nothing: the table waits for the teacher and says so
in every view (``agent_error``).
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from boardkit.agents import HumanAgent, make_agent
from boardkit.boards.base import Board, parse_message
from boardkit.engine import PUBLIC, Action, ActionFormatError, BoardkitError, RuleViolation, State
from boardkit.engine import game as get_game
from boardkit.engine.errors import UnknownGameError
from boardkit.engine.state import MAX_SEED

from . import tokens as T
from . import undo as U
from .store import OVER, PLAYING, SEAT, SPECTATOR, MoveRow, Store, TableRow, now

log = logging.getLogger("boardkit.server")

#: a viewer of a table: a seat, the public table (:data:`PUBLIC`) or everything (None)
Viewer = int | str | None
#: the name a view gives the teacher's everything
ALL = "all"
#: the fields of a request for a new table
TABLE_FIELDS = ("game", "players", "seed", "variant", "params", "agents", "undo")
#: the rule a seat's change is refused by once the game is over
RULE_SEAT_OVER = "table.seat.over"
#: how many times an undo is checked again when the table moves on during its check
UNDO_TRIES = 3
#: what :meth:`Table.agent_move` did: moved (or the position changed: look again), failed
#: (the table waits for the teacher), or nothing (no agent is to move)
AgentTurn = Literal["moved", "failed", "idle"]


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
    undo: str = U.TEACHER

    @property
    def options(self) -> dict[str, Any]:
        """The table's options as stored."""
        return {U.OPTION: self.undo}


def check_agent(game: str, who: Any, field: str) -> str | None:
    """An agent's name checked for ``game`` (a :class:`Refusal` 400 naming ``field``
    otherwise); None (or ``human``): a person plays the seat."""
    if who is None:
        return None
    if not isinstance(who, str):
        raise Refusal(400, f"{field}: expected an agent's name or null (a person)")
    try:
        if isinstance(make_agent(who, 0, game=game), HumanAgent):
            return None
    except BoardkitError as exc:
        raise Refusal(400, f"{field}: {exc}"[:300]) from None
    return who


def check_spec(body: Any) -> TableSpec:
    """The request ``{"game", "players", "seed"[, "variant", "params", "agents", "undo"]}``
    checked (a :class:`Refusal` 400 naming the field otherwise): the game exists, takes that
    many players, the seed is an integer, the variant and rule parameters are the game's,
    each agent is a name the game knows (``null``: a person plays the seat), and ``undo`` is
    ``"teacher"`` (the default: the teacher may take a move back) or ``"off"``."""
    if not isinstance(body, dict):
        raise Refusal(400, "expected a JSON object: {\"game\": ..., \"players\": ..., \"seed\": ...}")
    extra = sorted(set(body) - set(TABLE_FIELDS))
    if extra:
        raise Refusal(400, f"unknown {'field' if len(extra) == 1 else 'fields'} {extra}; a table takes {', '.join(TABLE_FIELDS)}")
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
    seats = [check_agent(game.name, who, f"agents[{seat}]") for seat, who in enumerate(agents)]
    undo = body.get("undo", U.TEACHER)
    if undo not in U.CHOICES:
        raise Refusal(400, f"undo: expected \"{U.TEACHER}\" (the teacher may take a move back) "
                           f"or \"{U.OFF}\", not {undo!r}"[:200])
    try:
        state = game.new_game(players=players, seed=seed, variant=variant, params=params)
    except BoardkitError as exc:
        raise Refusal(400, str(exc)[:600]) from None
    return TableSpec(game.name, players, seed, game.variant_dict(state.variant),
                     game.params_overrides(state.params), seats, undo)


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


def _changed(table: Table) -> dict[str, Any]:
    """The table's variant options that differ from its game's defaults."""
    game = table.state.game
    defaults = game.variant_dict(game.make_variant({}))
    return {k: v for k, v in table.row.variant.items() if k not in defaults or defaults[k] != v}


def played_with(table: Table) -> list[dict[str, Any]]:
    """What the table plays beyond the rulebook's game, for everyone at it to read: each
    variant option that differs from its default and each rule parameter it sets, with what
    it does (``name``, ``value``, ``text``; a house rule says so in ``house_rule``)."""
    game = table.state.game
    texts = {o.name: o.text for o in game.variant_options()}
    rules = game.house_rules()
    out: list[dict[str, Any]] = [
        {"name": key, "value": value, "text": texts.get(key, ""), "house_rule": False}
        for key, value in _changed(table).items()]
    for key, value in table.row.params.items():
        rule = rules.get(key)
        out.append({"name": key, "value": value, "house_rule": rule is not None,
                    "text": rule.description if rule is not None else "a rule parameter"})
    return out


def viewer_name(viewer: Viewer) -> str | int:
    return ALL if viewer is None else viewer


class Table:
    """One table: its stored setup, its State, one board per viewer, and a lock.

    ``revision`` counts the changes every viewer sees (a move, an undo, a seat changing
    hands, an agent's failure) since this server started (``instance``), so a page can tell
    a newer view from an older one even when an undo makes the moves fewer."""

    def __init__(self, row: TableRow, store: Store, instance: str = ""):
        self.row = row
        self.store = store
        self.instance = instance
        self.lock = threading.RLock()
        self.boards: dict[str | int, tuple[Board | None, int]] = {}
        self.last_move = time.monotonic()
        self.revision = 0
        #: the last agent's failure, while the table waits for the teacher (None: none)
        self.agent_error: dict[str, Any] | None = None
        #: what every viewer is told of the teacher's last undo, until the next move
        self.notice = ""
        self.state = self._rebuild()

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def undo_option(self) -> str:
        option = self.row.options.get(U.OPTION, U.TEACHER)
        return option if isinstance(option, str) else U.TEACHER

    def _rebuild(self) -> State:
        """The table's State: its setup, then every stored move applied in order."""
        self.boards.clear()
        return replay(self.row, self.store.moves(self.row.id))

    def _changed(self) -> None:
        self.revision += 1

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
                "played_with": played_with(self),
                "players": state.players,
                "viewer": viewer_name(viewer),
                "seat": viewer if isinstance(viewer, int) else None,
                "agents": list(self.row.agents),
                "turn": state.current_player,
                "your_turn": mine,
                "is_over": state.is_over,
                "moves": state.action_count,
                "server": self.instance,
                "revision": self.revision,
                "status": status or state.prompt(),
                "observation": state.observation(viewer),
                "legal_actions": [act.to_dict() for act in legal],
                "legal_labels": [str(act) for act in legal],
                "legal_targets": targets,
                "svg": svg,
                "note": note,
                "notice": self.notice,
                "agent_error": self._agent_error_for(viewer),
            }
            if state.is_over:  # nothing is secret any more
                out["scores"] = [float(s) for s in state.scores()]
                out["winners"] = state.winners()
            return out

    def _agent_error_for(self, viewer: Viewer) -> dict[str, Any] | None:
        """The agent's failure as ``viewer`` may read it: who and which move for everyone,
        what went wrong for the teacher's everything only (an agent's error may name what
        its seat holds)."""
        error = self.agent_error
        if error is None:
            return None
        if viewer is None:
            return dict(error)
        return {k: error[k] for k in ("seat", "agent", "move", "at", "message")}

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
            self._commit(seat, act, U.PERSON)
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
            self._commit(seat, act, U.PERSON)
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
        self.notice = ""
        self._changed()

    # ------------------------------------------------------------ the teacher's
    def undo(self) -> dict[str, Any]:
        """Take back the last move a person made, with the agents' moves after it (see
        :mod:`.undo`): committed to the store (the moves move to its ``undone`` rows), then
        the table is at the position before that move. A :class:`Refusal` 409 with the rule
        that forbids it otherwise, and nothing changes.

        The check plays the moves again on copies, without the table's lock (views are
        served meanwhile); if the table changed in the meantime (a move, another undo), it
        looks again, :data:`UNDO_TRIES` times at most (``table.undo.busy`` after that)."""
        for _ in range(UNDO_TRIES):
            with self.lock:
                if self.undo_option == U.OFF:
                    raise Refusal(409, f"undo: table {self.id} was opened with \"undo\": "
                                       f"\"{U.OFF}\"", rule=U.RULE_OFF)
                row, revision = self.row, self.revision
                moves = self.store.moves(self.id)
            first = U.first_taken_back(moves)
            if first is None:
                raise Refusal(409, "undo: no person has made a move here to take back",
                              rule=U.RULE_NOTHING)
            before = replay(row, moves[:first])
            game = before.game
            taken = [(m.seat, game.actions.from_dict(m.action, f"moves[{m.index}].action"))
                     for m in moves[first:]]
            why = U.blocked(before, taken, U.check_seed(row.seed, first))
            with self.lock:
                if self.revision != revision:
                    continue  # the table moved on meanwhile: look again
                if why is not None:
                    raise Refusal(409, f"undo: {why.message}", rule=why.rule)
                return self._take_back(first, before)
        raise Refusal(409, "undo: the table kept moving while the undo was checked; ask again",
                      rule=U.RULE_BUSY)

    def _take_back(self, first: int, before: State) -> dict[str, Any]:
        """Commit the undo of the moves from ``first`` on (checked), ``before`` being the
        position before them; under the table's lock."""
        number, rows = self.store.undo(self.id, first, OVER if before.is_over else PLAYING)
        self.state = before
        self.boards.clear()  # a seat's picks belonged to the later position
        self.last_move = time.monotonic()  # the next decision's time starts now
        self.agent_error = None
        person = rows[0]
        answers = len(rows) - 1
        self.notice = (f"the teacher took back P{person.seat + 1}'s move {first + 1}"
                       + (f" and the {answers} move{'s' if answers > 1 else ''} after it"
                          if answers else ""))
        self._changed()
        log.info("table %s: undo %s took back moves %s..%s", self.id, number, first + 1,
                 first + len(rows))
        return {"table": self.id, "undo": number, "moves": before.action_count,
                "turn": before.current_player, "notice": self.notice,
                "undone": [{"index": m.index, "seat": m.seat, "by": m.by, "action": m.action}
                           for m in rows]}

    def set_seat(self, seat: int, agent: str | None) -> str | None:
        """Seat ``seat`` is played by ``agent`` from now on (None: by a person, who gets a
        new token: the seat's old one, if any, opens nothing any more). Handing a failed
        agent's seat to the same agent lets it try again. The new token (None for an
        agent)."""
        with self.lock:
            if not 0 <= seat < self.row.players:
                raise Refusal(404, f"seat: table {self.id} has seats 0..{self.row.players - 1}, "
                                   f"not {seat}")
            if self.state.is_over:
                raise Refusal(409, "seat: the game is over; its seats stay as they were",
                              rule=RULE_SEAT_OVER)
            agents = list(self.row.agents)
            agents[seat] = agent
            token = None if agent is not None else T.new_token()
            self.store.set_seat(self.id, agents, seat,
                                None if token is None else T.digest(token))
            self.row = dataclasses.replace(self.row, agents=agents)
            self.boards.pop(seat, None)  # what the seat had picked was its last player's
            if self.agent_error is not None and self.agent_error["seat"] == seat:
                self.agent_error = None
            self._changed()
            log.info("table %s: P%s is played by %s now", self.id, seat + 1,
                     agent or "a person (a new link)")
            return token

    def new_spectator(self) -> str:
        """One more spectators' token (the earlier ones still open the public table)."""
        token = T.new_token()
        self.store.add_token(self.id, T.digest(token), SPECTATOR)
        return token

    # ------------------------------------------------------------ agents
    def agent_to_move(self) -> str | None:
        """The agent whose decision it is (None: a person's, the game is over, or the agent
        failed and the table waits for the teacher)."""
        with self.lock:
            seat = self.state.current_player
            if seat is None or self.state.is_over or self.agent_error is not None:
                return None
            return self.row.agents[seat]

    def agent_move(self) -> AgentTurn:
        """Let the agent whose decision it is move (committed like any move). It thinks on a
        copy, without the lock, so views are served meanwhile. An agent that raises, or
        answers with something that is not a legal move, changes nothing: its failure is
        logged and shown in every view, and the table waits for the teacher
        (:meth:`set_seat`)."""
        with self.lock:
            name = self.agent_to_move()
            if name is None:
                return "idle"
            state = self.state
            seat, index, revision = state.current_player, state.action_count, self.revision
            assert seat is not None
            work = state.clone()
        # the agent's seed follows from the table's, the seat and the move, so a table
        # rebuilt after a restart plays on as it would have
        seed = (self.row.seed * 1_000_003 + index * 101 + seat) % 2**32
        failure: Exception | None = None
        act: Any = None
        try:
            act = make_agent(name, seed, game=work.game.name).act(work)
            if not isinstance(act, Action):
                raise TypeError(f"the agent answered {act!r:.80}, not an action")
        except Exception as exc:
            failure = exc
        with self.lock:
            if self.revision != revision:
                return "moved"  # the position changed meanwhile: look again
            if failure is None:
                try:
                    self._commit(seat, act, name)
                    return "moved"
                except Exception as exc:  # an illegal move, or one the game failed on
                    failure = exc
            self._agent_failed(seat, name, index, failure)
            return "failed"

    def _agent_failed(self, seat: int, name: str, index: int, exc: Exception) -> None:
        rule = getattr(exc, "rule", None)
        detail = exc.message if isinstance(exc, Refusal) else f"{type(exc).__name__}: {exc}"
        log.error("table %s: the computer (%s) at P%s could not make move %s: %s", self.id,
                  name, seat + 1, index + 1, detail,
                  exc_info=None if isinstance(exc, Refusal) else exc)
        self.agent_error = {
            "seat": seat, "agent": name, "move": index, "at": now(),
            "error": detail[:600], "rule": rule if isinstance(rule, str) else None,
            "message": (f"the computer ({name}) at P{seat + 1} could not make move {index + 1}; "
                        "the teacher can let it try again or hand the seat to someone else"),
        }
        self._changed()


class Classroom:
    """Every table of the server, rebuilt from the store when it starts."""

    def __init__(self, store: Store):
        self.store = store
        self.tables: dict[int, Table] = {}
        #: tables whose rows this version cannot replay: kept in the store, not served
        self.broken: dict[int, str] = {}
        #: this server's run: a page tells views of an earlier run by it (their revisions
        #: start again from 0)
        self.instance = secrets.token_hex(6)
        self._lock = threading.Lock()
        for row in store.tables():
            try:
                self.tables[row.id] = Table(row, store, self.instance)
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
                                           spec.params, spec.agents, rows, spec.options)
        (row,) = self.store.tables(table_id)
        table = Table(row, self.store, self.instance)
        with self._lock:
            self.tables[table_id] = table
        return table, seat_tokens, spectator

    def overview(self) -> list[dict[str, Any]]:
        """Every table in the order they were opened: its number, when it was opened (which
        tells it from another class's table of the same number), game, players, who plays
        each seat (an agent's name, or None: a person), its moves so far, whose decision it
        is, whether it is over, whether the teacher may undo (``undo``) and an agent's
        failure the table waits on (``agent_error``, with what went wrong: the teacher's);
        a finished table's ``winners`` and ``scores``; its seed, the variant options that
        differ from the game's defaults (``variant``) and
        its rule parameters (``params``: house rules among them), so that tables playing
        different rules are told apart; a table that could not be rebuilt says so
        (``broken``)."""
        with self._lock:
            tables = sorted(self.tables.items())
            broken = dict(self.broken)
        out: list[dict[str, Any]] = []
        for table_id, table in tables:
            with table.lock:
                out.append({"table": table_id, "opened": table.row.created,
                            "game": table.row.game, "seed": table.row.seed,
                            "variant": _changed(table), "params": dict(table.row.params),
                            "players": table.row.players, "agents": list(table.row.agents),
                            "moves": table.state.action_count,
                            "turn": table.state.current_player,
                            "is_over": table.state.is_over, "undo": table.undo_option,
                            "agent_error": table._agent_error_for(None)})
                if table.state.is_over:  # nothing is secret any more: who won, and how
                    out[-1].update(winners=list(table.state.winners()),
                                   scores=[float(s) for s in table.state.scores()])
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
