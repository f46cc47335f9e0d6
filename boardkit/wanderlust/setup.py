"""Rulebook, *Game Setup* (and the Solo Mode's changes to it), or a scenario's position.

Every random step is a logged :meth:`~boardkit.engine.State.chance` event: passports
(``trotter``), hometowns (``hometown``), available destinations (``destination``), tickets
(``ticket``), race objectives (``objective``), secret missions (``mission``) and personal
goals (``goal``). The first player is seat 1 (our reading of "the one who traveled most
recently": seats are numbered from the starting player).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

import numpy as np

from boardkit.engine import DataError, VariantError
from boardkit.engine.rules import rule_ids

from . import objectives, solo, tickets
from .content import TICKETS, cards, world
from .scenario_specs import ScenarioSpec, scenarios

if TYPE_CHECKING:
    from .position import WanderlustState

RULES = rule_ids("wanderlust")

T = TypeVar("T")


def _blank(state: WanderlustState, names: list[str], automatons: int) -> None:
    c = cards()
    n = len(names)
    state.automatons = automatons
    state.names = names
    state.loc = [""] * n
    state.cards = [[] for _ in range(n)]
    state.tokens = [{} for _ in range(n)]
    state.passport_tokens = [[0, 0, 0] for _ in range(n)]
    state.exp = [0] * n
    state.achieved = [[] for _ in range(n)]
    state.achieved_round = [{} for _ in range(n)]
    state.enc_gained = [0] * n
    state.best_trip = [0] * n
    state.hand = [[0] * 6 for _ in range(n)]
    state.known = [[0] * 6 for _ in range(n)]
    state.enc = [{} for _ in range(n)]
    state.passport = [None] * n
    state.colours = [None] * n
    state.automaton_moves = 0
    state.mission = [None] * n
    state.goal = [None] * n
    state.stay = [None] * n
    state.available = [None] * state.params.setup.available
    state.dest_deck = sorted(world().destinations)
    state.display = [None] * state.params.setup.display
    state.deck = list(c.ticket_counts)
    state.discard = [0] * 6
    state.enc_deck = {e.id: e.count for e in c.encounters.values()}
    state.enc_discard = {e.id: 0 for e in c.encounters.values()}
    state.objectives = []
    state.objective_pool = solo.eligible_objectives(automatons > 0)
    state.mission_pool = sorted(c.missions)
    state.goal_pool = sorted(c.goals)
    state.passport_pool = sorted(c.passports)
    state.turn = 0
    state.round = 1
    state.trigger = None
    state.turns_left = None


def colour_trotters(state: WanderlustState) -> None:
    """Every trotter has a colour: a player's is its passport's; an automaton, or a player
    whose passport lies neutral side up in a scenario, takes the first trotter left (the
    passports' ids are the colours), so no two discs share a colour and the log names each
    one as the board draws it (rule ``wanderlust.setup.passport``)."""
    for t in range(state.trotters):
        if state.passport[t] is not None:
            state.colours[t] = state.passport[t]
    for t in range(state.trotters):
        if state.colours[t] is None and state.passport_pool:
            state.colours[t] = state.passport_pool.pop(0)
            state.note(f"{state.label(t)} is the {state.colours[t]} trotter")


def _pick(pool: Sequence[T]) -> Callable[[np.random.Generator], T]:
    return lambda rng: pool[int(rng.integers(len(pool)))]


@RULES.implements("wanderlust.setup.first_player")
def setup(state: WanderlustState) -> None:
    v = state.variant
    if v.scenario is not None:
        spec = scenarios()[v.scenario]
        _scenario(state, spec)
        return
    solo.validate(state.players, v.automatons, v.first_game)
    names = [f"P{p + 1}" for p in range(state.players)] + [f"A{k + 1}" for k in range(v.automatons)]
    _blank(state, names, v.automatons)
    _standard(state)
    objectives.update(state)
    state.turn = 0  # the first trotter to play (the flow starts there)


@RULES.implements("wanderlust.setup.destinations", "wanderlust.setup.tickets",
                  "wanderlust.family.setup")
def _standard(state: WanderlustState) -> None:
    prm, v = state.params, state.variant
    # 2. trotters and passports (skill side up, or neutral in the Family variant)
    if v.passports is not None:
        if len(v.passports) != state.players:
            raise VariantError(f"passports: {state.players} needed (one per player), "
                               f"{len(v.passports)} given")
        for p, pid in enumerate(v.passports):
            state.passport[p] = pid
            state.passport_pool.remove(pid)
    for p in range(state.players):
        if state.passport[p] is not None:
            continue
        pool = state.passport_pool
        pid = state.chance("trotter", _pick(pool),
                           text=lambda x, p=p: f"{state.label(p)} is the {x} trotter")
        pool.remove(pid)
        state.passport[p] = pid
    colour_trotters(state)
    # 3. hometowns: never a natural wonder; automatons in different zones (Solo Mode)
    aside: list[str] = []
    for t in range(state.trotters):
        while True:
            deck = state.dest_deck
            name = state.chance("hometown", _pick(deck),
                                text=lambda x, t=t: f"hometown card for {state.label(t)}: {x}")
            deck.remove(name)
            why = solo.hometown_refused(state, t, name)
            if not why:
                break
            aside.append(name)
            state.note(f"{name} is set aside ({why}); another card is dealt")
        state.cards[t].append(name)
        state.tokens[t][name] = [0, 0, 0]
        state.loc[t] = name
    if aside:
        state.dest_deck = sorted(state.dest_deck + aside)
        state.note(f"{', '.join(aside)} go{'es' if len(aside) == 1 else ''} back into the "
                   "destination deck, which is shuffled")
    # 4. the available destinations
    for slot in range(len(state.available)):
        deck = state.dest_deck
        name = state.chance("destination", _pick(deck),
                            text=lambda x, slot=slot: f"available destination {slot + 1}: {x}")
        deck.remove(name)
        state.available[slot] = name
    # 5. three hidden tickets each, 6. the display
    for p in range(state.players):
        for _ in range(prm.setup.hand):
            ticket = tickets.draw(state, to=p, why=" (starting hand)")
            if ticket is not None:  # None only if the pile ran out (it holds every hand)
                tickets.give(state, p, ticket, known=False)
    tickets.refill(state)
    # 7. race objectives
    if v.first_game:
        state.objectives = list(prm.setup.first_game)
        state.objective_pool = [o for o in state.objective_pool if o not in state.objectives]
        state.note("first game: the suggested race objectives are in play")
    else:
        for _ in range(prm.setup.objectives):
            pool = state.objective_pool
            oid = state.chance("objective", _pick(pool),
                               text=lambda x: f"race objective: {cards().objectives[x].title}")
            pool.remove(oid)
            state.objectives.append(oid)
    # 8. the encounter deck and 9. the supply need no draw (decks are unordered here)
    # 10. secret missions and personal goals (not in the Family variant or Solo Mode)
    if not (v.family or state.solo):
        _deal_secrets(state, range(state.players))


def _deal_secrets(state: WanderlustState, seats: Iterable[int]) -> None:
    for p in seats:
        for attr, pool_name, title in (("mission", "mission_pool", "secret mission"),
                                       ("goal", "goal_pool", "personal goal")):
            values = getattr(state, attr)
            if values[p] is not None:
                continue
            pool = getattr(state, pool_name)
            table = cards().missions if attr == "mission" else cards().goals
            cid = state.chance(attr, _pick(pool), to=p,
                               text=lambda x, p=p, t=title, tb=table: f"{state.label(p)} draws "
                                                                      f"the {t} {tb[x].title}",
                               public=f"draws a {title}")
            pool.remove(cid)
            values[p] = cid


# ---------------------------------------------------------------- scenarios


def _scenario(state: WanderlustState, spec: ScenarioSpec) -> None:
    v = state.variant

    def bad(msg: str) -> DataError:
        return DataError(f"data/wanderlust/scenarios.toml: scenario '{spec.id}': {msg}")

    if state.players != spec.players:
        raise VariantError(f"scenario '{spec.id}' is for players={spec.players}, not "
                           f"{state.players} (use boardkit.wanderlust.scenario('{spec.id}'))")
    if v.automatons not in (0, spec.automatons):
        raise VariantError(f"scenario '{spec.id}' has {spec.automatons} automatons, not "
                           f"{v.automatons}")
    solo.validate(spec.players, spec.automatons, v.first_game)
    if len(spec.trotter) != spec.players + spec.automatons:
        raise bad(f"{spec.players + spec.automatons} trotters needed, {len(spec.trotter)} listed")
    _blank(state, [tr.name for tr in spec.trotter], spec.automatons)
    w, c = world(), cards()
    if spec.stack:  # the scenario's draws (a replay checks the save's against them)
        for name, values in spec.stack.items():
            if name not in state.chance_checks:
                raise bad(f"stack: unknown random event '{name}'")
            state._forced.setdefault(name, []).extend(values)
    placed: set[str] = set()

    def take_card(name: str, where: str) -> None:
        if not w.is_destination(name):
            raise bad(f"{where}: '{name}' is not a destination card")
        if name in placed:
            raise bad(f"{where}: '{name}' is used twice")
        placed.add(name)
        state.dest_deck.remove(name)

    def take_tickets(names: Sequence[str], where: str) -> list[int]:
        out = [0] * 6
        for n in names:
            i = TICKETS.index(n)
            if state.deck[i] == 0:
                raise bad(f"{where}: no {n} ticket is left in the deck")
            state.deck[i] -= 1
            out[i] += 1
        return out

    for t, tr in enumerate(spec.trotter):
        where = f"trotter[{t}] ({tr.name})"
        for name in [tr.hometown, *tr.visited]:
            take_card(name, where)
            state.cards[t].append(name)
            state.tokens[t][name] = [0, 0, 0]
        for name, tok in tr.tokens.items():
            if name not in state.tokens[t]:
                raise bad(f"{where}.tokens: {name} is not one of its cards")
            state.tokens[t][name] = list(tok)
        state.passport_tokens[t] = list(tr.passport_tokens)
        loc = tr.location or state.cards[t][-1]
        if loc not in w.index:
            raise bad(f"{where}.location: unknown place '{loc}'")
        if not state.is_automaton(t) and loc not in state.cards[t]:
            raise bad(f"{where}.location: a player stands on one of its destination cards")
        state.loc[t] = loc
        if state.is_automaton(t):
            if tr.hand or tr.passport or tr.mission or tr.goal:
                raise bad(f"{where}: automatons have no tickets, passport or secret cards")
            if len(state.cards[t]) > 1 and loc == state.cards[t][-1]:
                state.stay[t] = loc  # it has just reached this destination
        else:
            state.hand[t] = take_tickets(tr.hand, f"{where}.hand")
            if tr.passport not in (None, "neutral") and tr.passport not in c.passports:
                raise bad(f"{where}.passport: unknown passport '{tr.passport}'")
        for cid in tr.encounters:
            if state.enc_deck.get(cid, 0) == 0:
                raise bad(f"{where}.encounters: no '{cid}' card left")
            state.enc_deck[cid] -= 1
            state.enc[t][cid] = state.enc[t].get(cid, 0) + 1
        state.enc_gained[t] = tr.encounters_gained if tr.encounters_gained is not None \
            else len(tr.encounters)
        state.exp[t] = tr.experience
        state.best_trip[t] = tr.best_trip
        for oid in tr.achieved:
            if oid not in spec.objectives:
                raise bad(f"{where}.achieved: '{oid}' is not in play")
        state.achieved[t] = list(tr.achieved)
        state.achieved_round[t] = dict.fromkeys(tr.achieved, spec.round)
        for attr, table in (("mission", c.missions), ("goal", c.goals)):
            value = getattr(tr, attr)
            if value is not None:
                if value not in table:
                    raise bad(f"{where}.{attr}: unknown card '{value}'")
                getattr(state, attr)[t] = value
                getattr(state, f"{attr}_pool").remove(value)
    # passports: given, neutral, or drawn
    for t, tr in enumerate(spec.trotter[:spec.players]):
        if tr.passport not in (None, "neutral"):
            state.passport[t] = tr.passport
            state.passport_pool.remove(tr.passport)
    for t, tr in enumerate(spec.trotter[:spec.players]):
        if tr.passport is None:
            pool = state.passport_pool
            pid = state.chance("trotter", _pick(pool),
                               text=lambda x, t=t: f"{state.label(t)} is the {x} trotter")
            pool.remove(pid)
            state.passport[t] = pid
    colour_trotters(state)
    # the board
    if len(spec.available) != len(state.available):
        raise bad(f"available: {len(state.available)} destinations needed")
    for slot, name in enumerate(spec.available):
        take_card(name, "available")
        state.available[slot] = name
    if len(spec.display) != len(state.display):
        raise bad(f"display: {len(state.display)} tickets needed")
    shown = take_tickets(list(spec.display), "display")
    del shown
    state.display = list(spec.display)
    for oid in spec.objectives:
        if oid not in c.objectives:
            raise bad(f"objectives: unknown objective '{oid}'")
        if state.solo and not c.objectives[oid].solo:
            raise bad(f"objectives: '{oid}' is removed in the Solo Mode")
    if len(spec.objectives) != state.params.setup.objectives:
        raise bad(f"objectives: {state.params.setup.objectives} objectives needed")
    state.objectives = list(spec.objectives)
    state.objective_pool = [o for o in state.objective_pool if o not in state.objectives]
    if not (v.family or state.solo):
        _deal_secrets(state, range(state.players))
    state.round = spec.round
    state.note(f"scenario: {spec.title} (rulebook, {spec.section})")
    objectives.update(state)
    kind, number = spec.turn[0], int(spec.turn[1:])
    first = number - 1 if kind == "P" else state.players + number - 1
    if first >= state.trotters:
        raise bad(f"turn: there is no {spec.turn}")
    state.turn = first
