"""The board layer without a browser: messages go straight to the handler (as the front end's
``model.send`` would deliver them), and the panel, state and SVG are checked."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardkit
from boardkit.boards import (
    TURN,
    Board,
    ClickMessage,
    DragMessage,
    KeyMessage,
    SeatError,
    parse_message,
)
from boardkit.boards import svg as S
from boardkit.boards.base import BoardCanvas, action_target
from boardkit.engine import ActionFormatError, BoardkitError, RuleViolation
from boardkit.examples.dice_grid import ChooseDie, ChooseDieStep, Claim, ClaimStep, Pass
from boardkit.examples.dice_grid_board import DiceGridBoard

GAME = boardkit.game("dice-grid")
SEED = 0  # P1 rolls 4 and 2; P2 then rolls 2 and 1 (see test_seed_is_as_documented)
SVG_NS = "{http://www.w3.org/2000/svg}"


def new_board(**kwargs) -> DiceGridBoard:
    kwargs.setdefault("agent", "random")  # fast and seeded; the default is tested below
    return GAME.board(GAME.new_game(seed=SEED), **kwargs)


def click(board: Board, target: str) -> bool:
    return board.handle_message({"kind": "click", "target": target})


def target(act) -> str:
    """The click target of ``act``: its own code (the same in every Dice Grid position)."""
    return action_target(GAME.new_game(seed=SEED), act)


def cell_target(cell) -> str:
    return target(Claim(cell))


KEEP_4, KEEP_2 = target(ChooseDie(4)), target(ChooseDie(2))
A1 = cell_target((0, 0))  # shows 1


def play_first_turn(board: Board) -> tuple[int, int]:
    """P1 keeps the 4 and claims the first cell showing 4; returns that cell."""
    assert click(board, KEEP_4)
    cell = sorted(a.cell for a in board.state.legal_actions())[0]
    assert click(board, cell_target(cell))
    return cell


def targets_in(svg_text: str) -> dict[str, str]:
    """data-target -> class of every target element in an SVG string."""
    root = ET.fromstring(svg_text)
    return {el.get("data-target"): el.get("class", "") for el in root.iter()
            if el.get("data-target") is not None}


def test_seed_is_as_documented():
    state = GAME.new_game(seed=SEED)
    assert isinstance(state.pending, ChooseDieStep) and state.pending.dice == (4, 2)


# ------------------------------------------------------------------ construction


def test_game_builds_its_board():
    board = new_board()
    assert isinstance(board, DiceGridBoard) and isinstance(board, Board)
    assert isinstance(board.canvas, BoardCanvas)
    assert board.state.action_count == 0 and board.last_error is None
    assert "P1 to choose one of the dice 4 and 2" in board.status.value
    assert "export default" in board.canvas._esm and "./helpers.js" not in board.canvas._esm
    assert ".bk-error" in board.canvas._css


def test_svg_is_well_formed_and_tags_targets():
    board = new_board()
    found = targets_in(board.svg())
    assert {cell_target((x, y)) for x in range(4) for y in range(4)} <= set(found)
    assert {KEEP_4, KEEP_2} <= set(found)
    assert "bk-legal" in found[KEEP_4] and "bk-legal" in found[KEEP_2]
    assert "bk-legal" not in found[A1]
    assert sorted(board.canvas.legal) == sorted([KEEP_2, KEEP_4])
    assert board.canvas.svg == board.svg()
    assert ET.fromstring(board.svg()).get("data-actions") == "0"


def test_targets_are_the_legal_actions():
    board = new_board()
    assert board.targets(board.state) == {KEEP_2: ChooseDie(2), KEEP_4: ChooseDie(4)}
    click(board, KEEP_4)
    assert set(board.targets(board.state).values()) == set(board.state.legal_actions())


# ------------------------------------------------------------------ moves


def test_legal_clicks_apply_and_rerender():
    board = new_board()
    assert click(board, KEEP_4)
    assert isinstance(board.state.pending, ClaimStep) and board.state.pending.value == 4
    assert board.last_error is None and board.last_action == ChooseDie(4)
    legal = set(board.canvas.legal)
    assert legal == {cell_target(a.cell) for a in board.state.legal_actions()}
    cell = sorted(a.cell for a in board.state.legal_actions())[0]
    assert click(board, cell_target(cell))
    assert board.state.owner[cell] == 0 and board.state.action_count == 2
    assert ET.fromstring(board.canvas.svg).get("data-actions") == "2"
    assert "claim cell" in board.message.value and "bk-note" in board.message.value


@pytest.mark.parametrize(
    ("setup", "act", "rule"),
    [
        ("claim", Claim((0, 0)), "dice-grid.claim.number"),  # (0, 0) shows 1, not 4
        ("claim", Claim((7, 7)), "dice-grid.claim.inside"),  # has a code, off the 4x4 grid
        ("claim", Pass(), "dice-grid.claim.pass"),
        ("choose", Claim((0, 0)), "dice-grid.turn.choose"),  # a cell while a die is to be chosen
        ("choose", ChooseDie(6), "dice-grid.turn.choose"),  # not one of the rolled dice
    ],
)
def test_illegal_clicks_show_the_rule_and_change_nothing(setup, act, rule):
    board = new_board()
    if setup == "claim":
        click(board, KEEP_4)
    before = board.state.to_json()
    assert click(board, target(act)) is False
    assert isinstance(board.last_error, RuleViolation) and board.last_error.rule == rule
    assert board.state.to_json() == before
    assert rule in board.message.value
    assert GAME.rules.text(rule) in board.message.value  # the rule's paraphrase
    assert "bk-error" in board.message.value


def test_a_refused_moves_rule_id_breaks_only_after_its_dots():
    """The side panel broke every word anywhere, so lesson 20's board showed the rule as
    "freizeitpark.struktur.eingan" / "g". The id breaks after a dot or not at all."""
    import re

    from boardkit.boards.base import _CSS

    board = new_board()
    assert click(board, target(Pass())) is False
    rule = board.last_error.rule
    shown = re.search(r"<code>(.*?)</code>", board.message.value)[1]
    assert shown == rule.replace(".", ".<wbr>") and shown.replace("<wbr>", "") == rule
    assert re.search(r"\.bk-side \.bk-message code\s*\{[^}]*overflow-wrap:\s*normal", _CSS)


def test_occupied_cell_cites_claim_empty():
    board = new_board()
    cell = play_first_turn(board)
    die, keep = sorted(board.targets(board.state).items())[0]  # P2 keeps a die
    assert isinstance(keep, ChooseDie) and click(board, die)
    assert click(board, cell_target(cell)) is False
    assert board.last_error.rule == "dice-grid.claim.empty"
    assert "already belongs to P1" in board.message.value
    assert "A claimed cell must not belong to anyone yet." in board.message.value
    # clicking the same cell twice gives the same answer twice (messages, not traits)
    board.last_error = None
    assert click(board, cell_target(cell)) is False
    assert board.last_error.rule == "dice-grid.claim.empty"


def test_a_legal_move_clears_the_error():
    board = new_board()
    click(board, A1)
    assert board.last_error is not None
    click(board, KEEP_2)
    assert board.last_error is None and "bk-error" not in board.message.value


@pytest.mark.parametrize("setup", ["choose", "claim"])
@pytest.mark.parametrize("old", ["die:4", "die:2", "cell:0,0", "cell:1,0", "pass"])
def test_the_old_target_names_are_refused(setup, old):
    """The board's own grammar (``die:<value>``, ``cell:x,y``, ``pass``) is gone: its targets
    are the actions' codes, and an old name is a format error that changes nothing, even when
    the action it used to name is legal."""
    board = new_board()
    if setup == "claim":
        click(board, KEEP_4)
    before = board.state.to_json()
    assert old not in targets_in(board.svg())
    assert click(board, old) is False
    assert isinstance(board.last_error, ActionFormatError)
    assert repr(old) in str(board.last_error)
    assert board.state.to_json() == before and "refused" in board.message.value


def test_every_clickable_element_carries_its_actions_code():
    """Dice while a die is chosen, every cell (legal or not) and Pass while a cell is claimed:
    each target decodes to the action it is drawn for."""
    board = new_board()
    codec = GAME.codec
    drawn = targets_in(board.svg())
    assert {codec.decode(int(t.removeprefix("act:"))) for t in drawn} == \
        {ChooseDie(4), ChooseDie(2)} | {Claim((x, y)) for x in range(4) for y in range(4)}
    click(board, KEEP_4)
    drawn = targets_in(board.svg())
    assert {codec.decode(int(t.removeprefix("act:"))) for t in drawn} == \
        {Pass()} | {Claim((x, y)) for x in range(4) for y in range(4)}
    assert {t for t, cls in drawn.items() if "bk-legal" in cls} == set(board.targets(board.state))


def test_play_accepts_actions_from_python():
    board = new_board()
    assert board.play(ChooseDie(4)) is True
    assert board.play(Claim((0, 0))) is False
    assert board.last_error.rule == "dice-grid.claim.number"


def test_the_board_plays_on_its_own_copy():
    """Clicks never change the state a notebook cell holds, and a later cell changing that
    state never changes the board a reader is playing (boards stay put)."""
    state = GAME.new_game(seed=SEED)
    before = state.to_dict()
    board = GAME.board(state, agent="random")
    play_first_turn(board)
    assert state.to_dict() == before and board.state.action_count == 2
    state.apply(ChooseDie(2))  # the cell's own game goes on without the board
    assert board.state.action_count == 2 and board.state.current_player == 1
    replaced = GAME.new_game(seed=5)
    board.state = replaced
    board.play(board.state.legal_actions()[0])
    assert replaced.action_count == 0


def test_reset_goes_back_to_the_position_the_board_was_given():
    board = new_board()
    assert board.reset_button.disabled
    play_first_turn(board)
    assert not board.reset_button.disabled
    board.reset_button.click()
    assert board.state.action_count == 0 and board.slider.max == 0
    assert board.state.pending.dice == (4, 2) and "back to the start" in board.message.value
    assert board.reset_button.disabled
    play_first_turn(board)  # the same game again: the same dice
    assert board.state.action_count == 2
    board.state = GAME.new_game(seed=5)
    board.ai_move()
    board.reset()
    assert board.state.seed == 5 and board.state.action_count == 0


# ------------------------------------------------------------------ undo and the slider


def test_undo_takes_back_one_move_and_keeps_the_dice():
    board = new_board()
    play_first_turn(board)
    assert board.slider.max == 2 and board.slider.value == 2
    assert board.undo() is True
    assert board.state.action_count == 1 and board.head.action_count == 1
    assert isinstance(board.state.pending, ClaimStep) and board.state.pending.value == 4
    assert board.slider.max == 1
    assert board.undo() is True
    assert board.state.pending.dice == (4, 2)  # the same roll, not a new one
    assert board.undo() is False and "nothing to undo" in board.message.value
    assert board.undo_button.disabled


def test_undo_button_goes_through_the_guard():
    board = new_board()
    click(board, KEEP_4)
    board.undo_button.click()
    assert board.state.action_count == 0


def test_slider_steps_back_and_forth():
    board = new_board()
    cell = play_first_turn(board)
    final = board.state.to_json()
    board.slider.value = 0
    assert board.state.action_count == 0 and board.head.action_count == 2
    assert board.state.owner[cell] is None
    assert "showing move 0 of 2" in board.status.value
    assert "bk-future" in board.log_view.value
    board.slider.value = 1
    assert isinstance(board.state.pending, ClaimStep)
    board.slider.value = 2
    assert board.state is board.head and board.state.to_json() == final


def test_a_move_in_the_past_drops_the_future():
    board = new_board()
    play_first_turn(board)
    board.slider.value = 0
    assert click(board, KEEP_2)
    assert board.head.action_count == 1 and board.state is board.head
    assert board.slider.max == 1 and board.slider.value == 1
    assert board.state.pending.value == 2


def test_an_illegal_move_in_the_past_keeps_the_future():
    board = new_board()
    play_first_turn(board)
    board.slider.value = 1
    assert click(board, A1) is False
    assert board.head.action_count == 2 and board.slider.max == 2


# ------------------------------------------------------------------ view as


def test_spectator_sees_every_lucky_number():
    board = new_board(viewer=None)
    lucky = board.state.lucky
    svg = board.svg()
    for p, value in enumerate(lucky):
        assert f"P{p + 1}: 0 pts (group 0 + lucky 0) · lucky {value}" in svg
    assert all(f"P{p + 1} draws lucky number {v}" in board.log_view.value
               for p, v in enumerate(lucky))


def test_view_as_player_hides_the_others_lucky_numbers():
    board = new_board()
    lucky = board.state.lucky
    board.view_as.value = 0
    assert board.viewer == 0
    svg = board.svg()
    assert f"lucky {lucky[0]}" in svg
    assert "P2: ? pts (group 0 + lucky ?) · lucky ?" in svg
    assert f"P2 draws lucky number {lucky[1]}" not in board.log_view.value
    assert f"P1 draws lucky number {lucky[0]}" in board.log_view.value
    assert "viewing as P1" in board.status.value
    board.viewer = 1
    assert f"P1 draws lucky number {lucky[0]}" not in board.log_view.value
    assert "P1: ? pts" in board.canvas.svg
    board.viewer = None
    assert board.view_as.value == -1 and "lucky ?" not in board.canvas.svg


def test_view_as_another_seat_refuses_clicks_and_shows_no_targets():
    board = new_board(viewer=1)
    assert board.canvas.legal == []
    before = board.state.to_json()
    assert click(board, KEEP_4) is False
    assert isinstance(board.last_error, SeatError)
    assert board.state.to_json() == before
    assert "switch 'view as'" in board.message.value


def test_viewer_must_be_a_seat():
    with pytest.raises(ValueError, match="viewer"):
        new_board(viewer=2)


# ------------------------------------------------------------------ AI and auto-play


def test_ai_move_makes_a_legal_move():
    board = new_board(seed=3)
    legal = board.state.legal_actions()
    assert board.ai_move() is True
    assert board.last_action in legal and board.state.action_count == 1
    assert "AI (random)" in board.message.value
    board.ai_button.click()
    assert board.state.action_count == 2


def test_the_default_ai_is_the_search_agent_with_a_time_budget():
    from boardkit.agents.mcts import MCTSAgent
    from boardkit.boards.base import AI_AGENT

    board = GAME.board(GAME.new_game(seed=SEED))
    assert AI_AGENT == "mcts:1s"
    assert isinstance(board.agent, MCTSAgent) and board.agent.time_limit == 1.0
    board.agent.time_limit = 0.05  # (keep the test quick)
    legal = board.state.legal_actions()
    assert board.ai_move() and board.last_action in legal
    assert "AI (mcts)" in board.message.value


def test_auto_play_steps_the_ai_until_the_game_is_over():
    board = new_board()
    board.autoplay.playing = True
    for tick in range(1, 400):
        if board.state.is_over:
            break
        board.autoplay.value = tick  # what the Play widget does in the browser
    assert board.state.is_over
    assert board.autoplay.playing is False
    assert board.ai_button.disabled
    assert "game over" in board.status.value
    assert board.ai_move() is False and "the game is over" in board.message.value
    assert click(board, A1) is False
    assert board.last_error.rule == "engine.game_over"


def test_auto_play_is_deterministic_with_a_seed():
    def run():
        board = new_board(seed=11)
        while not board.state.is_over:
            board.ai_move()
        return board.state.to_json()

    assert run() == run()


# ------------------------------------------------------------------ static views


def test_static_views_show_the_position():
    board = new_board()
    html = board._repr_html_()
    assert "<svg" in html and "P1 to choose one of the dice 4 and 2" in html
    bundle = board._repr_mimebundle_()
    assert bundle["text/html"] == html
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("<DiceGridBoard")
    assert "DiceGridBoard" in repr(board)


# ------------------------------------------------------------------ malformed messages

MALFORMED = [
    None,
    "click",
    42,
    [],
    {},
    {"kind": "click"},
    {"kind": "click", "target": 123},
    {"kind": "click", "target": ""},
    {"kind": "click", "target": "cell:0,0 onclick=x"},
    {"kind": "click", "target": "<script>"},
    {"kind": "click", "target": "x" * 10_000},
    {"kind": "click", "target": "cell:0,0", "extra": 1},
    {"kind": "explode", "target": "cell:0,0"},
    {"kind": ["click"], "target": "cell:0,0"},
    {"kind": {"a": 1}},
    {"kind": "drag", "target": "cell:0,0", "x": math.nan, "y": 0},
    {"kind": "drag", "target": "cell:0,0", "x": math.inf, "y": 0},
    {"kind": "drag", "target": "cell:0,0", "x": True, "y": 0},
    {"kind": "drag", "target": "cell:0,0", "x": "1", "y": 0},
    {"kind": "drag", "target": "cell:0,0", "x": 10**400, "y": 0},
    {"kind": "drag", "target": "cell:0,0", "x": 1},
    {"kind": "drag", "target": "cell:0,0", "phase": "fly", "x": 1, "y": 1},
    {"kind": "key", "key": ""},
    {"kind": "key", "key": "x" * 100},
    {"kind": "key", "key": "\x00"},
    {"kind": "click", "target": "unknown:1"},  # well-formed, but not a dice-grid target
    {"kind": "click", "target": "cell:a,b"},
    {"kind": "click", "target": "act:"},  # an action code target without a code
    {"kind": "click", "target": "act:-1"},
    {"kind": "click", "target": "act:1e3"},
    {"kind": "click", "target": "act:999999"},  # beyond the codec's last action
    {"kind": "click", "target": "act:" + "9" * 40},
]


@pytest.mark.parametrize("raw", MALFORMED, ids=lambda r: repr(r)[:40])
def test_malformed_messages_are_refused_not_raised(raw):
    board = new_board()
    before = board.state.to_json()
    assert board.handle_message(raw) is False
    assert isinstance(board.last_error, BoardkitError)
    assert not isinstance(board.last_error, RuleViolation)
    assert isinstance(board.last_error, ActionFormatError)
    assert board.state.to_json() == before
    assert "refused" in board.message.value


@pytest.mark.parametrize("raw", MALFORMED[:8] + [{"kind": "click", "target": KEEP_4}])
def test_the_comm_path_never_raises(raw):
    board = new_board()
    board.canvas._handle_custom_msg(raw, [])  # what ipywidgets calls for model.send
    if raw == {"kind": "click", "target": KEEP_4}:
        assert board.state.action_count == 1
    else:
        assert board.last_error is not None


def test_valid_drags_and_keys_are_ignored_quietly():
    board = new_board()
    assert board.handle_message({"kind": "drag", "target": KEEP_4, "phase": "move",
                                 "x": 3, "y": 4.5}) is False
    assert board.handle_message({"kind": "key", "key": "ArrowLeft"}) is False
    assert board.last_error is None and board.state.action_count == 0


def test_parse_message_models():
    assert parse_message({"kind": "click", "target": "cell:1,2"}) == ClickMessage(
        kind="click", target="cell:1,2")
    drag = parse_message({"kind": "drag", "target": "t:1", "x": 1, "y": -2.5, "phase": "start"})
    assert isinstance(drag, DragMessage) and drag.x == 1.0 and drag.phase == "start"
    key = parse_message({"kind": "key", "key": " ", "target": "cell:0,0"})
    assert isinstance(key, KeyMessage) and key.target == "cell:0,0"
    with pytest.raises(ActionFormatError, match="kind"):
        parse_message({"kind": "tap"})


class _BrokenBoard(DiceGridBoard):
    def intent(self, msg, state):
        raise ZeroDivisionError("a bug in a game's hook")


def test_a_bug_in_a_hook_is_shown_not_raised():
    board = _BrokenBoard(GAME.new_game(seed=SEED))
    assert board.handle_message({"kind": "click", "target": KEEP_4}) is False
    assert "internal error: ZeroDivisionError" in str(board.last_error)
    assert "internal error" in board.message.value
    assert "ZeroDivisionError: a bug in a game's hook" in board.last_traceback
    assert board.state.action_count == 0


def test_intent_must_return_an_action():
    class Odd(DiceGridBoard):
        def intent(self, msg, state):
            return KEEP_4  # a target, not the action it names

    board = Odd(GAME.new_game(seed=SEED))
    assert board.handle_message({"kind": "click", "target": KEEP_4}) is False
    assert "not an Action" in str(board.last_error)


def test_state_can_be_replaced():
    board = new_board()
    play_first_turn(board)
    board.state = GAME.new_game(seed=5)
    assert board.state.seed == 5 and board.slider.max == 0
    board.viewer = 1
    board.state = GAME.new_game(players=4, seed=6)
    assert board.viewer == TURN and [v for _, v in board.view_as.options] == [-3, -1, -2, 0, 1, 2, 3]
    board.viewer = 3
    assert "viewing as P4" in board.status.value
    with pytest.raises(TypeError):
        board.state = "not a state"


# ------------------------------------------------------------------ SVG helpers


def test_svg_helpers_escape_text_and_check_targets():
    assert "&lt;b&gt;&amp;&quot;" in S.text(0, 0, '<b>&"')
    assert S.attrs(class_="a", data_target="x:1", hidden=None, off=False) == \
        'class="a" data-target="x:1"'
    with pytest.raises(ValueError):
        S.check_target("two words")
    with pytest.raises(ValueError):
        S.group("", target='x" onclick="alert(1)')
    legal_group = S.group("<rect/>", target="cell:1,1", legal={"cell:1,1"})
    assert 'class="bk-target bk-legal"' in legal_group and 'data-target="cell:1,1"' in legal_group
    doc = S.document(100, 50, [S.die(0, 0, 5, target="die:5"), S.die(50, 0, 9)], title="t & t",
                     actions=3)
    root = ET.fromstring(doc)
    assert root.get("data-actions") == "3"
    assert len(root.findall(f".//{SVG_NS}circle")) == 5  # five pips; the 9 is a number
    assert S.player_colour(0) != S.player_colour(1) and S.player_colour(None) == S.MUTED
    assert S.grid_size(4, 4, 60, 4) == (252, 252)


def test_opponents_answer_a_persons_move():
    state = boardkit.game("dice-grid").new_game(seed=4)
    board = boardkit.game("dice-grid").board(state, opponents={0: "human", 1: "greedy"})
    assert board.state.current_player == 0
    while board.state.current_player == 0:
        assert board.play(board.state.legal_actions()[0])
    # P2 is the computer: it has already moved, and it is P1's turn again (or the game is over)
    assert board.state.is_over or board.state.current_player == 0
    assert any(e.player == 1 and e.kind in ("action", "auto") for e in board.state.log)


def test_the_computers_answer_is_counted_in_words():
    """"answered with 1 move", "2 moves": never "1 move(s)" (the board's message line)."""
    from boardkit.engine.words import plural

    state = boardkit.game("dice-grid").new_game(seed=4)
    board = boardkit.game("dice-grid").board(state, opponents={0: "human", 1: "greedy"})
    seen = set()
    while not board.state.is_over and board.state.current_player == 0:
        before = board.state.action_count
        assert board.play(board.state.legal_actions()[0])
        answered = board.state.action_count - before - 1
        message = board.message.value
        assert "(s)" not in message
        if answered:
            assert f"the computer answered with {plural(answered, 'move')}" in message
            seen.add(answered)
    assert {1, 2} <= seen  # the seed has a one-move and a two-move answer
    assert board.undo() and "(s)" not in board.message.value
    assert "took back your last move and the computer's 1 answer" in board.message.value


def test_human_agent_refuses_headless_play():
    from boardkit.agents import HumanAgent, RandomAgent, play
    from boardkit.engine import VariantError

    state = boardkit.game("dice-grid").new_game(seed=4)
    with pytest.raises(VariantError, match="played by a person"):
        play(state, [HumanAgent(), RandomAgent(1)])


def test_bad_opponent_seat():
    with pytest.raises(ValueError, match="seat must be"):
        boardkit.game("dice-grid").board(opponents={5: "random"})


def test_a_game_nobody_won_says_so(monkeypatch):
    from boardkit.examples.dice_grid import DiceGridState

    monkeypatch.setattr(DiceGridState, "winners", lambda self: [])
    board = new_board()
    board.autoplay.playing = True
    for tick in range(1, 400):
        if board.state.is_over:
            break
        board.autoplay.value = tick
    assert "game over — no winner" in board.status.value


def test_the_log_marks_automatic_moves():
    board = boardkit.game("lands").board(seed=1)
    state = board.state
    from boardkit.agents import make_agent

    bot = make_agent("random", seed=3)
    while state.auto_count == 0:
        board.play(bot.act(board.state))
        state = board.state
    log = board.log_view.value
    assert "class='bk-auto' title='automatic: the only legal option" in log
    assert f"{state.auto_count} automatic)" in log


# ------------------------------------------------------------------ SVG attribute escaping


def _reference_attrs(**values):
    """The first, always-escaping version of ``svg.attrs`` (the fast one must equal it)."""
    import html

    from boardkit.boards.svg import num

    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float | int) and not isinstance(value, bool):
            value = num(value)
        out.append(f'{name}="{html.escape(str(value), quote=True)}"')
    return " ".join(out)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["x", "class_", "data_target", "aria_label", "fill"]),
                       st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                                 st.floats(allow_nan=False, allow_infinity=False, width=32),
                                 st.text(max_size=12))))
def test_svg_attributes_escape_exactly_as_html_escape(values):
    import html

    from boardkit.boards.svg import attrs, esc

    assert attrs(**values) == _reference_attrs(**values)
    for v in values.values():
        assert esc(v) == html.escape(str(v), quote=True)


def test_the_log_header_counts_entries_and_moves_apart():
    """A fresh game's log already holds the secret draws and the first roll: the header must
    not say "0 moves" over three lines without saying what they are."""
    board = new_board()
    entries = len(board.state.log)
    assert entries == 3 and board.state.action_count == 0
    assert "event log: 3 entries (0 moves by players)" in board.log_view.value
    play_first_turn(board)
    assert "2 moves by players" in board.log_view.value


def test_views_are_named_for_what_they_show():
    """The player to move (a board's first view), everything (the teacher's view), the
    public table, and each seat."""
    from boardkit.engine import PUBLIC

    board = new_board()
    assert [label for label, _ in board.view_as.options] == [
        "the player to move", "everything (teacher)", "the public table", "P1", "P2"]
    assert board.viewer == TURN and "viewing as P1" in board.status.value
    play_first_turn(board)
    everything = board.state.observation(None)["lucky"]
    assert None not in everything
    board.view_as.value = -2
    assert board.viewer == PUBLIC and "viewing as the public table" in board.status.value
    assert board.state.observation(PUBLIC)["lucky"] == [None, None]
    svg = board.svg()
    assert 'data-viewer="the public table"' in svg
    for lucky in everything:  # neither secret number is drawn for the public
        assert f"lucky {lucky}" not in svg
    assert not board.canvas.legal  # the public table cannot move
    assert not click(board, target(ChooseDie(1))) and "switch 'view as'" in board.message.value
    board.viewer = None
    assert board.view_as.value == -1 and board.canvas.legal


@pytest.mark.parametrize("name", sorted(boardkit.games()))
def test_every_board_draws_the_public_table(name):
    from boardkit.engine import PUBLIC

    g = boardkit.game(name)
    state = g.new_game(players=max(2, g.min_players) if g.max_players > 1 else 1, seed=3)
    board = g.board(state, agent="random", viewer=PUBLIC)
    for _ in range(6):
        assert board.svg().startswith("<svg") and board.last_traceback == ""
        board.ai_move()


def test_dice_grid_names_cells_as_its_board_labels_them():
    from boardkit.engine.grid import cell_name

    assert str(Claim((0, 0))) == "claim cell A1" and cell_name((3, 2)) == "D3"
    board = new_board()
    svg = board.svg()
    assert ">A<" in svg and ">D<" in svg and ">1<" in svg and ">4<" in svg  # axis labels
    assert "cell A1 shows 1" in svg


def test_dice_grid_words_a_cell_off_the_grid_by_labels_it_shows():
    """Issue 47: was "(7, 7) is not a cell of the 4×4 grid"; the board labels A-D and 1-4."""
    board = new_board()
    click(board, KEEP_4)
    assert click(board, target(Claim((4, 1)))) is False
    words = board.last_error.message
    assert board.last_error.rule == "dice-grid.claim.inside"
    assert "1 column right of D2" in words and "4×4 grid (A1–D4)" in words, words
    assert "(4, 1)" not in words
    labels = board.state.labels
    texts = set(_re_texts(board.svg()))
    assert set(labels.columns()) | set(labels.rows()) <= texts


def test_the_panel_menu_and_slider_stretch_instead_of_taking_100_percent():
    """Issue 47: a width of 100% plus ipywidgets' margins pushed the "view as" menu past the
    panel's right edge, where the output area cut it off (the browser test measures it)."""
    from boardkit.boards.base import _CSS

    board = new_board()
    for control in (board.view_as, board.slider):
        assert control.layout.width is None and "bk-fill" in control._dom_classes
    assert ".bk-side .bk-fill" in _CSS and "align-self: stretch" in _CSS


def _re_texts(svg: str) -> list[str]:
    import re

    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


# ---------------------------------------------------------------- boards fit a laptop screen
# (docs/decisions.md, "Boards fit a 1366x768 laptop screen"; the browser test
# tests/browser/test_boards_fit.py measures the same on screen)

import re as _re  # noqa: E402

from boardkit.boards import svg as _S  # noqa: E402


def _fit_cases():
    from boardkit.freizeitpark import Entrance
    from boardkit.lands import arranged
    from boardkit.wanderlust import scenario
    from boardkit.wishland.positions import start_of_turns

    yield "dice-grid", boardkit.game("dice-grid").board(boardkit.game("dice-grid").new_game(seed=0))
    lands = boardkit.game("lands").board(arranged([1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13,
                                                   14], goal=(0, 0)))
    yield "lands", lands
    for n in (1, 2, 3, 4):
        yield f"wishland-{n}", boardkit.game("wishland").board(start_of_turns(n, seed=3))
    fz = boardkit.game("freizeitpark")
    for n in (1, 4):
        state = fz.new_game(players=n, seed=3, variant={"card": "park_der_landschaft"})
        state.force("roll", (3, 5))
        for _ in range(n):
            state.apply(Entrance(1, 0, 0))
        yield f"freizeitpark-{n}", fz.board(state)
    yield "wanderlust", boardkit.game("wanderlust").board(scenario("jackie"))
    yield "wanderlust-5", boardkit.game("wanderlust").board(
        boardkit.game("wanderlust").new_game(players=5, seed=2))


@pytest.mark.parametrize("name,board", list(_fit_cases()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_board_fits_the_laptop_picture_with_readable_uncut_text(name, board):
    svg = board.svg()
    w, h = map(float, _re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    assert w <= _S.FIT_W and h <= _S.FIT_H + 2, (name, w, h)  # drawn at full size
    sizes = [float(v) for v in _re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) >= _S.MIN_FONT, (name, min(sizes))
    texts = _re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    assert not [t for t in texts if t.endswith("…")], name  # nothing cut short


def test_wanderlust_place_names_never_overlap_and_stay_on_the_map():
    from boardkit.wanderlust.board import LABEL, LEGEND, MAP_H, MAP_W, M, place_labels, xy

    labels = place_labels()
    boxes = {n: _S.label_box(lab.x, lab.y, n, LABEL, lab.anchor) for n, lab in labels.items()}
    assert all(box == labels[n].box for n, box in boxes.items())
    names = sorted(boxes)
    clashes = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
               if _S.overlaps(boxes[a], boxes[b])]
    assert clashes == []
    for n, (x0, y0, x1, y1) in boxes.items():
        assert M <= x0 and x1 <= M + MAP_W and M <= y0 and y1 <= M + MAP_H, n
        assert not _S.overlaps((x0, y0, x1, y1), LEGEND), n
        for other in names:  # no name over another place's mark
            if other != n:
                ox, oy = xy(other)
                assert not _S.overlaps((x0, y0, x1, y1), (ox - 5, oy - 5, ox + 5, oy + 5)), (n, other)
    # the crowded clusters the classroom found unreadable
    for cluster in (("Athens", "Istanbul", "Rome"), ("Seoul", "Busan", "Tokyo")):
        for i, a in enumerate(cluster):
            for b in cluster[i + 1:]:
                assert not _S.overlaps(boxes[a], boxes[b]), (a, b)
    assert LABEL >= _S.MIN_FONT


def test_wishland_cards_show_a_short_form_and_their_whole_text_one_click_away():
    from boardkit.wishland.board import face_lines
    from boardkit.wishland.content import CARDS
    from boardkit.wishland.positions import start_of_turns

    for cid in CARDS:  # every face fits its 3 lines and is never cut
        rows = face_lines(cid, 121, 3)
        assert 1 <= len(rows) <= 3 and not any(r.endswith("…") for r in rows), cid
    board = boardkit.game("wishland").board(start_of_turns(2, seed=3))
    hotel = next(c for row in board.state.market for c in row if c and CARDS[c].text)
    assert board.handle_message({"kind": "click", "target": f"info:{hotel}"}) is False
    assert board.detail == hotel and board.last_error is None
    svg = board.svg()
    words = _re.sub(r"<[^>]+>", " ", svg)
    for word in CARDS[hotel].describe().split():  # the whole text, wrapped, in the box
        assert _S.esc(word) in words


def test_lands_hint_and_ghost_message_are_whole_and_name_squares_one_based():
    from boardkit.lands import arranged
    from boardkit.lands.board import CELL

    board = boardkit.game("lands").board(arranged([1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13,
                                                   14], goal=(0, 0)))
    board.handle_message({"kind": "click", "target": "hint"})
    assert "lower-left square on F6" in board.hint_text  # x = 5, y = 5 as the areas label it
    (_, fx, fy), = board.frames(board.state)
    tx, ty = board.tray_origin(board.state)
    board.handle_message({"kind": "drag", "target": "tray:1", "phase": "start", "x": tx + 9,
                          "y": ty + 9})
    board.handle_message({"kind": "drag", "target": "tray:1", "phase": "move",
                          "x": fx + 12.4 * CELL + 9, "y": fy + 2 * CELL + 9})
    verdict = board.ghost_verdict  # snapped to M9, where the card sticks out of the area
    assert verdict is not None and verdict.rule == "lands.build.area"
    assert "lower-left square on M9" in verdict.message
    words = " ".join(_re.findall(r"<text [^>]*>([^<]*)</text>", board.svg()))
    for word in f"{verdict.rule}: {verdict.message}".split():
        assert _S.esc(word) in words
    for word in f"hint: {board.hint_text}".split():
        assert _S.esc(word) in words


def test_the_status_line_names_the_house_rules_and_changed_rules_a_game_is_played_with():
    """A position under a house rule looks like any other on the board, so the status line
    (and the static view) say which rules differ from the rulebook's; nothing when none do."""
    wishland = boardkit.game("wishland")
    plain = wishland.board(wishland.new_game(players=4, seed=1))
    assert Board.rules_text(plain.state) == "" and "bk-rules" not in plain.status.value
    board = wishland.board(wishland.new_game(players=4, seed=1,
                                             params={"first_round_reversed": True}))
    assert "house rule first_round_reversed" in board.status.value
    assert "house rule first_round_reversed" in board._repr_html_()
    board.ai_move()  # still said after a move
    assert "house rule first_round_reversed" in board.status.value
    both = wishland.new_game(players=4, seed=1, params={"first_round_reversed": True,
                                                        "rounds": 6})
    assert Board.rules_text(both) == ("house rule first_round_reversed; "
                                      "rule parameter changed: rounds")
    park = boardkit.game("freizeitpark")
    assert Board.rules_text(park.new_game(seed=1, params={"end.unplayable": "out"})) == \
        "house rule end.unplayable = out"
