"""The Freizeitpark board in JupyterLab, in headless Chromium: force a roll, place a structure
by clicking, try an illegal placement and see its rule, check the sheet in the kernel.

The notebook plays a solo game (seed 3) whose first roll is forced to 3 and 5.
"""

from __future__ import annotations

import re
import time

import pytest

import boardkit

pytestmark = pytest.mark.browser

NOTEBOOK = "freizeitpark_board.ipynb"
RULES = boardkit.game("freizeitpark").rules


def test_freizeitpark_board_plays_in_jupyterlab(lab_page, lab_browser):
    from playwright.sync_api import expect

    timings: dict[str, float] = {}
    start = time.perf_counter()
    nb = lab_page(NOTEBOOK)
    timings["open + run all"] = time.perf_counter() - start
    board, svg = nb.board, nb.svg
    expect(svg).to_be_visible()

    shows_actions = nb.shows_actions

    def hit(target: str):
        """A cell's own square (the target group also holds the hidden ghost, which makes
        its bounding box bigger than the cell)."""
        return svg.locator(f'[data-target="{target}"] > rect.bk-shape')

    def click(target: str) -> None:
        hit(target).click()

    def legal_targets() -> list[str]:
        return nb.value("sorted(board.targets(board.state))")

    shows_actions(0)
    assert nb.value("board.state.round") == 0

    # round 0: the Eingang, on a legal cell of the border (highlighted in the page)
    entrances = legal_targets()
    assert "cell:0,0" in entrances and "cell:5,5" not in entrances
    expect(svg.locator('[data-target="cell:0,0"]')).to_have_class(re.compile(r"\bbk-legal\b"))
    t = time.perf_counter()
    click("cell:0,0")
    shows_actions(1)
    timings["click -> redraw"] = time.perf_counter() - t
    assert nb.value("board.state.sheets[0].cells") == {(0, 0): "eingang", (0, 1): "eingang",
                                                        (0, 2): "eingang"}
    assert nb.value("board.state.dice") == (3, 5)  # the forced roll

    # round 1: the 3 gives the structure (a bar of three), the 5 a Verkaufsstand
    assert nb.value("(board.selection.die, board.selection.symbol)") == (3, "verkaufsstand")
    message = board.locator(".bk-message")
    rule = "freizeitpark.struktur.anschluss"
    click("cell:6,6")  # far from the park: illegal
    error = message.locator(f'.bk-error[data-rule="{rule}"]')
    expect(error).to_be_visible()
    expect(error).to_contain_text(RULES.text(rule))
    assert nb.value("board.last_error.rule") == rule
    assert nb.value("board.state.action_count") == 1  # nothing changed
    shows_actions(1)

    # the ghost under the pointer, then "r" turns the bar flat (keys reach the kernel)
    hit("cell:1,0").hover()
    expect(svg.locator('[data-target="cell:1,0"] .fz-ghost')).to_be_visible()
    svg.locator('[data-target="cell:1,0"]').focus()
    nb.page.keyboard.press("r")
    expect(svg.locator('[data-target="cell:1,0"]')).to_have_class(re.compile(r"\bbk-legal\b"))
    assert nb.value("board.selection.turn") == 1
    click("cell:1,0")  # the bar (1,0) (2,0) (3,0), right of the Eingang
    shows_actions(2)
    assert nb.value("sorted(c for c, s in board.state.sheets[0].cells.items() "
                    "if s == 'verkaufsstand')") == [(1, 0), (2, 0), (3, 0)]
    assert nb.value("board.state.standing(0).marks('vermoegen')") == 3

    nb.screenshot("freizeitpark-board")

    # undo through the panel's ipywidgets button reaches the kernel too
    board.get_by_role("button", name="Undo").click()
    shows_actions(1)
    assert nb.value("board.state.action_count") == 1

    assert nb.errors == [], nb.errors
    timings["total"] = time.perf_counter() - start
    print("timings: " + ", ".join(f"{k} {v:.2f} s" for k, v in timings.items())
          + f"; external requests blocked: {len(lab_browser.blocked)}")
