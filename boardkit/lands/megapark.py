"""Megapark Phase (rulebook: Gameplay › Megapark Phase).

The reserved cards are turned face up and all become available at once
(``lands.megapark.only_reserved``): the player builds one single park with them
(``lands.megapark.single``) under the building rules (``lands.build.*``), aiming only at the
goal's megapark plan — stack plans play no part any more (``lands.megapark.plan_only``).
Every reserved card must join (``lands.megapark.all_cards``); missing icons are allowed and
scored (``lands.megapark.missing_ok``). The megapark may be laid out anew at any time
(:mod:`.rearranging`). The player finishes when satisfied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from boardkit.engine import Action, Outcome, RuleViolation, Step
from boardkit.engine.rules import rule_ids

from . import rearranging
from .actions import Complete, Finish, Place, Rearrange, Relayout
from .building import allowed, candidates, check_place, place_options
from .scoring import score

if TYPE_CHECKING:
    from .position import LandsState

RULES = rule_ids("lands")


def start(state: LandsState) -> None:
    """The Megapark Phase begins: the reserved cards are turned over, to be placed."""
    state.parks = []
    state.hand = sorted(state.reserved)
    for c in state.hand:
        state.reveal(c)
    state.moves_left = state.params.rearrangements
    state.note(f"Megapark Phase: the reserved cards are turned over: "
               f"{', '.join(f'#{c}' for c in state.hand)}")


def turn(state: LandsState, seat: int) -> MegaStep:
    """The Megapark Phase is one long turn: card after card until the player finishes."""
    return MegaStep(auto=not state.hand)


def go_on(state: LandsState) -> None:
    """The player goes on building the megapark (the next decision of the same turn)."""
    state.ask(turn(state, 0))


def joinable(state: LandsState) -> list[Action]:
    out: list[Action] = []
    for card in state.hand:
        out += place_options(card, state.parks, new_park=not state.parks)
    return out


class MegaStep(Step["LandsState"]):
    """Add a reserved card to the megapark, rearrange one, or finish."""

    rule = "lands.megapark.build"
    wide = True  # search draws placements (sample) instead of listing them

    def __init__(self, auto: bool) -> None:
        self.auto = auto

    def prompt(self, state: LandsState) -> str:
        if state.hand:
            return (f"add a reserved card to the megapark ({len(state.hand)} left), rearrange it, "
                    "or finish if none can join")
        return "rearrange the megapark or finish it"

    def legal(self, state: LandsState) -> list[Action]:
        places = joinable(state)
        out: list[Action] = list(places)
        out += rearranging.options(state)
        if not places:
            out.append(Finish())
        return out

    def sample(self, state: LandsState, rng: np.random.Generator) -> Action:
        """A random legal option without listing every placement (search playouts): the
        candidates are tried in a random order and the first legal one is kept (uniform)."""
        if not state.hand:
            return super().sample(state, rng)
        park = state.parks[0] if state.parks else []
        moves = rearranging.options(state)
        pool: list[tuple[int | None, tuple[int, int, int, int, bool] | Action]] = [
            (card, opt) for card in state.hand for opt in candidates(park, card)]
        pool += [(None, m) for m in [*moves, Finish()]]
        order = [int(j) for j in rng.permutation(len(pool))]
        def fits(card: int | None, what: tuple[int, int, int, int, bool] | Action) -> bool:
            return card is not None and not isinstance(what, Action) and allowed(park, card, what)

        for n, j in enumerate(order):
            card, what = pool[j]
            if not isinstance(what, Action):
                if card is not None and fits(card, what):
                    return Place(card, 0, *what)
            elif not isinstance(what, Finish):
                return what  # a rearranging move is always legal here
            elif not any(fits(*pool[k]) for k in order[n + 1:]):
                return what  # finishing is legal when no card can join anywhere
        return Finish()

    def check(self, state: LandsState, act: Action) -> None:
        if isinstance(act, Place):
            if act.card not in state.hand:
                raise RuleViolation("lands.megapark.only_reserved", f"#{act.card} is not one of "
                                    "your reserved cards still to place "
                                    f"({', '.join(f'#{c}' for c in state.hand) or 'none left'})")
            if state.parks and act.park != 0:
                raise RuleViolation("lands.megapark.single", "the megapark is one single park: "
                                    "every card joins park 0")
            check_place(act, state.parks)
            return
        if isinstance(act, Rearrange):
            rearranging.check(state, act)
            return
        if isinstance(act, Relayout):
            rearranging.check_relayout(state, act)
            return
        if isinstance(act, Finish):
            if state.hand and joinable(state):
                raise RuleViolation("lands.megapark.all_cards", "every reserved card must join the "
                                    f"megapark; still to place: {', '.join(f'#{c}' for c in state.hand)}")
            return
        if isinstance(act, Complete):
            raise RuleViolation("lands.megapark.plan_only", "in the Megapark Phase only the goal's "
                                "megapark plan counts; stack plans cannot be completed")
        raise RuleViolation("lands.megapark.build", self.not_now(state, act))

    def resolve(self, state: LandsState, act: Action) -> Outcome:
        if isinstance(act, Place):
            park = check_place(act, state.parks)
            if state.parks:
                state.parks[0] = park
            else:
                state.parks.append(park)
            state.hand.remove(act.card)
            state.moves_left = state.params.rearrangements
            state.note(f"#{act.card} joins the megapark")
            go_on(state)
        elif isinstance(act, Rearrange):
            rearranging.pick_up(state, act)  # the card is moved first
            go_on(state)
        elif isinstance(act, Relayout):
            rearranging.relayout(state, act)
            go_on(state)
        # Finish: the turn, and so the phase, is over; the flow scores it (finish)
        return None


@RULES.implements("lands.megapark.missing_ok")
def finish(state: LandsState) -> None:
    """The end of the game: score the megapark (``lands.score.*``)."""
    if state.hand:
        state.note(f"{', '.join(f'#{c}' for c in state.hand)} cannot join the megapark anywhere "
                   "and stay out (lands.megapark.all_cards)")
    icons = state.park_icons(0) if state.parks else {}
    state.result = score(icons, state.side, state.params, state.stack_cards(), state.variant.expert)
    state.note(f"final penalty {state.result.total}: {state.result.title} "
               f"({'; '.join(state.result.lines(state.params.points)[:-1])})")
