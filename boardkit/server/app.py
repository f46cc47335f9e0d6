"""The class server's web app (Starlette): the JSON API, the WebSocket pushes, the pages.

    POST /api/tables                 teacher   {"game", "players", "seed"[, "variant",
                                               "params", "agents", "undo"]}
                                               -> 201 the seats' and the spectators' links
    GET  /api/tables                 teacher   every table: its game, seats, moves, status,
                                               undo option, an agent's failure
    GET  /api/games                  teacher   the games a table can be opened with, their
                                               player counts, agents and variant options
    GET  /api/tables/ID/view         a seat, the spectator, or the teacher (?as=all)
    POST /api/tables/ID/actions      a seat    {"action": <action JSON>} -> its new view
    POST /api/tables/ID/intent       a seat    {"message": <board message>} -> its new view
    POST /api/tables/ID/undo         teacher   take back the last person's move (and the
                                               agents' after it) -> what was taken back
    POST /api/tables/ID/seats/N      teacher   {"agent": NAME} an agent plays seat N (the
                                               same one: it tries again), {"agent": null} a
                                               person does, with a new link
    POST /api/tables/ID/spectator    teacher   one more spectators' link
    GET  /api/tables/ID/save         teacher   the game's save (Game.from_json replays it)
    GET  /api/export.csv             teacher   every table's game as simulate's rows (CSV)
    WS   /api/tables/ID/ws?token=T   anyone with a view: that view, again after every change
    GET  /tables/ID/play#token=T     the seat page (the token stays in the fragment)
    GET  /teacher#token=T            the teacher's page: open tables, hand out links, watch,
                                     undo, hand seats over (through the routes above)

A token comes as ``Authorization: Bearer T`` (or ``?token=T`` where a header cannot be set:
the WebSocket). Refusals, each of which changes nothing: 401 no or an unknown token; 403 a
token of another table, another seat's role (a seat's or the spectators' token asking for
the teacher's routes), or a move out of turn; 404 no such table or seat; 400 malformed JSON,
a malformed action or a field out of range (the message names the field); 413 a body over
:data:`BODY_LIMIT` bytes; 429 more requests than a token's rate limit allows; 409 with
``{"rule": ..., "message": ...}``: an illegal move (the rule it broke), or an undo or seat
change the table's rules forbid (``table.undo.off``, ``table.undo.nothing``,
``table.undo.chance``, ``table.undo.hidden``, ``table.undo.busy``: see :mod:`.undo`;
``table.seat.over``).

An agent that fails to move (it raises, or answers with an illegal move) changes nothing:
the failure is logged, every view carries it (``agent_error``; what went wrong in the
teacher's ``?as=all`` view only), and the table waits until the teacher lets the agent try
again or hands the seat over (``/seats/N``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import html
import json
import logging
import time
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from boardkit.agents import agent_names
from boardkit.engine import game as get_game
from boardkit.engine import games
from boardkit.engine.resources import widgets_dir

from . import tokens as T
from .store import SEAT, Store
from .tables import (
    Classroom,
    Refusal,
    Table,
    Viewer,
    check_agent,
    check_spec,
    holder_of,
    viewer_of,
)

log = logging.getLogger("boardkit.server")

#: the largest request body read, in bytes (an action or a board message is a few hundred)
BODY_LIMIT = 16 * 1024
#: each token's rate limit: a burst of RATE_BURST requests, then RATE_PER_SECOND a second
RATE_BURST = 40
RATE_PER_SECOND = 20.0
#: the front-end files the seat page loads (from widgets/, as the notebook's boards do)
WIDGET_FILES = {"board.js": "text/javascript", "helpers.js": "text/javascript",
                "board.css": "text/css"}
PAGE_FILES = {"board-model.js": "text/javascript", "page.js": "text/javascript",
              "seat.js": "text/javascript", "seat.css": "text/css",
              "teacher.js": "text/javascript", "teacher.css": "text/css"}
#: how long a push may wait for one page, in seconds (a stuck page does not hold up the rest)
SEND_TIMEOUT = 5.0
#: the seat page runs only its own scripts, talks only to this server, embeds nothing
PAGE_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self' "
                                "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
                                "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class RateLimit:
    """A token bucket per token: ``burst`` requests at once, refilled at ``per_second``."""

    def __init__(self, burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND):
        self.burst = burst
        self.per_second = per_second
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        moment = time.monotonic()
        level, then = self._buckets.get(key, (float(self.burst), moment))
        level = min(float(self.burst), level + (moment - then) * self.per_second)
        if level < 1.0:
            self._buckets[key] = (level, moment)
            return False
        self._buckets[key] = (level - 1.0, moment)
        return True


@dataclass
class Hub:
    """The open WebSockets of each table, with whose eyes each one sees."""

    sockets: dict[int, dict[WebSocket, Viewer]] = field(default_factory=dict)
    locks: dict[int, asyncio.Lock] = field(default_factory=dict)

    def add(self, table: int, socket: WebSocket, viewer: Viewer) -> None:
        self.sockets.setdefault(table, {})[socket] = viewer

    def remove(self, table: int, socket: WebSocket) -> None:
        self.sockets.get(table, {}).pop(socket, None)

    async def close_seat(self, table: int, seat: int, reason: str) -> None:
        """Close every page that sees through seat ``seat``'s eyes (its link was replaced:
        a page of the old one must not see the seat's next views)."""
        for socket, viewer in list(self.sockets.get(table, {}).items()):
            if viewer == seat:
                self.remove(table, socket)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(socket.close(code=4401, reason=reason), SEND_TIMEOUT)

    def lock(self, table: int) -> asyncio.Lock:
        """The lock the pushes of ``table`` take (held: no push goes out meanwhile)."""
        return self.locks.setdefault(table, asyncio.Lock())

    async def push(self, table: Table) -> None:
        """Send each viewer of ``table`` its own view of the position now (in move order)."""
        async with self.lock(table.id):
            sockets = list(self.sockets.get(table.id, {}).items())
            views: dict[str | int, str] = {}
            for socket, viewer in sockets:
                key = "all" if viewer is None else viewer
                if key not in views:
                    view = await to_thread.run_sync(table.view, viewer)
                    views[key] = json.dumps({"kind": "view", "view": view})
                try:
                    await asyncio.wait_for(socket.send_text(views[key]), SEND_TIMEOUT)
                except Exception:  # a closed or stuck page: forget it (it reconnects)
                    self.remove(table.id, socket)


def describe_games() -> list[dict[str, Any]]:
    """Every available game (``boardkit.games()``: the built-in ones and any installed) as
    the teacher's form needs it; a game that cannot be loaded is left out (and logged)."""
    out: list[dict[str, Any]] = []
    for name in games():
        try:
            game = get_game(name)
            rules = game.house_rules()
            out.append({
                "name": game.name, "title": game.title,
                "min_players": game.min_players, "max_players": game.max_players,
                "default_players": game.default_players,
                "agents": [a for a in agent_names(game.name) if a != "human"],
                "variant": game.variant_dict(game.make_variant({})),
                "options": [dataclasses.asdict(option) for option in game.variant_options()],
                "house_rules": {key: {"values": list(rule.values), "default": rule.default,
                                      "text": rule.description}
                                for key, rule in rules.items()},
            })
        except Exception as exc:
            log.warning("game %s is left out of the teacher's form: %s", name, exc)
    return out


class ClassServer:
    """What the app serves: the store, the tables, the open sockets, the agents at work."""

    def __init__(self, db: str, teacher_token: str, *, body_limit: int = BODY_LIMIT,
                 rate: RateLimit | None = None, public_url: str | None = None):
        if not T.TOKEN_PATTERN.match(teacher_token):
            raise ValueError("the teacher's token: 16 to 128 characters of A-Z a-z 0-9 _ -")
        self.db = db
        self.public_url = public_url
        self.teacher_token = teacher_token
        self.body_limit = body_limit
        self.rate = rate or RateLimit()
        self.hub = Hub()
        self.store: Store | None = None
        self.classroom: Classroom | None = None
        self._drivers: dict[int, asyncio.Task[None]] = {}
        self._kicked: set[int] = set()
        self._catalogue: list[dict[str, Any]] | None = None

    # ------------------------------------------------------------ life
    def start(self) -> None:
        self.store = Store(self.db)
        self.classroom = Classroom(self.store)

    async def stop(self) -> None:
        for task in list(self._drivers.values()):
            task.cancel()
        for task in list(self._drivers.values()):
            with contextlib.suppress(BaseException):
                await task
        if self.store is not None:
            self.store.close()

    def catalogue(self) -> list[dict[str, Any]]:
        """The games a table can be opened with, described for the teacher's form (made
        once: a game's description does not change while the server runs)."""
        if self._catalogue is None:
            self._catalogue = describe_games()
        return self._catalogue

    @property
    def tables(self) -> Classroom:
        assert self.classroom is not None, "the server has not started"
        return self.classroom

    # ------------------------------------------------------------ agents
    def drive(self, table: Table) -> None:
        """Let the agents of ``table`` play while it is their decision (in the background;
        each move committed, then pushed)."""
        task = self._drivers.get(table.id)
        if task is not None and not task.done():
            self._kicked.add(table.id)  # the running driver looks again before it stops
            return
        if table.agent_to_move() is None:
            return
        self._drivers[table.id] = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        while True:
            self._kicked.discard(table.id)
            try:
                turn = await to_thread.run_sync(table.agent_move)
            except Exception:  # not the agent's (that is recorded on the table): the store's
                log.exception("table %s: an agent's move could not be made", table.id)
                return
            if turn == "moved":
                await self.hub.push(table)
                continue
            if turn == "failed":  # every page shows it; the table waits for the teacher
                await self.hub.push(table)
            if table.id not in self._kicked:
                return

    # ------------------------------------------------------------ requests
    def holder(self, conn: HTTPConnection) -> T.Holder:
        """Who is asking (a :class:`Refusal` 401 when nobody known)."""
        header = conn.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if not header and conn.scope["type"] == "websocket":  # a browser sets no header there
            token = conn.query_params.get("token", "")
        elif scheme.lower() != "bearer":
            raise Refusal(401, "expected 'Authorization: Bearer <token>'")
        token = token.strip()
        if not token:
            raise Refusal(401, "a token is needed: 'Authorization: Bearer <token>'")
        assert self.store is not None
        found = holder_of(self.store, token, self.teacher_token)
        if found is None:
            raise Refusal(401, "unknown token")
        return found

    def table_for(self, conn: HTTPConnection, holder: T.Holder) -> Table:
        """The table the path names, if the holder's token may reach it."""
        raw = conn.path_params.get("table")
        assert isinstance(raw, int)
        if holder.role != T.TEACHER and holder.table != raw:
            raise Refusal(403, "this token belongs to another table")
        table = self.tables.get(raw)
        if table is None:
            raise Refusal(404, f"no table {raw}")
        return table

    def teacher(self, conn: HTTPConnection, what: str) -> T.Holder:
        """The teacher asking (401 for nobody known, 403 for a seat's or spectators' token,
        naming ``what`` only the teacher may do)."""
        holder = self.holder(conn)
        if holder.role != T.TEACHER:
            raise Refusal(403, f"only the teacher's token {what}")
        return holder

    def limit(self, holder: T.Holder) -> None:
        if not self.rate.allow(holder.token):
            raise Refusal(429, "too many requests: slow down")

    async def body(self, request: Request) -> Any:
        """The request's JSON, at most :attr:`body_limit` bytes (413 beyond, 400 if it is
        not JSON)."""
        declared = request.headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                raise Refusal(400, "a malformed Content-Length")
            if int(declared) > self.body_limit:
                raise Refusal(413, f"the body is over {self.body_limit:,} bytes")
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > self.body_limit:
                raise Refusal(413, f"the body is over {self.body_limit:,} bytes")
        try:
            return json.loads(bytes(data).decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise Refusal(400, "the body is not valid JSON") from None


def _server(conn: HTTPConnection) -> ClassServer:
    server = conn.app.state.server
    assert isinstance(server, ClassServer)
    return server


Handler = Callable[[Request], Awaitable[Response]]


def refusals(handler: Handler) -> Handler:
    """Answer a :class:`Refusal` with its status and a JSON body."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except Refusal as exc:
            return JSONResponse(exc.body(), status_code=exc.status)

    wrapped.__name__ = handler.__name__
    wrapped.__doc__ = handler.__doc__
    return wrapped


def _absolute(request: Request, path: str) -> str:
    """The address of ``path`` for the people the teacher hands it to: under the server's
    public address when one was given (``--url``), else under the one the request came to."""
    base = _server(request).public_url or str(request.base_url)
    return base.rstrip("/") + path


def _seat_url(request: Request, table: int, token: str | None) -> str | None:
    """The link that opens ``table`` with ``token`` (None: no token, no link)."""
    return None if token is None else _absolute(request, f"/tables/{table}/play#token={token}")


# ---------------------------------------------------------------- endpoints
@refusals
async def create_table(request: Request) -> Response:
    server = _server(request)
    holder = server.teacher(request, "opens tables")
    server.limit(holder)
    spec = await to_thread.run_sync(check_spec, await server.body(request))
    table, seats, spectator = await to_thread.run_sync(server.tables.create, spec)
    out = {
        "table": table.id,
        "opened": table.row.created,
        "game": spec.game,
        "undo": spec.undo,
        "seats": [{"seat": seat, "token": tok, "agent": spec.agents[seat],
                   "url": _seat_url(request, table.id, tok)}
                  for seat, tok in enumerate(seats)],
        "spectator": {"token": spectator, "url": _seat_url(request, table.id, spectator)},
    }
    server.drive(table)  # an agent may open the game
    return JSONResponse(out, status_code=201)


@refusals
async def list_tables(request: Request) -> Response:
    """The teacher's overview: each table's game, who sits where, its moves and whether it
    is over (no position: that is what a view is for)."""
    server = _server(request)
    holder = server.teacher(request, "lists the tables")
    server.limit(holder)
    return JSONResponse({"tables": await to_thread.run_sync(server.tables.overview)})


@refusals
async def list_games(request: Request) -> Response:
    """What the teacher's page offers: each game a table can be opened with (the built-in
    ones and any installed), its player counts, its agents, its variant's options with their
    defaults and its house rules."""
    server = _server(request)
    holder = server.teacher(request, "lists the games")
    server.limit(holder)
    return JSONResponse({"games": await to_thread.run_sync(server.catalogue)})


@refusals
async def view(request: Request) -> Response:
    server = _server(request)
    holder = server.holder(request)
    table = server.table_for(request, holder)
    server.limit(holder)
    viewer = viewer_of(holder, request.query_params)
    return JSONResponse(await to_thread.run_sync(table.view, viewer))


async def _seat_move(request: Request, field_name: str,
                     move: Callable[[Table, int, Any], dict[str, Any]]) -> Response:
    server = _server(request)
    holder = server.holder(request)
    table = server.table_for(request, holder)
    if holder.role != SEAT or holder.seat is None:
        raise Refusal(403, "only a seat's token makes moves")
    server.limit(holder)
    body = await server.body(request)
    if not isinstance(body, dict) or set(body) != {field_name}:
        raise Refusal(400, f"expected {{\"{field_name}\": ...}}")
    seat = holder.seat
    before = table.state.action_count
    out = await to_thread.run_sync(move, table, seat, body[field_name])
    if out["moves"] != before:
        await server.hub.push(table)
        server.drive(table)
    return JSONResponse(out)


@refusals
async def act(request: Request) -> Response:
    return await _seat_move(request, "action", lambda t, seat, data: t.play(seat, data))


@refusals
async def intent(request: Request) -> Response:
    def click(table: Table, seat: int, data: Any) -> dict[str, Any]:
        out, moved = table.click(seat, data)
        return {**out, "moved": moved}

    return await _seat_move(request, "message", click)


async def _no_body(server: ClassServer, request: Request) -> None:
    """A request that takes no fields: an empty body or ``{}`` (400 otherwise)."""
    declared = request.headers.get("content-length")
    if declared == "0":
        return
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > server.body_limit:
            raise Refusal(413, f"the body is over {server.body_limit:,} bytes")
    text = bytes(data).strip()
    if text and text != b"{}":
        raise Refusal(400, "this request takes no fields: send no body, or {}")


@refusals
async def undo(request: Request) -> Response:
    """The teacher takes back the last move a person made (and the agents' moves after
    it): committed, then pushed to every page (409 with the rule that forbids it)."""
    server = _server(request)
    holder = server.teacher(request, "takes a move back")
    table = server.table_for(request, holder)
    server.limit(holder)
    await _no_body(server, request)
    out = await to_thread.run_sync(table.undo)
    await server.hub.push(table)
    server.drive(table)
    return JSONResponse(out)


@refusals
async def seat(request: Request) -> Response:
    """The teacher hands seat N to an agent (``{"agent": NAME}``; the agent already there:
    it tries again) or to a person (``{"agent": null}``: a new link, the old one closed)."""
    server = _server(request)
    holder = server.teacher(request, "hands a seat over")
    table = server.table_for(request, holder)
    server.limit(holder)
    body = await server.body(request)
    if not isinstance(body, dict) or set(body) != {"agent"}:
        raise Refusal(400, "expected {\"agent\": an agent's name, or null for a person}")
    number = request.path_params["seat"]
    assert isinstance(number, int)
    agent = await to_thread.run_sync(check_agent, table.row.game, body["agent"], "agent")
    async with server.hub.lock(table.id):  # no push between the change and the closing
        token = await to_thread.run_sync(table.set_seat, number, agent)
        await server.hub.close_seat(table.id, number, "this seat has a new link now")
    await server.hub.push(table)
    server.drive(table)
    return JSONResponse({"table": table.id, "seat": number, "agent": agent, "token": token,
                         "url": _seat_url(request, table.id, token)})


@refusals
async def spectator(request: Request) -> Response:
    """One more link to the table's public view (the earlier ones keep working)."""
    server = _server(request)
    holder = server.teacher(request, "makes spectators' links")
    table = server.table_for(request, holder)
    server.limit(holder)
    await _no_body(server, request)
    token = await to_thread.run_sync(table.new_spectator)
    return JSONResponse({"table": table.id, "token": token,
                         "url": _seat_url(request, table.id, token)}, status_code=201)


@refusals
async def save(request: Request) -> Response:
    server = _server(request)
    holder = server.teacher(request, "downloads a table's save")
    table = server.table_for(request, holder)
    server.limit(holder)
    text = await to_thread.run_sync(table.save)
    name = f"{table.row.game.replace(':', '-')}-table{table.id}.json"
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@refusals
async def export_csv(request: Request) -> Response:
    """Every game played at the server's tables as one CSV file, in ``simulate``'s shape
    (``boardkit tables export``, from the teacher's page): what lesson 70 reads."""
    server = _server(request)
    holder = server.teacher(request, "downloads the games")
    server.limit(holder)
    try:
        from .export import load
    except ImportError as exc:  # the export's table needs pandas (the analysis extra)
        raise Refusal(501, f"the export needs the 'analysis' extra: pip install "
                           f"'boardkit[analysis]' ({exc})") from None

    def table() -> str:
        with warnings.catch_warnings():  # a table this version cannot replay is left out
            warnings.simplefilter("ignore")
            return str(load(server.db).to_csv(index=False))

    text = await to_thread.run_sync(table)
    return Response(text, media_type="text/csv",
                    headers={"Content-Disposition": 'attachment; filename="playtests.csv"'})


async def socket(websocket: WebSocket) -> None:
    server = _server(websocket)
    try:
        holder = server.holder(websocket)
        table = server.table_for(websocket, holder)
        viewer = viewer_of(holder, websocket.query_params)
    except Refusal as exc:
        await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
        return
    await websocket.accept()
    server.hub.add(table.id, websocket, viewer)
    try:
        first = await to_thread.run_sync(table.view, viewer)
        await websocket.send_text(json.dumps({"kind": "view", "view": first}))
        while True:  # the page only listens; what it sends is ignored
            await websocket.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        server.hub.remove(table.id, websocket)


async def seat_page(request: Request) -> Response:
    raw = request.path_params["table"]
    assert isinstance(raw, int)
    text = (files("boardkit.server") / "static" / "seat.html").read_text(encoding="utf-8")
    return HTMLResponse(text.replace("{{TABLE}}", html.escape(str(raw))), headers=PAGE_HEADERS)


async def teacher_page(request: Request) -> Response:
    """The teacher's page: its token is in the fragment (``#token=``), which no browser
    sends; the page itself holds nothing secret and calls the API like any client."""
    text = (files("boardkit.server") / "static" / "teacher.html").read_text(encoding="utf-8")
    return HTMLResponse(text, headers=PAGE_HEADERS)


async def static_file(request: Request) -> Response:
    name = request.path_params["name"]
    if name in WIDGET_FILES:
        return FileResponse(widgets_dir() / name, media_type=WIDGET_FILES[name],
                            headers={"Cache-Control": "no-cache"})
    if name in PAGE_FILES:
        path = files("boardkit.server") / "static" / name
        return Response(path.read_text(encoding="utf-8"), media_type=PAGE_FILES[name],
                        headers={"Cache-Control": "no-cache"})
    return JSONResponse({"error": "not found"}, status_code=404)


async def index(request: Request) -> Response:
    return JSONResponse({"boardkit": "class server", "api": "/api/tables",
                         "teacher": "/teacher"})


async def no_icon(request: Request) -> Response:
    return Response(status_code=204)


def create_app(db: str, teacher_token: str, *, body_limit: int = BODY_LIMIT,
               rate: RateLimit | None = None, public_url: str | None = None) -> Starlette:
    """The class server as an ASGI app: tables in the SQLite file ``db`` (rebuilt from it
    when the app starts), opened with ``teacher_token``; ``public_url``: the address the
    seats' links start with (default: the one the teacher's request came to)."""
    server = ClassServer(db, teacher_token, body_limit=body_limit, rate=rate,
                         public_url=public_url)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await to_thread.run_sync(server.start)
        for table in list(server.tables.tables.values()):
            server.drive(table)  # a table where an agent was to move when the server stopped
        try:
            yield
        finally:
            await server.stop()

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/games", list_games),
        Route("/api/tables/{table:int}/view", view),
        Route("/api/tables/{table:int}/actions", act, methods=["POST"]),
        Route("/api/tables/{table:int}/intent", intent, methods=["POST"]),
        Route("/api/tables/{table:int}/undo", undo, methods=["POST"]),
        Route("/api/tables/{table:int}/seats/{seat:int}", seat, methods=["POST"]),
        Route("/api/tables/{table:int}/spectator", spectator, methods=["POST"]),
        Route("/api/tables/{table:int}/save", save),
        Route("/api/export.csv", export_csv),
        WebSocketRoute("/api/tables/{table:int}/ws", socket),
        Route("/tables/{table:int}/play", seat_page),
        Route("/teacher", teacher_page),
        Route("/static/{name}", static_file),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app
