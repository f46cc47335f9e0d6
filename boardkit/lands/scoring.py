"""Scoring (rulebook: Scoring, Expert Mode).

The megapark is compared with the goal's megapark plan: each highlighted square without an
icon costs ``points.unfilled`` (``lands.score.unfilled``), each icon off the highlighted
squares ``points.extra`` (``lands.score.extra``), each portfolio icon the megapark lacks
``points.portfolio`` (``lands.score.portfolio``); in Expert Mode each card left in the stacks
``points.expert_stack_card`` (``lands.expert.stacks``). The plan may be laid over the
megapark in any quarter turn and position; the best fit counts (``lands.score.alignment``).
The total's row of the result table gives the title (``lands.score.titles``); every result
but Failure wins the game, Expert points included (``lands.score.result``, :func:`won`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from boardkit.engine.rules import rule_ids

from .content import Side
from .params import Params, Title
from .position import Breakdown

if TYPE_CHECKING:
    from .position import LandsState

RULES = rule_ids("lands")

Cell = tuple[int, int]


def rotations(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The four quarter turns of a set of squares (exact integer rotation)."""
    out: list[tuple[Cell, ...]] = []
    cur = tuple(cells)
    for _ in range(4):
        out.append(cur)
        cur = tuple((-y, x) for x, y in cur)
    return out


def best_fit(plan: Iterable[Cell], park: Iterable[Cell]) -> tuple[int, int, Cell]:
    """(overlap, quarter turns, shift): how the plan lies best over the park's squares."""
    squares = set(park)
    best = (0, 0, (0, 0))
    if not squares:
        return best
    for k, turned in enumerate(rotations(plan)):
        votes: Counter[Cell] = Counter()
        for hx, hy in turned:
            for px, py in squares:
                votes[(px - hx, py - hy)] += 1
        shift, n = max(votes.items(), key=lambda kv: (kv[1], -kv[0][0], -kv[0][1]))
        if n > best[0]:
            best = (n, k, shift)
    return best


def _row(total: int, params: Params) -> Title:
    for t in params.title:
        if total <= t.upto:
            return t
    return params.title[-1]


@RULES.implements("lands.score.titles")
def title(total: int, params: Params) -> str:
    return _row(total, params).name


@RULES.implements("lands.score.result")
def won(total: int, params: Params) -> bool:
    """Whether a final penalty wins (``lands.score.result``): every title but Failure does."""
    return _row(total, params).won


def missing_icons(park_icons: Mapping[Cell, str], side: Side) -> dict[str, int]:
    have = Counter(park_icons.values())
    return {icon: max(0, n - have[icon]) for icon, n in sorted(side.portfolio_counts().items())}


@RULES.implements(
    "lands.score.unfilled",
    "lands.score.extra",
    "lands.score.portfolio",
    "lands.score.alignment",
    "lands.expert.stacks",
)
def score(park_icons: Mapping[Cell, str], side: Side, params: Params, stack_cards: int = 0,
          expert: bool = False) -> Breakdown:
    """The penalty of a megapark whose icons are ``park_icons`` (square → icon)."""
    n, k, shift = best_fit(side.megapark, park_icons)
    unfilled = len(side.megapark) - n
    extra = len(park_icons) - n
    missing = missing_icons(park_icons, side)
    left = stack_cards if expert else 0
    pts = params.points
    total = (pts.unfilled * unfilled + pts.extra * extra + pts.portfolio * sum(missing.values())
             + pts.expert_stack_card * left)
    return Breakdown(unfilled, extra, missing, left, total, title(total, params), (k, shift))


def breakdown(state: LandsState) -> Breakdown:
    """The penalty: final once the game is over, else that of the megapark so far."""
    if state.result is not None:
        return state.result
    icons = state.park_icons(0) if state.phase == "megapark" and state.parks else {}
    return score(icons, state.side, state.params, state.stack_cards(), state.variant.expert)


def final_scores(state: LandsState) -> list[float]:
    """The player's penalty points (lower is better: the total of :func:`score`), as the
    state's ``scores()`` gives them; final once the megapark is built. The same name in every
    game (:func:`boardkit.lands.final_scores`)."""
    return [float(breakdown(state).total)]
