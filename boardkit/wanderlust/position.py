"""The fields of a Wanderlust position: every trotter, the decks, the displays.

Trotters are numbered ``0 .. T-1``: first the players (the seats that decide), then, in
Solo Mode, the automatons. Per trotter the state keeps where it stands, its destination
cards (hometown first) with the collectibles on each, its travel experience, the race
objectives it fulfilled and how many encounter cards it gained; players also have a hand
of tickets (counts by type, :data:`~boardkit.wanderlust.content.TICKETS` order), encounter
cards, a passport, a secret mission and a personal goal.

Decks are unordered multisets: a draw is a random pick from what is left, logged through
:meth:`~boardkit.engine.State.chance` (so it can be forced and replayed). That is the same
as shuffling and drawing from the top, and it leaves no hidden order to resample.

:class:`WanderlustState` declares these fields with their types, and what can be read from
them alone; the rule modules take it (imported for annotations only) and this module imports
none of them, so no import circle runs through the position. The game played
(:class:`~boardkit.wanderlust.state.WanderlustPlay`: its flow, setup, scoring and hidden
information) adds the rules to it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Protocol, cast, overload

from boardkit.engine import RuleViolation, State
from boardkit.engine.rules import rule_ids

from .content import TICKETS, cards, world
from .params import Params, Variant

RULES = rule_ids("wanderlust")

class TurnCounts(Protocol):
    """What a player's turn counts (:class:`~boardkit.wanderlust.turn.TurnStep`): the seat,
    the action points left, the encounter cards played and the display resets used."""

    player: int
    ap: int
    encounters: int
    resets: int


#: what a random draw picks from: counts by name, or the names left
Pool = Mapping[str, int] | Collection[str]


def _check_in(name: str, pool_of: Callable[[WanderlustState], Pool], rule: str,
              what: str) -> Callable[[State, object], None]:
    def check(state: State, value: object) -> None:
        # the engine's chance_checks take its base State; these are only Wanderlust's
        pool = pool_of(cast("WanderlustState", state))
        ok = (pool.get(value, 0) > 0) if isinstance(pool, Mapping) else (value in pool)
        if not ok:
            shown = ", ".join(sorted(k for k, v in pool.items() if v)) if isinstance(pool, Mapping) \
                else ", ".join(sorted(pool)[:12]) + (" ..." if len(pool) > 12 else "")
            raise RuleViolation(rule, f"{value!r} is not a {what} that can be drawn now "
                                      f"(left: {shown or 'nothing'})")
    return check


class WanderlustState(State):
    """A Wanderlust position (see :mod:`boardkit.wanderlust`)."""

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

    @overload
    def skill(self, t: int, name: str, default: int) -> int: ...

    @overload
    def skill(self, t: int, name: str, default: None = None) -> int | None: ...

    @RULES.implements("wanderlust.family.setup")
    def skill(self, t: int, name: str, default: int | None = None) -> int | None:
        """The value of a passport skill of trotter ``t`` (``default`` if it has not got it)."""
        pid = self.passport[t]
        if pid is None or self.variant.family or self.is_automaton(t):
            return default
        p = cards().passports[pid]
        return p.value if p.skill == name else default

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
