"""A rule-aware greedy player for Wanderlust, and the heuristic the generic agents use.

:class:`WanderlustGreedy` values every legal action by what it gives at once — points
(experience, collectibles, destination types and zones on the score sheet), race objectives
it completes or brings closer, its secret mission and personal goal, encounter cards — minus what it costs (tickets that could
still pay for later trips), per action point. It reads only what its player may see: its
own hand and the public table (never the other hands, the decks or the hidden cards), and
it needs no copy of the state, so it is fast enough for thousands of simulated games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

from boardkit.agents import Agent
from boardkit.agents.greedy import Lead
from boardkit.agents.mcts import MCTSAgent, evaluation, logistic, outcome
from boardkit.engine import Action, State

from . import routes, scoring, travel
from .actions import (
    EndTurn,
    Pass,
    Photo,
    PlayEncounter,
    Postcard,
    ResetDisplay,
    Souvenir,
    TakeBlind,
    TakeTicket,
    Travel,
)
from .content import DESTINATION_KINDS, TICKETS, cards, world
from .state import WanderlustPlay

if TYPE_CHECKING:
    from .position import WanderlustState

TICKET_VALUE = {"car": 0.55, "train": 0.55, "ship": 0.55, "charter": 0.5, "airline": 0.7,
                "wild": 0.9}
PARTIAL = 0.35  # partial credit for progress towards an objective, as a share of its VP
ENCOUNTER_VALUE = {"postcard": 2.0, "souvenir": 1.0, "camera": 3.0, "tickets": 1.3,
                   "display": 0.8, "action": 1.2, "experience": 2.0}


class Stats(TypedDict):
    """What a trotter has, as the valuation counts it (an action's outcome changes a copy)."""

    exp: int
    zones: set[str]
    types: Counter[str]
    coll: list[int]
    enc: int
    trip: int
    cards: list[str]


def _stats(state: WanderlustState, p: int) -> Stats:
    w = world()
    return {
        "exp": state.exp[p],
        "zones": {w.zone(c) for c in state.visited(p)},
        "types": Counter(w.dest_type(c) for c in state.visited(p)),
        "coll": list(state.collectibles(p)),
        "enc": state.enc_gained[p],
        "trip": state.best_trip[p],
        "cards": state.visited(p),
    }


def _objective_value(state: WanderlustState, p: int, stats: Stats) -> float:
    """Points of race objectives met with ``stats`` plus partial credit for progress."""
    total = 0.0
    for oid in state.objectives:
        obj = cards().objectives[oid]
        target = obj.goal_for(state.trotters)
        if isinstance(target, tuple):  # the collector: (souvenirs, postcards, cameras)
            fr = [min(1.0, h / g) if g else 1.0 for h, g in zip(stats["coll"], target, strict=True)]
            frac, done = sum(fr) / 3, all(f >= 1.0 for f in fr)
        elif obj.kind == "experience":
            frac = min(1.0, stats["exp"] / (target + 1))
            done = stats["exp"] > target
        elif obj.kind == "zones":
            frac, done = min(1.0, len(stats["zones"]) / target), len(stats["zones"]) >= target
        elif obj.kind == "trip":
            frac, done = min(1.0, stats["trip"] / target), stats["trip"] >= target
        elif obj.kind == "encounters":
            frac, done = min(1.0, stats["enc"] / target), stats["enc"] >= target
        else:
            assert obj.type is not None, "a destinations objective names its type (checked on loading)"
            n = stats["types"][obj.type]
            frac, done = min(1.0, n / target), n >= target
        if done or oid in state.achieved[p]:
            total += obj.vp
        else:
            total += PARTIAL * obj.vp * frac * frac
    return total


def _sheet(state: WanderlustState, p: int, stats: Stats) -> float:
    """Score-sheet points D + E + F for ``stats``: destination types, zones, and the secret
    mission and personal goal, each with partial credit for progress (none of it in the
    family variant or Solo Mode, which score only A-C)."""
    if scoring.family_scoring(state):
        return 0.0
    sc = state.params.scoring
    d = sum(sc.destinations[min(stats["types"][k], len(sc.destinations) - 1)]
            for k in DESTINATION_KINDS)
    e = sc.zones[min(len(stats["zones"]), len(sc.zones) - 1)]
    f = 0.0
    w = world()
    mission, goal = state.mission[p], state.goal[p]
    if mission:
        m = cards().missions[mission]
        have = sum(1 for c in stats["cards"] if w.zone(c) == m.zone)
        f += sc.mission * min(1.0, have / m.target) ** 2
    if goal is not None:  # the personal goal (wanderlust.score.secrets)
        g = cards().goals[goal]
        have = scoring.goal_have(g, stats["coll"], stats["exp"], stats["enc"],
                                 stats["types"].__getitem__)
        f += sc.goal * min(1.0, have / g.target) ** 2
    return d + e + f


def _collect_value(state: WanderlustState, p: int, coll: Sequence[int]) -> float:
    sc = state.params.scoring
    s, q, c = coll
    return s * sc.souvenir + q * sc.postcard + c * sc.camera + min(s, q, c) * sc.set_bonus


def value(state: WanderlustState, p: int) -> float:
    """The heuristic: points now plus the worth of what is in hand (higher is better)."""
    stats = _stats(state, p)
    hand = sum(TICKET_VALUE[t] * c for t, c in zip(TICKETS, state.hand[p], strict=True))
    held = sum(ENCOUNTER_VALUE[cards().encounters[cid].effect] * n
               for cid, n in state.enc[p].items())
    return (stats["exp"] + _collect_value(state, p, stats["coll"]) + _sheet(state, p, stats)
            + _objective_value(state, p, stats) + hand * _ticket_weight(state) + held)


def _trotters(state: WanderlustState) -> int:
    return state.trotters


#: for the generic greedy and MCTS agents: my value minus the best other trotter's
#: (automatons included)
heuristic = Lead(value, seats=_trotters,
                 doc="Wanderlust's heuristic: a trotter's value (points now plus the worth "
                     "of what is in hand) minus the best other trotter's, automatons "
                     "included.")


def _ticket_weight(state: WanderlustState) -> float:
    """Tickets are worth less when the race is about to end (nothing left to travel with)."""
    return 0.2 if state.trigger is not None else 1.0


def _wanderlust(state: State) -> WanderlustPlay:
    """The agent's state as the Wanderlust game it is (these agents play only Wanderlust)."""
    assert isinstance(state, WanderlustPlay), "a Wanderlust agent plays a Wanderlust game"
    return state


class WanderlustGreedy(Agent):
    """One-step lookahead on the analytic value of each action (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        #: (options tied at the best value, options) of the last decision (as
        #: :class:`~boardkit.agents.greedy.GreedyAgent`'s): the noise broke the tie
        self.last_ties = (1, 1)

    def __repr__(self) -> str:
        return f"WanderlustGreedy(seed={self.seed})"

    def act(self, state: State) -> Action:
        state = _wanderlust(state)
        options = state.legal_actions()
        if len(options) == 1:
            self.last_ties = (1, 1)
            return options[0]
        p = state.current_player
        assert p is not None, "a decision has a player"
        base = _stats(state, p)
        now = self._score(state, p, base)
        points = state.step_points
        values = [self._value(state, p, act, base, now, points) for act in options]
        scored = [v + 1e-6 * float(self.rng.random()) for v in values]
        best = max(values)
        self.last_ties = (values.count(best), len(options))
        return options[int(np.argmax(scored))]

    # -------------------------------------------------------------- valuation
    def _score(self, state: WanderlustState, p: int, stats: Stats) -> float:
        return (stats["exp"] + _collect_value(state, p, stats["coll"]) + _sheet(state, p, stats)
                + _objective_value(state, p, stats))

    def _value(self, state: WanderlustState, p: int, act: Action, base: Stats, now: float, points: int) -> float:
        w = world()
        weight = _ticket_weight(state)
        if isinstance(act, EndTurn | Pass):
            return 0.0
        if isinstance(act, PlayEncounter):
            return 5.0 + ENCOUNTER_VALUE[cards().encounters[act.card].effect]
        if isinstance(act, ResetDisplay):  # once a turn is enough for this agent
            again = getattr(state.pending, "resets", 0) > 0
            return 0.05 if not (again or self._useful_display(state, p)) else -1.0
        if isinstance(act, TakeTicket | TakeBlind):
            if isinstance(act, TakeTicket):
                ticket = state.display[act.slot] if act.slot < len(state.display) else None
                if ticket is None:
                    v = 0.5 * weight
                else:
                    v = TICKET_VALUE.get(ticket, 0.5) * weight + self._reach_gain(state, p, ticket)
            else:
                v = 0.6 * weight + 0.15
            return v
        after = base.copy()
        after["coll"] = list(base["coll"])
        cost = 0.0
        ap = 1
        if isinstance(act, Travel):
            xp = sum(1 for t in act.tickets if t != "wild") + act.flights * \
                state.skill(p, "flight_experience", 0)
            after["exp"] = base["exp"] + xp
            after["zones"] = base["zones"] | {w.zone(act.to)}
            types = Counter(base["types"])
            types[w.dest_type(act.to)] += 1
            after["types"] = types
            after["enc"] = base["enc"] + act.flights
            after["trip"] = max(base["trip"], len(act.tickets))
            after["cards"] = base["cards"] + [act.to]
            cost = sum(TICKET_VALUE[t] for t in act.tickets) * weight
            cost -= act.flights * 1.2  # encounter cards
            kind = w.dest_type(act.to)
            cost -= {"city": 1.0, "port": 1.0, "wonder": 1.4}[kind] * weight  # what it offers
            if len(act.tickets) == sum(state.hand[p]) and points == 1:
                cost -= 1.0 * weight  # Efficient Planning
        elif isinstance(act, Souvenir):
            after["coll"][0] += 1
        elif isinstance(act, Postcard):
            after["coll"][1] += 1
            cost = TICKET_VALUE[act.ticket] * weight if act.ticket else 0.0
        elif isinstance(act, Photo):
            after["coll"][2] += 1
            ap = state.skill(p, "photo_points", state.params.collect.photo_cost)
        gain = self._score(state, p, after) - now - cost
        return gain / ap

    def _useful_display(self, state: WanderlustState, p: int) -> bool:
        return any(t is not None and self._reach_gain(state, p, t) > 0 for t in state.display)

    def _reach_gain(self, state: WanderlustState, p: int, ticket: str) -> float:
        """How much a ticket helps: destinations it makes reachable (planner, cached)."""
        hand = list(state.hand[p])
        targets = travel.targets(state)
        if not targets:
            return 0.0
        legs, need = state.params.travel.list_legs, travel.min_tickets(state)
        before = routes.options(state.loc[p], targets, hand, legs, need)
        hand[TICKETS.index(ticket)] += 1
        after = routes.options(state.loc[p], targets, hand, legs, need)
        newly = sum(1 for t in targets if after[t] and not before[t])
        return 0.9 * newly


class WanderlustMCTS(MCTSAgent):
    """Information-set MCTS (the generic agent: determinized hands, the integer codec) with
    short random playouts judged by :func:`value` — a full random playout of Wanderlust is
    long and says little. A cut-off playout is worth a logistic function of the trotter's
    lead in value over the best other (``value_scale`` points of lead: about 73 %). In Solo
    Mode the reward is winning the race (two objectives and the most points), softened by the
    lead over the best automaton. It is the game's default search agent (``Game(search=...)``
    in :mod:`.game`)."""

    def __init__(self, *args: Any, value_scale: float | None = 8.0, **kwargs: Any) -> None:
        kwargs["value_scale"] = value_scale
        super().__init__(*args, **kwargs)

    def reward(self, state: State) -> np.ndarray:
        state = _wanderlust(state)
        if state.solo:
            lead = value(state, 0) - max(value(state, t) for t in range(1, state.trotters))
            soft = float(logistic(lead, self.value_scale or 8.0))
            if state.is_over:
                return np.array([0.8 * (1.0 if state.winners() else 0.0) + 0.2 * soft])
            return np.array([soft])
        if state.is_over:
            return outcome(state)
        return evaluation(state, value, scale=self.value_scale)
