"""Traceability: every rule of the Freizeitpark catalog names the tests of its legal and its
illegal case (or of its effect), and those tests exist."""

from __future__ import annotations

import re
from pathlib import Path

from boardkit.engine.rules import catalog

HERE = Path(__file__).resolve().parent
CAT = catalog("freizeitpark")

#: rule id -> tests (file stem without "test_freizeitpark_" :: function name)
COVERAGE = {
    "freizeitpark.vorbereitung.blatt": ["ablauf::test_all_builds_are_drawn_at_once",
                                        "bauen::test_on_the_sheet_only"],
    "freizeitpark.vorbereitung.spieler": ["content::test_bad_variant_is_refused",
                                          "wurf::test_everybody_uses_the_same_roll"],
    "freizeitpark.ablauf.simultan": ["ablauf::test_a_build_stays_hidden_until_the_round_ends",
                                     "ablauf::test_determinize_resamples_hidden_builds_only"],
    "freizeitpark.ablauf.runde": ["ablauf::test_all_builds_are_drawn_at_once",
                                  "ablauf::test_the_roller_changes_clockwise"],
    "freizeitpark.ablauf.eingang_zuerst": ["bauen::test_illegal_entrances",
                                           "bauen::test_no_second_entrance"],
    "freizeitpark.wurf.roll": ["wurf::test_a_forced_roll_must_be_two_dice",
                               "wurf::test_everybody_uses_the_same_roll"],
    "freizeitpark.wurf.split": ["wurf::test_both_splits_are_offered_rulebook_example",
                                "wurf::test_illegal_uses_of_the_roll"],
    "freizeitpark.wurf.symbol": ["wurf::test_faces_give_their_symbols",
                                 "wurf::test_illegal_uses_of_the_roll"],
    "freizeitpark.wurf.attractions": ["wurf::test_split_reading_of_one_and_two"],
    "freizeitpark.wurf.six": ["wurf::test_a_six_is_a_free_choice_but_not_the_card_symbol"],
    "freizeitpark.struktur.form": ["bauen::test_structures_turn_and_mirror",
                                   "bauen::test_orientation_must_exist"],
    "freizeitpark.struktur.eingang": ["bauen::test_the_entrance_comes_first_and_touches_the_border",
                                      "bauen::test_illegal_entrances"],
    "freizeitpark.struktur.innen": ["bauen::test_on_the_sheet_only",
                                    "bauen::test_coordinates_and_dice_are_whole_numbers"],
    "freizeitpark.struktur.frei": ["bauen::test_empty_cells_only_nothing_is_overdrawn",
                                   "properties::test_random_games_keep_the_invariants"],
    "freizeitpark.struktur.anschluss": ["bauen::test_a_structure_must_share_a_side_not_a_corner",
                                        "bauen::test_touching_any_structure_or_construct_counts"],
    "freizeitpark.struktur.symbol": ["bauen::test_every_cell_gets_the_symbol"],
    "freizeitpark.struktur.pro_runde": [
        "ende::test_a_roll_that_fits_nowhere_is_skipped_and_the_player_stays_in",
        "wurf::test_everybody_uses_the_same_roll"],
    "freizeitpark.ablauf.aussetzen": [
        "ende::test_a_roll_that_fits_nowhere_is_skipped_and_the_player_stays_in",
        "ende::test_a_skipping_solo_player_waits_for_a_roll_that_fits",
        "ende::test_the_strict_house_rule_puts_out_at_the_first_roll_that_fits_nowhere"],
    "freizeitpark.konstrukt.form": ["konstrukte::test_finished_constructs_in_any_orientation",
                                    "konstrukte::test_a_row_of_four_cannot_become_a_geisterbahn"],
    "freizeitpark.konstrukt.eingang": ["konstrukte::test_finished_constructs_in_any_orientation"],
    "freizeitpark.konstrukt.innen": ["konstrukte::test_a_karussell_may_be_built_inside_an_achterbahn"],
    "freizeitpark.konstrukt.bausuende": ["konstrukte::test_a_building_sin_may_be_drawn_but_never_scores",
                                         "konstrukte::test_open_sites_and_building_sins"],
    "freizeitpark.konstrukt.luecken": [
        "konstrukte::test_enclosed_cells_refuse_sites_that_cannot_be_finished",
        "konstrukte::test_landschaft_may_fill_enclosed_cells",
        "konstrukte::test_a_train_piece_may_not_fill_a_hole_it_can_never_leave",
        "konstrukte::test_a_train_piece_may_fill_enclosed_cells_with_room_to_grow",
        "konstrukte::test_a_train_piece_in_a_pocket_may_wait_to_join_a_finished_train"],
    "freizeitpark.konstrukt.abstand": [
        "konstrukte::test_no_second_karussell_at_the_corner_of_a_finished_one",
        "konstrukte::test_a_finished_construct_cannot_be_extended",
        "konstrukte::test_finishing_a_construct_next_to_another_group_of_its_kind",
        "konstrukte::test_unfinished_sites_may_touch_at_a_corner",
        "konstrukte::test_a_train_may_not_touch_a_finished_train",
        "konstrukte::test_a_finished_train_may_be_lengthened_whatever_the_order",
        "konstrukte::test_finishing_a_train_next_to_another_train_piece"],
    "freizeitpark.konstrukt.landschaft": [
        "konstrukte::test_different_constructs_and_landschaft_may_touch"],
    "freizeitpark.wertung.tabellen": ["wertung::test_points_of_every_construct",
                                      "wertung::test_table_limits_are_rule_parameters"],
    "freizeitpark.wertung.landschaft": [
        "wertung::test_three_landschaft_cells_give_three_points_at_once"],
    "freizeitpark.wertung.attraktionen": ["wertung::test_each_attraction_scores_its_own_points",
                                          "wertung::test_unfinished_and_sinful_constructs_score_nothing"],
    "freizeitpark.wertung.verkaufsstand": ["wertung::test_points_of_every_construct",
                                           "wurf::test_both_splits_are_offered_rulebook_example"],
    "freizeitpark.wertung.parkplaetze": ["wertung::test_points_of_every_construct"],
    "freizeitpark.wertung.voll": [
        "wertung::test_a_full_table_takes_no_more_points_but_building_goes_on"],
    "freizeitpark.ende.ausloeser": ["ende::test_meeting_every_minimum_ends_the_game_at_once",
                                    "auftragskarten::test_the_card_is_an_extra_condition"],
    "freizeitpark.ende.abzug": [
        "ende::test_border_cells_never_count_and_a_corner_gap_does_not_let_cells_out",
        "ende::test_the_penalty_fires_a_finisher_and_the_others_play_on"],
    "freizeitpark.ende.gefeuert": ["ende::test_the_penalty_fires_a_finisher_and_the_others_play_on",
                                   "ende::test_meeting_every_minimum_ends_the_game_at_once"],
    "freizeitpark.ende.gleichzeitig": ["ende::test_several_finishers_in_one_round_share_the_win",
                                       "ende::test_tie_break_by_points_is_a_rule_parameter"],
    "freizeitpark.ende.ausgeschieden": [
        "ende::test_a_player_is_out_only_when_no_roll_at_all_fits",
        "ende::test_out_of_room_asks_every_one_of_the_21_rolls",
        "ende::test_a_player_is_out_when_the_empty_cells_cannot_hold_what_is_missing",
        "ende::test_a_card_that_can_no_longer_be_met_puts_the_player_out",
        "properties::test_random_games_keep_the_invariants"],
    "freizeitpark.ende.niemand": ["ende::test_nobody_left_ends_the_game_without_a_winner",
                                  "ende::test_a_fired_player_in_a_solo_game_ends_it_without_a_winner_by_the_rules"],
    "freizeitpark.auftrag.ziehen": ["auftragskarten::test_a_random_card_for_everybody_in_the_expanded_game",
                                    "auftragskarten::test_a_teacher_can_force_the_card_and_nothing_else"],
    "freizeitpark.auftrag.bedingung": ["auftragskarten::test_the_card_is_an_extra_condition",
                                       "auftragskarten::test_the_card_may_be_met_before_the_minimums",
                                       "auftragskarten::test_a_met_card_is_ticked_off",
                                       "auftragskarten::test_messe_can_lapse_and_the_log_says_so"],
    "freizeitpark.auftrag.symbol": ["wurf::test_card_symbols_come_from_one_and_two",
                                    "wurf::test_illegal_uses_of_the_roll",
                                    "auftragskarten::test_card_symbols_are_drawn_with_the_card"],
    "freizeitpark.auftrag.zug": ["auftragskarten::test_zug_needs_ten_connected_cells_and_four_per_line",
                                 "konstrukte::test_a_finished_train_may_be_lengthened_whatever_the_order",
                                 "auftragskarten::test_the_train_scores_nothing"],
    "freizeitpark.auftrag.messe": ["auftragskarten::test_counting_cards",
                                   "auftragskarten::test_messe_counts_pairs_of_attractions"],
    "freizeitpark.auftrag.nachhaltigkeit": [
        "auftragskarten::test_nachhaltigkeit_card_two_landschaft_cells_per_point"],
    "freizeitpark.auftrag.park_der_landschaft": [
        "auftragskarten::test_park_der_landschaft_squares",
        "auftragskarten::test_park_der_landschaft_squares_keep_their_distance"],
}
COUNTING_CARDS = ["vielfalt", "wasserpark", "kinderland", "achterbahn_land", "halloween",
                  "besucherrekord", "kommerz", "volksfest"]
for card in COUNTING_CARDS:
    COVERAGE[f"freizeitpark.auftrag.{card}"] = ["auftragskarten::test_counting_cards"]


def _tests() -> set[str]:
    found = set()
    for path in HERE.glob("test_freizeitpark_*.py"):
        stem = path.stem.removeprefix("test_freizeitpark_")
        found |= {f"{stem}::{name}" for name in re.findall(r"^def (test_\w+)", path.read_text(), re.M)}
    return found


def test_every_rule_names_its_tests():
    assert set(COVERAGE) == set(CAT.ids()), sorted(set(CAT.ids()) ^ set(COVERAGE))


def test_the_named_tests_exist():
    missing = sorted({t for tests in COVERAGE.values() for t in tests} - _tests())
    assert not missing, missing


def test_counting_cards_are_all_parametrised():
    text = (HERE / "test_freizeitpark_auftragskarten.py").read_text()
    for card in COUNTING_CARDS + ["messe"]:
        assert f'("{card}",' in text, card
