"""Seats are private at a table (issue: classroom integrity).

Play mode shows a person their own seat and the public table only, lets them move only for
their seat, and takes back their own last decision on undo; hot-seat play follows the player
to move and covers the secrets while the device is passed; a notebook's board opens in the
current player's view (everything is an explicit teacher's choice). One rule in the base
board (:class:`boardkit.boards.Board`, ``private``), checked here for every game.
"""

from __future__ import annotations

import html

import pytest

import boardkit
from boardkit.apps import play
from boardkit.apps.play import PlaySettings
from boardkit.boards import TURN, SeatError
from boardkit.engine import PUBLIC

#: the games with a board and more than one seat
TABLE_GAMES = sorted(n for n in boardkit.games()
                     if boardkit.game(n).max_players > 1 and boardkit.game(n).has_board)


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    """The page's computer is the search agent; random answers keep these tests quick."""
    monkeypatch.setattr(play, "AI_AGENT", "random")


def _hidden_settings(name: str) -> dict:
    """Settings under which the game has hidden information between seats."""
    return {"dice-grid": {"secret_lucky": True}}.get(name, {})


def computer_board(name: str, seed: int = 3):
    return PlaySettings(name, players=2, seed=seed, against="computer",
                        variant=_hidden_settings(name)).board()


def hot_seat_board(name: str, seed: int = 3):
    return PlaySettings(name, players=2, seed=seed, against="people",
                        variant=_hidden_settings(name)).board()


def secrets_of(state, seat: int) -> list[str]:
    """The texts of the log's events only ``seat`` may read (and others must not)."""
    return [str(e) for e in state.log if e.to == seat and str(e) != e.visible_text(1 - seat)]


def person_moves(board, moves: int) -> None:
    """The person plays ``moves`` of their decisions (the first legal one each time)."""
    for _ in range(moves):
        state = board.state
        if state.is_over:
            return
        assert state.current_player == 0
        assert board.play(state.legal_actions()[0]), board.message.value


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_against_the_computer_only_the_persons_seat_and_the_public_table(name):
    board = computer_board(name)
    assert [label for label, _ in board.view_as.options] == ["P1 (you)", "the public table"]
    assert board.viewer == 0 and board.private
    for forbidden in (None, 1, TURN):
        with pytest.raises(ValueError, match="private board shows only"):
            board.viewer = forbidden
    for _ in range(4):
        state = board.state
        # the picture and the log are P1's: never the computer's hidden hand or draws
        assert board.canvas.svg == board.render(state, 0, board._legal_targets(state))
        for secret in secrets_of(board.head, 1):
            assert html.escape(secret, quote=False) not in board.log_view.value
        person_moves(board, 1)


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_against_the_computer_a_click_for_its_seat_is_refused(name):
    board = computer_board(name)
    person_moves(board, 2)
    board.show_move(0)  # back to before the person's first move: P1 to decide again
    board.viewer = PUBLIC
    assert not board.canvas.legal and board.ai_button.disabled
    assert not board.play(board.state.legal_actions()[0])
    assert isinstance(board.last_error, SeatError) and "back to your seat" in str(board.last_error)


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_undo_against_the_computer_gives_the_turn_back_to_the_person(name):
    board = computer_board(name)
    person_moves(board, 1)
    before = board.head.action_count
    person_moves(board, 1)
    if board.state.is_over:
        pytest.skip("the game ended")  # pragma: no cover - the seeds are chosen not to
    assert board.undo()
    assert board.state.current_player == 0 and board.state.action_count == before
    assert board.canvas.legal or name == "lands"
    assert board.play(board.state.legal_actions()[0])  # the game goes on from there


def test_undo_against_the_computer_takes_back_its_answers_too():
    """Wanderlust: the person's turn, the computer's turn, undo: the person's turn again."""
    board = computer_board("wanderlust", seed=11)
    start = board.head.action_count
    while board.head.current_player == 0:
        person_moves(board, 1)
    assert board.head.action_count > start
    assert board.undo() and board.head.current_player == 0
    assert "the computer's" in board.message.value or "one move" in board.message.value


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_hot_seat_follows_the_player_to_move_and_covers_secrets_when_passing(name):
    board = hot_seat_board(name)
    assert [label for label, _ in board.view_as.options] == ["the player to move",
                                                             "the public table"]
    with pytest.raises(ValueError, match="private board shows only"):
        board.viewer = None
    seen: set[int] = set()
    for _ in range(40):
        state = board.head
        if state.is_over:
            break
        if board.covered:
            # the public table only, no move, until the next player takes the device
            assert board.canvas.svg == board.render(state, PUBLIC, set())
            assert not board.canvas.legal and board.pass_button.layout.display != "none"
            assert not board.play(state.legal_actions()[0])
            assert isinstance(board.last_error, SeatError)
            assert board.take_device()
        player = state.current_player
        assert board.seen_by(state) == player and "viewing as P" in board.status.value
        seen.add(player)
        assert board.play(state.legal_actions()[0])
    assert seen == {0, 1}


def test_hot_seat_passes_the_view_at_once_when_nothing_is_hidden():
    """Dice Grid with its lucky numbers public: the two seats see the same table."""
    board = PlaySettings("dice-grid", players=2, seed=3, variant={"secret_lucky": False}).board()
    for _ in range(12):
        assert not board.covered
        assert board.play(board.head.legal_actions()[0])


def test_hot_seat_with_secrets_asks_for_the_device_at_once():
    board = hot_seat_board("wanderlust")
    assert board.covered and "pass the device to P1" in board.status.value
    assert board.pass_button.description == "I am P1: show my seat"
    assert board.take_device() and not board.covered


def test_the_log_slider_never_shows_another_seats_past():
    """Hot seat: stepping back shows past positions through the holder's eyes, not
    through the eyes of whoever was to move then."""
    board = hot_seat_board("wanderlust", seed=11)
    board.take_device()
    while board.head.current_player == 0:
        board.play(board.head.legal_actions()[0])
    board.take_device()  # P2 holds it now
    board.show_move(0)  # a position where P1 was to move
    assert board.seen_by(board.state) == 1
    assert board.canvas.svg == board.render(board.state, 1, set())


@pytest.mark.parametrize("name", sorted(n for n in boardkit.games() if boardkit.game(n).has_board))
def test_a_notebook_board_opens_in_the_current_players_view(name):
    g = boardkit.game(name)
    state = g.new_game(players=min(2, g.max_players), seed=3, variant=_hidden_settings(name))
    board = g.board(state, agent="random")
    assert board.viewer == TURN and not board.private
    assert board.seen_by(board.state) == board.state.current_player
    assert board.canvas.svg == board.render(board.state, board.state.current_player,
                                            board._legal_targets(board.state))
    labels = [label for label, _ in board.view_as.options]
    assert labels[:3] == ["the player to move", "everything (teacher)", "the public table"]


def test_the_teachers_view_is_an_explicit_choice_in_a_notebook():
    g = boardkit.game("dice-grid")
    board = g.board(g.new_game(players=2, seed=3, variant={"secret_lucky": True}))
    before = board.canvas.svg
    board.viewer = None
    assert board.canvas.svg != before and "viewing as" not in board.status.value
