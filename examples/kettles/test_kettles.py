"""Tests of Kettles: each rule's legal and illegal case, and the protocol's promises.

Run them with ``python -m pytest`` in this folder."""

import pytest

import boardkit
from boardkit.testing import assert_illegal, assert_legal, check_conformance, playthrough

GAME = boardkit.game("kettles:GAME")
Take = GAME.actions.classes["Take"]


def test_take_count():
    s = GAME.new_game(seed=1)
    assert_legal(s, Take(3))
    assert_illegal(s, Take(4), "kettles.take.count")
    assert_illegal(s, Take(0), "kettles.take.count")


def test_take_pile():
    s = GAME.new_game(seed=1, params={"start": 2})
    assert_illegal(s, Take(3), "kettles.take.pile")
    assert_legal(s, Take(2))
    assert s.is_over and s.winners() == [0]


def test_the_last_loses_variant():
    s = GAME.new_game(seed=1, params={"start": 2}, variant={"last_loses": True})
    assert_legal(s, Take(2))  # P1 takes the last token, so P2 wins
    assert s.winners() == [1]


@pytest.mark.parametrize("seed", range(20))
def test_the_protocol_holds(seed):
    check_conformance("kettles", seed)


def test_a_playthrough_lists_the_choices():
    record = playthrough("kettles", seed=3)
    assert "## decision 1: P1" in record and "legal [0] Take(tokens=1)" in record


def test_the_board_turns_clicks_into_moves():
    board = GAME.board(GAME.new_game(seed=1), agent="random")
    assert set(board.targets(board.state)) == {"act:0", "act:1", "act:2"}  # take 1, 2, 3
    assert board.handle_message({"kind": "click", "target": "act:2"})  # take 3
    assert board.state.pile == 12
    assert not board.handle_message({"kind": "click", "target": "act:8"})  # take 9: refused
    assert board.last_error.rule == "kettles.take.count"
