"""The Wishland board in JupyterLab, in headless Chromium: buy a card by clicking it, resolve
a choice reward with its buttons, try a purchase over the Card Limit and see its rule's
message, answer Hotel #13's end-of-turn choice with its buttons, and check the kernel's
state after every step.

The notebook is written by the test (a 2-player game at P1's first turn, seed 3); the
targets to click (an action's own code, ``action_target``) are asked from the kernel, never
hard-coded.
"""

from __future__ import annotations

import re
import time

import nbformat
import pytest

import boardkit

pytestmark = pytest.mark.browser

RULES = boardkit.game("wishland").rules
SETUP = """\
import boardkit
from boardkit.boards.base import action_target
from boardkit.wishland.actions import ChooseReward, Collect, CollectForFree, PlaceWorkers
from boardkit.wishland.board import WishlandBoard
from boardkit.wishland.content import CARDS, HOTEL, card_id
from boardkit.wishland.positions import put_cards, start_of_turns

state = start_of_turns(2, seed=3)   # P1 on Turn Order space 1, P2 on space 2
board = WishlandBoard(state)


def target(act):  # the click target of an action: its own code
    return action_target(board.state, act)


def give_hotel_13(board):  # the player to move gets Hotel #13 (a teaching shortcut)
    put_cards(board.state, board.state.current_player, [card_id(HOTEL, 13)])
    board.refresh()
    return board.state.placed[board.state.current_player]"""


def write_notebook(folder) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Wishland board (browser-test fixture)"),
                nbformat.v4.new_code_cell(SETUP), nbformat.v4.new_code_cell("board")]
    path = folder / "wishland_board.ipynb"
    nbformat.write(nb, path)
    return str(path)


def test_wishland_board_plays_in_jupyterlab(lab_page, lab_browser, tmp_path):
    from playwright.sync_api import expect

    timings: dict[str, float] = {}
    start = time.perf_counter()
    nb = lab_page(write_notebook(tmp_path))
    timings["open + run all"] = time.perf_counter() - start
    board, svg = nb.board, nb.svg
    expect(svg).to_be_visible()

    shows_actions = nb.shows_actions

    def click(target: str) -> None:
        svg.locator(f'[data-target="{target}"]').first.click()

    base = nb.value("board.state.action_count")
    shows_actions(base)
    assert nb.value("board.state.current_player") == 0

    # 1. P1 buys the cheapest Actor by clicking its card (a legal target, highlighted)
    slot = nb.value("min((a.slot for a in board.targets(board.state).values() if type(a) is "
                    "PlaceWorkers and a.space == 'actors'), key=lambda i: "
                    "CARDS[board.state.market[2][i]].cost)")
    actor = nb.value(f"target(PlaceWorkers('actors', {slot}))")
    cid = nb.value(f"board.state.market[2][{slot}]")
    expect(svg.locator(f'[data-target="{actor}"]')).to_have_class(re.compile(r"\bbk-legal\b"))
    t = time.perf_counter()
    click(actor)
    shows_actions(base + 1)
    timings["click -> redraw"] = time.perf_counter() - t
    assert nb.value("board.state.tableau[0][-1]") == cid
    assert nb.value("board.state.current_player") == 1

    # 2. P2 advertises, then resolves the choice reward with its button
    advertise = nb.value("target(PlaceWorkers('advertisement'))")
    click(advertise)
    shows_actions(base + 2)
    assert nb.value("type(board.state.pending).__name__") == "ChoiceStep"
    choose_visitors = nb.value("target(ChooseReward('visitors'))")
    expect(svg.locator(f'[data-target="{choose_visitors}"]')).to_be_visible()
    visitors = nb.value("board.state.visitors[1]")
    click(choose_visitors)
    shows_actions(base + 3)
    assert nb.value("board.state.visitors[1]") == visitors + 1
    assert nb.value("board.state.current_player") == 0

    # 3. P1 tries a second Actor: over the Card Limit of 1 -> the rule's message
    other = nb.value("next(target(PlaceWorkers('actors', i)) for i, c in "
                     "enumerate(board.state.market[2]) if c)")
    assert other not in nb.value("sorted(board.targets(board.state))")
    message = board.locator(".bk-message")
    for _ in range(2):  # twice: every click is a message, and nothing changes
        click(other)
        error = message.locator('.bk-error[data-rule="wishland.card_limit"]')
        expect(error).to_be_visible()
        expect(error).to_contain_text(RULES.text("wishland.card_limit"))
        expect(error).to_contain_text("Card Limit of 1")
        assert nb.value("board.last_error.rule") == "wishland.card_limit"
    assert nb.value("board.state.action_count") == base + 3
    assert nb.value("board.state.count[0][2]") == 1

    # 4. P1 gets Hotel #13 and advertises: at the end of the turn, collect for free or leave
    placed = nb.value("give_hotel_13(board)")
    need = nb.value("1 + len(board.state.stacks[0])")  # P2's stack is there: 2 Workers
    click(advertise)
    shows_actions(base + 4)
    click(nb.value("target(ChooseReward('workers'))"))
    shows_actions(base + 5)
    assert nb.value("type(board.state.pending).__name__") == "FreeCollectStep"
    yes, no = nb.value("target(CollectForFree(True))"), nb.value("target(CollectForFree(False))")
    for target in (yes, no):
        expect(svg.locator(f'[data-target="{target}"]')).to_have_class(re.compile(r"\bbk-legal\b"))
    click(no)
    shows_actions(base + 6)
    assert nb.value("board.state.placed[0]") == placed + need  # the Workers stay on the board
    assert nb.value("board.state.current_player") == 1

    # 5. a legal move still works afterwards, and the panel's AI move reaches the kernel
    click(nb.value("target(Collect())"))
    shows_actions(base + 7)
    board.get_by_role("button", name="AI move").click()
    shows_actions(base + 8)
    assert nb.value("board.state.action_count") == base + 8

    nb.screenshot("wishland-board")
    assert nb.errors == [], nb.errors
    timings["total"] = time.perf_counter() - start
    print("timings: " + ", ".join(f"{k} {v:.2f} s" for k, v in timings.items())
          + f"; external requests blocked: {len(lab_browser.blocked)}")
