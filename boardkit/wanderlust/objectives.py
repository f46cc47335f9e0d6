"""Rulebook, *Fulfilling a Race Objective* and the end trigger (*Game End and Scoring*).

A trotter that meets an objective's requirement places a marker on it at once; several
trotters may fulfil the same objective, and objectives can still be fulfilled after the end
was triggered. The first trotter with two objectives triggers the end of the race: the
current turn is finished, then every trotter (the one who triggered it too) plays one more
turn (see :mod:`boardkit.wanderlust.turn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine.rules import rule_ids

from .content import Objective, cards

if TYPE_CHECKING:
    from .state import WanderlustState

RULES = rule_ids("wanderlust")
#: objective kind -> its rule, which :func:`met` carries out
KIND_RULES = RULES.family({
    "experience": "wanderlust.objectives.experience",
    "collector": "wanderlust.objectives.collector",
    "zones": "wanderlust.objectives.zones",
    "trip": "wanderlust.objectives.trip",
    "encounters": "wanderlust.objectives.encounters",
    "destinations": "wanderlust.objectives.destinations",
})


def progress(state: WanderlustState, t: int, obj: Objective) -> tuple:
    """(what trotter ``t`` has, what the objective asks) for the current number of trotters."""
    target = obj.goal_for(state.trotters)
    if obj.kind == "experience":
        return state.exp[t], target
    if obj.kind == "collector":
        return tuple(state.collectibles(t)), target
    if obj.kind == "zones":
        return len(state.zones_visited(t)), target
    if obj.kind == "trip":
        return state.best_trip[t], target
    if obj.kind == "encounters":
        return state.enc_gained[t], target
    assert obj.type is not None, "a destinations objective names its type (checked on loading)"
    return state.destinations_of(t, obj.type), target


def met(state: WanderlustState, t: int, obj: Objective) -> bool:
    have, target = progress(state, t, obj)
    if obj.kind == "experience":
        return have > target  # 'more than 20 travel experience points'
    if obj.kind == "collector":
        return all(h >= g for h, g in zip(have, target, strict=True))
    return have >= target


def describe(obj: Objective, trotters: int) -> str:
    target = obj.goal_for(trotters)
    if isinstance(target, tuple):  # the collector
        s, p, c = target
        return f"{s} souvenirs, {p} postcards and {c} camera{'s' if c != 1 else ''}"
    if obj.kind == "experience":
        return f"more than {target} travel experience"
    if obj.kind == "zones":
        return f"destinations in {target} different zones"
    if obj.kind == "trip":
        return f"a single trip paid with {target} tickets or more"
    if obj.kind == "encounters":
        return f"{target} encounter cards gained"
    return f"{target} {obj.type if obj.type != 'wonder' else 'natural wonder'} destinations"


@RULES.implements("wanderlust.objectives.fulfil", "wanderlust.objectives.after_trigger")
def update(state: WanderlustState) -> None:
    """Place the markers of every objective just fulfilled; note the end trigger."""
    table = cards().objectives
    for t in range(state.trotters):
        for oid in state.objectives:
            if oid in state.achieved[t]:
                continue
            obj = table[oid]
            if met(state, t, obj):
                state.achieved[t].append(oid)
                state.achieved_round[t][oid] = state.round
                late = " (after the end was triggered)" if state.trigger is not None else ""
                state.note(f"{state.label(t)} fulfils the race objective {obj.title}: "
                           f"{describe(obj, state.trotters)}{late}")
                if len(state.achieved[t]) >= 2 and state.trigger is None:
                    state.trigger = t
                    state.note(f"{state.label(t)} has two race objectives: the end of the race "
                               "is triggered; after this turn every trotter plays one more turn")
