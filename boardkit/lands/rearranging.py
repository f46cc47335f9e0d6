"""Rearranging Cards (rulebook: Gameplay › Portfolio Phase › Rearranging Cards).

The cards of a park are never fixed: the player may lay all of them anew, in any way —
moved, turned, another shape chosen, another stacking order — as long as the park follows
the building rules (``lands.build.*``) **once the rearrangement is finished**; the layouts in
between do not matter. Cards never change parks (``lands.rearrange.within``) and are never
taken out of a park (``lands.rearrange.no_removal``). Two ways to do it:

* :class:`~boardkit.lands.actions.Relayout` — a person's rearrangement (the board: pick up
  cards, lay them again, "done"): the whole new layout of one park, checked at once. The
  rules set no limit, and neither does the engine; it is not listed by ``legal_actions``.
* :class:`~boardkit.lands.actions.Rearrange` then :class:`~boardkit.lands.actions.Move` (or
  ``PutBack``) — the listed moves that agents and simulations use: one card at a time, the
  park checked after each, at most ``params.rearrangements`` of them after each card placed
  (``lands.rearrange.limit``, our bound so that random play ends and stays fast).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import numpy as np

from boardkit.engine import Action, Outcome, RuleViolation, Step

from .actions import Move, PutBack, Rearrange, Relayout
from .building import Placed, check_area, check_park, join, legal_placements, sample_placement, snap

if TYPE_CHECKING:
    from .position import LandsState


def options(state: LandsState) -> list[Rearrange]:
    if state.moves_left <= 0:
        return []
    return [Rearrange(i, p.card) for i, park in enumerate(state.parks) for p in park]


def check(state: LandsState, act: Rearrange) -> None:
    if state.moves_left <= 0:
        raise RuleViolation("lands.rearrange.limit", f"no listed rearranging move left now (the "
                            f"bound is {state.params.rearrangements} after each card placed); lay "
                            "the park out anew in one go instead (Relayout), which has no limit")
    if not (isinstance(act.park, int) and 0 <= act.park < len(state.parks)):
        raise RuleViolation("lands.rearrange.within", f"there is no park {act.park!r} to "
                            "rearrange")
    cards = [p.card for p in state.parks[act.park]]
    if act.card not in cards:
        raise RuleViolation("lands.rearrange.within", f"card #{act.card} is not in park "
                            f"{act.park} (its cards: {', '.join(f'#{c}' for c in cards)}); cards "
                            "never move between parks")


def pick_up(state: LandsState, act: Rearrange) -> None:
    state.moves_left -= 1
    state.ask(MoveStep(act.park, act.card))


def rest_of(state: LandsState, park: int, card: int) -> list[Placed]:
    return [p for p in state.parks[park] if p.card != card]


# ---------------------------------------------------------------- a whole rearrangement


def _entry(e: object) -> bool:
    return (isinstance(e, tuple) and len(e) == 5 and isinstance(e[0], int)
            and not isinstance(e[0], bool))


def check_relayout(state: LandsState, act: Relayout) -> list[Placed]:
    """The park laid out as ``act`` says, or the rule the finished layout breaks."""
    if isinstance(act.park, bool) or not isinstance(act.park, int) \
            or not 0 <= act.park < len(state.parks):
        raise RuleViolation("lands.rearrange.within", f"there is no park {act.park!r} to "
                            f"rearrange (parks: 0..{len(state.parks) - 1})")
    if not isinstance(act.cards, tuple) or not all(_entry(e) for e in act.cards):
        raise RuleViolation("lands.rearrange.within", "a rearrangement lists every card of the "
                            "park as (card, x, y, angle, shape), bottom card first")
    have = [p.card for p in state.parks[act.park]]
    listed = [e[0] for e in act.cards]
    twice = sorted(c for c, n in Counter(listed).items() if n > 1)
    if twice:
        raise RuleViolation("lands.rearrange.within", f"#{twice[0]} is listed twice: each card "
                            "of the park lies in it once")
    strangers = [c for c in listed if c not in have]
    if strangers:
        raise RuleViolation("lands.rearrange.within", f"#{strangers[0]} is not in park "
                            f"{act.park} (its cards: {', '.join(f'#{c}' for c in have)}); cards "
                            "never move between parks")
    missing = [c for c in have if c not in listed]
    if missing:
        raise RuleViolation("lands.rearrange.no_removal", f"#{missing[0]} of park {act.park} is "
                            "missing from the new layout: cards are never taken out of a park")
    laid: list[Placed] = []
    for card, x, y, angle, shape in act.cards:
        if isinstance(shape, bool) or shape not in (0, 1):
            raise RuleViolation("lands.build.choose_shape", f"card #{card} has two shapes, 0 "
                                f"and 1; shape {shape!r} does not exist")
        gx, gy, a = snap(laid, card, x, y, angle)
        check_area(card, gx, gy, a)
        laid.append(Placed(card, gx, gy, a, shape))
    try:
        check_park(laid)
    except RuleViolation as exc:
        raise RuleViolation(exc.rule, f"the rearranged park {act.park} breaks it: "
                            f"{exc.message}") from None
    return laid


def relayout(state: LandsState, act: Relayout) -> None:
    state.parks[act.park] = check_relayout(state, act)
    state.note(f"park {act.park} is laid out anew (lands.rearrange.within)")


class MoveStep(Step["LandsState"]):
    """Lay the picked-up card again somewhere in the same park."""

    rule = "lands.rearrange.within"
    wide = True  # search draws placements (sample) instead of listing them
    auto = False

    def __init__(self, park: int, card: int) -> None:
        self.park, self.card = park, card
        self.player = 0

    def prompt(self, state: LandsState) -> str:
        return f"lay #{self.card} again in park {self.park} (or put it back)"

    def legal(self, state: LandsState) -> list[Action]:
        rest = rest_of(state, self.park, self.card)
        return [PutBack()] + [Move(*opt) for opt in legal_placements(rest, self.card)]

    def sample(self, state: LandsState, rng: np.random.Generator) -> Action:
        """A random option without listing every placement (search playouts)."""
        drawn = sample_placement([rest_of(state, self.park, self.card)], self.card, rng, extra=1)
        if drawn is None or drawn[1] is None:
            return PutBack()
        return Move(*drawn[1])

    def check(self, state: LandsState, act: Action) -> None:
        if isinstance(act, PutBack):
            return
        if not isinstance(act, Move):
            raise RuleViolation("lands.rearrange.within", f"“{act}” is not possible now: lay "
                                f"#{self.card} again in park {self.park} first")
        join(rest_of(state, self.park, self.card), self.card, act.x, act.y, act.angle,
             act.shape, act.under)

    def resolve(self, state: LandsState, act: Action) -> Outcome:
        if isinstance(act, PutBack):
            state.note(f"#{self.card} stays where it was")
            return None
        assert isinstance(act, Move), "check lets a Move or PutBack through"
        state.parks[self.park] = join(rest_of(state, self.park, self.card), self.card, act.x,
                                      act.y, act.angle, act.shape, act.under)
        state.note(f"#{self.card} is laid again in park {self.park}")
        return None
