"""Rulebook, *1. Acquire a Ticket* (and *Efficient Planning*).

For one action point a player takes a ticket from the five-ticket display (the slot is
refilled at once) or a blind one from the face-down pile. An empty pile is replaced by the
shuffled discard pile. When the display shows only two ticket types (or fewer), the active
player may reset it. A player who ends a turn with an empty hand draws two blind tickets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from boardkit.engine import RuleViolation
from boardkit.engine.rules import rule_ids

from .content import TICKETS, an

if TYPE_CHECKING:
    from .position import TurnCounts, WanderlustState

RULES = rule_ids("wanderlust")


def _pick(counts: tuple[int, ...], rng: np.random.Generator) -> str:
    r = int(rng.integers(sum(counts)))
    for name, c in zip(TICKETS, counts, strict=True):
        if r < c:
            return name
        r -= c
    raise AssertionError("unreachable")  # pragma: no cover


@RULES.implements("wanderlust.tickets.reshuffle")
def reshuffle(state: WanderlustState) -> None:
    """The discard pile becomes the new face-down pile (rule ``wanderlust.tickets.reshuffle``)."""
    if sum(state.discard):
        state.deck = [a + b for a, b in zip(state.deck, state.discard, strict=True)]
        state.discard = [0] * 6
        state.note(f"the ticket pile is empty: the {sum(state.deck)} discarded tickets are "
                   "shuffled into a new pile")


def draw(state: WanderlustState, to: int | None = None, why: str = "") -> str | None:
    """Draw one ticket from the pile (reshuffling first if needed); ``None`` if none is left.

    ``to``: the player who draws it face down (others only see that a ticket was drawn).
    """
    if sum(state.deck) == 0:
        reshuffle(state)
    if sum(state.deck) == 0:
        state.note("no ticket is left in the pile or the discard pile")
        return None
    counts = tuple(state.deck)
    if to is None:
        value = state.chance("ticket", lambda rng: _pick(counts, rng),
                             text=lambda v: f"{an(v)} ticket is revealed{why}")
    else:
        who = state.label(to)
        value = state.chance("ticket", lambda rng: _pick(counts, rng), to=to,
                             text=lambda v: f"{who} draws {an(v)} ticket{why}",
                             public=f"draws a blind ticket{why}")
    state.deck[TICKETS.index(value)] -= 1
    return value


def refill(state: WanderlustState) -> None:
    """Fill the empty slots of the display, left to right."""
    for slot, ticket in enumerate(state.display):
        if ticket is None:
            state.display[slot] = draw(state, why=f" for display slot {slot + 1}")


def give(state: WanderlustState, p: int, ticket: str, known: bool) -> None:
    i = TICKETS.index(ticket)
    state.hand[p][i] += 1
    if known:
        state.known[p][i] += 1


def spend(state: WanderlustState, p: int, spent: Sequence[int]) -> None:
    """Discard tickets (counts) from ``p``'s hand, face up: everyone sees what was spent."""
    for i, c in enumerate(spent):
        if c:
            state.hand[p][i] -= c
            state.discard[i] += c
            state.known[p][i] = max(0, state.known[p][i] - c)


# ---------------------------------------------------------------- actions


def display_problem(state: WanderlustState, slot: int) -> RuleViolation | None:
    if not isinstance(slot, int) or not 0 <= slot < len(state.display):
        return RuleViolation("wanderlust.tickets.display",
                             f"the display has slots 1 to {len(state.display)}, not {slot + 1}")
    if state.display[slot] is None:
        return RuleViolation("wanderlust.tickets.display",
                             f"display slot {slot + 1} is empty (no ticket is left to refill it)")
    return None


def take_display(state: WanderlustState, p: int, slot: int) -> None:
    ticket = state.display[slot]
    assert ticket is not None, "a checked display slot holds a ticket"
    state.display[slot] = None
    give(state, p, ticket, known=True)
    state.note(f"{state.label(p)} takes the {ticket} ticket from display slot {slot + 1}")
    state.display[slot] = draw(state, why=f" for display slot {slot + 1}")


def blind_problem(state: WanderlustState) -> RuleViolation | None:
    if sum(state.deck) + sum(state.discard) == 0:
        return RuleViolation("wanderlust.tickets.blind",
                             "no ticket is left face down, nor in the discard pile")
    return None


def take_blind(state: WanderlustState, p: int) -> None:
    ticket = draw(state, to=p, why=" (blind)")
    if ticket is not None:
        give(state, p, ticket, known=False)


def types_shown(state: WanderlustState) -> int:
    return len({t for t in state.display if t is not None})


def reset_problem(state: WanderlustState, step: TurnCounts) -> RuleViolation | None:
    limit = state.params.tickets.reset_types
    shown = types_shown(state)
    if shown > limit:
        return RuleViolation("wanderlust.tickets.reset",
                             f"the display shows {shown} ticket types; it may be reset only "
                             f"when it shows {limit} or fewer")
    most = state.params.tickets.resets_per_turn  # 0: no limit (the rulebook's 'at any time')
    if most and step.resets >= most:
        return RuleViolation("wanderlust.tickets.reset",
                             f"the display was already reset {step.resets} time"
                             f"{'s' if step.resets != 1 else ''} this turn (params "
                             f"tickets.resets_per_turn = {most})")
    if sum(state.deck) + sum(state.discard) + sum(1 for t in state.display if t) == 0:
        return RuleViolation("wanderlust.tickets.reset", "there are no tickets to deal")
    return None


def reset(state: WanderlustState, p: int) -> None:
    old = [t for t in state.display if t is not None]
    for t in old:
        state.discard[TICKETS.index(t)] += 1
    state.display = [None] * len(state.display)
    state.note(f"{state.label(p)} resets the display (it showed {', '.join(old) or 'nothing'})")
    refill(state)


@RULES.implements("wanderlust.planning.bonus", "wanderlust.skill.planning_bonus")
def efficient_planning(state: WanderlustState, p: int) -> None:
    """Rule ``wanderlust.planning.bonus``: an empty hand at the end of the turn."""
    if sum(state.hand[p]) == 0:
        n = state.skill(p, "planning_bonus", state.params.tickets.efficient_planning)
        state.note(f"{state.label(p)} ends the turn with no tickets: Efficient Planning, "
                   f"{n} blind tickets")
        for _ in range(n):
            t = draw(state, to=p, why=" (Efficient Planning)")
            if t is not None:
                give(state, p, t, known=False)
