"""The Freizeitpark board: every player's sheet side by side, the roll, the four tables.

How to play on it (the deciding player's sheet is the clickable one):

* click a die to use it for the **structure** (the other die gives the symbol);
* click a **symbol** in the palette (only the ones the symbol die allows are shown);
* press ``r`` / ``f`` (or click *rotate* / *flip*) to turn or mirror the structure;
* move the pointer over the sheet: a ghost of the structure follows it (green where the
  drawing is legal, red where it is not); click to draw. An illegal click is explained
  with its rule, and nothing changes.

Finished constructs are outlined, building sins are hatched, enclosed empty cells carry an
``×`` (each will cost one Nachhaltigkeit at the evaluation). A sheet whose park has no place
for the round's roll says "skips this roll" (that player is not asked anything this round);
a player who is out or fired says so. When nobody is left the heading says the game ended
without a winner, and ranks the parks by how close they came (their score, not a win). Names are shown in German with
the English word beside them, both from the glossary (``data/freizeitpark/glossary.toml``).

A notebook shows a rule with :meth:`FreizeitparkBoard.attempt`: a build drawn as a numbered
ghost (green: legal; red: refused, its rule and message listed below the sheets), not played.

The picture is drawn by :func:`draw` (also usable without a widget: ``draw(state)``);
the ghost is plain SVG + CSS (``:hover``), so no game-specific JavaScript is needed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from boardkit.boards import Board, ClickMessage, DragMessage, KeyMessage
from boardkit.boards import svg as S
from boardkit.engine import Action, ActionFormatError, Explanation, State, Step
from boardkit.engine.grid import (
    reflect_cells,
    rotate_cells,
    translate_to_origin,
    union_cells,
)
from boardkit.engine.words import plural

from .ablauf import BuildStep
from .actions import Build, Entrance
from .bauen import structure_cells
from .content import TABLES, Cell, Shape, content
from .konstrukte import analysis
from .params import Params
from .regelwerk import Ruleset
from .sheet import Sheet
from .state import FreizeitparkState
from .wurf import splits, symbol_options

CELL = 30  # the largest cell; more players get smaller cells (sheet_layout)
MIN_CELL = 20  # the glyphs stay 10 px
MARGIN = 14
TOP = 40
PANEL_H = 150
SHEET_GAP = 22  # room for the row numbers
SHEET_HEAD = 20  # the player's line above the sheet
TRACK_FONT = 12  # the four tables' (score tracks') text: 11 px or more on a laptop screen
TRACK_ROW = 23  # one table: its name, then its fields
TABLES_H = 4 * TRACK_ROW + 32  # the four tables and their line below the sheet
SHEET_FOOT = 16 + TABLES_H  # column letters, the tables
MAX_PER_ROW = 4
SYMBOL_W = 192  # a symbol button and its gap: "⛲ Verkaufsstand (sales stand)" at 10 px
CARD_X = 118 + 3 * SYMBOL_W + 10  # the Auftragskarte's column in the panel
#: marks the names we gave (data/README.md): the rulebook shows the structures as pictures
OURS = "*"
OURS_NOTE = "* names of ours: the rulebook shows the structures as pictures only"

_CELL_T = re.compile(r"^cell:(\d{1,2}),(\d{1,2})$")
_SPLIT_T = re.compile(r"^split:([1-6])$")
_SYMBOL_T = re.compile(r"^sym:([a-z_]{1,30})$")

GHOST_CSS = """
svg.bk-svg .fz-ghost { visibility: hidden; pointer-events: none; }
svg.bk-svg .fz-hit:hover .fz-ghost, svg.bk-svg .fz-hit:focus .fz-ghost { visibility: visible; }
svg.bk-svg .fz-hit .bk-shape { fill: transparent; stroke: none; }
svg.bk-svg .fz-hit.bk-legal .bk-shape { stroke: #e8a200; stroke-width: 2px; }
"""


class _Drawn(Protocol):
    """What a sheet's drawing reads of a state (a FreizeitparkState, or park_svg's view)."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def pending(self) -> Step | None: ...


def _game(state: State) -> FreizeitparkState:
    """A board's state, which is a Freizeitpark one."""
    assert isinstance(state, FreizeitparkState), state
    return state


class Selection:
    """What the user has picked so far this decision (not part of the game state)."""

    def __init__(self) -> None:
        #: (action count, player) the selection belongs to
        self.key: tuple[int, int | None] | None = None
        self.die: int | None = None
        self.symbol: str | None = None
        self.turn = 0

    def sync(self, state: FreizeitparkState) -> None:
        """Start a fresh selection for a new decision; keep it valid for the roll."""
        key = (state.action_count, state.current_player)
        step = state.pending
        if key != self.key:
            self.key, self.die, self.symbol, self.turn = key, None, None, 0
        if not isinstance(step, BuildStep):
            return
        dice = step.dice
        if self.die not in dice:
            self.die = dice[0]
        other = dict(splits(dice))[self.die]
        options = symbol_options(state.rules, other)
        if self.symbol not in options:
            self.symbol = options[0]


# ------------------------------------------------------------------ drawing


def _shape_cells(state: _Drawn, face: int, turn: int) -> Shape:
    rs = state.rules
    return rs.entrance[turn] if face == 0 else rs.structures[face][turn]


def anchor_action(state: FreizeitparkState, sel: Selection, x: int, y: int) -> Action | None:
    """The action that puts the selected structure's first cell on ``(x, y)``."""
    step = state.pending
    if step is None:
        return None
    if isinstance(step, BuildStep):
        assert sel.die is not None and sel.symbol is not None, "sel.sync(state) chooses both"
        cells = _shape_cells(state, sel.die, sel.turn)
        fx, fy = cells[0]
        return Build(sel.die, sel.symbol, sel.turn, x - fx, y - fy)
    turns = len(state.rules.entrance)
    turn = sel.turn % turns
    fx, fy = state.rules.entrance[turn][0]
    return Entrance(turn, x - fx, y - fy)


def sheet_layout(players: int, rs: Ruleset) -> tuple[int, int]:
    """(cell size, sheets per row): the sheets side by side (up to 4; 5 or 6 in two rows of
    3), with cells as large as fit the laptop-screen picture (``S.FIT_W`` x ``S.FIT_H``),
    between 20 and 30 units. Up to 4 players on 10x10 sheets the picture fits at full size."""
    cols = players if players <= MAX_PER_ROW else 3
    rows = -(-players // cols)
    wide = (S.FIT_W - 2 * MARGIN) / cols - SHEET_GAP
    high = (S.FIT_H - TOP - PANEL_H) / rows - SHEET_HEAD - SHEET_FOOT
    return max(MIN_CELL, min(CELL, int(wide / rs.width), int(high / rs.height))), cols


def _sheet_origin(index: int, rs: Ruleset, cell: int, cols: int) -> tuple[float, float]:
    col, row = index % cols, index // cols
    w = rs.width * cell + SHEET_GAP
    h = SHEET_HEAD + rs.height * cell + SHEET_FOOT
    return MARGIN + SHEET_GAP - 6 + col * w, TOP + PANEL_H + SHEET_HEAD + row * h


def _outline(cells: Iterable[Cell], x0: float, y0: float, colour: str, dash: str | None = None,
             cell: float = CELL) -> str:
    geom = union_cells(list(cells))
    polys = getattr(geom, "geoms", [geom])
    parts = []
    for poly in polys:
        rings = [poly.exterior, *poly.interiors]
        for ring in rings:
            pts = " ".join(f"{S.num(x0 + x * cell)},{S.num(y0 + y * cell)}" for x, y in ring.coords)
            parts.append(f"M{pts}Z")
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<path d="{" ".join(parts)}" fill="none" stroke="{colour}" stroke-width="2.5" '
            f'stroke-linejoin="round"{dash_attr} pointer-events="none"/>')


def _glyph_cell(x0: float, y0: float, x: int, y: int, symbol: str, faded: bool = False,
                cell: float = CELL) -> str:
    c = content().constructs[symbol]
    px, py = x0 + x * cell, y0 + y * cell
    opacity = ' opacity="0.45"' if faded else ""
    return (f'<g{opacity}>' + S.rect(px + 1, py + 1, cell - 2, cell - 2, fill=c.colour, stroke="none",
                                     rx=3, shape=False)
            + S.text(px + cell / 2, py + cell / 2, c.glyph, size=cell * 0.5, anchor="middle",
                     weight=700, fill="#ffffff") + "</g>")


def _sheet_svg(state: _Drawn, obs: dict, p: int, sel: Selection | None, legal: set[str],
               clickable: bool, cell: int = CELL, cols: int = MAX_PER_ROW) -> str:
    rs = state.rules
    CELL = cell  # noqa: N806 - the cell size of this picture
    x0, y0 = _sheet_origin(p, rs, cell, cols)
    info = obs["players"][p]
    rows = info["sheet"]
    parts = []
    status = {"playing": "", "won": " · won", "fired": " · fired (gefeuert)",
              "out": " · out (ausgeschieden)"}[info["status"]]
    decided = " · has decided" if info["decided"] and not obs["is_over"] else ""
    skipped = (" · skips this roll (it fits nowhere)"
               if info.get("skipped") and info["status"] == "playing" and not obs["is_over"]
               else "")
    head = f"P{p + 1}{status}{decided}{skipped}"
    width = rs.width * CELL
    room = width + SHEET_GAP - 6  # up to the next sheet's row numbers
    size = next((z for z in (14, 12, 11) if S.text_width(head, z, bold=True) <= room), 10)
    for i, line in enumerate(reversed(S.wrap(head, room, size, bold=True)[:2])):
        parts.append(S.text(x0, y0 - 10 - i * (size + 2), line, size=size, weight=700,
                            fill=S.player_colour(p)))
    parts.append(S.rect(x0 - 2, y0 - 2, rs.width * CELL + 4, rs.height * CELL + 4, fill="none",
                        stroke=S.player_colour(p), stroke_width=2, rx=4, shape=False))
    # axis labels: the very names every message and log line uses (rows from 1 at the top)
    for x, name in enumerate(rs.labels.columns()):
        parts.append(S.text(x0 + x * CELL + CELL / 2, y0 + rs.height * CELL + 10, name,
                            size=S.MIN_FONT, anchor="middle", fill=S.MUTED))
    for y, name in enumerate(rs.labels.rows()):
        parts.append(S.text(x0 - 5, y0 + y * CELL + CELL / 2, name, size=S.MIN_FONT,
                            anchor="end", fill=S.MUTED))
    sheet = Sheet(rs.width, rs.height)
    for y, row in enumerate(rows):
        for x, symbol in enumerate(row):
            px, py = x0 + x * CELL, y0 + y * CELL
            parts.append(S.rect(px, py, CELL, CELL, fill=S.EMPTY, stroke="#d8d2c4", stroke_width=1,
                                shape=False))
            if symbol:
                sheet.cells[(x, y)] = symbol
                parts.append(_glyph_cell(x0, y0, x, y, symbol, cell=CELL))
    an = analysis(rs, sheet)
    for g in an.groups:
        st = an.status(g)
        if g.finished and g.symbol not in ("landschaft",):
            parts.append(_outline(g.cells, x0, y0, S.INK, cell=CELL))
        elif g.finished:  # a Landschaft square (card Park der Landschaft)
            parts.append(_outline(g.cells, x0, y0, "#145a32", cell=CELL))
        elif st == "sin":
            parts.append(_outline(g.cells, x0, y0, "#b3261e", dash="4 3", cell=CELL))
    for x, y in an.enclosed:
        px, py = x0 + x * CELL, y0 + y * CELL
        parts.append(S.text(px + CELL / 2, py + CELL / 2, "×", size=CELL * 0.6, anchor="middle",
                            fill="#b3261e", weight=700))
    pending = info["pending"]
    if pending is not None:
        for x, y in pending["cells"]:
            parts.append(_glyph_cell(x0, y0, x, y, pending["symbol"], faded=True, cell=CELL))
    if clickable and sel is not None:
        parts.append(_hit_layer(state, sel, legal, x0, y0, CELL))
    parts.append(_tables_svg(state, obs, p, x0, y0 + rs.height * CELL + 18, CELL))
    return "".join(parts)


def _hit_layer(state: _Drawn, sel: Selection, legal: set[str], x0: float, y0: float,
               cell: int = CELL) -> str:
    rs = state.rules
    CELL = cell  # noqa: N806 - the cell size of this picture
    face = 0  # the Eingang
    if isinstance(state.pending, BuildStep):
        assert sel.die is not None, "sel.sync(state) chooses the die"
        face = sel.die
    turn = sel.turn if face else sel.turn % len(rs.entrance)
    shape = _shape_cells(state, face, turn)
    fx, fy = shape[0]
    colour_ok, colour_bad = "#2e7d32", "#c62828"
    parts = []
    for y in range(rs.height):
        for x in range(rs.width):
            target = f"cell:{x},{y}"
            ok = target in legal
            ghost = []
            for cx, cy in shape:
                gx, gy = x + cx - fx, y + cy - fy
                ghost.append(S.rect(x0 + gx * CELL + 2, y0 + gy * CELL + 2, CELL - 4, CELL - 4,
                                    fill=colour_ok if ok else colour_bad, stroke="none", rx=3,
                                    shape=False, opacity=0.55))
            hit = S.rect(x0 + x * CELL, y0 + y * CELL, CELL, CELL, fill="transparent",
                         stroke="none")
            label = f"cell {rs.labels.cell((x, y))}: {'legal' if ok else 'not legal'} here"
            parts.append(S.group([hit, f'<g class="fz-ghost">{"".join(ghost)}</g>'], target,
                                 legal, label=label, extra_class="fz-hit"))
    return "".join(parts)


def _tables_svg(state: _Drawn, obs: dict, p: int, x0: float, y0: float,
                cell: int = CELL) -> str:
    rs = state.rules
    CELL = cell  # noqa: N806 - the cell size of this picture
    info = obs["players"][p]
    parts = []
    width = rs.width * CELL
    for i, name in enumerate(TABLES):
        t = rs.tables[name]
        marks = info["tables"][name]
        y = y0 + i * TRACK_ROW
        parts.append(S.text(x0, y + 6, content().label(name, "table"), size=TRACK_FONT,
                            fill=S.MUTED, class_="fz-track"))
        box = min(12.0, (width - 4) / t.fields)
        for k in range(t.fields):
            bx = x0 + k * box
            fill = S.player_tint(p) if k < marks else S.PAPER
            parts.append(S.rect(bx, y + 13, box - 1.5, 8, fill=fill, stroke="#9e9e9e",
                                stroke_width=0.6, shape=False))
            if k == t.minimum - 1:
                parts.append(S.rect(bx + box - 2, y + 11, 1.5, 12, fill=S.INK, stroke="none",
                                    shape=False))
    extra = []
    if info["penalty"]:
        extra.append(f"penalty −{info['penalty']}")
    if info["enclosed"]:
        extra.append(f"{len(info['enclosed'])} enclosed")
    if obs["card"] is not None:
        have, need = info["card_progress"]
        extra.append(f"Auftrag {have}/{need}{' ✓' if have >= need else ''}")
    if extra:  # wrapped to the sheet's width (the next sheet starts beside it)
        parts.append(S.lines(x0, y0 + 4 * TRACK_ROW + 6,
                             S.wrap(" · ".join(extra), width + 12, TRACK_FONT)[:2],
                             size=TRACK_FONT, line_height=14, fill=S.MUTED, class_="fz-track"))
    return "".join(parts)


def _panel_svg(state: FreizeitparkState, obs: dict, sel: Selection | None, legal: set[str],
               clickable: bool) -> str:
    parts = []
    x, y = MARGIN, TOP
    step = state.pending
    if obs["card"] is not None:  # the whole card, wrapped, at the panel's right
        card = obs["card"]
        cx, cw = CARD_X, S.FIT_W - MARGIN - CARD_X
        title = S.wrap(f"Auftragskarte: {content().label(card['id'], 'card')}", cw, 11, bold=True)
        parts.append(S.lines(cx, y + 2, title, size=11, line_height=14, weight=700))
        body = S.wrap(card["text"], cw, 10)
        parts.append(S.lines(cx, y + 4 + 14 * len(title), body, size=10, line_height=12.5,
                             fill=S.MUTED))
    if obs["dice"] is None or not isinstance(step, BuildStep):
        if step is not None and not obs["is_over"]:
            parts.append(S.text(x, y + 8, "draw the Eingang (entrance) on the border; r / f "
                                "turn it", size=13, fill=S.MUTED))
        return "".join(parts)
    dice = tuple(obs["dice"])
    # two short lines: the structure's text starts 118 px to the right
    parts.append(S.lines(x, y - 4, ["click the die", "for the structure"], size=11,
                         line_height=12, fill=S.MUTED))
    for i, value in enumerate(dice):
        chosen = sel is not None and sel.die == value and (i == 0 or dice[0] != value)
        parts.append(S.die(x + i * 52, y + 20, value, size=42,
                           target=f"split:{value}" if clickable else None, legal=(),
                           fill=S.player_tint(state.current_player) if chosen else S.PAPER,
                           label=f"use the {value} for the structure"))
    if sel is None or not clickable:
        return "".join(parts)
    assert sel.die is not None, "sel.sync(state) chooses the die"
    other = dict(splits(dice))[sel.die]
    rs = state.rules
    name = content().structures[sel.die]
    sx = x + 118
    parts.append(S.text(sx, y + 8, f"structure: the {name.de}{OURS} ({name.name}) of the "
                        f"{sel.die}", size=12))
    parts.append(S.text(sx, y + 26, f"symbol from the {other}:", size=12))
    for k, symbol in enumerate(symbol_options(rs, other)):
        c = content().constructs[symbol]
        bx, by = sx + (k % 3) * SYMBOL_W, y + 38 + (k // 3) * 30
        selected = symbol == sel.symbol
        inner = [S.rect(bx, by, SYMBOL_W - 6, 26, fill=c.colour if selected else S.PAPER,
                        stroke=c.colour, stroke_width=2, rx=5),
                 S.text(bx + 6, by + 13, f"{c.glyph} {content().label(symbol)}", size=10,
                        weight=700 if selected else 400,
                        fill="#ffffff" if selected else S.INK)]
        parts.append(S.group(inner, f"sym:{symbol}", (), label=content().label(symbol),
                             extra_class="bk-box"))
    parts.append(S.button(x, y + 72, 52, 24, "rotate", target="rotate", legal=("rotate",)))
    parts.append(S.button(x + 56, y + 72, 46, 24, "flip", target="flip", legal=("flip",)))
    n = sum(1 for t in legal if t.startswith("cell:"))
    parts.append(S.lines(x, y + 110, [f"{plural(n, 'legal place')} for this", "choice (r: rotate, f: flip)"],
                         size=10, line_height=13, fill=S.MUTED))
    rows = -(-len(symbol_options(rs, other)) // 3)  # below the symbols' buttons
    parts.append(S.text(sx, y + 38 + rows * 30 + 6, OURS_NOTE, size=10, fill=S.MUTED))
    return "".join(parts)


def _try_cells(state: FreizeitparkState, act: Action) -> list[Cell]:
    """The sheet cells an attempted action would draw (those on the sheet), or []."""
    if not isinstance(act, Entrance | Build):
        return []  # not a Freizeitpark drawing: the verdict box says why
    try:
        face = 0 if isinstance(act, Entrance) else act.die
        cells = structure_cells(state.rules, face, act.turn, act.x, act.y)
    except (AttributeError, IndexError, KeyError, TypeError):
        return []  # no such structure or orientation: the verdict box says why
    return [c for c in cells if 0 <= c[0] < state.rules.width and 0 <= c[1] < state.rules.height]


def _try_ghost(state: FreizeitparkState, act: Action, verdict: Explanation, number: int, x0: float, y0: float,
               cell: int) -> str:
    """An attempted structure as a ghost on the sheet: green when legal, red when refused,
    with the symbol's glyph and the attempt's number (its box below the sheets says more)."""
    cells = _try_cells(state, act)
    if not cells:
        return ""
    colour = S.TRIED_OK if verdict.legal else S.TRIED_BAD
    symbol = "eingang" if isinstance(act, Entrance) else getattr(act, "symbol", None)
    glyph = content().constructs[symbol].glyph if symbol in content().constructs else ""
    parts = []
    for x, y in cells:
        px, py = x0 + x * cell, y0 + y * cell
        parts.append(S.rect(px + 2, py + 2, cell - 4, cell - 4, fill=colour, stroke="none", rx=3,
                            shape=False, opacity=0.55))
        parts.append(S.text(px + cell / 2, py + cell / 2, glyph, size=cell * 0.45,
                            anchor="middle", weight=700, fill="#ffffff"))
    parts.append(_outline(cells, x0, y0, colour, dash=None if verdict.legal else "5 3", cell=cell))
    bx, by = min(cells, key=lambda c: (c[1], c[0]))
    parts.append(S.circle(x0 + bx * cell + 3, y0 + by * cell + 3, 8, fill=colour))
    parts.append(S.text(x0 + bx * cell + 3, y0 + by * cell + 3, number, size=10,
                        anchor="middle", weight=700, fill="#ffffff"))
    return f"<g pointer-events='none' class='fz-try'>{''.join(parts)}</g>"


def draw(state: FreizeitparkState, viewer: int | str | None = None, sel: Selection | None = None,
         legal: set[str] | frozenset[str] = frozenset(),
         tries: Sequence[tuple[Action, Explanation]] = ()) -> str:
    """The board as an SVG string (``viewer``: whose eyes; ``None`` sees everything).

    ``tries``: attempted actions of the deciding player, as (action, verdict) pairs (see
    :meth:`FreizeitparkBoard.attempt`): drawn as numbered ghosts on that player's sheet and
    listed below the sheets with the rules' verdicts."""
    obs = state.observation(viewer)
    rs = state.rules
    deciding = state.current_player
    clickable = deciding is not None and viewer in (None, deciding)
    n = state.players
    cell, cols = sheet_layout(n, rs)
    rows = -(-n // cols)
    width = max(MARGIN * 2 + cols * (rs.width * cell + SHEET_GAP), S.FIT_W)
    height: float = TOP + PANEL_H + rows * (SHEET_HEAD + rs.height * cell + SHEET_FOOT)
    if deciding is None:  # the game is over
        head = game_over_text(state, obs)
    elif obs["round"] == 0:
        head = f"Round 0 (Eingang) · P{deciding + 1}: {obs['prompt']}"
    else:
        head = f"Round {obs['round']} · P{deciding + 1} decides (in secret)"
    # a finished game's heading names every park (a long ranking): it wraps into the empty
    # panel below, beside the Auftragskarte if there is one
    room = (CARD_X - 10 if obs["card"] is not None else width - MARGIN) - MARGIN
    parts = [f"<style>{GHOST_CSS}</style>",
             S.lines(MARGIN, 20, S.wrap(head, room, 15, bold=True) if deciding is None else [head],
                     size=15, line_height=19, weight=600)]
    parts.append(_panel_svg(state, obs, sel, set(legal), clickable))
    for p in range(n):
        parts.append(_sheet_svg(state, obs, p, sel, set(legal), clickable and p == deciding,
                                cell, cols))
    if tries and deciding is not None:
        x0, y0 = _sheet_origin(deciding, rs, cell, cols)
        parts += [_try_ghost(state, act, verdict, k, x0, y0, cell)
                  for k, (act, verdict) in enumerate(tries, 1)]
        boxes, low = S.attempt_boxes(tries, width - 32, height,
                                     labels=[f"{k}. P{deciding + 1} tried"
                                             for k in range(1, len(tries) + 1)])
        parts += boxes
        height = low + 6
    return S.document(width, height, parts, title=f"Freizeitpark: {obs['prompt']}",
                      game=state.game.name, actions=state.action_count,
                      viewer=S.viewer_label(viewer))


def game_over_text(state: FreizeitparkState, obs: dict) -> str:
    """The heading of a finished game: the winners by the rules, or that there is none
    (with the parks ranked by their score: required marks reached)."""
    won = obs["winners"]
    head = f"Game over after round {obs['round']} · "
    if won:
        return head + ("winner" if len(won) == 1 else "winners (shared)") + ": " + ", ".join(
            f"P{p + 1}" for p in won)
    scores = state.scores()
    order = sorted(range(state.players), key=lambda p: (-scores[p], p))
    ranking = ", ".join(f"P{p + 1} {scores[p]:.0f}" for p in order)
    return (head + "no winner: everybody is fired or out · closest to the minimums "
            f"(required marks): {ranking}")


# ------------------------------------------------------------------ the widget


class FreizeitparkBoard(Board):
    """Pick the structure's die and the symbol, turn the ghost, click a cell to draw.

    :meth:`attempt` (for notebooks) shows what the rules say about a build without playing
    it: a numbered ghost of its structure on the deciding player's sheet (green: legal, red:
    refused) and, below the sheets, the action with its verdict (the rule and its message).
    The reader's next click or key clears them.
    """

    title = "Freizeitpark"

    def __init__(self, state: State, **kwargs: Any) -> None:
        self.selection = Selection()
        super().__init__(state, **kwargs)

    def render(self, state: State, viewer: int | str | None, legal_targets: set[str]) -> str:
        state = _game(state)
        self.selection.sync(state)
        return draw(state, viewer, self.selection, legal_targets, self.current_tries(state))

    def targets(self, state: State) -> dict[str, Action]:
        """``cell:x,y`` -> the legal action of the current selection anchored there."""
        state = _game(state)
        if state.is_over:
            return {}
        self.selection.sync(state)
        legal = set(state.legal_actions())
        rs = state.rules
        out: dict[str, Action] = {}
        for y in range(rs.height):
            for x in range(rs.width):
                act = anchor_action(state, self.selection, x, y)
                if act in legal:
                    out[f"cell:{x},{y}"] = act
        return out

    def intent(self, msg: ClickMessage | DragMessage | KeyMessage, state: State
               ) -> Action | None:
        state = _game(state)
        sel = self.selection
        sel.sync(state)
        if isinstance(msg, KeyMessage):
            key = msg.key.lower()
            if key in ("r", "f"):
                self._turn(state, "rotate" if key == "r" else "flip")
                self.refresh()
            return None
        if not isinstance(msg, ClickMessage):
            return None
        target = msg.target
        if state.is_over:
            raise ActionFormatError("the game is over")
        if m := _CELL_T.match(target):
            return anchor_action(state, sel, int(m[1]), int(m[2]))
        if target in ("rotate", "flip"):
            self._turn(state, target)
            self.refresh()
            return None
        step = state.pending
        if m := _SPLIT_T.match(target):
            value = int(m[1])
            if not isinstance(step, BuildStep) or value not in step.dice:
                raise ActionFormatError(f"there is no die showing {value} to pick")
            sel.die, sel.turn = value, 0
            sel.sync(state)
            self.refresh()
            return None
        if m := _SYMBOL_T.match(target):
            symbol = m[1]
            if not isinstance(step, BuildStep):
                raise ActionFormatError("no symbol to choose now")
            assert sel.die is not None, "sel.sync(state) chooses the die"
            other = dict(splits(step.dice))[sel.die]
            if symbol not in symbol_options(state.rules, other):
                raise ActionFormatError(f"the {other} does not give {symbol}")
            sel.symbol = symbol
            self.refresh()
            return None
        raise ActionFormatError(f"freizeitpark board: unknown target {target!r}")

    def _turn(self, state: FreizeitparkState, how: str) -> None:
        """Rotate (a quarter turn) or mirror the selected structure."""
        sel = self.selection
        step = state.pending
        if step is None:
            return
        rs = state.rules
        shapes = rs.entrance
        if isinstance(step, BuildStep):
            assert sel.die is not None, "sel.sync(state) chooses the die"
            shapes = rs.structures[sel.die]
        current = shapes[sel.turn % len(shapes)]
        moved = rotate_cells(current, 1) if how == "rotate" else reflect_cells(current, "y")
        key = tuple(map(tuple, translate_to_origin(moved).tolist()))
        sel.turn = shapes.index(key)


# ------------------------------------------------------------------ the symbol table


def _shape_picture(cells: Iterable[Cell], colour: str, glyph: str, x0: float, y0: float, size: float) -> str:
    parts = []
    for x, y in cells:
        parts.append(S.rect(x0 + x * size, y0 + y * size, size - 2, size - 2, fill=colour,
                            stroke="none", rx=2, shape=False))
        if glyph:
            parts.append(S.text(x0 + x * size + size / 2 - 1, y0 + y * size + size / 2 - 1, glyph,
                                size=size * 0.55, anchor="middle", weight=700, fill="#ffffff"))
    return "".join(parts)


def legend_svg(card: str | None = None, state: FreizeitparkState | None = None) -> str:
    """The Zeichenerklärung (symbol table): the structure of every die face, the Eingang,
    and every symbol with the faces that give it, its construct's shape, score table and
    German/English name (for ``state``'s rules, else the default rules with ``card``)."""
    from .game import GAME
    from .regelwerk import ruleset

    data = content()
    if state is not None:
        rs = state.rules
    else:
        params = GAME.make_params()
        assert isinstance(params, Params), params
        rs = ruleset(params, card)
    card = rs.card.id if rs.card is not None else None
    size = 16
    head = "Structures (Strukturen): the die used for the structure"
    parts = [S.text(MARGIN, 16, head, size=13, weight=700),
             S.text(MARGIN + S.text_width(head, 13, bold=True) + 16, 16, OURS_NOTE, size=10,
                    fill=S.MUTED)]
    x = MARGIN
    for face in range(1, 7):
        s = data.structures[face]
        parts.append(S.die(x, 30, face, size=26))
        parts.append(_shape_picture(s.cells, "#5d6d7e", "", x + 34, 30, size))
        parts.append(S.text(x, 98, f"{s.de}{OURS}", size=10, fill=S.MUTED))
        parts.append(S.text(x, 111, f"({s.name})", size=10, fill=S.MUTED))
        x += 118
    parts.append(_shape_picture(data.entrance.cells, data.constructs["eingang"].colour, "E", x + 4,
                                30, size))
    parts.append(S.text(x, 98, "Eingang", size=10, fill=S.MUTED))
    parts.append(S.text(x, 111, "(entrance)", size=10, fill=S.MUTED))
    parts.append(S.text(MARGIN, 134, "Symbols and constructs (Symbole, Konstrukte): faces → "
                        "symbol → shape → table", size=13, weight=700))
    shown = [c for c in data.constructs.values()
             if c.kind != "entrance" and (c.card is None or c.card == card)]
    y = 150
    for i, c in enumerate(shown):
        col, row = i % 4, i // 4
        cx, cy = MARGIN + col * 230, y + row * 118
        faces = " or ".join(str(f) for f in range(1, 7) if c.id in rs.faces[f]) or "—"
        parts.append(S.text(cx, cy + 6, f"{c.glyph} {data.label(c.id)}", size=11, weight=700,
                            fill=c.colour))
        parts.append(S.text(cx, cy + 22, f"die {faces}" + (f" · {data.de(c.table, 'table')}"
                                                          if c.table else ""), size=10,
                            fill=S.MUTED))
        if c.cells:
            parts.append(_shape_picture(c.cells, c.colour, c.glyph, cx, cy + 32, size))
        else:
            parts.append(S.text(cx, cy + 44, "any shape (grows freely)", size=10, fill=S.MUTED))
    rows = (len(shown) + 3) // 4
    return S.document(MARGIN * 2 + 4 * 230, y + rows * 118 + 10, parts,
                      title="Freizeitpark: Zeichenerklärung")


def park_svg(sheet: Sheet, rs: Ruleset | None = None, title: str = "") -> str:
    """One sheet on its own (a hand-drawn park, say), with constructs outlined, building
    sins dashed and enclosed empty cells crossed, and its four tables."""
    from .ende import standing
    from .game import GAME
    from .regelwerk import ruleset

    if rs is None:
        params = GAME.make_params({"sheet.width": sheet.width, "sheet.height": sheet.height})
        assert isinstance(params, Params), params
        rs = ruleset(params, None)
    st = standing(rs, sheet)

    class _View:  # the little of a state that _sheet_svg reads (_Drawn)
        pending = None

        def __init__(self, rules: Ruleset) -> None:
            self.rules = rules

    obs = {"is_over": False, "card": None,
           "players": [{"sheet": sheet.rows(), "status": "playing", "decided": False,
                        "skipped": False,
                        "pending": None, "tables": {t: st.marks(t) for t in TABLES},
                        "penalty": 0, "enclosed": sorted(map(list, analysis(rs, sheet).enclosed)),
                        "card_progress": [0, 0]}]}
    body = _sheet_svg(_View(rs), obs, 0, None, set(), False).replace(
        ">P1<", f">{S.esc(title or 'a park')}<", 1)
    shift = TOP + PANEL_H - 30
    width = MARGIN * 2 + rs.width * CELL + 4
    height = 30 + rs.height * CELL + 4 * 24 + 36
    return S.document(width, height, [f'<g transform="translate(0,-{shift})">{body}</g>'],
                      title=title or "a Freizeitpark sheet")
