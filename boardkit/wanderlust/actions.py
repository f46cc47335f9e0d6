"""Wanderlust's actions: one small frozen dataclass per decision, and the integer codec.

A trip is ``Travel(to, tickets, flights)``: the destination, the tickets spent and how many
long flights the trip takes. That triple is everything a trip changes (see
:mod:`boardkit.wanderlust.routes`); the engine picks an example route for the log. Place
names may be typed without accents (``Travel("Bogota", ...)``) and tickets in any order:
both are put in canonical form when the action is made.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Annotated

from boardkit.engine import Action, ActionCodec, Canonical, OneOf, Range, State, action

from .content import TICKETS, an, cards, world

#: the codec's bound on the tickets of a listed trip (``travel.list_legs`` may not exceed it);
#: longer trips are legal but have no integer code (agents search among the listed ones)
MAX_LEGS = 10


def _place(name: str) -> str:
    """A place name in canonical form (accents, ids); an unknown name stays as it is."""
    return world().lookup(name) or name


Destination = Annotated[str, Canonical(_place),
                        OneOf(lambda: world().destinations, rule="wanderlust.travel.available")]
Ticket = Annotated[str, OneOf(TICKETS, rule="wanderlust.travel.hand")]
EncounterCard = Annotated[str, OneOf(lambda: cards().encounter_ids, rule="wanderlust.encounter.play")]


@action
class TakeTicket(Action):
    """1 action point: take the ticket in display ``slot`` (0 = leftmost)."""

    slot: Annotated[int, Range(0, 7, rule="wanderlust.tickets.display")]

    def __str__(self) -> str:
        return f"take the ticket in display slot {self.slot + 1}"


@action
class TakeBlind(Action):
    """1 action point: take the top ticket of the face-down pile."""

    def __str__(self) -> str:
        return "take a blind ticket"


@action
class ResetDisplay(Action):
    """Free: discard the display and deal five new tickets (only two types or fewer show)."""

    def __str__(self) -> str:
        return "reset the ticket display"


@action
class Travel(Action):
    """1 action point: travel to an available destination, spending ``tickets``."""

    to: Destination
    tickets: tuple[Ticket, ...] = ()
    #: long flights of the trip (a trip uses each airport once: far fewer than 100)
    flights: Annotated[int, Range(0, 99, rule="wanderlust.travel.route")] = 0

    @classmethod
    def of(cls, to: str, tickets: tuple[str, ...], flights: int) -> Travel:
        """A trip from values already in canonical form (the route planner's fast path)."""
        act = object.__new__(cls)
        object.__setattr__(act, "to", to)
        object.__setattr__(act, "tickets", tickets)
        object.__setattr__(act, "flights", flights)
        return act

    def __post_init__(self) -> None:
        if isinstance(self.to, str):
            canonical = world().lookup(self.to)
            if canonical is not None and canonical != self.to:
                object.__setattr__(self, "to", canonical)
        if isinstance(self.tickets, tuple | list) and all(isinstance(t, str) for t in self.tickets):
            order = {t: i for i, t in enumerate(TICKETS)}
            tickets = tuple(sorted(self.tickets, key=lambda t: (order.get(t, 99), t)))
            if tickets != self.tickets:
                object.__setattr__(self, "tickets", tickets)

    def listed(self, state: State) -> bool:
        """Trips longer than the listing bound (params ``travel.list_legs``) are legal but
        not listed (``wanderlust.travel.listing``)."""
        return len(self.tickets) <= state.params.travel.list_legs

    def __str__(self) -> str:
        paid = ", ".join(self.tickets) or "no tickets"
        fl = f", {self.flights} long flight{'s' if self.flights != 1 else ''}" if self.flights else ""
        return f"travel to {self.to} paying {paid}{fl}"


@action
class Souvenir(Action):
    """1 action point in a City: get a souvenir."""

    def __str__(self) -> str:
        return "get a souvenir"


@action
class Postcard(Action):
    """1 action point + 1 ticket in a Port: send a postcard (``ticket``: the one discarded)."""

    ticket: Annotated[str, OneOf(TICKETS, rule="wanderlust.collect.postcard")] | None = None

    def __str__(self) -> str:
        return "send a postcard" + (f" (discarding {an(self.ticket)} ticket)" if self.ticket else "")


@action
class Photo(Action):
    """2 action points at a Natural wonder: take a photo."""

    def __str__(self) -> str:
        return "take a photo"


@action
class PlayEncounter(Action):
    """Free, once per turn: play an encounter card from your hand."""

    card: EncounterCard

    def __str__(self) -> str:
        c = cards().encounters.get(self.card)
        return f"play the encounter card {c.title if c else self.card!r}"


@action
class EndTurn(Action):
    """End the turn once both action points are spent."""

    def __str__(self) -> str:
        return "end the turn"


@action
class Pass(Action):
    """Give up the remaining action points (only when no action is possible at all)."""

    def __str__(self) -> str:
        return "pass (no action is possible)"


ACTIONS = (TakeTicket, TakeBlind, ResetDisplay, Travel, Souvenir, Postcard, Photo, PlayEncounter,
           EndTurn, Pass)


def ticket_multisets(max_size: int = MAX_LEGS) -> list[tuple[str, ...]]:
    """Every sorted tuple of 0..max_size ticket names (the codec's domain for Travel)."""
    out: list[tuple[str, ...]] = []
    for size in range(max_size + 1):
        out.extend(combinations_with_replacement(TICKETS, size))
    return out


def make_codec() -> ActionCodec:
    w, c = world(), cards()
    return ActionCodec([
        (TakeTicket, {"slot": range(8)}),
        (TakeBlind, {}),
        (ResetDisplay, {}),
        (Travel, {"to": sorted(w.destinations), "tickets": ticket_multisets(),
                  "flights": range(MAX_LEGS + 1)}),
        (Souvenir, {}),
        (Postcard, {"ticket": (None, *TICKETS)}),
        (Photo, {}),
        (PlayEncounter, {"card": c.encounter_ids}),
        (EndTurn, {}),
        (Pass, {}),
    ])
