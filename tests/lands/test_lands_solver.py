"""The megapark solver (exact branch and bound), the hint, and the greedy agent."""

import pytest
from lands_helpers import build_example, fresh_game, megapark_now

from boardkit.agents import make_agent, play
from boardkit.lands import GAME
from boardkit.lands.actions import Complete, Finish, Place
from boardkit.lands.building import Placed, icons, legal_placements, positions, problem
from boardkit.lands.content import Side, content, picture_cells
from boardkit.lands.scoring import score
from boardkit.lands.solver import hint, plan_progress, solve
from boardkit.testing import pose

PARAMS = GAME.make_params()


def small_side(rows, portfolio):
    return Side(0, 0, "test", tuple((p,) for p in portfolio),
                tuple(sorted(picture_cells(rows, "X"))), tuple(rows))


def brute_force(a, b, side):
    """Every two-card megapark (any order, any placement near the middle), best score."""
    best = None
    for top, low in ((a, b), (b, a)):
        for angle in (0, 90, 180, 270):
            for shape in (0, 1):
                for x, y in positions(top, angle):
                    if not (4 <= x <= 7 and 4 <= y <= 7):
                        continue
                    t = Placed(top, x, y, angle, shape)
                    for x2, y2, a2, s2, under in legal_placements([t], low):
                        p = Placed(low, x2, y2, a2, s2)
                        park = [p, t] if under else [t, p]
                        value = score(icons(park), side, PARAMS).total
                        best = value if best is None else min(best, value)
    return best


@pytest.mark.parametrize("rows, portfolio, cards", [
    (["XX", "XX", "X."], ["rides", "food", "rides", "gifts"], (7, 13)),
    (["XXX", "X.."], ["food", "games", "games", "shows"], (2, 14)),
])
def test_solver_matches_brute_force_on_two_cards(rows, portfolio, cards):
    side = small_side(rows, portfolio)
    sol = solve(cards, side, PARAMS, time_limit=None)  # no wall clock in a test
    assert sol.proven and sol.penalty == brute_force(*cards, side)


def test_solution_is_playable_and_scores_as_promised():
    s = fresh_game()
    pose(s)
    s.reserved = [0, 9, 5, 13, 8]
    s.round = 4
    megapark_now(s)
    sol = solve(s.reserved, s.side, PARAMS, time_limit=None)
    for k in range(1, len(sol.layout) + 1):  # every step of the build is a legal park
        assert problem(list(reversed(sol.layout[:k]))) is None
    for i, p in enumerate(sol.layout):
        s.apply(Place(p.card, 0, p.x, p.y, p.angle, p.shape, i > 0))
    s.apply(Finish())
    assert s.result.total == sol.penalty and sol.proven


def test_budgets_report_unproven():
    side, cards = content().side(0, 1), [9, 4, 11, 5, 10, 8]
    full = solve(cards, side, PARAMS, time_limit=None)
    assert full.proven and full.nodes > 200 and full.penalty == 2
    cut = solve(cards, side, PARAMS, max_nodes=20)
    assert not cut.proven and cut.penalty >= full.penalty
    quick = solve(cards, side, PARAMS, time_limit=0.0)
    assert not quick.proven and quick.nodes <= 65


def test_hint_suggests_completing():
    s = build_example(fresh_game())
    h = hint(s)
    assert h.action == Complete(0, 0) and "exactly" in h.reason
    s2 = fresh_game()
    h2 = hint(s2)
    assert isinstance(h2.action, Place) and s2.explain(h2.action).legal


def test_hint_completes_when_one_card_is_missing():
    s = fresh_game()
    s.apply(Place(1, 0, 5, 5, 0, 1))
    s.apply(s.legal_actions()[0])  # go on: draw #4
    h = hint(s)
    assert "completes a plan" in h.reason and s.explain(h.action).legal
    assert plan_progress({(0, 0): "shows", (1, 0): "shows"}, 0) == 2


def test_greedy_agent_plays_whole_games():
    results = []
    for seed in range(3):
        s = GAME.new_game(seed=seed)
        play(s, [make_agent("greedy", seed, game="lands")])
        assert s.is_over and s.cards_everywhere() == list(range(15))
        results.append(s.scores()[0])
    assert min(results) >= 0
    again = GAME.new_game(seed=0)
    play(again, [make_agent("greedy", 0, game="lands")])
    assert again.scores()[0] == results[0]  # reproducible


def test_heuristic_prefers_lower_penalty():
    s = fresh_game()
    assert GAME.heuristic(s, 0) <= 0


def test_heuristic_judges_an_unfinished_megapark_by_the_reserved_cards():
    """While reserved cards are still in hand the megapark's penalty so far counts every
    square still to be filled, so the heuristic keeps the reserved-card estimate; once the
    hand is empty (or the game is over) it is minus the penalty."""
    from boardkit.lands.megapark import MegaStep

    s = GAME.new_game(seed=1)
    agent = make_agent("greedy", 1, game="lands")
    while not isinstance(s.pending, MegaStep):
        s.apply(agent.act(s))
    s.apply(agent.act(s))  # the first card of the megapark
    assert s.hand and s.phase == "megapark"
    partial = -float(s.breakdown().total)
    assert GAME.heuristic(s, 0) > partial  # not judged as if the megapark were finished
    play(s, [agent])
    assert GAME.heuristic(s, 0) == -float(s.breakdown().total)
