"""Every rule of the Lands of Amazement catalog has tests for its legal and illegal case
(listed here, so a reader can go from a rule id to its tests), and the code cites them."""

import re
from pathlib import Path

from boardkit.lands import GAME

HERE = Path(__file__).parent
#: rule id -> tests (file stem without "test_lands_", function) covering it
COVERAGE = {
    "lands.setup.goal": ["setup:test_goal_side_is_random_and_logged", "setup:test_forced_setup_must_be_a_full_shuffle"],
    "lands.setup.deck": ["setup:test_setup_deals_deck_reserve_and_three_stacks", "setup:test_forced_setup_must_be_a_full_shuffle"],
    "lands.setup.reserve": ["setup:test_setup_deals_deck_reserve_and_three_stacks", "setup:test_only_stack_tops_are_seen"],
    "lands.setup.stacks": ["setup:test_setup_deals_deck_reserve_and_three_stacks", "setup:test_deal_is_even_for_other_counts"],
    "lands.setup.face_up": ["setup:test_only_stack_tops_are_seen", "setup:test_determinize_deals_unseen_cards_anew"],
    "lands.setup.areas": ["setup:test_setup_deals_deck_reserve_and_three_stacks"],
    "lands.portfolio.rounds": ["ending:test_four_rounds_then_the_megapark"],
    "lands.portfolio.draw": ["building:test_illegal_placements_change_nothing", "rearranging:test_without_moves_left_the_game_goes_on_by_itself"],
    "lands.portfolio.place": ["building:test_illegal_placements_change_nothing", "building:test_game_placement_rules"],
    "lands.build.rotation": ["building:test_rotation_quarter_turns_only"],
    "lands.build.align": ["building:test_align_refuses_partial_cover_and_off_grid", "board_widget:test_misaligned_drop_shows_the_rule"],
    "lands.build.area": ["building:test_area_is_bounded"],
    "lands.build.choose_shape": ["building:test_choose_shape_and_layer_and_park_number"],
    "lands.build.contiguous": ["building:test_contiguous_edges_join_corners_do_not", "building:test_cut_off_icons_are_not_part_of_the_park", "megapark_scoring:test_cut_off_icons_are_not_scored"],
    "lands.build.one_shape": ["building:test_each_card_adds_one_shape"],
    "lands.build.contribute": ["building:test_each_card_contributes_an_icon"],
    "lands.build.park": ["building:test_choose_shape_and_layer_and_park_number"],
    "lands.build.layer": ["building:test_choose_shape_and_layer_and_park_number", "building:test_a_card_may_be_slipped_in_between", "building:test_place_at_a_level_through_the_game"],
    "lands.rearrange.within": ["rearranging:test_rearrange_within_the_park", "rearranging:test_cards_never_change_parks", "rearranging:test_relayout_is_checked_when_finished_not_in_between", "rearranging:test_an_illegal_final_layout_is_refused_and_changes_nothing", "rearranging:test_relayout_of_a_missing_park_and_while_a_card_is_picked_up", "rearranging:test_relayout_before_placing_the_drawn_card"],
    "lands.rearrange.no_removal": ["rearranging:test_cards_are_never_removed", "rearranging:test_an_illegal_final_layout_is_refused_and_changes_nothing"],
    "lands.rearrange.limit": ["rearranging:test_put_back_and_the_limit", "rearranging:test_limit_is_a_parameter"],
    "lands.complete.match": ["completing:test_both_parks_can_complete_the_plan", "completing:test_complete_illegal", "completing:test_match_allows_quarter_turns"],
    "lands.complete.stack": ["completing:test_complete_illegal", "completing:test_empty_stack_has_no_plan"],
    "lands.complete.exact": ["completing:test_perfect_match_offers_the_ability", "completing:test_extra_icon_completes_without_ability"],
    "lands.complete.ability": ["completing:test_ability_is_optional", "completing:test_wrong_ability_target"],
    "lands.complete.no_target": ["completing:test_ability_without_target_is_skipped"],
    "lands.complete.discard": ["completing:test_perfect_match_offers_the_ability", "completing:test_extra_icon_completes_without_ability"],
    "lands.complete.moved_plan": ["completing:test_moved_plan_stays_in_play"],
    "lands.ability.move_plan": ["completing:test_moved_plan_stays_in_play", "abilities:test_move_plan_does_what_its_text_says"],
    "lands.ability.bury": ["completing:test_perfect_match_offers_the_ability", "completing:test_wrong_ability_target", "abilities:test_bury_does_what_its_text_says"],
    "lands.ability.swap": ["completing:test_other_abilities", "abilities:test_swap_does_what_its_text_says"],
    "lands.ability.reclaim": ["completing:test_other_abilities", "abilities:test_reclaim_does_what_its_text_says"],
    "lands.end.trigger": ["ending:test_deck_empty_ends_the_round_and_clears_the_build_area", "completing:test_every_stack_empty_ends_the_round"],
    "lands.end.discard_build": ["ending:test_deck_empty_ends_the_round_and_clears_the_build_area"],
    "lands.end.reserve_match": ["ending:test_reserve_needs_an_icon_of_the_round"],
    "lands.end.reserve_required": ["ending:test_reserve_is_required_when_possible", "ending:test_nothing_to_reserve_covers_the_round_anyway"],
    "lands.end.reserve_more": ["ending:test_reserve_more_then_cover_and_shuffle"],
    "lands.end.cover": ["ending:test_reserve_more_then_cover_and_shuffle", "ending:test_four_rounds_then_the_megapark"],
    "lands.end.new_deck": ["ending:test_reserve_more_then_cover_and_shuffle", "ending:test_a_forced_new_deck_must_be_the_discard_pile", "ending:test_leftover_deck_joins_the_new_deck"],
    "lands.megapark.build": ["megapark_scoring:test_only_reserved_cards_one_park_no_stack_plans", "megapark_scoring:test_rearranging_in_the_megapark"],
    "lands.megapark.only_reserved": ["megapark_scoring:test_only_reserved_cards_one_park_no_stack_plans"],
    "lands.megapark.all_cards": ["megapark_scoring:test_only_reserved_cards_one_park_no_stack_plans", "megapark_scoring:test_the_rulebook_scoring_example"],
    "lands.megapark.single": ["megapark_scoring:test_only_reserved_cards_one_park_no_stack_plans"],
    "lands.megapark.plan_only": ["megapark_scoring:test_only_reserved_cards_one_park_no_stack_plans"],
    "lands.megapark.missing_ok": ["megapark_scoring:test_missing_icons_are_allowed_and_scored"],
    "lands.score.unfilled": ["megapark_scoring:test_the_rulebook_scoring_example", "megapark_scoring:test_points_follow_the_parameters"],
    "lands.score.extra": ["megapark_scoring:test_the_rulebook_scoring_example"],
    "lands.score.portfolio": ["megapark_scoring:test_the_rulebook_scoring_example", "megapark_scoring:test_points_follow_the_parameters"],
    "lands.score.alignment": ["megapark_scoring:test_alignment_is_free"],
    "lands.score.titles": ["megapark_scoring:test_titles"],
    "lands.score.result": ["megapark_scoring:test_winners_follow_the_result_table", "megapark_scoring:test_expert_points_can_turn_a_win_into_a_failure"],
    "lands.expert.stacks": ["megapark_scoring:test_expert_mode_counts_stack_cards"],
}


def test_every_rule_has_tests():
    assert sorted(COVERAGE) == sorted(GAME.rules.ids())
    for rule, tests in COVERAGE.items():
        for ref in tests:
            stem, name = ref.split(":")
            source = (HERE / f"test_lands_{stem}.py").read_text()
            assert re.search(rf"^def {name}\(", source, re.M), f"{rule}: no test {ref}"


def test_rules_with_a_reading_say_why():
    unclear = GAME.rules.ambiguous()
    assert len(unclear) >= 15
    for r in unclear:
        assert len(r.reading) > 40, r.id


def test_code_cites_the_catalog():
    code = "".join(p.read_text() for p in (HERE.parent.parent / "boardkit" / "lands").glob("*.py"))
    cited = set(re.findall(r"(?<![\w.])lands\.[a-z_]+\.[a-z_]+", code))
    assert cited <= set(GAME.rules.ids()), cited - set(GAME.rules.ids())
    assert len(cited) >= 40
