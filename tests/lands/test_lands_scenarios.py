"""The named scenarios (data/lands/scenarios.toml): each is a real game that lists its legal
actions, survives a JSON round trip and shows what its name promises; and the walkthrough's
results that are not its key teaching checks (notebooks/10-lands-of-amazement.ipynb keeps
those in folded `check` cells)."""

import pytest

from boardkit.engine import RuleViolation, SaveGameError, VariantError
from boardkit.lands import GAME, arranged, scenario
from boardkit.lands.actions import (
    Complete,
    Continue,
    DoneReserving,
    Finish,
    Move,
    Place,
    PutBack,
    Rearrange,
    Relayout,
    Reserve,
    UseAbility,
)
from boardkit.lands.building import Placed
from boardkit.lands.content import content
from boardkit.lands.scenarios import scenarios
from boardkit.lands.solver import hint
from boardkit.testing import assert_illegal

NAMES = sorted(scenarios())
#: the rulebook's scoring example, in building order: (card placed, slipped under the others?)
SCORING_BUILD = [(Placed(6, 7, 6, 0, 0), False), (Placed(9, 4, 3, 90, 1), True),
                 (Placed(12, 8, 3, 90, 1), True), (Placed(11, 6, 4, 90, 1), True),
                 (Placed(7, 5, 6, 90, 0), True), (Placed(13, 2, 6, 0, 1), False)]


def build(state, steps=SCORING_BUILD):
    for p, under in steps:
        state.apply(Place(p.card, 0, p.x, p.y, p.angle, p.shape, under))
    return state


def test_the_notebook_names_every_scenario():
    assert NAMES == sorted(["first-card", "cut-off", "rearranging", "completing", "swap",
                            "reserving", "megapark"])


@pytest.mark.parametrize("name", NAMES)
def test_a_scenario_is_a_real_game(name):
    state = scenario(name)
    assert state.legal_actions() and not state.is_over
    assert state.cards_everywhere() == sorted(set(state.cards_everywhere()))
    text = state.to_json()
    with pytest.raises(SaveGameError, match="forced"):
        GAME.from_json(text)  # its deal is chosen, not drawn: a save says so
    again = GAME.from_json(text, allow_forced=True)
    assert again.to_dict() == state.to_dict()
    assert again.observation(None) == state.observation(None)
    assert again.legal_actions() == state.legal_actions()


def test_an_unknown_scenario_is_named_with_the_known_ones():
    with pytest.raises(VariantError, match="known: .*first-card"):
        scenario("nope" * 100)
    with pytest.raises(VariantError) as err:
        scenario("x" * 10_000)
    assert len(str(err.value)) < 400


def test_a_scenario_takes_a_variant_and_stays_in_place():
    plain, expert = scenario("megapark"), scenario("megapark", expert=True)
    assert expert.variant.expert and expert.parks == plain.parks == []
    assert expert.hand == plain.hand


# ------------------------------------------------------------------ what each name promises


def test_first_card():
    s = scenario("first-card")
    assert s.parks == [[Placed(1, 5, 5, 0, 1)]] and s.drawn == 4
    assert content().cards[1].shapes[1].icon == "shows"


#: a legal and an illegal placement of #4 for each building rule (the walkthrough's cases)
BUILD_CASES = [
    ("lands.build.rotation", Place(4, 0, 3, 5, 90, 1), Place(4, 0, 3, 5, 45, 1)),
    ("lands.build.align", Place(4, 0, 7.0, 5.0, 0, 0), Place(4, 0, 6.5, 5, 0, 0)),
    ("lands.build.area", Place(4, 0, 8, 5, 0, 0), Place(4, 0, 12, 5, 0, 0)),
    ("lands.build.contiguous", Place(4, 0, 8, 6, 0, 0), Place(4, 0, 8, 7, 0, 0)),
    ("lands.build.one_shape", Place(4, 0, 7, 5, 0, 0), Place(4, 0, 5, 4, 0, 0)),
    ("lands.build.contribute", Place(4, 0, 7, 5, 0, 0), Place(4, 0, 5, 3, 0, 0, True)),
]


@pytest.mark.parametrize("rule,good,bad", BUILD_CASES, ids=[c[0] for c in BUILD_CASES])
def test_each_building_rule_has_a_legal_and_an_illegal_case(rule, good, bad):
    s = scenario("first-card")
    assert s.explain(good).legal
    verdict = s.explain(bad)
    assert not verdict.legal and verdict.rule == rule


def test_cut_off():
    s = scenario("cut-off")
    cut = Place(0, 0, 4, 2, 0, 0)
    assert s.parks == [[Placed(6, 5, 5, 0, 0)]] and s.drawn == 0
    assert (7, 5) in s.park_icons(0)
    assert s.explain(cut).legal
    s.apply(cut)
    icons = s.park_icons(0)
    assert (7, 5) not in icons and (5, 6) in icons and len(icons) == 4


def test_rearranging():
    s = scenario("rearranging")
    assert s.parks[0] == [Placed(1, 5, 5, 0, 1), Placed(4, 7, 5, 0, 0)] and s.drawn == 6
    halfway = Relayout(0, ((1, 3, 5, 0, 1), (4, 7, 5, 0, 0)))  # only #1 moved so far
    assert not s.explain(halfway).legal
    s.apply(Relayout(0, ((1, 3, 5, 0, 1), (4, 5, 5, 0, 0))))
    assert s.parks[0] == [Placed(1, 3, 5, 0, 1), Placed(4, 5, 5, 0, 0)]
    assert_illegal(s, Relayout(0, ((1, 3, 5, 0, 1), (4, 9, 9, 0, 0))), "lands.build.contiguous")


def test_listed_rearranging_is_checked_at_once_and_stays_in_its_park():
    s = scenario("completing")
    s.apply(Rearrange(0, 4))
    assert not s.explain(Move(8, 7, 0, 0)).legal
    s.apply(PutBack())
    with pytest.raises(RuleViolation):
        s.apply(Rearrange(2, 4))  # no park 2: cards never change parks


def test_completing():
    s = scenario("completing")
    assert [len(p) for p in s.parks] == [2, 2] and s.stacks[0][0] == 0
    legal = s.legal_actions()
    assert Complete(0, 0) in legal and Complete(1, 0) in legal
    extra = s.clone()
    extra.apply(Complete(1, 0))  # one extra icon: no ability
    assert type(extra.pending).__name__ == "BuildStep"
    s.apply(Complete(0, 0))  # exact: the ability (bury) is offered
    s.apply(UseAbility(1))
    assert s.discard == [1, 4, 0]
    s.apply(Continue())  # the deck is empty: the round ends; only #0 shows a ride
    assert s.round == 2 and s.reserved == [2, 0]


def test_swap():
    s = scenario("swap")
    assert UseAbility(1) in s.legal_actions() and content().cards[9].ability.effect == "swap"
    before = [list(st) for st in s.stacks]
    s.apply(UseAbility(1))
    assert s.stacks[1][:2] == before[1][1::-1] and s.stacks[2] == before[2]


def test_reserving():
    s = scenario("reserving")
    assert s.prompt().startswith("reserve") and s.discard == [1, 9, 5, 13]
    assert sorted(a.card for a in s.legal_actions() if isinstance(a, Reserve)) == [5, 9, 13]
    for wrong, rule in ((Reserve(1), "lands.end.reserve_match"),
                        (DoneReserving(), "lands.end.reserve_required")):
        assert s.explain(wrong).rule == rule
    s.apply(Reserve(9))
    s.apply(Reserve(13))
    s.apply(DoneReserving())
    assert s.reserved == [2, 9, 13] and s.round == 2


def test_megapark_builds_the_rulebook_scoring_example():
    s = scenario("megapark")
    assert s.phase == "megapark" and s.round == 4
    assert s.hand == [6, 7, 9, 11, 12, 13] and s.completed == 1
    assert s.explain(Place(0, 0, 5, 5, 0, 0)).rule == "lands.megapark.only_reserved"
    build(s).apply(Finish())
    b = s.result
    assert (b.unfilled, b.extra, b.missing["rides"]) == (1, 1, 1)
    assert b.total == 4 and b.title == "Capable Planner" and s.winners() == [0]


def test_a_careless_megapark_is_a_failure():
    s = scenario("megapark")
    while s.hand:
        s.apply(next(a for a in s.legal_actions() if isinstance(a, Place) and not a.under))
    s.apply(Finish())
    assert s.result.title == "Failure" and s.winners() == []


def test_expert_points_turn_the_scoring_example_into_a_failure():
    s = build(scenario("megapark", expert=True))
    s.apply(Finish())
    left = sum(len(st) for st in s.stacks)
    assert left == 9 and s.result.total == 4 + left
    assert s.winners() == []


# ------------------------------------------------------------------ the walkthrough's other results


def test_setup_and_what_the_player_sees():
    assert len(content().cards) == 15 and len(content().goals) == 3
    state = arranged([1, 4, 6, 3, 2, 0, 5, 7, 8, 9, 10, 11, 12, 13, 14], goal=(0, 0))
    assert [len(s) for s in state.stacks] == [4, 3, 3] and state.reserved == [2]
    seen = state.observation(0)
    assert seen["reserved"] == [None] and seen["stacks"][0][1:] == [None, None, None]
    assert state.determinize(0, 1).observation(0) == seen


def test_the_hint_finds_the_completing_placement():
    assert "completes a plan" in hint(scenario("first-card")).reason


def test_greedy_results_follow_the_title_table_and_expert_only_adds():
    """Expert Mode only adds points to a given end of game: the cards left in the stacks.
    (A deal played in both modes may end better in Expert Mode, since the players weigh
    the stacks there; the comparison is of one final position scored both ways.)"""
    from boardkit.agents import make_agent, play
    from boardkit.analysis import simulate
    from boardkit.lands.scoring import score, title

    normal = simulate("lands", agents=["greedy"], n=3, seed=3)
    titles = normal.score.map(lambda v: title(int(v), GAME.make_params()))
    assert (normal.win == (titles != "Failure")).all()
    for seed in (3, 4, 5):
        state = GAME.new_game(seed=seed, variant={"expert": True})
        play(state, [make_agent("greedy", seed=seed, game="lands")])
        plain = score(state.park_icons(0), state.side, state.params, state.stack_cards(), False)
        assert state.scores()[0] == plain.total + state.stack_cards() >= plain.total


# ------------------------------------------------------------------ the board's attempts


def test_attempts_show_on_the_board_without_changing_the_game():
    start = scenario("first-card")
    board = GAME.board(start)
    assert board.attempt(Place(4, 0, 3, 5, 90, 1)) is board
    board.attempt(Place(4, 0, 3, 5, 45, 1))
    svg = board.svg()
    assert "legal: place #4" in svg and "lands.build.rotation" in svg and "rotate(-45" in svg
    assert board.last_error.rule == "lands.build.rotation"
    assert board.state.to_dict() == start.to_dict()
    board.handle_message({"kind": "click", "target": "rotate"})  # the reader takes over
    assert "lands.build.rotation" not in board.svg()


def test_an_attempted_relayout_is_the_draft_and_other_refusals_get_a_box():
    board = GAME.board(scenario("rearranging"))
    board.attempt(Relayout(0, ((1, 3, 5, 0, 1), (4, 7, 5, 0, 0))))
    assert "not legal yet (lands.build.contiguous)" in board.svg()
    other = GAME.board(scenario("completing")).attempt(Complete(0, 1))
    assert "refused, lands.complete.match" in other.svg()
    assert other.last_error.rule == "lands.complete.match" and other.state.discard == []
