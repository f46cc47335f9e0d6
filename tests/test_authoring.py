"""A game defined outside the package is a first-class citizen: its rule catalog and
parameters load from its own folder, it is found by an importable reference (so other
processes can import it) and an installed package can offer it through an entry point."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import boardkit
from boardkit.engine import DataError, Game, RuleViolation, UnknownGameError, registry
from boardkit.engine.registry import reference

HERE = Path(__file__).parent / "authoring"


@pytest.fixture
def course_path(monkeypatch):
    monkeypatch.syspath_prepend(str(HERE))
    yield
    registry._loaded.pop("course-nim", None)
    registry._refs.pop("course-nim", None)
    sys.modules.pop("coursenim", None)


def test_a_game_is_found_by_its_importable_reference(course_path):
    g = boardkit.game("coursenim:GAME")
    assert g.name == "course-nim" and "course-nim" in boardkit.games()
    assert boardkit.game("course-nim") is g
    assert reference("course-nim") == "coursenim:GAME"


def test_its_catalog_and_parameters_come_from_its_own_folder(course_path):
    g = boardkit.game("coursenim:GAME")
    assert g.data_folder == HERE / "coursenim"
    assert g.rules.text("course-nim.take.pile").startswith("You cannot remove more tokens")
    s = g.new_game(params={"start": 2})
    assert s.pile == 2 and g.new_game().pile == 10  # params.toml's value
    why = s.explain(s.legal_actions()[0].__class__(3))
    assert not why and why.rule == "course-nim.take.pile"
    assert "cannot remove more tokens" in str(why)  # the rule text, not silence
    with pytest.raises(RuleViolation, match="take.pile"):
        s.apply(s.legal_actions()[0].__class__(3))


def test_a_registered_game_plays_saves_and_replays(course_path):
    g = boardkit.game("coursenim:GAME")
    from boardkit.agents import make_agent, play

    s = g.new_game(seed=3, variant={"misere": True})
    play(s, [make_agent("random", seed=1, game="course-nim"), make_agent("greedy", seed=2, game="course-nim")])
    assert s.is_over and sorted(s.scores()) == [0.0, 1.0]
    again = g.from_json(s.to_json())
    assert again.history() == s.history() and again.scores() == s.scores()


def test_a_game_registered_from_an_object_finds_its_module(course_path):
    import coursenim

    registry._loaded.pop("course-nim", None)
    boardkit.register(coursenim.GAME)
    assert reference("course-nim") == "coursenim:GAME"


@pytest.fixture
def cell_game(course_path):
    """Nim as a notebook cell would define it (its module is __main__), registered."""
    import coursenim

    class CellState(coursenim.NimState):
        pass

    CellState.__module__ = "__main__"
    g = boardkit.register(Game(name="cell-nim", title="Nim in a cell", state_class=CellState,
                               actions=(coursenim.Take,), players=(2, 2),
                               variant_model=coursenim.Variant, params_model=coursenim.Params,
                               data=HERE / "coursenim"))
    yield g
    registry._loaded.pop("cell-nim", None)


def test_a_game_defined_in_a_notebook_has_no_reference(cell_game):
    assert reference("cell-nim") is None


def test_bad_references_and_folders_are_clear_errors(tmp_path, course_path):
    for bad, words in [("nosuchmodule:GAME", "cannot import"), ("coursenim:NOPE", "cannot import"),
                       ("coursenim:Take", "not a boardkit Game"), (":GAME", "module:attribute")]:
        with pytest.raises(UnknownGameError, match=words):
            boardkit.game(bad)
    import coursenim

    with pytest.raises(DataError, match="has no rules.toml"):
        Game(name="nim2", title="x", state_class=coursenim.NimState, actions=(coursenim.Take,),
             players=(2, 2), data=tmp_path)
    assert "game" not in vars(coursenim.NimState)  # a game that fails leaves the class alone


def test_an_installed_package_offers_its_game_through_an_entry_point(tmp_path, monkeypatch):
    """A real distribution on sys.path (a .dist-info with entry_points.txt), as pip would
    install it: boardkit lists the game without importing it, and loads it by name."""
    info = tmp_path / "coursenim-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: coursenim\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[boardkit.games]\ncourse-nim = coursenim:GAME\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(HERE))
    sys.modules.pop("coursenim", None)
    try:
        assert "course-nim" in boardkit.games()
        assert "coursenim" not in sys.modules  # listing the game needs no import
        g = boardkit.game("course-nim")
        assert g.title.startswith("Nim") and reference("course-nim") == "coursenim:GAME"
    finally:
        registry._loaded.pop("course-nim", None)
        sys.modules.pop("coursenim", None)


def test_the_shared_helpers_work_on_a_course_game_and_can_fail(course_path):
    from boardkit.testing import assert_illegal, assert_legal, check_conformance, playthrough

    g = boardkit.game("coursenim:GAME")
    Take = type(g.new_game().legal_actions()[0])
    s = g.new_game(params={"start": 2})
    err = assert_illegal(s, Take(3), "course-nim.take.pile")
    assert "only 2 tokens" in err.message
    with pytest.raises(AssertionError, match="not course-nim.take.count"):
        assert_illegal(s, Take(3), "course-nim.take.count")  # the wrong rule is caught
    with pytest.raises(AssertionError, match="was accepted"):
        assert_illegal(s.clone(), Take(1), "course-nim.take.pile")
    assert_legal(s, Take(2))
    assert s.is_over and s.scores() == [1.0, 0.0]
    for seed in range(5):
        check_conformance("course-nim", seed)
    record = playthrough("course-nim", 3)
    assert "## decision 1: P1, take 1 to 3 tokens" in record and "legal Take(tokens=1)" in record


def test_boardkit_new_writes_a_game_whose_tests_and_notebook_pass(tmp_path, capsys):
    """`boardkit new` gives a playable game: its own tests pass, its notebook runs, its board
    answers clicks; the names are checked and nothing is overwritten."""
    import subprocess

    from boardkit.cli import main

    assert main(["new", "river-crossing", "--dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    assert "river_crossing" in said and "boardkit serve --game river_crossing" in said
    package = tmp_path / "river_crossing"
    assert {p.name for p in package.iterdir()} >= {"__init__.py", "game.py", "board.py",
                                                   "rules.toml", "params.toml",
                                                   "test_river_crossing.py"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "river_crossing"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-2000:]
    # the class server offers it as the hint says (by its module's name, from its folder)
    run = subprocess.run([sys.executable, "-c", "from boardkit.server.run import load_games; "
                          "print(load_games(['river_crossing']))"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0 and "'river-crossing'" in run.stdout, run.stderr[-2000:]
    assert "'river_crossing'" not in run.stdout  # listed once, by its own name
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "--nbval-lax", "--nbval-current-env", "river-crossing.ipynb"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-2000:]
    assert main(["new", "river-crossing", "--dir", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    for bad in ("River", "2fast", "a--b", "x y"):
        assert main(["new", bad, "--dir", str(tmp_path)]) == 2
        assert "lowercase letters" in capsys.readouterr().err
    assert main(["new", "ok-name", "--dir", str(tmp_path / "missing")]) == 2
    assert "not an existing folder" in capsys.readouterr().err


def test_worker_processes_find_a_course_game_by_its_reference(course_path):
    """The processes backend imports a course's game in its workers (it used to fail with
    UnknownGameError), with the same table as the serial backend."""
    from boardkit.analysis import simulate

    serial = simulate("coursenim:GAME", agents=["random"], n=12, seed=4, progress=False)
    spread = simulate("course-nim", agents=["random"], n=12, seed=4, backend="processes",
                      workers=2, progress=False)
    cols = ["game", "seed", "seat", "score", "win", "actions"]
    assert serial[cols].equals(spread[cols])


def test_a_game_from_a_notebook_cell_is_refused_by_the_process_backend(cell_game):
    from boardkit.analysis import simulate

    with pytest.raises(boardkit.engine.VariantError, match="other processes cannot import"):
        simulate("cell-nim", n=4, backend="processes", workers=2, progress=False)
    assert len(simulate("cell-nim", n=4, progress=False)) == 8  # serial still works


def test_the_game_magic_runs_a_cell_and_keeps_it_in_a_module(tmp_path, monkeypatch):
    """A game written in a notebook's cells (``%%game MODULE``) is also a module file, so the
    processes and Dask backends can import it; a cell run again replaces its old version."""
    from IPython.core.interactiveshell import InteractiveShell

    from boardkit.authoring import _CELLS

    monkeypatch.chdir(tmp_path)
    shell = InteractiveShell.instance()
    try:
        shell.run_cell("%load_ext boardkit.authoring")
        shell.run_cell("%%game kept_cells\n# the pile\nPILE = 10\n")
        shell.run_cell("%%game kept_cells\n# the rule\ndef take(n):\n    return PILE - n\n")
        shell.run_cell("%%game kept_cells\n# the pile\nPILE = 12\n")  # edited and run again
        assert shell.user_ns["PILE"] == 12 and shell.user_ns["take"](2) == 10
        text = (tmp_path / "kept_cells.py").read_text()
        assert text.index("PILE = 12") < text.index("def take") and "PILE = 10" not in text
        monkeypatch.syspath_prepend(str(tmp_path))
        import kept_cells

        assert kept_cells.take(2) == 10
        result = shell.run_cell("%%game not-a-name\nx = 1\n")
        assert "give the module's name" in str(result.error_in_exec)
        assert "x" not in shell.user_ns and not (tmp_path / "not-a-name.py").exists()
    finally:
        _CELLS.pop("kept_cells", None)
        sys.modules.pop("kept_cells", None)
        InteractiveShell.clear_instance()



@pytest.fixture
def tmp_as_temp(tmp_path, monkeypatch):
    """The system's temporary folder is ``tmp_path``; the account is named by the test."""
    import tempfile

    from boardkit import authoring

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return lambda account: monkeypatch.setattr(authoring, "_account", lambda: account)


def test_a_notebooks_game_folder_is_the_accounts_own(tmp_path, tmp_as_temp):
    """Two accounts on one machine (a lab PC, a JupyterHub sharing /tmp) never share the
    folder of a notebook's game (notebook 60 once wrote /tmp/boardkit-noughts for everyone,
    and the second account met "Permission denied"): the folder's name holds the account's,
    and one account gets the same folder each time (a worker process importing the game
    finds its files there)."""
    from boardkit.authoring import temp_folder

    tmp_as_temp("alice")
    alice = temp_folder("noughts")
    assert alice == tmp_path / "boardkit-noughts-alice" and alice.is_dir()
    assert temp_folder("noughts") == alice  # the same folder again
    if hasattr(os, "getuid"):
        assert alice.stat().st_mode & 0o077 == 0  # nobody else reads or writes in it
    tmp_as_temp("bob")
    assert temp_folder("noughts") == tmp_path / "boardkit-noughts-bob"
    with pytest.raises(boardkit.engine.BoardkitError, match="use lowercase letters"):
        temp_folder("../elsewhere")


def test_the_account_is_the_one_the_process_runs_as():
    """The folder is named after the account the process runs as, not after $USER."""
    from boardkit.authoring import _account

    name = _account()
    assert name and "/" not in name
    if hasattr(os, "getuid"):
        import pwd

        try:
            assert name == pwd.getpwuid(os.getuid()).pw_name
        except KeyError:  # a user id without an account (a container): its number
            assert name == str(os.getuid())


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX accounts own their folders")
def test_a_folder_another_account_made_or_a_link_is_refused(tmp_path, tmp_as_temp, monkeypatch):
    from boardkit.authoring import temp_folder

    tmp_as_temp("bob")
    (tmp_path / "boardkit-noughts-bob").symlink_to(tmp_path, target_is_directory=True)
    with pytest.raises(boardkit.engine.BoardkitError, match="or it is a link"):
        temp_folder("noughts")  # a link planted in /tmp under bob's name
    tmp_as_temp("alice")
    (tmp_path / "boardkit-noughts-alice").mkdir()
    owner = os.stat(tmp_path / "boardkit-noughts-alice").st_uid
    monkeypatch.setattr(os, "getuid", lambda: owner + 1)  # the folder is not this account's
    with pytest.raises(boardkit.engine.BoardkitError, match="not a folder of this account's own"):
        temp_folder("noughts")
