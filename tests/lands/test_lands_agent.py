"""The default search agent of Lands: search where it pays (the last reserve, the megapark),
greedy's ranking for placements; it never reads the face-down setup card."""

from __future__ import annotations

from boardkit.agents import make_agent
from boardkit.lands import GAME
from boardkit.lands.actions import DoneReserving, Reserve
from boardkit.lands.agents import LandsGreedy, LandsSearch, LandsUCT
from boardkit.lands.ending import ReserveStep
from boardkit.lands.solver import solve


def last_reserve(seed: int):
    """Greedy's game on ``seed`` up to its first decision in the last round's reserve at
    which it stops although a card is still eligible."""
    state = GAME.new_game(seed=seed)
    bot = LandsGreedy(seed=seed)
    while not state.is_over:
        if (isinstance(state.pending, ReserveStep)
                and state.round == len(state.side.portfolio)
                and len(state.legal_actions()) > 1
                and isinstance(bot.act(state), DoneReserving)):
            return state
        state.apply(bot.act(state), atomic=False)
    raise AssertionError(f"seed {seed}: greedy never stopped with a card left")


def test_the_game_names_its_search_settings():
    search = make_agent("mcts", seed=1, game="lands")
    assert isinstance(search, LandsSearch) and search.solver_nodes == 20_000
    assert make_agent("mcts-strong", seed=1, game="lands").solver_nodes == 80_000
    assert make_agent("mcts:5", seed=1, game="lands").solver_nodes == 5_000
    assert isinstance(make_agent("uct", seed=1, game="lands"), LandsUCT)
    assert make_agent("uct:7", seed=1, game="lands").iterations == 7


def test_the_last_reserve_is_judged_by_the_megapark_it_makes():
    # seed 1: greedy stops reserving with card 10 still eligible; the megapark of the
    # reserved cards with 10 costs 5 penalty points, without it 9
    state = last_reserve(1)
    assert [a for a in state.legal_actions() if isinstance(a, Reserve)] == [Reserve(10)]
    with_ten = solve([*state.reserved, 10], state.side, state.params, time_limit=None)
    without = solve(list(state.reserved), state.side, state.params, time_limit=None)
    assert (with_ten.penalty, without.penalty) == (5, 9)
    act = LandsSearch(seed=1).act(state)
    assert act == Reserve(10) and act in state.legal_actions()


def test_the_search_never_reads_the_face_down_setup_card():
    state = last_reserve(1)
    hidden = [c for c in state.reserved if state.unseen >> c & 1]
    assert hidden, "the setup card is face down during the portfolio phase"
    picks = set()
    for world_seed in range(2):
        other = state.determinize(0, world_seed)  # the same view, another hidden card
        picks.add(LandsSearch(seed=1).act(other))
    assert picks == {LandsSearch(seed=1).act(state)}


def test_earlier_reserves_and_placements_follow_greedy():
    state = GAME.new_game(seed=3)
    search, greedy = LandsSearch(seed=3), LandsGreedy(seed=3)
    for _ in range(40):
        if state.is_over or state.phase != "portfolio":
            break
        if not (isinstance(state.pending, ReserveStep)
                and state.round == len(state.side.portfolio)):
            assert search.act(state) == greedy.act(state)
        state.apply(greedy.act(state), atomic=False)
