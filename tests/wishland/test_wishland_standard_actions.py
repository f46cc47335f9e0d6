"""Gameplay — Actions: place, purchase and play; collect; one action per turn; the Worker
Reserve ability; Hotels #13, #16 and #19."""

from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland.actions import (
    ChooseReward,
    ClaimAchievement,
    Collect,
    CollectForFree,
    EndTurn,
    PayForVictoryPoint,
    PayToCollect,
    PlaceWorkers,
    SoloDraw,
)
from boardkit.wishland.content import ACTOR, CARDS, HOTEL, RESTAURANT, RIDE, card_id
from boardkit.wishland.positions import put_cards
from boardkit.wishland.turns import FreeCollectStep, TurnStep

RIDE_1 = card_id(RIDE, 1)  # cost 1, ferris wheel, no VP
RIDE_9 = card_id(RIDE, 9)  # cost 3, castle, 2 VP


def test_purchase_pays_plays_and_takes_the_immediate_reward(two):
    s = two
    s.market[RIDE][1] = RIDE_9
    s.credits[0] = 5
    assert_legal(s, PlaceWorkers("rides", 1))
    assert s.credits[0] == 2 and s.tableau[0][-1] == RIDE_9
    assert s.vp[0] == 2 and s.vp_by[0] == {"rides": 2}
    assert s.market[RIDE][1] == 0  # the space stays empty for the round
    assert s.stacks[1] == [(0, 1)] and s.placed[0] == 1
    assert s.current_player == 1


def test_stack_rule_needs_one_more_worker_per_stack(two):
    """The rulebook's example: 2 stacks on the Actors space -> the next placement needs 3."""
    s = two
    s.stacks[3] = [(1, 1), (0, 2)]  # a green worker, two red ones (P1 is red here)
    s.placed = [2, 1]
    s.workers[0] = 5  # 3 free
    s.credits[0] = 10
    act = PlaceWorkers("actors", 1)
    assert_legal(s, act)
    assert s.stacks[3] == [(1, 1), (0, 2), (0, 3)] and s.placed[0] == 5


def test_not_enough_free_workers(two):
    s = two
    s.stacks[3] = [(1, 1), (1, 1)]
    s.placed = [2, 2]  # P1 has 2 free, needs 3
    s.credits[0] = 10
    err = assert_illegal(s, PlaceWorkers("actors", 1), "wishland.place.workers")
    assert "needs 3 Workers" in err.message and "has 2 free" in err.message
    assert PlaceWorkers("advertisement") in s.legal_actions()  # empty: 1 Worker is enough


def test_advertisement_needs_workers_too(two):
    s = two
    s.stacks[0] = [(1, 1), (1, 2), (1, 1), (1, 1)]
    assert_illegal(s, PlaceWorkers("advertisement"), "wishland.place.workers")


def test_advertisement_pays_a_credit_and_a_choice(two):
    s = two
    credits = s.credits[0]
    assert_legal(s, PlaceWorkers("advertisement"))
    assert s.credits[0] == credits + 1
    assert s.prompt().startswith("choose 1 Happiness")
    assert_legal(s, ChooseReward("visitors"))
    assert s.visitors[0] == 1 and s.credits[0] == credits + 3  # odd space: 2 Credits
    assert s.stacks[0] == [(0, 1)]


def test_advertisement_sells_no_card(two):
    assert_illegal(two, PlaceWorkers("advertisement", 0), "wishland.advertisement.reward")
    assert_illegal(two, PlaceWorkers("advertisement", None, 1), "wishland.advertisement.reward")


def test_cannot_buy_without_credits(two):
    s = two
    s.market[HOTEL][0] = card_id(HOTEL, 1)  # cost 8
    s.credits[0] = 7
    err = assert_illegal(s, PlaceWorkers("hotels", 0), "wishland.purchase.credits")
    assert "costs 8" in err.message


def test_empty_and_unknown_slots(two):
    s = two
    s.market[RIDE][0] = 0
    assert_illegal(s, PlaceWorkers("rides", 0), "wishland.end_of_round.no_refill")
    assert_illegal(s, PlaceWorkers("rides", 5), "wishland.purchase.card")
    assert_illegal(s, PlaceWorkers("rides", None), "wishland.purchase.card")


def test_collect_takes_back_every_stack(two):
    s = two
    s.stacks[0] = [(0, 1), (1, 1)]
    s.stacks[4] = [(0, 2)]
    s.placed = [3, 1]
    assert_legal(s, Collect())
    assert s.stacks[0] == [(1, 1)] and s.stacks[4] == [] and s.placed == [0, 1]


def test_collect_with_nothing_out_is_a_pass(two):
    s = two
    before = (list(s.credits), list(s.placed))
    assert_legal(s, Collect())
    assert (s.credits, s.placed) == (before[0], before[1]) and s.current_player == 1


def test_one_standard_action_per_turn(two):
    s = two
    s.happiness[0] = 7  # a claimable Achievement keeps the turn open after the action
    assert_illegal(s, EndTurn(), "wishland.action.one")  # the action first
    assert_legal(s, Collect())
    assert isinstance(s.pending, TurnStep) and s.pending.done and s.current_player == 0
    assert_illegal(s, Collect(), "wishland.action.one")
    assert_illegal(s, PlaceWorkers("advertisement"), "wishland.action.one")
    assert_legal(s, ClaimAchievement("board-1"))
    assert s.current_player == 1  # nothing else to do: the turn ended by itself


def test_solo_actions_are_refused_in_a_multiplayer_game(two):
    assert_illegal(two, SoloDraw(), "wishland.solo.only")


def test_four_turns_each_per_round():
    from boardkit.wishland.positions import start_of_turns

    s = start_of_turns(3, seed=1)
    seen = []
    while s.round == 1:
        if isinstance(s.pending, TurnStep):
            seen.append((s.turn, s.current_player))
            s.apply(Collect())
        else:
            s.apply(s.legal_actions()[0])
    assert seen == [(t, p) for t in (1, 2, 3, 4) for p in (0, 1, 2)]


# ------------------------------------------------------------------ Worker Reserve ability


def unlocked(s):
    s.workers[0] += s.reserve[0]
    s.reserve[0] = 0
    return s


def test_extra_workers_lower_the_cost_once_unlocked(two):
    s = unlocked(two)
    s.market[RIDE][0] = RIDE_9  # cost 3
    s.credits[0] = 0
    assert PlaceWorkers("rides", 0, 2) not in s.legal_actions()
    assert_legal(s, PlaceWorkers("rides", 0, 3))
    assert s.credits[0] == 0 and s.stacks[1] == [(0, 4)]  # 1 + 3 extra, one stack


def test_extra_workers_before_unlocking(two):
    s = two
    s.market[RIDE][0] = RIDE_9
    err = assert_illegal(s, PlaceWorkers("rides", 0, 1), "wishland.reserve.ability")
    assert "6 left on the Reserve" in err.message


def test_extra_workers_limits(two):
    s = unlocked(two)
    s.market[RIDE][0] = RIDE_1  # cost 1
    assert_illegal(s, PlaceWorkers("rides", 0, 2), "wishland.reserve.ability")  # below 0
    s.market[RIDE][0] = card_id(RIDE, 22)  # cost 8
    s.params = s.game.make_params({"reserve_extra_max": 2})
    assert_illegal(s, PlaceWorkers("rides", 0, 3), "wishland.reserve.ability")  # more than allowed
    s.placed[0] = s.workers[0] - 2  # 2 free: 1 needed + 1 extra at most
    s.credits[0] = 10
    assert_illegal(s, PlaceWorkers("rides", 0, 2), "wishland.place.workers")
    assert_legal(s, PlaceWorkers("rides", 0, 1))


# ------------------------------------------------------------------ Hotels #13, #16, #19


def hotel_13_after_advertising(s):
    """P1 owns Hotel #13, has a stack of 2 on the Actors space and advertises."""
    put_cards(s, 0, [card_id(HOTEL, 13)])
    s.stacks[3] = [(0, 2)]
    s.placed[0] = 2
    assert_legal(s, PlaceWorkers("advertisement"))
    assert_legal(s, ChooseReward("workers"))
    return s


def test_hotel_13_offers_a_free_collect_at_the_end_of_the_turn(two):
    s = hotel_13_after_advertising(two)
    assert isinstance(s.pending, FreeCollectStep) and s.current_player == 0
    assert set(s.legal_actions()) == {CollectForFree(True), CollectForFree(False)}
    assert_legal(s, CollectForFree(True))
    assert s.placed[0] == 0 and s.stacks[0] == [] and s.stacks[3] == []
    assert s.current_player == 1  # the turn is over; no action was spent on collecting
    assert "P1: collect all Workers for free (Hotel #13)" in s.log.text(last=2)


def test_hotel_13_owner_may_leave_the_workers(two):
    s = hotel_13_after_advertising(two)
    assert_legal(s, CollectForFree(False))
    assert s.placed[0] == 3 and s.stacks[0] == [(0, 1)] and s.stacks[3] == [(0, 2)]
    assert s.current_player == 1
    # the Workers left on the board keep the spaces dearer: P2 needs 2 on the Actors space
    s.credits[1] = 20
    s.placed[1] = s.workers[1] - 1
    assert_illegal(s, PlaceWorkers("actors", 0), "wishland.place.workers")


def test_hotel_13_choice_is_only_answered_by_collect_for_free(two):
    s = hotel_13_after_advertising(two)
    assert_illegal(s, Collect(), "wishland.hotel.13")
    assert_illegal(s, EndTurn(), "wishland.hotel.13")
    assert_illegal(s, PlaceWorkers("advertisement"), "wishland.hotel.13")


def test_hotel_13_comes_after_the_free_actions_of_the_turn(two):
    s = two
    s.happiness[0] = 7  # a claimable Achievement keeps the turn open after the action
    s = hotel_13_after_advertising(s)
    assert isinstance(s.pending, TurnStep) and s.pending.done
    assert_legal(s, ClaimAchievement("board-1"))
    assert isinstance(s.pending, FreeCollectStep)  # the end of the turn


def test_hotel_13_is_not_offered_without_advertising_or_workers_out(two):
    s = two
    put_cards(s, 0, [card_id(HOTEL, 13)])
    s.market[RIDE][0] = RIDE_1
    assert_legal(s, PlaceWorkers("rides", 0))
    assert s.placed[0] == 1 and s.current_player == 1  # a purchase: no offer
    assert_illegal(s, CollectForFree(True), "wishland.action.one")


def test_hotel_13_no_offer_after_hotel_16_took_everything_back(two):
    s = two
    put_cards(s, 0, [card_id(HOTEL, 13), card_id(HOTEL, 16)])
    s.credits[0] = 5
    assert_legal(s, PlaceWorkers("advertisement"))
    assert_legal(s, ChooseReward("workers"))
    assert_legal(s, PayToCollect())  # nothing is left on the board
    assert s.log[-1].kind == "auto" and s.log[-1].action == EndTurn()  # the only option
    assert s.current_player == 1 and s.placed[0] == 0


def test_hotel_13_in_solo_mode():
    from boardkit.wishland import GAME
    from boardkit.wishland.actions import ChooseTurnSpace, SoloAdvertise

    s = GAME.new_game(players=1, seed=0)
    assert_legal(s, ChooseTurnSpace(5))
    put_cards(s, 0, [card_id(HOTEL, 13)])
    assert_legal(s, SoloDraw())
    assert_legal(s, SoloAdvertise())
    assert_legal(s, ChooseReward("workers"))
    while not isinstance(s.pending, FreeCollectStep):  # free actions first, if any
        assert_legal(s, EndTurn())
    assert_legal(s, CollectForFree(True))
    assert s.placed[0] == 0 and s.turn == 2


def test_hotel_16_pay_to_collect_before_or_after_the_action(two):
    s = two
    put_cards(s, 0, [card_id(HOTEL, 16)])
    s.stacks[2] = [(0, 3)]
    s.placed[0] = 3
    s.credits[0] = 5
    assert_legal(s, PayToCollect())
    assert s.credits[0] == 2 and s.placed[0] == 0 and s.current_player == 0
    err = assert_illegal(s, PayToCollect(), "wishland.hotel.16")
    assert "once per turn" in err.message
    assert_legal(s, PlaceWorkers("advertisement"))


def test_hotel_16_illegal_cases(two):
    s = two
    assert_illegal(s, PayToCollect(), "wishland.hotel.16")  # no Hotel #16
    put_cards(s, 0, [card_id(HOTEL, 16)])
    assert_illegal(s, PayToCollect(), "wishland.hotel.16")  # no Workers out
    s.stacks[2] = [(0, 1)]
    s.placed[0] = 1
    s.credits[0] = 2
    assert_illegal(s, PayToCollect(), "wishland.hotel.16")  # 3 Credits needed


def test_hotel_19_pay_two_for_a_victory_point(two):
    s = two
    put_cards(s, 0, [card_id(HOTEL, 19)])
    s.market[RIDE][0] = RIDE_1
    s.credits[0] = 5
    vp = s.vp[0]
    assert_legal(s, PlaceWorkers("rides", 0))
    assert s.prompt().startswith("pay 2 more Credits")
    assert_legal(s, PayForVictoryPoint(True))
    assert s.credits[0] == 2 and s.vp[0] == vp + 1 and s.vp_by[0]["hotels"] >= 1


def test_hotel_19_can_be_declined_and_needs_two_credits(two):
    s = two
    put_cards(s, 0, [card_id(HOTEL, 19)])
    s.market[RIDE][0] = RIDE_9
    s.credits[0] = 4  # 1 left after paying 3: no offer
    assert_legal(s, PlaceWorkers("rides", 0))
    assert s.current_player == 1 and s.credits[0] == 1


def test_hotel_19_not_for_itself(two):
    s = two
    s.market[HOTEL][0] = card_id(HOTEL, 19)
    s.credits[0] = 10
    assert_legal(s, PlaceWorkers("hotels", 0))
    assert s.current_player == 1  # no offer for buying Hotel #19 itself


def test_pay_for_vp_only_answers_the_offer(two):
    s = two
    put_cards(s, 0, [card_id(HOTEL, 19)])
    s.market[ACTOR][0] = card_id(ACTOR, 1)
    s.credits[0] = 9
    assert_legal(s, PlaceWorkers("actors", 0))
    assert_illegal(s, Collect(), "wishland.hotel.19")
    assert_legal(s, PayForVictoryPoint(False))


def test_restaurant_penalty_kind_pays_four_credits(two):
    s = two
    cid = next(c for c in (card_id(RESTAURANT, n) for n in range(1, 25)) if CARDS[c].final)
    s.market[RESTAURANT][0] = cid
    s.credits[0] = CARDS[cid].cost
    assert_legal(s, PlaceWorkers("restaurants", 0))
    assert s.credits[0] == 4
