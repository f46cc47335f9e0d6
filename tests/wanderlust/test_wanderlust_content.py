"""Wanderlust content: the map, the cards, the parameters, the scenarios, the rule catalog."""

from __future__ import annotations

import importlib
import inspect
import re
from collections import Counter
from pathlib import Path

import pytest

from boardkit.engine import DataError, VariantError
from boardkit.engine.content import load, read_toml, validate
from boardkit.engine.resources import data_file
from boardkit.wanderlust import GAME
from boardkit.wanderlust.actions import MAX_LEGS, Travel
from boardkit.wanderlust.content import CardsFile, MapFile, World, cards, world
from boardkit.wanderlust.scenarios import ScenarioFile, scenarios

W = world()
C = cards()


def test_counts_printed_in_the_rulebook():
    assert len(W.destinations) == 68
    assert sum(C.ticket_counts) == 80 and len(C.ticket_counts) == 6
    assert sum(e.count for e in C.encounters.values()) == 32
    assert len(C.objectives) == len(C.goals) == len(C.missions) == 8
    assert len(C.passports) == 6


def test_one_airport_per_zone_and_a_connected_map():
    for z, airport in zip(W.zones, W.zone_airport, strict=True):
        assert W.kind[airport] == "airport" and W.zones[W.zone_of[airport]] == z
    assert len(W.airports) == len(W.zones)
    assert max(max(row) for row in W.dist_land) < 30, "every place reachable over land and sea"
    kinds = Counter(W.dest_type(d) for d in W.destinations)
    assert set(kinds) == {"city", "port", "wonder"}
    assert Counter(LEG for _, _, LEG in W.tracks).keys() == {0, 1, 2, 3, 5}
    assert all(W.kind[i] in ("airport", "autostop") or W.dest_kind[i] >= 0 for i in range(W.n))


def test_every_place_of_the_examples_is_on_the_map():
    named = ["Denver", "Mexico City", "Los Angeles", "Anchorage", "Bogotá", "New Delhi", "Kabul",
             "N'Djamena", "Kinshasa", "Victoria Falls", "Cairo", "Darvaza", "Busan", "Beijing",
             "Tehran", "Cape Town", "Santiago de Chile", "Asunción", "Brasília", "Dubai"]
    for name in named:
        assert W.places[W.index[name]].provenance == "rulebook", name
    for airport in ("Kabul", "N'Djamena", "Beijing", "Brasília"):
        assert W.kind[W.index[airport]] == "airport"
    assert W.dest_type("Darvaza") == "wonder" and W.dest_type("Victoria Falls") == "wonder"


def test_transcribed_values():
    obj = C.objectives
    assert obj["first-to-the-finish"].goal_for(3) == 20
    assert obj["collector"].goal_for(3) == (6, 2, 1)
    assert obj["around-the-world"].goal_for(4) == 5
    assert not obj["around-the-world"].solo and not obj["travel-planner"].solo
    sc = GAME.make_params().scoring
    assert (sc.souvenir, sc.postcard, sc.camera, sc.set_bonus, sc.mission, sc.goal) == \
        (1, 2, 3, 3, 2, 4)
    assert list(sc.zones[:6]) == [0, 1, 2, 3, 4, 5]
    assert C.encounters["pen-pal"].effect == "postcard"


def test_names_without_accents_and_ids():
    assert W.lookup("Bogota") == "Bogotá" and W.lookup("ndjamena") == "N'Djamena"
    assert W.lookup("santiago-de-chile") == "Santiago de Chile" and W.lookup("Atlantis") is None
    assert Travel("Bogota", ("train", "car")) == Travel("Bogotá", ("car", "train"))


def test_params_and_variants_are_validated():
    with pytest.raises(VariantError, match="list_legs"):
        GAME.make_params({"travel.list_legs": MAX_LEGS + 1})
    with pytest.raises(VariantError, match="unknown rule parameter 'travel.max_legs'"):
        GAME.make_params({"travel.max_legs": 5})  # not a rule: the rules set no length limit
    with pytest.raises(VariantError, match="unknown rule parameter"):
        GAME.make_params({"travel.legs": 3})
    with pytest.raises(VariantError, match="unknown scenario"):
        GAME.new_game(players=2, variant={"scenario": "atlantis"})
    with pytest.raises(VariantError, match="players=2"):
        GAME.new_game(players=3, variant={"scenario": "jackie"})
    with pytest.raises(VariantError, match="first_game"):
        GAME.make_params({"setup.first_game": ["collector", "nope", "x"]})


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def map_text(**changes):
    text = data_file("wanderlust", "map.toml").read_text()
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new, 1)
    return text


@pytest.mark.parametrize("old, new, message", [
    ('["Denver", "Mexico City", "car"]', '["Denver", "Mexico City", "bus"]', r"tracks\[0\]"),
    ('["Denver", "Mexico City", "car"]', '["Denver", "Atlantis", "car"]', "unknown place 'Atlantis'"),
    ('["Denver", "Mexico City", "car"]', '["Denver", "Denver", "car"]', "two different places"),
    ('["Los Angeles", "Anchorage", "ship"]', '["Mexico City", "Denver", "ship"]', "listed twice"),
    ('airport = "Chicago"', 'airport = "Denver"', "exactly one airport"),
    ('kind = "city"\nzone = "north-america"\nlon = -105.0', 'kind = "village"\nzone = "north-america"\nlon = -105.0',
     r"place\[3\]\.kind"),
    ('lat = 61.2', 'lat = 161.2', r"place\[0\]\.lat"),
])
def test_malformed_map_names_the_field(tmp_path, old, new, message):
    path = write(tmp_path, "map.toml", map_text(**{old: new}))
    with pytest.raises(DataError, match=message) as err:
        World(load(MapFile, path))
    assert "map.toml" in str(err.value)


@pytest.mark.parametrize("old, new, message", [
    ("car = 15\ntrain = 17", "train = 17\ncar = 15", "in this order"),
    ('target = { 2 = [7, 3, 1], 3 = [6, 2, 1], 4 = [5, 2, 1], 5 = [4, 1, 1] }',
     'target = { 2 = 7, 3 = [6, 2, 1], 4 = [5, 2, 1], 5 = [4, 1, 1] }', "souvenirs, postcards"),
    ('target = { 2 = 20, 3 = 20, 4 = 20, 5 = 20 }', 'target = { 2 = 20, 3 = 20 }', "player counts"),
    ('effect = "postcard"', 'effect = "teleport"', r"encounter\[0\]\.effect"),
    ('skill = "souvenir_limit"', 'skill = "flying"', r"passport\[0\]\.skill"),
])
def test_malformed_cards_name_the_field(tmp_path, old, new, message):
    text = data_file("wanderlust", "cards.toml").read_text()
    assert old in text
    path = write(tmp_path, "cards.toml", text.replace(old, new, 1))
    with pytest.raises(DataError, match=message) as err:
        load(CardsFile, path)
    assert "cards.toml" in str(err.value)


def test_scenarios_load_and_use_real_content(monkeypatch):
    parsed = load(ScenarioFile, data_file("wanderlust", "scenarios.toml"))
    assert [s.id for s in parsed.scenario] == list(scenarios())
    raw = read_toml(data_file("wanderlust", "scenarios.toml"))
    raw["scenario"][0]["trotter"][0]["hometown"] = "Atlantis"
    raw["scenario"][1]["trotter"][0]["hand"] = ["wild"] * 11
    bad = {s.id: s for s in validate(ScenarioFile, raw, "scenarios.toml").scenario}
    import boardkit.wanderlust.scenario_specs as scenario_module
    import boardkit.wanderlust.setup as setup_module

    monkeypatch.setattr(scenario_module, "scenarios", lambda: bad)
    monkeypatch.setattr(setup_module, "scenarios", lambda: bad)
    with pytest.raises(DataError, match="scenario 'sam'.*'Atlantis' is not a destination card"):
        GAME.new_game(players=2, variant={"scenario": "sam"})
    with pytest.raises(DataError, match="no wild ticket is left"):
        GAME.new_game(players=2, variant={"scenario": "jackie"})


# ------------------------------------------------------------------ the rule catalog

#: rules whose tests do not name the rule id (the flow enforces them): id -> tests
EXERCISED = {
    "wanderlust.setup.passport": ["test_rules::test_setup_passports_are_distinct_and_forcing_a_taken_one_fails",
                                  "test_rules::test_family_variant_passports_have_no_skill"],
    "wanderlust.setup.hometown": ["test_rules::test_setup_hometown_never_a_natural_wonder"],
    "wanderlust.setup.destinations": ["test_rules::test_setup_available_destinations_tickets_display"],
    "wanderlust.setup.tickets": ["test_rules::test_setup_available_destinations_tickets_display"],
    "wanderlust.setup.objectives": ["test_rules::test_setup_objectives_random_or_first_game"],
    "wanderlust.setup.supply": ["test_rules::test_setup_supply_never_runs_out"],
    "wanderlust.setup.secrets": ["test_rules::test_setup_secret_cards_dealt_and_hidden"],
    "wanderlust.setup.first_player": ["test_rules::test_setup_first_player_is_seat_one"],
    "wanderlust.turn.order": ["test_rules::test_turn_order_clockwise_and_automatons_after_you"],
    "wanderlust.tickets.reshuffle": ["test_rules::test_tickets_reshuffle_discard_when_the_pile_is_empty"],
    "wanderlust.travel.encounter": ["test_rules::test_travel_encounters_one_per_flight_not_for_white_tracks"],
    "wanderlust.travel.experience": ["test_rules::test_travel_experience_not_for_wild_tickets"],
    "wanderlust.travel.cleanup": ["test_rules::test_travel_cleanup_discard_card_refill_in_place"],
    "wanderlust.encounter.draw": ["test_rules::test_encounter_deck_reshuffles_played_cards"],
    "wanderlust.objectives.fulfil": ["test_rules::test_objectives_shared_and_marked_at_once"],
    "wanderlust.objectives.after_trigger": ["test_rules::test_objectives_still_fulfilled_after_the_trigger"],
    "wanderlust.objectives.experience": ["test_rules::test_objective_targets_at_two_players"],
    "wanderlust.objectives.collector": ["test_rules::test_objective_targets_at_two_players"],
    "wanderlust.objectives.zones": ["test_rules::test_objective_targets_at_two_players"],
    "wanderlust.objectives.trip": ["test_rules::test_objective_targets_at_two_players"],
    "wanderlust.objectives.encounters": ["test_rules::test_objective_targets_at_two_players"],
    "wanderlust.objectives.destinations": ["test_rules::test_objective_targets_at_two_players"],
    "wanderlust.planning.bonus": ["test_rules::test_planning_bonus_only_with_an_empty_hand_at_the_end"],
    "wanderlust.end.trigger": ["test_rules::test_end_trigger_everyone_one_more_turn_in_order",
                               "test_rules::test_end_trigger_house_rule_finishes_the_round_first"],
    "wanderlust.end.round_limit": ["test_rules::test_end_round_limit",
                                   "test_rules::test_end_round_limit_never_cuts_the_owed_last_turns"],
    "wanderlust.score.collectibles": ["test_scoring::test_score_a_collectibles_and_sets"],
    "wanderlust.score.experience": ["test_scoring::test_score_b_c_experience_and_objectives"],
    "wanderlust.score.objectives": ["test_scoring::test_score_b_c_experience_and_objectives"],
    "wanderlust.score.destinations": ["test_scoring::test_score_d_destinations_by_type_and_e_zones"],
    "wanderlust.score.zones": ["test_scoring::test_score_d_destinations_by_type_and_e_zones"],
    "wanderlust.score.secrets": ["test_scoring::test_score_f_secret_mission_and_personal_goal"],
    "wanderlust.score.ties": ["test_scoring::test_ties_destination_cards_then_collectibles_then_shared"],
    "wanderlust.family.setup": ["test_rules::test_family_variant_passports_have_no_skill",
                                "test_scoring::test_family_variant_scores_abc_only_and_no_secrets"],
    "wanderlust.family.scoring": ["test_scoring::test_family_variant_scores_abc_only_and_no_secrets"],
    "wanderlust.skill.souvenir_limit": ["test_scoring::test_skill_souvenir_hunter"],
    "wanderlust.skill.photo_points": ["test_scoring::test_skill_photographer_one_point"],
    "wanderlust.skill.flight_experience": ["test_scoring::test_skill_jet_setter_extra_experience_per_flight"],
    "wanderlust.skill.planning_bonus": ["test_scoring::test_skill_planner_three_tickets"],
    "wanderlust.skill.encounters_per_turn": ["test_scoring::test_skill_storyteller_two_encounters_per_turn"],
    "wanderlust.solo.players": ["test_solo::test_solo_needs_one_player_and_automatons"],
    "wanderlust.solo.setup": ["test_solo::test_solo_setup_objectives_zones_and_no_secret_cards",
                              "test_solo::test_solo_setup_same_zone_hometown_is_redrawn"],
    "wanderlust.solo.points": ["test_solo::test_solo_automaton_points"],
    "wanderlust.solo.collect": ["test_solo::test_solo_no_collecting_without_the_collector",
                                "test_solo::test_solo_collect_waits_for_a_photo_with_one_point_left",
                                "test_solo::test_solo_collect_not_at_hometown_and_stops_at_the_target",
                                "test_examples::test_scott_automaton_skips_souvenirs_it_no_longer_needs"],
    "wanderlust.solo.move": ["test_solo::test_solo_move_one_step_any_track_and_stop_anywhere",
                             "test_solo::test_nearest_ties_break_by_name",
                             "test_solo::test_after_a_priority_flight_the_automaton_walks_on_to_that_destination"],
    "wanderlust.solo.flight_encounter": ["test_solo::test_solo_flight_gives_a_hidden_encounter"],
    "wanderlust.solo.reach": ["test_solo::test_solo_reach_shifts_right_also_for_you",
                              "test_solo::test_solo_reach_a_card_revealed_under_the_automaton"],
    "wanderlust.solo.nearest.within": ["test_solo::test_nearest_within_three_steps_rightmost_first"],
    "wanderlust.solo.nearest.zone": ["test_solo::test_nearest_same_zone_unless_a_trotter_is_one_step_away"],
    "wanderlust.solo.nearest.airport": ["test_solo::test_nearest_airport_occupied_goes_to_another_by_land"],
    "wanderlust.solo.nearest.priority": ["test_solo::test_nearest_priority_blocked_by_trotter_or_airport_and_all_blocked",
                                         "test_examples::test_laura_automaton_cairo_blocked_heads_to_dubai"],
    "wanderlust.solo.end": ["test_solo::test_solo_win_and_loss_by_points",
                            "test_solo::test_solo_end_you_must_finish_the_race"],
}


def test_every_rule_is_exercised_by_a_test():
    here = Path(__file__).parent
    text = "".join(p.read_text() for p in here.glob("test_*.py") if p.name != "test_content.py")
    for rule in GAME.rules.ids():
        if rule in text:
            continue
        assert rule in EXERCISED, f"{rule} has no test"
        for ref in EXERCISED[rule]:
            module, name = ref.split("::")
            mod = importlib.import_module(f"{__package__}.{module}")
            assert inspect.isfunction(getattr(mod, name, None)), f"{ref} does not exist"


def test_every_cited_rule_id_is_in_the_catalog():
    ids = set(GAME.rules.ids())
    code = "".join(p.read_text() for p in Path(inspect.getfile(GAME.state_class)).parent.glob("*.py"))
    for found in re.findall(r'"(wanderlust\.[a-z0-9_.\-]+)"', code):
        assert found in ids, found
    assert len(GAME.rules.ambiguous()) >= 20
