"""Wishland's declared flow (boardkit.wishland.flow): the rulebook's phases in one place, a
whole game going through them in order, and rule modules that are leaves below the flow (no
step pops itself or calls the next phase; no import cycle in the package)."""

import re

import pytest

from boardkit.agents import RandomAgent
from boardkit.engine import Flow
from boardkit.wishland import GAME
from boardkit.wishland.flow import FLOW
from boardkit.wishland.rewards import ChoiceStep
from boardkit.wishland.setup import DraftStep
from boardkit.wishland.turn_order import TurnOrderStep


def test_the_phases_are_declared_in_the_rulebooks_order():
    assert GAME.state_class.flow is FLOW and isinstance(FLOW, Flow)
    assert FLOW.first == "entrepreneurs"
    assert {name: phase.rule for name, phase in FLOW.phases.items()} == {
        "entrepreneurs": "wishland.entrepreneur.draft",
        "turn_order": "wishland.turn_order.sequence",
        "income": "wishland.income.base",
        "player_turns": "wishland.turns.count",
        "end_of_round": "wishland.end_of_round.discard",
        "final_scoring": "wishland.final.order",
    }
    assert all(phase.rule in GAME.rules for phase in FLOW.phases.values())
    assert set(FLOW.edges()) == {
        ("entrepreneurs", "turn_order"), ("turn_order", "income"), ("income", "player_turns"),
        ("player_turns", "end_of_round"), ("player_turns", "final_scoring"),
        ("end_of_round", "turn_order"), ("final_scoring", "over"),
    }



def test_a_turn_and_a_solo_turn_read_as_their_stages_in_order():
    turns = FLOW.turns_of(FLOW.phases["player_turns"])
    assert [t.name for t in turns] == ["solo turn", "turn"]
    solo_turn, turn = turns
    assert [s.name for s in turn.stages] == ["action", "free_actions", "hotel_13"]
    assert [s.name for s in solo_turn.stages] == ["action", "more", "after", "hotel_13"]
    text = FLOW.describe()
    for line in ("turn 'turn': one standard action", "1. action: place Workers",
                 "2. free_actions: when one is possible", "3. hotel_13: with Hotel #13",
                 "turn 'solo turn': Solo Mode", "2. more: after a draw",
                 "then: turn_over (the turn is over)"):
        assert line in text, line


def test_describe_reads_like_the_round_summary():
    text = FLOW.describe()
    assert text.startswith("entrepreneurs (first): with the optional Entrepreneur cards")
    assert "turn_order: a new round: the holder of the First Player Token" in text
    assert "income: in Player Turn Order each player takes 5 Credits" in text
    assert "then: end_of_round or final_scoring" in text
    assert "final_scoring: after round 7" in text and "then: the end of the game" in text
    assert "Solo Mode" in text


def _phases_at_decisions(players: int, seed: int, variant: dict | None = None) -> str:
    """The phases a random game's decisions are taken in, repeats run together."""
    state = GAME.new_game(players=players, seed=seed, variant=variant)
    agents = [RandomAgent(seed + seat) for seat in range(players)]
    seen = [state.phase]
    while not state.is_over:
        state.apply(agents[state.current_player].act(state))
        if state.phase != seen[-1]:
            seen.append(state.phase)
    return " ".join(seen)


@pytest.mark.parametrize("players, variant", [(3, {"entrepreneurs": True}), (1, None)])
def test_a_whole_game_goes_through_the_phases_in_order(players, variant):
    phases = _phases_at_decisions(players, seed=3, variant=variant)
    draft = "entrepreneurs " if variant else ""
    # the income phase and the end of a round ask nobody unless a reward offers a choice;
    # Final Scoring asks only the owner of Hotel #8
    round_ = r"turn_order (income )?player_turns "
    assert re.fullmatch(draft + round_ * 7 + r"(final_scoring )?over", phases), phases


def test_the_draft_is_one_turn_per_seat_then_the_first_round():
    s = GAME.new_game(players=3, seed=1, variant={"entrepreneurs": True})
    assert (s.phase, s.turns, s.current_player) == ("entrepreneurs", [1, 2], 0)
    assert isinstance(s.pending, DraftStep)
    for seat in range(3):
        assert s.current_player == seat
        s.apply(s.legal_actions()[0])
    assert s.phase == "turn_order" and isinstance(s.pending, TurnOrderStep)
    assert all(s.entrepreneur)  # revealed together at the end of the draft


def test_a_teachers_position_gives_its_choices_before_the_draft():
    """``its choices come first``: the teacher's cards are played during the setup, so their
    choice rewards are asked before the first decision of the game, the draft included."""
    s = GAME.new_game(players=2, seed=0, variant={"scenario": "five-mascots",
                                                  "entrepreneurs": True})
    assert isinstance(s.pending, ChoiceStep) and s.phase == "entrepreneurs"
    while isinstance(s.pending, ChoiceStep):
        s.apply(s.legal_actions()[0])
    assert isinstance(s.pending, DraftStep)
