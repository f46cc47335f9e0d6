"""One test (or more) per rule id of data/wanderlust/rules.toml: the legal case and each
illegal case, asserting the rule id named by the error."""

from __future__ import annotations

import pickle

import pytest
from wanderlust_helpers import (
    end_turn,
    forced_game,
    move_to,
    new,
    notes,
    scenario,
    set_available,
    set_hand,
    tickets_total,
)

from boardkit.engine import SaveGameError
from boardkit.testing import assert_illegal
from boardkit.wanderlust import routes
from boardkit.wanderlust.actions import (
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
from boardkit.wanderlust.content import cards, world

W = world()


illegal = assert_illegal  # the shared helper of boardkit.testing


# ------------------------------------------------------------------ Game Setup


def test_setup_passports_are_distinct_and_forcing_a_taken_one_fails():
    s = new(players=5, seed=3)
    assert len(set(s.passport)) == 5 and set(s.passport) <= set(cards().passports)
    with pytest.raises(SaveGameError, match="not a passport"):
        forced_game(2, {0: ("trotter", "red"), 1: ("trotter", "red")})


def test_family_variant_passports_have_no_skill():
    s = new(players=2, seed=1, family=True)
    assert all(s.skill(p, cards().passports[s.passport[p]].skill) is None for p in range(2))


def test_setup_hometown_never_a_natural_wonder():
    s = forced_game(2, {2: ("hometown", "Grand Canyon")})
    assert s.cards[0][0] != "Grand Canyon" and W.dest_type(s.cards[0][0]) != "wonder"
    assert "Grand Canyon" in s.dest_deck or "Grand Canyon" in s.available
    assert any("Grand Canyon is set aside" in n for n in notes(s))
    for seed in range(30):
        g = new(players=5, seed=seed)
        assert all(W.dest_type(c[0]) in ("city", "port") for c in g.cards)
    with pytest.raises(SaveGameError, match="impossible"):
        forced_game(2, {2: ("hometown", "Atlantis")})


def test_setup_available_destinations_tickets_display():
    s = new(players=4, seed=2)
    assert len(s.available) == 3 and all(s.available)
    assert not set(s.available) & {c for cards_ in s.cards for c in cards_}
    assert all(sum(h) == 3 for h in s.hand)
    assert all(s.display) and len(s.display) == 5
    assert tickets_total(s) == 80


def test_setup_objectives_random_or_first_game():
    s = new(players=3, seed=5)
    assert len(set(s.objectives)) == 3
    f = new(players=3, seed=5, first_game=True)
    assert f.objectives == ["first-to-the-finish", "collector", "around-the-world"]
    plain = new(players=2, seed=0)
    index = next(e.index for e in plain.log if e.kind == "chance" and e.name == "objective")
    forced = forced_game(2, {index: ("objective", "travel-planner")})
    assert forced.objectives[0] == "travel-planner"
    with pytest.raises(SaveGameError, match="not a race objective"):
        forced_game(2, {index: ("objective", "nope")})


def test_setup_supply_never_runs_out():
    s = scenario("scott")
    s.passport_tokens[0] = [30, 20, 12]  # every printed token is in use
    s.apply(Souvenir())
    assert s.collectibles(0)[0] == 31


def test_setup_secret_cards_dealt_and_hidden():
    s = new(players=3, seed=4)
    assert all(m is not None for m in s.mission) and all(g is not None for g in s.goal)
    assert len(set(s.mission)) == 3 and len(set(s.goal)) == 3
    view = s.observation(0)["trotters"]
    assert view[0]["mission"] == s.mission[0] and view[1]["mission"] is None
    assert view[2]["goal"] is None
    for variant in ({"family": True}, {"automatons": 1}):
        g = new(players=1 if "automatons" in variant else 2, seed=4, **variant)
        assert all(m is None for m in g.mission) and all(x is None for x in g.goal)


def test_setup_first_player_is_seat_one():
    assert new(players=4, seed=9).current_player == 0


# ------------------------------------------------------------------ Turn Overview


def test_turn_two_points_same_action_twice():
    s = new(players=2, seed=1)
    s.apply(TakeBlind())
    assert s.current_player == 0 and s.step_points == 1
    s.apply(TakeBlind())
    assert s.current_player == 1 and s.step_points == 2


def test_turn_no_point_left_for_an_action():
    s = scenario("laura")
    s.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    s.apply(TakeBlind())
    assert s.step_points == 0
    illegal(s, TakeBlind(), "wanderlust.turn.points")


def test_turn_no_skip():
    s = new(players=2, seed=1)
    illegal(s, EndTurn(), "wanderlust.turn.no_skip")
    illegal(s, Pass(), "wanderlust.turn.no_skip")


def stuck_position():
    """P1 at a natural wonder with its photo taken, nothing to take anywhere, a useless hand."""
    s = new(players=2, seed=1)
    move_to(s, 0, "Uluru")
    s.tokens[0]["Uluru"] = [0, 0, 1]
    far = [d for d in ("Reykjavík", "Lima", "Dakar", "Havana", "Seoul", "Marrakesh")
           if d in s.dest_deck or d in s.available][:3]
    set_available(s, *far)
    set_hand(s, 0, "car")
    order = ("car", "train", "ship", "charter", "airline", "wild")
    rest = list(s.deck)
    s.deck = [0] * 6
    for i, t in enumerate(s.display):
        rest[order.index(t)] += 1
        s.display[i] = None
    s.hand[1] = [a + b for a, b in zip(s.hand[1], rest, strict=True)]
    return s


def test_turn_pass_only_when_nothing_is_possible():
    s = stuck_position()
    assert s.legal_actions() == [Pass()]
    s.apply(Pass())
    assert s.current_player == 1
    assert any("loses 2 action points" in n for n in notes(s))
    assert tickets_total(s) == 80


def test_turn_pass_without_points_is_refused():
    s = scenario("laura")
    s.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    s.apply(TakeBlind())
    illegal(s, Pass(), "wanderlust.turn.no_option")


def test_turn_order_clockwise_and_automatons_after_you():
    s = new(players=3, seed=2)
    for expected in (0, 0, 1, 1, 2, 2, 0):
        assert s.current_player == expected
        s.apply(TakeBlind())
        end_turn(s)
    solo = new(players=1, seed=2, automatons=2)
    solo.apply(TakeBlind())
    solo.apply(TakeBlind())
    text = notes(solo)
    assert any(t.startswith("A1") and "turn" in t for t in text)
    assert any(t.startswith("A2") and "turn" in t for t in text)
    assert solo.current_player == 0 and solo.round == 2


# ------------------------------------------------------------------ 1. Acquire a Ticket


def test_tickets_display_refill_and_bad_slots():
    s = new(players=2, seed=1)
    shown = s.display[2]
    s.apply(TakeTicket(2))
    assert s.hand[0][("car", "train", "ship", "charter", "airline", "wild").index(shown)] >= 1
    assert all(s.display)
    assert s.known[0] != [0] * 6, "everyone saw which ticket was taken"
    illegal(s, TakeTicket(7), "wanderlust.tickets.display")
    s.display[1] = None
    illegal(s, TakeTicket(1), "wanderlust.tickets.display")


def test_tickets_blind_and_nothing_left():
    s = stuck_position()
    illegal(s, TakeBlind(), "wanderlust.tickets.blind")
    t = new(players=2, seed=1)
    t.apply(TakeBlind())
    assert sum(t.hand[0]) == 4


def test_tickets_reshuffle_discard_when_the_pile_is_empty():
    s = new(players=2, seed=1)
    s.discard = list(s.deck)
    s.deck = [0] * 6
    size = sum(s.discard)
    s.apply(TakeBlind())
    assert sum(s.discard) == 0 and sum(s.deck) == size - 1
    assert any("shuffled into a new pile" in n for n in notes(s))


def test_tickets_reset_with_two_types_at_any_time():
    s = new(players=2, seed=1)
    s.display = ["car", "car", "ship", "ship", "car"]
    assert ResetDisplay() in s.legal_actions()
    s.apply(ResetDisplay())
    assert all(s.display) and s.step_points == 2, "a reset costs no action point"
    assert tickets_total(s) == 80
    s.display = ["car", "car", "car", "car", "car"]  # one type: fewer than two
    s.apply(ResetDisplay())  # again in the same turn: the rulebook sets no limit
    assert s.pending.resets == 2 and tickets_total(s) == 80
    t = new(players=2, seed=1)
    t.display = ["car", "train", "ship", "car", "car"]
    illegal(t, ResetDisplay(), "wanderlust.tickets.reset")


def test_tickets_reset_limit_parameter():
    s = new(players=2, seed=1)
    s.params = s.game.make_params({"tickets.resets_per_turn": 1})
    s.display = ["car", "car", "ship", "ship", "car"]
    s.apply(ResetDisplay())
    s.display = ["car", "car", "car", "car", "car"]
    err = illegal(s, ResetDisplay(), "wanderlust.tickets.reset")
    assert "resets_per_turn = 1" in err.message


# ------------------------------------------------------------------ 2. Travel


def denver(*hand, available=("Bogotá", "Tokyo", "Anchorage"), **variant):
    s = scenario("jackie", **variant)
    set_hand(s, 0, *hand)
    set_available(s, *available)
    return s


def test_travel_only_to_an_available_destination():
    s = denver("car", "train", "ship")
    s.apply(Travel("Anchorage", ("car", "train", "ship")))
    s2 = denver("car", "train", "ship")
    illegal(s2, Travel("Los Angeles", ("car", "train")), "wanderlust.travel.available")
    illegal(s2, Travel("Kabul", ("airline",), 1), "wanderlust.travel.available")


def test_travel_tickets_from_the_hand():
    s = denver("car", "train", "ship")
    illegal(s, Travel("Anchorage", ("car", "train", "wild")), "wanderlust.travel.hand")
    illegal(s, Travel("Anchorage", ("car", "train", "boat")), "wanderlust.travel.hand")


def test_travel_route_types_white_wild_airline():
    # a wild pays any track
    s = denver("wild", "train", "ship")
    assert Travel("Anchorage", ("train", "ship", "wild")) in s.legal_actions()
    # an airline ticket does not pay a car track ...
    s = denver("airline", "train", "ship")
    err = illegal(s, Travel("Anchorage", ("train", "ship", "airline")), "wanderlust.travel.route")
    assert "out of reach" in err.message
    # ... but pays a white track (the Auto stop) and any long flight
    s = denver("car", "airline", "train", available=("Bogotá", "Tokyo", "Anchorage"))
    assert Travel("Bogotá", ("car", "train", "airline")) in s.legal_actions()
    # the right number of tickets but the wrong types
    s = denver("car", "train", "ship", "ship")
    err = illegal(s, Travel("Anchorage", ("car", "ship", "ship")), "wanderlust.travel.route")
    assert "ways to pay include" in err.message
    err = illegal(s, Travel("Anchorage", ("car", "train", "ship"), -1), "wanderlust.travel.route")
    assert "Travel.flights" in err.message and "0..99" in err.message
    for bad in ("one", 1.5):  # not a number of flights at all: the action's format
        err = illegal(s, Travel("Anchorage", ("car", "train", "ship"), bad), "engine.action_format")
        assert "Travel.flights: expected an integer" in err.message


def test_travel_no_repeat_track():
    # Denver -car- Mexico City is the only car track out of Denver: three car tickets reach
    # Mexico City only by using that track three times
    s = denver("car", "car", "car", available=("Mexico City", "Tokyo", "Reykjavík"))
    assert Travel("Mexico City", ("car",)) in s.legal_actions()
    err = illegal(s, Travel("Mexico City", ("car", "car", "car")), "wanderlust.travel.no_repeat")
    assert "track or an airport twice" in err.message and "Denver → Mexico City" in err.message
    s.apply(Travel("Mexico City", ("car",)))


def test_travel_no_repeat_airport():
    # from Cairo: car to N'Djamena airport, fly to Beijing, to Brasília, back to N'Djamena
    # (three different flights, but N'Djamena airport twice), car to Dakar
    s = scenario("scott")
    set_available(s, "Dakar", "Tokyo", "Reykjavík")
    set_hand(s, 0, "car", "car", "airline", "airline", "airline")
    trip = Travel("Dakar", ("car", "car", "airline", "airline", "airline"), flights=3)
    err = illegal(s, trip, "wanderlust.travel.no_repeat")
    assert "N'Djamena" in err.message
    assert routes.repeating_route("Cairo", "Dakar", routes.counts(trip.tickets), 3) is not None
    # the same tickets with one flight fewer are a legal trip (no airport twice)
    ok = [a for a in s.legal_actions() if isinstance(a, Travel) and a.to == "Dakar"]
    assert ok and all(a.flights < 3 for a in ok)


def test_travel_may_pass_an_airport_twice_by_land():
    # reading of wanderlust.travel.no_repeat: an airport is used by flying from or to it, so
    # a trip may pass through Chicago by land twice: Denver → Chicago → Niagara Falls →
    # New York → Chicago → Vancouver (five land tracks, no flight)
    s = denver("car", "car", "train", "train", "train",
               available=("Vancouver", "Tokyo", "Reykjavík"))
    trip = Travel("Vancouver", ("car", "car", "train", "train", "train"))
    assert trip in s.legal_actions() and s.explain(trip).legal
    pay = routes.find("Denver", "Vancouver", routes.counts(trip.tickets), 0)
    assert pay.path.count("Chicago") == 2 and "airline" not in pay.legs
    s.apply(trip)
    assert s.loc[0] == "Vancouver" and s.exp[0] == 5 and s.enc_gained[0] == 0


def test_travel_may_fly_from_an_airport_it_passed_by_land():
    # Chicago passed by land, then used once: the trip flies from it on its second visit
    tickets = ("car", "car", "train", "train", "train", "airline", "car")
    pay = routes.find("Vancouver", "Paris", routes.counts(tickets), 1)
    assert pay is not None and pay.path.count("Chicago") == 2
    at = pay.path.index("Chicago", 2)
    assert pay.legs[at] == "airline" and "airline" not in pay.legs[:at]


def test_travel_may_fly_through_an_airport():
    # landing at an airport and taking off again at once is one use of it: Kabul → Beijing
    # → Frankfurt by air, then the train to Paris
    pay = routes.find("Kabul", "Paris", routes.counts(("airline", "airline", "train")), 2)
    assert pay is not None and pay.path == ("Kabul", "Beijing", "Frankfurt", "Paris")


def test_travel_may_pass_a_city_twice_by_different_tracks():
    # reading of wanderlust.travel.no_repeat: only tracks and airports are never used twice
    s = scenario("jackie")
    move_to(s, 0, "Los Angeles")
    set_available(s, "Mexico City", "Tokyo", "Reykjavík")
    set_hand(s, 0, "car", "train", "train", "ship")
    trip = Travel("Mexico City", ("car", "train", "train", "ship"))
    assert trip in s.legal_actions()
    pay = routes.find("Los Angeles", "Mexico City", routes.counts(trip.tickets), 0)
    assert pay.path.count("Los Angeles") == 2  # LA → Anchorage → Vancouver → LA → Mexico City
    tracks = [frozenset(h) for h in zip(pay.path, pay.path[1:], strict=False)]
    assert len(set(tracks)) == len(tracks)
    s.apply(trip)
    assert s.loc[0] == "Mexico City" and s.exp[0] == 4


def test_travel_encounters_one_per_flight_not_for_white_tracks():
    s = scenario("laura")
    s.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    assert s.enc_gained[0] == 1  # two airline tickets, one of them on a white track
    t = denver("car", "airline", "train", available=("Bogotá", "Tokyo", "Anchorage"))
    t.apply(Travel("Bogotá", ("car", "train", "airline")))
    assert t.enc_gained[0] == 0 and t.exp[0] == 3


def test_travel_experience_not_for_wild_tickets():
    s = denver("wild", "train", "ship")
    s.apply(Travel("Anchorage", ("train", "ship", "wild")))
    assert s.exp[0] == 2


def test_travel_cleanup_discard_card_refill_in_place():
    s = denver("car", "train", "ship")
    s.apply(Travel("Anchorage", ("car", "train", "ship")))
    assert s.available[0] == "Bogotá" and s.available[1] == "Tokyo" and s.available[2]
    assert s.cards[0][-1] == "Anchorage" and s.tokens[0]["Anchorage"] == [0, 0, 0]
    assert sum(s.discard) == 3


def test_travel_has_no_length_limit():
    # nine wild tickets: Denver to Anchorage over nine tracks is legal, although
    # legal_actions() lists trips of at most travel.list_legs (8) tickets
    s = denver(*["wild"] * 9)
    trip = Travel("Anchorage", ("wild",) * 9)
    assert s.params.travel.list_legs == 8
    assert trip not in s.legal_actions()
    assert all(len(a.tickets) <= 8 for a in s.legal_actions() if isinstance(a, Travel))
    assert s.explain(trip)
    s.apply(trip)
    assert s.loc[0] == "Anchorage" and sum(s.hand[0]) == 0 and sum(s.discard) == 9
    assert s.exp[0] == 0  # wild tickets give no experience
    # a trip longer than a smaller listing bound is accepted just the same
    t = scenario("scott")
    t.params = t.game.make_params({"travel.list_legs": 5})
    trip = Travel("Darvaza", ("car", "train", "ship", "airline", "wild", "wild"), flights=1)
    assert trip not in t.legal_actions()
    t.apply(trip)
    assert t.loc[0] == "Darvaza"


def test_travel_listing_bound_is_not_a_rule():
    from boardkit.engine.rules import catalog

    entry = catalog("wanderlust")["wanderlust.travel.listing"]
    assert not entry.enforced and "travel.list_legs" in entry.text
    assert "wanderlust.travel.max_legs" not in catalog("wanderlust")


# ------------------------------------------------------------------ 3. Gain Collectibles


def test_collect_only_where_the_trotter_stands():
    s = scenario("scott")  # Cairo is a city
    illegal(s, Photo(), "wanderlust.collect.where")
    illegal(s, Postcard("car"), "wanderlust.collect.where")


def test_collect_souvenir_at_most_three_per_city():
    s = scenario("scott")
    s.tokens[0]["Cairo"] = [2, 0, 0]
    s.apply(Souvenir())
    illegal(s, Souvenir(), "wanderlust.collect.souvenir")


def test_collect_postcard_costs_a_ticket_one_per_port():
    s = denver("car", "train", "ship")
    s.apply(Travel("Anchorage", ("car", "train", "ship")))
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    assert s.current_player == 0 and s.loc[0] == "Anchorage"
    set_hand(s, 0, "ship", "train")
    illegal(s, Postcard(None), "wanderlust.collect.postcard")
    illegal(s, Postcard("car"), "wanderlust.collect.postcard")
    s.apply(Postcard("ship"))
    assert s.tokens[0]["Anchorage"] == [0, 1, 0] and s.hand_names(0) == ("train",)
    illegal(s, Postcard("train"), "wanderlust.collect.postcard")


def test_collect_photo_two_points_one_per_wonder():
    s = scenario("scott")
    move_to(s, 0, "Petra")
    s.apply(Photo())
    assert s.tokens[0]["Petra"] == [0, 0, 1] and s.current_player == 1
    s.apply(TakeBlind())
    end_turn(s)
    s.apply(TakeBlind())
    end_turn(s)
    illegal(s, Photo(), "wanderlust.collect.photo")


# ------------------------------------------------------------------ Encounter cards


def test_encounter_deck_reshuffles_played_cards():
    s = scenario("laura")
    s.enc_discard = dict(s.enc_deck)
    s.enc_deck = dict.fromkeys(s.enc_deck, 0)
    s._forced.pop("encounter", None)
    s.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    assert s.enc_gained[0] == 1 and sum(s.enc_discard.values()) == 0
    t = scenario("laura")
    t.enc_deck = dict.fromkeys(t.enc_deck, 0)
    t._forced.pop("encounter", None)
    t.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    assert t.enc_gained[0] == 0 and any("none is left" in n for n in notes(t))


def test_encounter_one_per_turn_own_cards_only_also_after_the_last_point():
    s = scenario("laura")
    s.enc[0] = {"pen-pal": 1, "storyteller": 1}
    s.enc_deck["storyteller"] -= 1
    illegal(s, PlayEncounter("early-bird"), "wanderlust.encounter.play")
    illegal(s, PlayEncounter("nope"), "wanderlust.encounter.play")
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    assert s.step_points == 0 and PlayEncounter("storyteller") in s.legal_actions()
    s.apply(PlayEncounter("storyteller"))
    assert s.exp[0] == 2
    illegal(s, PlayEncounter("pen-pal"), "wanderlust.encounter.play")
    assert s.current_player == 1, "EndTurn was the only option left"


@pytest.mark.parametrize("card, check", [
    ("pen-pal", lambda s, b: s.passport_tokens[0] == [0, 1, 0]),
    ("street-vendor", lambda s, b: s.passport_tokens[0] == [1, 0, 0]),
    ("fellow-photographer", lambda s, b: s.passport_tokens[0] == [0, 0, 1]),
    ("generous-stranger", lambda s, b: sum(s.hand[0]) == sum(b.hand[0]) + 2),
    ("early-bird", lambda s, b: s.step_points == 3),
    ("storyteller", lambda s, b: s.exp[0] == 2),
])
def test_encounter_effects(card, check):
    s = scenario("laura")
    s.enc[0] = {card: 1}
    s.enc_deck[card] -= 1
    before = pickle.loads(pickle.dumps(s))
    s.apply(PlayEncounter(card))
    assert check(s, before)
    assert s.enc_discard[card] == 1


def test_encounter_travel_agent_takes_a_display_ticket_free():
    s = scenario("laura")
    s.enc[0] = {"travel-agent": 1}
    s.enc_deck["travel-agent"] -= 1
    s.apply(PlayEncounter("travel-agent"))
    assert type(s.pending).__name__ == "EncounterTicketStep"
    assert_illegal(s, TakeBlind(), "wanderlust.encounter.effects")
    s.apply(TakeTicket(4))
    assert s.step_points == 2 and sum(s.hand[0]) == 5 and all(s.display)


# ------------------------------------------------------------------ Race objectives


def test_objectives_shared_and_marked_at_once():
    s = scenario("scott")
    s.exp[1] = 25
    s.apply(Souvenir())
    assert s.achieved[1] == ["first-to-the-finish"] and s.achieved[0] == []
    s.exp[0] = 22
    s.apply(Souvenir())
    assert s.achieved[0] == ["first-to-the-finish"], "several trotters fulfil the same objective"


def test_objective_timing_is_kept_as_facts_for_the_simulations():
    import math

    from boardkit.wanderlust.content import cards

    s = scenario("scott")
    s.exp[1] = 25
    s.apply(Souvenir())
    now = float(s.round)
    mine, theirs = s.facts(0), s.facts(1)
    assert theirs["first_to_the_finish_round"] == now and math.isnan(mine["first_to_the_finish_round"])
    assert mine["first_to_the_finish_in_play"] == 1 and mine["first_to_the_finish_first"] == now
    assert mine["first_to_the_finish_by"] == 1 and mine["rounds"] == now
    absent = next(o for o in cards().objectives if o not in s.objectives).replace("-", "_")
    assert mine[f"{absent}_in_play"] == 0 and mine[f"{absent}_by"] == 0
    assert math.isnan(mine[f"{absent}_first"]) and math.isnan(mine[f"{absent}_round"])
    assert len(mine) == 1 + 4 * len(cards().objectives)  # the same keys in every game


def test_objectives_still_fulfilled_after_the_trigger():
    s = scenario("scott")
    s.apply(Souvenir())
    s.apply(Souvenir())
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    s.apply(Travel("Darvaza", ("car", "train", "ship", "airline", "wild", "wild"), flights=1))
    s.apply(TakeBlind())
    end_turn(s)
    assert s.trigger == 0 and s.current_player == 1
    s.exp[1] = 21  # Jackie crosses 20 in her last turn (checked when her turn ends)
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    end_turn(s)
    assert s.achieved[1] == ["first-to-the-finish"]
    assert any("after the end was triggered" in n for n in notes(s))
    s.passport_tokens[0] = [5, 2, 0]  # with the photo: 7 souvenirs, 3 postcards, 1 camera
    s.apply(Photo())
    end_turn(s)
    assert s.is_over and s.achieved[0] == ["first-to-the-finish", "around-the-world", "collector"]


@pytest.mark.parametrize("oid, setup, boundary", [
    ("first-to-the-finish", lambda s: s.exp.__setitem__(0, 20), lambda s: s.exp.__setitem__(0, 21)),
    ("collector", lambda s: s.passport_tokens.__setitem__(0, [7, 3, 0]),
     lambda s: s.passport_tokens.__setitem__(0, [7, 3, 1])),
    ("around-the-world", lambda s: None, lambda s: move_to(s, 0, "Tokyo")),
    ("travel-planner", lambda s: s.best_trip.__setitem__(0, 5),
     lambda s: s.best_trip.__setitem__(0, 6)),
    ("frequent-flyer", lambda s: s.enc_gained.__setitem__(0, 3),
     lambda s: s.enc_gained.__setitem__(0, 4)),
    ("city-hopper", lambda s: [move_to(s, 0, c) for c in ("Paris", "Rome", "Istanbul")],
     lambda s: move_to(s, 0, "Xi'an")),
])
def test_objective_targets_at_two_players(oid, setup, boundary):
    from boardkit.wanderlust import objectives

    s = scenario("scott")  # 2 players; Scott has 4 zones and 1 city (Cairo)
    obj = cards().objectives[oid]
    setup(s)
    assert not objectives.met(s, 0, obj)
    boundary(s)
    assert objectives.met(s, 0, obj)


# ------------------------------------------------------------------ Efficient Planning


def test_planning_bonus_only_with_an_empty_hand_at_the_end():
    s = denver("car", "train", "ship")
    s.apply(TakeBlind())
    s.apply(Travel("Anchorage", ("car", "train", "ship")))
    assert sum(s.hand[0]) == 1, "no bonus: a ticket is left"
    t = denver("car", "train", "ship")
    t.apply(Travel("Anchorage", ("car", "train", "ship")))
    assert sum(t.hand[0]) == 0 and t.current_player == 0, "not after the first action"
    t.apply(TakeTicket(0))
    assert sum(t.hand[0]) == 1


# ------------------------------------------------------------------ Game End


def _trigger_at_p2(params=None):
    """A 3-player race whose end P2 triggers in round 1; the seats that play after it."""
    s = new(players=3, seed=11)
    if params:
        s.params = s.game.make_params(params)
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    end_turn(s)  # P2 now
    s.exp[1] = 30
    s.passport_tokens[1] = [9, 9, 9]
    s.objectives = ["first-to-the-finish", "collector", "frequent-flyer"]
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    end_turn(s)
    assert s.trigger == 1, "checked at the end of P2's turn at the latest"
    order = []
    while not s.is_over:
        order.append(s.current_player)
        s.apply(TakeBlind())
        s.apply(TakeBlind())
        end_turn(s)
    return s, order


def test_end_trigger_everyone_one_more_turn_in_order():
    s, order = _trigger_at_p2()
    assert order == [2, 0, 1]  # P3's turn of round 1 is its last: a turn fewer than P1, P2
    assert s.round == 2


def test_end_trigger_house_rule_finishes_the_round_first():
    """end.finish_round (the other reading, as a house rule): P3 finishes round 1, then
    every trotter plays one last turn, so all three end with the same number of turns."""
    s, order = _trigger_at_p2({"end.finish_round": True})
    assert order == [2, 0, 1, 2]
    assert s.is_over and s.turns_left == 0


def test_end_round_limit():
    s = new(players=2, seed=1, )
    s.params = s.game.make_params({"end.max_rounds": 1})
    for _ in range(2):
        s.apply(TakeBlind())
        s.apply(TakeBlind())
        end_turn(s)
    assert s.is_over and any("safety limit" in n for n in notes(s))
    assert s.trigger is None and s.winners() == []  # the race never ended by its rules
    assert len(s.scores()) == 2  # the points still rank the players


@pytest.mark.parametrize(("finish_round", "owed"), [(False, [1, 0]), (True, [1, 0, 1])])
def test_end_round_limit_never_cuts_the_owed_last_turns(finish_round, owed):
    """Reading of wanderlust.end.round_limit: P1 triggers the end in round 2, the last round
    the limit allows; every owed last turn is still played (P1's in round 3), so the race
    ends by its rules and has its winner (issue 48: the limit used to cut P1's turn)."""
    s = new(players=2, seed=11)
    s.params = s.game.make_params({"end.max_rounds": 2, "end.finish_round": finish_round})
    for _ in range(2):  # round 1
        s.apply(TakeBlind())
        s.apply(TakeBlind())
        end_turn(s)
    assert s.round == 2 and s.current_player == 0
    s.exp[0] = 30
    s.passport_tokens[0] = [9, 9, 9]
    s.objectives = ["first-to-the-finish", "collector", "frequent-flyer"]
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    end_turn(s)
    assert s.trigger == 0
    order = []
    while not s.is_over:
        order.append(s.current_player)
        s.apply(TakeBlind())
        s.apply(TakeBlind())
        end_turn(s)
    assert order == owed and s.round == 3
    assert not any("safety limit" in n for n in notes(s))
    assert any("one more turn after the end was triggered" in n for n in notes(s))
    assert s.winners() == [0]


# ------------------------------------------------------------------ House Rule


def test_house_rule_at_least_three_tickets():
    s = denver("car", "train", "ship", available=("Mexico City", "Tokyo", "Anchorage"),
               house_rule=True)
    illegal(s, Travel("Mexico City", ("car",)), "wanderlust.house.min_tickets")
    assert all(len(a.tickets) >= 3 for a in s.legal_actions() if isinstance(a, Travel))
    s.apply(Travel("Anchorage", ("car", "train", "ship")))
    t = denver("car", "train", available=("Mexico City", "Tokyo", "Reykjavík"), house_rule=True)
    err = illegal(t, Travel("Mexico City", ("car",)), "wanderlust.house.min_tickets")
    assert "at least 3" in err.message


def test_setup_passports_can_be_chosen():
    s = new(players=2, seed=1, passports=("green", "red"))
    assert s.passport == ["green", "red"]
    solo = new(players=1, seed=1, automatons=1, passports=("yellow",))
    assert solo.passport[0] == "yellow" and solo.skill(0, "flight_experience") == 1
    from boardkit.engine import VariantError

    for bad in (("green",), ("green", "green"), ("green", "pink")):
        with pytest.raises(VariantError):
            new(players=2, seed=1, passports=bad)
