"""Solo Mode: setup changes, the Automaton Player Guide and the Nearest Available
Destination priorities, the end and scoring."""

from __future__ import annotations

import pytest
from wanderlust_helpers import end_turn, forced_game, new, notes, scenario, set_available, set_hand

from boardkit.engine import VariantError
from boardkit.testing import pose
from boardkit.wanderlust import automaton, scoring
from boardkit.wanderlust.actions import TakeBlind, Travel
from boardkit.wanderlust.content import world

W = world()


def solo_position(automatons=1, scenario_id="laura-automaton"):
    """A solo game after the scenario's automaton turn; P1 to move."""
    s = scenario(scenario_id)
    assert s.automatons == automatons and s.current_player == 0
    return s


# ------------------------------------------------------------------ setup


def test_solo_needs_one_player_and_automatons():
    with pytest.raises(VariantError, match="Solo Mode"):
        new(players=1)
    with pytest.raises(VariantError, match="players=1"):
        new(players=2, automatons=1)
    with pytest.raises(VariantError, match="first_game"):
        new(players=1, automatons=1, first_game=True)
    with pytest.raises(VariantError):
        new(players=1, automatons=4)


def test_solo_setup_objectives_zones_and_no_secret_cards():
    for seed in range(25):
        s = new(players=1, seed=seed, automatons=3)
        assert not {"around-the-world", "travel-planner"} & set(s.objectives)
        zones = [W.zone(s.cards[t][0]) for t in (1, 2, 3)]
        assert len(set(zones)) == 3, "automatons never start in the same zone"
        assert s.mission == [None] * 4 and s.goal == [None] * 4
        assert all(W.dest_type(c[0]) != "wonder" for c in s.cards)


def test_solo_setup_same_zone_hometown_is_redrawn():
    s = forced_game(1, {1: ("hometown", "Paris"), 2: ("hometown", "Denver"),
                        3: ("hometown", "New York")}, variant={"automatons": 2})
    assert s.cards[1][0] == "Denver" and s.cards[2][0] != "New York"
    assert W.zone(s.cards[2][0]) != "north-america"
    assert any("another automaton already starts in North America" in n for n in notes(s))
    assert "New York" in s.dest_deck or "New York" in s.available


@pytest.mark.parametrize("automatons, points", [(1, 4), (2, 3), (3, 3)])
def test_solo_automaton_points(automatons, points):
    s = new(players=1, seed=1, automatons=automatons)
    assert automaton.points(s) == points
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    text = notes(s)
    assert f"A1's turn ({points} action points)" in text


# ------------------------------------------------------------------ collectibles


def test_solo_no_collecting_without_the_collector():
    s = solo_position()
    assert "collector" not in s.objectives
    assert s.tokens[1]["Tehran"] == [0, 0, 0]


def test_solo_collect_waits_for_a_photo_with_one_point_left():
    s = solo_position(2, "scott-automaton")
    scott = 1
    # put Scott on a fresh wonder he has just reached, with the Collector still asking a camera
    s.loc[scott] = "Petra"
    s.dest_deck.remove("Petra")
    s.cards[scott].append("Petra")
    s.tokens[scott]["Petra"] = [0, 0, 0]
    s.tokens[scott]["Grand Canyon"] = [0, 0, 0]
    s.stay[scott] = "Petra"
    s.params = s.game.make_params({"solo.automaton_points": [4, 1, 1]})
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    assert s.loc[scott] == "Petra" and s.tokens[scott]["Petra"] == [0, 0, 0]
    assert any("stays in Petra for its photo" in n for n in notes(s))


def test_solo_collect_not_at_hometown_and_stops_at_the_target():
    s = solo_position(2, "scott-automaton")
    laura = 2  # started in Busan (hometown, a port): took souvenirs only in Tokyo
    assert s.tokens[laura]["Busan"] == [0, 0, 0]
    assert s.tokens[laura]["Tokyo"][0] >= 1
    # souvenirs stop at the Collector's target (6 with 3 trotters) even mid-city
    s.tokens[laura]["Tokyo"] = [1, 0, 0]
    s.passport_tokens[laura] = [5, 0, 0]
    assert automaton._collect_need(s, laura) is None


# ------------------------------------------------------------------ movement


def test_solo_move_one_step_any_track_and_stop_anywhere():
    s = solo_position(1, "jackie-automaton")
    assert s.loc[1] == "Brasília", "stops at an airport, not a destination"
    assert [W.track(a, b) for a, b in [("Cape Town", "Buenos Aires"),
                                       ("Santiago de Chile", "Asunción")]] == ["ship", "white"]


def test_solo_flight_gives_a_hidden_encounter():
    s = solo_position()
    assert s.enc_gained[1] == 1 and sum(s.enc[1].values()) == 1
    view = s.observation(0)["trotters"][1]
    assert view["encounters"] is None and view["encounter_cards"] == 1


def test_solo_reach_shifts_right_also_for_you():
    s = solo_position()
    set_hand(s, 0, "car", "train", "ship", "wild", "wild", "wild")
    s.loc[0] = "Rome"
    set_available(s, "Petra", "Athens", "Sydney")
    s.apply(Travel("Athens", ("ship",)))
    assert s.available[1:] == ["Petra", "Sydney"] and s.available[0] not in ("Petra", "Athens")


def test_solo_reach_a_card_revealed_under_the_automaton():
    s = solo_position()
    laura = 1
    where = s.loc[laura]
    set_available(s, "Reykjavík", where if W.is_destination(where) else "Petra", "Sydney")
    if not W.is_destination(where):
        s.loc[laura] = "Petra"
    exp = s.exp[laura]
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    assert s.exp[laura] >= exp + 3
    assert s.cards[laura][2] in ("Petra", where)


def decide(s, t):
    return automaton.decide(s, t)


def give_card(s, t, name):
    if name in s.dest_deck:
        s.dest_deck.remove(name)
    s.cards[t].append(name)
    s.tokens[t][name] = [0, 0, 0]
    s.loc[t] = name


def bare_solo(automatons):
    """A solo game where you stand in Paris (far from everything tested) and the automatons'
    hometowns are back in the deck; tests place the automatons where they need them."""
    s = new(players=1, seed=0, automatons=automatons)
    for t in range(s.trotters):
        for c in s.cards[t]:
            s.dest_deck.append(c)
        s.cards[t], s.tokens[t] = [], {}
    s.dest_deck.sort()
    set_available(s, "Lima", "Reykjavík", "Perth")
    give_card(s, 0, "Paris")
    return s


def test_nearest_within_three_steps_rightmost_first():
    s = solo_position()
    s.loc[1] = "Tehran"
    set_available(s, "Dubai", "Baku", "Sydney")  # both within 1 step
    assert decide(s, 1)[:2] == ("step", "Baku")
    set_available(s, "Baku", "Dubai", "Sydney")
    assert decide(s, 1)[:2] == ("step", "Dubai")
    assert "rule 1" in decide(s, 1)[2]


def test_nearest_same_zone_unless_a_trotter_is_one_step_away():
    s = bare_solo(1)
    s.loc[1] = "Mount Fuji"
    set_available(s, "Great Wall", "Xi'an", "Sydney")
    assert W.dist_land[W.index["Xi'an"]][W.index["Mount Fuji"]] > 3
    kind, place, why = decide(s, 1)
    assert "Xi'an is in the same zone" in why and (kind, place) == ("step", "Tokyo")
    # the player stands one step from Xi'an: it is disregarded, Great Wall is next
    give_card(s, 0, "Samarkand")
    assert "Great Wall is in the same zone" in decide(s, 1)[2]


def test_nearest_airport_occupied_goes_to_another_by_land():
    s = bare_solo(2)
    # Laura in Busan, Scott on Beijing airport: Beijing is occupied
    s.loc[1], s.loc[2] = "Busan", "Beijing"
    set_available(s, "Sydney", "Reykjavík", "Lima")
    kind, place, why = decide(s, 1)
    assert "Beijing airport is occupied" in why
    target = why.split("heading to ")[1].split(" airport")[0]
    free = [a for a in W.airports if W.names[a] != "Beijing"]
    best = min(W.dist_no_ship[a][W.index["Busan"]] for a in free)
    assert W.dist_no_ship[W.index[target]][W.index["Busan"]] == best
    assert W.track("Busan", place) != "ship"
    s.loc[2] = "Busan"  # Beijing free again: the zone's own airport
    assert decide(s, 1)[1] == "Beijing"


def test_nearest_priority_blocked_by_trotter_or_airport_and_all_blocked():
    s = bare_solo(2)
    s.loc[1], s.loc[2] = "Beijing", "Kabul"
    set_available(s, "Sydney", "Dubai", "Cairo")
    kind, place, why = decide(s, 1)
    assert (kind, place) == ("fly", "N'Djamena"), "Cairo: nobody near, its airport is free"
    s.loc[2] = "N'Djamena"  # Scott one step from Cairo and on its airport
    assert decide(s, 1)[:2] == ("fly", "Kabul")
    s.loc[2] = "Tehran"  # Scott one step from Baku and Dubai: both blocked; Sydney is not
    set_available(s, "Sydney", "Dubai", "Baku")
    assert decide(s, 1)[:2] == ("fly", "Brisbane")
    set_available(s, "Tehran", "Dubai", "Baku")  # all within 1 step of Scott at Tehran
    assert decide(s, 1)[0] == "stop"


def test_nearest_ties_break_by_name():
    s = solo_position()
    for here in W.destinations:
        for goal in W.destinations:
            i, g = W.index[here], W.index[goal]
            d = W.dist_land[g][i]
            if not 2 <= d <= 3:
                continue
            hops = [W.names[v] for v, _ in W.land[i] if W.dist_land[g][v] == d - 1]
            if len(hops) > 1:
                s.loc[1] = here
                set_available(s, goal, *[x for x in ("Sydney", "Reykjavík", "Lima", "Perth")
                                         if x not in (goal, here)][:2])
                if automaton.decide(s, 1)[2].startswith(goal):
                    assert automaton.decide(s, 1)[1] == min(hops)
                    return
    pytest.fail("the map has no tie to test")


# ------------------------------------------------------------------ end and scoring


def test_solo_end_you_must_finish_the_race():
    s = solo_position()
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.is_over
    done = len(s.achieved[0]) >= 2
    best = max(range(s.trotters), key=lambda t: (s.trotter_scores()[t], len(s.cards[t])))
    if not done:
        assert s.winners() == []
    else:
        assert (s.winners() == [0]) == (best == 0 or s.trotter_scores()[0] == max(s.trotter_scores()))
    assert set(s.score_breakdown(0)) == {"A_collectibles", "B_experience", "C_objectives"}


def test_solo_win_and_loss_by_points():
    s = solo_position()
    pose(s)  # the race is over
    s.trigger = 0
    s.achieved[0] = ["first-to-the-finish", "frequent-flyer"]
    s.exp[0], s.exp[1] = 30, 10
    assert s.winners() == [0]
    s.exp[1] = 60
    assert s.winners() == []
    s.achieved[0] = ["first-to-the-finish"]
    s.exp[1] = 0
    assert s.winners() == [], "one objective: you did not finish the race"
    assert s.scores()[0] > 0  # the points are still shown (scores rank; winners() does not)


def test_solo_full_tie_with_an_automaton_is_shared_so_you_win():
    # reading of wanderlust.solo.end: a shared victory counts as yours; winners() never
    # names an automaton (it is not a seat)
    s = solo_position()
    pose(s)
    s.trigger = 0  # the race ended by its rules (someone fulfilled two objectives)
    s.achieved[0] = ["first-to-the-finish", "frequent-flyer"]
    s.achieved[1] = []
    for t in range(s.trotters):
        s.cards[t] = s.cards[t][:1]  # hometowns only
        s.tokens[t] = {s.cards[t][0]: [0, 0, 0]}
        s.passport_tokens[t] = [0, 0, 0]
    s.exp[0] = 30
    for t in range(1, s.trotters):
        s.exp[t] = scoring.total(s, 0) - (scoring.total(s, t) - s.exp[t])
    assert s.trotter_scores()[0] == s.trotter_scores()[1]
    assert scoring.ranking_key(s, 0) == scoring.ranking_key(s, 1)
    assert s.winners() == [0]
    s.exp[1] += 1
    assert s.winners() == []


def test_solo_game_ends_when_an_automaton_triggers():
    """You only take tickets (and travel when that empties your hand): the automatons race
    on their own and end it."""
    for seed in range(3):
        s = new(players=1, seed=seed, automatons=3)
        while not s.is_over:
            trips = [a for a in s.legal_actions() if isinstance(a, Travel)]
            s.apply(trips[-1] if trips and sum(s.hand[0]) > 4 else
                    TakeBlind() if TakeBlind() in s.legal_actions() else s.legal_actions()[0])
            end_turn(s)
        assert s.trigger is not None and s.turns_left == 0
        assert s.trigger > 0 or len(s.achieved[0]) >= 2


def test_after_a_priority_flight_the_automaton_walks_on_to_that_destination():
    """Rule 3.B: once the priority destination is chosen, the automaton flies to its zone and
    spends the rest of its action points walking towards it (a nearer card that comes within
    3 steps on landing does not turn it away), unless the card is taken first."""
    flights = kept = 0
    for seed in range(1, 5):
        s = new(players=1, seed=seed, automatons=2)
        while not s.is_over:
            s.apply(s.legal_actions()[0])
        lines = s.log.text().splitlines()
        for i, line in enumerate(lines):
            if " flies " not in line or "(rule 3.B)" not in line:
                continue
            who, goal = line.split()[0], line.split(": ")[1].split(" is the priority")[0]
            flights += 1
            for after in lines[i + 1:]:
                if after.startswith(f"{who} moves "):
                    assert f"{goal} is the destination it flew for (rule 3.B)" in after, after
                    kept += 1
                elif after.startswith(f"{who} reaches") or "'s turn" in after:
                    break
    assert flights >= 5 and kept >= 3
    s = new(players=1, seed=2, automatons=2)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert ("A2 moves N'Djamena → Kinshasa (charter track): Cape Town is the destination it "
            "flew for (rule 3.B)") in s.log.text()
