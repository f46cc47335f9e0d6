"""Rulebook, *Game End and Scoring*: points A to F, personal goals, ties.

A collectibles (1 per souvenir, 2 per postcard, 3 per camera, 3 per full set), B travel
experience, C race objectives, D destinations by type (score-sheet table), E zones visited
(one point each), F the secret mission (2) and the personal goal (4). The Family-Friendly
variant and Solo Mode count only A, B and C. Ties: most destination cards, then most
collectibles, then the victory is shared. In Solo Mode you win only if you fulfilled two
race objectives and no automaton has more points (same tie-breaks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from boardkit.engine.rules import rule_ids

from .content import DESTINATION_KINDS, Goal, cards

if TYPE_CHECKING:
    from .position import WanderlustState

RULES = rule_ids("wanderlust")


def _table(values: Sequence[int], n: int) -> int:
    return values[min(n, len(values) - 1)]


def mission_met(state: WanderlustState, t: int) -> bool:
    mid = state.mission[t]
    if mid is None:
        return False
    m = cards().missions[mid]
    return sum(1 for c in state.visited(t) if _zone(c) == m.zone) >= m.target


def _zone(name: str) -> str:
    from .content import world

    return world().zone(name)


def goal_met(state: WanderlustState, t: int) -> bool:
    gid = state.goal[t]
    if gid is None:
        return False
    g = cards().goals[gid]
    return goal_have(g, state.collectibles(t), state.exp[t], state.enc_gained[t],
                     lambda kind: state.destinations_of(t, kind)) >= g.target


def goal_have(g: Goal, collectibles: Sequence[int], experience: int, encounters: int,
              destinations: Callable[[str], int]) -> int:
    """What a trotter has of what personal goal ``g`` counts, from its counts (the players'
    heuristic calls it with the counts an action would give): ``collectibles`` =
    (souvenirs, postcards, cameras), ``destinations(type)`` = destinations of that type."""
    if g.kind == "destinations":
        assert g.type is not None, "a destinations goal names its type (checked on loading)"
        return destinations(g.type)
    s, p, c = collectibles
    return {"souvenirs": s, "postcards": p, "cameras": c, "experience": experience,
            "encounters": encounters}[g.kind]


def family_scoring(state: WanderlustState) -> bool:
    return state.variant.family or state.solo


@RULES.implements("wanderlust.score.collectibles", "wanderlust.score.experience",
                  "wanderlust.score.objectives", "wanderlust.score.destinations",
                  "wanderlust.score.zones", "wanderlust.family.scoring")
def public_breakdown(state: WanderlustState, t: int) -> dict[str, int]:
    """The parts of the score everyone can see (A to E)."""
    sc = state.params.scoring
    s, p, c = state.collectibles(t)
    out = {
        "A_collectibles": s * sc.souvenir + p * sc.postcard + c * sc.camera
        + min(s, p, c) * sc.set_bonus,
        "B_experience": state.exp[t],
        "C_objectives": sum(cards().objectives[o].vp for o in state.achieved[t]),
    }
    if family_scoring(state):
        return out
    out["D_destinations"] = sum(_table(sc.destinations, state.destinations_of(t, k))
                                for k in DESTINATION_KINDS)
    out["E_zones"] = _table(sc.zones, len(state.zones_visited(t)))
    return out


@RULES.implements("wanderlust.score.secrets")
def breakdown(state: WanderlustState, t: int) -> dict[str, int]:
    out = public_breakdown(state, t)
    if family_scoring(state) or state.is_automaton(t):
        return out
    sc = state.params.scoring
    out["F_mission"] = sc.mission if mission_met(state, t) else 0
    out["F_goal"] = sc.goal if goal_met(state, t) else 0
    return out


def total(state: WanderlustState, t: int) -> int:
    return sum(breakdown(state, t).values())


@RULES.implements("wanderlust.score.ties")
def ranking_key(state: WanderlustState, t: int) -> tuple[int, int, int]:
    """Points, then destination cards, then collectibles (rule ``wanderlust.score.ties``).
    Destination cards are the visited ones (every trotter has one hometown, so counting it
    or not never changes the order)."""
    return (total(state, t), len(state.visited(t)), sum(state.collectibles(t)))


@RULES.implements("wanderlust.solo.end")
def winners(state: WanderlustState) -> list[int]:
    """The seats that won by the rules (``[]`` if nobody did). A race stopped by boardkit's
    round limit (rule ``wanderlust.end.round_limit``) never reached the rulebook's end, so it
    has no winner; its scores still rank the players."""
    if state.trigger is None:
        return []
    if state.solo:
        if len(state.achieved[0]) < 2:
            return []  # rule wanderlust.solo.end: you did not finish the race
        best = max(ranking_key(state, t) for t in range(state.trotters))
        return [0] if ranking_key(state, 0) == best else []
    keys = [ranking_key(state, p) for p in range(state.players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def final_scores(state: WanderlustState) -> list[float]:
    """Each player's points A to F (:func:`total`), as the state's ``scores()`` gives them;
    final once the race is over. The same name in every game
    (:func:`boardkit.wanderlust.final_scores`)."""
    return [float(total(state, p)) for p in range(state.players)]
