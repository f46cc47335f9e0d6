"""The Lands of Amazement board: SVG, targets, drags, keys — the rules decide, it only asks."""

import pytest
from lands_scenarios import build_example, fresh_game

from boardkit.lands import GAME
from boardkit.lands.actions import Complete, Place
from boardkit.lands.board import CELL, LandsBoard

pytest.importorskip("anywidget")


def drop(board, card, px, py, dx=0.0, dy=0.0, moves=True):
    """Drag the tray card by its top-left corner to (px, py) + (dx, dy) squares."""
    tx, ty = board.tray_origin(board.state)
    board.handle_message({"kind": "drag", "target": f"tray:{card}", "phase": "start",
                          "x": tx + 1, "y": ty + 1})
    x, y = px + dx * CELL + 1, py + dy * CELL + 1
    if moves:
        board.handle_message({"kind": "drag", "target": f"tray:{card}", "phase": "move", "x": x, "y": y})
    return board.handle_message({"kind": "drag", "target": f"tray:{card}", "phase": "end", "x": x, "y": y})


def square(board, park, x, y, h=4):
    """SVG point of the top-left corner of a card whose lower-left square is (x, y)."""
    for p, fx, fy in board.frames(board.state):
        if p == park:
            return fx + x * CELL, fy + (14 - y - h) * CELL
    raise AssertionError(park)


def test_renders_everything_and_hides_the_setup_card():
    b = GAME.board(fresh_game())
    assert isinstance(b, LandsBoard)
    svg = b.svg()
    assert svg.startswith("<svg") and "Coaster Kingdom" in svg and "megapark plan" in svg
    assert "reserved: ?" in svg  # viewed as the player: the face-down card is unknown
    assert 'data-target="tray:1"' in svg and "data-draggable" in svg


def test_drag_places_a_card_and_snaps():
    s = fresh_game()
    b = GAME.board(s)
    assert drop(b, 1, *square(b, 0, 5, 5), dx=0.1, dy=-0.15)  # within the snap distance
    assert s.parks == [[(1, 5, 5, 0, 0)]]


def test_misaligned_drop_shows_the_rule():
    s = fresh_game()
    b = GAME.board(s)
    drop(b, 1, *square(b, 0, 5, 5))
    b.handle_message({"kind": "click", "target": "continue"})
    before = s.to_json()
    assert not drop(b, 4, *square(b, 0, 6, 5), dx=0.5)  # half a square off, over the food
    assert b.last_error.rule == "lands.build.align"
    assert "lands.build.align" in b.message.value and "square on square" in b.message.value
    assert s.to_json() == before


def test_rotate_and_shape_then_legal_drop():
    s = fresh_game()
    b = GAME.board(s)
    b.handle_message({"kind": "key", "key": "r"})
    b.handle_message({"kind": "click", "target": "shape:1"})
    assert (b.angle, b.shape) == (90, 1)
    assert drop(b, 1, *square(b, 0, 5, 5, h=3))
    assert s.parks[0][0] == (1, 5, 5, 90, 1)


def test_ghost_shows_the_verdict_while_dragging():
    s = fresh_game()
    b = GAME.board(s)
    drop(b, 1, *square(b, 0, 5, 5))
    b.handle_message({"kind": "click", "target": "continue"})
    tx, ty = b.tray_origin(s)
    b.handle_message({"kind": "drag", "target": "tray:4", "phase": "start", "x": tx + 1, "y": ty + 1})
    x, y = square(b, 0, 8, 7)
    b.handle_message({"kind": "drag", "target": "tray:4", "phase": "move", "x": x + 1, "y": y + 1})
    assert b.ghost_verdict is not None and b.ghost_verdict.rule == "lands.build.contiguous"
    assert "lands.build.contiguous" in b.svg()


def test_click_targets_complete_and_reserve():
    s = build_example(fresh_game())
    b = GAME.board(s)
    assert b.targets(s)["complete:0:0"] == Complete(0, 0)
    assert b.handle_message({"kind": "click", "target": "complete:1:0"})
    assert len(s.parks) == 1


def test_bad_messages_are_refused_not_crashing():
    b = GAME.board(fresh_game())
    for raw in ({"kind": "click", "target": "nope"}, {"kind": "drag", "target": "tray:9", "x": 1, "y": 2},
                {"kind": "click", "target": "complete:1"}, "junk", {"kind": "drag", "target": "tray:1",
                                                                     "phase": "end", "x": 1, "y": 1}):
        assert b.handle_message(raw) is False
        assert b.last_error is not None


def test_megapark_phase_on_the_board():
    from boardkit.lands import megapark

    s = fresh_game()
    s.stack.clear()
    s.reserved = [0, 9]
    s.round = 4
    megapark.start(s)
    b = GAME.board(s)
    assert "select:0" in b.svg()
    b.handle_message({"kind": "click", "target": "select:9"})
    assert b.tray_card(s) == 9
    assert drop(b, 9, *square(b, 0, 5, 5))
    assert s.hand == [0] and s.parks[0][0].card == 9
    assert isinstance(Place(0, 0, 0, 0, 0, 0), Place)
