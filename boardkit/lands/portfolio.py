"""Portfolio Phase (rulebook: Gameplay › Portfolio Phase).

Four rounds (``lands.portfolio.rounds``). Each round the player draws one card at a time and
places it before drawing the next (``lands.portfolio.draw``): it starts a new park or joins
an existing one (``lands.portfolio.place``). After placing a card the player may complete
parks, rearrange cards or go on. A park may be laid out anew (:class:`Relayout`, a whole
rearrangement) at any of these decisions, before placing the drawn card too; the listed
one-card moves are bounded by ``params.rearrangements`` (see :mod:`.rearranging`).

A turn is one card: :func:`turn` draws it, the player places it and builds; the flow
(:mod:`.flow`) gives turn after turn while :func:`goes_on`, then ends the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from boardkit.engine import STAY, Action, Outcome, RuleViolation, Step, goto
from boardkit.engine.rules import rule_ids

from . import completing, rearranging
from .actions import MAX_PARKS, Complete, Continue, Place, Rearrange, Relayout
from .building import check_place, place_options, sample_placement

if TYPE_CHECKING:
    from .position import LandsState

RULES = rule_ids("lands")


def start_round(state: LandsState) -> None:
    icons = ", ".join(state.side.portfolio[state.round - 1])
    state.note(f"round {state.round} of {state.params.rounds}: the portfolio asks for {icons}")


def goes_on(state: LandsState) -> bool:
    """Whether the player draws another card this round: the deck and some stack still hold
    cards (``lands.end.trigger``)."""
    return bool(state.deck) and any(state.stacks)


@RULES.implements("lands.end.trigger")
def round_ends(state: LandsState) -> bool:
    """True, with the reason noted, when the round ends before the next draw: the deck or
    every stack is empty (``lands.end.trigger``)."""
    if goes_on(state):
        return False
    why = "the deck is empty" if not state.deck else "every stack is empty"
    state.note(f"{why}: the round ends (lands.end.trigger)")
    return True


def draws(state: LandsState, seat: int) -> bool:
    """A turn of the Portfolio Phase is played unless the round ends instead
    (``lands.end.trigger``, noted)."""
    return not round_ends(state)


def draw(state: LandsState, seat: int) -> None:
    """The turn begins: draw the next card, to be placed before anything else
    (``lands.portfolio.draw``)."""
    card = state.deck.pop(0)
    state.deck_known = max(0, state.deck_known - 1)
    state.reveal(card)
    state.drawn = card
    state.note(f"draw #{card} ({state.card_text(card)}); {len(state.deck)} left in the deck")


def builds(state: LandsState, seat: int) -> bool:
    """The build stage goes on while a stack still shows a plan (a completion that empties
    the last one ends the round, ``lands.end.trigger``)."""
    return any(state.stacks)


def _drawn(state: LandsState) -> int:
    """The card just drawn (the place stage is asked once a card is drawn)."""
    assert state.drawn is not None, "a card is drawn before it is placed"
    return state.drawn


class PlaceStep(Step["LandsState"]):
    """Place the card just drawn."""

    rule = "lands.portfolio.place"
    wide = True  # search draws placements (sample) instead of listing them
    auto = False  # hundreds of options; never worth listing just to auto-resolve

    def prompt(self, state: LandsState) -> str:
        return f"place #{state.drawn} in a park (or start a new park)"

    def legal(self, state: LandsState) -> list[Action]:
        return place_options(_drawn(state), state.parks)

    def sample(self, state: LandsState, rng: np.random.Generator) -> Action:
        """A random legal placement without listing them all (search playouts)."""
        parks = list(state.parks)
        if len(parks) < MAX_PARKS:
            parks.append([])
        card = _drawn(state)
        drawn = sample_placement(parks, card, rng)
        if drawn is None:
            return super().sample(state, rng)
        i, opt = drawn
        assert opt is not None, "no extra option was asked for"
        x, y, a, s, u = opt
        return Place(card, i, x, y, a, s, u)

    def check(self, state: LandsState, act: Action) -> None:
        if isinstance(act, Relayout):
            rearranging.check_relayout(state, act)
            return
        if not isinstance(act, Place):
            raise RuleViolation("lands.portfolio.draw", f"“{act}” is not possible now: place the "
                                f"card you drew (#{state.drawn}) before anything else")
        if act.card != state.drawn:
            raise RuleViolation("lands.portfolio.place", f"you drew #{state.drawn}: place that "
                                f"card, not #{act.card}")
        check_place(act, state.parks)

    def resolve(self, state: LandsState, act: Action) -> Outcome:
        if isinstance(act, Relayout):
            rearranging.relayout(state, act)
            return STAY  # the card is still to place
        assert isinstance(act, Place), "check lets a Place or Relayout through"
        park = check_place(act, state.parks)
        new = act.park == len(state.parks)
        if new:
            state.parks.append(park)
        else:
            state.parks[act.park] = park
        state.note(f"#{act.card} {'starts park' if new else 'joins park'} {act.park}")
        state.drawn = None
        state.moves_left = state.params.rearrangements
        return None  # the turn goes on at its build stage


class BuildStep(Step["LandsState"]):
    """After placing a card: complete a park, rearrange a card, or go on."""

    rule = "lands.portfolio.draw"

    def prompt(self, state: LandsState) -> str:
        go = "draw the next card" if state.deck else "end the round (the deck is empty)"
        return f"complete a park, rearrange a park or {go}"

    def legal(self, state: LandsState) -> list[Action]:
        out: list[Action] = [Continue()]
        out += completing.options(state)
        out += rearranging.options(state)
        return out

    def check(self, state: LandsState, act: Action) -> None:
        if isinstance(act, Continue):
            return
        if isinstance(act, Complete):
            completing.check(state, act)
            return
        if isinstance(act, Rearrange):
            rearranging.check(state, act)
            return
        if isinstance(act, Relayout):
            rearranging.check_relayout(state, act)
            return
        raise RuleViolation("lands.portfolio.draw", self.not_now(state, act))

    def resolve(self, state: LandsState, act: Action) -> Outcome:
        if isinstance(act, Continue):
            round_ends(state)  # the turn is over; the flow draws the next card, if any
            return None
        if isinstance(act, Complete):
            completing.complete(state, act)
            return goto("build")  # once the ability (if any) is decided, if a plan is left
        if isinstance(act, Relayout):
            rearranging.relayout(state, act)
        else:
            assert isinstance(act, Rearrange), "check lets only the build stage's actions through"
            rearranging.pick_up(state, act)
        return STAY  # the player goes on building after this
