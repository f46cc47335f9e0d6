"""Every worked example of the Wanderlust rulebook, played on boardkit's map with the
printed numbers (the positions are scenarios in data/wanderlust/scenarios.toml)."""

from __future__ import annotations

import pytest
from wanderlust_helpers import GAME, end_turn, notes, scenario, tickets_total

from boardkit.wanderlust import routes, travel
from boardkit.wanderlust.actions import (
    EndTurn,
    Photo,
    PlayEncounter,
    Souvenir,
    TakeBlind,
    TakeTicket,
    Travel,
)
from boardkit.wanderlust.content import world

W = world()


def moves(state, who: str) -> list[str]:
    """The automaton's moves, 'A → B' (steps and flights), from the log."""
    out = []
    for text in notes(state):
        if text.startswith(who) and (" moves " in text or " flies " in text):
            out.append(text.split(" moves " if " moves " in text else " flies ")[1].split(" (")[0]
                       .split(":")[0])
    return out


# ------------------------------------------------------------------ 1. Acquire a Ticket


def test_sam_takes_the_train_then_a_blind_ticket():
    s = scenario("sam")
    assert s.display[0] == "train" and s.hand_names(0) == ("car", "ship", "wild")
    s.apply(TakeTicket(0))
    assert s.hand_names(0) == ("car", "train", "ship", "wild")
    assert all(t is not None for t in s.display), "the empty slot is refilled at once"
    s.apply(TakeBlind())
    assert sum(s.hand[0]) == 5
    assert s.current_player == 1, "two action points: Sam's turn is over"
    assert tickets_total(s) == 80


# ------------------------------------------------------------------ 2. Travel


def test_jackie_denver_to_anchorage_and_the_bogota_alternative():
    s = scenario("jackie")
    assert s.loc[0] == "Denver" and s.hand_names(0) == ("car", "ship")
    s.apply(TakeTicket(s.display.index("train")))
    assert s.hand_names(0) == ("car", "train", "ship")
    trips = {a for a in s.legal_actions() if isinstance(a, Travel)}
    anchorage = Travel("Anchorage", ("car", "train", "ship"))
    bogota = Travel("Bogotá", ("car", "ship", "train"))  # any order: made canonical
    assert anchorage in trips and bogota in trips
    plan = travel.plan(s, 0)
    route = plan["Anchorage"]["payments"][0]
    assert route.path == ("Denver", "Mexico City", "Los Angeles", "Anchorage")
    assert route.legs == ("car", "train", "ship")
    assert [W.track(a, b) for a, b in zip(route.path, route.path[1:], strict=False)] == ["car", "train", "ship"]
    alt = plan["Bogotá"]["payments"][0]
    assert alt.path == ("Denver", "Mexico City", "Panama", "Bogotá")
    assert alt.legs == ("car", "ship", "train")
    assert W.kind[W.index["Panama"]] == "autostop" and W.track("Mexico City", "Panama") == "white"
    s.apply(anchorage)
    assert s.loc[0] == "Anchorage" and s.exp[0] == 3
    assert s.cards[0] == ["Denver", "Anchorage"]
    assert "Anchorage" not in s.available and all(s.available)
    assert s.discard == [1, 1, 1, 0, 0, 0]
    # her hand was empty after the second action: Efficient Planning, two blind tickets
    assert sum(s.hand[0]) == 2 and s.current_player == 1
    assert any("Efficient Planning" in n for n in notes(s))


def test_laura_flies_to_victoria_falls_and_plays_her_encounter():
    s = scenario("laura")
    trip = Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1)
    assert trip in s.legal_actions()
    pay = routes.payment("New Delhi", "Victoria Falls", routes.counts(trip.tickets), 1,
                         s.hand[0], [d for d in s.available if d], 8)
    assert pay.path == ("New Delhi", "Kabul", "N'Djamena", "Kinshasa", "Victoria Falls")
    assert pay.legs == ("airline", "airline", "wild", "car")
    assert W.track("New Delhi", "Kabul") == "white"  # the Auto stop: no encounter there
    assert W.kind[W.index["Kabul"]] == W.kind[W.index["N'Djamena"]] == "airport"
    s.apply(trip)
    assert s.exp[0] == 3, "4 tickets, one of them wild: 3 experience"
    assert s.enc_gained[0] == 1, "one long flight: one encounter card"
    assert s.enc[0] == {"pen-pal": 1}
    assert s.observation(1)["trotters"][0]["encounters"] is None  # hidden from Jackie
    s.apply(PlayEncounter("pen-pal"))
    assert s.collectibles(0) == [0, 1, 0] and s.passport_tokens[0] == [0, 1, 0]


# ------------------------------------------------------------------ 3. Gain Collectibles


def test_scott_souvenirs_darvaza_end_of_race_and_photo():
    s = scenario("scott")
    assert s.exp[0] == 19 and len(s.zones_visited(0)) == 4
    # turn 1: two souvenirs in Cairo
    s.apply(Souvenir())
    s.apply(Souvenir())
    assert s.tokens[0]["Cairo"] == [2, 0, 0] and s.current_player == 1
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    # turn 2: Cairo -> Darvaza with all six tickets, one flight
    trip = Travel("Darvaza", ("car", "train", "ship", "airline", "wild", "wild"), flights=1)
    assert trip in s.legal_actions()
    s.apply(trip)
    assert s.exp[0] == 23, "4 experience: 19 -> 23"
    assert s.enc_gained[0] == 2 and sum(s.hand[0]) == 0
    assert s.achieved[0] == ["first-to-the-finish", "around-the-world"]
    assert s.trigger == 0
    photo = s.explain(Photo())
    assert not photo and photo.rule == "wanderlust.collect.photo"
    s.apply(TakeBlind())
    end_turn(s)
    assert sum(s.hand[0]) == 1
    assert not any("Efficient Planning" in n for n in notes(s)), "a ticket is still in hand"
    # Jackie's last turn, then Scott's
    assert s.current_player == 1
    s.apply(TakeBlind())
    s.apply(TakeBlind())
    end_turn(s)
    assert s.current_player == 0 and not s.is_over
    s.apply(Photo())
    end_turn(s)
    assert s.is_over
    assert s.collectibles(0) == [2, 1, 1]
    parts = s.score_breakdown(0)
    assert parts["A_collectibles"] == 2 * 1 + 1 * 2 + 1 * 3 + 3, "a full set: 3 bonus points"
    assert parts["B_experience"] == 23


# ------------------------------------------------------------------ Solo Mode


def test_scott_automaton_skips_souvenirs_it_no_longer_needs():
    s = scenario("scott-automaton")
    scott = 1
    assert s.trotters == 3 and s.automatons == 2
    assert moves(s, "A1")[0] == "Denver → Grand Canyon"
    assert s.tokens[scott]["Denver"] == [0, 0, 0], "6 souvenirs already: none in Denver"
    assert s.collectibles(scott) == [6, 0, 1], "but a camera at the Grand Canyon"
    assert s.exp[scott] == 12 and "Grand Canyon" in s.cards[scott]


def test_laura_automaton_reaches_tehran_with_three_points():
    s = scenario("laura-automaton")
    laura = 1
    assert moves(s, "A1") == ["Busan → Beijing", "Beijing → Kabul", "Kabul → Tehran",
                              "Tehran → Dubai"]
    assert s.enc_gained[laura] == 1 and s.exp[laura] == 3
    assert s.cards[laura] == ["Busan", "Tehran"]
    assert s.available == ["Petra", "Reykjavík", "Sydney"], "shift right, new card on the left"
    assert s.current_player == 0


def test_jackie_automaton_cape_town_santiago_then_brasilia():
    s = scenario("jackie-automaton")
    jackie = 1
    assert moves(s, "A1") == ["Cape Town → Buenos Aires", "Buenos Aires → Santiago de Chile",
                              "Santiago de Chile → Asunción", "Asunción → Brasília"]
    assert s.loc[jackie] == "Brasília" and W.kind[W.index["Brasília"]] == "airport"
    assert s.cards[jackie] == ["Cape Town", "Santiago de Chile"] and s.exp[jackie] == 3
    assert s.available == ["Reykjavík", "Tokyo", "Bogotá"]


def test_laura_automaton_cairo_blocked_heads_to_dubai():
    s = scenario("laura-automaton-blocked")
    laura = 1
    assert moves(s, "A1") == ["Busan → Beijing", "Beijing → Kabul", "Kabul → Tehran"]
    assert s.enc_gained[laura] == 1 and s.exp[laura] == 0
    text = " ".join(notes(s))
    assert "Dubai is the priority destination (rule 3.B)" in text


@pytest.mark.parametrize("name", ["sam", "jackie", "laura", "scott", "scott-automaton",
                                  "laura-automaton", "jackie-automaton",
                                  "laura-automaton-blocked"])
def test_scenarios_replay_from_json(name):
    s = scenario(name)
    again = GAME.from_json(s.to_json())  # the scenario forces its draws: no allow_forced
    assert again.log.text() == s.log.text()
    assert again.to_json() == s.to_json()


def test_a_scenarios_forced_draws_load_by_default_but_cannot_be_changed():
    from boardkit.engine import SaveGameError

    s = scenario("laura")  # its stack forces the first encounter card: 'pen-pal'
    pending = s.to_dict()
    s.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    drawn = s.to_dict()
    i, rec = next((i, r) for i, r in enumerate(drawn["history"]) if r.get("forced"))
    assert rec["value"] == "pen-pal" and drawn["forced_pending"] == {}
    assert GAME.from_dict(drawn).to_dict() == drawn
    rec["value"] = "storyteller"
    for allow in (False, True):  # not even a teacher's save: the scenario decides this draw
        with pytest.raises(SaveGameError, match=rf"history\[{i}\]: .*the game forces 'pen-pal'"):
            GAME.from_dict(drawn, allow_forced=allow)
    assert pending["forced_pending"] == {"encounter": ["pen-pal"]}
    assert GAME.from_dict(pending).to_dict() == pending
    for altered, message in [({}, "the game still forces 'encounter'"),
                             ({"encounter": ["storyteller"]}, "the game forces"),
                             ({"encounter": ["pen-pal", "storyteller"]}, "allow_forced=True")]:
        with pytest.raises(SaveGameError, match=message):
            GAME.from_dict({**pending, "forced_pending": altered})
    extra = GAME.from_dict({**pending, "forced_pending": {"encounter": ["pen-pal", "storyteller"]}},
                           allow_forced=True)
    assert extra.to_dict()["forced_pending"] == {"encounter": ["pen-pal", "storyteller"]}


def test_stepping_back_in_a_scenario_keeps_its_forced_draws_to_come():
    s = scenario("laura")
    start, move = s.action_count, Travel("Victoria Falls", ("airline", "airline", "wild", "car"),
                                         flights=1)
    s.apply(move)  # draws the scenario's encounter card
    back = s.replay_prefix(start)  # the log slider, or undo
    back.apply(move)
    assert back.to_dict() == s.to_dict()


def test_end_turn_is_needed_only_with_an_encounter_to_play():
    s = scenario("laura")
    s.apply(Travel("Victoria Falls", ("airline", "airline", "wild", "car"), flights=1))
    s.apply(TakeBlind())
    assert s.legal_actions()[0] == EndTurn() and PlayEncounter("pen-pal") in s.legal_actions()
