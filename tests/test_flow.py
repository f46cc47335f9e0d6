"""The declared flow (boardkit.engine.flow): phases, turns, continuations, errors, teaching.

A small game defined here exercises every part: a ``bid`` phase in which each seat picks 1
or 2 (a 2 offers a bonus decision whose payment is a continuation), a ``score`` phase with
no turns, two rounds, and an ``end_if`` that ends a bid phase early.
"""

from __future__ import annotations

from typing import Annotated

import pytest

import boardkit
from boardkit.engine import (
    Action,
    Flow,
    FlowError,
    Game,
    GameDefinitionError,
    Phase,
    Range,
    RuleViolation,
    State,
    Step,
    Then,
    action,
)


@action
class Pick(Action):
    amount: Annotated[int, Range(1, 2)]


@action
class Bonus(Action):
    take: bool


class PickStep(Step):
    rule = "toy.pick"
    auto = False

    def __init__(self, player: int):
        self.player = player

    def legal(self, state):
        return [Pick(1), Pick(2)]

    def resolve(self, state, act):
        state.points[self.player] += act.amount
        if act.amount == 2:  # the payment waits for the bonus decision asked first
            state.ask(BonusStep(self.player))
            state.then(_pay, self.player)


class BonusStep(Step):
    rule = "toy.bonus"
    auto = False

    def __init__(self, player: int):
        self.player = player

    def legal(self, state):
        return [Bonus(True), Bonus(False)]

    def resolve(self, state, act):
        state.bonus[self.player] = act.take


def _pay(state, player: int) -> None:
    if state.bonus[player]:
        if state.points[player] > 90:
            raise RuntimeError("a failure deep in the flow")
        state.points[player] += 10
    state.note(f"pays P{player + 1}")


def _score(state) -> None:
    state.rounds += 1
    state.note(f"round {state.rounds} scored: {state.points}")


FLOW = Flow(
    Phase("bid", "each seat picks 1 or 2; a 2 offers a bonus", turn=lambda s, p: PickStep(p),
          end_if=lambda s: max(s.points) >= 50, next="score"),
    Phase("score", "the round is scored", end=_score,
          next=lambda s: "bid" if s.rounds < 2 else None, leads_to=("bid", None)),
    first="bid",
)


class ToyState(State):
    flow = FLOW
    points: list[int]
    bonus: list[bool]
    rounds: int

    def setup(self):
        self.points = [0] * self.players
        self.bonus = [False] * self.players
        self.rounds = 0
        self.flow.begin(self)

    def _scores(self):
        return [float(p) for p in self.points]

    def _observe(self, player):
        return {"points": list(self.points)}


GAME = Game(name="toy-flow", title="Toy flow", state_class=ToyState, actions=(Pick, Bonus),
            players=(1, 3))


def test_turns_follow_the_seats_then_the_next_phase():
    s = GAME.new_game(players=2, seed=0)
    assert (s.phase, s.turns, s.current_player) == ("bid", [1], 0)
    s.apply(Pick(1))
    assert (s.phase, s.current_player) == ("bid", 1)
    s.apply(Pick(1))
    # the score phase has no turns: it ends at once and the next bid phase starts
    assert (s.phase, s.current_player, s.rounds) == ("bid", 0, 1)
    s.apply(Pick(1))
    s.apply(Pick(1))
    assert s.is_over and s.phase == "over" and s.rounds == 2
    assert s.legal_actions() == []


def test_the_engine_takes_a_step_off_before_resolving_it():
    s = GAME.new_game(players=2, seed=0)
    s.apply(Pick(1))
    assert [type(t).__name__ for t in s.stack] == ["PickStep"]  # one pending decision, P2's


def test_a_continuation_runs_once_the_decision_above_it_is_made():
    s = GAME.new_game(players=2, seed=0)
    s.apply(Pick(2))
    assert isinstance(s.pending, BonusStep) and s.stack[0] == Then(_pay, 0)
    assert s.points == [2, 0]
    s.apply(Bonus(True))
    assert s.points == [12, 0] and s.current_player == 1
    assert [e.text for e in s.log if e.kind == "info"][-1] == "pays P1"


def test_end_if_ends_the_phase_and_drops_the_remaining_turns():
    s = GAME.new_game(players=3, seed=0)
    s.points[0] = 48
    s.apply(Pick(2))
    s.apply(Bonus(False))  # P1 reaches 50: P2 and P3 lose their turn, in both rounds
    assert s.is_over and s.rounds == 2
    assert {e.player for e in s.log if e.kind == "action"} == {0}


def test_a_failure_in_a_continuation_changes_nothing():
    s = GAME.new_game(players=2, seed=0)
    s.points[0] = 95
    s.apply(Pick(2))
    before = (repr(s.stack), s.phase, list(s.turns), list(s.points), len(s.log))
    with pytest.raises(RuntimeError):
        s.apply(Bonus(True))
    assert (repr(s.stack), s.phase, list(s.turns), list(s.points), len(s.log)) == before


def test_illegal_actions_leave_the_flow_where_it_was():
    s = GAME.new_game(players=2, seed=0)
    with pytest.raises(RuleViolation):
        s.apply(Bonus(True))
    assert (s.phase, s.turns, s.current_player) == ("bid", [1], 0)


def test_saves_and_clones_keep_the_flow():
    s = GAME.new_game(players=2, seed=4)
    s.apply(Pick(2))
    copy = s.clone()
    assert repr(copy.stack) == repr(s.stack) and (copy.phase, copy.turns) == (s.phase, s.turns)
    loaded = GAME.from_json(s.to_json())
    assert (loaded.phase, loaded.turns, loaded.points) == (s.phase, s.turns, s.points)
    loaded.apply(Bonus(True))
    assert loaded.points == [12, 0]


def test_describe_and_graph_show_the_declared_flow():
    text = FLOW.describe()
    assert "bid (first): each seat picks 1 or 2" in text
    assert "then: bid or the end of the game" in text
    assert set(FLOW.edges()) == {("bid", "score"), ("score", "bid"), ("score", "over")}


@pytest.mark.parametrize("phases, first, message", [
    ((Phase("a", "x"), Phase("a", "y")), "a", "declared twice"),
    ((Phase("over", "x"),), "over", "declared twice"),
    ((Phase("a", "x"),), "b", "first phase 'b' is not declared"),
    ((Phase("a", "x", next="b"),), "a", "undeclared phase 'b'"),
    ((Phase("a", "x", next=lambda s: None),), "a", "needs 'leads_to'"),
    ((Phase("a", "x", next=lambda s: "b", leads_to=("b",)),), "a", "undeclared phase 'b'"),
])
def test_a_wrongly_declared_flow_is_refused_when_defined(phases, first, message):
    with pytest.raises(FlowError, match=message):
        Flow(*phases, first=first)


def test_a_phase_returning_what_it_did_not_declare_is_named():
    class Bad(ToyState):
        flow = Flow(Phase("a", "x", next=lambda s: "b", leads_to=("a", "b")),
                    Phase("b", "y", next=lambda s: "a", leads_to=("b",)), first="a")

    bad = Game(name="bad-flow", title="Bad", state_class=Bad, actions=(Pick,), players=(1, 1))
    with pytest.raises(FlowError, match="phase 'b' returned 'a', which it does not declare"):
        bad.new_game(players=1)


def test_work_that_waits_must_be_a_named_function():
    s = GAME.new_game(players=1, seed=0)
    with pytest.raises(GameDefinitionError, match="must be a function defined at a module's top"):
        s.then(lambda state: None)
    with pytest.raises(GameDefinitionError, match="a decision is a Step"):
        s.ask("BonusStep")  # type: ignore[arg-type]
    assert len(s.stack) == 1 and not s._batch  # nothing was scheduled


@pytest.mark.parametrize("name, phases", [
    ("dice-grid", {"round"}),
    ("freizeitpark", {"eingang", "runde"}),
    ("wanderlust", {"first_round", "round"}),
    ("lands", {"portfolio", "megapark"}),
    ("wishland", {"entrepreneurs", "turn_order", "income", "player_turns", "end_of_round",
                  "final_scoring"}),
])
def test_games_that_declare_their_flow_show_it(name, phases):
    state_class = boardkit.game(name).state_class
    assert set(state_class.flow.phases) == phases
    assert "the end of the game" in state_class.flow.describe()
    s = boardkit.game(name).new_game(seed=2)
    assert s.phase in phases


# ------------------------------------------------ turns repeated, decisions at a phase's end
class DrawStep(Step):
    rule = "toy.draw"
    auto = False

    def __init__(self, player: int):
        self.player = player

    def legal(self, state):
        return [Pick(1)]

    def resolve(self, state, act):
        state.points[self.player] += state.deck.pop()


class KeepStep(Step):
    """At the end of the draws: keep the points or not (a decision the phase's end asks)."""

    rule = "toy.keep"
    auto = False

    def legal(self, state):
        return [Bonus(True), Bonus(False)]

    def resolve(self, state, act):
        if not act.take:
            state.points = [0] * state.players


class DeckState(ToyState):
    flow = Flow(
        Phase("draws", "draw until the deck is empty",
              turn=lambda s, p: DrawStep(p) if s.deck else None,
              again=lambda s: bool(s.deck), end=lambda s: s.ask(KeepStep()),
              next="tally"),
        Phase("tally", "count", end=lambda s: s.note(f"tally {s.points}")),
        first="draws",
    )
    deck: list[int]

    def setup(self):
        self.deck = [1, 2, 3, 4, 5]
        super().setup()


DECK = Game(name="toy-deck", title="Toy deck", state_class=DeckState, actions=(Pick, Bonus),
            players=(1, 3))


def test_again_repeats_the_turns_until_it_says_no():
    s = DECK.new_game(players=2, seed=0)
    seats = []
    while isinstance(s.pending, DrawStep):
        seats.append(s.current_player)
        s.apply(Pick(1))
    assert seats == [0, 1, 0, 1, 0] and s.deck == []
    assert s.points == [5 + 3 + 1, 4 + 2]


def test_the_next_phase_waits_for_the_decisions_a_phase_end_asks():
    s = DECK.new_game(players=1, seed=0)
    for _ in range(5):
        s.apply(Pick(1))
    assert isinstance(s.pending, KeepStep) and s.phase == "draws"
    s.apply(Bonus(False))
    assert s.is_over and s.points == [0]
    assert [e.text for e in s.log if e.kind == "info"][-1] == "tally [0]"


def test_again_without_turns_is_refused():
    with pytest.raises(FlowError, match="'again' repeats turns"):
        Flow(Phase("a", "x", again=lambda s: True), first="a")


# ------------------------------------------------ rule modules are leaves below the flow
#: per game package, the modules that may know the whole game (the flow, the state, and
#: what is built on whole games: boards, agents, analyses, scenario tooling)
ABOVE = {
    "boardkit.freizeitpark": {"__init__", "flow", "state", "game", "board", "agents", "analysis",
                              "scenarios"},
    "boardkit.lands": {"__init__", "flow", "state", "game", "board", "agents", "analysis",
                       "solver", "scenarios"},
    "boardkit.wanderlust": {"__init__", "flow", "state", "game", "board", "agents", "analysis",
                            "scenarios"},
    "boardkit.wishland": {"__init__", "flow", "state", "game", "positions", "board", "agents",
                          "analysis", "scenarios"},
}


@pytest.mark.parametrize("package", sorted(ABOVE))
def test_every_games_rule_modules_are_leaves_below_its_flow(package):
    from boardkit.testing import flow_leaf_problems

    assert flow_leaf_problems(package, ABOVE[package]) == []


@pytest.mark.parametrize("package", sorted(ABOVE))
def test_no_import_circle_even_counting_annotation_imports(package):
    """Every game declares its position's fields below the rule modules (``position.py``),
    so the rule modules' annotation imports close no circle (mypy infers every type)."""
    from boardkit.testing import flow_leaf_problems

    assert flow_leaf_problems(package, ABOVE[package], annotations=True) == []


def test_the_leaf_check_finds_cycles_self_pops_and_rules_that_know_the_flow(tmp_path,
                                                                             monkeypatch):
    from boardkit.testing import flow_leaf_problems

    pkg = tmp_path / "toygame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "flow.py").write_text("from . import turns\n")
    (pkg / "turns.py").write_text(
        "def end(state):\n    from . import scoring\n    state._stack.pop()\n"
        "    state.phase = 'x'\n    state.flow.advance(state)\n")
    (pkg / "scoring.py").write_text("from . import turns, flow\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    problems = flow_leaf_problems("toygame", {"__init__", "flow"})
    assert "import cycle: flow -> turns -> scoring -> turns" in problems
    assert "toygame.scoring (a rule module) imports flow" in problems
    assert "toygame.turns: state._stack.pop()" in problems
    assert "toygame.turns: state.phase = 'x'" in problems
    assert "toygame.turns: state.flow.advance(state)" in problems


def test_wanderlust_declares_its_rounds():
    flow = boardkit.game("wanderlust").state_class.flow
    assert set(flow.edges()) == {("first_round", "round"), ("first_round", "over"),
                                 ("round", "round"), ("round", "over")}
    s = boardkit.game("wanderlust").new_game(players=2, seed=3)
    assert (s.phase, s.turns) == ("first_round", [1])


def test_a_posed_turn_starts_at_its_stage_and_the_later_stages_follow():
    from boardkit.examples.dice_grid import ChooseDieStep, ClaimStep
    from boardkit.testing import pose_turn

    s = boardkit.game("dice-grid").new_game(players=2, seed=3)
    s.kept = 4
    pose_turn(s, 1, "claim")
    assert isinstance(s.pending, ClaimStep) and (s.current_player, s.pending.value) == (1, 4)
    turn, waiting = s.turn, list(s.turns)
    s.apply(s.legal_actions()[0])  # the claim stage ends the turn: its end runs
    # then the phase goes on with the seats that were still to play (a pose leaves them)
    assert s.turn == turn + 1 and isinstance(s.pending, ChooseDieStep)
    assert s.current_player == waiting[0]
    with pytest.raises(FlowError, match="has no stage 'pour'"):
        pose_turn(s, 0, "pour")
    with pytest.raises(FlowError, match="no turn 'solo'"):
        pose_turn(s, 0, turn="solo")
