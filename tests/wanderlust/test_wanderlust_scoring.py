"""Game End and Scoring (A to F, personal goals, ties), the Family variant, and the six
passport skills."""

from __future__ import annotations

import pytest
from wanderlust_helpers import end_turn, move_to, new, notes, scenario, set_available, set_hand

from boardkit.engine import RuleViolation
from boardkit.testing import assert_illegal, pose
from boardkit.wanderlust import scoring
from boardkit.wanderlust.actions import (
    Photo,
    PlayEncounter,
    Postcard,
    Souvenir,
    TakeBlind,
    Travel,
)
from boardkit.wanderlust.content import cards, world


def test_score_a_collectibles_and_sets():
    s = scenario("scott")
    s.passport_tokens[0] = [3, 2, 2]  # plus Lisbon's postcard: 3, 3, 2
    assert s.score_breakdown(0)["A_collectibles"] == 3 * 1 + 3 * 2 + 2 * 3 + 2 * 3


def test_score_b_c_experience_and_objectives():
    s = scenario("scott")
    s.achieved[0] = ["first-to-the-finish", "around-the-world"]
    parts = s.score_breakdown(0)
    assert parts["B_experience"] == 19
    assert parts["C_objectives"] == sum(cards().objectives[o].vp for o in s.achieved[0]) == 12


def test_score_d_destinations_by_type_and_e_zones():
    s = scenario("scott")  # Lisbon, Rio, Sydney (ports), Cairo (city); 4 zones
    table = s.params.scoring.destinations
    parts = s.score_breakdown(0)
    assert parts["D_destinations"] == table[3] + table[1] + table[0] == 4 + 1
    assert parts["E_zones"] == 4
    move_to(s, 0, "Petra")
    assert s.score_breakdown(0)["E_zones"] == 5


def test_score_f_secret_mission_and_personal_goal():
    s = scenario("scott")
    s.mission[0], s.goal[0] = "grand-tour", "sailor"
    parts = s.score_breakdown(0)
    assert parts["F_mission"] == 0 and parts["F_goal"] == 4  # 3 ports
    move_to(s, 0, "Rome")
    assert s.score_breakdown(0)["F_mission"] == 2  # Lisbon and Rome
    assert scoring.total(s, 0) == sum(s.score_breakdown(0).values()) == s.scores()[0]


def test_hidden_score_parts_stay_hidden():
    s = new(players=3, seed=8)
    view = s.observation(1)["trotters"]
    assert view[0]["score"] is None and view[1]["score"] == s.scores()[1]
    assert set(view[0]["public_score"]) == {"A_collectibles", "B_experience", "C_objectives",
                                            "D_destinations", "E_zones"}


def test_ties_destination_cards_then_collectibles_then_shared():
    s = new(players=3, seed=3)
    pose(s)
    s.trigger = 0  # the race ended by its rules (someone fulfilled two objectives)
    for p in range(3):
        s.exp[p] = 0
        s.mission[p] = s.goal[p] = None
    # equal points: 0 each apart from D and E, so give everyone the same cards' value
    base = [scoring.total(s, p) for p in range(3)]
    for p in range(3):
        s.exp[p] = 20 - base[p]
    assert len(set(s.scores())) == 1
    assert s.winners() == [0, 1, 2], "a full tie is shared"
    s.passport_tokens[2] = [0, 0, 0]
    s.passport_tokens[1] = [1, 0, 0]
    s.exp[1] -= 1  # keeps 1's points equal (a souvenir is 1 point)
    assert s.winners() == [1], "more collectibles wins"
    move_to(s, 2, "Xi'an")
    s.exp[2] -= scoring.total(s, 2) - scoring.total(s, 0)
    assert s.scores()[2] == s.scores()[0]
    assert s.winners() == [2], "more destination cards wins first"


def test_family_variant_scores_abc_only_and_no_secrets():
    s = new(players=2, seed=2, family=True)
    assert set(s.score_breakdown(0)) == {"A_collectibles", "B_experience", "C_objectives"}
    assert s.mission == [None, None]


# ------------------------------------------------------------------ passports (skills)


def with_passport(pid, name="scott"):
    s = scenario(name)
    s.passport[0] = pid
    return s


def test_skill_souvenir_hunter():
    s = with_passport("red")
    s.tokens[0]["Cairo"] = [3, 0, 0]
    s.apply(Souvenir())
    assert s.tokens[0]["Cairo"][0] == 4
    t = with_passport("blue")
    t.tokens[0]["Cairo"] = [3, 0, 0]
    with pytest.raises(RuleViolation):
        t.apply(Souvenir())


def test_skill_pen_friend_postcards_without_a_ticket():
    s = with_passport("blue", "jackie")
    set_hand(s, 0, "car", "train", "ship")
    set_available(s, "Bogotá", "Tokyo", "Anchorage")
    s.apply(Travel("Anchorage", ("car", "train", "ship")))
    s.apply(TakeBlind())
    for _ in range(2):  # Laura's turn
        s.apply(TakeBlind())
    end_turn(s)
    hand = sum(s.hand[0])
    assert Postcard(None) in s.legal_actions() and Postcard("car") not in s.legal_actions()
    assert_illegal(s, Postcard(s.hand_names(0)[0]), "wanderlust.skill.free_postcard")
    s.apply(Postcard(None))
    assert sum(s.hand[0]) == hand and s.tokens[0]["Anchorage"][1] == 1


def test_skill_photographer_one_point():
    s = with_passport("green")
    move_to(s, 0, "Petra")
    s.apply(Photo())
    assert s.step_points == 1 and s.tokens[0]["Petra"][2] == 1


def test_skill_jet_setter_extra_experience_per_flight():
    s = with_passport("yellow", "laura")
    s.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    assert s.exp[0] == 4


def test_skill_planner_three_tickets():
    s = with_passport("purple", "jackie")
    set_hand(s, 0, "car", "train", "ship")
    s.apply(Souvenir())  # Denver is a city
    s.apply(Travel("Anchorage", ("car", "train", "ship")))
    assert sum(s.hand[0]) == 3 and any("3 blind tickets" in n for n in notes(s))


def test_skill_storyteller_two_encounters_per_turn():
    s = with_passport("orange", "laura")
    s.enc[0] = {"storyteller": 2}
    s.enc_deck["storyteller"] -= 2
    s.apply(PlayEncounter("storyteller"))
    s.apply(PlayEncounter("storyteller"))
    assert s.exp[0] == 4
    t = with_passport("red", "laura")
    t.enc[0] = {"storyteller": 2}
    t.enc_deck["storyteller"] -= 2
    t.apply(PlayEncounter("storyteller"))
    with pytest.raises(RuleViolation):
        t.apply(PlayEncounter("storyteller"))


def test_skills_off_in_the_family_variant():
    s = scenario("laura", family=True)
    s.passport[0] = "yellow"
    s.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    assert s.exp[0] == 3


# ------------------------------------------------------------------ the hometown (reading)


def test_hometown_is_not_a_visited_destination_by_default():
    # rule wanderlust.setup.hometown, params setup.hometown_visited = false
    from boardkit.wanderlust import objectives

    s = scenario("scott")  # hometown Vancouver (a North American port); visited: Lisbon,
    assert s.params.setup.hometown_visited is False  # Rio, Sydney (ports), Cairo (city)
    assert s.cards[0][0] == "Vancouver" and s.visited(0) == s.cards[0][1:]
    assert "north-america" not in s.zones_visited(0) and s.destinations_of(0, "port") == 3
    table = s.params.scoring.destinations
    parts = s.score_breakdown(0)
    assert parts["E_zones"] == 4 and parts["D_destinations"] == table[3] + table[1]
    world_tour = cards().objectives["around-the-world"]
    assert objectives.progress(s, 0, world_tour)[0] == 4 and not objectives.met(s, 0, world_tour)
    s.mission[0], s.goal[0] = "grand-tour", "sailor"  # sailor: 3 ports
    assert s.score_breakdown(0)["F_goal"] == 4
    s.cards[0][1:] = ["Rio de Janeiro", "Sydney", "Cairo"]  # without Lisbon: 2 ports left
    assert s.score_breakdown(0)["F_goal"] == 0


def test_hometown_counts_when_the_parameter_says_so():
    from boardkit.wanderlust import objectives

    s = scenario("scott")
    s.params = s.game.make_params({"setup.hometown_visited": True})
    assert s.visited(0) == s.cards[0]
    assert "north-america" in s.zones_visited(0) and s.destinations_of(0, "port") == 4
    table = s.params.scoring.destinations
    parts = s.score_breakdown(0)
    assert parts["E_zones"] == 5 and parts["D_destinations"] == table[4] + table[1]
    assert objectives.met(s, 0, cards().objectives["around-the-world"])  # 5 zones


@pytest.mark.parametrize("counted", [False, True])
def test_automaton_hometowns_follow_the_same_parameter(counted):
    # Solo setup slides the automatons' hometown cards under the map, apart from the space
    # kept for their visited destinations
    s = new(players=1, seed=4, automatons=2)
    if counted:
        s.params = s.game.make_params({"setup.hometown_visited": True})
    for t in (1, 2):
        assert len(s.cards[t]) == 1
        home = world().zone(s.cards[t][0])
        assert s.zones_visited(t) == ({home} if counted else set())
        assert s.visited(t) == (s.cards[t] if counted else [])


def test_tie_break_counts_visited_destination_cards():
    s = new(players=2, seed=3)
    pose(s)
    s.trigger = 0  # the race ended by its rules (someone fulfilled two objectives)
    for p in range(2):
        s.mission[p] = s.goal[p] = None
        s.passport_tokens[p] = [0, 0, 0]
    move_to(s, 1, s.dest_deck[0])  # P2 has one visited destination more
    base = [scoring.total(s, p) for p in range(2)]
    s.exp[0] += base[1] - base[0] if base[1] > base[0] else 0
    s.exp[1] += base[0] - base[1] if base[0] > base[1] else 0
    assert s.scores()[0] == s.scores()[1]
    assert scoring.ranking_key(s, 1)[1] == 1 and scoring.ranking_key(s, 0)[1] == 0
    assert s.winners() == [1]
    s.params = s.game.make_params({"setup.hometown_visited": True})
    base = [scoring.total(s, p) for p in range(2)]
    s.exp[0] += max(0, base[1] - base[0])
    s.exp[1] += max(0, base[0] - base[1])
    assert scoring.ranking_key(s, 1)[1] == 2 and s.winners() == [1]
