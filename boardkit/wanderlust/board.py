"""The Wanderlust board: the world map and the table as one SVG.

* **Map** (top): zones as tinted areas, tracks coloured by type (grey car, green train,
  blue ship, purple charter, white hitchhike), airports (squares; long flights join every
  pair), Auto stops (small diamonds), destinations (circle: city, ring: port, triangle:
  natural wonder), the available destinations with their white markers, and the trotters.
  Click an available destination to see the ways to pay for the trip, then click a payment.
  To pay with particular tickets (a trip of any length, also longer than the listed ones),
  first click those tickets in your hand, then the destination. A click on any other
  destination, or on one out of reach, is explained by its rule.
* **Table** (below): your hand, encounter cards and actions; the ticket display and the
  face-down pile (click to take a ticket); the available destinations; the payment options;
  the race objectives and the public score sheet.
* **Attempts** (for notebooks): :meth:`WanderlustBoard.attempt` shows what the rules say
  about an action without playing it — a box below the table, and a trip's route on the map.

Targets: every single-click move (a display slot, the pile, the buttons, an encounter card)
carries its action's own code (:func:`~boardkit.boards.base.action_target`, ``act:<code>``),
decoded by the base board. A trip is the one choice that takes several clicks and keeps its
own targets: ``dest:<id>`` (a destination: shows its payments), ``pay:<k>`` (one of them;
with tickets picked a trip may be longer than the action codec numbers) and ``pick:<ticket>``
/ ``pick:clear`` (choose the tickets of a trip; no action by itself). The
board never decides legality: clicks become actions and the State accepts or refuses them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import Any

from boardkit.boards import Board
from boardkit.boards import svg as S
from boardkit.boards.base import ClickMessage, DragMessage, KeyMessage, action_target
from boardkit.engine import PUBLIC, Action, ActionFormatError, Explanation, State

from . import routes, travel
from .actions import (
    EndTurn,
    Pass,
    Photo,
    PlayEncounter,
    Postcard,
    ResetDisplay,
    Souvenir,
    TakeBlind,
    TakeTicket,
    Travel,
)
from .content import TICKETS, cards, slug, world
from .objectives import describe
from .state import WanderlustPlay, WanderlustState


def _wanderlust(state: State) -> WanderlustPlay:
    """The board's state as the Wanderlust position it is (the board shows only these)."""
    assert isinstance(state, WanderlustPlay), "a Wanderlust board shows a Wanderlust game"
    return state


def trotter_colour(state: WanderlustState, t: int) -> str:
    """A trotter is drawn in its colour, the colour the log names ("P1 is the yellow
    trotter", "A1 is the green trotter"); a trotter without one (none is left) keeps the
    player colour."""
    pid = state.colours[t] if t < len(state.colours) else None
    found = cards().passports.get(pid) if isinstance(pid, str) else None
    return found.colour if found is not None else S.player_colour(t)


def trotter_tint(state: WanderlustState, t: int) -> str:
    """A light version of :func:`trotter_colour` for filled areas under dark text."""
    colour = trotter_colour(state, t).lstrip("#")
    rgb = [int(colour[i:i + 2], 16) for i in (0, 2, 4)]
    return "#" + "".join(f"{round(255 - (255 - c) * 0.3):02x}" for c in rgb)

#: the map fills the laptop picture's width (``S.FIT_W``); its height is squeezed a little
#: (a schematic map) so that the table fits below it in ``S.FIT_H``
MAP_W, MAP_H, M = S.FIT_W - 28, 336, 14
LAT_TOP, LAT_SPAN = 75.0, 125.0
PANEL = MAP_H + 2 * M + 6  # the table's first line
LABEL = 10  # place names (10 px at full size)
#: a trotter's token: a disc of this radius centred on its place, which no place name
#: overlaps (the names keep this far from every place)
TOKEN_R = 8
#: the table's three columns: hand and actions; display and destinations; objectives and
#: scores, or the payments of the chosen destination
HAND_X, HAND_W = 16, 290
DISPLAY_X, DISPLAY_W = 316, 340
SIDE_X, SIDE_W = 666, S.FIT_W - 666 - 10
#: the legend's box, bottom left of the map (no place name goes there)
LEGEND = (M + 6, M + MAP_H - 80, M + 176, M + MAP_H - 4)
TRACK = {"car": "#8c8c8c", "train": "#2e8b57", "ship": "#1f6fd1", "charter": "#8e44ad",
         "white": "#ffffff", "flight": "#b0b0b0"}
TICKET = {"car": "#8c8c8c", "train": "#2e8b57", "ship": "#1f6fd1", "charter": "#8e44ad",
          "airline": "#e8a200", "wild": "#444444"}
SHOWN_PAYMENTS = 6
#: the trip's own targets: a destination, one of its payments, a ticket picked for it
_TARGET = re.compile(r"^(dest|pay|pick):([A-Za-z0-9\-]{1,60})$")


def xy(name: str) -> tuple[float, float]:
    w = world()
    p = w.places[w.index[name]]
    lon, lat = p.lon + p.nudge[0], p.lat + p.nudge[1]
    return M + (lon + 180.0) / 360.0 * MAP_W, M + (LAT_TOP - lat) / LAT_SPAN * MAP_H


@cache
def place_labels() -> dict[str, S.Label]:
    """Where each destination's name goes on the map: beside its mark where there is room,
    further away with a leader line in the crowded clusters (Europe, East Asia); no two names
    overlap, nor a name and a mark or the legend (at 10 px, names in bold widths), nor the
    place a trotter's token may stand on (a disc of :data:`TOKEN_R` around every place)."""
    w = world()
    points = {n: xy(n) for i, n in enumerate(w.names) if w.kind[i] not in ("airport", "autostop")}
    stops = [xy(n) for i, n in enumerate(w.names) if w.kind[i] in ("airport", "autostop")]
    r = TOKEN_R
    obstacles = [LEGEND, *((x - r, y - r, x + r, y + r) for x, y in stops)]
    return S.place_labels(points, {n: n for n in points}, size=LABEL, radius=r,
                          bounds=(M + 2, M + 2, M + MAP_W - 2, M + MAP_H - 2),
                          obstacles=obstacles)


@cache
def _zone_areas() -> str:
    """Each zone as the union of discs around its places (shapely), drawn once."""
    from shapely.geometry import Point
    from shapely.ops import unary_union

    w = world()
    out = []
    for z in w.zones:
        discs = [Point(*xy(n)).buffer(17, 8) for i, n in enumerate(w.names)
                 if w.zones[w.zone_of[i]] == z]
        shape = unary_union(discs).simplify(1.0)
        polys = getattr(shape, "geoms", [shape])
        d = []
        for poly in polys:
            ring = list(poly.exterior.coords)
            d.append("M" + " L".join(f"{S.num(x)},{S.num(y)}" for x, y in ring) + " Z")
        out.append(f'<path d="{" ".join(d)}" fill="{w.zone_colour[z]}" fill-opacity="0.13" '
                   f'stroke="{w.zone_colour[z]}" stroke-opacity="0.35" stroke-width="1"/>')
    return "".join(out)


def _segments(a: str, b: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    (x1, y1), (x2, y2) = xy(a), xy(b)
    if abs(x2 - x1) <= MAP_W / 2:
        return [((x1, y1), (x2, y2))]
    # the track crosses the date line: leave one edge, come back at the other
    if x1 > x2:
        (x1, y1), (x2, y2) = (x2, y2), (x1, y1)
    span = (x1 - M) + (M + MAP_W - x2)
    ym = y1 + (y2 - y1) * (x1 - M) / span if span else y1
    return [((x1, y1), (M, ym)), ((M + MAP_W, ym), (x2, y2))]


@cache
def _tracks() -> str:
    w = world()
    out = []
    for a, b, k in w.tracks:
        kind = ("car", "train", "ship", "charter", "flight", "white")[k]
        for (x1, y1), (x2, y2) in _segments(w.names[a], w.names[b]):
            line = f'x1="{S.num(x1)}" y1="{S.num(y1)}" x2="{S.num(x2)}" y2="{S.num(y2)}"'
            if kind == "white":
                out.append(f'<line {line} stroke="#777" stroke-width="4.5"/>')
                out.append(f'<line {line} stroke="#ffffff" stroke-width="2.5"/>')
            else:
                dash = ' stroke-dasharray="5 3"' if kind == "ship" else ""
                out.append(f'<line {line} stroke="{TRACK[kind]}" stroke-width="3"{dash}/>')
    return "".join(out)


def _place_mark(name: str, kind: str, fill: str, r: float = 5.5) -> str:
    x, y = xy(name)
    if kind == "city":
        return S.circle(x, y, r, fill=fill, stroke=S.INK, class_="bk-shape")
    if kind == "port":
        return (S.circle(x, y, r, fill="#ffffff", stroke=fill, stroke_width=3.5,
                         class_="bk-shape"))
    if kind == "wonder":
        pts = f"{S.num(x)},{S.num(y - r - 1.5)} {S.num(x - r - 1)},{S.num(y + r - 0.5)} " \
              f"{S.num(x + r + 1)},{S.num(y + r - 0.5)}"
        return f'<polygon class="bk-shape" points="{pts}" fill="{fill}" stroke="{S.INK}"/>'
    if kind == "airport":
        return (S.rect(x - 6, y - 6, 12, 12, fill="#ffffff", stroke=S.INK, stroke_width=1.5,
                       rx=2) + S.text(x, y + 0.5, "✈", size=LABEL, anchor="middle"))
    pts = f"{S.num(x)},{S.num(y - 4)} {S.num(x + 4)},{S.num(y)} {S.num(x)},{S.num(y + 4)} " \
          f"{S.num(x - 4)},{S.num(y)}"
    return f'<polygon points="{pts}" fill="#ffffff" stroke="#555" stroke-width="1.2"/>'


def _chip(x: float, y: float, ticket: str, label: str | None = None, w: float = 54) -> list[str]:
    fill = TICKET[ticket]
    return [S.rect(x, y, w, 24, fill=fill, stroke=S.INK, stroke_width=1, rx=5),
            S.text(x + w / 2, y + 12, label or ticket, size=11, anchor="middle", weight=600,
                   fill="#ffffff")]


class WanderlustBoard(Board):
    """Click a destination, then a payment; click tickets, buttons, encounter cards."""

    title = "Wanderlust"

    def __init__(self, state: State, **kwargs: Any) -> None:
        self.selected: str | None = None
        self.picked: list[str] = []  # tickets picked from the hand for the next trip
        super().__init__(state, **kwargs)

    # ------------------------------------------------------------------ hooks
    def log_counts(self, state: State) -> list[str]:
        """The automatons' moves are in the log too: the header counts them apart."""
        ws = _wanderlust(state)
        return [f"{ws.automaton_moves} by automatons"] if ws.automatons else []

    def payments(self, state: WanderlustState, to: str) -> list[routes.Payment]:
        """The payment options shown for ``to``: with tickets picked, the trips spending
        exactly those (any length); otherwise the listed ones (the planner's order)."""
        p = state.current_player
        if p is None or to not in state.available:
            return []
        if self._picks(state):
            return travel.paying(state, p, to, tuple(self.picked))
        return travel.plan(state, p)[to]["payments"]

    def _picks(self, state: WanderlustState) -> list[str]:
        """The picked tickets, dropping any the mover no longer holds."""
        p = state.current_player
        if p is None or state.is_over or not self.picked:
            self.picked = []
            return self.picked
        left = dict(zip(TICKETS, state.hand[p], strict=True))
        keep = []
        for t in self.picked:
            if left.get(t, 0) > 0:
                left[t] -= 1
                keep.append(t)
        self.picked = keep
        return keep

    def _pickable(self, state: WanderlustPlay) -> set[str]:
        p = state.current_player
        if p is None or state.is_over or state.step_points <= 0:
            return set()
        picked = self._picks(state)
        out = {f"pick:{t}" for t, n in zip(TICKETS, state.hand[p], strict=True)
               if n > picked.count(t)}
        if picked:
            out.add("pick:clear")
        return out

    def targets(self, state: State) -> dict[str, Action]:
        """The base targets (each action's own code), except trips: a trip is the one choice
        that takes several clicks (a destination, then one of its payments, maybe after
        picking tickets), so a destination ``dest:<slug>`` and the payments shown for it
        ``pay:<k>`` are this board's own targets."""
        out: dict[str, Action] = {}
        for target, act in super().targets(state).items():
            if isinstance(act, Travel):
                out.setdefault(f"dest:{slug(act.to)}", act)
            else:
                out[target] = act
        if self.selected is not None and out:  # out is empty when it is not our decision
            for k, pay in enumerate(self.payments(_wanderlust(state), self.selected)
                                    [:SHOWN_PAYMENTS]):
                out[f"pay:{k}"] = Travel.of(pay.to, pay.tickets, pay.flights)
        return out

    def intent(self, msg: ClickMessage | DragMessage | KeyMessage, state: State) -> Action | None:
        if not isinstance(msg, ClickMessage):
            return None
        state = _wanderlust(state)
        target = msg.target
        m = _TARGET.match(target)
        if not m:  # every other click is an action's own code (the base board decodes it)
            return super().intent(msg, state)
        kind, arg = m.groups()
        if kind == "pick":
            seen = self.seen_by(state)
            if state.current_player is None or seen not in (None, state.current_player):
                raise ActionFormatError("pick tickets from your own hand, in your turn")
            if arg == "clear":
                self.picked = []
                self._note = "no tickets picked"
            elif f"pick:{arg}" in self._pickable(state):
                self.picked.append(arg)
                self._note = (f"tickets picked: {', '.join(self.picked)}; now click a "
                              "destination")
            else:
                raise ActionFormatError(f"you hold no more {arg} tickets to pick")
            self.selected = None
            self.last_error = None
            self.refresh()
            return None
        if kind == "dest":
            name = world().slugs.get(arg)
            if name is None:
                raise ActionFormatError(f"wanderlust board: no place {arg!r}")
            seen = self.seen_by(state)
            mine = seen is None or seen == state.current_player
            if mine and state.current_player is not None and self.payments(state, name):
                self.selected = name
                self.last_error = None
                self._note = f"choose how to pay for the trip to {name}"
                self.refresh()
                return None
            self.selected = None
            # refused by the State, which says why (with the picked tickets, if any)
            return Travel(name, tuple(self._picks(state)))
        if kind == "pay" and arg.isdigit():
            options = self.payments(state, self.selected) if self.selected else []
            k = int(arg)
            if not 0 <= k < len(options):
                raise ActionFormatError("click a destination first, then one of its payments")
            pay = options[k]
            self.selected = None
            self.picked = []
            return Travel(pay.to, pay.tickets, pay.flights)
        raise ActionFormatError(f"wanderlust board: unknown target {target!r}")

    # ------------------------------------------------------------------ drawing
    def render(self, state: State, viewer: int | str | None, legal_targets: set[str]) -> str:
        state = _wanderlust(state)
        obs = state.observation(viewer)
        # the payments shown come from the mover's hand: only the mover (or a spectator)
        # may see them
        if self.selected is not None and (self.selected not in state.available
                                          or viewer not in (None, state.current_player)
                                          or not self.payments(state, self.selected)):
            self.selected = None
        if viewer not in (None, state.current_player):
            self.picked = []
        # the hand's tickets are click targets (pick:<ticket>) but not legal actions, so they
        # are not highlighted: picking only prepares a trip
        parts = [S.rect(M, M, MAP_W, MAP_H, fill="#eef5fb", stroke="#c8d6e5", rx=8,
                        shape=False), _zone_areas(), self._flights(), _tracks()]
        parts += self._legend()
        parts += self._places(state, obs, legal_targets)
        tries = self.current_tries(state)
        parts += self._tried_trips(state, tries)
        parts += self._trotters(state, obs)
        parts.append(self._headline(state, obs))
        y = PANEL + 20
        left = self._hand_panel(state, obs, viewer, legal_targets, HAND_X, y)
        middle = self._display_panel(state, obs, viewer, legal_targets, DISPLAY_X, y)
        if self.selected is not None:
            right = self._payments_panel(state, self.selected, legal_targets, SIDE_X, y)
        else:
            right = self._objectives_panel(state, obs, SIDE_X, y)
        parts += left[0] + middle[0] + right[0]
        height = max(left[1], middle[1], right[1]) + 8
        if tries:  # what the rules say about each attempted action, below the table
            boxes, low = S.attempt_boxes(tries, MAP_W + 2 * M - 32, height)
            parts += boxes
            height = low + 4
        title = f"Wanderlust: {obs['prompt']}"
        return S.document(MAP_W + 2 * M, height, parts, title=title, game=state.game.name,
                          actions=state.action_count,
                          viewer=S.viewer_label(viewer))

    @staticmethod
    def _headline(state: WanderlustState, obs: dict[str, Any]) -> str:
        """The table's first line: whose turn and what is left (or who won)."""
        if state.is_over:
            won = ", ".join(obs["trotters"][w]["label"] for w in state.winners()) or "nobody"
            words = f"Race over — winner: {won}"
        else:
            p = obs["current_player"]
            points = obs["action_points"]
            words = (f"Round {obs['round']} · {obs['trotters'][p]['label']} · {points} action "
                     f"point{'s' if points != 1 else ''} left")
        return S.text(HAND_X, PANEL + 6, words, size=14, weight=700)

    def _flights(self) -> str:
        w = world()
        hub = [w.names[a] for a in w.airports]
        out = []
        for i, a in enumerate(hub):
            for b in hub[i + 1:]:
                for (x1, y1), (x2, y2) in _segments(a, b):
                    out.append(f'<line x1="{S.num(x1)}" y1="{S.num(y1)}" x2="{S.num(x2)}" '
                               f'y2="{S.num(y2)}" stroke="{TRACK["flight"]}" stroke-width="0.6" '
                               f'stroke-dasharray="2 4"/>')
        return "".join(out)


    def _places(self, state: WanderlustState, obs: dict[str, Any], legal: set[str]) -> list[str]:
        w = world()
        out: list[str] = []
        hits: list[str] = []
        available = [d for d in obs["available"] if d]
        owner = {c: t for t, tr in enumerate(obs["trotters"]) for c in tr["cards"]}
        labels = place_labels()
        for i, name in enumerate(w.names):
            kind = w.kind[i]
            colour = w.zone_colour[w.zones[w.zone_of[i]]]
            x, y = xy(name)
            if kind in ("airport", "autostop"):
                label = f"{name} ({'airport' if kind == 'airport' else 'Auto stop'})"
                out.append(f"<g><title>{S.esc(label)}</title>{_place_mark(name, kind, colour)}</g>")
                continue
            spot = labels[name]
            # an invisible hit area over the mark and its name, under every mark (so a
            # crowded neighbour's name never hides a mark)
            bx0, by0, bx1, by1 = spot.box
            hits.append(f'<g data-target="{S.esc(f"dest:{slug(name)}")}" class="bk-target">'
                        + S.rect(x - 9, y - 9, 18, 18, fill="#ffffff", stroke="none",
                                 shape=False, fill_opacity=0)
                        + S.rect(bx0, by0, bx1 - bx0, by1 - by0, fill="#ffffff", stroke="none",
                                 shape=False, fill_opacity=0) + "</g>")
            inner = [f"<title>{S.esc(self._place_title(name, owner, available, obs))}</title>"]
            if spot.leader:  # from the mark's edge towards the name
                lx = min(max(x, bx0), bx1)
                ly = min(max(y, by0), by1)
                inner.append(f'<line x1="{S.num(x)}" y1="{S.num(y)}" x2="{S.num(lx)}" '
                             f'y2="{S.num(ly)}" stroke="{S.MUTED}" stroke-width="0.8"/>')
            if name in available:
                inner.append(S.circle(x, y, 10, fill="#ffffff", stroke=S.INK, stroke_width=1.5))
            fill = colour if name not in owner else trotter_tint(state, owner[name])
            inner.append(_place_mark(name, w.kind[i], fill))
            inner.append(S.text(spot.x, spot.y, name, size=LABEL, anchor=spot.anchor,
                                fill=S.INK if name in available else "#4a4a4a",
                                weight=700 if name in available else None, class_="bk-nolap"))
            out.append(S.group(inner, f"dest:{slug(name)}", legal, label=name))
        out = hits + out
        if self.selected is not None:
            sx, sy = xy(self.selected)
            out.append(S.circle(sx, sy, 14, fill="none", stroke=S.LEGAL, stroke_width=3))
            pays = self.payments(state, self.selected)
            if pays:
                out.append(self._route(pays[0].path))
        return out

    def attempt(self, act: Action) -> WanderlustBoard:
        """Show what the rules say about ``act`` on the shown position, without playing it.

        Every attempt gets a box below the table: green "legal", or red with the refusing
        rule and its message (the panel names the rule too). An attempted trip is also drawn
        on the map: its route in green when legal; when refused, the route the tickets
        would pay if tracks and airports could be used again (``wanderlust.travel.no_repeat``)
        or the trip's route ignoring what is refused, dashed red, and a red ring on the
        destination. Nothing changes the game; returns the board, so attempts chain
        (``board.attempt(legal).attempt(illegal)``); the reader's next click clears them.
        """
        super().attempt(act)
        return self

    def _tried_trips(self, state: WanderlustState, tries: Sequence[tuple[Action, Explanation]]) -> list[str]:
        """The attempted trips on the map (under the trotters' discs)."""
        out = []
        for act, verdict in tries:
            if not isinstance(act, Travel) or act.to not in world().index:
                continue
            path = self._tried_path(state, act, verdict)
            colour = "#1b7f3b" if verdict.legal else "#b3261e"
            if path:
                out.append(self._route(path, colour=colour, dashed=not verdict.legal))
            x, y = xy(act.to)
            out.append(S.circle(x, y, 15, fill="none", stroke=colour, stroke_width=3))
        return out

    @staticmethod
    def _tried_path(state: WanderlustState, act: Travel, verdict: Explanation) -> tuple[str, ...] | None:
        p = state.current_player
        if p is None or not act.tickets:
            return None
        try:
            spent = routes.counts(act.tickets)
        except (KeyError, ValueError):
            return None
        here = state.loc[p]
        if verdict.legal or verdict.rule != "wanderlust.travel.no_repeat":
            found = routes.find(here, act.to, spent, act.flights)
            return found.path if found is not None else None
        stops = routes.repeating_route(here, act.to, spent, act.flights)
        # its stops read "N'Djamena (car)": the place, then the ticket that reached it
        return tuple(stop.split(" (")[0] for stop in stops) if stops else None

    @staticmethod
    def _place_title(name: str, owner: Mapping[str, int], available: Collection[str], obs: dict[str, Any]) -> str:
        w = world()
        kind = {"city": "City", "port": "Port", "wonder": "Natural wonder"}[w.dest_type(name)]
        text = f"{name}: {kind}, {w.zone_names[w.zone(name)]}"
        if name in available:
            text += " — available destination"
        if name in owner:
            text += f" — visited by {obs['trotters'][owner[name]]['label']}"
        return text

    @staticmethod
    def _route(path: Sequence[str], colour: str = S.LEGAL, dashed: bool = False) -> str:
        pts = []
        dash = ' stroke-dasharray="8 6"' if dashed else ""
        for a, b in zip(path, path[1:], strict=False):
            for (x1, y1), (x2, y2) in _segments(a, b):
                pts.append(f'<line x1="{S.num(x1)}" y1="{S.num(y1)}" x2="{S.num(x2)}" '
                           f'y2="{S.num(y2)}" stroke="{colour}" stroke-width="5" '
                           f'stroke-opacity="0.7" stroke-linecap="round"{dash}/>')
        return "".join(pts)

    def _trotters(self, state: WanderlustState, obs: dict[str, Any]) -> list[str]:
        """Each trotter as a token on its place's mark (no place name is drawn there); the
        trotters sharing a place split its disc. Tokens let clicks through to the place."""
        here: dict[str, list[int]] = {}
        for t, tr in enumerate(obs["trotters"]):
            here.setdefault(tr["location"], []).append(t)
        out = []
        for place, ts in here.items():
            cx, cy = xy(place)
            names = ", ".join(obs["trotters"][t]["label"] for t in ts)
            parts = [f"<title>{S.esc(names)} in {S.esc(place)}</title>"]
            if len(ts) == 1:
                parts.append(S.circle(cx, cy, TOKEN_R, fill=trotter_colour(state, ts[0]),
                                      stroke="#ffffff", stroke_width=1.5))
                tag = obs["trotters"][ts[0]]["label"].split(" ")[0]
                parts.append(S.text(cx, cy, tag, size=LABEL, anchor="middle", weight=700,
                                    fill="#ffffff"))
            else:  # a slice each, in seat order clockwise from the top
                for k, t in enumerate(ts):
                    a0, a1 = (2 * math.pi * k / len(ts), 2 * math.pi * (k + 1) / len(ts))
                    x0, y0 = cx + TOKEN_R * math.sin(a0), cy - TOKEN_R * math.cos(a0)
                    x1, y1 = cx + TOKEN_R * math.sin(a1), cy - TOKEN_R * math.cos(a1)
                    parts.append(f'<path d="M{S.num(cx)},{S.num(cy)} L{S.num(x0)},{S.num(y0)} '
                                 f'A{TOKEN_R},{TOKEN_R} 0 0 1 {S.num(x1)},{S.num(y1)} Z" '
                                 f'fill="{trotter_colour(state, t)}" stroke="#ffffff" '
                                 'stroke-width="1.2"/>')
                parts.append(S.text(cx, cy, str(len(ts)), size=LABEL, anchor="middle",
                                    weight=700, fill="#ffffff"))
            out.append(f'<g class="bk-token" pointer-events="none">{"".join(parts)}</g>')
        return out

    @staticmethod
    def _legend() -> list[str]:
        x0, y0, x1, y1 = LEGEND
        out = [S.rect(x0, y0, x1 - x0, y1 - y0, fill="#ffffff", stroke="#c8d6e5", rx=6,
                      shape=False, fill_opacity=0.85)]
        x, y = x0 + 6, y0 + 10
        for i, kind in enumerate(("car", "train", "ship", "charter", "white")):
            yy = y + i * 14
            if kind == "white":
                out.append(f'<line x1="{x}" y1="{yy}" x2="{x + 26}" y2="{yy}" stroke="#777" '
                           'stroke-width="4.5"/>')
            out.append(f'<line x1="{x}" y1="{yy}" x2="{x + 26}" y2="{yy}" '
                       f'stroke="{TRACK[kind]}" stroke-width="{2.5 if kind == "white" else 3}"/>')
            label = {"white": "hitchhike: any ticket"}.get(kind, kind)
            out.append(S.text(x + 32, yy, label, size=LABEL))
        return out

    # ------------------------------------------------------------------ panels
    def _hand_panel(self, state: WanderlustState, obs: dict[str, Any], viewer: int | str | None, legal: set[str], x: float, y: float) -> tuple[list[str], float]:
        out = []
        p = obs["current_player"]
        shown = p if viewer is None or viewer == PUBLIC else viewer  # the public sees P's hidden hand
        me = obs["trotters"][shown] if shown is not None else None
        if me is None or me["hand"] is None:
            out.append(S.text(x, y, "hand: hidden", size=12, fill=S.MUTED))
            return out, y + 20
        out.append(S.text(x, y, f"{me['label']}'s hand ({me['hand_size']} tickets)", size=12,
                          fill=S.MUTED))
        y += 10
        col = 0
        picked = self.picked if shown == state.current_player else []
        for ticket, count in zip(TICKETS, me["hand"], strict=True):
            if count:
                n = picked.count(ticket)
                label = f"{ticket} ×{count}" + (f" ({n}✓)" if n else "")
                out.append(S.group(_chip(x + col * 72, y, ticket, label, w=68), f"pick:{ticket}",
                                   legal, label=f"pick a {ticket} ticket for the next trip",
                                   extra_class="bk-box"))
                col += 1
                if col == 4:
                    col, y = 0, y + 28
        y += 34 if col else 6
        if picked:
            rows = S.wrap(f"picked for a trip: {', '.join(picked)}", HAND_W, 11, bold=True)
            out.append(S.lines(x, y, rows, size=11, line_height=14, weight=700))
            y += 14 * len(rows)
            out.append(S.button(x, y - 6, 60, 20, "clear", target="pick:clear", legal=legal))
            out.append(S.text(x + 68, y + 4, "— now click a destination", size=11))
            y += 26
        if me["encounters"]:
            out.append(S.text(x, y, "encounter cards (free, once a turn):", size=11,
                              fill=S.MUTED))
            y += 10
            for i, (cid, count) in enumerate(sorted(me["encounters"].items())):
                if not count:
                    continue
                title = cards().encounters[cid].title
                out.append(S.button(x + (i % 2) * 146, y + (i // 2) * 28, 142, 24,
                                    f"{title} ×{count}",
                                    target=action_target(state, PlayEncounter(cid)), legal=legal))
            y += 28 * ((len(me["encounters"]) + 1) // 2) + 4
        always = (Souvenir(), Photo(), EndTurn())  # shown even when not legal: explained
        buttons = [(Souvenir(), "Souvenir"), (Photo(), "Photo"), (Postcard(None), "Postcard"),
                   (ResetDisplay(), "Reset display"), (EndTurn(), "End turn"), (Pass(), "Pass")]
        buttons += [(Postcard(t), f"Postcard ({t})") for t in TICKETS]
        shown_buttons = [(action_target(state, act), label) for act, label in buttons
                         if act in always or action_target(state, act) in legal]
        # each button as wide as its label, in rows that wrap within the hand's panel
        bx = x
        for target, label in shown_buttons:
            w = max(93.0, S.text_width(label, 24 * 0.45, bold=True) + 18)
            if bx > x and bx + w > x + HAND_W:
                bx, y = x, y + 28
            out.append(S.button(bx, y, w, 24, label, target=target, legal=legal))
            bx += w + 4
        y += 28 if shown_buttons else 0
        return out, y

    def _display_panel(self, state: WanderlustState, obs: dict[str, Any], viewer: int | str | None, legal: set[str], x: float, y: float) -> tuple[list[str], float]:
        out = [S.text(x, y, "ticket display (click to take)", size=12, fill=S.MUTED)]
        y += 10
        for i, ticket in enumerate(obs["display"]):
            if ticket is None:
                out.append(S.group([S.rect(x + i * 57, y, 54, 24, fill=S.EMPTY, rx=5),
                                    S.text(x + i * 57 + 27, y + 12, "empty", size=10,
                                           anchor="middle", fill=S.MUTED)], extra_class="bk-box"))
                continue
            out.append(S.group(_chip(x + i * 57, y, ticket), action_target(state, TakeTicket(i)),
                               legal,
                               label=f"take the {ticket} ticket", extra_class="bk-box"))
        out.append(S.group([S.rect(x + 5 * 57, y, 55, 24, fill="#2d3a4a", rx=5),
                            S.text(x + 5 * 57 + 27.5, y + 12, f"pile {obs['ticket_deck']}",
                                   size=11, anchor="middle", fill="#ffffff", weight=600)],
                           action_target(state, TakeBlind()), legal, label="take a blind ticket",
                           extra_class="bk-box"))
        y += 42
        out.append(S.text(x, y, "available destinations (left → right)", size=12,
                          fill=S.MUTED))
        y += 10
        w = world()
        for i, name in enumerate(obs["available"]):
            if name is None:
                continue
            zone = w.zone(name)
            inner = [S.rect(x + i * 114, y, 110, 40, fill=w.zone_colour[zone], stroke=S.INK,
                            rx=6, fill_opacity=0.35),
                     S.text(x + i * 114 + 55, y + 13, name, size=11, anchor="middle",
                            weight=700),
                     S.text(x + i * 114 + 55, y + 29, f"{w.dest_type(name)} · "
                            f"{w.zone_names[zone].split(' ')[0]}", size=10, anchor="middle",
                            fill=S.MUTED)]
            out.append(S.group(inner, f"dest:{slug(name)}", legal, label=f"travel to {name}",
                               extra_class="bk-box"))
        return out, y + 48

    def _payments_panel(self, state: WanderlustState, to: str, legal: set[str], x: float, y: float) -> tuple[list[str], float]:
        """The ways to pay for the chosen destination ``to`` (in the objectives' place until
        one is chosen): tickets, experience and flights on one line, the route below it."""
        pays = self.payments(state, to)
        out = [S.text(x, y, f"ways to pay for {to} ({len(pays)}):", size=12,
                      weight=700)]
        y += 10
        for k, pay in enumerate(pays[:SHOWN_PAYMENTS]):
            fl = f" · {pay.flights} ✈" if pay.flights else ""
            stops = pay.path[1:-1]
            via = ("via " + ", ".join(stops[:2]) + (f" +{len(stops) - 2} more" if len(stops) > 2
                                                    else "")) if stops else "direct"
            rows = S.wrap(f"{', '.join(pay.tickets)} · {pay.experience} xp{fl}", SIDE_W - 10, 10)
            rows += S.wrap(via, SIDE_W - 10, 10)
            h = 6 + 12 * len(rows)
            out.append(S.group([S.rect(x, y, SIDE_W, h, fill="#fff8e6", stroke=S.INK, rx=4),
                                S.lines(x + 5, y + 9, rows, size=10, line_height=12)],
                               f"pay:{k}", legal, label=str(pay), extra_class="bk-box"))
            y += h + 3
        notes = []
        if len(pays) > SHOWN_PAYMENTS:
            notes.append(f"… and {len(pays) - SHOWN_PAYMENTS} more: pick tickets in your hand "
                         "to choose among them")
        p = state.current_player
        listed = state.params.travel.list_legs
        if not self.picked and p is not None and sum(state.hand[p]) > listed:
            notes.append(f"trips of more than {listed} tickets are legal too: pick their "
                         "tickets in your hand")
        for note in notes:
            rows = S.wrap(note, SIDE_W, 10)
            out.append(S.lines(x, y + 8, rows, size=10, line_height=12, fill=S.MUTED))
            y += 12 * len(rows) + 2
        return out, y

    def _objectives_panel(self, state: WanderlustState, obs: dict[str, Any], x: float, y: float) -> tuple[list[str], float]:
        out = [S.text(x, y, "race objectives", size=12, fill=S.MUTED)]
        y += 15
        table = cards().objectives
        for oid in obs["objectives"]:
            obj = table[oid]
            who = [t for t, tr in enumerate(obs["trotters"]) if oid in tr["achieved"]]
            head = f"{obj.title} ({obj.vp} VP)"
            out.append(S.text(x, y, head, size=11, weight=700))
            for k, t in enumerate(who):
                out.append(S.swatch(x + S.text_width(head, 11, True) + 4 + 14 * k, y, t,
                                    size=11, colour=trotter_colour(state, t)))
            rows = S.wrap(describe(obj, state.trotters), SIDE_W, 10)
            out.append(S.lines(x, y + 13, rows, size=10, line_height=12, fill=S.MUTED))
            y += 14 + 12 * len(rows)
        parts = list(obs["trotters"][0]["public_score"])
        heads = [p.split("_")[0] for p in parts]
        out.append(S.text(x, y, "score sheet (public part)", size=12, fill=S.MUTED))
        y += 14
        head = "    " + "".join(f"{h:>4}" for h in heads) + "  total"
        out.append(S.text(x + 14, y, head, size=10, weight=700, font_family="monospace",
                          style="white-space: pre"))
        for t, tr in enumerate(obs["trotters"]):
            y += 13
            vals = "".join(f"{tr['public_score'][k]:>4}" for k in parts)
            total = tr["score"] if tr["score"] is not None else "?"
            out.append(S.swatch(x, y, t, size=10, colour=trotter_colour(state, t)))
            out.append(S.text(x + 14, y, f"{tr['label'].split(' ')[0]:<4}{vals}  {total:>5}",
                              size=10, font_family="monospace", style="white-space: pre"))
        return out, y + 8
