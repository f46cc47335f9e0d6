"""The Lands of Amazement board: SVG, targets, drags, keys — the rules decide, it only asks."""

import pytest
from lands_helpers import build_example, fresh_game, megapark_now

from boardkit.lands import GAME
from boardkit.lands.actions import Complete, Place
from boardkit.lands.board import CELL, LandsBoard
from boardkit.testing import pose

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
    s = b.state  # the board plays on its own copy
    assert drop(b, 1, *square(b, 0, 5, 5), dx=0.1, dy=-0.15)  # within the snap distance
    assert s.parks == [[(1, 5, 5, 0, 0)]]


def test_misaligned_drop_shows_the_rule():
    """A board made with a small ``snap`` sends a drop off the grid to the rules as it is,
    which refuse it (the rule stays: an action with a fractional position is refused)."""
    s = fresh_game()
    b = LandsBoard(s, snap=0.2)
    s = b.state  # the board plays on its own copy
    drop(b, 1, *square(b, 0, 5, 5))
    b.handle_message({"kind": "click", "target": "continue"})
    before = s.to_json()
    assert not drop(b, 4, *square(b, 0, 6, 5), dx=0.5)  # half a square off, over the food
    assert b.last_error.rule == "lands.build.align"
    assert "lands.build.align" in b.message.value and "square on square" in b.message.value
    assert s.to_json() == before


def test_a_drop_off_the_grid_snaps_to_the_nearest_square():
    """Issue 47: the hand need not be precise to a pixel. A drag 0.38 of a square off (about
    7 px at the board's size) lands on the nearest square, and the ghost snaps there first."""
    s = fresh_game()
    b = GAME.board(s)
    s = b.state  # the board plays on its own copy
    b.handle_message({"kind": "click", "target": "shape:1"})  # #1 adds its shows
    assert drop(b, 1, *square(b, 0, 5, 5))
    b.handle_message({"kind": "click", "target": "continue"})
    b.handle_message({"kind": "click", "target": "shape:0"})  # #4 its gifts
    tx, ty = b.tray_origin(s)
    b.handle_message({"kind": "drag", "target": "tray:4", "phase": "start", "x": tx + 1, "y": ty + 1})
    px, py = square(b, 0, 7, 5)
    x, y = px + 0.38 * CELL + 1, py - 0.38 * CELL + 1
    b.handle_message({"kind": "drag", "target": "tray:4", "phase": "move", "x": x, "y": y})
    assert b.ghost == square(b, 0, 7, 5)  # drawn on the square the drop takes
    assert b.ghost_verdict is not None and b.ghost_verdict.legal
    assert b.handle_message({"kind": "drag", "target": "tray:4", "phase": "end", "x": x, "y": y})
    assert b.last_error is None
    assert s.parks == [[(1, 5, 5, 0, 1), (4, 7, 5, 0, 0)]]  # the rulebook's park


def test_an_illegal_snapped_drop_still_shows_the_ghost_and_its_rule():
    s = fresh_game()
    b = GAME.board(s)
    s = b.state  # the board plays on its own copy
    b.handle_message({"kind": "click", "target": "shape:1"})  # #1 adds its shows
    assert drop(b, 1, *square(b, 0, 5, 5))
    b.handle_message({"kind": "click", "target": "continue"})
    b.handle_message({"kind": "click", "target": "shape:0"})  # #4 its gifts
    tx, ty = b.tray_origin(s)
    b.handle_message({"kind": "drag", "target": "tray:4", "phase": "start", "x": tx + 1, "y": ty + 1})
    px, py = square(b, 0, 8, 7)  # gifts meeting the park at a corner only
    b.handle_message({"kind": "drag", "target": "tray:4", "phase": "move",
                      "x": px - 0.4 * CELL + 1, "y": py + 0.3 * CELL + 1})
    assert b.ghost == square(b, 0, 8, 7)
    assert b.ghost_verdict.rule == "lands.build.contiguous"
    svg = b.svg()
    assert "lands.build.contiguous" in svg and "#b3261e" in svg  # the red ghost, its rule


def test_axis_labels_are_the_names_messages_use():
    """The areas' axis labels come from the same labelling as the rules' words."""
    import re

    from boardkit.lands.content import SQUARES

    svg = GAME.board(fresh_game()).svg()
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    for name in SQUARES.columns() + SQUARES.rows():
        assert name in texts, name


def test_rotate_and_shape_then_legal_drop():
    s = fresh_game()
    b = GAME.board(s)
    s = b.state  # the board plays on its own copy
    b.handle_message({"kind": "key", "key": "r"})
    b.handle_message({"kind": "click", "target": "shape:1"})
    assert (b.angle, b.shape) == (90, 1)
    assert drop(b, 1, *square(b, 0, 5, 5, h=3))
    assert s.parks[0][0] == (1, 5, 5, 90, 1)


def test_ghost_shows_the_verdict_while_dragging():
    s = fresh_game()
    b = GAME.board(s)
    s = b.state  # the board plays on its own copy
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
    s = b.state  # the board plays on its own copy
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
    s = fresh_game()
    pose(s)
    s.reserved = [0, 9]
    s.round = 4
    megapark_now(s)
    b = GAME.board(s)
    s = b.state  # the board plays on its own copy
    assert "select:0" in b.svg()
    b.handle_message({"kind": "click", "target": "select:9"})
    assert b.tray_card(s) == 9
    assert drop(b, 9, *square(b, 0, 5, 5))
    assert s.hand == [0] and s.parks[0][0].card == 9
    assert isinstance(Place(0, 0, 0, 0, 0, 0), Place)


def drag_park_card(board, park, card, x, y, h=4):
    """Drag ``card`` of ``park`` (grabbed 1 unit inside its top-left corner) so that its
    lower-left square lands on (x, y)."""
    e = next(p for p in (board.draft["cards"] if board.draft else board.state.parks[park])
             if p[0] == card)
    sx, sy = square(board, park, e[1], e[2], h)
    ex, ey = square(board, park, x, y, h)
    target = f"park:{park}:{card}"
    board.handle_message({"kind": "drag", "target": target, "phase": "start", "x": sx + 1, "y": sy + 1})
    board.handle_message({"kind": "drag", "target": target, "phase": "move", "x": ex + 1, "y": ey + 1})
    return board.handle_message({"kind": "drag", "target": target, "phase": "end", "x": ex + 1, "y": ey + 1})


def test_a_rearranging_drag_snaps_to_the_nearest_square_too():
    s = fresh_game()
    b = GAME.board(s)
    s = b.state  # the board plays on its own copy
    b.handle_message({"kind": "click", "target": "shape:1"})
    drop(b, 1, *square(b, 0, 5, 5))
    drag_park_card(b, 0, 1, 2.4, 5.38)  # 0.4 and 0.38 of a square off C6
    assert b.draft["cards"] == [[1, 2, 5, 0, 1]]


def test_rearranging_on_the_board_is_checked_when_done():
    """lands.rearrange.within: drag two cards through an illegal layout, then "done"."""
    s = fresh_game()
    b = GAME.board(s)
    s = b.state  # the board plays on its own copy
    b.handle_message({"kind": "click", "target": "shape:1"})
    drop(b, 1, *square(b, 0, 5, 5))
    b.handle_message({"kind": "click", "target": "continue"})
    b.handle_message({"kind": "click", "target": "shape:0"})
    assert drop(b, 4, *square(b, 0, 7, 5))  # the rulebook's exact park
    b.handle_message({"kind": "click", "target": "park:0:1"})  # pick #1: a draft starts
    assert b.picked == 1 and b.draft["park"] == 0
    b.handle_message({"kind": "click", "target": "cancel"})
    assert b.draft is None
    count = s.action_count
    drag_park_card(b, 0, 1, 1, 5)  # #1 alone, far from #4: the park is torn apart
    assert s.action_count == count and b.last_error is None  # nothing sent to the rules yet
    assert not b.draft_verdict(s).legal and "not legal yet" in b.svg()
    drag_park_card(b, 0, 4, 3, 5)  # #4 follows: the same park, two squares to the left
    assert b.draft_verdict(s).legal
    assert b.handle_message({"kind": "click", "target": "relayout"})
    assert [tuple(p) for p in s.parks[0]] == [(1, 1, 5, 0, 1), (4, 3, 5, 0, 0)]
    assert s.action_count == count + 1 and b.draft is None
    # an illegal final layout is refused with the rule, the game unchanged, the draft kept
    before = s.to_json()
    drag_park_card(b, 0, 4, 9, 9)
    assert not b.handle_message({"kind": "click", "target": "relayout"})
    assert b.last_error.rule == "lands.build.contiguous" and "lands.build.contiguous" in b.message.value
    assert s.to_json() == before and b.draft is not None
    b.handle_message({"kind": "click", "target": "park:0:4"})
    b.handle_message({"kind": "click", "target": "dshape:1"})
    b.handle_message({"kind": "click", "target": "dturn"})
    assert [e for e in b.draft["cards"] if e[0] == 4][0][3:] == [90, 1]
    b.handle_message({"kind": "click", "target": "cancel"})
    assert b.draft is None and [tuple(p) for p in s.parks[0]] == [(1, 1, 5, 0, 1), (4, 3, 5, 0, 0)]


def test_a_park_card_cannot_leave_its_park_on_the_board():
    s = fresh_game()
    b = GAME.board(s)
    s = b.state  # the board plays on its own copy
    drop(b, 1, *square(b, 0, 5, 5))
    b.handle_message({"kind": "click", "target": "continue"})
    drop(b, 4, *square(b, 1, 5, 5))  # a second park
    x, y = square(b, 0, 5, 5)
    b.handle_message({"kind": "drag", "target": "park:0:1", "phase": "start", "x": x + 1, "y": y + 1})
    fx, fy = square(b, 1, 5, 5)
    assert not b.handle_message({"kind": "drag", "target": "park:0:1", "phase": "end",
                                 "x": fx + 1, "y": fy + 1})
    assert b.last_error.rule == "lands.rearrange.within"
    assert not b.handle_message({"kind": "click", "target": "park:1:4"})  # drafting park 0
    assert "cancel" in str(b.last_error)
