"""Rulebook, *Solo Mode — B. Automaton Rules* and *Nearest Available Destination*.

An automaton's turn spends its action points (4 against one automaton, 3 against two or
three) going through the *Automaton Player Guide* again and again:

1. **Gain collectibles** — only while the Collector objective is in play, and only at a
   destination it has just reached: one action point per souvenir (up to 3 in a city), per
   postcard (1 in a port), two per camera (1 at a natural wonder), until it has as many of
   that kind as the Collector asks for at this number of trotters. It stays until it has
   taken them (a camera with a single point left waits for the next turn).
2. **Travel** — one step along any track (or one long flight between airports) per action
   point, towards the *nearest available destination*:

   1. an available destination within 3 steps without flying (the rightmost first);
   2. else one in the automaton's zone, skipping any that another trotter is 1 step away
      from (the rightmost first);
   3. else (3.A) walk to the airport of its zone — or, when another automaton occupies it,
      to the nearest other free airport reachable without ships — and (3.B) at an airport
      fly towards the *priority destination*: the rightmost one that is not blocked (another
      trotter 1 step away from it, or its zone's airport occupied by another automaton). If
      all three are blocked the automaton ends its turn.

   A long flight gives it an encounter card (face down; it counts for Frequent Flyer).
   Reaching an available destination: it takes the card, gains 3 travel experience, the
   display shifts right and a new card comes in on the left; then it goes on with step 1.

Ties between equally short paths go to the neighbour whose name comes first (our reading:
the rulebook has no tie-break).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardkit.engine.rules import rule_ids

from . import encounters, objectives, travel
from .content import cards, world

if TYPE_CHECKING:
    from .position import WanderlustState

RULES = rule_ids("wanderlust")


@RULES.implements("wanderlust.solo.points")
def points(state: WanderlustState) -> int:
    """Action points of each automaton (rule ``wanderlust.solo.points``)."""
    return state.params.solo.automaton_points[state.automatons - 1]


def occupied_by_other_automaton(state: WanderlustState, t: int, place: str) -> bool:
    return any(state.loc[o] == place for o in range(state.players, state.trotters) if o != t)


def blocked_by_trotter(state: WanderlustState, t: int, dest: str) -> bool:
    """Another trotter (player or automaton) stands within 1 step of ``dest``."""
    w = world()
    d = w.dist_land[w.index[dest]]
    near = state.params.solo.block_steps
    return any(d[w.index[state.loc[o]]] <= near for o in range(state.trotters) if o != t)


#: per place, its neighbours: (place, leg type)
Adjacency = Sequence[Sequence[tuple[int, int]]]


def _next_hop(state: WanderlustState, here: int, goal: int, adjacency: Adjacency,
              dist: Sequence[Sequence[int]]) -> int | None:
    """The neighbour one step closer to ``goal`` (first by name on ties)."""
    best = dist[goal][here]
    for v, _ in adjacency[here]:
        if dist[goal][v] == best - 1:
            return v
    return None


def _towards(state: WanderlustState, here: int, goal: int, adjacency: Adjacency,
             dist: Sequence[Sequence[int]]) -> str:
    """The name of the neighbour one step closer to ``goal``, which is reachable and not
    ``here`` (a destination where the automaton stands is reached before it moves)."""
    v = _next_hop(state, here, goal, adjacency, dist)
    assert v is not None, "a reachable goal elsewhere has a next hop"
    return world().names[v]


@RULES.implements("wanderlust.solo.nearest.within", "wanderlust.solo.nearest.zone",
                  "wanderlust.solo.nearest.airport", "wanderlust.solo.nearest.priority")
def decide(state: WanderlustState, t: int) -> tuple[str, str | None, str]:
    """The automaton's next move: ``(kind, place, why)`` with kind ``step``, ``fly`` or
    ``stop`` (place is where it moves to)."""
    return _decide(state, t, None)[:3]


def _decide(state: WanderlustState, t: int, flown_for: str | None
            ) -> tuple[str, str | None, str, str | None]:
    """:func:`decide`, and the destination a 3.B flight is made for (the automaton keeps
    walking towards it for the rest of its turn while it is available: ``flown_for``)."""
    w = world()
    here = w.index[state.loc[t]]
    if flown_for is not None and flown_for in state.available:
        v = _next_hop(state, here, w.index[flown_for], w.land, w.dist_land)
        if v is not None:
            return ("step", w.names[v], f"{flown_for} is the destination it flew for (rule 3.B)",
                    flown_for)
    zone = w.zone_of[here]
    avail = [(slot, d) for slot, d in enumerate(state.available) if d is not None]
    right_first = sorted(avail, key=lambda e: -e[0])
    near = state.params.solo.near_steps
    # 1. within 3 steps without flying (the rightmost first)
    for _, d in right_first:
        g = w.index[d]
        if w.dist_land[g][here] <= near:
            return ("step", _towards(state, here, g, w.land, w.dist_land),
                    f"{d} is within {near} steps (rule 1)", None)
    # 2. in the same zone, unless another trotter is 1 step away from it
    for _, d in right_first:
        g = w.index[d]
        if w.zone_of[g] == zone and not blocked_by_trotter(state, t, d):
            if w.dist_land[g][here] >= 10**6:
                continue
            return ("step", _towards(state, here, g, w.land, w.dist_land),
                    f"{d} is in the same zone (rule 2)", None)
    # 3.B at an airport: fly towards the priority destination
    if w.kind[here] == "airport":
        for _, d in right_first:
            g = w.index[d]
            gate = w.zone_airport[w.zone_of[g]]
            if blocked_by_trotter(state, t, d):
                continue
            if gate != here and occupied_by_other_automaton(state, t, w.names[gate]):
                continue
            if gate == here:  # already in its zone (rule 2 skipped it): walk there
                v = _next_hop(state, here, g, w.land, w.dist_land)
                if v is None:
                    continue
                return "step", w.names[v], f"{d} is the priority destination (rule 3.B)", d
            return "fly", w.names[gate], f"{d} is the priority destination (rule 3.B)", d
        return "stop", None, "all available destinations are blocked (rule 3.B)", None
    # 3.A head to the zone's airport, or the nearest free one reachable without ships
    gate = w.zone_airport[zone]
    if not occupied_by_other_automaton(state, t, w.names[gate]) and w.dist_land[gate][here] < 10**6:
        return ("step", _towards(state, here, gate, w.land, w.dist_land),
                f"heading to {w.names[gate]} airport (rule 3.A)", None)
    free = [a for a in w.airports if a != gate and not occupied_by_other_automaton(state, t, w.names[a])
            and w.dist_no_ship[a][here] < 10**6]
    if not free:
        return "stop", None, (f"{w.names[gate]} airport is occupied and no other airport is "
                              "reachable by land (rule 3.A)"), None
    target = min(free, key=lambda a: (w.dist_no_ship[a][here], w.names[a]))
    return ("step", _towards(state, here, target, w.land_no_ship, w.dist_no_ship),
            f"{w.names[gate]} airport is occupied: heading to {w.names[target]} airport by land "
            "(rule 3.A)", None)


@RULES.implements("wanderlust.solo.collect")
def _collect_need(state: WanderlustState, t: int) -> tuple[int, int] | None:
    """(token index, action points) of the collectible to take now, if any (step 1)."""
    if "collector" not in state.objectives or state.stay[t] is None:
        return None
    here = state.stay[t]
    if state.loc[t] != here:
        return None
    w = world()
    kind = w.dest_type(here)
    i = ("city", "port", "wonder").index(kind)
    c = state.params.collect
    most = (c.souvenirs_per_city, c.postcards_per_port, c.photos_per_wonder)[i]
    cost = (c.souvenir_cost, c.postcard_cost, c.photo_cost)[i]
    goal = cards().objectives["collector"].goal_for(state.trotters)
    assert isinstance(goal, tuple), "the collector's target is (souvenirs, postcards, cameras)"
    required = goal[i]
    if state.tokens[t][here][i] >= most or state.collectibles(t)[i] >= required:
        return None
    return i, cost


@RULES.implements("wanderlust.solo.reach")
def reach(state: WanderlustState, t: int, dest: str) -> None:
    """*Reaching a New Destination* for an automaton."""
    gain = state.params.solo.automaton_experience
    state.exp[t] += gain
    state.stay[t] = dest
    state.note(f"{state.label(t)} reaches the available destination {dest}: takes the card and "
               f"{gain} travel experience (now {state.exp[t]})")
    travel.take_destination(state, t, dest)


@RULES.implements("wanderlust.solo.move", "wanderlust.solo.flight_encounter")
def play_turn(state: WanderlustState, t: int) -> None:
    """Spend the automaton's action points by the Automaton Player Guide."""
    ap = points(state)
    who = state.label(t)
    state.note(f"{who}'s turn ({ap} action points)")
    w = world()
    flown_for: str | None = None  # a 3.B flight's destination: walked to for the rest of the turn
    while ap > 0:
        here = state.loc[t]
        if here in state.available:  # a card revealed where it stands: reached at once
            reach(state, t, here)
            objectives.update(state)
            continue
        need = _collect_need(state, t)
        if need is not None:
            i, cost = need
            if ap < cost:
                state.note(f"{who} stays in {here} for its photo next turn (1 action point is "
                           "not enough)")
                break
            ap -= cost
            state.automaton_moves += 1
            state.tokens[t][here][i] += 1
            what = ("a souvenir", "a postcard", "a photo")[i]
            state.note(f"{who} takes {what} in {here} ({cost} action point"
                       f"{'s' if cost != 1 else ''})")
            objectives.update(state)
            continue
        kind, place, why, goal = _decide(state, t, flown_for)
        if place is None:  # kind "stop": the only move without a place
            state.note(f"{who} does not move: {why}")
            break
        ap -= 1
        state.automaton_moves += 1
        state.loc[t] = place
        state.stay[t] = None
        if kind == "fly":
            flown_for = goal
            state.note(f"{who} flies {here} → {place}: {why}")
            encounters.gain(state, t, why=" (long flight)")
        else:
            track = w.track(here, place)
            state.note(f"{who} moves {here} → {place} ({track} track): {why}")
        if place in state.available:
            reach(state, t, place)
        objectives.update(state)
