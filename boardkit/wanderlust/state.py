"""The Wanderlust position: every trotter, the decks, the displays; hidden parts; scores.

Trotters are numbered ``0 .. T-1``: first the players (the seats that decide), then, in
Solo Mode, the automatons. Per trotter the state keeps where it stands, its destination
cards (hometown first) with the collectibles on each, its travel experience, the race
objectives it fulfilled and how many encounter cards it gained; players also have a hand
of tickets (counts by type, :data:`~boardkit.wanderlust.content.TICKETS` order), encounter
cards, a passport, a secret mission and a personal goal.

Decks are unordered multisets: a draw is a random pick from what is left, logged through
:meth:`~boardkit.engine.State.chance` (so it can be forced and replayed). That is the same
as shuffling and drawing from the top, and it leaves no hidden order to resample.
"""

from __future__ import annotations

import numpy as np

from boardkit.engine import RuleViolation, State
from boardkit.engine.rules import rule_ids

from . import objectives, scoring, setup
from .content import TICKETS, cards, world
from .flow import FLOW
from .params import Params, Variant

RULES = rule_ids("wanderlust")


def _check_in(name: str, pool_of, rule: str, what: str):
    def check(state: WanderlustState, value) -> None:
        pool = pool_of(state)
        ok = (pool.get(value, 0) > 0) if isinstance(pool, dict) else (value in pool)
        if not ok:
            shown = ", ".join(sorted(k for k, v in pool.items() if v)) if isinstance(pool, dict) \
                else ", ".join(sorted(pool)[:12]) + (" ..." if len(pool) > 12 else "")
            raise RuleViolation(rule, f"{value!r} is not a {what} that can be drawn now "
                                      f"(left: {shown or 'nothing'})")
    return check


class WanderlustState(State):
    """A game of Wanderlust (see :mod:`boardkit.wanderlust`)."""

    flow = FLOW

    chance_checks = {
        "trotter": _check_in("trotter", lambda s: s.passport_pool, "wanderlust.setup.passport",
                             "passport"),
        "hometown": _check_in("hometown", lambda s: s.dest_deck, "wanderlust.setup.hometown",
                              "destination card"),
        "destination": _check_in("destination", lambda s: s.dest_deck,
                                 "wanderlust.travel.cleanup", "destination card"),
        "ticket": _check_in("ticket", lambda s: dict(zip(TICKETS, s.deck, strict=True)),
                            "wanderlust.tickets.blind", "ticket type"),
        "encounter": _check_in("encounter", lambda s: s.enc_deck, "wanderlust.encounter.draw",
                               "encounter card"),
        "objective": _check_in("objective", lambda s: s.objective_pool,
                               "wanderlust.setup.objectives", "race objective"),
        "mission": _check_in("mission", lambda s: s.mission_pool, "wanderlust.setup.secrets",
                             "secret mission"),
        "goal": _check_in("goal", lambda s: s.goal_pool, "wanderlust.setup.secrets",
                          "personal goal"),
    }

    params: Params
    variant: Variant
    #: Solo Mode: how many automatons race (trotters ``players ..``); 0 otherwise
    automatons: int
    #: how the log names each trotter
    names: list[str]

    # ---- per trotter (lists indexed by trotter: the players, then the automatons)
    #: the location each trotter stands on
    loc: list[str]
    #: its destination cards, hometown first
    cards: list[list[str]]
    #: the collectibles on each of its destination cards (destination -> counts by kind)
    tokens: list[dict[str, list[int]]]
    #: the collectibles on its passport, by kind
    passport_tokens: list[list[int]]
    #: travel experience
    exp: list[int]
    #: the race objectives it fulfilled, in order, and the round of each
    achieved: list[list[str]]
    achieved_round: list[dict[str, int]]
    #: how many encounter cards it gained, and its longest trip (race objectives count them)
    enc_gained: list[int]
    best_trip: list[int]
    #: Solo Mode (the Collector): the destination an automaton stays at, if any
    stay: list[str | None]

    # ---- per player (indexed by seat; automatons have none of these)
    #: the tickets in hand, counts by type (:data:`~boardkit.wanderlust.content.TICKETS`
    #: order), and how many of each the other players know of (taken face up)
    hand: list[list[int]]
    known: list[list[int]]
    #: encounter cards in hand: card id -> count
    enc: list[dict[str, int]]
    #: the trotter / passport, the secret mission and the personal goal (None: not dealt)
    passport: list[str | None]
    #: every trotter's colour (a passport id): its passport's, or for an automaton or a
    #: neutral passport the first trotter left at setup (:func:`setup.colour_trotters`)
    colours: list[str | None]
    mission: list[str | None]
    goal: list[str | None]

    # ---- shared
    #: the available destination cards (None: an empty slot) and the destination deck
    available: list[str | None]
    dest_deck: list[str]
    #: the face-up ticket display (None: an empty slot)
    display: list[str | None]
    #: the ticket deck and discard pile: counts by type (unordered multisets)
    deck: list[int]
    discard: list[int]
    #: the encounter deck and discard pile: card id -> count
    enc_deck: dict[str, int]
    enc_discard: dict[str, int]
    #: the race objectives in play, and the pools the random draws pick from
    objectives: list[str]
    objective_pool: list[str]
    mission_pool: list[str]
    goal_pool: list[str]
    passport_pool: list[str]
    #: turns played so far, and the round
    turn: int
    round: int
    #: Solo Mode: the moves the automatons made (steps, flights, collectibles taken)
    automaton_moves: int
    #: the trotter who triggered the end of the race (None: not yet), and the turns left
    trigger: int | None
    turns_left: int | None

    def setup(self) -> None:
        setup.setup(self)
        self.flow.begin(self)

    # ------------------------------------------------------------ who is who
    @property
    def trotters(self) -> int:
        """Players plus automatons."""
        return len(self.loc)

    @property
    def solo(self) -> bool:
        return self.automatons > 0

    def is_automaton(self, t: int) -> bool:
        return t >= self.players

    def label(self, t: int) -> str:
        """How the log names a trotter: ``P1 (Jackie)`` or ``A1 (Laura)``."""
        tag = f"A{t - self.players + 1}" if self.is_automaton(t) else f"P{t + 1}"
        return f"{tag} ({self.names[t]})" if self.names[t] != tag else tag

    @RULES.implements("wanderlust.family.setup")
    def skill(self, t: int, name: str, default=None):
        """The value of a passport skill of trotter ``t`` (``default`` if it has not got it)."""
        pid = self.passport[t]
        if pid is None or self.variant.family or self.is_automaton(t):
            return default
        p = cards().passports[pid]
        return p.value if p.skill == name else default

    @property
    def step_points(self) -> int:
        """Action points left in the current turn (0 when no turn is running)."""
        from .turn import TurnStep

        for step in reversed(self._stack):
            if isinstance(step, TurnStep):
                return step.ap
        return 0

    # ------------------------------------------------------------ statistics
    def collectibles(self, t: int) -> list[int]:
        """[souvenirs, postcards, cameras] of trotter ``t`` (on its cards and passport)."""
        souvenirs, postcards, cameras = self.passport_tokens[t]
        for s, p, c in self.tokens[t].values():  # each card's [souvenirs, postcards, cameras]
            souvenirs += s
            postcards += p
            cameras += c
        return [souvenirs, postcards, cameras]

    def visited(self, t: int) -> list[str]:
        """The destination cards of trotter ``t`` that count as visited destinations (zones,
        types, objectives, missions, goals, the tie-break): those in its visited destinations
        area, and the hometown only if the rule parameter ``setup.hometown_visited`` says so
        (rule ``wanderlust.setup.hometown``; ``cards[t][0]`` is the hometown)."""
        return list(self.cards[t] if self.params.setup.hometown_visited else self.cards[t][1:])

    def zones_visited(self, t: int) -> set[str]:
        w = world()
        return {w.zone(c) for c in self.visited(t)}

    def destinations_of(self, t: int, kind: str) -> int:
        w = world()
        return sum(1 for c in self.visited(t) if w.dest_type(c) == kind)

    def hand_names(self, t: int) -> tuple[str, ...]:
        return tuple(name for name, c in zip(TICKETS, self.hand[t], strict=True) for _ in range(c))

    # ------------------------------------------------------------ protocol hooks
    def _scores(self) -> list[float]:
        return scoring.final_scores(self)

    def score_breakdown(self, player: int) -> dict[str, float]:
        return {k: float(v) for k, v in scoring.breakdown(self, player).items()}

    def facts(self, player: int) -> dict[str, float | str]:
        """When each race objective was fulfilled (:func:`.objectives.timing`)."""
        return dict(objectives.timing(self, player))

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.is_over else []

    def _observe(self, player: int | None) -> dict:
        return observe(self, player)

    def _determinize(self, player: int) -> None:
        determinize(self, player)

    # ------------------------------------------------------------ conveniences
    def trotter_scores(self) -> list[int]:
        """Every trotter's score (automatons included), as the final scoring counts it."""
        return [scoring.total(self, t) for t in range(self.trotters)]

    def check_objectives(self) -> None:
        objectives.update(self)


# ---------------------------------------------------------------- observation


def observe(state: WanderlustState, viewer: int | None) -> dict:
    """What ``viewer`` may see. Hidden: other players' tickets (beyond those known from the
    display), encounter cards, secret missions and personal goals (revealed at the end),
    and the order of nothing (decks are unordered)."""
    over = state.is_over
    trotters = []
    for t in range(state.trotters):
        mine = viewer is None or viewer == t
        bot = state.is_automaton(t)
        public = scoring.public_breakdown(state, t)
        entry = {
            "name": state.names[t],
            "label": state.label(t),
            "automaton": bot,
            "passport": state.passport[t],
            "location": state.loc[t],
            "hometown": state.cards[t][0] if state.cards[t] else None,
            "cards": list(state.cards[t]),
            "tokens": {c: list(v) for c, v in state.tokens[t].items()},
            "passport_tokens": list(state.passport_tokens[t]),
            "experience": state.exp[t],
            "achieved": list(state.achieved[t]),
            "achieved_round": dict(state.achieved_round[t]),
            "encounters_gained": state.enc_gained[t],
            "best_trip": state.best_trip[t],
            "hand_size": sum(state.hand[t]),
            "known_tickets": list(state.known[t]),
            "hand": list(state.hand[t]) if mine and not bot else None,
            "encounter_cards": sum(state.enc[t].values()),
            "encounters": dict(sorted(state.enc[t].items())) if mine and not bot else None,
            "mission": state.mission[t] if (mine or over) else None,
            "goal": state.goal[t] if (mine or over) else None,
            "public_score": public,
            "score": scoring.total(state, t) if (mine or over) else None,
        }
        trotters.append(entry)
    return {
        "round": state.round,
        "turn": state.turn,
        "action_points": state.step_points,
        "available": list(state.available),
        "display": list(state.display),
        "ticket_deck": sum(state.deck),
        "ticket_discard": list(state.discard),
        "destination_deck": len(state.dest_deck),
        "encounter_deck": sum(state.enc_deck.values()),
        "encounter_discard": dict(sorted((k, v) for k, v in state.enc_discard.items() if v)),
        "objectives": list(state.objectives),
        "end_triggered_by": state.trigger,
        "turns_left": state.turns_left,
        "automatons": state.automatons,
        "trotters": trotters,
    }


def determinize(state: WanderlustState, player: int) -> None:
    """Resample what ``player`` cannot see, consistently with what they can.

    Tickets: the unknown part of every other hand (its size minus the tickets everyone saw
    it take from the display and not spend since) and the face-down pile are pooled and
    dealt again at random. Encounter cards: the other hands (automatons' face-down cards
    included) and the deck, likewise. Secret missions and personal goals of the others:
    drawn again from the cards ``player`` has not seen (not after the end: they are shown).
    """
    rng = state.rng
    others = [t for t in range(state.trotters) if t != player]
    # tickets
    pool = list(state.deck)
    sizes = {}
    for t in others:
        unknown = [state.hand[t][i] - state.known[t][i] for i in range(6)]
        sizes[t] = sum(unknown)
        for i in range(6):
            pool[i] += unknown[i]
    bag = [i for i in range(6) for _ in range(pool[i])]
    order: np.ndarray | list[int] = rng.permutation(len(bag)) if bag else []
    k = 0
    for t in others:
        hand = list(state.known[t])
        for _ in range(sizes[t]):
            hand[bag[order[k]]] += 1
            k += 1
        state.hand[t] = hand
    deck = [0] * 6
    for j in range(k, len(bag)):
        deck[bag[order[j]]] += 1
    state.deck = deck
    # encounter cards
    ids = cards().encounter_ids
    epool = dict(state.enc_deck)
    esize = {}
    for t in others:
        esize[t] = sum(state.enc[t].values())
        for cid, c in state.enc[t].items():
            epool[cid] = epool.get(cid, 0) + c
    ebag = [cid for cid in ids for _ in range(epool.get(cid, 0))]
    eorder: np.ndarray | list[int] = rng.permutation(len(ebag)) if ebag else []
    k = 0
    for t in others:
        held: dict[str, int] = {}
        for _ in range(esize[t]):
            cid = ebag[eorder[k]]
            held[cid] = held.get(cid, 0) + 1
            k += 1
        state.enc[t] = held
    left: dict[str, int] = {}
    for j in range(k, len(ebag)):
        left[ebag[eorder[j]]] = left.get(ebag[eorder[j]], 0) + 1
    state.enc_deck = {cid: left.get(cid, 0) for cid in ids}
    # secret missions and personal goals
    if not state.is_over:
        for attr, everything in (("mission", cards().missions), ("goal", cards().goals)):
            values = getattr(state, attr)
            holders = [t for t in others if values[t] is not None]
            if not holders:
                continue
            unseen = sorted(set(everything) - ({values[player]} if values[player] else set()))
            picks = rng.choice(len(unseen), size=len(holders), replace=False)
            for t, i in zip(holders, picks, strict=True):
                values[t] = unseen[int(i)]
