"""Named positions (data/wishland/scenarios.toml): each is a valid position reached by play
(or a teacher's position given during the setup), a save of it replays exactly, and the
rule it was made for shows on it."""

import pytest
from wishland_helpers import collect_until

from boardkit.engine import DataError, RuleViolation, VariantError
from boardkit.engine.content import load
from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland import GAME, scenario
from boardkit.wishland.actions import (
    BonusCard,
    ChooseTurnSpace,
    ClaimAchievement,
    Collect,
    CollectForFree,
    EndTurn,
    PlaceWorkers,
)
from boardkit.wishland.content import CARDS, RESTAURANT
from boardkit.wishland.rewards import ChoiceStep
from boardkit.wishland.scenarios import ScenarioFile, describe, names, spec
from boardkit.wishland.standard_actions import workers_needed

NAMES = names()


def test_every_scenario_is_listed_and_described():
    assert {"stack-rule", "card-limit", "final-scoring", "hotel-8"} <= set(NAMES)
    for name in NAMES:
        assert spec(name).title in describe(name)
        assert ("teacher's position" in describe(name)) == spec(name).teacher


@pytest.mark.parametrize("name", NAMES)
def test_scenario_is_a_valid_position(name):
    s = scenario(name)
    acts = s.legal_actions()
    assert acts and not s.is_over
    for act in acts:
        assert s.explain(act).legal, (name, act)
    again = GAME.from_json(s.to_json(), allow_forced=True)
    assert again.to_json() == s.to_json() and again.log.text() == s.log.text()
    # the save replays without allow_forced too: its deal is forced by its variant
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_scenario_plays_on_to_the_end(name):
    s = scenario(name)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert len(s.scores()) == s.players


def test_the_deal_comes_first_and_the_rest_follows_the_seed():
    a, b = scenario("stack-rule", seed=0), scenario("stack-rule", seed=1)
    assert [CARDS[c].name for c in a.market[2] if c] == ["Actor #9", "Actor #10"]  # 2 bought
    assert a.market[2] == b.market[2] and a.decks[2] != b.decks[2]
    assert scenario("stack-rule", seed=1).to_json() == b.to_json()


def test_unknown_scenario_and_wrong_player_count_are_refused():
    with pytest.raises(VariantError, match="unknown scenario"):
        scenario("nope")
    with pytest.raises(VariantError, match="unknown scenario"):
        GAME.new_game(players=2, variant={"scenario": "nope"})
    with pytest.raises(VariantError, match="players=3"):
        GAME.new_game(players=2, variant={"scenario": "stack-rule"})


BAD = """game = "wishland"
provenance = "illustrative"
[scenario.x]
title = "xxxx"
section = "s"
text = "a position"
players = 2
"""


@pytest.mark.parametrize("extra, message", [
    ('cards = [["Hotel #8"]]', "teacher"),             # given cards: a teacher's position
    ("teacher = true", "teacher"),                     # ... and only those
    ('teacher = true\ncards = [["Hotel #99"]]', "Hotel #99"),
    ('deal = { rides = ["Hotel #8"] }', "deal.rides"),
    ('set = { vp = [3] }', "set"),
])
def test_a_malformed_scenario_names_the_field(tmp_path, extra, message):
    bad = tmp_path / "scenarios.toml"
    bad.write_text(BAD + extra + "\n")
    with pytest.raises(DataError, match=message):
        load(ScenarioFile, bad)
    bad.write_text(BAD)
    load(ScenarioFile, bad)  # without it the file is fine


def test_every_teacher_position_is_marked():
    for name in NAMES:
        s = spec(name)
        assert s.teacher == bool(s.cards or s.set), name


# ------------------------------------------------------------------ the walkthrough's rules
# (moved from notebooks/40-wishland.ipynb, where only the key results are checked)


def test_turn_order_space_taken():
    s = scenario("turn-order")
    assert s.current_player == 1 and s.credits[0] == 2   # P1: Visitors 1 is odd: 2 Credits
    assert_legal(s, ChooseTurnSpace(1))
    assert_illegal(s, ChooseTurnSpace(1), "wishland.turn_order.space")
    assert_illegal(s, ChooseTurnSpace(4), "wishland.turn_order.space")


def test_stack_rule_the_rulebooks_example():
    s = scenario("stack-rule")
    assert s.stacks[3] == [(0, 1), (1, 2)] and workers_needed(s, 3) == 3
    assert_legal(s, PlaceWorkers("actors", 2))
    assert s.stacks[3][-1] == (2, 3)
    assert_illegal(s, PlaceWorkers("actors", 3), "wishland.place.workers")  # 4 needed, 3 free


def test_forced_collect_is_automatic_and_not_a_decision():
    s = scenario("all-placed")
    assert s.placed == [2, 4] and s.current_player == 0
    decisions = s.action_count
    assert_legal(s, Collect())
    forced = s.log[-1]
    assert forced.kind == "auto" and forced.player == 1 and forced.action == Collect()
    assert s.placed[1] == 0 and s.current_player == 0 and s.turn == 4
    assert s.action_count == decisions + 1
    assert GAME.board(s).forced_moves(s, None) == ["P2: collect all Workers"]


def test_hotel_13_is_a_choice():
    s = scenario("hotel-13")
    assert s.legal_actions() == [CollectForFree(True), CollectForFree(False)]
    assert_illegal(s, Collect(), "wishland.hotel.13")
    assert_legal(s, CollectForFree(False))
    assert s.placed[0] == 3 and s.current_player == 1 and workers_needed(s, 2) == 2


def test_card_limit_and_a_ride_raising_it():
    s = scenario("card-limit")
    assert_illegal(s, PlaceWorkers("actors", 2), "wishland.card_limit")
    assert_legal(s, PlaceWorkers("rides", 0))
    assert s.card_limit(0) == 2
    assert_illegal(s, PlaceWorkers("restaurants", 1), "wishland.card_limit")


def test_advertisement_choice_waits_for_an_answer():
    s = scenario("first-turn")
    assert_legal(s, PlaceWorkers("advertisement"))
    assert isinstance(s.pending, ChoiceStep)
    assert_illegal(s, PlaceWorkers("actors", 0), "wishland.reward.choice")
    s.apply(s.legal_actions()[1])  # Visitors 1 is odd: 2 Credits
    assert s.visitors[0] == 1 and s.credits[0] == 5 + 1 + 2


def test_hotel_18_adds_a_choice_to_an_actor():
    s = scenario("hotel-18")
    assert_legal(s, PlaceWorkers("actors", 0))
    assert isinstance(s.pending, ChoiceStep) and s.pending.source == "hotels"


def test_five_mascots_pay_every_bonus():
    s = scenario("five-mascots")
    assert s.count[0][4] == 5 and s.count[0][5] == 2 and s.entertainment_bonus[0] == 1
    assert s.workers[0] == 5 and s.vp_by[0].get("mascot bonus") == 1


def test_worker_reserve_ability():
    s = scenario("reserve-claimed")
    assert_legal(s, PlaceWorkers("rides", 0, 3))  # Ride #20: 8 Credits, 3 extra Workers
    assert s.credits[0] == 0 and s.stacks[1][-1] == (0, 4)
    assert_legal(s, EndTurn())
    assert_illegal(s, PlaceWorkers("rides", 1, 1), "wishland.reserve.ability")


def test_achievement_once_and_a_free_action():
    s = scenario("happy-seven")
    assert_legal(s, ClaimAchievement("board-1"))
    assert s.claimed == {"board-1": 0} and s.current_player == 0
    assert_illegal(s, ClaimAchievement("board-1"), "wishland.achievement.once")


def test_no_refill_during_the_round_then_the_end_of_the_round():
    s = scenario("first-turn")
    assert_legal(s, PlaceWorkers("actors", 0))
    assert_illegal(s, PlaceWorkers("actors", 0), "wishland.end_of_round.no_refill")
    collect_until(s, lambda s: s.round != 1)
    assert s.round == 2 and s.first == 1 and sum(len(d) for d in s.discards) == 19


def test_final_scoring_example_position():
    parts = scenario("final-scoring").final_parts(0)
    assert (parts["hotels"], parts["mascots"], parts["restaurants"]) == (3, 7, -2)


def test_hotel_8_at_the_end_of_a_played_game():
    s = scenario("hotel-8")
    assert s.round == 7 and s.current_player == 0
    assert_illegal(s, BonusCard(s.tableau[0][-1]), "wishland.hotel.8")
    restaurant = next(c for c in s.market[RESTAURANT] if c and not CARDS[c].immediate)
    assert_legal(s, BonusCard(restaurant))
    assert s.is_over and s.count[0][RESTAURANT] == 6


def test_rule_violation_names_the_rule():
    s = scenario("turn-order")
    with pytest.raises(RuleViolation) as exc:
        s.apply(ChooseTurnSpace(4))
    assert exc.value.rule == "wishland.turn_order.space"
