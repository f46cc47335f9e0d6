"""Megapark Phase and Scoring, with the rulebook's scoring example (4 penalty points)."""

from lands_helpers import megapark_now

from boardkit.lands import GAME, arranged
from boardkit.lands.actions import Complete, Finish, Place, Rearrange, Relayout
from boardkit.lands.building import Placed, icons
from boardkit.lands.content import content
from boardkit.lands.scoring import best_fit, score, title, won
from boardkit.testing import assert_illegal, pose

# goal 1A (Coaster Kingdom): its portfolio shows four ride icons
EXAMPLE_RESERVE = [6, 7, 9, 11, 12, 13]
#: the scoring example, in building order: (card placed, slipped under the others?)
EXAMPLE_BUILD = [(Placed(6, 7, 6, 0, 0), False), (Placed(9, 4, 3, 90, 1), True),
                 (Placed(12, 8, 3, 90, 1), True), (Placed(11, 6, 4, 90, 1), True),
                 (Placed(7, 5, 6, 90, 0), True), (Placed(13, 2, 6, 0, 1), False)]
#: the finished megapark, bottom card first
EXAMPLE_PARK = [p for p, under in reversed(EXAMPLE_BUILD[:-1])] + [EXAMPLE_BUILD[-1][0]]


def megapark_game(reserved, goal=(0, 0), variant=None):
    """A game fast-forwarded to the Megapark Phase with these reserved cards."""
    s = arranged(goal=goal, variant=variant)
    pose(s)
    s.reserved = list(reserved)
    s.deck, s.discard, s.parks, s.drawn = [], [], [], None
    s.stacks = [[c for c in st if c not in reserved] for st in s.stacks]
    s.round = 4
    return megapark_now(s)


def build(s, steps):
    for p, under in steps:
        s.apply(Place(p.card, 0, p.x, p.y, p.angle, p.shape, under))
    return s


def test_the_rulebook_scoring_example():
    s = build(megapark_game(EXAMPLE_RESERVE), EXAMPLE_BUILD)
    assert s.side.portfolio_counts()["rides"] == 4
    assert s.parks[0] == EXAMPLE_PARK
    assert s.hand == [] and s.legal_actions()[-1] == Finish()
    s.apply(Finish())
    b = s.result
    assert (b.unfilled, b.extra) == (1, 1)  # one square unfilled, one extra icon
    assert b.missing == {"food": 0, "gifts": 0, "rides": 1, "shows": 0}  # 3 of the 4 rides
    assert b.total == 4 and s.scores() == [4.0]
    assert b.title == "Capable Planner"
    assert s.is_over and s.phase == "over"
    assert "final penalty 4" in s.log.text()


def test_points_follow_the_parameters():
    park = icons(EXAMPLE_PARK)
    side = content().side(0, 0)
    params = GAME.make_params({"points.unfilled": 3, "points.portfolio": 5})
    assert score(park, side, params).total == 3 + 1 + 5


def test_titles():
    params = GAME.make_params()
    assert [title(n, params) for n in (0, 1, 2, 3, 5, 6, 40)] == [
        "Visionary!", "Imaginative Designer", "Imaginative Designer", "Capable Planner",
        "Capable Planner", "Failure", "Failure"]


def test_alignment_is_free():
    plan = [(0, 0), (1, 0), (2, 0), (2, 1)]
    turned = [(5, 5), (5, 6), (5, 7), (4, 7)]  # the same L, a quarter turn, elsewhere
    assert best_fit(plan, turned)[0] == 4


def test_expert_mode_counts_stack_cards():
    plain = build(megapark_game(EXAMPLE_RESERVE), EXAMPLE_BUILD)
    expert = build(megapark_game(EXAMPLE_RESERVE, variant={"expert": True}), EXAMPLE_BUILD)
    plain.apply(Finish())
    expert.apply(Finish())
    left = sum(len(st) for st in expert.stacks)
    assert left > 0 and expert.result.stack_cards == left
    assert expert.result.total == plain.result.total + left


def test_only_reserved_cards_one_park_no_stack_plans():
    s = megapark_game(EXAMPLE_RESERVE)
    for act, rule in [(Place(0, 0, 5, 5, 0, 0), "lands.megapark.only_reserved"),
                      (Complete(0, 0), "lands.megapark.plan_only"),
                      (Finish(), "lands.megapark.all_cards")]:
        assert_illegal(s, act, rule)
    s.apply(Place(6, 0, 7, 6, 0, 0))
    assert_illegal(s, Place(9, 1, 5, 5, 0, 0), "lands.megapark.single")  # a second park
    # the same building rules as in any park
    assert_illegal(s, Place(9, 0, 12, 12, 0, 0), "lands.build.area")


def test_rearranging_in_the_megapark():
    s = build(megapark_game(EXAMPLE_RESERVE), EXAMPLE_BUILD[:2])
    assert Rearrange(0, 6) in s.legal_actions()
    s.apply(Rearrange(0, 6))
    s.apply(s.legal_actions()[1])
    assert s.phase == "megapark" and sorted(p.card for p in s.parks[0]) == [6, 9]
    # a whole rearrangement, checked once finished, is allowed in the Megapark Phase too
    moved = tuple((p.card, p.x + 1, p.y, p.angle, p.shape) for p in s.parks[0])
    s.apply(Relayout(0, moved))
    assert [tuple(p) for p in s.parks[0]] == list(moved) and s.phase == "megapark"
    assert_illegal(s, Relayout(0, moved[:1]), "lands.rearrange.no_removal")


def test_missing_icons_are_allowed_and_scored():
    s = megapark_game([13])
    s.apply(Place(13, 0, 5, 5, 0, 0))  # one card: most of the plan is missing
    s.apply(Finish())
    assert s.result.unfilled == 15 - 2 and s.result.total > 20 and s.result.title == "Failure"


def test_winners_follow_the_result_table():
    """lands.score.result: every title but Failure wins ([0]); a Failure has no winner."""
    s = build(megapark_game(EXAMPLE_RESERVE), EXAMPLE_BUILD)
    assert s.winners() == []  # not over yet
    s.apply(Finish())
    assert s.result.total == 4 and s.winners() == [0]  # Capable Planner: solved
    assert s.observation(0)["won"] is True
    failed = megapark_game([13])
    failed.apply(Place(13, 0, 5, 5, 0, 0))
    failed.apply(Finish())
    assert failed.result.title == "Failure" and failed.winners() == []
    assert failed.observation(0)["won"] is False
    params = GAME.make_params()
    assert [won(n, params) for n in (0, 2, 5, 6, 40)] == [True, True, True, False, False]


def test_expert_points_can_turn_a_win_into_a_failure():
    """Expert Mode's stack cards count in the penalty, so they decide the result too."""
    expert = build(megapark_game(EXAMPLE_RESERVE, variant={"expert": True}), EXAMPLE_BUILD)
    expert.stacks = [[0, 1], [3], []]  # 3 cards left in the stacks: 4 + 3 = 7
    expert.apply(Finish())
    assert expert.result.total == 7 and expert.result.title == "Failure"
    assert expert.winners() == []
    plain = build(megapark_game(EXAMPLE_RESERVE), EXAMPLE_BUILD)
    plain.stacks = [[0, 1], [3], []]
    plain.apply(Finish())
    assert plain.result.total == 4 and plain.winners() == [0]


def test_cut_off_icons_are_not_scored():
    """lands.build.contiguous: an icon of a chosen shape cut off from the megapark is not part
    of it: it is no extra icon, fills no square and supplies no portfolio icon."""
    s = megapark_game([6, 0])
    s.apply(Place(6, 0, 5, 5, 0, 0))
    s.apply(Place(0, 0, 4, 2, 0, 0))  # covers #6's (5, 5) and (6, 5): its gift at (7, 5) is cut off
    park = icons(s.parks[0])
    assert (7, 5) not in park and len(park) == 4
    s.apply(Finish())
    assert s.result.extra + (15 - s.result.unfilled) == len(park)
