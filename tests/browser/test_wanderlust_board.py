"""The Wanderlust board in JupyterLab, in headless Chromium: click it, check the kernel.

Jackie's worked example (scenario ``jackie``): she takes the train ticket from the display,
clicks Anchorage, picks the payment, and her trotter moves there in the kernel. Then Laura
clicks a destination out of her reach and a place that is not available, and the panel
shows each rule; she picks a ticket from her hand and clears the pick. The notebook is written by the test (the same three cells a user types).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import nbformat
import pytest

import boardkit

pytestmark = pytest.mark.browser

RULES = boardkit.game("wanderlust").rules


@pytest.fixture
def notebook(tmp_path) -> Path:
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Wanderlust board (browser-test fixture)\n\nJackie's "
                                      "example from the rulebook, section *2. Travel*."),
        nbformat.v4.new_code_cell("import boardkit\nfrom boardkit.wanderlust import scenario, travel\n"
                                  "from boardkit.wanderlust.content import slug\n"
                                  "from boardkit.boards.base import action_target\n"
                                  "from boardkit.wanderlust.actions import TakeTicket\n\n"
                                  "game = boardkit.game('wanderlust')\n"
                                  "board = game.board(scenario('jackie'))"),
        nbformat.v4.new_code_cell("board"),
    ], metadata={"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                "language": "python"}})
    path = tmp_path / "wanderlust_board.ipynb"
    nbformat.write(nb, str(path))
    return path


def test_wanderlust_board_plays_in_jupyterlab(lab_page, lab_browser, notebook):
    from playwright.sync_api import expect

    timings: dict[str, float] = {}
    start = time.perf_counter()
    nb = lab_page(notebook)
    timings["open + run all"] = time.perf_counter() - start
    board, svg = nb.board, nb.svg
    expect(svg).to_be_visible()

    shows_actions = nb.shows_actions

    def click(target: str) -> None:
        """Click the target's mark (a place's dot on the map, or the panel's button)."""
        found = svg.locator(f'[data-target="{target}"][role="button"]').first
        shape = found.locator(".bk-shape").first
        (shape if shape.count() else found).click()

    assert nb.value("board.state.loc[0]") == "Denver"
    assert nb.value("board.state.hand_names(0)") == ("car", "ship")
    shows_actions(0)

    # Jackie takes the train ticket from the display (a legal, highlighted target)
    take = nb.value("action_target(board.state, TakeTicket(board.state.display.index('train')))")
    expect(svg.locator(f'[data-target="{take}"]')).to_have_class(re.compile(r"\bbk-legal\b"))
    t = time.perf_counter()
    click(take)
    shows_actions(1)
    timings["click -> redraw"] = time.perf_counter() - t
    assert nb.value("board.state.hand_names(0)") == ("car", "train", "ship")

    # she clicks Anchorage: the board lists the ways to pay, she picks the first
    expect(svg.locator('[data-target="dest:anchorage"]').first).to_have_class(
        re.compile(r"\bbk-legal\b"))
    click("dest:anchorage")
    expect(svg).to_contain_text("ways to pay for Anchorage")
    assert nb.value("board.selected") == "Anchorage"
    expect(svg.locator('[data-target="pay:0"]')).to_contain_text("car, train, ship")
    click("pay:0")
    shows_actions(2)
    assert nb.value("board.state.loc[0]") == "Anchorage"
    assert nb.value("board.state.exp[0]") == 3
    assert nb.value("board.state.current_player") == 1  # Laura's turn

    # Laura: a destination out of reach, then a place that is not available
    far = nb.value("[d for d, info in travel.plan(board.state).items() "
                   "if not info['payments']][0]")
    far_id = nb.value(f"slug({far!r})")
    message = board.locator(".bk-message")
    click(f"dest:{far_id}")
    error = message.locator('.bk-error[data-rule="wanderlust.travel.route"]')
    expect(error).to_be_visible()
    expect(error).to_contain_text("out of reach")
    expect(error).to_contain_text(RULES.text("wanderlust.travel.route"))
    assert nb.value("board.last_error.rule") == "wanderlust.travel.route"
    click("dest:paris")
    error = message.locator('.bk-error[data-rule="wanderlust.travel.available"]')
    expect(error).to_contain_text("not an available destination")
    shows_actions(2)  # illegal clicks changed nothing
    assert nb.value("board.state.action_count") == 2

    # Laura picks a ticket from her hand (the way to any trip, also one longer than the
    # listed ones), sees it marked, and clears the pick: no move is made
    first = nb.value("next(t for t, n in zip(('car', 'train', 'ship', 'charter', 'airline', "
                     "'wild'), board.state.hand[1]) if n)")
    expect(svg.locator(f'[data-target="pick:{first}"][role="button"]')).to_be_visible()
    click(f"pick:{first}")
    expect(svg).to_contain_text(f"picked for a trip: {first}")
    assert nb.value("board.picked") == [first]
    click("pick:clear")
    expect(svg).not_to_contain_text("picked for a trip")
    assert nb.value("board.picked") == [] and nb.value("board.state.action_count") == 2

    nb.screenshot("wanderlust-board")

    # "view as P1": Jackie sees her own hand, not Laura's (whose turn it is)
    expect(svg).to_contain_text("P2 (Laura)'s hand")
    board.locator(".widget-dropdown select").select_option(label="P1")
    expect(svg).to_have_attribute("data-viewer", "P1")
    expect(svg).to_contain_text("P1 (Jackie)'s hand")
    expect(svg).not_to_contain_text("P2 (Laura)'s hand")

    assert nb.errors == [], nb.errors
    timings["total"] = time.perf_counter() - start
    print("timings: " + ", ".join(f"{k} {v:.2f} s" for k, v in timings.items())
          + f"; external requests blocked: {len(lab_browser.blocked)}")
