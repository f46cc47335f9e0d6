"""Browser-test harness: JupyterLab in a sandbox, driven by headless Chromium (Playwright).

Fixtures for every game's board test:

``lab_server`` (session)
    a JupyterLab server on 127.0.0.1 at a free port with a random token; HOME and every
    Jupyter/IPython folder live in a temp folder; the ``python3`` kernel is this interpreter;
    settings overrides switch on ``autoStartDefaultKernel`` (no "Select Kernel" dialog) and
    switch off news and update checks. Stopped by its PID at the end; temp folders removed.
``playwright_driver`` (session)
    Playwright's sync API, started once; a test that needs browser contexts of its own
    (the class tables' three laptops) launches Chromium with it.
``lab_browser`` (session)
    Debian's Chromium (``/usr/bin/chromium``, or ``$BOARDKIT_CHROMIUM``) through Playwright,
    headless, fresh profile; every request not to 127.0.0.1 is aborted (works offline).
``lab_page`` (function)
    ``lab_page("dice_grid_board.ipynb")`` copies the notebook (from ``tests/browser/`` unless
    a path is given) into the server's folder, opens it, runs all cells, waits until every
    cell ran and the kernel is idle, and returns a :class:`LabNotebook`.
:func:`kernel_eval`
    ``kernel_eval(server, "dice_grid_board.ipynb", "board.state.action_count") -> "1"``:
    runs code in the notebook's own kernel (a second client on its connection file) and
    returns the expression's ``text/plain`` (or, for statements, what they print).
``play_server`` (module)
    play mode as a teacher starts it: ``boardkit play dice-grid --no-browser`` (Voilà) in
    the same sandbox, on the free port it picks and prints. Stopped with SIGTERM like a
    Ctrl-C; the fixture then checks that Voilà and every kernel it started are gone.

No fixed sleeps: every wait is on an HTTP answer, a DOM condition or JupyterLab's own state.
"""

from __future__ import annotations

import ast
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlparse

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = os.environ.get("BOARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
#: how long JupyterLab may take for one step (server start, kernel start, run all) on a
#: slow two-core CI machine
STEP_TIMEOUT_S = float(os.environ.get("BOARDKIT_BROWSER_TIMEOUT", "120"))

#: JupyterLab settings for unattended runs: the ones users get (jupyter/overrides.json, which
#: `make lab` and binder/postBuild install; the kernel auto-start setting belongs to the
#: notebook *tracker* plugin in JupyterLab 4.6), plus the extension manager switched off.
LAB_SETTINGS_OVERRIDES: dict[str, dict[str, Any]] = {
    **json.loads((Path(__file__).resolve().parents[2] / "jupyter" / "overrides.json").read_text()),
    "@jupyterlab/extensionmanager-extension:plugin": {"enabled": False},
}


def _require(module: str, why: str) -> None:
    try:
        __import__(module)
    except ImportError:
        pytest.fail(f"{module} is not installed ({why}); `make test` installs it")


# ------------------------------------------------------------------ the server


@dataclass
class LabServer:
    """A running JupyterLab: ``url`` ends with ``/``; ``runtime_dir`` holds kernel files."""

    url: str
    token: str
    root_dir: Path
    runtime_dir: Path
    log_path: Path
    process: subprocess.Popen = field(repr=False)

    @property
    def pid(self) -> int:
        return self.process.pid

    def api(self, method: str, path: str, body: Any = None, timeout: float = 30) -> Any:
        """Call the server's REST API with the token; JSON in and out."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path.lstrip("/"), data=data, method=method,
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            text = resp.read().decode()
        return json.loads(text) if text else None

    def add_notebook(self, notebook: str | Path) -> str:
        """Copy a notebook into the served folder; returns its path relative to the root."""
        src = Path(notebook)
        if not src.is_absolute():
            src = HERE / src
        if not src.is_file():
            raise FileNotFoundError(f"no notebook {src}")
        shutil.copyfile(src, self.root_dir / src.name)
        return src.name

    def log_tail(self, lines: int = 60) -> str:
        return _tail(self.log_path, lines)


def _tail(path: Path, lines: int) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no server log)"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _lab_environment(base: Path) -> dict[str, str]:
    """A sandboxed environment: own HOME and Jupyter/IPython folders, this interpreter."""
    folders = {name: base / name for name in ("home", "config", "data", "runtime", "ipython",
                                               "lab-settings", "user-settings", "workspaces")}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "JPY_"))}
    # the package under test must import in the kernel whether or not it is installed
    import boardkit

    package_root = str(Path(boardkit.__file__).resolve().parent.parent)
    env.update(
        HOME=str(folders["home"]),
        JUPYTER_CONFIG_DIR=str(folders["config"]),
        JUPYTER_DATA_DIR=str(folders["data"]),
        JUPYTER_RUNTIME_DIR=str(folders["runtime"]),
        IPYTHONDIR=str(folders["ipython"]),
        JUPYTERLAB_SETTINGS_DIR=str(folders["user-settings"]),
        JUPYTERLAB_WORKSPACES_DIR=str(folders["workspaces"]),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONPATH=os.pathsep.join([package_root, *filter(None, [os.environ.get("PYTHONPATH")])]),
        PYTHONUNBUFFERED="1",
    )
    # the python3 kernel is this interpreter (the user data dir comes first on the kernel path)
    spec_dir = folders["data"] / "kernels" / "python3"
    spec_dir.mkdir(parents=True, exist_ok=True)
    (spec_dir / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "metadata": {"debugger": False},
    }, indent=1))
    # settings overrides: the environment's own overrides.json (if any), then ours on top
    overrides: dict[str, dict[str, Any]] = {}
    installed = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    if installed.is_file():
        try:
            overrides = json.loads(installed.read_text())
        except ValueError:
            overrides = {}
    for plugin, values in LAB_SETTINGS_OVERRIDES.items():
        overrides.setdefault(plugin, {}).update(values)
    (folders["lab-settings"] / "overrides.json").write_text(json.dumps(overrides, indent=1))
    return env


def _wait_until_ready(server: LabServer, deadline: float) -> None:
    """Poll /api/status until it answers 200 (or the process dies, or time runs out)."""
    while True:
        try:
            server.api("GET", "api/status", timeout=5)
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError):
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"JupyterLab did not answer within {STEP_TIMEOUT_S:.0f} s\n"
                               + server.log_tail())
        try:  # wait for the process to exit, a short while: a poll, not a fixed sleep
            code = server.process.wait(timeout=0.25)
        except subprocess.TimeoutExpired:
            continue
        raise RuntimeError(f"JupyterLab exited with code {code}\n" + server.log_tail())


def _stop(server: LabServer) -> None:
    """Shut the kernels down through the API, then stop the server by its PID."""
    if server.process.poll() is None:
        try:
            for kernel in server.api("GET", "api/kernels", timeout=5):
                server.api("DELETE", f"api/kernels/{kernel['id']}", timeout=30)
        except (urllib.error.URLError, ConnectionError, TimeoutError, ValueError):
            pass
        server.process.terminate()
        try:
            server.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(timeout=20)


def start_lab_server(base: Path) -> LabServer:
    """Start JupyterLab serving ``base/notebooks`` (see the module docstring)."""
    _require("jupyterlab", "the browser tests open the boards in JupyterLab")
    env = _lab_environment(base)
    root = base / "notebooks"
    root.mkdir(exist_ok=True)
    token = secrets.token_hex(24)
    last_error: Exception | None = None
    for attempt in range(3):  # another program may take the free port in between
        port = _free_port()
        log_path = base / f"server-{attempt}.log"
        cmd = [
            sys.executable, "-m", "jupyterlab",
            "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--port-retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            f"--LabApp.app_settings_dir={base / 'lab-settings'}",
            f"--LabApp.user_settings_dir={base / 'user-settings'}",
            f"--LabApp.workspaces_dir={base / 'workspaces'}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        with open(log_path, "wb") as log:
            process = subprocess.Popen(cmd, cwd=root, env=env, stdout=log,
                                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        server = LabServer(f"http://127.0.0.1:{port}/", token, root,
                           base / "runtime", log_path, process)
        try:
            _wait_until_ready(server, time.monotonic() + STEP_TIMEOUT_S)
            return server
        except Exception as exc:
            last_error = exc
            _stop(server)
            if "address already in use" not in server.log_tail().lower():
                break
    raise RuntimeError(f"could not start JupyterLab: {last_error}")


@pytest.fixture(scope="session")
def lab_server() -> Iterator[LabServer]:
    base = Path(tempfile.mkdtemp(prefix="boardkit-lab-"))
    server = None
    try:
        server = start_lab_server(base)
        yield server
    finally:
        if server is not None:
            _stop(server)
        shutil.rmtree(base, ignore_errors=True)


# ------------------------------------------------------------------ the kernel


def _session_of(server: LabServer, notebook: str) -> dict:
    sessions = server.api("GET", "api/sessions")
    for session in sessions:
        if session.get("path") == notebook and session.get("kernel"):
            return session
    raise LookupError(f"no kernel session for {notebook!r} (sessions: "
                      f"{[s.get('path') for s in sessions]})")


def kernel_eval(server: LabServer, notebook_path: str, code: str, timeout: float = 60) -> str:
    """Run ``code`` in the kernel of the open notebook ``notebook_path``; return the result.

    An expression gives its ``text/plain`` repr (evaluated silently: the notebook's history
    and outputs stay untouched); statements give what they print. An exception in the kernel
    raises ``RuntimeError`` with its name and message.
    """
    from jupyter_client import BlockingKernelClient

    kernel_id = _session_of(server, notebook_path)["kernel"]["id"]
    connection = server.runtime_dir / f"kernel-{kernel_id}.json"
    if not connection.is_file():
        raise FileNotFoundError(f"no connection file {connection}")
    client = BlockingKernelClient()
    client.load_connection_file(str(connection))
    client.start_channels()
    try:
        client.wait_for_ready(timeout=timeout)
        try:
            compile(code, "<kernel_eval>", "eval")
            is_expression = True
        except SyntaxError:
            is_expression = False
        if is_expression:
            msg_id = client.execute("", silent=True, store_history=False,
                                    user_expressions={"result": code})
        else:
            msg_id = client.execute(code, silent=False, store_history=False,
                                    allow_stdin=False)
        reply = _reply_to(client, msg_id, timeout)
        content = reply["content"]
        if content["status"] != "ok":
            raise RuntimeError(f"kernel: {content.get('ename')}: {content.get('evalue')}")
        if is_expression:
            result = content["user_expressions"]["result"]
            if result["status"] != "ok":
                raise RuntimeError(f"kernel: {result.get('ename')}: {result.get('evalue')}")
            return result["data"]["text/plain"]
        return _printed(client, msg_id, timeout)
    finally:
        client.stop_channels()


def _reply_to(client, msg_id: str, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        reply = client.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply


def _printed(client, msg_id: str, timeout: float) -> str:
    out = []
    deadline = time.monotonic() + timeout
    while True:
        msg = client.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream" and content.get("name") == "stdout":
            out.append(content["text"])
        elif kind == "status" and content.get("execution_state") == "idle":
            return "".join(out)


def kernel_value(server: LabServer, notebook_path: str, expression: str) -> Any:
    """:func:`kernel_eval` of an expression whose repr is a Python literal, parsed."""
    return ast.literal_eval(kernel_eval(server, notebook_path, expression))


# ------------------------------------------------------------------ the browser


@dataclass
class Browser:
    context: Any
    blocked: list[str]


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Any]:
    """Playwright's sync API, started once (it runs one instance per thread): ``lab_browser``
    and the tests that launch a browser of their own (with several contexts) share it."""
    _require("playwright", "the browser tests drive Chromium through Playwright")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.skip(f"no Chromium at {CHROMIUM} (run `make chromium` or set BOARDKIT_CHROMIUM)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def lab_browser(playwright_driver: Any) -> Iterator[Browser]:
    profile = Path(tempfile.mkdtemp(prefix="boardkit-chromium-"))
    blocked: list[str] = []

    def only_local(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    try:
        context = playwright_driver.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900}, device_scale_factor=1,
            service_workers="block")
        context.route("**/*", only_local)
        context.set_default_timeout(STEP_TIMEOUT_S * 1000)
        try:
            yield Browser(context, blocked)
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


@dataclass
class LabNotebook:
    """An open, executed notebook: its Playwright ``page``, its ``path`` on the server."""

    page: Any
    path: str
    server: LabServer
    errors: list[str]

    def eval(self, code: str) -> str:
        return kernel_eval(self.server, self.path, code)

    def value(self, expression: str) -> Any:
        return kernel_value(self.server, self.path, expression)

    # -- the board the notebook displays (every game's browser test starts here)
    @property
    def board(self):
        """The first board's panel (a Playwright locator)."""
        return self.page.locator(".bk-board").first

    @property
    def svg(self):
        """The board's SVG canvas."""
        return self.board.locator(".bk-canvas-root svg")

    def shows_actions(self, n: int) -> None:
        """Wait until the SVG that Python drew after ``n`` player actions is on screen."""
        from playwright.sync_api import expect

        expect(self.svg).to_have_attribute("data-actions", str(n))

    def screenshot(self, name: str) -> Path:
        """Save the board as ``test-artifacts/<name>.png``; with BOARDKIT_UPDATE_SCREENSHOTS=1
        also as ``docs/img/<name>.png`` (the pictures the README shows)."""
        ARTIFACTS.mkdir(exist_ok=True)
        shot = ARTIFACTS / f"{name}.png"
        self.page.mouse.move(0, 0)
        self.board.screenshot(path=str(shot), animations="disabled")
        if os.environ.get("BOARDKIT_UPDATE_SCREENSHOTS") == "1":
            (REPO / "docs" / "img").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shot, REPO / "docs" / "img" / f"{name}.png")
        return shot


# JavaScript run in the page; `path` is the notebook's path on the server.
_FIND_PANEL = """
(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path && w.content && w.sessionContext) return w;
  }
  return null;
}
"""
_KERNEL_IDLE = f"""
(path) => {{
  const panel = ({_FIND_PANEL})(path);
  const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}}
"""
_ALL_CELLS_RAN = f"""
(path) => {{
  const panel = ({_FIND_PANEL})(path);
  if (!panel) return false;
  const cells = panel.content.model.cells;
  for (let i = 0; i < cells.length; i += 1) {{
    const cell = cells.get(i);
    if (cell.type === 'code' && (cell.executionCount === null ||
        cell.executionState === 'running')) return false;
  }}
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}}
"""
_CELL_ERRORS = f"""
(path) => {{
  const panel = ({_FIND_PANEL})(path);
  const found = [];
  const cells = panel.content.model.cells;
  for (let i = 0; i < cells.length; i += 1) {{
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    for (const out of cell.outputs.toJSON()) {{
      if (out.output_type === 'error') found.push(`cell ${{i}}: ${{out.ename}}: ${{out.evalue}}`);
    }}
  }}
  return found;
}}
"""


def open_notebook(server: LabServer, browser: Browser, notebook: str | Path,
                  viewport: tuple[int, int] | None = None) -> LabNotebook:
    """Open ``notebook`` in JupyterLab, run all cells, wait until they ran and the kernel is
    idle. Cell errors fail the test with their messages. ``viewport``: the window's (width,
    height) in CSS pixels, else the browser's default (1280x900)."""
    path = server.add_notebook(notebook)
    page = browser.context.new_page()
    if viewport is not None:
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    workspace = f"bk-{secrets.token_hex(4)}"  # a fresh layout: no panels from earlier tests
    page.goto(f"{server.url}lab/workspaces/{workspace}/tree/{quote(path)}?reset"
              f"&token={server.token}")
    page.wait_for_function(_KERNEL_IDLE, arg=path, polling=100)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(_ALL_CELLS_RAN, arg=path, polling=100)
    failed = page.evaluate(_CELL_ERRORS, path)
    if failed:
        raise AssertionError(f"{path}: cells failed in JupyterLab:\n" + "\n".join(failed))
    return LabNotebook(page, path, server, errors)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def lab_page(request, lab_server: LabServer, lab_browser: Browser
             ) -> Iterator[Callable[[str | Path], LabNotebook]]:
    """``lab_page(notebook[, viewport=(w, h)])`` → an opened, executed :class:`LabNotebook`. Its page and
    kernel session are closed afterwards; on failure a screenshot and the server log go to
    ``test-artifacts/``."""
    opened: list[LabNotebook] = []

    def open_(notebook: str | Path, viewport: tuple[int, int] | None = None) -> LabNotebook:
        nb = open_notebook(lab_server, lab_browser, notebook, viewport)
        opened.append(nb)
        return nb

    yield open_

    failed = getattr(request.node, "rep_call", None)
    for nb in opened:
        if failed is not None and failed.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            stem = f"{request.node.name}-{Path(nb.path).stem}".replace("/", "_")
            try:
                nb.page.screenshot(path=str(ARTIFACTS / f"{stem}-failure.png"), full_page=True)
            except Exception:  # the page may be gone; the log still helps
                pass
            (ARTIFACTS / f"{stem}-server.log").write_text(lab_server.log_tail(400))
        nb.page.close()
        try:  # the next test starts a fresh kernel
            session = _session_of(lab_server, nb.path)
            lab_server.api("DELETE", f"api/sessions/{session['id']}")
        except (LookupError, urllib.error.URLError):
            pass


# ------------------------------------------------------------------ play mode (Voilà)


@dataclass
class PlayServer:
    """``boardkit play`` running: ``url`` (ends with ``/``) is the one it printed."""

    url: str
    log_path: Path
    process: subprocess.Popen = field(repr=False)

    def log_tail(self, lines: int = 60) -> str:
        return _tail(self.log_path, lines)


_PLAY_AT = re.compile(r"play at (http://127\.0\.0\.1:\d+/)")


def start_play_server(base: Path, game: str, *options: str) -> PlayServer:
    """``python -m boardkit play GAME --no-browser OPTIONS`` in a sandbox like JupyterLab's;
    returns once it printed the address it serves."""
    _require("voila", "play mode serves the board with Voila")
    env = _lab_environment(base)
    log_path = base / "play.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen([sys.executable, "-m", "boardkit", "play", game, "--no-browser",
                                    *options], cwd=base, env=env, stdout=log,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = PlayServer("", log_path, process)
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while True:
        found = _PLAY_AT.search(log_path.read_text(errors="replace"))
        if found:
            server.url = found.group(1)
            return server
        if time.monotonic() > deadline:
            stop_play_server(server)
            raise TimeoutError(f"boardkit play printed no address within {STEP_TIMEOUT_S:.0f} s\n"
                               + server.log_tail())
        try:  # a poll, not a fixed sleep
            code = process.wait(timeout=0.25)
        except subprocess.TimeoutExpired:
            continue
        raise RuntimeError(f"boardkit play exited with code {code}\n" + server.log_tail())


def stop_play_server(server: PlayServer) -> list[str]:
    """SIGTERM to ``boardkit play`` (as Ctrl-C or a batch system would), then wait for it,
    Voila and Voila's kernels to exit. Returns the processes that had to be killed."""
    import psutil

    try:
        root = psutil.Process(server.process.pid)
        family = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        family = []
    server.process.terminate()
    try:
        server.process.wait(timeout=STEP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        pass
    _, alive = psutil.wait_procs(family, timeout=30)
    left = []
    for proc in alive:
        try:
            left.append(f"{proc.pid} {' '.join(proc.cmdline())[:120]}")
            proc.kill()
        except psutil.NoSuchProcess:
            pass
    server.process.wait(timeout=30)
    return left


@pytest.fixture(scope="module")
def play_server() -> Iterator[PlayServer]:
    base = Path(tempfile.mkdtemp(prefix="boardkit-play-"))
    server = None
    try:
        server = start_play_server(base, "dice-grid")
        yield server
    finally:
        left = stop_play_server(server) if server is not None else []
        shutil.rmtree(base, ignore_errors=True)
    assert left == [], f"still running after boardkit play stopped: {left}"
