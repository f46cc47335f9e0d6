"""Every board fits a laptop screen: JupyterLab at 1366x768, the board scrolled to the top of
the notebook's view, and every control (buttons, the slider, the "view as" menu, the log)
inside the window; no text of the board is clipped or drawn smaller than 10 px.

What counts (docs/decisions.md, "Boards fit a 1366x768 laptop screen"):

* the window is 1366x768 CSS pixels, JupyterLab's left sidebar collapsed (the file browser
  closed), the board's top at the top of the notebook's scrolled area;
* a control fits when its bounding box lies inside the notebook's visible area (which is
  inside the window: the status bar below it covers anything further down);
* HTML text is clipped when an element that hides its overflow is narrower than its text
  (``scrollWidth > clientWidth``), or when a ``<select>``'s chosen option is wider than the
  menu; SVG text is clipped when its box (``getBBox``) leaves the picture, or the first
  ``rect`` of the nearest group marked ``bk-box`` (a card, a button, a box with text);
* a text's rendered size is its font size times the picture's scale; less than 10 px fails;
* the panel's text (the message, the save link, the log) has lines at most 1.6 times its
  size apart (a refusal of three lines spaced as three rows of buttons reads as a list).

Each case saves the whole window as ``test-artifacts/boards/<case>.png`` (``make screenshot``
also keeps them as ``docs/img/laptop/<case>.png``).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import nbformat
import pytest

# not imported from the browser conftest: the repository's root conftest shares its name
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"

pytestmark = pytest.mark.browser

VIEWPORT = (1366, 768)
MIN_PX = 10.0

LANDS = """\
from boardkit.lands import arranged
from boardkit.lands.board import CELL
board = boardkit.game("lands").board(arranged([1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13, 14],
                                              goal=(0, 0)))
board.handle_message({"kind": "click", "target": "hint"})
(_, fx, fy), = board.frames(board.state)
tx, ty = board.tray_origin(board.state)
# drag the card near the area's right edge, 0.4 of a square off the grid: the ghost snaps to
# the nearest square, where the card would stick out of the area: red, the rule's message
# beside it
board.handle_message({"kind": "drag", "target": "tray:1", "phase": "start", "x": tx + 9, "y": ty + 9})
board.handle_message({"kind": "drag", "target": "tray:1", "phase": "move",
                      "x": fx + 12.4 * CELL + 9, "y": fy + 2 * CELL + 9})
assert board.ghost_verdict is not None and board.ghost_verdict.rule == 'lands.build.area'"""

# four sheets (the most at full size), the card with the longest text, the roll's choices
FREIZEITPARK = """\
from boardkit.freizeitpark import Entrance
game = boardkit.game("freizeitpark")
state = game.new_game(players=4, seed=3, variant={"card": "park_der_landschaft"})
state.force("roll", (3, 5))
for _ in range(4):
    state.apply(Entrance(1, 0, 0))
board = game.board(state)"""

WISHLAND = """\
from boardkit.wishland.positions import start_of_turns
from boardkit.wishland.board import WishlandBoard
board = WishlandBoard(start_of_turns({players}, seed=3))"""

WANDERLUST = """\
from boardkit.wanderlust import scenario
board = boardkit.game("wanderlust").board(scenario("jackie"))
from boardkit.boards.base import action_target
from boardkit.wanderlust.actions import TakeTicket
train = TakeTicket(board.state.display.index("train"))
board.handle_message({"kind": "click", "target": action_target(board.state, train)})
board.handle_message({"kind": "click", "target": "dest:anchorage"})  # the payments show
assert board.selected == "Anchorage\""""

CASES = {
    "dice-grid": 'game = boardkit.game("dice-grid")\n'
                 'board = game.board(game.new_game(seed=0), agent="random")',
    "lands": LANDS,
    "wishland-2": WISHLAND.format(players=2),
    "wishland-4": WISHLAND.format(players=4),
    "freizeitpark": FREIZEITPARK,
    "wanderlust": WANDERLUST,
}

# JavaScript: scroll the board to the top of the notebook's view.
SCROLL = """
() => {
  const board = document.querySelector('.bk-board');
  let scroller = board.parentElement;
  while (scroller && !(scroller.scrollHeight > scroller.clientHeight &&
         ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowY))) {
    scroller = scroller.parentElement;
  }
  if (scroller) scroller.scrollTop += board.getBoundingClientRect().top -
                                     scroller.getBoundingClientRect().top;
  return true;
}
"""

# JavaScript: every problem with the board as it is on screen (an empty list: it fits).
MEASURE = """
({minPx}) => {
  const problems = [];
  const board = document.querySelector('.bk-board');
  const view = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')
            || document.querySelector('.jp-NotebookPanel-notebook');
  const area = view.getBoundingClientRect();
  const top = Math.max(0, area.top), bottom = Math.min(innerHeight, area.bottom);
  const left = Math.max(0, area.left), right = Math.min(innerWidth, area.right);
  const box = (el) => el.getBoundingClientRect();
  const show = (r) => `[${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}]`;
  const b = box(board);
  if (Math.abs(b.top - area.top) > 2) problems.push(`board top ${b.top} is not at the view's top ${area.top}`);

  // the controls: every button, the slider, the menu, the log
  const controls = [...board.querySelectorAll('button, select, .widget-slider, .bk-log-box, .bk-message')];
  for (const el of controls) {
    const r = box(el);
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < left - 0.5 || r.right > right + 0.5 || r.top < top - 0.5 || r.bottom > bottom + 0.5) {
      const name = (el.textContent || el.className || el.tagName).trim().slice(0, 40);
      problems.push(`control outside the visible area ${show({left, top, width: right - left, height: bottom - top})}: ${el.tagName} "${name}" at ${show(r)}`);
    }
  }

  // the panel's controls stay inside the panel: one that sticks out is cut at the window's
  // edge when the panel is at the output area's right (the "view as" menu, issue 47)
  const side = board.querySelector('.bk-side');
  if (side) {
    const s = box(side);
    for (const el of side.querySelectorAll('button, select, .widget-slider, .widget-dropdown')) {
      const r = box(el);
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < s.left - 0.5 || r.right > s.right + 0.5) {
        const name = (el.textContent || el.className || el.tagName).trim().slice(0, 40);
        problems.push(`control sticks out of the panel ${show(s)}: ${el.tagName} "${name}" at ${show(r)}`);
      }
    }
  }

  // HTML text: clipped or too small
  const html = [...board.querySelectorAll('*')].filter((el) => !el.closest('svg'));
  for (const el of html) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (ownText && parseFloat(style.fontSize) < minPx) {
      problems.push(`HTML text of ${parseFloat(style.fontSize)} px: "${el.textContent.trim().slice(0, 40)}"`);
    }
    const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (ownText && hides && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`HTML text cut (${el.scrollWidth} > ${el.clientWidth} px): "${el.textContent.trim().slice(0, 40)}"`);
    }
    if (el.tagName === 'SELECT') {
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const label = el.options[el.selectedIndex].text;
      const need = ctx.measureText(label).width + parseFloat(style.paddingLeft) + 20;  // the arrow
      if (need > el.clientWidth) problems.push(`menu "${label}" needs ${Math.ceil(need)} px, has ${el.clientWidth}`);
    }
  }

  // the panel's text (a refusal, a note, the save link, the log) reads as text: its lines
  // are not spaced as far apart as a row of controls (ipywidgets' 28 px for an HTML widget)
  for (const el of board.querySelectorAll('.bk-side .bk-message *, .bk-side .bk-save *, .bk-side .bk-log-box *')) {
    const style = getComputedStyle(el);
    const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const spacing = parseFloat(style.lineHeight) / parseFloat(style.fontSize);
    if (ownText && spacing > 1.6) {
      problems.push(`panel text spaced ${spacing.toFixed(2)} times its size: "${el.textContent.trim().slice(0, 40)}"`);
    }
  }

  // the log's numbers: a game of a few hundred events (Wishland's 215) numbers its entries
  // past 99, and the list's padding is where the numbers go; it must hold four digits
  for (const ol of board.querySelectorAll('.bk-log-box ol')) {
    const style = getComputedStyle(ol);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    const need = ctx.measureText('9999. ').width;
    if (parseFloat(style.paddingLeft) < need) {
      problems.push(`log numbers of four digits need ${Math.ceil(need)} px, the list has ${style.paddingLeft}`);
    }
  }

  // SVG text: inside the picture and its box, at least minPx on screen
  const svg = board.querySelector('.bk-canvas-root svg');
  const vb = svg.viewBox.baseVal;
  const scale = box(svg).width / vb.width;
  const inside = (t, r, tol) => t.x >= r.x - tol && t.y >= r.y - tol &&
    t.x + t.width <= r.x + r.width + tol && t.y + t.height <= r.y + r.height + tol;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    const size = parseFloat(getComputedStyle(t).fontSize) * scale;
    const label = `"${t.textContent.trim().slice(0, 50)}"`;
    if (size < minPx - 0.01) problems.push(`SVG text of ${size.toFixed(1)} px: ${label}`);
    const bb = t.getBBox();
    // the text's own transform (if any) and its ancestors' within the SVG
    const m = svg.getScreenCTM().inverse().multiply(t.getScreenCTM());
    const p1 = new DOMPoint(bb.x, bb.y).matrixTransform(m);
    const p2 = new DOMPoint(bb.x + bb.width, bb.y + bb.height).matrixTransform(m);
    const tb = {x: p1.x, y: p1.y, width: p2.x - p1.x, height: p2.y - p1.y};
    if (!inside(tb, {x: vb.x, y: vb.y, width: vb.width, height: vb.height}, 0.5)) {
      problems.push(`SVG text leaves the picture: ${label} at ${JSON.stringify(tb)}`);
      continue;
    }
    const group = t.closest('g.bk-box');
    const rect = group && group.querySelector(':scope > rect, :scope > * > rect');
    if (rect) {
      const rb = rect.getBBox();
      const mr = svg.getScreenCTM().inverse().multiply(rect.getScreenCTM());
      const q1 = new DOMPoint(rb.x, rb.y).matrixTransform(mr);
      const q2 = new DOMPoint(rb.x + rb.width, rb.y + rb.height).matrixTransform(mr);
      if (!inside(tb, {x: q1.x, y: q1.y, width: q2.x - q1.x, height: q2.y - q1.y}, 1)) {
        problems.push(`SVG text leaves its box: ${label}`);
      }
    }
  }
  // labels marked as not to overlap (the map's place names)
  const labels = [...svg.querySelectorAll('text.bk-nolap')].map((t) => [t.textContent, t.getBBox()]);
  for (let i = 0; i < labels.length; i += 1) {
    for (let j = i + 1; j < labels.length; j += 1) {
      const [na, a] = labels[i], [nb, c] = labels[j];
      if (a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height) {
        problems.push(`labels overlap: ${na} / ${nb}`);
      }
    }
  }
  return {problems, scale, svg: show(box(svg)), board: show(b), view: show(area)};
}
"""


def write_notebook(folder, case: str) -> str:
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell(f"# {case} board (browser-test fixture: fits 1366x768)"),
        nbformat.v4.new_code_cell("import boardkit\n" + CASES[case]),
        nbformat.v4.new_code_cell("board"),
    ], metadata={"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                "language": "python"}})
    path = folder / f"fit_{case.replace('-', '_')}.ipynb"
    nbformat.write(nb, str(path))
    return str(path)


@pytest.mark.parametrize("case", list(CASES))
def test_board_fits_a_laptop_screen(lab_page, tmp_path, case):
    from playwright.sync_api import expect

    nb = lab_page(write_notebook(tmp_path, case), viewport=VIEWPORT)
    page = nb.page
    expect(nb.svg).to_be_visible()
    # the file browser closed, as on a laptop: the notebook gets the window's width
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.wait_for_function("() => document.querySelector('#jp-left-stack').offsetWidth === 0")
    page.evaluate(SCROLL)
    page.wait_for_function("""() => {
      const board = document.querySelector('.bk-board').getBoundingClientRect();
      const view = (document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')
                    || document.querySelector('.jp-NotebookPanel-notebook')).getBoundingClientRect();
      return Math.abs(board.top - view.top) <= 2;
    }""")
    page.mouse.move(0, 0)
    folder = ARTIFACTS / "boards"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{case}.png"), animations="disabled")
    if os.environ.get("BOARDKIT_UPDATE_SCREENSHOTS") == "1":  # `make screenshot`
        shutil.copyfile(folder / f"{case}.png", REPO / "docs" / "img" / "laptop" / f"{case}.png")
    found = page.evaluate(MEASURE, {"minPx": MIN_PX})
    print(case, json.dumps({k: v for k, v in found.items() if k != "problems"}))
    assert found["problems"] == [], f"{case}: " + "\n".join(found["problems"])
    assert nb.errors == [], nb.errors
