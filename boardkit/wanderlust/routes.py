"""The route planner: every way to pay for a trip to each available destination.

Rulebook, *2. Travel*: a trip goes from the trotter's place to one of the available
destinations without stopping; each track on the way is paid with a ticket of its type
(grey car, green train, blue ship, purple charter), a white track (hitchhike) with any
ticket, a long flight between two airports with an airline ticket, and a wild ticket pays
for anything. No place is passed twice in one trip (``wanderlust.travel.no_repeat``).

What a trip changes in the game depends only on *where it ends, which tickets it spends and
how many long flights it takes* (experience, encounter cards, the hand left). So a payment
option is the triple ``(destination, tickets, flights)``, and the planner lists each
distinct triple once, with one example route that realises it (shown in the log and on the
board). Listing every path instead would offer the same move many times over.

How it stays fast:

1. a depth-first search over simple paths from the trotter, at most ``min(hand, max_legs)``
   legs, cut as soon as no target is within the legs left (step distances are precomputed)
   or the hand can no longer pay the legs so far. That test is exact and O(1): legs of a
   fixed kind need their own ticket or a wild, so the wilds must cover the shortfall of each
   kind, and white legs take any ticket left, so there must be as many tickets as legs;
2. the search records, per destination, each distinct *signature* (how many legs of each
   kind) once; the ticket combinations that pay a signature are enumerated separately;
3. both are memoised (the map never changes), so positions that come back — in a game, in
   search trees, across simulated games — cost a dictionary look-up.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from .content import FLIGHT, LEGS, TICKETS, WHITE, WILD, world

Hand = tuple[int, int, int, int, int, int]
Outcome = tuple[Hand, int]  # (tickets spent as counts, long flights)

_CACHE_SIZE = 50_000


class _LRU(OrderedDict):
    def get_or(self, key, make):
        try:
            self.move_to_end(key)
            return self[key]
        except KeyError:
            value = make()
            self[key] = value
            if len(self) > _CACHE_SIZE:
                self.popitem(last=False)
            return value


_SEARCH = _LRU()
_SPENDS = _LRU()


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


def _search(src: int, targets: tuple[int, ...], hand: Hand, legs: int) -> dict[int, dict]:
    """Per target: {signature: example path}, signatures in the order first found."""
    w = world()
    adj = w.all
    dmin = _nearest(targets)
    tset = set(targets)
    found: dict[int, dict] = {t: {} for t in targets}
    if not targets or legs <= 0:
        return found
    wild = hand[WILD]
    cap = list(hand)
    cap[WHITE] = 1 << 30  # a white leg never needs a wild
    visited = bytearray(w.n)
    visited[src] = 1
    need = [0, 0, 0, 0, 0, 0]
    path = [src]

    def dfs(u: int, left: int, short: int) -> None:
        after = left - 1
        for v, k in adj[u]:
            if visited[v] or dmin[v] > after:
                continue
            n = need[k] + 1
            s = short + 1 if n > cap[k] else short  # the wilds must cover the shortfall
            if s > wild:
                continue
            need[k] = n
            visited[v] = 1
            path.append(v)
            if v in tset:
                sig = tuple(need)
                bucket = found[v]
                if sig not in bucket:
                    bucket[sig] = tuple(path)
            if after:
                dfs(v, after, s)
            path.pop()
            visited[v] = 0
            need[k] = n - 1

    dfs(src, legs, 0)
    return found


_NEAREST = _LRU()


def _nearest(targets: tuple[int, ...]) -> list[int]:
    """Per place: the fewest tracks (flights included) to the closest of ``targets``."""

    def make():
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
        return tuple(sorted({tuple(fixed[i] + extra[i] if i < 5 else extra[i] for i in range(6))
                             for extra in _multisets(rest, whites)}))

    def by_wilds(k: int, left_wild: int, used: list[int]) -> None:
        if k == 5:
            rest = [hand[i] - used[i] for i in range(6)]
            rest[WILD] = left_wild
            for extra in _multisets(rest, whites):
                spent = [used[i] + extra[i] for i in range(6)]
                spent[WILD] = (wild - left_wild) + extra[WILD]
                out.add(tuple(spent))  # type: ignore[arg-type]
            return
        n = fixed[k]
        lo = max(0, n - hand[k])
        for u in range(lo, min(n, left_wild) + 1):
            used[k] = n - u
            by_wilds(k + 1, left_wild - u, used)
        used[k] = 0

    by_wilds(0, wild, [0] * 6)
    return tuple(sorted(out))


def _multisets(avail: list[int], size: int):
    """Count vectors of ``size`` tickets drawn from ``avail`` (any types)."""
    if size == 0:
        yield (0,) * 6
        return
    if sum(avail) < size:
        return
    out = [0] * 6

    def rec(i: int, left: int):
        if i == 5:
            if left <= avail[5]:
                out[5] = left
                yield tuple(out)
            return
        for c in range(min(avail[i], left), -1, -1):
            out[i] = c
            yield from rec(i + 1, left - c)
        out[i] = 0

    yield from rec(0, size)


def _outcomes(src: int, targets: tuple[int, ...], hand: Hand, legs: int
              ) -> tuple[dict[int, dict], dict[int, dict]]:
    """Per target: {(spent, flights): signature}, and the search's {signature: path}."""

    def make():
        found = _search(src, targets, hand, legs)
        result: dict[int, dict] = {}
        for t, sigs in found.items():
            table: dict[Outcome, tuple[int, ...]] = {}
            for sig in sigs:
                for spent in _SPENDS.get_or((sig, hand), lambda s=sig: _spends(s, hand)):
                    table.setdefault((spent, sig[FLIGHT]), sig)
            result[t] = table
        return result, found

    return _SEARCH.get_or((src, targets, hand, legs), make)


# ---------------------------------------------------------------- public API


def options(source: str, targets: Sequence[str], hand: Sequence[int], max_legs: int,
            min_tickets: int = 1) -> dict[str, list[Outcome]]:
    """Every distinct way to pay a trip from ``source`` to each of ``targets``.

    Returns ``{destination: [(tickets spent as counts, long flights), ...]}`` sorted by the
    number of tickets, then by ticket type, then by flights.
    """
    w = world()
    hand_t: Hand = tuple(int(c) for c in hand)  # type: ignore[assignment]
    idx = tuple(w.index[t] for t in targets)
    legs = min(sum(hand_t), max_legs)
    table = _outcomes(w.index[source], idx, hand_t, legs)[0]
    out: dict[str, list[Outcome]] = {}
    for name, t in zip(targets, idx, strict=True):
        found = [o for o in table.get(t, {}) if sum(o[0]) >= min_tickets]
        found.sort(key=lambda o: (sum(o[0]), names(o[0]), o[1]))
        out[name] = found
    return out


def payment(source: str, to: str, spent: Sequence[int], flights: int, hand: Sequence[int],
            targets: Sequence[str], max_legs: int) -> Payment | None:
    """The example route for one outcome (``None`` if that outcome is not possible)."""
    w = world()
    hand_t: Hand = tuple(int(c) for c in hand)  # type: ignore[assignment]
    spent_t: Hand = tuple(int(c) for c in spent)  # type: ignore[assignment]
    idx = tuple(w.index[t] for t in targets)
    legs = min(sum(hand_t), max_legs)
    t = w.index[to]
    tables, found = _outcomes(w.index[source], idx, hand_t, legs)
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
    out = {}
    for to, opts in found.items():
        out[to] = [payment(source, to, spent, fl, hand, targets, max_legs) for spent, fl in opts]
    return out


def out_of_reach(source: str, to: str, hand: Sequence[int], max_legs: int,
                 min_tickets: int = 1) -> str:
    """Why no payment reaches ``to`` (plain words), or '' when one does."""
    w = world()
    total = sum(hand)
    if options(source, [to], hand, max_legs, min_tickets)[to]:
        return ""
    steps = w.dist_all[w.index[source]][w.index[to]]
    held = ", ".join(names(hand)) or "no tickets"
    if total == 0:
        return "you hold no tickets"
    if steps > min(total, max_legs):
        if steps > max_legs:
            return (f"{to} is {steps} tracks away from {source}, more than the {max_legs} "
                    f"tracks a trip may have")
        return f"{to} is at least {steps} tracks away from {source}, but you hold {total} " \
               f"ticket{'s' if total != 1 else ''} ({held})"
    if min_tickets > 1 and options(source, [to], hand, max_legs, 1)[to]:
        return f"every way to pay for {to} uses fewer than {min_tickets} tickets"
    path = _shortest_path(w.index[source], w.index[to])
    kinds = [LEGS[k] for k in leg_kinds(path)]
    return (f"no route of at most {min(total, max_legs)} tracks to {to} can be paid with "
            f"{held}; the shortest route needs {', '.join(kinds)} "
            f"({' → '.join(w.names[i] for i in path)})")


def _shortest_path(src: int, dst: int) -> list[int]:
    w = world()
    path = [src]
    u = src
    while u != dst:
        u = next(v for v, _ in w.all[u] if w.dist_all[dst][v] == w.dist_all[dst][u] - 1)
        path.append(u)
    return path


def loop_route(source: str, to: str, spent: Sequence[int], flights: int) -> tuple[str, ...] | None:
    """A route that would pay ``spent`` (exactly) to ``to`` with ``flights`` long flights if
    places could be passed twice — never a legal trip (``wanderlust.travel.no_repeat``); the
    rule check uses it to name the reason. Tracks and airports are still used at most once.
    ``None`` if there is none."""
    w = world()
    hand: Hand = tuple(int(c) for c in spent)  # type: ignore[assignment]
    total = sum(hand)
    goal = w.index[to]
    need = [0] * 6
    path = [w.index[source]]
    used: set[frozenset[int]] = set()
    seen = [0] * w.n
    seen[path[0]] = 1

    def feasible() -> bool:
        short = sum(max(0, need[k] - hand[k]) for k in range(5))
        return short <= hand[WILD]

    def dfs(u: int) -> bool:
        depth = len(path) - 1
        for v, k in w.all[u]:
            edge = frozenset((u, v))
            if edge in used or (w.kind[v] == "airport" and seen[v]):
                continue
            if w.dist_all[goal][v] > total - depth - 1:
                continue
            need[k] += 1
            if feasible() and need[FLIGHT] <= flights:
                used.add(edge)
                seen[v] += 1
                path.append(v)
                if depth + 1 == total:
                    if v == goal and need[FLIGHT] == flights and max(seen) > 1:
                        return True
                elif dfs(v):
                    return True
                path.pop()
                seen[v] -= 1
                used.discard(edge)
            need[k] -= 1
        return False

    if total == 0 or not dfs(path[0]):
        return None
    return tuple(w.names[i] for i in path)


def cache_info() -> dict[str, int]:
    return {"searches": len(_SEARCH), "spends": len(_SPENDS)}


def clear_cache() -> None:
    _SEARCH.clear()
    _SPENDS.clear()
    _NEAREST.clear()
