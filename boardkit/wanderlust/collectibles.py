"""Rulebook, *3. Gain Collectibles*: only where the trotter stands.

* in a City: 1 action point, a souvenir (at most 3 from each city);
* in a Port: 1 action point and 1 ticket, a postcard (1 per port);
* at a Natural wonder: 2 action points, a photo (a camera token; 1 per wonder).

The token goes on the destination card it comes from. Passport skills may change the limits
(Souvenir hunter), the ticket (Pen friend) or the action points (Photographer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import Action, RuleViolation
from boardkit.engine.rules import rule_ids

from . import tickets
from .actions import Photo, Postcard, Souvenir
from .content import TICKETS, an, world

if TYPE_CHECKING:
    from .position import WanderlustState

RULES = rule_ids("wanderlust")

KIND_OF = {Souvenir: "city", Postcard: "port", Photo: "wonder"}
WHAT = {"city": "souvenirs", "port": "postcards", "wonder": "photos"}


@RULES.implements("wanderlust.skill.photo_points")
def cost(state: WanderlustState, p: int, act: Action) -> int:
    c = state.params.collect
    if isinstance(act, Souvenir):
        return c.souvenir_cost
    if isinstance(act, Postcard):
        return c.postcard_cost
    return state.skill(p, "photo_points", c.photo_cost)


@RULES.implements("wanderlust.skill.souvenir_limit")
def limit(state: WanderlustState, p: int, act: Action) -> int:
    c = state.params.collect
    if isinstance(act, Souvenir):
        return state.skill(p, "souvenir_limit", c.souvenirs_per_city)
    if isinstance(act, Postcard):
        return c.postcards_per_port
    return c.photos_per_wonder


def problem(state: WanderlustState, p: int, act: Action, points: int) -> RuleViolation | None:
    here = state.loc[p]
    kind = world().dest_type(here)
    wanted = KIND_OF[type(act)]
    if kind != wanted:
        return RuleViolation("wanderlust.collect.where",
                             f"you are in {here}, a {'natural wonder' if kind == 'wonder' else kind}"
                             f": {WHAT[wanted]} are taken only in a "
                             f"{'natural wonder' if wanted == 'wonder' else wanted}")
    index = ("city", "port", "wonder").index(wanted)
    have = state.tokens[p][here][index]
    most = limit(state, p, act)
    rule = {"city": "wanderlust.collect.souvenir", "port": "wanderlust.collect.postcard",
            "wonder": "wanderlust.collect.photo"}[wanted]
    if have >= most:
        return RuleViolation(rule, f"you already took {have} {WHAT[wanted][:-1] if have == 1 else WHAT[wanted]} "
                                   f"in {here}; at most {most} per {'natural wonder' if wanted == 'wonder' else wanted}")
    need = cost(state, p, act)
    if points < need:
        return RuleViolation(rule, f"this needs {need} action points and you have {points} left")
    if isinstance(act, Postcard):
        free = state.skill(p, "free_postcard", None) is not None
        if free:
            if act.ticket is not None:
                return RuleViolation("wanderlust.skill.free_postcard",
                                     "your passport (Pen friend) sends postcards without a "
                                     "ticket: leave the ticket out")
        else:
            if act.ticket is None:
                return RuleViolation("wanderlust.collect.postcard",
                                     "sending a postcard costs a ticket too: name the one to "
                                     "discard")
            if act.ticket not in TICKETS or state.hand[p][TICKETS.index(act.ticket)] == 0:
                return RuleViolation("wanderlust.collect.postcard",
                                     f"you hold no {act.ticket} ticket to spend on the postcard")
    return None


def candidates(state: WanderlustState, p: int, points: int) -> list:
    here = state.loc[p]
    if not world().is_destination(here):
        return []
    kind = world().dest_type(here)
    acts: list[Souvenir | Photo | Postcard]
    if kind == "city":
        acts = [Souvenir()]
    elif kind == "wonder":
        acts = [Photo()]
    elif state.skill(p, "free_postcard", None) is not None:
        acts = [Postcard(None)]
    else:
        acts = [Postcard(t) for t, c in zip(TICKETS, state.hand[p], strict=True) if c]
    return [a for a in acts if problem(state, p, a, points) is None]


def collect(state: WanderlustState, p: int, act: Action) -> None:
    here = state.loc[p]
    index = {Souvenir: 0, Postcard: 1, Photo: 2}[type(act)]
    if isinstance(act, Postcard) and act.ticket is not None:
        spent = [0] * 6
        spent[TICKETS.index(act.ticket)] = 1
        tickets.spend(state, p, spent)
    state.tokens[p][here][index] += 1
    what = ("a souvenir", "a postcard", "a photo (camera token)")[index]
    paid = f", discarding {an(act.ticket)} ticket" if isinstance(act, Postcard) and act.ticket else ""
    state.note(f"{state.label(p)} takes {what} in {here}{paid}")
