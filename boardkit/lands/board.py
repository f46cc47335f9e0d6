"""The Lands of Amazement board: the table as one SVG, cards dragged freely onto park areas.

* **Tray** (left, bottom): the card to place (drawn card, picked-up card, or the selected
  reserved card in the Megapark Phase). Drag it onto a park's area; press ``r`` or click
  "rotate" to turn it, click "shape 0/1" to choose the shape it adds, "under" to slip it
  beneath the park's cards. While dragging, a ghost follows the pointer, green when the
  drop would be legal and red with the rule's message when not (Python re-draws it on each
  drag message; no game-specific JavaScript). Over a park's area the ghost snaps to the
  nearest square, and so does the drop: the hand need not be precise to a pixel. (A board made
  with ``snap`` below 0.5 snaps only drops that near a square and sends the others to the
  rules as they are, which refuse them, ``lands.build.align``; so does any action given with
  a fractional position.)
* **Parks** (right): each in its own 14×14 area, plus an empty area for a new park.
* **Rearranging** (rule ``lands.rearrange.within``): drag any card of a park to lay it anew;
  click a card to pick it, then "r" / "turn" and the shape buttons change it. The cards
  moved so far form a *draft* of the park, drawn in its area with a running verdict: the
  layout may be illegal in between. "done rearranging" sends the whole draft as one
  :class:`Relayout`, which the State accepts or refuses (with the rule's message, the game
  unchanged, the draft kept to fix); "cancel" drops the draft. No limit on the moves.
* Plans on the stacks, the portfolio (covered rounds dimmed), the megapark plan, the deck, the
  discard pile (click a card to reserve it at the end of a round), the reserved pile, buttons
  for the other decisions, and the score breakdown.

* **Attempts** (for notebooks): :meth:`LandsBoard.attempt` shows what the rules say about an
  action on the shown position without playing it — a placement as a ghost (green, or red
  with its rule and message), a rearrangement as the draft with its verdict, any other
  refused action in a red box below the table and in the panel. The reader's next click or
  drag clears them.

The board never decides legality: every drop becomes a :class:`Place` or :class:`Move` and
the State accepts or refuses it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypedDict

from boardkit.boards import Board
from boardkit.boards import svg as S
from boardkit.boards.base import ClickMessage, DragMessage, KeyMessage
from boardkit.engine import Action, ActionFormatError, Explanation, RuleViolation, State
from boardkit.engine.grid import card_polygon, card_to_world

from .actions import (
    Complete,
    Continue,
    Decline,
    DoneReserving,
    Finish,
    Move,
    Place,
    PutBack,
    Relayout,
    Reserve,
    UseAbility,
)
from .building import AREA, Orient, orient
from .building import icons as park_icons
from .content import LETTER, SQUARES, content
from .megapark import MegaStep
from .portfolio import BuildStep, PlaceStep
from .rearranging import MoveStep
from .scoring import Cell, rotations
from .solver import Hint, hint
from .state import LandsPlay

COLOURS = {"rides": "#d1495b", "gifts": "#e0a100", "games": "#00798c", "food": "#4f9d69",
           "shows": "#8d6cab"}
CELL = 18  # one square of a park area, in SVG units (the tray card uses the same size)
SMALL = 17  # a square of a plan on a stack (its letter 10 px)
ICON = 17  # a portfolio icon
FRAME = AREA * CELL
LEFT = 348  # the parks' areas start here (the left column holds the rest of the table)
COLUMN_W = LEFT - 16 - 18  # the left column's width (row numbers of the first area after it)
TOP = 48
GAP = 24  # between two park areas: the second area's row numbers
TEXT = 10  # the smallest text
_CLICK = re.compile(r"^(complete|ability|reserve|park|select|shape|dshape):(\d{1,2})(?::(\d{1,2}))?$")
_PARK_CARD = re.compile(r"^park:(\d{1,2}):(\d{1,2})$")


def _icon_cell(x: float, y: float, size: float, icon: str | None, strong: bool = True,
               label: bool = True) -> str:
    parts = [S.rect(x, y, size, size, fill=COLOURS[icon] if icon else S.PAPER, stroke="#555",
                    stroke_width=0.6, shape=False, opacity=None if strong else 0.45)]
    if icon and label and size >= 12:
        parts.append(S.text(x + size / 2, y + size / 2, LETTER[icon], size=size * 0.6,
                            anchor="middle", weight=700, fill=S.PAPER))
    return "".join(parts)


def pattern(cells_icons: Mapping[Cell, str], x0: float, y0: float, size: float,
            label: bool = True) -> str:
    """Draw {(x, y): icon} with its lowest row at the bottom (y grows upwards)."""
    if not cells_icons:
        return ""
    top = max(y for _, y in cells_icons)
    left = min(x for x, _ in cells_icons)
    return "".join(_icon_cell(x0 + (x - left) * size, y0 + (top - y) * size, size, icon,
                              label=label) for (x, y), icon in cells_icons.items())


def card_face(card: int, angle: int, shape: int, x0: float, y0: float, size: float,
              ghost: str | None = None) -> str:
    """A whole card turned by ``angle`` with its footprint's top-left corner at (x0, y0)."""
    o = orient(card, angle)
    spec = content().cards[card]
    fill = "#fbf8f1"
    stroke = {None: "#444", "ok": "#1b7f3b", "bad": "#b3261e"}[ghost]
    parts = [S.rect(x0, y0, o.w * size, o.h * size, fill=fill, stroke=stroke,
                    stroke_width=2.5 if ghost else 1.2, rx=2, shape=False,
                    opacity=0.75 if ghost else None)]
    for k in (0, 1):
        for cx, cy in o.cells[k]:
            parts.append(_icon_cell(x0 + cx * size, y0 + (o.h - 1 - cy) * size, size,
                                    spec.shapes[k].icon, strong=(k == shape)))
    return "".join(parts)


class Draft(TypedDict):
    """A rearrangement in progress (only the board knows it)."""

    park: int
    #: the action count it started at
    base: int
    #: [card, x, y, angle, shape] of each card, bottom first
    cards: list[list]


def _lands(state: State) -> LandsPlay:
    """The board's state as the Lands game it is (the board shows only these)."""
    assert isinstance(state, LandsPlay), "a Lands board shows a Lands game"
    return state


class LandsBoard(Board):
    """Drag cards onto parks; rotate with ``r``; click to complete, reserve, rearrange."""

    title = "Lands of Amazement"

    def __init__(self, state: State, *, snap: float = 0.5, **kwargs: Any) -> None:
        #: how near a square (in squares) a dragged card snaps onto it: 0.5, every drop
        self.snap = snap
        self.angle, self.shape, self.under = 0, 0, False
        self.selected: int | None = None  # Megapark Phase: which reserved card is in the tray
        self.ghost: tuple[float, float] | None = None  # top-left of the dragged card (SVG)
        self.grab = (0.0, 0.0)
        self.ghost_verdict: Explanation | None = None
        self.hint_text = ""
        self.draft: Draft | None = None  # a rearrangement in progress
        self.picked: int | None = None  # the draft card that "turn" and the shape buttons change
        self._tray_y = 420.0  # set by render: where the tray card is drawn
        if "agent" not in kwargs:  # the rule-aware player for "AI move" and auto-play
            from .agents import LandsGreedy

            kwargs["agent"] = LandsGreedy(seed=kwargs.get("seed", 0))
        super().__init__(state, **kwargs)

    # ------------------------------------------------------------------ layout
    def frames(self, state: LandsPlay) -> list[tuple[int, float, float]]:
        """(park index, x, y) of each park area on the table, the new-park area last."""
        n = len(state.parks)
        if state.phase == "portfolio" and isinstance(state.pending, PlaceStep):
            n += 1  # room for a new park
        n = max(n, 1)
        out: list[tuple[int, float, float]] = []
        for i in range(n):
            col, row = i % 2, i // 2
            out.append((i, LEFT + col * (FRAME + GAP), TOP + 24 + row * (FRAME + 76)))
        return out

    def tray_card(self, state: LandsPlay) -> int | None:
        step = state.pending
        if isinstance(step, PlaceStep):
            return state.drawn
        if isinstance(step, MoveStep):
            return step.card
        if isinstance(step, MegaStep) and state.hand:
            if self.selected not in state.hand:
                self.selected = state.hand[0]
            return self.selected
        return None

    def tray_origin(self, state: LandsPlay) -> tuple[float, float]:
        return 16, self._tray_y

    # ------------------------------------------------------------------ hooks
    def targets(self, state: State) -> dict[str, Action]:
        state = _lands(state)
        out: dict[str, Action] = {}
        if state.is_over:
            return out
        step = state.pending
        if isinstance(step, (PlaceStep, MoveStep, MegaStep)) or step is None:
            simple = []
        else:
            simple = state.legal_actions()
        if isinstance(step, MegaStep):
            simple = [a for a in (Finish(),) if state.explain(a).legal]
        draft = self.current_draft(state)
        if draft is not None:
            out["relayout"] = self.draft_action()
        if isinstance(step, MoveStep):
            simple = [PutBack()]
        for act in simple:
            if isinstance(act, Continue):
                out["continue"] = act
            elif isinstance(act, Complete):
                out[f"complete:{act.park}:{act.stack}"] = act
            elif isinstance(act, UseAbility):
                out[f"ability:{act.target}"] = act
            elif isinstance(act, Decline):
                out["decline"] = act
            elif isinstance(act, Reserve):
                out[f"reserve:{act.card}"] = act
            elif isinstance(act, DoneReserving):
                out["done"] = act
            elif isinstance(act, Finish):
                out["finish"] = act
            elif isinstance(act, PutBack):
                out["putback"] = act
        return out

    # ------------------------------------------------------------------ rearranging
    @staticmethod
    def can_rearrange(state: LandsPlay) -> bool:
        """Whether the player may lay a park out anew now (the State decides; this only
        says when the board offers it)."""
        return (not state.is_over and bool(state.parks)
                and isinstance(state.pending, (PlaceStep, BuildStep, MegaStep)))

    def current_draft(self, state: LandsPlay) -> Draft | None:
        """The draft, dropped once the game moved on (a move was made, undone or replayed)."""
        d = self.draft
        if d is not None and (d["base"] != state.action_count or not self.can_rearrange(state)
                              or d["park"] >= len(state.parks)):
            self.draft, self.picked = None, None
        return self.draft

    def draft_action(self) -> Relayout:
        d = self.draft
        assert d is not None, "no rearrangement in progress"
        return Relayout(d["park"], tuple(tuple(e) for e in d["cards"]))

    def _start_draft(self, state: LandsPlay, park: int, card: int) -> Draft:
        if not self.can_rearrange(state):
            raise ActionFormatError("cards can be rearranged only while you place, build or "
                                    "complete (lay a picked-up card first)")
        if not 0 <= park < len(state.parks) or card not in [p.card for p in state.parks[park]]:
            raise ActionFormatError(f"there is no card #{card} in park {park}")
        d = self.current_draft(state)
        if d is None:
            d = self.draft = {"park": park, "base": state.action_count,
                              "cards": [list(p) for p in state.parks[park]]}
        elif d["park"] != park:
            raise ActionFormatError(f"you are rearranging park {d['park']}: press \"done "
                                    "rearranging\" or \"cancel\" first")
        self.picked = card
        return d

    def _entry(self, card: int) -> list:
        assert self.draft is not None, "no rearrangement in progress"
        return next(e for e in self.draft["cards"] if e[0] == card)

    def _park_drag(self, msg: DragMessage, state: LandsPlay, park: int, card: int) -> None:
        d = self._start_draft(state, park, card)
        e = self._entry(card)
        o = orient(card, int(e[3]) % 360)
        fx, fy = next((fx, fy) for p, fx, fy in self.frames(state) if p == park)
        left, top = fx + e[1] * CELL, fy + (AREA - e[2] - o.h) * CELL
        if msg.phase == "start":
            self.grab = (msg.x - left, msg.y - top)
            self.refresh()
            return
        left, top = msg.x - self.grab[0], msg.y - self.grab[1]
        if not (fx <= msg.x < fx + FRAME and fy <= msg.y < fy + FRAME):
            if msg.phase == "end":
                self.refresh()
                raise RuleViolation("lands.rearrange.within", f"#{card} belongs to park {park}; "
                                    "cards never move between parks")
            return  # outside its park's area the card stays where it was last shown
        x, y = self.square_under(left, top, fx, fy, o)
        if msg.phase == "move":
            e[1], e[2] = x, y  # the draft follows the pointer, square by square (laid on drop)
            self.refresh()
            return
        d["cards"].remove(e)
        e[1], e[2] = x, y
        if self.under:
            d["cards"].insert(0, e)
        else:
            d["cards"].append(e)
        self.refresh()

    def _turn_picked(self, by: int) -> None:
        assert self.picked is not None, "no card of the draft is picked"
        e = self._entry(self.picked)
        e[3] = int(e[3] + by) % 360
        self.refresh()

    def draft_verdict(self, state: LandsPlay) -> Explanation | None:
        return state.explain(self.draft_action()) if self.current_draft(state) else None

    # ------------------------------------------------------------------ attempts
    def attempt(self, act: Action) -> LandsBoard:
        """Show what the rules say about ``act`` on the shown position, without playing it.

        A :class:`Place` or :class:`Move` appears as a ghost card where it would lie: green
        when legal, red with the refusal's rule and message when not. A :class:`Relayout`
        becomes the board's rearranging draft, drawn with its verdict (press "done
        rearranging" to send it). Any other action is shown in a box below the table (green
        when legal: play it with :meth:`play`), and a refusal in the panel too (see
        :meth:`Board.attempt`). Nothing changes the game. Returns the board, so attempts
        chain; the reader's next click or drag clears them.
        """
        state = self.state
        assert isinstance(state, LandsPlay), state
        if isinstance(act, Relayout) and 0 <= act.park < len(state.parks) \
                and self.can_rearrange(state):
            self.draft = {"park": act.park, "base": state.action_count,
                          "cards": [list(c) for c in act.cards]}
            self.picked = None
            verdict = state.explain(act)
            if not verdict.legal:
                self.last_error = RuleViolation(verdict.rule, verdict.message)
                self._note = ""
            self.refresh()
            return self
        super().attempt(act)
        return self

    def _draw_try(self, state: LandsPlay, act: Place | Move, verdict: Explanation, width: float,
                  taken: list[tuple[float, float, float, float]]) -> tuple[str, str]:
        """(ghost card, message box) of an attempted placement, or ("", "") off the table."""
        step = state.pending
        park = act.park if isinstance(act, Place) else getattr(step, "park", None)
        card = act.card if isinstance(act, Place) else getattr(step, "card", None)
        frame = next(((fx, fy) for p, fx, fy in self.frames(state) if p == park), None)
        if frame is None or card is None:
            return "", ""
        fx, fy = frame
        w, h = content().width, content().height
        x, y, angle = float(act.x), float(act.y), float(act.angle)
        (wx, wy), = card_to_world([(0, 0)], w, h, x, y, angle).tolist()
        ox, oy = fx + wx * CELL, fy + (AREA - wy) * CELL  # the card's own corner (0, 0)
        kind = "ok" if verdict.legal else "bad"
        face = card_face(card, 0, act.shape if act.shape in (0, 1) else 0, ox, oy - h * CELL,
                         CELL, ghost=kind)
        turn = f" transform='rotate({-angle:g} {ox:g} {oy:g})'" if angle % 360 else ""
        ghost = f"<g pointer-events='none'{turn}>{face}</g>"
        left, bottom, _, top = card_polygon(w, h, x, y, angle).bounds
        at = (fx + left * CELL, fy + (AREA - top) * CELL)
        return ghost, self._ghost_message(verdict, width, at, (top - bottom) * CELL, taken, act)

    def intent(self, msg: ClickMessage | DragMessage | KeyMessage, state: State) -> Action | None:
        state = _lands(state)
        if isinstance(msg, KeyMessage):
            if msg.key in ("r", "R"):
                by = 90 if msg.key == "r" else -90
                if self.current_draft(state) is not None and self.picked is not None \
                        and (msg.target or "").startswith("park:"):
                    self._turn_picked(by)
                else:
                    self._turn(by)
            return None
        if isinstance(msg, DragMessage):
            m = _PARK_CARD.match(msg.target)
            if m:
                self._park_drag(msg, state, int(m[1]), int(m[2]))
                return None
            if self.current_draft(state) is not None:
                raise ActionFormatError("finish the rearrangement first: \"done rearranging\" "
                                        "or \"cancel\"")
            return self._drag(msg, state)
        assert isinstance(msg, ClickMessage)
        t = msg.target
        if t == "relayout":
            if self.current_draft(state) is None:
                raise ActionFormatError("nothing is being rearranged")
            return self.draft_action()
        if t == "cancel":
            self.draft, self.picked = None, None
            self.refresh()
            return None
        if t == "dturn":
            if self.current_draft(state) is None or self.picked is None:
                raise ActionFormatError("pick a card of a park first")
            self._turn_picked(90)
            return None
        if t == "rotate":
            self._turn(90)
            return None
        if t == "layer":
            self.under = not self.under
            self.refresh()
            return None
        if t == "hint":
            h = hint(state)
            self.hint_text = hint_words(h) if h else "no hint in this phase"
            self.refresh()
            return None
        simple = {"continue": Continue(), "decline": Decline(), "done": DoneReserving(),
                  "finish": Finish(), "putback": PutBack()}
        if t in simple:
            return simple[t]
        m = _CLICK.match(t)
        if not m:
            raise ActionFormatError(f"lands board: unknown target {t!r}")
        kind, a, b = m[1], int(m[2]), m[3]
        if kind == "shape":
            self.shape = a if a in (0, 1) else 0
            self.refresh()
            return None
        if kind == "dshape":
            if self.current_draft(state) is None or self.picked is None or a not in (0, 1):
                raise ActionFormatError("pick a card of a park first")
            self._entry(self.picked)[4] = a
            self.refresh()
            return None
        if kind == "select":
            self.selected = a
            self.refresh()
            return None
        if kind == "complete" and b is not None:
            return Complete(a, int(b))
        if kind == "ability":
            return UseAbility(a)
        if kind == "reserve":
            return Reserve(a)
        if kind == "park" and b is not None:
            self._start_draft(state, a, int(b))
            self.refresh()
            return None
        raise ActionFormatError(f"lands board: malformed target {t!r}")

    def _turn(self, by: int) -> None:
        self.angle = (self.angle + by) % 360
        self.refresh()

    def _drag(self, msg: DragMessage, state: LandsPlay) -> Action | None:
        card = self.tray_card(state)
        if card is None or msg.target != f"tray:{card}":
            raise ActionFormatError(f"nothing to drag at {msg.target!r} now")
        o = orient(card, self.angle)
        tx, ty = self.tray_origin(state)
        if msg.phase == "start":
            self.grab = (msg.x - tx, msg.y - ty)
            self.ghost = (tx, ty)
            self.ghost_verdict = None
            self.refresh()
            return None
        left, top = msg.x - self.grab[0], msg.y - self.grab[1]
        act = self.drop_action(state, card, left, top, o, msg.x, msg.y)
        if msg.phase == "move":
            self.ghost = self._ghost_corner(state, act, o, (left, top))
            self.ghost_verdict = state.explain(act) if act is not None else None
            self.refresh()
            return None
        self.ghost, self.ghost_verdict = None, None
        if act is None:
            self.refresh()
            raise ActionFormatError("drop the card on a park's area")
        return act

    def _ghost_corner(self, state: LandsPlay, act: Action | None, o: Orient, free: tuple[float, float]) -> tuple[float, float]:
        """Where the dragged ghost is drawn (its top-left corner): on the square the drop
        would take, so the ghost snaps as the card will; where the pointer is off the areas."""
        if not isinstance(act, (Place, Move)):
            return free
        park = act.park if isinstance(act, Place) else getattr(state.pending, "park", None)
        frame = next(((fx, fy) for p, fx, fy in self.frames(state) if p == park), None)
        if frame is None:
            return free
        fx, fy = frame
        return fx + float(act.x) * CELL, fy + (AREA - float(act.y) - o.h) * CELL

    def square_under(self, left: float, top: float, fx: float, fy: float,
                     o: Orient) -> tuple[int | float, int | float]:
        """The (x, y) a card whose footprint's top-left corner is at SVG point (left, top)
        lies on in the area whose top-left corner is (fx, fy): each snapped to the nearest
        square when within :attr:`snap` of it, else the free value (to 0.001)."""
        def snapped(v: float) -> int | float:
            return round(v) if abs(v - round(v)) <= self.snap else round(v, 3)

        return snapped((left - fx) / CELL), snapped(AREA - (top - fy) / CELL - o.h)

    def drop_action(self, state: LandsPlay, card: int, left: float, top: float, o: Orient, px: float, py: float) -> Action | None:
        """The action a drop means: the park area under the pointer, the card's float square."""
        for park, fx, fy in self.frames(state):
            if fx <= px < fx + FRAME and fy <= py < fy + FRAME:
                x, y = self.square_under(left, top, fx, fy, o)
                step = state.pending
                if isinstance(step, MoveStep):
                    if park != step.park:
                        raise RuleViolation("lands.rearrange.within", f"#{card} belongs to park "
                                            f"{step.park}; cards never move between parks")
                    return Move(x, y, self.angle, self.shape, self.under)
                return Place(card, park, x, y, self.angle, self.shape, self.under)
        return None

    # ------------------------------------------------------------------ drawing
    def render(self, state: State, viewer: int | str | None, legal_targets: set[str]) -> str:
        state = _lands(state)
        obs = state.observation(viewer)
        head = S.wrap(self._headline(state, obs), LEFT + 2 * FRAME + GAP - 16, 14, bold=True)
        parts = [S.lines(16, 14, head[:2], size=14, line_height=17, weight=600)]
        y: float = TOP + 10
        y = self._draw_goal(state, obs, parts, y)
        y = self._draw_stacks(state, obs, parts, y + 8)
        y = self._draw_piles(state, obs, parts, legal_targets, y + 8)
        self._tray_y = y + 34
        y = self._draw_tray(state, parts, legal_targets, y + 8)
        y = self._draw_buttons(state, parts, legal_targets, y + 8)
        bottom = self._draw_parks(state, parts, legal_targets)
        frames = self.frames(state)
        if len(frames) <= 2:  # one row of park areas: the score goes below them
            bottom = max(bottom, self._draw_score(state, parts, LEFT, bottom + 8))
        else:
            y = self._draw_score(state, parts, 16, y + 12)
        width = LEFT + 2 * FRAME + GAP + 16
        tray = self.tray_card(state)
        if self.ghost is not None and tray is not None:
            verdict = self.ghost_verdict
            kind = None if verdict is None else ("ok" if verdict.legal else "bad")
            parts.append(f"<g pointer-events='none'>{card_face(tray, self.angle, self.shape, *self.ghost, CELL, ghost=kind or 'ok')}</g>")
            if verdict is not None and not verdict.legal:
                o = orient(tray, self.angle)
                parts.append(self._ghost_message(verdict, width, self.ghost, o.h * CELL, []))
        tries = self.current_tries(state)
        boxes: list[str] = []
        taken: list[tuple[float, float, float, float]] = []
        for act, verdict in tries:
            if isinstance(act, (Place, Move)):
                ghost, box = self._draw_try(state, act, verdict, width, taken)
                parts.append(ghost)
                boxes.append(box)
        parts += boxes  # messages above every ghost card
        refusals, low = S.attempt_boxes([t for t in tries if not isinstance(t[0], (Place, Move))],
                                        width - 32, max(y, bottom) + 8)
        parts += refusals
        height = (low if refusals else max(y, bottom)) + 16
        return S.document(width, height, parts, title=f"Lands of Amazement: {obs['prompt']}",
                          game=state.game.name, actions=state.action_count,
                          viewer=S.viewer_label(viewer))

    def _ghost_message(self, verdict: Explanation, width: float, at: tuple[float, float], card_h: float,
                       taken: list[tuple[float, float, float, float]], act: Action | None = None) -> str:
        """What the rules say of a ghost card, in a box beside it: the rule's whole message
        (red), or "legal:" and the action (green, for an attempt ``act``), wrapped. ``at`` is
        the card's top-left corner and ``card_h`` its height: the box goes just above the card,
        else below it, moved clear of the boxes already drawn (``taken``: their x, y, width,
        height; the new box is added), and kept inside the picture."""
        box_w = 330
        words = f"legal: {act}" if verdict.legal else f"{verdict.rule}: {verdict.message}"
        rows = S.wrap(words, box_w - 12, 11, bold=True)
        box_h = 8 + 14 * len(rows)
        gx, gy = at
        x = min(max(4, gx), width - box_w - 4)

        def clear(y: float, up: bool) -> float:
            """The nearest y from ``y`` (going up or down) where the box meets no other."""
            for _ in range(len(taken) + 1):
                hit = [t for t in taken if x < t[0] + t[2] and t[0] < x + box_w
                       and y < t[1] + t[3] + 4 and t[1] < y + box_h + 4]
                if not hit:
                    break
                y = min(t[1] for t in hit) - box_h - 6 if up else max(t[1] + t[3] for t in hit) + 6
            return y

        y = clear(gy - box_h - 6, up=True)
        if y < 4:
            y = clear(gy + card_h + 6, up=False)
        taken.append((x, y, box_w, box_h))
        colour, fill = ("#1b7f3b", "#f1faf3") if verdict.legal else ("#b3261e", "#fff5f4")
        return ("<g pointer-events='none' class='bk-box'>"
                + S.rect(x, y, box_w, box_h, fill=fill, stroke=colour, rx=4, shape=False,
                         fill_opacity=0.95)
                + S.lines(x + 6, y + 4 + 7, rows, size=11, line_height=14, fill=colour,
                          weight=600) + "</g>")

    def _headline(self, state: LandsPlay, obs: dict[str, Any]) -> str:
        if state.is_over:
            result = state.result
            assert result is not None, "a finished game has its result"
            return f"Game over · penalty {result.total}: {result.title}"
        phase = "Megapark Phase" if state.phase == "megapark" else f"Round {state.round} of {state.params.rounds}"
        return f"{phase} · {obs['prompt']}"

    def _draw_goal(self, state: LandsPlay, obs: dict[str, Any], parts: list[str], y: float) -> float:
        side = state.side
        parts.append(S.text(16, y, f"Goal {state.goal + 1}{'AB'[state.side_index]}: {side.name}"
                            f"{' · Expert' if state.variant.expert else ''}", size=13, weight=600))
        y += 16
        covered = state.round - 1 if state.phase == "portfolio" else 4
        for r, icons in enumerate(side.portfolio):
            dim = r < covered
            parts.append(S.text(16, y + ICON / 2, f"round {r + 1}", size=TEXT, fill=S.MUTED))
            for k, icon in enumerate(icons):
                cell = _icon_cell(66 + k * (ICON + 1), y, ICON, icon, strong=not dim)
                parts.append(cell)
            if dim:
                parts.append(S.text(70 + len(icons) * (ICON + 1), y + ICON / 2, "covered",
                                    size=TEXT, fill=S.MUTED))
            y += ICON + 1
        parts.append(S.text(190, TOP + 26, "megapark plan", size=TEXT, fill=S.MUTED))
        plan = {c: None for c in side.megapark}
        top = max(cy for _, cy in plan)
        for (cx, cy) in plan:
            parts.append(S.rect(190 + cx * 9, TOP + 34 + (top - cy) * 9, 9, 9, fill="#f3d77a",
                                stroke="#8a6d00", stroke_width=0.5, shape=False))
        return max(y, TOP + 34 + (top + 1) * 9)

    def _draw_stacks(self, state: LandsPlay, obs: dict[str, Any], parts: list[str], y: float) -> float:
        parts.append(S.text(16, y, "stacks (top card's plan)", size=12, weight=600))
        y += 10
        box_w, box_h = 104, 16 + 4 * SMALL + 32
        for s, st in enumerate(obs["stacks"]):
            x = 16 + s * (box_w + 6)
            inner = [S.rect(x, y, box_w, box_h, fill="#fffdf6", stroke="#999", rx=4, shape=False)]
            if not st:
                inner.append(S.text(x + box_w / 2, y + box_h / 2, "empty", size=11,
                                    anchor="middle", fill=S.MUTED))
            else:
                card = content().cards[st[0]]
                inner.append(S.text(x + 4, y + 9, f"#{card.id} · {len(st)} card"
                                    f"{'s' if len(st) != 1 else ''}", size=TEXT, fill=S.MUTED))
                inner.append(pattern(dict(card.plan), x + 6, y + 17, SMALL))
                inner.append(S.lines(x + 4, y + box_h - 22, ["ability:", card.ability.effect],
                                     size=TEXT, line_height=12))
            parts.append(S.group(inner, extra_class="bk-box"))
        return y + box_h + 8

    def _draw_piles(self, state: LandsPlay, obs: dict[str, Any], parts: list[str], legal: set[str], y: float) -> float:
        deck = obs["deck"]
        known = f", next #{deck['top_known'][0]}" if deck["top_known"] else ""
        reserved = ", ".join("?" if c is None else f"#{c}" for c in obs["reserved"])
        parts.append(S.text(16, y, f"deck: {deck['size']} face down{known}", size=11))
        parts.append(S.text(16, y + 15, f"reserved: {reserved or 'none'}", size=11))
        y += 30
        parts.append(S.text(16, y, "discard pile:" + ("" if obs["discard"] else " empty"), size=11))
        for i, c in enumerate(obs["discard"]):
            x = 100 + (i % 8) * 29
            yy = y - 8 + (i // 8) * 20
            target = f"reserve:{c}"
            parts.append(S.group([S.rect(x, yy, 27, 17, fill="#fffdf6", stroke="#777", rx=3),
                                  S.text(x + 13.5, yy + 8.5, f"#{c}", size=TEXT, anchor="middle")],
                                 target if target in legal else None, legal,
                                 label=f"reserve #{c}", extra_class="bk-box"))
        return y + 20 * max(1, (len(obs["discard"]) + 7) // 8)

    def _draw_tray(self, state: LandsPlay, parts: list[str], legal: set[str], y: float) -> float:
        card = self.tray_card(state)
        step = state.pending
        if isinstance(step, MegaStep) and state.hand:
            parts.append(S.text(16, y, "reserved cards to place (click to pick):", size=11))
            for i, c in enumerate(state.hand):
                t = f"select:{c}"
                parts.append(S.group([S.rect(240 + (i % 3) * 29, y - 8 + (i // 3) * 19, 27, 17,
                                             fill="#fde9b0" if c == card else "#fffdf6",
                                             stroke="#777", rx=3),
                                      S.text(253.5 + (i % 3) * 29, y + 0.5 + (i // 3) * 19, f"#{c}",
                                             size=TEXT, anchor="middle")], t, (t,),
                                     label=f"pick #{c}", extra_class="bk-box"))
        if card is None:
            return y + 16
        tx, ty = self.tray_origin(state)
        o = orient(card, self.angle)
        spec = content().cards[card]
        parts.append(S.text(16, y + 12, f"to place: #{card} {spec.name}", size=12, weight=600))
        face = card_face(card, self.angle, self.shape, tx, ty, CELL)
        parts.append(f"<g {S.attrs(data_target=f'tray:{card}', data_draggable='true', class_='bk-target', tabindex=0, role='button', aria_label=f'drag card #{card}')}>{face}</g>")
        bx = tx + o.w * CELL + 14
        by = ty
        parts.append(S.button(bx, by, 90, 22, f"rotate ({self.angle}°)", target="rotate", legal=("rotate",)))
        for k in (0, 1):
            icon = spec.shapes[k].icon
            label = f"{'● ' if self.shape == k else ''}shape {k}: {icon}"
            parts.append(S.button(bx, by + 28 + 26 * k, 120, 22, label, target=f"shape:{k}",
                                  legal=(f"shape:{k}",)))
        parts.append(S.button(bx, by + 84, 120, 22, "slip under" if self.under else "lay on top",
                              target="layer", legal=("layer",)))
        return max(ty + o.h * CELL, by + 110)

    def _draw_buttons(self, state: LandsPlay, parts: list[str], legal: set[str], y: float) -> float:
        labels = {"continue": "draw next card" if state.deck else "end the round",
                  "decline": "no ability", "done": "done reserving", "finish": "finish megapark",
                  "putback": "put it back"}
        x = 16
        for t, label in labels.items():
            if t in legal:
                parts.append(S.button(x, y, 110, 24, label, target=t, legal=legal))
                x += 118
        for t in sorted(legal):
            if t.startswith("ability:"):
                parts.append(S.button(x, y, 90, 24, f"ability → {t.split(':')[1]}", target=t, legal=legal))
                x += 98
        if state.phase == "portfolio" and not state.is_over:
            parts.append(S.button(x, y, 60, 24, "hint", target="hint", legal=("hint",)))
        if self.hint_text:  # the whole hint, wrapped to the column
            rows = S.wrap(f"hint: {self.hint_text}", COLUMN_W, 11)
            parts.append(S.lines(16, y + 38, rows, size=11, line_height=14, fill="#00598c"))
            y += 14 * len(rows) + 4
        y += 30
        if self.current_draft(state) is not None:
            y = self._draw_draft_controls(state, parts, legal, y)
        return y

    def _draw_draft_controls(self, state: LandsPlay, parts: list[str], legal: set[str], y: float) -> float:
        """While rearranging: done / cancel, the picked card's turn and shape, the verdict."""
        d = self.draft
        assert d is not None, "called while rearranging"
        parts.append(S.text(16, y + 4, f"rearranging park {d['park']} (drag its cards; nothing "
                            "is checked until done)", size=11, weight=600))
        y += 14
        parts.append(S.button(16, y, 130, 24, "done rearranging", target="relayout", legal=legal))
        parts.append(S.button(152, y, 70, 24, "cancel", target="cancel", legal=("cancel",)))
        y += 30
        if self.picked is not None:
            e = self._entry(self.picked)
            parts.append(S.button(16, y, 80, 24, f"turn #{e[0]}", target="dturn", legal=("dturn",)))
            for k in (0, 1):
                icon = content().cards[e[0]].shapes[k].icon
                parts.append(S.button(102 + 90 * k, y, 84, 24, f"{'● ' if e[4] == k else ''}{icon}",
                                      target=f"dshape:{k}", legal=(f"dshape:{k}",)))
            y += 30
        verdict = self.draft_verdict(state)
        assert verdict is not None, "drawn only while a draft is under way"
        words = ("layout legal: press \"done rearranging\"" if verdict.legal
                 else f"not legal yet ({verdict.rule}): {verdict.message}")
        for line in S.wrap(words, COLUMN_W, TEXT, bold=True):
            parts.append(S.text(16, y + 4, line, size=10, weight=600,
                                fill="#1b7f3b" if verdict.legal else "#b3261e"))
            y += 13
        return y + 4

    def _draw_score(self, state: LandsPlay, parts: list[str], x: float, y: float) -> float:
        b = state.breakdown()
        head = "final score" if state.is_over else "penalty if the megapark were scored now"
        parts.append(S.text(x, y + 6, head, size=12, weight=600))
        y += 22
        for line in b.lines(state.params.points):
            for row in S.wrap(line, 2 * FRAME + GAP if x == LEFT else COLUMN_W, TEXT):
                parts.append(S.text(x, y, row, size=TEXT))
                y += 14
        return y

    def _draw_parks(self, state: LandsPlay, parts: list[str], legal: set[str]) -> float:
        step = state.pending
        bottom: float = TOP
        for park, fx, fy in self.frames(state):
            new = park >= len(state.parks)
            label = ("megapark" if state.phase != "portfolio" else f"park {park}") + (" (new)" if new else "")
            parts.append(S.text(fx, fy - 8, label, size=12, weight=600))
            parts.append(S.rect(fx, fy, FRAME, FRAME, fill="#f4f1ea", stroke="#bbb", shape=False))
            # the axis labels: the very names every message, log line and hint uses
            for col, name in enumerate(SQUARES.columns()):
                parts.append(S.text(fx + col * CELL + CELL / 2, fy + FRAME + 8, name,
                                    size=TEXT, anchor="middle", fill=S.MUTED))
            for row, name in enumerate(SQUARES.rows()):  # y grows upwards: row 1 at the bottom
                parts.append(S.text(fx - 3, fy + FRAME - row * CELL - CELL / 2, name, size=TEXT,
                                    anchor="end", fill=S.MUTED))
            for i in range(1, AREA):
                parts.append(f"<path d='M{fx + i * CELL} {fy}V{fy + FRAME}M{fx} {fy + i * CELL}H{fx + FRAME}' stroke='#e2ddd0' stroke-width='0.6'/>")
            draft = self.current_draft(state)
            if not new and draft is not None and draft["park"] == park:
                parts.append(self._draw_draft(state, draft, fx, fy))
            elif not new:
                cards = state.parks[park]
                hidden = step.card if isinstance(step, MoveStep) and step.park == park else None
                movable = self.can_rearrange(state) and draft is None
                for p in cards:
                    if p.card == hidden:
                        continue
                    o = orient(p.card, p.angle)
                    face = card_face(p.card, p.angle, p.shape, fx + p.x * CELL,
                                     fy + (AREA - p.y - o.h) * CELL, CELL)
                    t = f"park:{park}:{p.card}"
                    parts.append(S.group(face, t if movable else None, (t,),
                                         label=f"drag #{p.card} to rearrange park {park}",
                                         data_draggable="true" if movable else None))
                rest = [p for p in cards if p.card != hidden]
                for cx, cy in park_icons(rest) if rest else {}:  # outline the park's icons
                    parts.append(S.rect(fx + cx * CELL + 1, fy + (AREA - 1 - cy) * CELL + 1, CELL - 2,
                                        CELL - 2, fill="none", stroke=S.INK, stroke_width=1.4, shape=False))
            if state.phase != "portfolio":
                parts.append(self._plan_overlay(state, fx, fy))
            x = fx
            for t in sorted(legal):
                if t.startswith(f"complete:{park}:"):
                    s = t.split(":")[2]
                    parts.append(S.button(x, fy + FRAME + 18, 150, 22, f"complete stack {s}'s plan",
                                          target=t, legal=legal))
                    x += 156
            bottom = max(bottom, fy + FRAME + 46)
        return bottom

    def _draw_draft(self, state: LandsPlay, draft: Draft, fx: float, fy: float) -> str:
        """The park being rearranged: the draft's cards (bottom first), draggable, the picked
        one outlined, and the verdict on the layout as it stands."""
        parts = []
        for card, x, y, angle, shape in draft["cards"]:
            a = int(angle) % 360
            o = orient(card, a)
            face = card_face(card, a, shape, fx + x * CELL, fy + (AREA - y - o.h) * CELL, CELL,
                             ghost="ok" if card == self.picked else None)
            t = f"park:{draft['park']}:{card}"
            parts.append(S.group(face, t, (t,), label=f"drag #{card} to rearrange",
                                 data_draggable="true"))
        return "".join(parts)

    def _plan_overlay(self, state: LandsPlay, fx: float, fy: float) -> str:
        """The megapark plan's highlighted squares where they fit the megapark best."""
        b = state.breakdown()
        k, (dx, dy) = b.fit
        cells = rotations(state.side.megapark)[k]
        if not (state.parks and b.unfilled < len(state.side.megapark)):
            xs, ys = [x for x, _ in cells], [y for _, y in cells]
            dx = (AREA - (max(xs) - min(xs) + 1)) // 2 - min(xs)
            dy = (AREA - (max(ys) - min(ys) + 1)) // 2 - min(ys)
        out = []
        for cx, cy in cells:
            x, y = cx + dx, cy + dy
            if 0 <= x < AREA and 0 <= y < AREA:
                out.append(S.rect(fx + x * CELL + 2, fy + (AREA - 1 - y) * CELL + 2, CELL - 4, CELL - 4,
                                  fill="none", stroke="#c79a00", stroke_width=2,
                                  shape=False, stroke_dasharray="3 2"))
        return "<g pointer-events='none'>" + "".join(out) + "</g>"


def hint_words(h: Hint) -> str:
    """A hint as the log and the board word it (a placement by its lower-left square, as the
    areas label it: see :data:`~boardkit.lands.content.SQUARES`)."""
    return str(h)
