"""Rulebook, *Fulfilling a Race Objective* and the end trigger (*Game End and Scoring*).

A trotter that meets an objective's requirement places a marker on it at once; several
trotters may fulfil the same objective, and objectives can still be fulfilled after the end
was triggered. The first trotter with two objectives triggers the end of the race: the
current turn is finished, then every trotter (the one who triggered it too) plays one more
turn (see :mod:`boardkit.wanderlust.turn`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from boardkit.engine.rules import rule_ids

from .content import Objective, cards, world

if TYPE_CHECKING:
    from .position import WanderlustState

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


#: what a trotter has towards an objective, and what the objective asks: a count, or the
#: collector's (souvenirs, postcards, cameras)
Progress = int | tuple[int, ...]


def _have(state: WanderlustState, t: int, obj: Objective, known: dict[str, Any]) -> Progress:
    """What trotter ``t`` has towards ``obj``. ``known`` keeps the figures already read in
    this check, so one :func:`update` reads each trotter's figures once, not once per
    objective."""
    kind = obj.kind
    if kind in ("zones", "destinations"):
        places = known.get("places")
        if places is None:
            places = known["places"] = _places(tuple(state.visited(t)))
        if kind == "zones":
            return places[0]
        assert obj.type is not None, "a destinations objective names its type (checked on loading)"
        return places[1].get(obj.type, 0)
    if kind in known:
        return known[kind]
    if kind == "experience":
        have: Progress = state.exp[t]
    elif kind == "collector":
        have = tuple(state.collectibles(t))
    elif kind == "trip":
        have = state.best_trip[t]
    else:  # encounters
        have = state.enc_gained[t]
    known[kind] = have
    return have


#: visited destinations -> (zones among them, how many of each destination type): a pure
#: function of the map, remembered (the same cards come back in every update of a game)
_PLACES: dict[tuple[str, ...], tuple[int, dict[str, int]]] = {}


def _places(visited: tuple[str, ...]) -> tuple[int, dict[str, int]]:
    found = _PLACES.get(visited)
    if found is None:
        w = world()
        found = (len({w.zone(c) for c in visited}), dict(Counter(w.dest_type(c) for c in visited)))
        if len(_PLACES) >= 100_000:
            _PLACES.clear()
        _PLACES[visited] = found
    return found


def progress(state: WanderlustState, t: int, obj: Objective) -> tuple[Progress, Progress]:
    """(what trotter ``t`` has, what the objective asks) for the current number of trotters."""
    return _have(state, t, obj, {}), obj.goal_for(state.trotters)


def _reached(kind: str, have: Progress, target: Progress) -> bool:
    if kind == "collector":
        assert isinstance(have, tuple) and isinstance(target, tuple), "three counts each"
        return all(h >= g for h, g in zip(have, target, strict=True))
    assert isinstance(have, int) and isinstance(target, int), "one count each"
    if kind == "experience":
        return have > target  # 'more than 20 travel experience points'
    return have >= target


def met(state: WanderlustState, t: int, obj: Objective) -> bool:
    have, target = progress(state, t, obj)
    return _reached(obj.kind, have, target)


Plan = tuple[tuple[str, Objective, Progress], ...]
#: (objectives in play, trotters) -> (the card table read, per objective (id, card, target)):
#: the targets depend only on the number of trotters, so a game looks them up once; a plan
#: counts only for the very table it was read from (content loaded again is read again)
_PLANS: dict[tuple[tuple[str, ...], int], tuple[object, Plan]] = {}


def _plan(state: WanderlustState) -> Plan:
    table = cards().objectives
    key = (tuple(state.objectives), state.trotters)
    found = _PLANS.get(key)
    if found is not None and found[0] is table:
        return found[1]
    plan = tuple((oid, table[oid], table[oid].goal_for(key[1])) for oid in key[0])
    if len(_PLANS) < 10_000 or key in _PLANS:
        _PLANS[key] = (table, plan)
    return plan


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
    plan = _plan(state)
    for t in range(state.trotters):
        done = state.achieved[t]
        known: dict[str, Any] = {}  # trotter t's figures, read once (nothing changes them here)
        for oid, obj, target in plan:
            if oid in done:
                continue
            if _reached(obj.kind, _have(state, t, obj, known), target):
                done.append(oid)
                state.achieved_round[t][oid] = state.round
                late = " (after the end was triggered)" if state.trigger is not None else ""
                state.note(f"{state.label(t)} fulfils the race objective {obj.title}: "
                           f"{describe(obj, state.trotters)}{late}")
                if len(done) >= 2 and state.trigger is None:
                    state.trigger = t
                    state.note(f"{state.label(t)} has two race objectives: the end of the race "
                               "is triggered; after this turn every trotter plays one more turn")


def timing(state: WanderlustState, player: int) -> dict[str, float]:
    """When the race objectives were fulfilled, as the facts of a simulation row (see
    ``State.facts``). For every objective of the content, keyed by its id with ``_`` for
    ``-``: ``<id>_in_play`` (1 if it is one of this game's objectives, else 0),
    ``<id>_round`` (the round ``player`` fulfilled it), ``<id>_first`` (the first round any
    trotter, automatons included, fulfilled it) and ``<id>_by`` (how many trotters did; 0 if
    not in play); a round is ``nan`` when it did not happen. Also ``rounds``: the game's
    last round. The keys are the same in every game."""
    nan = float("nan")
    out: dict[str, float] = {"rounds": float(state.round)}
    for oid in cards().objectives:
        key = oid.replace("-", "_")
        rounds = [state.achieved_round[t][oid] for t in range(state.trotters)
                  if oid in state.achieved_round[t]]
        mine = state.achieved_round[player].get(oid)
        out[f"{key}_in_play"] = float(oid in state.objectives)
        out[f"{key}_round"] = nan if mine is None else float(mine)
        out[f"{key}_first"] = float(min(rounds)) if rounds else nan
        out[f"{key}_by"] = float(len(rounds))
    return out
