"""Rewards (immediate, ongoing, income choices), the tracks, the Worker Reserve, the Mascot
Card Bonuses, the Card Limit, and the Hotel/Entrepreneur cards that change them."""

import pytest

from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland.actions import ChooseReward, Collect, EndTurn, PlaceWorkers
from boardkit.wishland.content import (
    ACTOR,
    CARDS,
    ENTREPRENEUR,
    HOTEL,
    MASCOT,
    RESTAURANT,
    RIDE,
    TICKET,
    card_id,
)
from boardkit.wishland.positions import find, put_cards
from boardkit.wishland.rewards import SOURCE, ChoiceStep, give
from boardkit.wishland.tracks import SOURCES, add_vp, advance, gain_workers

H = lambda n: card_id(HOTEL, n)  # noqa: E731
E = lambda n: card_id(ENTREPRENEUR, n)  # noqa: E731


def buy(s, row, cid, credits=20):
    """P1 buys ``cid`` from slot 0 of ``row`` (market set up for the test)."""
    from boardkit.wishland.actions import ROW_OF_KIND

    s.market[CARDS[cid].kind][0] = cid
    s.credits[0] = credits
    assert_legal(s, PlaceWorkers(ROW_OF_KIND[CARDS[cid].kind], 0))


# ------------------------------------------------------------------ tracks


@pytest.mark.parametrize("source", SOURCES)
def test_every_score_source_is_a_breakdown_column_in_every_game(two, source):
    """Points booked under any source keep the breakdown's keys: a source that only some
    players scored would leave the others' rows of a simulation table empty."""
    s = two
    keys = list(s.score_breakdown(0))
    add_vp(s, 0, 2, source)
    assert list(s.score_breakdown(0)) == keys == list(s.score_breakdown(1))
    assert s.score_breakdown(0)[source] == 2 and s.score_breakdown(1)[source] == 0
    assert sum(s.score_breakdown(0).values()) == s.vp[0]


def test_points_under_an_unknown_source_are_refused(two):
    assert set(SOURCE.values()) <= set(SOURCES)   # every card kind books under a source
    with pytest.raises(ValueError, match="not a score source"):
        add_vp(two, 0, 1, "lucky find")
    assert two.vp[0] == 0 and not two.vp_by[0]


def test_happiness_odd_spaces_score(two):
    s = two
    advance(s, 0, "happiness", 4)
    assert s.happiness[0] == 4 and s.vp[0] == 2 and s.vp_by[0] == {"happiness track": 2}


def test_visitors_odd_spaces_pay(two):
    s = two
    c = s.credits[0]
    advance(s, 0, "visitors", 3)
    assert s.visitors[0] == 3 and s.credits[0] == c + 4


def test_tracks_end_at_ten(two):
    s = two
    advance(s, 0, "happiness", 13)
    assert s.happiness[0] == 10 and s.vp[0] == 5
    assert "3 steps lost" in s.log.text(last=1)


def test_entrepreneurs_4_and_5_double_the_tracks(two):
    s = two
    put_cards(s, 0, [E(4)])
    put_cards(s, 1, [E(5)])
    c = s.credits[1]
    advance(s, 0, "happiness", 1)
    advance(s, 1, "visitors", 1)
    assert s.vp[0] == 2 and s.credits[1] == c + 4


def test_worker_reserve(two):
    s = two
    gain_workers(s, 0, 4)
    assert (s.workers[0], s.reserve[0]) == (8, 2)
    gain_workers(s, 0, 3)
    assert (s.workers[0], s.reserve[0]) == (10, 0)
    assert "1 Worker lost" in s.log.text(last=1)


# ------------------------------------------------------------------ choice rewards


def test_choice_reward_is_a_pending_choice(two):
    s = two
    assert_legal(s, PlaceWorkers("advertisement"))
    assert isinstance(s.pending, ChoiceStep) and s.current_player == 0
    assert s.legal_actions() == [ChooseReward("happiness"), ChooseReward("visitors"),
                                 ChooseReward("workers")]
    assert_illegal(s, Collect(), "wishland.reward.choice")
    assert_legal(s, ChooseReward("workers"))
    assert s.workers[0] == 5 and s.reserve[0] == 5


def test_hotel_15_turns_every_gain_into_a_choice(two):
    """The rulebook's example: 3 Workers taken as 1 Happiness and 2 Visitors."""
    s = two
    put_cards(s, 0, [H(15)])
    # Entrepreneur #9's gains: 2 Workers (a choice each), 3 Credits, 1 VP, 2 tickets
    give(s, 0, ("card", card_id(ENTREPRENEUR, 9), "income", 0), 1, "income")
    s.flow.advance(s)
    assert isinstance(s.pending, ChoiceStep) and s.pending.count == 2
    assert_legal(s, ChooseReward("happiness"))
    assert_legal(s, ChooseReward("visitors"))
    assert (s.happiness[0], s.visitors[0], s.workers[0]) == (1, 1, 4)
    assert s.count[0][TICKET] == 3


def test_hotel_3_gives_each_resource(two):
    s = two
    buy(s, "hotels", H(3))
    assert (s.happiness[0], s.visitors[0], s.workers[0]) == (1, 1, 5)


# ------------------------------------------------------------------ Mascot Card Bonuses


def mascots(n):
    return find(MASCOT)[:n]


def test_mascot_bonuses_first_to_fifth(two):
    s = two
    s.count[0][TICKET] = 10  # room under the Card Limit
    tickets = s.count[0][TICKET]
    put_cards(s, 0, mascots(1))
    assert s.count[0][TICKET] == tickets + 1
    put_cards(s, 0, mascots(2)[1:], resource="visitors")
    assert s.visitors[0] == 1
    c = s.credits[0]
    put_cards(s, 0, mascots(3)[2:])
    assert s.credits[0] == c + 2
    vp = s.vp[0]
    put_cards(s, 0, mascots(4)[3:])
    assert s.vp[0] == vp + 1 and s.vp_by[0]["mascot bonus"] == 1
    put_cards(s, 0, mascots(5)[4:])
    assert s.entertainment_bonus[0] == 1
    put_cards(s, 0, mascots(6)[5:])
    assert s.entertainment_bonus[0] == 1  # no bonus after the 5th


def test_entrepreneur_8_doubles_mascot_bonuses_and_discounts(two):
    s = two
    put_cards(s, 0, [E(8)])
    tickets = s.count[0][TICKET]
    put_cards(s, 0, mascots(1))
    assert s.count[0][TICKET] == tickets + 2
    m = mascots(2)[1]
    from boardkit.wishland.standard_actions import purchase_cost

    assert purchase_cost(s, 0, m) == CARDS[m].cost - 1


# ------------------------------------------------------------------ ongoing triggers


def test_hotel_14_extra_credit_for_restaurants(two):
    s = two
    put_cards(s, 0, [H(14)])
    cid = find(RESTAURANT, symbol="drink", income=1)[0]
    buy(s, "restaurants", cid, credits=CARDS[cid].cost)
    assert s.credits[0] == 1


def test_hotel_18_choice_for_actors(two):
    s = two
    put_cards(s, 0, [H(18)])
    cid = find(ACTOR, cost=2)[0]  # its own reward: 1 Happiness
    buy(s, "actors", cid)
    assert s.happiness[0] == 1
    assert isinstance(s.pending, ChoiceStep) and s.pending.source == "hotels"
    assert_legal(s, ChooseReward("visitors"))
    assert s.visitors[0] == 1 and s.current_player == 1


def test_hotel_21_scores_other_hotels(two):
    s = two
    put_cards(s, 0, [H(21)] + find(RIDE)[:1])
    assert s.vp[0] == 0  # not for itself (Ride #1 scores nothing)
    buy(s, "hotels", H(2))
    assert s.vp[0] == 1 and s.vp_by[0]["hotels"] == 1


def test_hotel_22_choice_for_expensive_cards(two):
    s = two
    put_cards(s, 0, [H(22)])
    cheap = find(RIDE, cost=4)[0]
    buy(s, "rides", cheap)
    assert s.current_player == 1  # cost 4: no choice


def test_hotel_22_printed_cost(two):
    s = two
    put_cards(s, 0, [H(22)])
    dear = find(RIDE, cost=5)[0]
    buy(s, "rides", dear)
    assert isinstance(s.pending, ChoiceStep) and s.pending.source == "hotels"


def test_entrepreneur_1_colour_milestones(two):
    s = two
    put_cards(s, 0, [E(1)])
    c = s.credits[0]
    rides = find(RIDE)[:5]
    put_cards(s, 0, rides[:1])
    assert s.credits[0] == c + 1  # 1st ride
    put_cards(s, 0, rides[1:3], resource="happiness")
    assert s.happiness[0] == 1  # 3rd ride: a choice
    vp = s.vp[0]
    put_cards(s, 0, rides[3:5])
    ride_vp = sum(e.n for r in rides[3:5] for e in CARDS[r].immediate)
    assert s.vp[0] == vp + ride_vp + 1  # 5th ride: 1 VP


def test_entrepreneur_2_first_and_fifth_card_discount(two):
    from boardkit.wishland.standard_actions import purchase_cost

    s = two
    put_cards(s, 0, [E(2)])
    ride = find(RIDE, cost=5)[0]
    assert purchase_cost(s, 0, ride) == 3
    put_cards(s, 0, find(RIDE)[:1])
    assert purchase_cost(s, 0, ride) == 5
    put_cards(s, 0, find(RIDE)[1:4])
    assert purchase_cost(s, 0, ride) == 3
    assert purchase_cost(s, 0, find(RESTAURANT, cost=0)[0]) == 0  # never below 0


@pytest.mark.parametrize("ent, kind, row", [(6, RESTAURANT, "restaurants"), (7, HOTEL, "hotels")])
def test_entrepreneurs_6_and_7(two, ent, kind, row):
    from boardkit.wishland.standard_actions import purchase_cost

    s = two
    put_cards(s, 0, [E(ent)])
    put_cards(s, 0, find(kind)[:1])  # at the Card Limit of 1 now
    cid = find(kind, cost=5)[0]
    assert purchase_cost(s, 0, cid) == 4
    buy(s, row, cid)  # over the Card Limit, allowed
    assert isinstance(s.pending, ChoiceStep)


def test_entrepreneur_10_new_symbol_credit(two):
    s = two
    put_cards(s, 0, [E(10)])
    c = s.credits[0]
    castles = find(RIDE, symbol="castle", cost=1)
    put_cards(s, 0, castles)
    ride_credit = c + 1
    assert s.credits[0] == ride_credit
    put_cards(s, 0, find(RIDE, symbol="castle")[1:2])
    assert s.credits[0] == ride_credit  # not new any more
    put_cards(s, 0, find(MASCOT, symbol="vase")[:1])
    assert s.credits[0] == ride_credit  # Mascots only with Hotel #10


# ------------------------------------------------------------------ Card Limit


def test_card_limit(two):
    s = two
    put_cards(s, 0, find(ACTOR)[:1])
    cid = find(ACTOR, cost=2)[1]
    s.market[ACTOR][0] = cid
    s.credits[0] = 10
    err = assert_illegal(s, PlaceWorkers("actors", 0), "wishland.card_limit")
    assert "Card Limit of 1" in err.message
    put_cards(s, 0, find(RIDE)[:1])  # a Ride raises the limit to 2
    assert s.card_limit(0) == 2
    assert_legal(s, PlaceWorkers("actors", 0))


def test_rides_and_tickets_are_never_limited(two):
    s = two
    put_cards(s, 0, find(RIDE)[:5])
    assert s.count[0][RIDE] == 5 and s.card_limit(0) == 6


def test_hotel_24_ignores_every_limit(two):
    s = two
    put_cards(s, 0, [H(24)] + find(ACTOR)[:1])
    assert s.count[0][HOTEL] == 1 and s.card_limit(0) == 1
    buy(s, "actors", find(ACTOR, cost=2)[1])
    assert s.count[0][ACTOR] == 2


def test_ticket_supply_runs_out(two):
    s = two
    s.tickets = s.tickets[:1]
    buy(s, "hotels", H(4))  # 2 Ticket Office cards, 1 left
    assert s.count[0][TICKET] == 2 and s.tickets == []
    assert "no Ticket Office card is left" in s.log.text()


def test_hotels_1_and_2_immediate(two):
    s = two
    s.count[0][RIDE] = 0
    put_cards(s, 0, find(RIDE)[:1])  # room for two Hotels
    buy(s, "hotels", H(1))
    assert s.vp[0] == 6 and s.vp_by[0]["hotels"] == 6
    s.apply(Collect())
    buy(s, "hotels", H(2), credits=2)
    assert s.credits[0] == 3


def test_entrepreneur_12_income_choice_and_point():
    from boardkit.wishland.actions import ChooseTurnSpace
    from boardkit.wishland.positions import start_of_turns

    s = start_of_turns(2, seed=0)
    put_cards(s, 0, [E(12)] + find(RESTAURANT, symbol="drink")[:6], resource="happiness")
    s.credits = [0, 0]
    vp = s.vp[0]
    while s.round == 1:  # (P1 could claim board-7 with 6 Restaurants: they do not)
        s.apply(Collect() if Collect() in s.legal_actions() else EndTurn())
    s.apply(ChooseTurnSpace(1))  # P2 first
    s.apply(ChooseTurnSpace(2))  # P1: 1 Credit
    # P2's income, then P1's: 5 + Restaurants + 1 (2+), a choice (4+) and 1 VP (6+)
    assert isinstance(s.pending, ChoiceStep) and s.current_player == 0
    assert s.pending.source == "income"
    assert_legal(s, ChooseReward("workers"))
    assert s.vp[0] == vp + 1 and s.vp_by[0]["income"] == 1
    income = sum(e.n for c in s.tableau[0] for e in CARDS[c].income if e.effect == "credits")
    assert s.credits[0] == 1 + 5 + income + 1
