"""Tic-tac-toe written by following docs/adding-a-game.md, outside the package
(examples/tictactoe): it loads by its reference, explains an illegal move with its rule
text, plays on its board, and runs on every backend with the serial backend's table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import boardkit
from boardkit.analysis import metrics, simulate
from boardkit.analysis import simulation as sim_module
from boardkit.engine import registry
from boardkit.testing import assert_illegal, assert_legal, check_conformance

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
REF = "tictactoe:GAME"
#: the columns that do not depend on the clock
SAME = ["game", "seed", "seat", "agent", "score", "rank", "win", "shared_win", "no_winner",
        "actions", "branching"]


def forget() -> None:
    registry._loaded.pop("tictactoe", None)
    registry._refs.pop("tictactoe", None)
    sys.modules.pop("tictactoe", None)


@pytest.fixture
def ttt(monkeypatch):
    """The game, imported from examples/ by its reference (as a course's notebook would)."""
    forget()
    monkeypatch.syspath_prepend(str(EXAMPLES))
    yield boardkit.game(REF)
    forget()


def play(game, cells):
    state = game.new_game(seed=1)
    Place = game.actions.classes["Place"]
    for cell in cells:
        state.apply(Place(cell))
    return state


def test_it_is_found_by_its_reference_and_reads_its_own_catalog(ttt):
    assert ttt.name == "tictactoe" and registry.reference("tictactoe") == REF
    assert ttt.data_folder == EXAMPLES / "tictactoe"
    assert Path(sys.modules["tictactoe"].__file__).is_relative_to(EXAMPLES)  # not in boardkit
    assert [r.id for r in ttt.rules.entries] == ["tictactoe.turn.empty", "tictactoe.end.line",
                                                 "tictactoe.end.full"]


def test_a_legal_and_an_illegal_move_with_the_rule_text(ttt):
    Place = ttt.actions.classes["Place"]
    state = play(ttt, [4])
    assert_legal(state.clone(), Place(0))
    err = assert_illegal(state, Place(4), "tictactoe.turn.empty")  # the centre holds an X
    assert "row 2, column 2 is taken" in err.message
    why = state.explain(Place(4))
    assert not why and why.rule == "tictactoe.turn.empty"
    assert "you mark one empty cell" in str(why)  # the catalog's paraphrase, not just the id
    assert why.message == "row 2, column 2 is taken (X marked it)"  # and why this move breaks it
    off = state.explain(Place(9))  # off the grid: refused with what the player is asked
    assert not off and off.rule == "tictactoe.turn.empty" and "is not possible now" in off.message


def test_a_line_wins_and_a_full_grid_is_a_draw_every_seat_shares(ttt):
    won = play(ttt, [0, 3, 1, 4, 2])  # X completes the top row
    assert won.is_over and won.winners() == [0] and won.scores() == [1.0, 0.0]
    draw = play(ttt, [4, 0, 2, 6, 3, 5, 1, 7])  # the ninth cell is the only option: automatic
    assert draw.is_over and draw.observation(None)["grid"] == [1, 0, 0, 0, 0, 1, 1, 1, 0]
    assert draw.winners() == [0, 1]  # a draw: both seats share the win
    board = ttt.board(draw)
    assert "game over — a draw" in board.status.value


def test_its_board_renders_and_a_click_on_a_cell_plays_the_move(ttt):
    board = ttt.board(ttt.new_game(seed=1), agent="random")
    svg = board.svg()
    assert svg.startswith("<svg") and svg.count("data-target=") == 9
    assert set(board.targets(board.state)) == {f"act:{c}" for c in range(9)}
    assert board.handle_message({"kind": "click", "target": "act:4"})  # the centre
    assert board.state.grid[4] == 0 and ">X<" in board.svg()
    assert not board.handle_message({"kind": "click", "target": "act:4"})  # taken: refused
    assert board.last_error.rule == "tictactoe.turn.empty"
    assert "row 2, column 2 is taken (X marked it)" in board.message.value
    assert "you mark one empty cell" in board.message.value  # the rule's text in the panel
    assert board.state.grid.count(None) == 8  # the refusal changed nothing


@pytest.mark.parametrize("seed", range(10))
def test_the_protocol_holds(ttt, seed):
    check_conformance("tictactoe", seed)


def test_the_processes_backend_gives_the_serial_table(ttt):
    serial = simulate(REF, agents=["random"], n=24, seed=3, progress=False)
    spread = simulate(REF, agents=["random"], n=24, seed=3, backend="processes", workers=2,
                      batch_size=5, progress=False)
    assert serial[SAME].equals(spread[SAME])
    table = metrics(serial)
    assert 0 < table.loc["drawishness", "value"] < 1  # random play draws now and then
    assert table.loc["won", "value"] == 1.0  # a draw is a shared win, not "nobody won"


def test_a_pool_started_before_the_game_was_on_the_path_is_replaced(monkeypatch):
    """A process pool's workers copy sys.path when they start: a pool left from an earlier
    run could not import a course's game added to the path since (UnknownGameError)."""
    forget()
    simulate("dice-grid", agents=["random"], n=4, seed=1, backend="processes", workers=2,
             progress=False)  # the pool starts without examples/ on its path
    monkeypatch.syspath_prepend(str(EXAMPLES))
    try:
        spread = simulate(REF, agents=["random"], n=6, seed=2, backend="processes", workers=2,
                          progress=False)
        assert spread[SAME].equals(simulate(REF, agents=["random"], n=6, seed=2,
                                            progress=False)[SAME])
    finally:
        sim_module.backends.close_pools()
        forget()


def put_on_path(folder: str) -> None:
    """Run on each Dask worker (a function: a bound ``sys.path.insert`` would be pickled
    with a copy of this process's list)."""
    if folder not in sys.path:
        sys.path.insert(0, folder)


def test_a_dask_cluster_gives_the_serial_table(ttt, process_cluster):
    client = process_cluster
    client.wait_for_workers(2, timeout=60)
    # the workers started before examples/ was on this path: put it on theirs too
    client.run(put_on_path, str(EXAMPLES))
    serial = simulate(REF, agents=["random", "greedy"], n=16, seed=8, progress=False)
    spread = simulate(REF, agents=["random", "greedy"], n=16, seed=8, backend="dask",
                      client=client, batch_size=3, progress=False)
    assert serial[SAME].equals(spread[SAME])
