"""Wanderlust content: the world map and the cards, read from ``data/wanderlust/*.toml``.

Every file is validated by a schema when it is loaded (a :class:`~boardkit.engine.DataError`
names the file and the field). The map becomes a :class:`World`: places by index, typed
tracks, long flights between airports and the step distances the route planner and the
automatons use. Nothing here changes during a game, so it is loaded once and shared.
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Sequence
from functools import cache
from typing import Literal, Self

from pydantic import Field, model_validator

from boardkit.engine.content import Strict, load
from boardkit.engine.errors import DataError
from boardkit.engine.resources import data_file
from boardkit.engine.words import plural

#: the six ticket types, in boardkit's canonical order (hands are count vectors in this order)
TICKETS = ("car", "train", "ship", "charter", "airline", "wild")
CAR, TRAIN, SHIP, CHARTER, AIRLINE, WILD = range(6)
#: leg kinds of a trip: a leg of kind k < 5 is paid by ticket k (a flight by an airline
#: ticket) or a wild; a white leg (hitchhike) by any ticket
LEGS = ("car", "train", "ship", "charter", "flight", "white")
FLIGHT, WHITE = 4, 5
TRACK_TYPES = ("car", "train", "ship", "charter", "white")
DESTINATION_KINDS = ("city", "port", "wonder")
CITY, PORT, WONDER = range(3)
COLLECTIBLES = ("souvenir", "postcard", "camera")

Provenance = Literal["rulebook", "illustrative"]
Colour = Field(pattern=r"^#[0-9a-fA-F]{6}$")


def an(word: str) -> str:
    """``word`` with its indefinite article ("an airline", "a car")."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def slug(name: str) -> str:
    """An ASCII id for a place name ("N'Djamena" -> "n-djamena"), used by the board."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


# ---------------------------------------------------------------- the map


class Zone(Strict):
    id: str = Field(pattern=r"^[a-z][a-z\-]*$")
    name: str
    colour: str = Colour
    airport: str


class Place(Strict):
    name: str = Field(min_length=1, max_length=40)
    kind: Literal["city", "port", "wonder", "airport", "autostop"]
    zone: str
    lon: float = Field(ge=-180, le=180)
    lat: float = Field(ge=-90, le=90)
    nudge: tuple[float, float] = (0.0, 0.0)
    provenance: Provenance = "illustrative"


class MapFile(Strict):
    game: Literal["wanderlust"]
    provenance: Provenance
    zone: list[Zone] = Field(min_length=1)
    place: list[Place] = Field(min_length=2)
    tracks: list[tuple[str, str, Literal["car", "train", "ship", "charter", "white"]]]

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        names = [p.name for p in self.place]
        seen: set[str] = set()
        for i, name in enumerate(names):
            if name in seen:
                raise ValueError(f"place[{i}].name: '{name}' appears twice")
            seen.add(name)
        slugs = [slug(n) for n in names]
        if len(set(slugs)) != len(slugs):
            raise ValueError("two place names give the same ASCII id")
        zones = {z.id: z for z in self.zone}
        if len(zones) != len(self.zone):
            raise ValueError("zone ids must be unique")
        for i, p in enumerate(self.place):
            if p.zone not in zones:
                raise ValueError(f"place[{i}] ({p.name}).zone: unknown zone '{p.zone}'")
        for z in self.zone:
            airports = [p.name for p in self.place if p.kind == "airport" and p.zone == z.id]
            if airports != [z.airport]:
                raise ValueError(f"zone {z.id}: needs exactly one airport, named '{z.airport}' "
                                 f"(found {airports})")
        pairs: set[frozenset[str]] = set()
        for i, (a, b, _) in enumerate(self.tracks):
            for end in (a, b):
                if end not in seen:
                    raise ValueError(f"tracks[{i}]: unknown place '{end}'")
            if a == b:
                raise ValueError(f"tracks[{i}]: a track joins two different places")
            key = frozenset((a, b))
            if key in pairs:
                raise ValueError(f"tracks[{i}]: {a} - {b} is listed twice")
            pairs.add(key)
        return self


class World:
    """The map as integer tables: the route planner and the automatons work on these."""

    def __init__(self, spec: MapFile):
        self.spec = spec
        self.zones = [z.id for z in spec.zone]
        self.zone_names = {z.id: z.name for z in spec.zone}
        self.zone_colour = {z.id: z.colour for z in spec.zone}
        self.places = list(spec.place)
        self.names = [p.name for p in spec.place]
        self.n = len(self.names)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.kind = [p.kind for p in spec.place]
        self.zone_of = [self.zones.index(p.zone) for p in spec.place]
        self.dest_kind = [DESTINATION_KINDS.index(k) if k in DESTINATION_KINDS else -1
                          for k in self.kind]
        self.destinations = [p.name for p in spec.place if p.kind in DESTINATION_KINDS]
        self.airports = [i for i, k in enumerate(self.kind) if k == "airport"]
        self.zone_airport = [self.index[z.airport] for z in spec.zone]
        self.slugs = {slug(name): name for name in self.names}
        self._folded = {_fold(name): name for name in self.names}
        # adjacency, neighbours in name order (the automatons' tie-break is this order)
        land: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for a, b, kind in spec.tracks:
            k = LEGS.index(kind)
            ia, ib = self.index[a], self.index[b]
            land[ia].append((ib, k))
            land[ib].append((ia, k))
        self.tracks = [(self.index[a], self.index[b], LEGS.index(t)) for a, b, t in spec.tracks]
        self.land = [sorted(nb, key=lambda e: self.names[e[0]]) for nb in land]
        flights: list[list[tuple[int, int]]] = [[] for _ in range(self.n)]
        for ap in self.airports:
            flights[ap] = sorted(((b, FLIGHT) for b in self.airports if b != ap),
                                key=lambda e: self.names[e[0]])
        self.all = [self.land[i] + flights[i] for i in range(self.n)]
        self.dist_all = [self._bfs(i, self.all) for i in range(self.n)]
        self.dist_land = [self._bfs(i, self.land) for i in range(self.n)]
        no_ship = [[e for e in nb if e[1] != LEGS.index("ship")] for nb in self.land]
        self.dist_no_ship = [self._bfs(i, no_ship) for i in range(self.n)]
        self.land_no_ship = no_ship

    @staticmethod
    def _bfs(source: int, adjacency: Sequence[Sequence[tuple[int, int]]]) -> list[int]:
        inf = 10**6
        dist = [inf] * len(adjacency)
        dist[source] = 0
        queue = deque([source])
        while queue:
            u = queue.popleft()
            for v, _ in adjacency[u]:
                if dist[v] == inf:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        return dist

    def lookup(self, name: str) -> str | None:
        """The canonical place name for ``name`` (exact, without accents, or an id)."""
        if name in self.index:
            return name
        return self._folded.get(_fold(name)) or self.slugs.get(name)

    def zone(self, name: str) -> str:
        return self.zones[self.zone_of[self.index[name]]]

    def is_destination(self, name: str) -> bool:
        i = self.index.get(name)
        return i is not None and self.dest_kind[i] >= 0

    def dest_type(self, name: str) -> str:
        return DESTINATION_KINDS[self.dest_kind[self.index[name]]]

    def track(self, a: str, b: str) -> str | None:
        """The type of the track between two places (``'flight'`` between airports)."""
        ia, ib = self.index[a], self.index[b]
        for v, k in self.all[ia]:
            if v == ib:
                return LEGS[k]
        return None


def _fold(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", plain.lower())


# ---------------------------------------------------------------- the cards

PlayerCount = Literal["2", "3", "4", "5"]
PLAYER_COUNTS: tuple[PlayerCount, ...] = ("2", "3", "4", "5")


class EncounterCard(Strict):
    id: str = Field(pattern=r"^[a-z][a-z\-]*$")
    title: str
    effect: Literal["postcard", "souvenir", "camera", "tickets", "display", "action", "experience"]
    value: int = Field(0, ge=0, le=10)
    count: int = Field(ge=1, le=32)
    provenance: Provenance = "illustrative"


class Objective(Strict):
    id: str = Field(pattern=r"^[a-z][a-z\-]*$")
    title: str
    kind: Literal["experience", "collector", "zones", "trip", "encounters", "destinations"]
    target: dict[PlayerCount, int | tuple[int, int, int]]
    type: Literal["city", "port", "wonder"] | None = None
    vp: int = Field(ge=0, le=30)
    solo: bool = True
    provenance: Provenance = "illustrative"

    @model_validator(mode="after")
    def _targets(self) -> Self:
        if set(self.target) != {"2", "3", "4", "5"}:
            raise ValueError(f"objective {self.id}: target needs player counts 2, 3, 4 and 5")
        for count, value in self.target.items():
            values = value if isinstance(value, tuple) else (value,)
            if isinstance(value, tuple) != (self.kind == "collector"):
                raise ValueError(f"objective {self.id}: target.{count}: "
                                 + ("[souvenirs, postcards, cameras]" if self.kind == "collector"
                                    else "a single number") + " expected")
            if any(v < 0 for v in values):
                raise ValueError(f"objective {self.id}: target.{count}: negative")
        if (self.kind == "destinations") != (self.type is not None):
            raise ValueError(f"objective {self.id}: 'type' belongs to destination objectives")
        return self

    def goal_for(self, trotters: int) -> int | tuple[int, int, int]:
        """The target with ``trotters`` trotters: a number, or (souvenirs, postcards,
        cameras) for the collector."""
        return self.target[PLAYER_COUNTS[min(5, max(2, trotters)) - 2]]

    def goal_text(self, trotters: int) -> str:
        """:meth:`goal_for` as a reader meets it in a table: ``"20"``, or ``"6 souvenirs, 2
        postcards, 1 camera"`` for the collector (not a Python tuple)."""
        goal = self.goal_for(trotters)
        if not isinstance(goal, tuple):
            return str(goal)
        return ", ".join(plural(n, word) for n, word in zip(goal, ("souvenir", "postcard", "camera"),
                                                            strict=True))


class Goal(Strict):
    id: str = Field(pattern=r"^[a-z][a-z\-]*$")
    title: str
    kind: Literal["souvenirs", "postcards", "cameras", "destinations", "experience", "encounters"]
    type: Literal["city", "port", "wonder"] | None = None
    target: int = Field(ge=1, le=50)
    provenance: Provenance = "illustrative"

    @model_validator(mode="after")
    def _type(self) -> Self:
        if (self.kind == "destinations") != (self.type is not None):
            raise ValueError(f"goal {self.id}: 'type' belongs to destination goals")
        return self


class Mission(Strict):
    id: str = Field(pattern=r"^[a-z][a-z\-]*$")
    title: str
    zone: str
    target: int = Field(ge=1, le=20)
    provenance: Provenance = "illustrative"


class Passport(Strict):
    id: str = Field(pattern=r"^[a-z][a-z\-]*$")
    colour: str = Colour
    title: str
    skill: Literal["souvenir_limit", "free_postcard", "photo_points", "flight_experience",
                   "planning_bonus", "encounters_per_turn"]
    value: int = Field(ge=0, le=10)
    provenance: Provenance = "illustrative"


class CardsFile(Strict):
    game: Literal["wanderlust"]
    provenance: Provenance
    tickets: dict[str, int]
    encounter: list[EncounterCard] = Field(min_length=1)
    objective: list[Objective] = Field(min_length=3)
    goal: list[Goal] = Field(min_length=1)
    mission: list[Mission] = Field(min_length=1)
    passport: list[Passport] = Field(min_length=5)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if tuple(self.tickets) != TICKETS:
            raise ValueError(f"tickets: expected the types {', '.join(TICKETS)} in this order")
        if any(v < 0 for v in self.tickets.values()) or sum(self.tickets.values()) < 20:
            raise ValueError("tickets: counts must be non-negative and give at least 20 tickets")
        for what, items in (("encounter", self.encounter), ("objective", self.objective),
                            ("goal", self.goal), ("mission", self.mission),
                            ("passport", self.passport)):
            ids = [x.id for x in items]
            if len(set(ids)) != len(ids):
                raise ValueError(f"{what}: ids must be unique")
        return self


class Cards:
    """The card content by id."""

    def __init__(self, spec: CardsFile, world: World):
        for i, m in enumerate(spec.mission):
            if m.zone not in world.zones:
                raise DataError(f"cards.toml: mission[{i}].zone: unknown zone '{m.zone}'")
        self.spec = spec
        self.ticket_counts = [spec.tickets[t] for t in TICKETS]
        self.encounters = {e.id: e for e in spec.encounter}
        self.encounter_ids = [e.id for e in spec.encounter]
        self.objectives = {o.id: o for o in spec.objective}
        self.goals = {g.id: g for g in spec.goal}
        self.missions = {m.id: m for m in spec.mission}
        self.passports = {p.id: p for p in spec.passport}


@cache
def world() -> World:
    return World(load(MapFile, data_file("wanderlust", "map.toml")))


@cache
def cards() -> Cards:
    return Cards(load(CardsFile, data_file("wanderlust", "cards.toml")), world())
