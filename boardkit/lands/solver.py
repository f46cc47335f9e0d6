"""The megapark solver and the portfolio-phase hint (beyond the rulebook).

``solve(cards, side, params)`` finds the megapark of lowest penalty that the given reserved
cards can build, by an exact depth-first **branch and bound**:

* The megapark is built from the top card down: each next card is slipped *under* the cards
  already placed, and every intermediate park must follow the building rules (so the result
  can be played move by move: place the first card, then each next one with ``under=True``).
  Built this way, a square that is visible stays visible, so every square decided so far is
  final: icons off the plan are final extra icons, highlighted squares hidden under a blank or
  another shape are final unfilled squares.
* Lower bound of a partial megapark = final penalty of what is decided + what the remaining
  cards cannot avoid: the highlighted squares still open beyond the icons the remaining cards
  could add (their biggest shapes), one new icon per remaining card beyond the open
  highlighted squares, and the portfolio icons that neither the park nor the remaining cards'
  shapes could supply. A branch whose bound is not below the best megapark found is cut.
* Children that change the table in the same way are tried once; positions reached along
  different card orders are explored once (a transposition set).

The plan lies at the centre of the park's area; because the cards of any megapark can be
turned and moved together, that loses nothing but megaparks that would not fit in the area.
The search is exact for megaparks built this way (``Solution.proven``) unless ``time_limit``
stops it first. It keeps every visible icon of a chosen shape in the one group, so it never
uses a layout in which a piece of a shape is cut off from the park (legal since the building
rules leave such icons out of the park, ``lands.build.contiguous``): every layout it returns
is legal, but a cut-off layout that would score better is outside its search. Without a complete megapark (no order lets every card join), the best partial
one is returned (the game then lets the player finish without the cards that cannot join).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from boardkit.engine import Action
from boardkit.engine.words import wrap

from .building import AREA, GRID, VALID, Placed, connected, icons, mask_of, masks, positions
from .content import ICON_NAMES, Side, content
from .params import Params
from .position import Breakdown
from .scoring import score

if TYPE_CHECKING:
    from .position import LandsState

ICON_INDEX = {name: i for i, name in enumerate(ICON_NAMES)}


@dataclass
class Solution:
    layout: list[Placed]  # top card first: play it in this order, every card after the first under
    penalty: int
    breakdown: Breakdown | None
    proven: bool
    nodes: int
    seconds: float
    left_out: list[int] = field(default_factory=list)

    def park(self) -> list[Placed]:
        """The megapark as a park (bottom card first)."""
        return list(reversed(self.layout))


def plan_mask(side: Side) -> int:
    xs = [x for x, _ in side.megapark]
    ys = [y for _, y in side.megapark]
    dx = (AREA - (max(xs) - min(xs) + 1)) // 2 - min(xs)
    dy = (AREA - (max(ys) - min(ys) + 1)) // 2 - min(ys)
    return mask_of((x + dx, y + dy) for x, y in side.megapark)


def _candidates(card: int) -> list[tuple[Placed, int, int, int, int]]:
    """Every aligned placement of a card: (placed, footprint, chosen, other, icon index)."""
    spec = content().cards[card]
    out = []
    for angle in (0, 90, 180, 270):
        for x, y in positions(card, angle):
            for shape in (0, 1):
                p = Placed(card, x, y, angle, shape)
                fp, mine, rest = masks(p)
                out.append((p, fp, mine, rest, ICON_INDEX[spec.shapes[shape].icon]))
    return out


def solve(cards: Iterable[int], side: Side, params: Params, time_limit: float | None = 10.0,
          max_nodes: int | None = None,
          allow_partial: bool = False) -> Solution:
    """The lowest-penalty megapark of ``cards`` for the goal ``side`` (see the module doc).

    ``time_limit`` (seconds) or ``max_nodes`` (a reproducible budget) stop the search early;
    the result then says ``proven=False``.
    """
    start = time.perf_counter()
    chosen = sorted(cards)
    n = len(chosen)
    pts = params.points
    plan = plan_mask(side)
    need = [0] * len(ICON_NAMES)
    for icon, k in side.portfolio_counts().items():
        need[ICON_INDEX[icon]] = k
    cands = [_candidates(c) for c in chosen]
    biggest = [max(len(s.cells) for s in content().cards[c].shapes) for c in chosen]
    supply = []
    for c in chosen:
        row = [0] * len(ICON_NAMES)
        for s in content().cards[c].shapes:
            row[ICON_INDEX[s.icon]] = max(row[ICON_INDEX[s.icon]], len(s.cells))
        supply.append(row)

    best: dict[str, Any] = {"penalty": None, "layout": None}
    nodes = 0
    seen: set = set()
    stopped = False

    types = range(len(ICON_NAMES))
    grow = GRID.grow  # a square and the squares sharing an edge with it
    rest_cache: dict[int, tuple[int, int, tuple[int, ...]]] = {}

    def remaining(left: int) -> tuple[int, int, tuple[int, ...]]:
        """(cards left, icons they could add at most, per type) — cached per set of cards."""
        got = rest_cache.get(left)
        if got is None:
            idx = [i for i in range(n) if left >> i & 1]
            got = (len(idx), sum(biggest[i] for i in idx),
                   tuple(need[t] - sum(supply[i][t] for i in idx) for t in types))
            rest_cache[left] = got
        return got

    def bound(left: int, covered: int, park: int, counts: Sequence[int]) -> int:
        k, cap, short = remaining(left)
        open_plan = (plan & ~covered).bit_count()
        unfilled = (plan & covered & ~park).bit_count() + max(0, open_plan - cap)
        extra = (park & ~plan).bit_count() + max(0, k - open_plan)
        missing = 0
        for t in types:
            m = short[t] - counts[t]
            if m > 0:
                missing += m
        return pts.unfilled * unfilled + pts.extra * extra + pts.portfolio * missing

    def final(park: int, counts: Sequence[int]) -> int:
        unfilled = (plan & ~park).bit_count()
        extra = (park & ~plan).bit_count()
        missing = sum(max(0, need[t] - counts[t]) for t in range(len(need)))
        return pts.unfilled * unfilled + pts.extra * extra + pts.portfolio * missing

    def record(layout: list[Placed], park: int, counts: Sequence[int]) -> None:
        value = final(park, counts)
        if best["penalty"] is None or value < best["penalty"]:
            best["penalty"], best["layout"] = value, list(layout)

    def search(layout: list[Placed], left: int, covered: int, park: int, other: int,
               counts: tuple[int, ...]) -> None:
        nonlocal nodes, stopped
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            stopped = True
        elif time_limit is not None and nodes % 64 == 0 and time.perf_counter() - start > time_limit:
            stopped = True
        if stopped:
            return
        if not left:
            record(layout, park, counts)
            return
        key = (left, covered, park, other, counts)
        if key in seen:
            return
        seen.add(key)
        free = ~covered & VALID
        # the park with the squares bordering it; what is asked of it (new icons on free
        # squares, the other shape's icons) never lies on the park itself
        near = grow(park)
        children: list[tuple] = []
        for i in range(n):
            if not left >> i & 1:
                continue
            rest_left = left & ~(1 << i)
            done = set()
            for p, fp, mine, rest, t in cands[i]:
                d = mine & free
                if not d or (park and not d & near):
                    continue
                effect = (fp & free, d, rest & free)
                if effect in done:
                    continue
                done.add(effect)
                new_park = park | d
                counted = list(counts)
                counted[t] += d.bit_count()
                new_counts = tuple(counted)
                new_cov = covered | fp
                lb = bound(rest_left, new_cov, new_park, new_counts)
                if best["penalty"] is not None and lb >= best["penalty"]:
                    continue
                new_other = other | (rest & free)
                if new_other & grow(new_park):
                    continue
                if d != mine and not connected(new_park):  # a whole shape is connected
                    continue
                children.append((lb, -(d & plan).bit_count(), len(children), p, rest_left, new_cov,
                                 new_park, new_other, new_counts))
        if not children and allow_partial and layout:
            record(layout, park, counts)
            return
        children.sort(key=lambda c: c[:3])
        for lb, _, _, p, rest_left, new_cov, new_park, new_other, new_counts in children:
            if best["penalty"] is not None and lb >= best["penalty"]:
                break
            layout.append(p)
            search(layout, rest_left, new_cov, new_park, new_other, new_counts)
            layout.pop()
            if stopped:
                return

    search([], (1 << n) - 1, 0, 0, 0, tuple([0] * len(ICON_NAMES)))
    if best["layout"] is None and not allow_partial and not stopped and n:
        partial = solve(chosen, side, params, time_limit, max_nodes, allow_partial=True)
        partial.seconds = time.perf_counter() - start
        return partial
    layout = best["layout"] or []
    used = {p.card for p in layout}
    bd = score(icons(list(reversed(layout))), side, params) if layout else None
    return Solution(layout, bd.total if bd else final(0, [0] * len(need)), bd, not stopped, nodes,
                    time.perf_counter() - start, [c for c in chosen if c not in used])



# ---------------------------------------------------------------- portfolio-phase hint


def plan_progress(park_icons: Mapping[tuple[int, int], str], plan_card: int) -> int:
    """How many squares of ``plan_card``'s plan the park already shows (best turn and shift)."""
    from .completing import plan_turns

    best = 0
    for turn in plan_turns(plan_card):
        for (px, py), icon in park_icons.items():
            for (qx, qy), t in turn:
                if t != icon:
                    continue
                dx, dy = px - qx, py - qy
                n = sum(1 for (x, y), tt in turn if park_icons.get((x + dx, y + dy)) == tt)
                best = max(best, n)
    return best


def park_value(park_icons: Mapping[tuple[int, int], str], tops: list[int]) -> float:
    """A park's promise: the best share of a visible plan it shows (1 or more: it matches;
    an exact match scores a little more, since it may use the ability)."""
    from .completing import matches

    value = 0.0
    for plan in tops:
        size = len(content().cards[plan].plan)
        if matches(park_icons, plan):
            v = 1.2 if len(park_icons) == size else 1.0
        else:
            v = plan_progress(park_icons, plan) / size - 0.05 * max(0, len(park_icons) - size)
        value = max(value, v)
    return value


def ranked_placements(state: LandsState, card: int) -> list[tuple[float, float, Action]]:
    """Placements of the drawn ``card``: (gain in :func:`park_value`, value after, action), best first.

    A new park is tried at one spot only (every spot of an empty area is the same park).
    """
    from .actions import Place
    from .building import legal_placements

    tops = [st[0] for st in state.stacks if st]
    out: list[tuple[float, float, Action]] = []
    for i, park in enumerate(state.parks):
        before = park_value(icons(park), tops)
        for x, y, a, s, u in legal_placements(park, card):
            p = Placed(card, x, y, a, s)
            after = [p, *park] if u else [*park, p]
            value = park_value(icons(after), tops)
            out.append((value - before, value, Place(card, i, x, y, a, s, u)))
    for a in (0, 90, 180, 270):
        for s in (0, 1):
            p = Placed(card, 5, 5, a, s)
            value = park_value(icons([p]), tops)
            out.append((value - 0.01, value, Place(card, len(state.parks), 5, 5, a, s)))
    out.sort(key=lambda vo: (-vo[0], -vo[1]))
    return out


@dataclass
class Hint:
    action: Action
    reason: str

    def __str__(self) -> str:
        return wrap(f"{self.action}: {self.reason}")


def hint(state: LandsState) -> Hint | None:
    """A suggestion for the portfolio phase: complete a plan if possible, else the placement of
    the drawn card that brings a park closest to a visible plan. ``None`` outside it."""
    from .actions import Continue
    from .completing import exact, options
    from .portfolio import BuildStep, PlaceStep

    step = state.pending
    if isinstance(step, BuildStep):
        done = options(state)
        if done:
            best = max(done, key=lambda c: exact(state.park_icons(c.park), state.stacks[c.stack][0]))
            perfect = exact(state.park_icons(best.park), state.stacks[best.stack][0])
            return Hint(best, f"park {best.park} matches the plan on stack {best.stack}"
                        + (" exactly: you may use its ability" if perfect else ""))
        return Hint(Continue(), "no park matches a visible plan yet")
    if isinstance(step, PlaceStep):
        assert state.drawn is not None, "a card is drawn before it is placed"
        _, value, act = ranked_placements(state, state.drawn)[0]
        if value >= 1.0:
            return Hint(act, "this placement completes a plan")
        return Hint(act, "this placement brings a park closest to a visible plan")
    return None
