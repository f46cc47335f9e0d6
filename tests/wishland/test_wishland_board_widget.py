"""The Wishland board without a browser: clicks become actions, the State decides, the SVG
shows the position as the viewer may see it."""

import xml.etree.ElementTree as ET

import pytest

from boardkit.engine import RuleViolation
from boardkit.wishland import GAME
from boardkit.wishland.board import WishlandBoard
from boardkit.wishland.content import ACTOR, CARDS, HOTEL, RIDE, card_id
from boardkit.wishland.positions import find, put_cards, start_of_turns


def click(board, target):
    return board.handle_message({"kind": "click", "target": target})


def targets_in(svg):
    root = ET.fromstring(svg)
    return {el.get("data-target"): el.get("class", "") for el in root.iter()
            if el.get("data-target") is not None}


@pytest.fixture
def board():
    return WishlandBoard(start_of_turns(2, seed=3))


def test_game_builds_its_board():
    b = GAME.board(GAME.new_game(players=3, seed=1))
    assert isinstance(b, WishlandBoard) and b.svg().startswith("<svg")


def test_every_legal_target_is_drawn_and_highlighted(board):
    svg = board.svg()
    drawn = targets_in(svg)
    for target in board.targets(board.state):
        assert target in drawn, target
        assert "bk-legal" in drawn[target]


def test_clicking_a_card_buys_it(board):
    s = board.state
    cid = s.market[RIDE][2]
    assert click(board, "card:rides:2")
    assert cid in board.state.tableau[0] and board.last_error is None


def test_card_limit_click_is_explained(board):
    s = board.state
    put_cards(s, 0, find(ACTOR)[:1])
    s.credits[0] = 20
    board.refresh()
    assert "card:actors:0" not in board.targets(s)
    assert not click(board, "card:actors:0")
    assert isinstance(board.last_error, RuleViolation)
    assert board.last_error.rule == "wishland.card_limit"
    assert "wishland.card_limit" in board.message.value


def test_choice_reward_buttons(board):
    assert click(board, "space:advertisement")
    assert set(board.targets(board.state)) == {"choice:happiness", "choice:visitors",
                                               "choice:workers"}
    assert "choice:visitors" in targets_in(board.svg())
    assert click(board, "choice:visitors")
    assert board.state.visitors[0] == 1


def test_hotel_13_choice_buttons(board):
    s = board.state
    put_cards(s, 0, [card_id(HOTEL, 13)])
    s.stacks[3] = [(0, 2)]
    s.placed[0] = 2
    board.refresh()
    assert click(board, "space:advertisement") and click(board, "choice:workers")
    assert set(board.targets(board.state)) == {"freecollect:yes", "freecollect:no"}
    drawn = targets_in(board.svg())
    assert "bk-legal" in drawn["freecollect:yes"] and "bk-legal" in drawn["freecollect:no"]
    assert "Leave Workers on the board (#13)" in board.svg()
    assert click(board, "freecollect:no")
    assert board.state.placed[0] == 3 and board.state.current_player == 1
    assert not click(board, "freecollect:yes")  # the choice is over
    assert board.last_error.rule == "wishland.action.one"


def test_extra_worker_buttons_choose_the_discount(board):
    s = board.state
    s.workers[0] += s.reserve[0]
    s.reserve[0] = 0
    cid = next(c for c in s.market[RIDE] if CARDS[c].cost >= 2)
    slot = s.market[RIDE].index(cid)
    s.credits[0] = 20
    board.refresh()
    assert "extra:2" in targets_in(board.svg())
    assert not click(board, "extra:2")  # a setting, not a move
    assert board.extra == 2
    assert board.targets(s)[f"card:rides:{slot}"].extra == 2
    assert click(board, f"card:rides:{slot}")
    assert board.state.credits[0] == 20 - (CARDS[cid].cost - 2)


def test_turn_order_and_achievement_targets():
    b = WishlandBoard(GAME.new_game(players=2, seed=0))
    assert click(b, "turn:3")
    assert not click(b, "turn:3")  # taken
    assert b.last_error.rule == "wishland.turn_order.space"
    assert click(b, "turn:1")
    s = b.state
    s.happiness[s.current_player] = 7
    b.refresh()
    assert "ach:board-1" in b.targets(s)
    assert click(b, "ach:board-1") and s.claimed == {"board-1": s.current_player}


def test_unknown_targets_are_refused(board):
    for target in ("card:dragons:1", "nonsense", "extra:9", "choice:gold"):
        assert not click(board, target)
        assert board.last_error is not None
    assert board.extra == 0


def test_view_as_hides_the_draft():
    s = GAME.new_game(players=2, seed=5, variant={"entrepreneurs": True})
    b = WishlandBoard(s, viewer=1)
    hidden = [CARDS[c].name for c in s.dealt[0]]
    svg = b.svg()
    assert not any(f">{name}<" in svg for name in hidden)
    b.viewer = 0
    assert all(f">{name}<" in b.svg() for name in hidden)


def test_solo_board_plays_from_the_hand():
    s = GAME.new_game(players=1, seed=4)
    b = WishlandBoard(s)
    assert click(b, "turn:1")
    assert click(b, "solo:draw")
    card = b.state.hand[0]
    b.state.credits[0] = 30
    b.state.count[0][RIDE] = 5
    b.refresh()
    assert f"hand:{card}" in targets_in(b.svg())
    assert click(b, f"hand:{card}")
    assert card in b.state.tableau[0]


def test_final_scoring_table_and_static_view():
    s = start_of_turns(2, seed=1)
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
    b = WishlandBoard(s)
    svg = b.svg()
    assert "Final Scoring" in svg and "game over" in svg
    assert b._repr_html_().startswith("<div class='bk-static'>")
    ET.fromstring(svg)


def test_solo_headline_says_whether_the_best_score_was_beaten():
    s = GAME.new_game(players=1, seed=4, variant={"solo_best": 500})
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    svg = WishlandBoard(s).svg()
    assert "no winner (score to beat: 500)" in svg
    s.variant = s.variant.model_copy(update={"solo_best": None})  # a first game
    assert "game over · winner P1 · scores" in WishlandBoard(s).svg()


def test_forced_moves_are_shown_until_the_next_decision(board):
    s = board.state
    s.stacks[2] = [(1, 4)]  # all of P2's Workers are out: collecting is P2's only option
    s.placed[1] = 4
    board.refresh()
    assert board.forced_moves(s, None) == []
    assert click(board, "collect")  # P1 collects; P2's collect is played automatically
    assert board.forced_moves(board.state, 0) == ["P2: collect all Workers"]
    assert "automatic (only option): P2: collect all Workers<" in board.svg()
    assert click(board, "collect")  # the next decision clears it
    assert board.forced_moves(board.state, None) == [] and "automatic" not in board.svg()
