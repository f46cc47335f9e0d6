"""The headless main job: `boardkit ...` from a terminal."""

import csv
import subprocess
import sys

import pytest

from boardkit.cli import main


def test_help_runs_as_a_console_script():
    out = subprocess.run([sys.executable, "-m", "boardkit", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "simulate" in out.stdout


def test_games_and_rules(capsys):
    assert main(["games"]) == 0
    assert "dice-grid" in capsys.readouterr().out
    assert main(["rules", "dice-grid"]) == 0
    out = capsys.readouterr().out
    assert "dice-grid.claim.empty" in out and "reading:" in out


def test_simulate_prints_a_summary_and_writes_csv(tmp_path, capsys):
    out_file = tmp_path / "runs.csv"
    assert main(["simulate", "dice-grid", "--games", "20", "--seed", "4", "--quiet",
                 "--set", "dice-grid.points.lucky_cell=2", "--out", str(out_file)]) == 0
    text = capsys.readouterr().out
    assert "win_rate" in text and "20 games" in text
    assert "games won by somebody: 20 of 20" in text and "automatic" in text
    rows = list(csv.DictReader(out_file.open()))
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
