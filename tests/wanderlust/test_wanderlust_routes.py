"""The route planner against a brute-force reference, and its teaching summary."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from wanderlust_helpers import scenario, set_available, set_hand

from boardkit.wanderlust import routes, travel
from boardkit.wanderlust.actions import TakeTicket, Travel
from boardkit.wanderlust.content import LEGS, TICKETS, world

W = world()


def payable(leg: str, ticket: str) -> bool:
    """The printed rule, written out plainly (independent of the planner's arithmetic)."""
    if ticket == "wild":
        return True
    if leg == "white":
        return True
    if leg == "flight":
        return ticket == "airline"
    return leg == ticket


def airports_used_once(path) -> bool:
    """No airport is used on two visits: a visit (a place of the path) uses its airport when
    a long flight lands there or takes off from there (the reading of no_repeat)."""
    flight = [W.track(a, b) == "flight" for a, b in zip(path, path[1:], strict=False)]
    used = [p for i, p in enumerate(path)
            if (i > 0 and flight[i - 1]) or (i < len(flight) and flight[i])]
    return len(set(used)) == len(used)


def reference(source: str, targets, hand, max_legs: int) -> dict[str, set]:
    """Every (tickets spent, flights) over every route that uses no track twice and no
    airport on two visits, and every ticket per leg (the printed rule, by brute force)."""
    out = {t: set() for t in targets}
    left = list(hand)

    def walk(path, tracks, spent, flights, legs):
        u = W.index[path[-1]]
        for v, k in W.all[u]:
            track = frozenset((u, v))
            way = [*path, W.names[v]]
            if track in tracks or not airports_used_once(way):
                continue
            leg = LEGS[k]
            for i, ticket in enumerate(TICKETS):
                if left[i] == 0 or not payable(leg, ticket):
                    continue
                left[i] -= 1
                spent[i] += 1
                f = flights + (leg == "flight")
                if W.names[v] in out:
                    out[W.names[v]].add((tuple(spent), f))
                if legs + 1 < max_legs:
                    walk(way, tracks | {track}, spent, f, legs + 1)
                spent[i] -= 1
                left[i] += 1

    walk([source], frozenset(), [0] * 6, 0, 0)
    return out


def valid_route(pay) -> bool:
    """The example route really pays the tickets: one ticket per track, no track twice, no
    airport used on two visits, the flights counted."""
    hops = list(zip(pay.path, pay.path[1:], strict=False))
    tracks = [frozenset(h) for h in hops]
    return (len(hops) == len(pay.legs) and len(set(tracks)) == len(tracks)
            and airports_used_once(pay.path)
            and all(payable(W.track(a, b), tk) for (a, b), tk in zip(hops, pay.legs, strict=True))
            and sorted(pay.legs) == sorted(routes.names(routes.counts(pay.tickets)))
            and sum(1 for a, b in hops if W.track(a, b) == "flight") == pay.flights)


hands = st.lists(st.sampled_from(TICKETS), min_size=0, max_size=4)
places = st.sampled_from(sorted(W.destinations))


@settings(max_examples=40)
@given(source=places, targets=st.lists(places, min_size=1, max_size=3, unique=True),
       tickets=hands)
def test_planner_matches_brute_force(source, targets, tickets):
    targets = [t for t in targets if t != source] or ["Tokyo" if source != "Tokyo" else "Lima"]
    hand = routes.counts(tickets)
    got = routes.options(source, targets, hand, 8)
    want = reference(source, targets, hand, 8)
    for t in targets:
        assert set(got[t]) == want[t], t
        for spent, flights in got[t]:
            pay = routes.payment(source, t, spent, flights, hand, targets, 8)
            assert pay.path[0] == source and pay.path[-1] == t
            assert valid_route(pay)


@settings(max_examples=40)
@given(source=places, target=places, tickets=hands, flights=st.integers(0, 3))
def test_exact_check_matches_brute_force(source, target, tickets, flights):
    """routes.find (the legality check, no length bound) agrees with the brute force, and
    repeating_route names exactly the payments that need a track twice or an airport on two
    visits."""
    if target == source or not tickets:
        return
    spent = routes.counts(tickets)
    legal = (spent, flights) in reference(source, [target], spent, len(tickets))[target]
    pay = routes.find(source, target, spent, flights)
    assert (pay is not None) == legal
    if pay is not None:
        assert pay.path[0] == source and pay.path[-1] == target and valid_route(pay)
    again = routes.repeating_route(source, target, spent, flights)
    if legal:
        assert again is not None  # a legal route is also a route with repeats allowed
    elif again is not None:
        names = [x.split(" (")[0] for x in again]
        tracks = [frozenset(h) for h in zip(names, names[1:], strict=False)]
        assert len(set(tracks)) < len(tracks) or not airports_used_once(names)


@settings(max_examples=200)
@given(sig=st.lists(st.integers(0, 3), min_size=6, max_size=6).filter(lambda s: sum(s) > 0),
       hand=st.lists(st.integers(0, 9), min_size=6, max_size=6))
def test_ways_to_pay_are_remembered_per_usable_part_of_the_hand(sig, hand):
    """The remembered ways to pay a signature (cut to the part of the hand it can use) are
    the ways the whole hand gives: a hand with more of a type than the legs it may pay, or
    more wilds than legs, pays them in no other way."""
    sig, hand = tuple(sig), tuple(hand)
    assert routes._paying(sig, hand) == routes._spends(sig, hand)


@settings(max_examples=30)
@given(source=places, tickets=st.lists(st.sampled_from(TICKETS), min_size=1, max_size=6))
def test_the_listing_is_in_its_order_on_every_call(source, tickets):
    """Each destination's ways to pay come by number of tickets, then by ticket names, then
    flights, the first call and the remembered ones alike, and a caller's list is its own."""
    targets = [d for d in ("Tokyo", "Lima", "Cairo") if d != source]
    hand = routes.counts(tickets)
    first = routes.options(source, targets, hand, 8)
    for opts in first.values():
        assert opts == sorted(opts, key=lambda o: (sum(o[0]), routes.names(o[0]), o[1]))
        opts.clear()  # the caller's copy: the next call is whole again
    assert routes.options(source, targets, hand, 8) == \
        {t: sorted(reference(source, [t], hand, 8)[t],
                   key=lambda o: (sum(o[0]), routes.names(o[0]), o[1])) for t in targets}


def test_exact_check_beyond_the_listing_bound():
    nine = routes.counts(["wild"] * 9)
    pay = routes.find("Denver", "Anchorage", nine, 0)
    assert pay is not None and len(pay.legs) == 9 and valid_route(pay)
    assert routes.options("Denver", ["Anchorage"], nine, 8)["Anchorage"]  # listed up to 8
    assert all(sum(s) <= 8 for s, _ in routes.options("Denver", ["Anchorage"], nine, 8)["Anchorage"])
    # with 9 tickets the listing without a bound contains the nine-ticket trip too
    assert (nine, 0) in routes.options("Denver", ["Anchorage"], nine, 9)["Anchorage"]
    assert routes.find("Denver", "Anchorage", nine, 4) is None  # 4 flights: an airport twice


@settings(max_examples=20)
@given(source=places, tickets=st.lists(st.sampled_from(TICKETS), min_size=1, max_size=4),
       max_legs=st.integers(1, 3))
def test_planner_respects_the_trip_limit_and_minimum(source, tickets, max_legs):
    targets = [d for d in ("Tokyo", "Lima", "Cairo") if d != source]
    hand = routes.counts(tickets)
    for opts in routes.options(source, targets, hand, max_legs).values():
        assert all(sum(s) <= max_legs for s, _ in opts)
    for opts in routes.options(source, targets, hand, 8, min_tickets=3).values():
        assert all(sum(s) >= 3 for s, _ in opts)


def test_plan_summary_cheapest_most_experience_and_reasons():
    s = scenario("jackie")
    s.apply(TakeTicket(s.display.index("train")))
    plan = travel.plan(s)
    a = plan["Anchorage"]
    assert str(a["cheapest"]).startswith("Anchorage: car, train, ship")
    assert a["most_experience"].experience == 3 and a["flights"] == [0]
    assert plan["Tokyo"]["payments"] == []
    assert "at least" in plan["Tokyo"]["out_of_reach"]
    assert "Denver" in plan["Tokyo"]["out_of_reach"]


def test_out_of_reach_reasons():
    assert routes.out_of_reach("Denver", "Anchorage", (0,) * 6, 8) == "you hold no tickets"
    why = routes.out_of_reach("Denver", "Anchorage", routes.counts(["airline"] * 3), 8)
    assert "no route of at most 3 tracks" in why and "the shortest route needs" in why
    assert "more than the 2 tracks of a listed trip" in routes.out_of_reach(
        "Denver", "Anchorage", routes.counts(["wild"] * 3), 2)
    assert routes.out_of_reach("Denver", "Mexico City", routes.counts(["car"]), 8) == ""
    assert "fewer than 3" in routes.out_of_reach("Denver", "Mexico City",
                                                 routes.counts(["car", "car", "car"]), 8, 3)


def test_board_click_on_unreachable_destination_explains():
    s = scenario("jackie")
    err = s.explain(Travel("Tokyo"))
    assert not err and err.rule == "wanderlust.travel.route" and "out of reach" in err.message


def test_payments_are_cheap_to_list_for_six_tickets():
    s = scenario("scott")
    set_available(s, "Darvaza", "Tokyo", "Reykjavík")
    set_hand(s, 0, "car", "train", "ship", "airline", "wild", "wild")
    trips = [a for a in s.legal_actions() if isinstance(a, Travel)]
    assert Travel("Darvaza", ("car", "train", "ship", "airline", "wild", "wild"), 1) in trips
    assert len(trips) == len(set(trips))
