"""Serve the play page with Voilà (``boardkit play``): a free port, the settings in the
environment, one line when the page is ready, and a clean stop.

Voilà runs as a child process (``python -m boardkit.apps.voila_main``, Voilà with one fix)
with this interpreter: it shows the notebook's outputs only (``strip_sources``), refuses
code sent from the page, and starts one kernel per open page. A lab machine serves it all
day: a closed tab's kernel is shut down by the tab's own request (which Voilà refused
before the fix in :mod:`boardkit.apps.voila_main`), and a kernel whose page vanished without
one is culled once it has had no page connected and no activity for :data:`CULL` seconds.
Stopping it (Ctrl-C, or SIGTERM to ``boardkit play``) stops Voilà with SIGTERM, which shuts
its kernels down before it exits.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import webbrowser
from pathlib import Path

from boardkit.engine import BoardkitError

from .play import ENV, NOTEBOOK, PlaySettings

HOST = "127.0.0.1"
#: how long Voilà may take to start listening, in seconds
START_TIMEOUT_S = 60.0
#: a kernel with no page connected and idle this long (seconds) is shut down; an open tab's
#: kernel is never culled, however long a student thinks
CULL = {"cull_idle_timeout": 600, "cull_interval": 60, "cull_connected": False}


class PlayServerError(BoardkitError):
    """The play server cannot start (Voilà missing, the port taken, Voilà exiting early).
    ``field`` names the argument at fault (``"port"``) when there is one."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


def require_voila() -> None:
    if importlib.util.find_spec("voila") is None:
        raise PlayServerError("play mode needs Voilà: pip install 'boardkit[lab]' "
                              "(make play installs it)")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def check_port(port: int) -> int:
    """``port`` if nothing listens on it here, else :class:`PlayServerError`."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((HOST, port))
        except OSError:
            raise PlayServerError(f"port {port} is in use; choose another, or leave --port "
                                  "out for a free one", field="port") from None
    return port


def voila_command(port: int, cull: dict[str, object] | None = None) -> list[str]:
    """Voilà's command line for the play page (``cull``: the culling settings, :data:`CULL`
    by default)."""
    culling = {**CULL, **(cull or {})}
    return [sys.executable, "-m", "boardkit.apps.voila_main", str(NOTEBOOK), "--no-browser",
            f"--port={port}", "--Voila.port_retries=0", f"--Voila.ip={HOST}",
            "--Voila.log_level=ERROR", "--strip_sources=True",
            "--VoilaConfiguration.show_tracebacks=False",
            *(f"--MappingKernelManager.{key}={value}" for key, value in culling.items())]


def environment(settings: PlaySettings, base: dict[str, str] | None = None) -> dict[str, str]:
    """The server's (and so its kernels') environment: the settings as JSON, and this
    boardkit first on the kernels' path, so they play with the package that checked the
    settings (installed or not). A game given as ``module:attribute`` also finds modules in
    the current folder, as it does for ``python -m boardkit``."""
    import boardkit

    env = dict(os.environ if base is None else base)
    env[ENV] = json.dumps({"game": settings.game, "players": settings.players,
                           "seed": settings.seed, "variant": dict(settings.variant),
                           "params": dict(settings.params), "against": settings.against})
    paths = [str(Path(boardkit.__file__).resolve().parent.parent)]
    if ":" in settings.game:
        paths.append(os.getcwd())
    paths += [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def _listening(port: int) -> bool:
    try:
        with socket.create_connection((HOST, port), timeout=0.5):
            return True
    except OSError:
        return False


def stop(process: subprocess.Popen, timeout: float = 20) -> None:
    """Stop Voilà by its PID: SIGTERM (it shuts its kernels down), then SIGKILL."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout)


def serve(settings: PlaySettings, port: int | None = None, open_browser: bool = True,
          title: str = "") -> int:
    """Run the play page until interrupted; 0 after Ctrl-C/SIGTERM. Raises
    :class:`PlayServerError` when Voilà cannot start."""
    require_voila()
    port = free_port() if port is None else check_port(port)
    process = subprocess.Popen(voila_command(port), env=environment(settings),
                               stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not _listening(port):
            code = process.poll()
            if code is not None:
                raise PlayServerError(f"Voilà stopped before it served the page (exit code "
                                      f"{code}; its message is above)")
            if time.monotonic() > deadline:
                raise PlayServerError(f"Voilà did not listen on port {port} within "
                                      f"{START_TIMEOUT_S:.0f} s")
            time.sleep(0.1)
        url = f"http://{HOST}:{port}/"
        print(f"{title or settings.game}: play at {url}  (Ctrl-C stops the server)", flush=True)
        if open_browser:
            webbrowser.open(url)
        code = process.wait()
        raise PlayServerError(f"Voilà stopped (exit code {code})")
    except KeyboardInterrupt:
        print("stopping the play server", file=sys.stderr, flush=True)
        return 0
    finally:
        stop(process)
