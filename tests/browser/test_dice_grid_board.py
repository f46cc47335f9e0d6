"""The Dice Grid board in JupyterLab, in headless Chromium: click it, check the kernel.

Seed 0 (the notebook's): P1 rolls 4 and 2; the targets to click (an action's own code,
``action_target``) are asked from the kernel, never hard-coded.
"""

from __future__ import annotations

import re
import time

import pytest

import boardkit

pytestmark = pytest.mark.browser

NOTEBOOK = "dice_grid_board.ipynb"
RULES = boardkit.game("dice-grid").rules


def test_dice_grid_board_plays_in_jupyterlab(lab_page, lab_browser):
    from playwright.sync_api import expect

    timings: dict[str, float] = {}
    start = time.perf_counter()
    nb = lab_page(NOTEBOOK)
    timings["open + run all"] = time.perf_counter() - start
    board, svg = nb.board, nb.svg
    expect(svg).to_be_visible()

    shows_actions = nb.shows_actions

    def click(target: str) -> None:
        svg.locator(f'[data-target="{target}"]').click()

    def legal_targets() -> list[str]:
        return nb.value("sorted(board.targets(board.state))")

    assert nb.value("board.state.action_count") == 0
    shows_actions(0)

    # P1 keeps a die: a legal target according to the kernel, highlighted in the page
    keep_4 = nb.value("target(ChooseDie(4))")
    assert legal_targets() == nb.value("sorted([target(ChooseDie(2)), target(ChooseDie(4))])")
    expect(svg.locator(f'[data-target="{keep_4}"]')).to_have_class(re.compile(r"\bbk-legal\b"))
    a1 = nb.value("target(Claim((0, 0)))")
    expect(svg.locator(f'[data-target="{a1}"]')).not_to_have_class(re.compile(r"\bbk-legal\b"))
    t = time.perf_counter()
    click(keep_4)
    shows_actions(1)
    timings["click -> redraw"] = time.perf_counter() - t
    assert nb.value("board.state.action_count") == 1
    assert nb.value("type(board.state.pending).__name__") == "ClaimStep"

    # ... and claims a legal cell showing 4
    claims = nb.value("sorted(a.cell for a in board.targets(board.state).values() "
                      "if type(a) is Claim)")
    assert claims and legal_targets() == nb.value(
        "sorted(target(a) for a in board.state.legal_actions())")
    x, y = claims[0]
    cell = nb.value(f"target(Claim(({x}, {y})))")
    click(cell)
    shows_actions(2)
    assert nb.value("board.state.action_count") == 2
    assert nb.value(f"board.state.owner[({x}, {y})]") == 0

    # P2 keeps a die (whatever the kernel says is legal)
    p2_dice = nb.value("[t for t, a in sorted(board.targets(board.state).items()) "
                       "if type(a) is ChooseDie]")
    assert p2_dice, "seed 0: P2 has a die to choose"
    click(p2_dice[0])
    shows_actions(3)
    assert nb.value("type(board.state.pending).__name__") == "ClaimStep"
    kept = nb.value("board.state.pending.value")

    # illegal: a cell showing another number, then P1's cell (twice: clicks are messages)
    wrong = nb.value(f"next(target(Claim(c)) for c in board.state.cells "
                     f"if board.state.owner[c] is None and board.state.number(c) != {kept})")
    message = board.locator(".bk-message")
    for target, rule in [(wrong, "dice-grid.claim.number"), (cell, "dice-grid.claim.empty"),
                         (wrong, "dice-grid.claim.number"), (cell, "dice-grid.claim.empty")]:
        click(target)
        error = message.locator(f'.bk-error[data-rule="{rule}"]')
        expect(error).to_be_visible()
        expect(error).to_contain_text(RULES.text(rule))  # the rule's paraphrase
        assert nb.value("board.last_error.rule") == rule
    expect(message).to_contain_text("already belongs to P1")
    assert nb.value("board.state.action_count") == 3  # illegal clicks changed nothing
    shows_actions(3)

    nb.screenshot("dice-grid-board")

    # the panel's ipywidgets controls reach the kernel too
    board.get_by_role("button", name="Undo").click()
    shows_actions(2)
    assert nb.value("board.state.action_count") == 2
    board.get_by_role("button", name="AI move").click()
    shows_actions(3)
    assert nb.value("board.state.action_count") == 3

    # "view as P1" hides P2's lucky number, in the SVG and in the log
    lucky = nb.value("board.state.lucky")
    board.locator(".widget-dropdown select").select_option(label="P1")
    expect(svg).to_have_attribute("data-viewer", "P1")
    expect(svg).to_contain_text("lucky ?")
    expect(board.locator(".bk-log")).not_to_contain_text(f"P2 draws lucky number {lucky[1]}")
    board.locator(".widget-dropdown select").select_option(label="everything (teacher)")
    expect(svg).to_have_attribute("data-viewer", "everything (teacher)")

    # auto-play: the Play widget ticks, the kernel lets the AI move until the game is over
    assert nb.eval("board.autoplay.interval = 30\nprint(board.autoplay.interval)") == "30\n"
    t = time.perf_counter()
    board.locator(".widget-play button").first.click()
    expect(board.locator(".bk-status")).to_contain_text("game over", timeout=60_000)
    timings["auto-play to the end"] = time.perf_counter() - t
    assert nb.value("board.state.is_over") is True
    assert nb.value("board.autoplay.playing") is False

    assert nb.errors == [], nb.errors
    timings["total"] = time.perf_counter() - start
    print("timings: " + ", ".join(f"{k} {v:.2f} s" for k, v in timings.items())
          + f"; external requests blocked: {len(lab_browser.blocked)}")
