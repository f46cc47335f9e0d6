"""Play mode in headless Chromium: ``boardkit play`` serves a game's board with Voilà, and
the page shows the board and its controls with no code anywhere.

One server (``boardkit play dice-grid``, the ``play_server`` fixture) serves both games: the
Wishland page is the same app opened at ``?game=wishland&players=2&seed=3`` with a house
rule (``rule.first_round_reversed=true``), as a teacher's link would open it. The targets to click are read from the page (the SVG marks the legal
ones with ``bk-legal``); the page has no kernel a test could ask, like a student's.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

import boardkit
from boardkit.boards.base import action_of_target, action_target
from boardkit.examples.dice_grid import ChooseDie, Claim

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: how long a page may take to show the board (a kernel starts) and a click to come back
#: redrawn (an AI move thinks for a second), in ms, on a slow shared CI machine
OPEN_MS = float(os.environ.get("BOARDKIT_BROWSER_TIMEOUT", "120")) * 1000
ROUND_TRIP_MS = 30_000
#: what would show if the notebook's code leaked onto the page
CODE = [".jp-InputArea", ".jp-InputPrompt", ".jp-CodeMirrorEditor", ".cm-editor", "textarea",
        ".jp-OutputPrompt", ".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']"]


@pytest.fixture
def play_page(play_server, lab_browser, request):
    """``play_page("?game=...")`` -> the opened page, once the board is on it."""
    from playwright.sync_api import expect

    pages, errors = [], []

    def open_(query: str = ""):
        page = lab_browser.context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
        pages.append(page)
        page.goto(play_server.url + query)
        expect(page.locator(".bk-play .bk-board .bk-canvas-root svg")).to_be_visible(timeout=OPEN_MS)
        return page

    yield open_
    failed = getattr(request.node, "rep_call", None)
    for page in pages:
        if failed is not None and failed.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-failure.png"), full_page=True)
            (ARTIFACTS / f"{request.node.name}-play.log").write_text(play_server.log_tail(400))
        page.close()
    assert errors == [], errors


def no_code_on(page) -> None:
    for selector in CODE:
        assert page.locator(selector).count() == 0, f"{selector} is on the page"
    text = page.locator("body").inner_text()
    for leak in ("import", "app()", "Traceback", "boardkit.apps"):
        assert leak not in text, f"{leak!r} shows on the page"


class Board:
    """The board on a play page, read and clicked as a student would."""

    def __init__(self, page):
        self.page = page
        self.panel = page.locator(".bk-board")
        self.svg = self.panel.locator(".bk-canvas-root svg")

    def shows_actions(self, n: int) -> None:
        from playwright.sync_api import expect

        expect(self.svg).to_have_attribute("data-actions", str(n), timeout=ROUND_TRIP_MS)

    def legal(self) -> list[str]:
        return self.svg.locator(".bk-legal[data-target]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-target'))")

    def click(self, target: str) -> None:
        self.svg.locator(f'[data-target="{target}"]').first.click()

    def take_device(self, seat: int) -> None:
        """Hot seat: the player to move (P``seat``) says they hold the device, and sees
        their seat."""
        from playwright.sync_api import expect

        button = self.panel.get_by_role("button", name=f"I am P{seat}: show my seat")
        expect(button).to_be_visible(timeout=ROUND_TRIP_MS)
        expect(self.svg).to_have_attribute("data-viewer", "the public table")
        button.click()
        expect(self.svg).to_have_attribute("data-viewer", f"P{seat}", timeout=ROUND_TRIP_MS)
        expect(button).to_be_hidden(timeout=ROUND_TRIP_MS)


def test_dice_grid_plays_without_code(play_page, lab_browser):
    from playwright.sync_api import expect

    start = time.perf_counter()
    page = play_page()
    opened = time.perf_counter() - start
    title = boardkit.game("dice-grid").title
    expect(page.locator(".bk-play-title")).to_have_text(title)
    no_code_on(page)
    board = Board(page)
    board.shows_actions(0)
    form = page.locator(".bk-play-form")
    expect(form.get_by_role("button", name="New game")).to_be_visible()
    expect(form.locator(".bk-play-option-secret_lucky input[type=checkbox]")).to_be_checked()

    # hot seat with secret lucky numbers: the board shows the public table until P1 says
    # they hold the device (the view options are the player to move and the public table)
    assert board.legal() == []
    options = board.panel.locator(".widget-dropdown", has_text="view as").locator("option")
    assert [t.replace("\xa0", " ") for t in options.all_inner_texts()] == [
        "the player to move", "the public table"]
    board.take_device(1)
    # seed 0: P1 rolls 4 and 2 -> the two dice are the legal targets; keep the 4. A target is
    # its action's own code, the same in every position, so this process can name it
    start = boardkit.game("dice-grid").new_game(seed=0)
    assert sorted(board.legal()) == sorted(action_target(start, ChooseDie(v)) for v in (2, 4))
    board.click(action_target(start, ChooseDie(4)))
    board.shows_actions(1)
    cells = board.legal()
    assert cells and all(type(action_of_target(start, t)) is Claim for t in cells)
    board.click(cells[0])
    board.shows_actions(2)
    expect(board.panel.locator(".bk-log")).to_contain_text("P1: claim cell")
    board.take_device(2)  # P2's turn: P1's lucky number is covered until P2 holds the device

    # the board's own controls: AI move, Undo
    board.panel.get_by_role("button", name="AI move").click()
    board.shows_actions(3)
    board.panel.get_by_role("button", name="Undo").click()
    board.shows_actions(2)

    # a refused new game (a negative seed) says why and leaves the game as it was
    message = page.locator(".bk-play-message")
    seed = form.locator(".widget-inline-hbox", has_text="seed").locator("input")
    seed.fill("-1")
    seed.press("Enter")
    form.get_by_role("button", name="New game").click()
    expect(message.locator(".bk-error")).to_contain_text("seed must be an integer", timeout=ROUND_TRIP_MS)
    board.shows_actions(2)

    # a new game with 3 players against the computer: P1 plays, the others answer
    seed.fill("5")
    seed.press("Enter")
    form.locator(".widget-dropdown", has_text="players").locator("select").select_option("3")
    form.locator(".widget-dropdown", has_text="play against").locator("select").select_option(
        label="the computer")
    form.get_by_role("button", name="New game").click()
    expect(message).to_contain_text("new game: 3 players, seed 5", timeout=ROUND_TRIP_MS)
    board = Board(page)  # a new board for the new game
    board.shows_actions(0)
    expect(board.svg).to_have_attribute("data-viewer", "P1", timeout=ROUND_TRIP_MS)
    # against the computer the person sees their own seat and the public table, nothing else
    options = board.panel.locator(".widget-dropdown", has_text="view as").locator("option")
    assert [t.replace("\xa0", " ") for t in options.all_inner_texts()] == [
        "P1 (you)", "the public table"]
    board.click(board.legal()[0])  # P1 keeps a die
    board.shows_actions(1)
    board.click(board.legal()[0])  # ... claims a cell; P2 and P3 answer at once
    expect(board.svg).not_to_have_attribute("data-actions", re.compile(r"^[0-2]$"), timeout=ROUND_TRIP_MS)
    expect(board.panel.locator(".bk-message")).to_contain_text("the computer answered", timeout=ROUND_TRIP_MS)
    no_code_on(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "play-mode-dice-grid.png"), animations="disabled")
    print(f"page with the board: {opened:.2f} s; external requests blocked: "
          f"{len(lab_browser.blocked)}")


def test_wishland_from_a_link(play_page):
    from playwright.sync_api import expect

    page = play_page("?game=wishland&players=2&seed=3&rule.first_round_reversed=true")
    expect(page.locator(".bk-play-title")).to_have_text(boardkit.game("wishland").title)
    rule = page.locator(".bk-play-rule-first-round-reversed input[type=checkbox]")
    expect(rule).to_be_checked()  # the house rule from the link, shown in the form
    expect(page.locator(".bk-play-message")).to_contain_text(
        "house rule first_round_reversed")
    no_code_on(page)
    players = page.locator(".bk-play-form .widget-dropdown", has_text="players").locator("select")
    expect(players).to_have_value(re.compile(r".+"))
    assert players.evaluate("s => s.options[s.selectedIndex].text") == "2"
    board = Board(page)
    board.shows_actions(0)
    board.take_device(2)  # hot seat, each hand private; the reversed first round opens with P2
    # the board's own status line says it too (a position under a house rule looks the same)
    expect(page.locator(".bk-status .bk-rules")).to_have_text(
        "house rule first_round_reversed")
    legal = board.legal()
    assert legal, "P2 has something to click"
    board.click(legal[0])
    board.shows_actions(1)
    board.take_device(1)  # P1's turn: P2's secrets are covered until P1 holds the device
    board.panel.get_by_role("button", name="AI move").click()
    board.shows_actions(2)
    expect(board.panel.locator(".bk-message")).to_contain_text("AI (")
    no_code_on(page)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "play-mode-wishland.png"), animations="disabled")



def _kernels(server) -> set[int]:
    """The ids of the kernel processes the play server runs now."""
    import psutil

    found = set()
    for proc in psutil.Process(server.process.pid).children(recursive=True):
        try:  # a kernel shut down but not yet reaped is a zombie: not running
            if proc.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(proc.cmdline()):
                found.add(proc.pid)
        except (psutil.NoSuchProcess, psutil.ZombieProcess):
            pass
    return found


def test_a_closed_tab_frees_its_kernel(play_server, lab_browser):
    """Closing a play tab shuts its kernel down at once (the page's shutdown beacon, which
    Voilà used to refuse for want of an ``_xsrf`` value), so a lab machine can serve the
    page all day."""
    from playwright.sync_api import expect

    before = _kernels(play_server)
    page = lab_browser.context.new_page()
    page.goto(play_server.url)
    expect(page.locator(".bk-play .bk-board .bk-canvas-root svg")).to_be_visible(timeout=OPEN_MS)
    mine = _kernels(play_server) - before
    assert len(mine) == 1, "the page started one kernel"
    page.close(run_before_unload=True)
    deadline = time.monotonic() + ROUND_TRIP_MS / 1000
    while mine & _kernels(play_server) and time.monotonic() < deadline:
        time.sleep(0.25)
    assert not mine & _kernels(play_server), "the closed tab's kernel still runs"
    assert "_xsrf" not in play_server.log_tail(400)


@pytest.mark.parametrize("name, variant", [("wanderlust", {}),
                                           ("wishland", {"entrepreneurs": True})])
def test_against_the_computer_the_page_holds_no_secret_of_its_seat(play_page, name, variant):
    """At 1366×768, a game against the computer offers P1's seat and the public table only,
    and nothing of the computer's secrets reaches the page: not in its text, not in its
    HTML (the drawn SVG, the log, the menus)."""
    import html

    from playwright.sync_api import expect

    from boardkit.apps.play import PlaySettings

    query = f"?game={name}&players=2&seed=5&against=computer" + "".join(
        f"&variant.{k}={str(v).lower()}" for k, v in variant.items())
    page = play_page(query)
    page.set_viewport_size({"width": 1366, "height": 768})
    board = Board(page)
    expect(board.svg).to_have_attribute("data-viewer", "P1", timeout=ROUND_TRIP_MS)
    options = board.panel.locator(".widget-dropdown", has_text="view as").locator("option")
    assert [t.replace("\xa0", " ") for t in options.all_inner_texts()] == [
        "P1 (you)", "the public table"]
    _, state = PlaySettings(name, players=2, seed=5, against="computer", variant=variant).start()
    assert state.action_count == 0 and state.current_player == 0  # the page's position too
    secrets = [str(e) for e in state.log if e.to == 1 and str(e) != e.visible_text(0)]
    assert secrets, f"{name}: seat 2 has secrets at the start (the test's premise)"
    content = html.unescape(page.content())
    leaked = [s for s in secrets if s in content]
    assert leaked == [], leaked
    assert "everything (teacher)" not in content
    no_code_on(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / f"play-mode-{name}-1366.png"), animations="disabled")
