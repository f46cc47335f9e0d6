"""Lands of Amazement's declared flow (boardkit.lands.flow): the rulebook's phases in one
place, a whole game going through them in order with ``state.phase`` reading as before
("portfolio", "megapark", "over"), and rule modules that are leaves below the flow (no step
takes itself off the stack or calls the next phase; no import cycle in the package)."""


import pytest
from lands_helpers import EXAMPLE_ORDER

from boardkit.agents import RandomAgent
from boardkit.engine import Flow
from boardkit.lands import GAME, arranged
from boardkit.lands.actions import Complete, Continue, Place
from boardkit.lands.ending import ReserveStep
from boardkit.lands.flow import FLOW
from boardkit.lands.megapark import MegaStep
from boardkit.lands.portfolio import PlaceStep
from boardkit.lands.rearranging import MoveStep


def test_the_phases_are_declared_in_the_rulebooks_order():
    assert GAME.state_class.flow is FLOW and isinstance(FLOW, Flow)
    assert FLOW.first == "portfolio"
    assert {name: phase.rule for name, phase in FLOW.phases.items()} == {
        "portfolio": "lands.portfolio.rounds", "megapark": "lands.megapark.build"}
    assert all(phase.rule in GAME.rules for phase in FLOW.phases.values())
    assert set(FLOW.edges()) == {("portfolio", "portfolio"), ("portfolio", "megapark"),
                                 ("megapark", "over")}
    assert [stage.name for stage in FLOW.turns_of(FLOW.phases["portfolio"])[0].stages] == [
        "place", "build"]


def test_describe_reads_like_the_rulebook():
    described = FLOW.describe()
    assert all(len(line) <= 88 for line in described.splitlines())  # broken at words
    text = " ".join(described.split())
    assert text.startswith("portfolio (first): a round of the Portfolio Phase (4 rounds): "
                           "draw a card and place it")
    assert "until the deck or every stack is empty" in text
    assert "then: portfolio or megapark" in text
    assert "megapark: the reserved cards are turned over" in text
    assert text.endswith("then: the end of the game")


def _walk(seed: int):
    """(phase, round, pending step type) at every decision of a random game, and the end."""
    state = GAME.new_game(seed=seed)
    agent = RandomAgent(seed)
    seen = []
    while not state.is_over:
        seen.append((state.phase, state.round, type(state.pending)))
        assert state.observation(0)["phase"] == state.phase
        state.apply(agent.act(state))
    return seen, state


@pytest.mark.parametrize("seed", [0, 5])
def test_a_whole_game_goes_through_the_phases_in_order(seed):
    seen, end = _walk(seed)
    phases = [phase for phase, _, _ in seen]
    first_mega = phases.index("megapark")
    assert set(phases[:first_mega]) == {"portfolio"} and set(phases[first_mega:]) == {"megapark"}
    rounds = [r for phase, r, _ in seen if phase == "portfolio"]
    assert rounds == sorted(rounds) and set(rounds) <= {1, 2, 3, 4} and end.round == 4
    # the reserve at the end of each round is still the Portfolio Phase
    assert {r for phase, r, step in seen if step is ReserveStep} <= {1, 2, 3, 4}
    assert all(phase == "portfolio" for phase, _, step in seen if step is ReserveStep)
    assert all(step is not PlaceStep for phase, _, step in seen if phase == "megapark")
    assert end.phase == "over" and end.result is not None and end.stack == ()
    assert end.observation(0)["phase"] == "over"


def test_a_new_game_waits_for_the_first_card_of_round_1():
    s = arranged(EXAMPLE_ORDER)
    assert (s.phase, s.round, s.turns, s.drawn) == ("portfolio", 1, [], 1)
    assert [type(step) for step in s.stack if step.player >= 0] == [PlaceStep]  # decisions only
    assert s.log.text().splitlines()[-2:] == [
        "round 1 of 4: the portfolio asks for rides, rides",
        f"draw #1 ({s.card_text(1)}); 3 left in the deck"]


def test_the_last_completion_ends_the_round_without_a_building_step_left():
    """``lands.end.trigger`` by a completion: the round ends once, and no step of the
    finished round stays under what follows (the completing rule used to take the building
    step off the stack and start the round's end itself). The stacks stay empty, so each
    later round ends as soon as it starts, and the Megapark Phase follows round 4."""
    s = arranged(EXAMPLE_ORDER)
    s.apply(Place(1, 0, 5, 5, 0, 1))
    s.apply(Continue())
    s.apply(Place(4, 0, 7, 5, 0, 0))
    s.stacks = [[0], [], []]  # the last plan left: completing it empties every stack
    s.apply(Complete(0, 0))
    text = s.log.text()
    assert text.count("every stack is empty: the round ends (lands.end.trigger)") == 4
    assert [line[:10] for line in text.splitlines() if line.startswith("round ")] == [
        f"round {r} of" for r in (1, 2, 3, 4)]
    assert (s.phase, s.round, s.hand) == ("megapark", 4, [0, 2])
    assert [type(step) for step in s.stack if step.player >= 0] == [MegaStep]


def test_the_megapark_is_built_card_after_card_then_scored_at_the_end():
    seen, end = _walk(3)
    assert {step for phase, _, step in seen if phase == "megapark"} <= {MegaStep, MoveStep}
    assert end.log.text().splitlines()[-1].startswith("final penalty ")
