"""Rulebook, *2. Travel*: one action point and tickets take the trotter to an available
destination; then encounter cards (one per long flight), travel experience (one per ticket
that is not wild), clean-up (discard, take the card, refill the available destinations).

The ways to pay come from :mod:`boardkit.wanderlust.routes`; this module checks a chosen
payment and carries it out. :func:`plan` summarises the options of a player for teaching:
per destination the cheapest payment, the one with the most experience, the flights, and
why a destination is out of reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardkit.engine import RuleViolation
from boardkit.engine.rules import rule_ids

from . import encounters, routes, tickets
from .actions import Travel
from .content import TICKETS, world

if TYPE_CHECKING:
    from .position import WanderlustState

RULES = rule_ids("wanderlust")


def min_tickets(state: WanderlustState) -> int:
    return state.params.travel.house_rule_min if state.variant.house_rule else 1


def targets(state: WanderlustState) -> list[str]:
    return [d for d in state.available if d is not None]


def options(state: WanderlustState, p: int) -> list[Travel]:
    """The legal trips of player ``p`` with at most ``travel.list_legs`` tickets (one action
    per distinct payment). Longer trips are legal too (:func:`problem` checks any trip
    exactly) but are not listed: listing them costs time exponential in their length."""
    if sum(state.hand[p]) == 0:
        return []
    found = routes.options(state.loc[p], targets(state), state.hand[p],
                           state.params.travel.list_legs, min_tickets(state))
    out = []
    for to, opts in found.items():
        for spent, flights in opts:
            out.append(Travel.of(to, routes.names(spent), flights))
    return out


def problem(state: WanderlustState, p: int, act: Travel) -> RuleViolation | None:
    """Why ``act`` is not a legal trip for ``p`` now (``None`` when it is)."""
    available = targets(state)
    if act.to not in available:
        return RuleViolation("wanderlust.travel.available",
                             f"{act.to} is not an available destination; you may travel only to "
                             f"{', '.join(available) or '(none left)'}")
    unknown = [t for t in act.tickets if t not in TICKETS]
    if unknown:
        return RuleViolation("wanderlust.travel.hand",
                             f"{unknown[0]!r} is not a ticket type ({', '.join(TICKETS)})")
    if isinstance(act.flights, bool) or not isinstance(act.flights, int) or act.flights < 0:
        return RuleViolation("wanderlust.travel.route",
                             f"flights counts the long flights of the trip: a whole number from "
                             f"0, not {act.flights!r}")
    spent = routes.counts(act.tickets)
    hand = state.hand[p]
    for i, name in enumerate(TICKETS):
        if spent[i] > hand[i]:
            return RuleViolation("wanderlust.travel.hand",
                                 f"you would spend {spent[i]} {name} ticket"
                                 f"{'s' if spent[i] != 1 else ''} but hold {hand[i]} "
                                 f"(hand: {', '.join(state.hand_names(p)) or 'empty'})")
    need = min_tickets(state)
    if act.tickets and len(act.tickets) < need:
        return RuleViolation("wanderlust.house.min_tickets",
                             f"House Rule: a trip spends at least {need} tickets, not "
                             f"{len(act.tickets)}")
    src = state.loc[p]
    listed = state.params.travel.list_legs
    if len(act.tickets) <= listed and \
            (spent, act.flights) in routes.options(src, available, hand, listed, 1)[act.to]:
        return None  # fast path: the listing is cached (legal_actions computed it)
    # exact, for a trip of any length (the listing bound plays no part)
    if act.tickets and routes.find(src, act.to, spent, act.flights) is not None:
        return None
    again = routes.repeating_route(src, act.to, spent, act.flights) if act.tickets else None
    if again is not None:
        return RuleViolation("wanderlust.travel.no_repeat",
                             f"these tickets reach {act.to} only by using a track or an airport "
                             f"twice (for example {' → '.join(again)}); a trip uses each track "
                             "at most once, and flies from or to each airport on one visit only "
                             "(passing an airport by land is free)")
    opts = routes.options(src, available, hand, listed, need)[act.to]
    if not opts:
        why = routes.out_of_reach(src, act.to, hand, listed, need)
        return RuleViolation("wanderlust.travel.route", f"{act.to} is out of reach: {why}")
    fl = f" and {act.flights} long flight{'s' if act.flights != 1 else ''}" if act.flights else \
        " and no long flight"
    examples = "; ".join(", ".join(routes.names(s)) + (f" ({f} flight{'s' if f != 1 else ''})"
                                                         if f else "")
                         for s, f in opts[:3])
    return RuleViolation("wanderlust.travel.route",
                         f"no route from {src} to {act.to} is paid by exactly "
                         f"{', '.join(act.tickets) or 'no tickets'}{fl} (each track needs its own "
                         f"ticket type, a white track any ticket, a flight an airline ticket, a "
                         f"wild ticket anything); ways to pay include: {examples}")


def take_destination(state: WanderlustState, t: int, name: str) -> None:
    """Clean-up: the destination card goes to ``t``, the available destinations are refilled
    (in place; in Solo Mode the cards shift right and the new one comes in on the left)."""
    slot = state.available.index(name)
    state.cards[t].append(name)
    state.tokens[t][name] = [0, 0, 0]
    if state.solo:
        for i in range(slot, 0, -1):
            state.available[i] = state.available[i - 1]
        slot = 0
        state.available[0] = None
    else:
        state.available[slot] = None
    if state.dest_deck:
        deck = state.dest_deck
        new = state.chance("destination", lambda rng: deck[int(rng.integers(len(deck)))],
                           text=lambda v: f"new available destination: {v}")
        deck.remove(new)
        state.available[slot] = new
    else:
        state.note("the destination deck is empty: the slot stays empty")


@RULES.implements("wanderlust.travel.encounter", "wanderlust.travel.experience",
                  "wanderlust.skill.flight_experience")
def travel(state: WanderlustState, p: int, act: Travel) -> None:
    """Carry out a legal trip (checked before)."""
    spent = routes.counts(act.tickets)
    pay = routes.payment(state.loc[p], act.to, spent, act.flights, state.hand[p],
                         targets(state), state.params.travel.list_legs) \
        or routes.find(state.loc[p], act.to, spent, act.flights)  # a trip longer than listed
    assert pay is not None, "a checked trip has a route"
    state.note(f"{state.label(p)} travels {pay.route}")
    # A. one encounter card per long flight
    for _ in range(act.flights):
        encounters.gain(state, p, why=" (long flight)")
    # B. travel experience: every ticket but the wild ones (+ the Jet-setter's skill)
    gained = pay.experience + act.flights * state.skill(p, "flight_experience", 0)
    state.exp[p] += gained
    # C. clean-up
    tickets.spend(state, p, spent)
    state.best_trip[p] = max(state.best_trip[p], len(act.tickets))
    state.loc[p] = act.to
    state.note(f"{state.label(p)} gains {gained} travel experience (now {state.exp[p]}) and "
               f"the {act.to} card")
    take_destination(state, p, act.to)


# ---------------------------------------------------------------- teaching aid


def paying(state: WanderlustState, p: int, to: str, tickets: Sequence[str]) -> list[routes.Payment]:
    """The trips of player ``p`` to ``to`` that spend exactly ``tickets``, one per number of
    long flights, whatever their length (the board offers these when tickets are picked
    from the hand; :func:`problem` still checks the chosen one)."""
    if to not in targets(state) or not tickets or len(tickets) < min_tickets(state):
        return []
    spent = routes.counts(tickets)
    if any(s > h for s, h in zip(spent, state.hand[p], strict=True)):
        return []
    most = spent[TICKETS.index("airline")] + spent[TICKETS.index("wild")]
    found = (routes.find(state.loc[p], to, spent, f) for f in range(most + 1))
    return [pay for pay in found if pay is not None]



def plan(state: WanderlustState, p: int | None = None) -> dict[str, dict]:
    """Per available destination: every payment, the cheapest, the most experience, the
    flights, and why it is out of reach (for player ``p``, default: the one to move)."""
    if p is None:
        p = state.current_player if state.current_player is not None else 0
    src, hand = state.loc[p], state.hand[p]
    max_legs, need = state.params.travel.list_legs, min_tickets(state)
    found = routes.all_payments(src, targets(state), hand, max_legs, need)
    bonus = state.skill(p, "flight_experience", 0)
    out = {}
    for to in targets(state):
        pays = found[to]

        def xp(pay: routes.Payment, bonus: int = bonus) -> int:
            return pay.experience + pay.flights * bonus

        out[to] = {
            "zone": world().zone(to),
            "type": world().dest_type(to),
            "payments": pays,
            "cheapest": min(pays, key=lambda q: (len(q.tickets), q.tickets.count("wild"),
                                                 q.tickets.count("airline"), -xp(q)))
            if pays else None,
            "most_experience": max(pays, key=lambda q: (xp(q), -len(q.tickets))) if pays else None,
            "flights": sorted({q.flights for q in pays}),
            "out_of_reach": "" if pays else routes.out_of_reach(src, to, hand, max_legs, need),
        }
    return out
