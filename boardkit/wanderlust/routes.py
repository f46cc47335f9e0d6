"""The route planner: the ways to pay for a trip to each available destination.

Rulebook, *2. Travel*: a trip goes from the trotter's place to one of the available
destinations without stopping; each track on the way is paid with a ticket of its type
(grey car, green train, blue ship, purple charter), a white track (hitchhike) with any
ticket, a long flight between two airports with an airline ticket, and a wild ticket pays
for anything. No track (route) may be used twice in one trip, and no airport either
(``wanderlust.travel.no_repeat``): a trip uses an airport when a long flight lands there or
takes off from there, so an airport may be used on one visit only (landing and flying on at
once is one use), while passing an airport by land, like any other place, is free.

What a trip changes in the game depends only on *where it ends, which tickets it spends and
how many long flights it takes* (experience, encounter cards, the hand left). So a payment
option is the triple ``(destination, tickets, flights)``, and the planner lists each
distinct triple once, with one example route that realises it (shown in the log and on the
board). Listing every route instead would offer the same move many times over.

Two questions, two searches:

* **Is this trip legal?** :func:`find` answers it exactly for any number of tickets: a
  depth-first search for one route with exactly as many tracks as tickets, which stops at
  the first route found. The rules set no length limit, and neither does this check.
* **Which trips are there?** :func:`options` lists them for ``legal_actions()``, the board
  and the agents, up to ``max_legs`` tracks (params ``travel.list_legs``; rule catalog
  ``wanderlust.travel.listing``). Listing is exponential in the length of the trip (measured
  in ``benchmarks/bench_wanderlust.py``), so longer trips are not listed, but they are legal
  and :func:`find` accepts them.

How the listing stays fast:

1. a depth-first search over trails (no track twice, no airport flown from or to on two
   visits) from the trotter, at
   most ``min(hand, max_legs)`` legs, cut as soon as no target is within the legs left (step
   distances are precomputed) or the hand can no longer pay the legs so far. That test is
   exact and O(1): legs of a fixed kind need their own ticket or a wild, so the wilds must
   cover the shortfall of each kind, and white legs take any ticket left, so there must be as
   many tickets as legs;
2. the search records, per destination, each distinct *signature* (how many legs of each
   kind) once; the ticket combinations that pay a signature are enumerated separately;
3. both are memoised (the map never changes), so positions that come back — in a game, in
   search trees, across simulated games — cost a dictionary look-up: a search with its
   outcomes already in the listing's order, and the ways to pay a signature per the part
   of the hand that can pay it (hands alike in that part share them).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeVar, cast

from .content import FLIGHT, LEGS, TICKETS, WHITE, WILD, world

Hand = tuple[int, int, int, int, int, int]
Outcome = tuple[Hand, int]  # (tickets spent as counts, long flights)


def _hand(counts: Sequence[int]) -> Hand:
    """Six ticket counts (car, train, ship, charter, airline, wild) as a :data:`Hand`."""
    hand = tuple(map(int, counts))
    if len(hand) != 6:
        raise ValueError(f"a hand is six ticket counts ({', '.join(TICKETS)}), not {len(hand)}")
    return cast(Hand, hand)

_CACHE_SIZE = 50_000


K = TypeVar("K")
V = TypeVar("V")


class _LRU(OrderedDict[K, V]):
    def get_or(self, key: K, make: Callable[[], V]) -> V:
        try:
            self.move_to_end(key)
            return self[key]
        except KeyError:
            value = make()
            self[key] = value
            if len(self) > _CACHE_SIZE:
                self.popitem(last=False)
            return value


#: per search: {target: {outcome: signature}}, {target: {signature: path}} and the outcomes
#: of each target in the listing's order
_Found = tuple[dict[int, dict], dict[int, dict], dict[int, tuple[Outcome, ...]]]
_SEARCH: _LRU[tuple[int, tuple[int, ...], Hand, int], _Found] = _LRU()
_SPENDS: _LRU[tuple[tuple[int, ...], Hand], tuple[Hand, ...]] = _LRU()


@dataclass(frozen=True)
class Payment:
    """One way to pay for a trip: the tickets, the long flights and an example route."""

    to: str
    tickets: tuple[str, ...]
    flights: int
    path: tuple[str, ...]
    legs: tuple[str, ...]  # the ticket paying each leg of ``path``

    @property
    def experience(self) -> int:
        """Travel experience before passport skills: one per ticket that is not wild."""
        return sum(1 for t in self.tickets if t != "wild")

    @property
    def route(self) -> str:
        parts = [self.path[0]]
        for place, ticket in zip(self.path[1:], self.legs, strict=True):
            parts.append(f"{place} ({ticket})")
        return " → ".join(parts)

    def __str__(self) -> str:
        return (f"{self.to}: {', '.join(self.tickets)}"
                f"{f', {self.flights} flight' + ('s' if self.flights != 1 else '') if self.flights else ''}"
                f" ({self.experience} experience) via {self.route}")


def counts(tickets: Sequence[str]) -> Hand:
    """Ticket names -> counts in the canonical type order (unknown names raise KeyError)."""
    out = [0] * 6
    for t in tickets:
        out[TICKETS.index(t)] += 1
    return tuple(out)  # type: ignore[return-value]


_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}


def names(hand: Sequence[int]) -> tuple[str, ...]:
    """Counts -> ticket names in canonical order."""
    key = tuple(hand)
    found = _NAMES.get(key)
    if found is None:
        found = tuple(t for t, c in zip(TICKETS, key, strict=True) for _ in range(c))
        if len(_NAMES) < 100_000:
            _NAMES[key] = found
    return found


# ---------------------------------------------------------------- search

_GRAPH: list = []


def _graph() -> tuple[list[list[tuple[int, int, int]]], bytearray, int]:
    """Per place: (neighbour, leg kind, track id); which places are airports; track count.
    A long flight is a track of its own (one per pair of airports)."""
    if not _GRAPH:
        w = world()
        ids: dict[tuple[int, int], int] = {}
        adj = []
        for u in range(w.n):
            row = []
            for v, k in w.all[u]:
                row.append((v, k, ids.setdefault((min(u, v), max(u, v)), len(ids))))
            adj.append(row)
        airport = bytearray(1 if w.kind[i] == "airport" else 0 for i in range(w.n))
        _GRAPH.append((adj, airport, len(ids)))
    return _GRAPH[0]


def _search(src: int, targets: tuple[int, ...], hand: Hand, legs: int) -> dict[int, dict]:
    """Per target: {signature: example path}, signatures in the order first found."""
    adj, _, tracks = _graph()
    dmin = _nearest(targets)
    tset = set(targets)
    found: dict[int, dict] = {t: {} for t in targets}
    if not targets or legs <= 0:
        return found
    wild = hand[WILD]
    cap = list(hand)
    cap[WHITE] = 1 << 30  # a white leg never needs a wild
    used = bytearray(tracks)  # tracks used by the trip so far
    flown = [-1] * len(adj)  # per airport: the step of the visit that used it, or -1
    need = [0, 0, 0, 0, 0, 0]
    path = [src]

    def dfs(u: int, left: int, short: int, step: int) -> None:
        after = left - 1
        for v, k, e in adj[u]:
            if used[e] or dmin[v] > after:
                continue
            if k == FLIGHT:
                was = flown[u]
                if (was >= 0 and was != step) or flown[v] >= 0:
                    continue  # an airport used on an earlier visit
            n = need[k] + 1
            s = short + 1 if n > cap[k] else short  # the wilds must cover the shortfall
            if s > wild:
                continue
            need[k] = n
            used[e] = 1
            if k == FLIGHT:
                flown[u] = step
                flown[v] = step + 1
            path.append(v)
            if v in tset:
                sig = tuple(need)
                bucket = found[v]
                if sig not in bucket:
                    bucket[sig] = tuple(path)
            if after:
                dfs(v, after, s, step + 1)
            path.pop()
            if k == FLIGHT:
                flown[u] = was
                flown[v] = -1
            used[e] = 0
            need[k] = n - 1

    dfs(src, legs, 0, 0)
    return found


_NEAREST: _LRU[tuple[int, ...], list[int]] = _LRU()


def _nearest(targets: tuple[int, ...]) -> list[int]:
    """Per place: the fewest tracks (flights included) to the closest of ``targets``."""

    def make() -> list[int]:
        w = world()
        rows = [w.dist_all[t] for t in targets]
        return [min(col) for col in zip(*rows, strict=True)] if rows else [0] * w.n

    return _NEAREST.get_or(targets, make)


def _spends(sig: tuple[int, ...], hand: Hand) -> tuple[Hand, ...]:
    """Every multiset of tickets from ``hand`` that pays the legs counted in ``sig``."""
    out: set[Hand] = set()
    wild = hand[WILD]
    fixed = sig[:5]
    whites = sig[WHITE]
    if wild == 0:  # one way to pay the fixed legs: the white legs choose from the rest
        rest = [hand[i] - (fixed[i] if i < 5 else 0) for i in range(6)]
        return cast("tuple[Hand, ...]", tuple(sorted(
            {tuple(fixed[i] + extra[i] if i < 5 else extra[i] for i in range(6))
             for extra in _multisets(rest, whites)})))

    def by_wilds(k: int, left_wild: int, used: list[int]) -> None:
        if k == 5:
            rest = [hand[i] - used[i] for i in range(6)]
            rest[WILD] = left_wild
            for extra in _multisets(rest, whites):
                spent = [used[i] + extra[i] for i in range(6)]
                spent[WILD] = (wild - left_wild) + extra[WILD]
                out.add(_hand(spent))
            return
        n = fixed[k]
        lo = max(0, n - hand[k])
        for u in range(lo, min(n, left_wild) + 1):
            used[k] = n - u
            by_wilds(k + 1, left_wild - u, used)
        used[k] = 0

    by_wilds(0, wild, [0] * 6)
    return tuple(sorted(out))


def _paying(sig: tuple[int, ...], hand: Hand) -> tuple[Hand, ...]:
    """:func:`_spends`, remembered per signature and the part of the hand it can use: no
    more of a type than the legs it may pay (its own and the white ones), no more wilds than
    legs. Two hands alike in that part pay the legs in the same ways, so they share one
    entry (the cut changes no result: the tests compare it with the whole hand)."""
    whites, total = sig[WHITE], sum(sig)
    usable = cast(Hand, (*(min(hand[k], sig[k] + whites) for k in range(5)),
                         min(hand[WILD], total)))
    return _SPENDS.get_or((sig, usable), partial(_spends, sig, usable))


def _multisets(avail: Sequence[int], size: int) -> tuple[Hand, ...]:
    """Count vectors of ``size`` tickets drawn from ``avail`` (any types), remembered: no
    type can give more than ``size``, so ``avail`` is cut to that first."""
    key = (tuple(a if a < size else size for a in avail), size)
    found = _MULTISETS.get(key)
    if found is None:
        found = tuple(_draws(list(key[0]), size))
        if len(_MULTISETS) >= _CACHE_SIZE:
            _MULTISETS.clear()
        _MULTISETS[key] = found
    return found


_MULTISETS: dict[tuple[tuple[int, ...], int], tuple[Hand, ...]] = {}


def _draws(avail: list[int], size: int) -> Iterator[Hand]:
    if size == 0:
        yield (0, 0, 0, 0, 0, 0)
        return
    if sum(avail) < size:
        return
    out = [0] * 6

    def rec(i: int, left: int) -> Iterator[Hand]:
        if i == 5:
            if left <= avail[5]:
                out[5] = left
                yield cast(Hand, tuple(out))  # six counts
            return
        for c in range(min(avail[i], left), -1, -1):
            out[i] = c
            yield from rec(i + 1, left - c)
        out[i] = 0

    yield from rec(0, size)


def _outcomes(src: int, targets: tuple[int, ...], hand: Hand, legs: int) -> _Found:
    """Per target: {(spent, flights): signature}, the search's {signature: path}, and the
    outcomes sorted as :func:`options` lists them (sorted once per search)."""

    def make() -> _Found:
        found = _search(src, targets, hand, legs)
        result: dict[int, dict] = {}
        listing: dict[int, tuple[Outcome, ...]] = {}
        for t, sigs in found.items():
            table: dict[Outcome, tuple[int, ...]] = {}
            for sig in sigs:
                for spent in _paying(sig, hand):
                    table.setdefault((spent, sig[FLIGHT]), sig)
            result[t] = table
            listing[t] = tuple(sorted(table, key=lambda o: (sum(o[0]), names(o[0]), o[1])))
        return result, found, listing

    return _SEARCH.get_or((src, targets, hand, legs), make)


# ---------------------------------------------------------------- public API


def options(source: str, targets: Sequence[str], hand: Sequence[int], max_legs: int,
            min_tickets: int = 1) -> dict[str, list[Outcome]]:
    """Every distinct way to pay a trip from ``source`` to each of ``targets``.

    Returns ``{destination: [(tickets spent as counts, long flights), ...]}`` sorted by the
    number of tickets, then by ticket type, then by flights.
    """
    w = world()
    hand_t = _hand(hand)
    idx = tuple(w.index[t] for t in targets)
    legs = min(sum(hand_t), max_legs)
    listing = _outcomes(w.index[source], idx, hand_t, legs)[2]
    if min_tickets <= 1:  # every trip spends a ticket at least
        return {name: list(listing[t]) for name, t in zip(targets, idx, strict=True)}
    return {name: [o for o in listing[t] if sum(o[0]) >= min_tickets]
            for name, t in zip(targets, idx, strict=True)}


def payment(source: str, to: str, spent: Sequence[int], flights: int, hand: Sequence[int],
            targets: Sequence[str], max_legs: int) -> Payment | None:
    """The example route for one outcome (``None`` if that outcome is not possible)."""
    w = world()
    hand_t = _hand(hand)
    spent_t = _hand(spent)
    idx = tuple(w.index[t] for t in targets)
    legs = min(sum(hand_t), max_legs)
    t = w.index[to]
    tables, found, _ = _outcomes(w.index[source], idx, hand_t, legs)
    sig = tables.get(t, {}).get((spent_t, flights))
    if sig is None:
        return None
    path = found[t][sig]
    return Payment(to, names(spent_t), flights, tuple(w.names[i] for i in path),
                   _assign(path, spent_t))


def leg_kinds(path: Sequence[int]) -> list[int]:
    w = world()
    kinds = []
    for a, b in zip(path, path[1:], strict=False):
        kinds.append(next(k for v, k in w.all[a] if v == b))
    return kinds


def _assign(path: Sequence[int], spent: Hand) -> tuple[str, ...]:
    """Which ticket pays each leg: own type first on fixed legs, wilds for the shortfall,
    the rest on white legs (always possible when ``spent`` pays the path's signature)."""
    kinds = leg_kinds(path)
    need = [0] * 6
    for k in kinds:
        need[k] += 1
    own = [min(need[k], spent[k]) if k < 5 else 0 for k in range(6)]
    wilds_fixed = sum(need[k] - own[k] for k in range(5))
    rest = [spent[k] - own[k] for k in range(6)]
    rest[WILD] = spent[WILD] - wilds_fixed
    pool = list(names(rest))
    left_own = own[:]
    out = []
    for k in kinds:
        if k == WHITE:
            out.append(pool.pop(0))
        elif left_own[k] > 0:
            left_own[k] -= 1
            out.append(TICKETS[k])
        else:
            out.append("wild")
    return tuple(out)


def all_payments(source: str, targets: Sequence[str], hand: Sequence[int], max_legs: int,
                 min_tickets: int = 1) -> dict[str, list[Payment]]:
    """Like :func:`options`, with the example route of each option."""
    found = options(source, targets, hand, max_legs, min_tickets)
    out: dict[str, list[Payment]] = {}
    for to, opts in found.items():
        out[to] = []
        for spent, fl in opts:
            pay = payment(source, to, spent, fl, hand, targets, max_legs)
            assert pay is not None, "every outcome options() lists has a route"
            out[to].append(pay)
    return out


def find(source: str, to: str, spent: Sequence[int], flights: int) -> Payment | None:
    """A route paid by exactly the tickets ``spent`` (counts) with exactly ``flights`` long
    flights, with no track twice and no airport used on two visits (``None`` if there is
    none).

    Exact for any number of tickets (this is the legality check of a trip; the listing
    bound of :func:`options` plays no part). One ticket pays one track, so the route has
    exactly ``sum(spent)`` tracks; the search stops at the first route found.
    """
    w = world()
    spent_t = _hand(spent)
    key = ("find", w.index[source], w.index[to], spent_t, int(flights))
    path = _FIND.get_or(key, lambda: _find(*key[1:]))
    if path is None:
        return None
    return Payment(to, names(spent_t), flights, tuple(w.names[i] for i in path),
                   _assign(path, spent_t))


_FIND: _LRU[tuple[str, int, int, Hand, int], tuple[int, ...] | None] = _LRU()


def _find(src: int, dst: int, spent: Hand, flights: int) -> tuple[int, ...] | None:
    """Depth-first search over trails of exactly ``sum(spent)`` tracks. Cuts (each one exact,
    so no legal trip is missed): the destination farther than the tracks left (by land
    once every flight is taken); the wilds unable to cover the tracks no own ticket pays;
    more flights than asked; and the flights still to take needing more unused airports,
    or more tracks to reach them and come back to land at the destination, than are left."""
    adj, airport, tracks = _graph()
    total = sum(spent)
    dist = world().dist_all[dst]
    if total == 0 or flights < 0 or flights > total or dist[src] > total:
        return None
    wild = spent[WILD]
    cap = list(spent)
    cap[WHITE] = 1 << 30
    used = bytearray(tracks)
    flown = [-1] * len(adj)  # per airport: the step of the visit that used it, or -1
    need = [0, 0, 0, 0, 0, 0]
    path = [src]
    w = world()
    airports = w.airports
    land = w.dist_land[dst]  # land tracks only (the step distances are symmetric)
    land_from = w.dist_land

    def dfs(u: int, left: int, short: int, step: int) -> bool:
        after = left - 1
        for v, k, e in adj[u]:
            if used[e] or dist[v] > after:
                continue
            n = need[k] + 1
            if k == FLIGHT:
                if n > flights:
                    continue
                was = flown[u]
                if (was >= 0 and was != step) or flown[v] >= 0:
                    continue  # an airport used on an earlier visit
            s = short + 1 if n > cap[k] else short
            if s > wild:
                continue
            if not after:  # the last ticket: the route must end here with every flight
                if v == dst and need[FLIGHT] + (k == FLIGHT) == flights:
                    path.append(v)
                    return True
                continue
            todo = flights - need[FLIGHT] - (k == FLIGHT)  # flights still to take after v
            if not todo:
                if land[v] > after:  # no flight left: the rest of the way is by land
                    continue
            else:
                # each of the `todo` flights lands at an airport no flight has used yet (v
                # itself is used if this track is a flight); from a place that is not an
                # airport the first of them also leaves from one; the land tracks to that
                # one, and from the last landing to the end, must fit in what is left
                spare = [a for a in airports if flown[a] < 0 and not (a == v and k == FLIGHT)]
                if todo + (0 if airport[v] else 1) > len(spare):
                    continue
                first = 0 if airport[v] else min(land_from[a][v] for a in spare)
                last = min(land[a] for a in spare)
                if todo + first + last > after:
                    continue
            need[k] = n
            used[e] = 1
            if k == FLIGHT:
                flown[u] = step
                flown[v] = step + 1
            path.append(v)
            if dfs(v, after, s, step + 1):
                return True
            path.pop()
            if k == FLIGHT:
                flown[u] = was
                flown[v] = -1
            used[e] = 0
            need[k] = n - 1
        return False

    return tuple(path) if dfs(src, total, 0, 0) else None


def repeating_route(source: str, to: str, spent: Sequence[int], flights: int
                    ) -> tuple[str, ...] | None:
    """A route that the tickets ``spent`` would pay to ``to`` with ``flights`` long flights
    if tracks and airports could be used more than once (``None`` if even that is
    impossible).

    The rule check calls it when :func:`find` found no route: then every such route uses a
    track twice or an airport on two visits, and the trip breaks
    ``wanderlust.travel.no_repeat`` rather than ``wanderlust.travel.route``. Exact: a memoised search over (place, tickets left,
    flights left); a track of a fixed type takes its own ticket before a wild, a white track
    a ticket that is not wild before a wild (either choice loses nothing).
    """
    w = world()
    hand = tuple(int(c) for c in spent)
    goal = w.index[to]
    dist = w.dist_all[goal]
    memo: dict[tuple, tuple | None] = {}

    def rec(u: int, rest: tuple[int, ...], fl: int) -> tuple[tuple[int, str], ...] | None:
        left = sum(rest)
        if left == 0:
            return () if u == goal and fl == 0 else None
        if dist[u] > left or fl > left:
            return None
        key = (u, rest, fl)
        if key in memo:
            return memo[key]
        memo[key] = None
        for v, k in w.all[u]:
            if k == FLIGHT and fl == 0:
                continue
            if k == WHITE:
                choices = [i for i in range(5) if rest[i]] or ([WILD] if rest[WILD] else [])
            else:
                choices = [k] if rest[k] else ([WILD] if rest[WILD] else [])
            for i in choices:
                nxt = list(rest)
                nxt[i] -= 1
                tail = rec(v, tuple(nxt), fl - (k == FLIGHT))
                if tail is not None:
                    memo[key] = ((v, TICKETS[i]), *tail)
                    return memo[key]
        return None

    found = rec(w.index[source], hand, int(flights))
    if not found:
        return None
    return (source, *(f"{w.names[v]} ({t})" for v, t in found))


def out_of_reach(source: str, to: str, hand: Sequence[int], max_legs: int,
                 min_tickets: int = 1) -> str:
    """Why no listed payment reaches ``to`` (plain words), or '' when one does.

    ``max_legs`` is the listing bound: when the hand holds more tickets than that, a longer
    trip may still be legal, and the reason says so.
    """
    w = world()
    total = sum(hand)
    if options(source, [to], hand, max_legs, min_tickets)[to]:
        return ""
    steps = w.dist_all[w.index[source]][w.index[to]]
    held = ", ".join(names(hand)) or "no tickets"
    if total == 0:
        return "you hold no tickets"
    if steps > total:
        return f"{to} is at least {steps} tracks away from {source}, but you hold {total} " \
               f"ticket{'s' if total != 1 else ''} ({held})"
    if steps > max_legs:
        return (f"{to} is {steps} tracks away from {source}, more than the {max_legs} tracks "
                f"of a listed trip; longer trips are legal but not listed: ask for one with "
                f"Travel(to, tickets, flights)")
    if min_tickets > 1 and options(source, [to], hand, max_legs, 1)[to]:
        return f"every way to pay for {to} uses fewer than {min_tickets} tickets"
    longer = (f"; trips of more than {max_legs} tracks are legal but not listed: ask for one "
              f"with Travel(to, tickets, flights)") if total > max_legs else ""
    path = _shortest_path(w.index[source], w.index[to])
    kinds = [LEGS[k] for k in leg_kinds(path)]
    return (f"no route of at most {min(total, max_legs)} tracks to {to} can be paid with "
            f"{held}; the shortest route needs {', '.join(kinds)} "
            f"({' → '.join(w.names[i] for i in path)}){longer}")


def _shortest_path(src: int, dst: int) -> list[int]:
    w = world()
    path = [src]
    u = src
    while u != dst:
        u = next(v for v, _ in w.all[u] if w.dist_all[dst][v] == w.dist_all[dst][u] - 1)
        path.append(u)
    return path


def cache_info() -> dict[str, int]:
    return {"searches": len(_SEARCH), "spends": len(_SPENDS), "checks": len(_FIND)}


def clear_cache() -> None:
    _SEARCH.clear()
    _SPENDS.clear()
    _NEAREST.clear()
    _FIND.clear()
    _MULTISETS.clear()
