"""Final Scoring: every worked example of the rulebook's Final Scoring section, with its
printed numbers, on the prepared position of boardkit.wishland.positions; then the order of
the steps, the remaining Hotel and Entrepreneur rewards, and the winner."""

import pytest
from wishland_helpers import collect_until

from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland.actions import BonusCard, Collect
from boardkit.wishland.content import (
    CARDS,
    CONTENT,
    ENTREPRENEUR,
    HOTEL,
    MASCOT,
    RESTAURANT,
    RIDE,
    card_id,
)
from boardkit.wishland.final_scoring import (
    BonusCardStep,
    entertainment_counts,
)
from boardkit.wishland.positions import find, put_cards, rulebook_example_cards, start_of_turns

H = lambda n: card_id(HOTEL, n)  # noqa: E731
E = lambda n: card_id(ENTREPRENEUR, n)  # noqa: E731


def example(without=(), extra=()):
    """P1 holds the rulebook's example play area (minus the Hotels in ``without``)."""
    s = start_of_turns(2, seed=0)
    cards = rulebook_example_cards()
    cards["hotels"] = [h for h in cards["hotels"] if h not in {H(n) for n in without}]
    ticket = s.tickets[-1]  # a 3rd Ticket Office card: room for Hotel #8's Restaurant
    put_cards(s, 0, [ticket] + list(extra) + sum(cards.values(), []))
    return s


def final_scoring_now(s):
    """Jump to Final Scoring from any position (for the examples)."""
    s.flow.jump(s, "final_scoring")
    return s


def test_example_hotel_17_three_sets():
    s = example()
    assert [s.count[0][k] for k in range(5)] == [3, 5, 4, 4, 4]
    assert s.final_parts(0)["hotels"] == 3  # "they score 3 Victory Points from this card"
    put_cards(s, 0, [find(RIDE)[-1]])
    assert s.final_parts(0)["hotels"] == 4  # "If they had 4 sets, ... 4 Victory Points"


def test_example_mascot_cards():
    s = example(without=(10,))
    mascots = sorted(CARDS[c].symbol for c in s.tableau[0] if CARDS[c].kind == MASCOT)
    assert mascots == ["cotton candy", "hamburger", "top hat", "top hat"]
    others = [CARDS[c].symbol for c in s.tableau[0] if CARDS[c].kind != MASCOT]
    assert (others.count("cotton candy"), others.count("hamburger"), others.count("top hat")) == (3, 2, 2)
    assert s.final_parts(0)["mascots"] == 4  # 3 + 2 + 2x2 = 9, halved: 4


def test_example_hotel_10_counts_the_mascots_too():
    s = example()
    assert s.final_parts(0)["mascots"] == 7  # 9 + (1 + 1 + 2x2) = 15, halved: 7


def test_example_entertainment_symbols():
    s = example(without=(12,))
    assert entertainment_counts(s, 0) == (3, 0, 1)  # mask, magic wand, top hat (+1 duplicate)
    assert s.final_parts(0)["entertainment"] == 2  # 3 unique: 2 VP


def test_example_hotel_9_bonus_symbol():
    s = example(without=(12,), extra=[H(9)])
    assert s.final_parts(0)["entertainment"] == 3  # 4 unique: 3 VP


def test_example_five_mascots_bonus_symbol():
    s = example(without=(12,), extra=[H(9)])
    put_cards(s, 0, [find(MASCOT)[-1]])  # the 5th Mascot card
    assert s.count[0][MASCOT] == 5
    assert s.final_parts(0)["entertainment"] == 5  # 5 unique: 5 VP


def test_example_entrepreneur_8_doubles_the_mascot_symbol():
    s = example(without=(12,), extra=[H(9), E(8)])
    put_cards(s, 0, [find(MASCOT)[-1]])
    assert s.final_parts(0)["entertainment"] == 7  # 6 unique: 7 VP


def test_example_hotel_12_scores_the_duplicate():
    s = example(extra=[H(9), E(8)])
    put_cards(s, 0, [find(MASCOT)[-1]])
    assert s.final_parts(0)["entertainment"] == 7 + 1  # the second top hat: 1 VP


def test_example_happiness_with_entrepreneur_4():
    s = example(extra=[E(4)])
    assert s.count[0][RESTAURANT] == 5
    s.happiness[0] = 9
    assert s.final_parts(0)["happiness"] == 0  # 10 not reached
    s.happiness[0] = 10
    assert s.final_parts(0)["happiness"] == 2  # 5 Restaurants: 1 set, doubled by #4


def test_happiness_without_entrepreneur_4_one_point_per_colour():
    s = example()
    s.happiness[0] = 10
    assert s.final_parts(0)["happiness"] == 1
    put_cards(s, 0, [find(MASCOT)[-1]])
    assert s.final_parts(0)["happiness"] == 2  # 5 Restaurants and 5 Mascots


def test_example_visitors():
    s = example()
    s.visitors[0] = 10
    from boardkit.wishland.income import income_credits

    assert income_credits(s, 0) == 10  # 5 + 5 from 3 Restaurants
    assert s.final_parts(0)["visitors"] == 2


def test_example_visitors_with_entrepreneur_5():
    s = example(extra=[E(5)])
    s.visitors[0] = 10
    assert s.final_parts(0)["visitors"] == 4


def test_example_restaurant_penalties():
    s = example()
    assert s.final_parts(0)["restaurants"] == -2
    put_cards(s, 0, [H(14)])
    assert s.final_parts(0)["restaurants"] == 0  # Hotel #14 removes them


def test_example_hotel_8_buys_a_face_up_restaurant_first():
    s = example()
    face_up = [c for c in s.market[RESTAURANT] if c and not CARDS[c].immediate]
    cid = face_up[0]
    s.credits[0] = CARDS[cid].cost
    final_scoring_now(s)
    assert isinstance(s.pending, BonusCardStep) and s.current_player == 0
    assert BonusCard(None) in s.legal_actions()
    assert BonusCard(s.decks[RESTAURANT][0]) in s.legal_actions() or CARDS[
        s.decks[RESTAURANT][0]].cost > s.credits[0]
    assert_legal(s, BonusCard(cid))
    assert s.is_over and s.count[0][RESTAURANT] == 6 and s.credits[0] == 0
    penalties = sum(1 for c in s.tableau[0] if CARDS[c].kind == RESTAURANT and CARDS[c].final)
    assert s.final[0]["restaurants"] == -penalties
    assert s.scores()[0] == s.vp[0] + sum(s.final[0].values())


def test_hotel_8_illegal_choices():
    s = example()
    s.credits[0] = 0
    dear = next(c for c in s.decks[RESTAURANT] if CARDS[c].cost > 0)
    assert s.count[0][RESTAURANT] < s.card_limit(0)
    final_scoring_now(s)
    assert_illegal(s, BonusCard(dear), "wishland.purchase.credits")
    assert_illegal(s, BonusCard(s.tableau[0][-1]), "wishland.hotel.8")  # already in a play area
    assert_illegal(s, Collect(), "wishland.hotel.8")
    s.credits[0] = 99
    actor = next(c for c in s.decks[2] if c)
    s.count[0][0] = 0  # no Rides: Card Limit = Ticket Office cards
    if s.count[0][2] >= s.card_limit(0):
        assert_illegal(s, BonusCard(actor), "wishland.card_limit")
    assert_legal(s, BonusCard(None))
    assert s.is_over


# ------------------------------------------------------------------ other Final Scoring rewards


def bare():
    return start_of_turns(2, seed=0)


def test_hotel_5_ticket_table():
    s = bare()
    put_cards(s, 0, [H(5)])
    assert s.final_parts(0)["hotels"] == 0  # 1 Ticket Office card
    put_cards(s, 0, [H(4)])  # 2 more
    assert s.final_parts(0)["hotels"] == 3  # 3 Ticket Office cards


def test_hotel_6_milestones():
    s = bare()
    put_cards(s, 0, [H(6)])
    assert s.vp[0] == 1 and s.final_parts(0)["hotels"] == 0
    s.happiness[0] = s.visitors[0] = 10
    s.reserve[0] = 0
    assert s.final_parts(0)["hotels"] == 3


def test_hotel_7_three_symbols_of_a_colour():
    s = bare()
    put_cards(s, 0, [H(7)] + [find(RESTAURANT, symbol=x)[0] for x in ("drink", "hamburger")])
    assert s.final_parts(0)["hotels"] == 0
    put_cards(s, 0, [find(RESTAURANT, symbol="cotton candy")[0]])
    assert s.final_parts(0)["hotels"] == 1


def test_hotel_11_symbol_table():
    s = bare()
    put_cards(s, 0, [H(11)] + find(RESTAURANT)[:5])
    assert sum(s.symbols[0].values()) == 6 and s.final_parts(0)["hotels"] == 1


def test_entrepreneur_10_and_11_final():
    s = bare()
    put_cards(s, 0, [E(11)] + find(RESTAURANT, symbol="drink")[:3] + find(MASCOT, symbol="drink"))
    assert s.final_parts(0)["entrepreneur"] == 3  # Mascots do not count without Hotel #10
    put_cards(s, 0, [H(10)])
    assert s.final_parts(0)["entrepreneur"] == 5
    s2 = bare()
    put_cards(s2, 0, [E(10)] + [find(MASCOT, symbol=x)[0] for x in CONTENT.category_symbols])
    assert s2.final_parts(0)["entrepreneur"] == 2


# ------------------------------------------------------------------ the winner


def finished(players=2, seed=0):
    s = start_of_turns(players, seed=seed)
    collect_until(s, lambda s: s.is_over)
    return s


def test_game_ends_after_round_7_with_final_scoring():
    s = finished()
    assert s.round == 7 and s.is_over and s.final is not None
    assert "Final Scoring" in s.log.text()
    assert sum(s.score_breakdown(0).values()) == s.scores()[0]
    fresh = start_of_turns(3, seed=1)
    assert list(fresh.score_breakdown(2)) == list(s.score_breakdown(0))  # same columns


def test_tie_goes_to_the_rightmost_turn_order_space():
    s = finished(3)
    s.vp = [10, 10, 4]
    s.final = [dict.fromkeys(s.final[0], 0) for _ in range(3)]
    s.space = [2, 5, 1]
    assert s.winners() == [1]
    s.space = [5, 2, 1]
    assert s.winners() == [0]
    s.vp = [3, 10, 4]
    assert s.winners() == [1]


@pytest.mark.parametrize("part", ["hotels", "mascots", "entertainment", "happiness",
                                  "visitors", "restaurants", "entrepreneur"])
def test_breakdown_names_every_step(part):
    s = finished()
    assert f"final: {part}" in s.score_breakdown(0)
