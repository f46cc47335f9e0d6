"""The Lands of Amazement board in JupyterLab, in headless Chromium: drag cards (a drop off
the grid snaps to the nearest square), see a rule message for an illegal drop, rearrange a park through an illegal layout and press "done",
have an illegal final layout refused, check the state in the kernel.

The fixture notebook deals the rulebook's completing example: P1 draws #1, then #4. Where to
press and drop is computed from the kernel's own layout (``board.frames``,
``board.tray_origin``) and converted to screen pixels with the SVG's bounding box.
"""

from __future__ import annotations

import re

import pytest

import boardkit

pytestmark = pytest.mark.browser

NOTEBOOK = "lands_board.ipynb"
RULES = boardkit.game("lands").rules
CELL = 18  # boardkit.lands.board.CELL
GRAB = 9.0  # press the tray card 9 SVG units right of and below its top-left corner


def test_lands_board_drag_and_drop_in_jupyterlab(lab_page):
    from playwright.sync_api import expect

    nb = lab_page(NOTEBOOK)
    board, svg = nb.board, nb.svg
    expect(svg).to_be_visible()
    expect(svg).to_have_attribute("data-actions", "0")
    width = float(svg.get_attribute("width"))

    def screen(x: float, y: float) -> tuple[float, float]:
        box = svg.bounding_box()
        scale = box["width"] / width
        return box["x"] + x * scale, box["y"] + y * scale

    def drag_to(card: int, park: int, x: float, y: float, h: int = 4) -> None:
        """Drag the tray card so that its lower-left square lands on (x, y) of ``park``."""
        tx, ty = nb.value("board.tray_origin(board.state)")
        frames = {p: (fx, fy) for p, fx, fy in nb.value("board.frames(board.state)")}
        fx, fy = frames[park]
        start = screen(tx + GRAB, ty + GRAB)
        end = screen(fx + x * CELL + GRAB, fy + (14 - y - h) * CELL + GRAB)
        expect(svg.locator(f'[data-target="tray:{card}"]')).to_be_visible()
        nb.page.mouse.move(*start)
        nb.page.mouse.down()
        for k in range(1, 9):  # a real drag: several pointer moves
            nb.page.mouse.move(start[0] + (end[0] - start[0]) * k / 8,
                               start[1] + (end[1] - start[1]) * k / 8)
        nb.page.mouse.up()

    # choose the shows shape of #1 by a click, then drag it onto the new-park area
    svg.locator('[data-target="shape:1"]').click()
    assert nb.value("board.shape") == 1
    drag_to(1, 0, 5, 5)
    expect(svg).to_have_attribute("data-actions", "1")
    assert nb.value("[tuple(p) for p in board.state.parks[0]]") == [(1, 5, 5, 0, 1)]
    assert nb.value("board.last_error") is None

    svg.locator('[data-target="continue"]').click()
    expect(svg).to_have_attribute("data-actions", "2")
    assert nb.value("board.state.drawn") == 4

    # rotating with the key "r" (board focused on the tray card) reaches the kernel
    svg.locator('[data-target="tray:4"]').focus()
    nb.page.keyboard.press("r")
    expect(svg).to_contain_text("rotate (90°)")
    assert nb.value("board.angle") == 90
    for _ in range(3):
        nb.page.keyboard.press("r")
    expect(svg).to_contain_text("rotate (0°)")
    assert nb.value("board.angle") == 0

    # a drop off the grid snaps to the nearest square: one square lower (G5), where #1's food
    # would touch the park, it is refused with the rule's words, naming squares as the board
    # labels them
    svg.locator('[data-target="shape:0"]').click()
    drag_to(4, 0, 6.4, 4.3)
    message = board.locator(".bk-message")
    error = message.locator('.bk-error[data-rule="lands.build.one_shape"]')
    expect(error).to_be_visible()
    expect(error).to_contain_text(RULES.text("lands.build.one_shape"))
    expect(message).to_contain_text("touches the park at F7")
    assert nb.value("board.last_error.rule") == "lands.build.one_shape"
    assert nb.value("board.state.action_count") == 2  # nothing changed
    assert nb.value("board.state.drawn") == 4

    # 0.38 of a square off, it lands on the nearest square, H6: the rulebook's exact park;
    # the plan on stack 0 can be completed
    drag_to(4, 0, 7.38, 4.8)
    expect(svg).to_have_attribute("data-actions", "3")
    assert nb.value("[tuple(p) for p in board.state.parks[0]]") == [(1, 5, 5, 0, 1), (4, 7, 5, 0, 0)]
    expect(svg.locator('[data-target="complete:0:0"]')).to_have_class(re.compile(r"\bbk-legal\b"))

    nb.screenshot("lands-board")

    def drag_park_card(park: int, card: int, x: float, y: float, h: int = 4) -> None:
        """Drag ``card`` of ``park`` (where the board shows it now) to lower-left square (x, y)."""
        frames = {p: (fx, fy) for p, fx, fy in nb.value("board.frames(board.state)")}
        fx, fy = frames[park]
        cards = nb.value("board.draft['cards'] if board.draft else [list(p) for p in board.state.parks[0]]")
        _, cx, cy, _, _ = next(e for e in cards if e[0] == card)
        # press inside the card on one of its squares that nothing covers: its top-left one
        # is blank on #1 and #4 alike, and it lies on top of the pile once dragged
        start = screen(fx + cx * CELL + 4, fy + (14 - cy - h) * CELL + 4)
        end = screen(fx + x * CELL + 4, fy + (14 - y - h) * CELL + 4)
        nb.page.mouse.move(*start)
        nb.page.mouse.down()
        for k in range(1, 9):
            nb.page.mouse.move(start[0] + (end[0] - start[0]) * k / 8,
                               start[1] + (end[1] - start[1]) * k / 8)
        nb.page.mouse.up()

    # rearranging: #1 alone to the left tears the park apart (an illegal layout in between:
    # nothing is sent to the rules), #4 follows, then "done" lays the park out anew at once
    drag_park_card(0, 1, 1, 5)
    expect(svg).to_contain_text("not legal yet")
    assert nb.value("board.state.action_count") == 3
    assert nb.value("board.draft['cards']") == [[4, 7, 5, 0, 0], [1, 1, 5, 0, 1]]
    nb.screenshot("lands-board-rearranging")
    drag_park_card(0, 4, 3, 5)
    expect(svg).to_contain_text("layout legal")
    svg.locator('[data-target="relayout"]').click()
    expect(svg).to_have_attribute("data-actions", "4")
    assert nb.value("[tuple(p) for p in board.state.parks[0]]") == [(1, 1, 5, 0, 1), (4, 3, 5, 0, 0)]
    assert nb.value("board.last_error") is None
    expect(svg.locator('[data-target="complete:0:0"]')).to_have_class(re.compile(r"\bbk-legal\b"))

    # an illegal final layout: refused with the rule's message, the game unchanged
    before = nb.value("board.state.to_json()")
    drag_park_card(0, 4, 9, 9)
    svg.locator('[data-target="relayout"]').click()
    error = message.locator('.bk-error[data-rule="lands.build.contiguous"]')
    expect(error).to_be_visible()
    expect(error).to_contain_text(RULES.text("lands.build.contiguous"))
    assert nb.value("board.state.to_json()") == before
    assert nb.value("board.state.action_count") == 4
    svg.locator('[data-target="cancel"]').click()
    expect(svg).not_to_contain_text("not legal yet")
    assert nb.value("board.draft") is None
    assert nb.errors == [], nb.errors
