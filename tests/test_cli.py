"""The headless main job: `boardkit ...` from a terminal."""

import csv
import subprocess
import sys
from html.parser import HTMLParser

import pytest

import boardkit
from boardkit.cli import main


def csv_rows(path):
    """The rows of a CSV file the command wrote (the file closed again)."""
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_help_runs_as_a_console_script():
    out = subprocess.run([sys.executable, "-m", "boardkit", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "simulate" in out.stdout


def test_games_and_rules(capsys):
    assert main(["games"]) == 0
    listing = capsys.readouterr().out
    assert "dice-grid" in listing
    assert " 1 player  " in listing and " 1 players" not in listing  # Lands: one player
    assert main(["rules", "dice-grid"]) == 0
    out = capsys.readouterr().out
    assert "dice-grid.claim.empty" in out and "reading:" in out
    assert "House rules" not in out  # Dice Grid has none
    assert main(["rules", "freizeitpark"]) == 0
    out = capsys.readouterr().out
    assert 'end.unplayable = "skip" | "out" (default "skip"): ' in out
    assert "--set freizeitpark.KEY=VALUE" in out


class _Page(HTMLParser):
    """Checks that tags nest and close, and keeps the text, the section headings (h2) and
    the style sheet."""

    VOID = {"meta", "br", "link", "img", "hr", "input"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.text: list[str] = []
        self.headings: list[str] = []
        self.style = ""
        self._in: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.open.append(tag)
            self._in.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes <{self.open[-1:]}>"
        self.open.pop()
        self._in.pop()

    def handle_data(self, data):
        self.text.append(data)
        if self._in and self._in[-1] == "h2":
            self.headings.append(data.strip())
        if self._in and self._in[-1] == "style":
            self.style += data


def _page(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    assert not page.open, f"unclosed tags: {page.open}"
    return page


@pytest.mark.parametrize("game", boardkit.games())
def test_rules_html_is_a_printable_summary_of_the_catalog(game, tmp_path, capsys):
    """Issue 47: `boardkit rules GAME --format html --out FILE`, for every built-in game."""
    from boardkit.engine.rule_sheet import READING_MARK, groups

    out = tmp_path / f"{game}.html"
    assert main(["rules", game, "--format", "html", "--out", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in html
    page = _page(html)
    text = " ".join(" ".join(page.text).split())
    g = boardkit.game(game)
    catalog = g.rules
    assert "@page" in page.style and "break-inside: avoid" in page.style  # made to print
    # grouped by rulebook section, in the order the sections first appear in the catalog
    sections = [grp.title for grp in groups(catalog)]
    assert page.headings[:len(sections)] == sections
    assert len(sections) < len(catalog)
    for rule in catalog:
        assert " ".join(rule.text.split()) in text, rule.id
        assert f'id="{rule.id}"' in html
    # unclear passages are numbered as the sheet shows them; their readings follow in order
    shown = [rule for grp in groups(catalog) for _, rule in grp.rules if rule.ambiguity]
    assert len(shown) == len(catalog.ambiguous())
    readings = html[html.index('<section class="readings'):] if shown else ""
    where = [readings.index(f'id="reading-{n}"') for n in range(1, len(shown) + 1)]
    assert where == sorted(where)
    for n, rule in enumerate(shown, start=1):
        assert f'href="#reading-{n}"' in html[html.index(f'id="{rule.id}"'):][:2000]
        assert " ".join((rule.reading or "").split()) in text
    assert text.count(READING_MARK) >= 2 * len(shown)  # the mark by the rule, and by its reading
    for key in g.house_rules():
        assert key in text
    # the same page on the terminal
    assert main(["rules", game, "--format", "html"]) == 0
    assert capsys.readouterr().out == html


def test_rules_html_escapes_what_the_catalog_says(tmp_path):
    """A catalog of one's own game is text, never markup."""
    from types import SimpleNamespace

    from boardkit.engine.rule_sheet import rule_sheet
    from boardkit.engine.rules import load_catalog

    (tmp_path / "rules.toml").write_text('''
game = "demo"
provenance = "illustrative"
source = "<i>Demo</i> & co"

[[rule]]
id = "demo.setup.x"
section = "Set<up>: <b>bold</b>; Other"
text = "A <script>alert('x')</script> rule & \\"quoted\\"."
ambiguity = "Is <em>this</em> open?"
reading = "We read </li></ul> as text."

[[rule]]
id = "demo.play.y"
section = "Play"
text = "Another rule, not enforced."
enforced = false
reason = "<img src=x onerror=alert(1)>"
''')
    game = SimpleNamespace(name="demo", title="<Demo> & Co", rules=load_catalog(tmp_path / "rules.toml"),
                           house_rules=lambda: {})
    html = rule_sheet(game)
    page = _page(html)
    assert "<script>" not in html and "<img" not in html and "<em>this" not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html
    text = "".join(page.text)
    assert "A <script>alert('x')</script> rule & \"quoted\"." in text
    assert "We read </li></ul> as text." in text and "<Demo> & Co" in text
    assert page.headings[:2] == ["Set<up>", "Play"]


def test_rules_text_goes_to_a_file_too(tmp_path, capsys):
    assert main(["rules", "dice-grid"]) == 0
    printed = capsys.readouterr().out
    out = tmp_path / "rules.txt"
    assert main(["rules", "dice-grid", "--out", str(out)]) == 0
    assert out.read_text() == printed
    assert main(["rules", "dice-grid", "--out", str(tmp_path / "missing" / "x.html")]) == 2
    assert "--out: cannot write" in capsys.readouterr().err


def test_simulate_prints_a_summary_and_writes_csv(tmp_path, capsys):
    out_file = tmp_path / "runs.csv"
    assert main(["simulate", "dice-grid", "--games", "20", "--seed", "4", "--quiet",
                 "--set", "dice-grid.points.lucky_cell=2", "--out", str(out_file)]) == 0
    text = capsys.readouterr().out
    assert "win_rate" in text and "20 games" in text
    assert "games won by somebody: 20 of 20" in text and "automatic" in text
    rows = csv_rows(out_file)
    assert len(rows) == 40 and rows[0]["agent"] == "random"


@pytest.mark.parametrize("argv, message", [
    (["simulate", "chess"], "unknown game 'chess'"),
    (["simulate", "dice-grid", "--agents", "random,wizard"], "unknown agent"),
    (["simulate", "dice-grid", "--players", "7"], "takes 2–4 players"),
    (["simulate", "dice-grid", "--variant", "colour=red"], "colour"),
    (["simulate", "dice-grid", "--set", "dice-grid.points.nope=1"], "points.nope"),
    (["simulate", "dice-grid", "--set", "novalue"], "KEY=VALUE"),
    (["rules", "chess"], "unknown game"),
])
def test_errors_are_clear_and_exit_2(argv, message, capsys):
    assert main(argv) == 2
    assert message in capsys.readouterr().err


# --- a CLI that never prints a traceback ------------------------------------------------

import os  # noqa: E402
import signal  # noqa: E402
import time  # noqa: E402

from boardkit.analysis import simulation as sim_module  # noqa: E402


@pytest.fixture
def not_dask(stranger):
    """A TCP server that answers like a web server."""
    return stranger(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", read_first=True)


@pytest.mark.parametrize("extra, message", [
    (["--seed", "-1"], "argument --seed: must be at least 0"),
    (["--out", "{tmp}/missing/r.csv"], "argument --out: cannot write"),
    (["--out", "{tmp}"], "argument --out: {tmp} is a directory"),
    (["--out", "/proc/r.csv"], "not writable"),
    (["--dask", "tcp://127.0.0.1:1", "--dask-timeout", "0.5"],
     "--dask: no Dask scheduler answered at tcp://127.0.0.1:1 within 0.5 s"),
    (["--dask", "notaurl"], "argument --dask: 'notaurl' is not a Dask scheduler address"),
    (["--dask", "{not_dask}"], "--dask: {not_dask} did not answer as a Dask scheduler"),
    (["--games", str(10**12)], "argument --games: must be from 1 to 10,000,000"),
    (["--players", "-3"], "argument --players: must be from 1"),
    (["--workers", str(10**6)], "argument --workers: must be from 1 to"),
    (["--dask-timeout", "-1"], "argument --dask-timeout"),
    (["--games", "lots"], "argument --games: expected an integer"),
])
def test_bad_arguments_give_one_line_and_exit_2(extra, message, tmp_path, capsys, monkeypatch,
                                                not_dask):
    monkeypatch.setattr(sim_module, "run_batch", lambda *a: pytest.fail("a game was played"))
    fill = {"tmp": str(tmp_path), "not_dask": not_dask}
    argv = ["simulate", "dice-grid", "--quiet", *[e.format(**fill) for e in extra]]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message.format(**fill) in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_refused_argument_prints_no_traceback_from_the_console():
    out = subprocess.run([sys.executable, "-m", "boardkit", "simulate", "dice-grid", "--seed", "-1"],
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr == "boardkit: error: argument --seed: must be at least 0, not -1\n"


def test_partial_run_exits_3_and_the_same_command_finishes_it(tmp_path, capsys, stop_after):
    out_file = tmp_path / "runs.csv"
    argv = ["simulate", "dice-grid", "--games", "30", "--seed", "4", "--out", str(out_file)]
    stop_after(10)
    assert main(argv) == 3
    captured = capsys.readouterr()
    assert captured.err.startswith("boardkit: warning: interrupted: kept the 10 finished games of 30")
    assert len(captured.err.strip().splitlines()) == 1
    assert "10 games of 30" in captured.out
    assert len(csv_rows(out_file)) == 20
    stop_after.disarm()
    assert main(argv) == 0  # resumed: plays the 20 missing games
    assert "30 games" in capsys.readouterr().out
    resumed = csv_rows(out_file)
    fresh = tmp_path / "fresh.csv"
    assert main(["simulate", "dice-grid", "--games", "30", "--seed", "4", "--out", str(fresh)]) == 0
    untimed = [[{k: v for k, v in r.items() if k != "seconds"} for r in rows]
               for rows in (resumed, csv_rows(fresh))]
    assert untimed[0] == untimed[1]


def test_a_different_run_into_the_same_file_is_refused(tmp_path, capsys):
    out_file = tmp_path / "runs.csv"
    assert main(["simulate", "dice-grid", "--games", "4", "--quiet", "--out", str(out_file)]) == 0
    capsys.readouterr()
    assert main(["simulate", "dice-grid", "--games", "4", "--seed", "3", "--quiet",
                 "--out", str(out_file)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("boardkit: error: --out: ") and "holds a different run" in err
    assert main(["simulate", "dice-grid", "--games", "4", "--seed", "3", "--quiet",
                 "--out", str(out_file), "--overwrite"]) == 0


def test_interrupted_tournament_writes_its_games_and_exits_3(tmp_path, capsys, stop_after):
    out_file = tmp_path / "t.csv"
    stop_after(4)
    assert main(["tournament", "dice-grid", "--agents", "random,greedy", "--games", "10",
                 "--out", str(out_file)]) == 3
    assert "stopped early" in capsys.readouterr().out
    assert len(csv_rows(out_file)) == 8
    assert main(["tournament", "dice-grid", "--agents", "random,greedy", "--games", "10",
                 "--out", str(tmp_path / "nowhere" / "t.csv")]) == 2


def test_interrupted_compare_exits_3(capsys, stop_after):
    stop_after(4)
    assert main(["compare", "dice-grid", "--games", "10",
                 "--b-set", "dice-grid.points.lucky_cell=2"]) == 3
    err = capsys.readouterr().err
    assert "variant a stopped after 4 of 10 games (interrupted); no comparison" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("backend", ["processes", "dask"])
def test_ctrl_c_keeps_the_games(backend, tmp_path, request):
    """A real SIGINT to the whole process group, as Ctrl-C in a terminal sends it, on a run
    on local processes and on one sent to a Dask scheduler by its address (a Dask run used to
    keep none of its finished games, write a header-only CSV and exit 0)."""
    if backend == "processes":
        where = ["--workers", "2"]
    else:
        where = ["--dask", request.getfixturevalue("process_cluster").scheduler.address]
    out_file = tmp_path / "r.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardkit", "simulate", "dice-grid", "--games", "100000",
         *where, "--out", str(out_file), "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},
        # as a command typed in a terminal: Ctrl-C acts even when this test runs as a
        # background job, whose children inherit an ignored SIGINT (POSIX)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 300  # until the first batch is on disk (a loaded machine)
        while time.monotonic() < deadline and proc.poll() is None:
            parts = list(tmp_path.glob(".r.csv.shards/*.csv.gz"))
            if parts and parts[0].stat().st_size > 0:
                break
            time.sleep(0.05)
        else:
            pytest.fail(f"no finished batch on disk after 300 s (exit {proc.poll()})")
        os.killpg(proc.pid, signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            # still running two minutes after Ctrl-C: make every thread of it print where it
            # waits (faulthandler, on SIGABRT), so a failure says why
            os.killpg(proc.pid, signal.SIGABRT)
            out, err = proc.communicate(timeout=30)
            pytest.fail(f"still running 120 s after Ctrl-C; its threads:\n{err[:5000]}\n…\n{err[-3000:]}")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 3, err
    assert "Traceback" not in err and err.startswith("boardkit: warning: interrupted: kept the")
    rows = csv_rows(out_file)
    assert rows and len(rows) < 200000
    games = len({r["game"] for r in rows})
    assert f"kept the {games:,} finished games of 100,000" in err
    assert f"dice-grid: {games} games of 100000" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv", "r.csv.run.json"]


# --- boardkit play: the settings are checked before any server starts ---------------------

from boardkit.apps import server as play_server  # noqa: E402


@pytest.fixture
def no_launch(monkeypatch):
    """Fail if boardkit play gets as far as starting Voilà."""
    launched = []

    def command(port):
        launched.append(port)
        return [sys.executable, "-c", "raise SystemExit(9)"]

    monkeypatch.setattr(play_server, "voila_command", command)
    yield launched
    assert launched == [], "a server was started"


@pytest.mark.parametrize("extra, message", [
    (["chess"], "boardkit: error: unknown game 'chess'; available: dice-grid"),
    (["x" * 5000], "boardkit: error: unknown game 'xxxx"),
    (["wishland", "--players", "7"], "boardkit: error: wishland takes 1–4 players, not 7"),
    (["lands", "--players", "2"], "boardkit: error: lands takes 1 players, not 2"),
    (["dice-grid", "--variant", "colour=red"],
     "boardkit: error: dice-grid variant: colour: Extra inputs are not permitted (options: "
     "secret_lucky)"),
    (["dice-grid", "--variant", "secret_lucky=maybe"], "secret_lucky"),
    (["dice-grid", "--variant", "novalue"], "--variant 'novalue': expected KEY=VALUE"),
    (["dice-grid", "--seed", "-1"], "argument --seed: must be at least 0, not -1"),
    (["dice-grid", "--players", "x"], "argument --players: expected an integer"),
    (["dice-grid", "--against", "robots"], "argument --against: invalid choice: 'robots'"),
    (["dice-grid", "--port", "70000"], "argument --port: must be from 1 to 65,535"),
    (["wishland", "--set", "wishland.first_round_reversed=maybe"],
     "first_round_reversed: Input should be a valid boolean"),
    (["wishland", "--set", "wishland.incme=6"], "unknown rule parameter 'incme'"),
])
def test_play_refuses_bad_settings_in_one_line(extra, message, capsys, no_launch):
    assert main(["play", *extra, "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and len(err) < 400


def test_play_refuses_a_port_in_use(stranger, capsys, no_launch):
    port = int(stranger().rsplit(":", 1)[1])
    assert main(["play", "dice-grid", "--port", str(port), "--no-browser"]) == 2
    assert capsys.readouterr().err == (f"boardkit: error: --port: port {port} is in use; choose "
                                       "another, or leave --port out for a free one\n")


def test_play_without_voila_says_how_to_install_it(monkeypatch, capsys, no_launch):
    real = play_server.importlib.util.find_spec
    monkeypatch.setattr(play_server.importlib.util, "find_spec",
                        lambda name, *a: None if name == "voila" else real(name, *a))
    assert main(["play", "dice-grid", "--no-browser"]) == 2
    assert "play mode needs Voilà: pip install 'boardkit[lab]'" in capsys.readouterr().err


def test_play_reports_a_server_that_stops_at_once(monkeypatch, capsys):
    monkeypatch.setattr(play_server, "voila_command",
                        lambda port: [sys.executable, "-c", "raise SystemExit(3)"])
    assert main(["play", "dice-grid", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "boardkit: error: Voilà stopped before it served the page (exit code 3" in err
