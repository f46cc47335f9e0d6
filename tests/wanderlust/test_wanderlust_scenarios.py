"""The walkthrough's positions and checks: each rule shown on a named scenario with its legal
and its illegal case, and the board's attempts (``WanderlustBoard.attempt``)."""

from __future__ import annotations

import pytest
from wanderlust_helpers import GAME, scenario

from boardkit.boards.base import action_target
from boardkit.engine import VariantError
from boardkit.wanderlust import routes
from boardkit.wanderlust.actions import (
    EndTurn,
    Photo,
    ResetDisplay,
    Souvenir,
    TakeBlind,
    TakeTicket,
    Travel,
)
from boardkit.wanderlust.content import world
from boardkit.wanderlust.scenarios import scenarios

# ------------------------------------------------------------------ the board's attempts


def test_attempts_show_on_the_board_without_changing_the_game():
    start = scenario("jackie")
    start.apply(TakeTicket(start.display.index("train")))
    board = GAME.board(start)
    legal = Travel("Anchorage", ("car", "train", "ship"))
    assert board.attempt(legal) is board
    board.attempt(Travel("Tokyo"))
    svg = board.svg()
    assert "tried “travel to Anchorage paying car, train, ship”: legal" in svg
    assert "refused, wanderlust.travel.route" in svg
    assert 'stroke="#1b7f3b"' in svg  # the legal route drawn in green on the map
    assert board.last_error.rule == "wanderlust.travel.route"
    assert board.state.to_dict() == start.to_dict() and board.state.loc[0] == "Denver"
    blind = action_target(board.state, TakeBlind())
    board.handle_message({"kind": "click", "target": blind})  # the reader takes over
    assert "tried “" not in board.svg() and board.state.action_count == start.action_count + 1


def test_an_attempted_trip_that_repeats_a_track_draws_the_repeating_route():
    s = scenario("three-cars")
    board = GAME.board(s).attempt(Travel("Mexico City", ("car", "car", "car")))
    svg = board.svg()
    assert "refused, wanderlust.travel.no_repeat" in svg
    assert 'stroke="#b3261e"' in svg and 'stroke-dasharray="8 6"' in svg


def test_attempts_of_other_actions_get_a_box_and_go_when_the_game_moves_on():
    board = GAME.board(scenario("sam")).attempt(TakeTicket(0)).attempt(ResetDisplay())
    svg = board.svg()
    assert "tried “take the ticket in display slot 1”: legal" in svg
    assert "refused, wanderlust.tickets.reset" in svg
    board.play(TakeTicket(0))
    assert "tried “" not in board.svg()
    with pytest.raises(TypeError):
        board.attempt("take a ticket")


# ------------------------------------------------------------------ scenarios


def test_every_scenario_starts_and_an_unknown_one_is_refused():
    for name in scenarios():
        assert scenario(name).legal_actions()
    with pytest.raises(VariantError, match="unknown scenario"):
        scenario("atlantis")


# ------------------------------------------------------------------ the walkthrough's rule cases


def test_setup_hometown_is_not_visited_unless_the_parameter_says_so():
    kept = scenario("scott")
    counted = scenario("scott", params={"setup.hometown_visited": True})
    assert kept.cards[0][0] == "Vancouver" and "Vancouver" not in kept.visited(0)
    assert "Vancouver" in counted.visited(0)
    home = world().zone("Vancouver")
    assert home not in kept.zones_visited(0)
    assert counted.zones_visited(0) == kept.zones_visited(0) | {home}


def test_observation_hides_the_other_players_hand_and_mission():
    state = GAME.new_game(players=3, seed=7)
    seen = state.observation(0)["trotters"]
    assert seen[0]["hand"] is not None and seen[0]["mission"] is not None
    assert seen[1]["hand"] is None and seen[1]["mission"] is None


def test_turn_two_points_no_skip_legal_and_illegal():
    sam = scenario("sam")
    assert sam.explain(TakeBlind())
    why = sam.explain(EndTurn())
    assert not why and why.rule == "wanderlust.turn.no_skip"


def test_tickets_reset_only_with_two_types_and_at_no_action_point():
    refused = scenario("sam").explain(ResetDisplay())
    assert refused.rule == "wanderlust.tickets.reset" and "4 ticket types" in refused.message
    two = scenario("two-types")
    assert len(set(two.display)) == 2 and two.explain(ResetDisplay())
    two.apply(ResetDisplay())
    assert two.step_points == 2 and two.current_player == 0


def test_sams_example_refills_the_display_and_ends_his_turn():
    sam = scenario("sam")
    sam.apply(TakeTicket(0))
    sam.apply(TakeBlind())
    assert all(sam.display) and sum(sam.hand[0]) == 5 and sam.current_player == 1


def test_jackies_trips_legal_and_illegal():
    jackie = scenario("jackie")
    jackie.apply(TakeTicket(jackie.display.index("train")))
    assert jackie.explain(Travel("Anchorage", ("car", "train", "ship")))
    assert jackie.explain(Travel("Tokyo")).rule == "wanderlust.travel.route"
    assert jackie.explain(Travel("Anchorage", ("car", "ship", "ship"))).rule == \
        "wanderlust.travel.hand"
    assert jackie.explain(Travel("Los Angeles", ("car", "train"))).rule == \
        "wanderlust.travel.available"


def test_a_trip_longer_than_the_listing_is_legal():
    long = scenario("nine-wilds")
    nine = Travel("Anchorage", ("wild",) * 9)
    assert nine not in long.legal_actions() and long.explain(nine)
    assert len(routes.find("Denver", "Anchorage", routes.counts(nine.tickets), 0).path) == 10
    long.apply(nine)
    assert long.loc[0] == "Anchorage" and long.exp[0] == 0  # wild tickets give no experience


def test_no_track_twice_legal_and_illegal():
    s = scenario("three-cars")
    assert s.explain(Travel("Mexico City", ("car",)))
    why = s.explain(Travel("Mexico City", ("car", "car", "car")))
    assert why.rule == "wanderlust.travel.no_repeat"


def test_a_city_twice_by_two_tracks_is_legal_an_airport_twice_is_not():
    loop = scenario("loop")
    trip = Travel("Mexico City", ("car", "train", "train", "ship"))
    assert trip in loop.legal_actions()
    path = routes.find("Los Angeles", "Mexico City", routes.counts(trip.tickets), 0).path
    assert path.count("Los Angeles") == 2
    back = scenario("fly-back")
    assert back.explain(Travel("Dakar", ("car", "car")))
    twice = back.explain(Travel("Dakar", ("car", "car", "airline", "airline", "airline"),
                                flights=3))
    assert twice.rule == "wanderlust.travel.no_repeat"
    stops = routes.repeating_route("Cairo", "Dakar", routes.counts(("car", "car", "airline",
                                                                    "airline", "airline")), 3)
    assert [s.split(" (")[0] for s in stops].count("N'Djamena") == 2


def test_collectibles_only_of_the_place_where_the_trotter_stands():
    scott = scenario("scott")
    assert scott.explain(Souvenir())
    assert scott.explain(Photo()).rule == "wanderlust.collect.where"


def test_house_rule_refuses_a_two_ticket_trip_that_is_legal_without_it():
    short = Travel("Rome", ("car", "wild"))
    assert scenario("sam").explain(short)
    assert scenario("sam", house_rule=True).explain(short).rule == "wanderlust.house.min_tickets"


def test_family_variant_scores_a_b_c_only():
    family = GAME.new_game(players=2, seed=3, variant={"family": True})
    assert set(family.score_breakdown(0)) == {"A_collectibles", "B_experience", "C_objectives"}
