"""``boardkit serve``: the class server on uvicorn, with the teacher's token and address
printed when it starts.

The teacher's token is ``--teacher-token``, else ``$BOARDKIT_TEACHER_TOKEN``, else the one
kept beside the database (``DB.teacher-token``, readable by its owner only), else a new one
written there, so a restarted server keeps the token its teacher already has. Tokens never
reach the server's log: a WebSocket's ``?token=`` is masked in uvicorn's lines.
"""

from __future__ import annotations

import logging
import os
import re
import socket
from collections.abc import Sequence
from pathlib import Path

from boardkit.engine import BoardkitError
from boardkit.engine.errors import clipped

from . import tokens as T

DEFAULT_DB = "boardkit-tables.db"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
TOKEN_ENV = "BOARDKIT_TEACHER_TOKEN"
_TOKEN_IN_TEXT = re.compile(r"(token=)[^&\s\"']+")


class ServeError(BoardkitError):
    """The class server cannot start; ``field`` names the argument at fault."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


class MaskTokens(logging.Filter):
    """Masks ``token=...`` in a log line (uvicorn logs a WebSocket's path with its query)."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        masked = _TOKEN_IN_TEXT.sub(r"\1…", text)
        if masked != text:
            record.msg, record.args = masked, ()
        return True


def teacher_token(db: str, given: str | None) -> str:
    """The teacher's token (see the module's docs)."""
    token = given or os.environ.get(TOKEN_ENV) or None
    if token is None:
        path = Path(f"{db}.teacher-token")
        if path.exists():
            token = path.read_text(encoding="ascii").strip()
        else:
            token = T.new_token()
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as out:
                out.write(token + "\n")
    if not T.TOKEN_PATTERN.match(token):
        raise ServeError("the teacher's token: 16 to 128 characters of A-Z a-z 0-9 _ -",
                         field="teacher_token")
    return token


def check_port(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}",
                             field="port") from None


def load_games(names: Sequence[str]) -> list[str]:
    """Load each game ``names`` gives (a reference ``module:GAME``, or a module's name from
    the folder the server starts in: a student's own game), so the teacher's page offers
    it; the names of every game offered. One that cannot be loaded stops the start with a
    :class:`ServeError` naming it (``field="game"``)."""
    from boardkit.engine import game as get_game
    from boardkit.engine import games

    for name in names:
        try:
            get_game(name)
        except Exception as exc:  # a student's module may fail in any way: one line says how
            raise ServeError(f"--game {name}: cannot be loaded ({type(exc).__name__}: "
                             f"{clipped(str(exc), 300)})", field="game") from None
    return list(games())


def serve(db: str = DEFAULT_DB, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
          token: str | None = None, url: str | None = None,
          games: Sequence[str] = ()) -> int:
    """Run the class server until Ctrl-C (or SIGTERM); ``games``: games of one's own to
    offer besides the built-in and installed ones (:func:`load_games`)."""
    offered = load_games(games)
    try:
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        raise ServeError(f"the class server needs the 'class' extra: pip install "
                         f"'boardkit[class]' ({exc})") from None
    secret = teacher_token(db, token)
    check_port(host, port)
    app = create_app(db, secret, public_url=url)
    from .app import BODY_LIMIT

    # a page only listens on its WebSocket: what it sends is small and ignored
    config = uvicorn.Config(app, host=host, port=port, log_level="info", lifespan="on",
                            ws_max_size=BODY_LIMIT)
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(MaskTokens())
    shown = f"[{host}]" if ":" in host else host
    base = url or f"http://{shown}:{port}"
    print(f"boardkit class server: {base}/ (tables in {db})")
    print(f"teacher token: {secret}")
    print(f"teacher page:  {base}/teacher#token={secret}")
    print(f"games:         {', '.join(offered)}")
    print(f"open a table:  curl -X POST {base}/api/tables -H 'Authorization: Bearer {secret}' "
          "-d '{\"game\": \"wanderlust\", \"players\": 2, \"seed\": 7}'")
    if host not in ("127.0.0.1", "localhost", "::1"):
        print("note: listening beyond this machine over plain HTTP; on a shared network put it "
              "behind HTTPS")
    uvicorn.Server(config).run()
    return 0
