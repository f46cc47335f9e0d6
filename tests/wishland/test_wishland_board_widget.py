"""The Wishland board without a browser: clicks become actions, the State decides, the SVG
shows the position as the viewer may see it."""

import random
import xml.etree.ElementTree as ET

import pytest

from boardkit.boards.base import action_target
from boardkit.engine import ActionFormatError, RuleViolation
from boardkit.wishland import GAME
from boardkit.wishland.actions import (
    ChooseReward,
    ChooseTurnSpace,
    ClaimAchievement,
    Collect,
    CollectForFree,
    PlaceWorkers,
    SoloDraw,
    SoloPlay,
)
from boardkit.wishland.board import WishlandBoard
from boardkit.wishland.content import ACTOR, CARDS, HOTEL, RIDE, card_id
from boardkit.wishland.positions import find, put_cards, start_of_turns


def click(board, target):
    """Click ``target``: a UI target's name, or an action (its code target)."""
    if not isinstance(target, str):
        target = action_target(board.state, target)
    return board.handle_message({"kind": "click", "target": target})


def at(board, act):
    return action_target(board.state, act)


ADVERTISE = PlaceWorkers("advertisement")


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


@pytest.mark.parametrize("players,variant", [(1, {}), (2, {"entrepreneurs": True}), (4, {})])
def test_every_legal_action_is_one_click_on_its_own_code(players, variant):
    """Over a played game: each legal action but the purchases the extra-Workers selector did
    not pick is drawn, highlighted, under its own code, and a click on it plays it."""
    s = GAME.new_game(players=players, seed=7, variant=variant)
    rng = random.Random(7)
    for _ in range(40):
        if s.is_over:
            break
        b = WishlandBoard(s)
        chosen = set(b.purchases(s).values())
        legal = [a for a in s.legal_actions()
                 if type(a) is not PlaceWorkers or a.slot is None or a in chosen]
        assert b.targets(s) == {action_target(s, a): a for a in legal}
        drawn = targets_in(b.svg())
        for target in b.targets(s):
            assert "bk-legal" in drawn[target], target
        act = rng.choice(legal)
        assert click(b, act) and b.last_error is None
        assert b.state.action_count > s.action_count
        s = b.state


def test_clicking_a_card_buys_it(board):
    s = board.state
    cid = s.market[RIDE][2]
    assert click(board, PlaceWorkers("rides", 2))
    assert cid in board.state.tableau[0] and board.last_error is None


def test_card_limit_click_is_explained(board):
    s = board.state
    put_cards(s, 0, find(ACTOR)[:1])
    s.credits[0] = 20
    board.refresh()
    over = at(board, PlaceWorkers("actors", 0))
    assert over not in board.targets(s)
    assert over in targets_in(board.svg())  # drawn, not highlighted: a click is explained
    assert "bk-legal" not in targets_in(board.svg())[over]
    assert not click(board, over)
    assert isinstance(board.last_error, RuleViolation)
    assert board.last_error.rule == "wishland.card_limit"
    assert "wishland.card_limit" in board.message.value


def test_choice_reward_buttons(board):
    assert click(board, ADVERTISE)
    choices = {at(board, ChooseReward(r)) for r in ("happiness", "visitors", "workers")}
    assert set(board.targets(board.state)) == choices
    assert at(board, ChooseReward("visitors")) in targets_in(board.svg())
    assert click(board, ChooseReward("visitors"))
    assert board.state.visitors[0] == 1


def test_hotel_13_choice_buttons(board):
    s = board.state
    put_cards(s, 0, [card_id(HOTEL, 13)])
    s.stacks[3] = [(0, 2)]
    s.placed[0] = 2
    board.refresh()
    assert click(board, ADVERTISE) and click(board, ChooseReward("workers"))
    yes, no = at(board, CollectForFree(True)), at(board, CollectForFree(False))
    assert set(board.targets(board.state)) == {yes, no}
    drawn = targets_in(board.svg())
    assert "bk-legal" in drawn[yes] and "bk-legal" in drawn[no]
    assert "Leave Workers on the board (#13)" in board.svg()
    assert click(board, no)
    assert board.state.placed[0] == 3 and board.state.current_player == 1
    assert not click(board, yes)  # the choice is over
    assert board.last_error.rule == "wishland.action.one"


def test_extra_worker_buttons_choose_the_discount(board):
    s = board.state
    s.workers[0] += s.reserve[0]
    s.reserve[0] = 0
    cid = next(c for c in s.market[RIDE] if CARDS[c].cost >= 2)
    slot = s.market[RIDE].index(cid)
    s.credits[0] = 20
    board.refresh()
    plain, two = at(board, PlaceWorkers("rides", slot)), at(board, PlaceWorkers("rides", slot, 2))
    assert plain in board.targets(s) and two not in board.targets(s)  # one per card
    assert "extra:2" in targets_in(board.svg())
    assert not click(board, "extra:2")  # a setting, not a move
    assert board.extra == 2 and board.state.action_count == s.action_count
    assert two in board.targets(s) and plain not in board.targets(s)
    drawn = targets_in(board.svg())
    assert two in drawn and "bk-legal" in drawn[two] and plain not in drawn
    assert click(board, two)
    assert board.state.credits[0] == 20 - (CARDS[cid].cost - 2)


def test_turn_order_and_achievement_targets():
    b = WishlandBoard(GAME.new_game(players=2, seed=0))
    assert click(b, ChooseTurnSpace(3))
    assert not click(b, ChooseTurnSpace(3))  # taken
    assert b.last_error.rule == "wishland.turn_order.space"
    assert click(b, ChooseTurnSpace(1))
    s = b.state
    s.happiness[s.current_player] = 7
    b.refresh()
    assert at(b, ClaimAchievement("board-1")) in b.targets(s)
    assert click(b, ClaimAchievement("board-1")) and s.claimed == {"board-1": s.current_player}


@pytest.mark.parametrize("target", [
    "card:rides:2", "card:dragons:1", "nonsense", "collect", "choice:gold", "extra:9", "extra:",
    "info:0", "info:x", "act:", "act:x", "act:-1", "act:99999999", "act:" + "9" * 40])
def test_unknown_targets_are_refused_and_change_nothing(board, target):
    before = board.state.to_json()
    assert not click(board, target)
    assert isinstance(board.last_error, ActionFormatError)
    assert board.state.to_json() == before and board.extra == 0 and board.detail is None
    assert "refused" in board.message.value


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
    assert click(b, ChooseTurnSpace(1))
    assert click(b, SoloDraw())
    card = b.state.hand[0]
    b.state.credits[0] = 30
    b.state.count[0][RIDE] = 5
    b.refresh()
    assert at(b, SoloPlay(card)) in targets_in(b.svg())
    assert click(b, SoloPlay(card))
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
    # each seat's score as a player reads it, not a Python list
    assert f"scores P1 {s.scores()[0]}" in WishlandBoard(s).svg()
    assert "scores [" not in WishlandBoard(s).svg()


def test_forced_moves_are_shown_until_the_next_decision(board):
    s = board.state
    s.stacks[2] = [(1, 4)]  # all of P2's Workers are out: collecting is P2's only option
    s.placed[1] = 4
    board.refresh()
    assert board.forced_moves(s, None) == []
    assert click(board, Collect())  # P1 collects; P2's collect is played automatically
    assert board.forced_moves(board.state, 0) == ["P2: collect all Workers"]
    assert "automatic (only option): P2: collect all Workers<" in board.svg()
    assert click(board, Collect())  # the next decision clears it
    assert board.forced_moves(board.state, None) == [] and "automatic" not in board.svg()
