"""The default search agent of Lands: search where it pays (the last reserve, the megapark),
greedy's ranking for placements; it never reads the face-down setup card."""

from __future__ import annotations

from boardkit.agents import make_agent
from boardkit.lands import GAME
from boardkit.lands.actions import DoneReserving, Reserve
from boardkit.lands.agents import LandsGreedy, LandsRollout, LandsSearch, LandsUCT
from boardkit.lands.ending import ReserveStep
from boardkit.lands.portfolio import PlaceStep
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
    strong = make_agent("mcts-strong", seed=1, game="lands")
    assert isinstance(strong, LandsRollout) and strong.solver_nodes == 80_000
    assert make_agent("mcts-strong:5", seed=1, game="lands").solver_nodes == 5_000
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


def first_placement(seed: int):
    """Greedy's game on ``seed`` up to the first placement with several candidates."""
    state = GAME.new_game(seed=seed)
    bot, strong = LandsGreedy(seed=seed), LandsRollout(seed=seed)
    while not (isinstance(state.pending, PlaceStep) and strong.candidates(state)):
        state.apply(bot.act(state), atomic=False)
    return state


def test_the_rollout_player_weighs_greedys_best_placements():
    state = first_placement(3)
    strong = LandsRollout(seed=3, width=3)
    options = strong.candidates(state)
    assert 2 <= len(options) <= 3 and len(set(options)) == len(options)
    assert options[0] == LandsGreedy(seed=3).act(state)  # greedy's own choice comes first
    assert all(state.explain(a).legal for a in options)
    before = state.to_json()
    act = strong.act(state)
    assert act in options and strong.rollouts == len(options) * strong.worlds
    assert state.to_json() == before  # the playouts ran on copies


def test_the_rollout_compares_placements_that_leave_different_parks():
    from boardkit.lands.agents import SCAN, distinct_placements, placement_key
    from boardkit.lands.building import Placed, layout_key, with_card
    from boardkit.lands.solver import ranked_placements

    def parks_after(state, act):
        parks = [list(p) for p in state.parks]
        placed = Placed(act.card, act.x, act.y, act.angle, act.shape)
        if act.park < len(parks):
            parks[act.park] = with_card(parks[act.park], placed, act.under)
        else:
            parks.append([placed])
        key = tuple(sorted(layout_key(p) for p in parks))
        assert key == placement_key(state, act)
        return key

    state, bot, checked, widened = GAME.new_game(seed=5), LandsGreedy(seed=5), 0, 0
    while not state.is_over:
        if isinstance(state.pending, PlaceStep):
            ranked = [act for _, _, act in ranked_placements(state, state.drawn)][:SCAN]
            chosen = distinct_placements(state, 4)
            keys = [parks_after(state, a) for a in ranked]
            assert chosen[0] == ranked[0]                    # greedy's choice first
            assert len({parks_after(state, a) for a in chosen}) == len(chosen)
            # each is the best-ranked of its layout, and no layout is skipped before the last
            picked = [ranked.index(a) for a in chosen]
            assert picked == sorted(picked)
            assert all(keys.index(keys[i]) == i for i in picked)
            assert len(chosen) == min(4, len(set(keys)))
            checked += 1
            widened += len(set(keys[:4])) < len(chosen)   # greedy's top four repeat a layout
        state.apply(bot.act(state), atomic=False)
    assert checked >= 8 and widened >= 1


def test_the_rollout_tries_every_choice_of_an_early_reserve_and_an_ability():
    # its candidates there are greedy's pick and the next `width` legal actions in listing
    # order; in play an early reserve offers at most four choices and an ability three
    # (measured on 40 greedy deals; the discard pile decides), so with width 4 the listing
    # order does not decide
    from boardkit.lands.completing import AbilityStep

    seen = {ReserveStep: 0, AbilityStep: 0}
    for seed, expert in [(0, False), (4, True), (9, True), (11, False)]:
        state = GAME.new_game(seed=seed, variant={"expert": expert})
        bot, strong = LandsGreedy(seed=seed), LandsRollout(seed=seed)
        while not state.is_over:
            step = type(state.pending)
            early = step is AbilityStep or (step is ReserveStep
                                            and state.round < len(state.side.portfolio))
            if early and len(state.legal_actions()) > 1:
                options = strong.candidates(state)
                assert options[0] == bot.act(state)
                assert sorted(map(repr, options)) == sorted(map(repr, state.legal_actions()))
                seen[step] += 1
            state.apply(bot.act(state), atomic=False)
    assert seen[ReserveStep] >= 10 and seen[AbilityStep] >= 1, seen


def test_the_rollout_player_never_reads_the_hidden_cards(monkeypatch):
    # what it compares comes from what it sees; what it plays them out in is resampled
    state = first_placement(3)
    worlds = [state.determinize(0, world) for world in range(3)]
    assert len({tuple(w.deck) for w in worlds}) == 3           # hidden orders that differ
    strong = LandsRollout(seed=1, worlds=2)
    assert all(strong.candidates(w) == strong.candidates(state) for w in worlds)
    seen = []
    original = LandsRollout._playout

    def spy(self, world, act):
        seen.append(tuple(world.deck))
        return original(self, world, act)

    monkeypatch.setattr(LandsRollout, "_playout", spy)
    act = strong.act(state)
    assert act in strong.candidates(state)
    assert tuple(state.deck) not in seen and len(set(seen)) == strong.worlds
