"""The greedy agent and the heuristic: legal, reproducible, better than chance, no peeking."""

from __future__ import annotations

import numpy as np
from freizeitpark_helpers import GAME, TIGHT, YOUNG, build_at, position, redo_round, sheet

from boardkit.agents import RandomAgent, make_agent, play
from boardkit.freizeitpark.agents import (
    ROLLS,
    FreizeitparkGreedy,
    FreizeitparkSearch,
    FreizeitparkUCT,
    heuristic,
    park_value,
)
from boardkit.freizeitpark.bauen import legal_builds, structure_cells


def test_the_game_names_its_greedy_agent():
    bot = make_agent("greedy", seed=3, game="freizeitpark")
    assert isinstance(bot, FreizeitparkGreedy) and bot.shortlist == 10
    assert make_agent("greedy:20", seed=3, game="freizeitpark").shortlist == 20
    assert GAME.heuristic is heuristic


def test_greedy_plays_legal_moves_and_is_reproducible():
    logs = []
    for _ in range(2):
        state = GAME.new_game(players=1, seed=11)
        play(state, [FreizeitparkGreedy(seed=1)])
        assert state.is_over
        logs.append(state.log.text())
    assert logs[0] == logs[1]


def test_greedy_gets_closer_to_the_minimums_than_random():
    greedy, rand = [], []
    for seed in range(2):
        a = GAME.new_game(players=1, seed=seed)
        play(a, [FreizeitparkGreedy(seed=seed)])
        greedy.append(a.scores()[0])
        b = GAME.new_game(players=1, seed=seed)
        play(b, [RandomAgent(seed)])
        rand.append(b.scores()[0])
    assert np.mean(greedy) > np.mean(rand) + 5


def test_greedy_finishes_a_construct_when_it_can():
    start = sheet("EEE.......", *["." * 10] * 9)
    state = position(start, dice=(3, 5))
    act = FreizeitparkGreedy(seed=0).act(state)
    assert (act.die, act.symbol) == (3, "verkaufsstand")


def test_enclosed_cells_lower_the_value_of_a_park():
    rs = GAME.new_game(players=1).rules
    open_ring = sheet("EEE.......", "AAAA......", "A..A......", "A..A......", "AAA.......",
                      *["." * 10] * 5)
    closed = sheet("EEE.......", "AAAA......", "A..A......", "A..A......", "AAAA......",
                   *["." * 10] * 5)
    filled = sheet("EEE.......", "AAAA......", "AKKA......", "AKKA......", "AAAA......",
                   *["." * 10] * 5)
    assert park_value(rs, filled) > park_value(rs, closed)
    assert park_value(rs, filled) > park_value(rs, open_ring)


def test_the_heuristic_sees_only_the_players_own_hidden_build():
    start = sheet("EEE.......", *["." * 10] * 9)
    state = position(start, start, dice=(3, 5))
    before = heuristic(state, 1)
    state.apply(build_at(state.rules, 3, [(3, 0), (4, 0), (5, 0)], "verkaufsstand"))
    assert heuristic(state, 1) == before          # P1's secret build changes nothing for P2
    assert heuristic(state, 0) > before           # ... but counts for P1


def test_greedy_is_never_asked_about_a_roll_that_fits_nowhere():
    state = redo_round(position(sheet(*TIGHT), sheet(*YOUNG), dice=(3, 5)))
    assert state.skipped == [True, False] and state.current_player == 1
    bot = FreizeitparkGreedy(seed=0)
    act = bot.act(state)
    assert act in state.legal_actions()
    state.force("roll", (6, 5))
    state.apply(act)
    # next round the 6 and 5 fit P1's last cell: the greedy agent finishes the stand and wins
    assert state.current_player == 0
    state.apply(bot.act(state))
    state.apply(bot.act(state))
    assert state.winners() == [0]
    # a whole game with skipped rounds ends, and an out player is rated far below
    game = GAME.new_game(players=1, seed=7)
    play(game, [FreizeitparkGreedy(seed=7, shortlist=4)])
    assert game.is_over and game.skips[0] > 0 and game.status == ["out"]
    assert heuristic(game, 0) < -500


def test_the_default_search_looks_one_roll_ahead_and_names_its_settings():
    bot = make_agent("mcts", seed=3, game="freizeitpark")
    assert isinstance(bot, FreizeitparkSearch) and bot.iterations == 3
    assert make_agent("mcts-strong", seed=3, game="freizeitpark").iterations == 12
    assert make_agent("mcts:5", seed=3, game="freizeitpark").iterations == 5
    tree = make_agent("uct", seed=3, game="freizeitpark")
    assert isinstance(tree, FreizeitparkUCT) and tree.iterations == 20


def test_the_next_roll_is_weighed_by_its_true_probability():
    # 21 rolls for 36 equally likely ordered outcomes: folding (a, b) with (b, a) is exact
    # only because a roll's builds do not depend on the order of its dice
    assert abs(sum(p for _, p in ROLLS) - 1) < 1e-12 and len(ROLLS) == 21
    rs = GAME.new_game(players=1).rules
    young = sheet(*YOUNG)
    for (a, b), p in ROLLS:
        assert p == (1 if a == b else 2) / 36
        assert set(legal_builds(rs, young, (a, b))) == set(legal_builds(rs, young, (b, a)))


def test_the_search_plays_legal_builds_reproducibly_and_matches_its_own_expectation():
    state = position(sheet(*YOUNG), dice=(3, 5))
    bot = FreizeitparkSearch(seed=0, iterations=2)
    act = bot.act(state)
    assert act in state.legal_actions() and bot.last_iterations == 2
    assert FreizeitparkSearch(seed=0, iterations=2).act(state) == act
    # recompute the expectation by hand for the two candidates: the pick has the larger one
    rs, own = state.rules, state.sheets[0]
    exact, _ = bot._shortlist(state, state.legal_actions())
    exact.sort(key=lambda iv: -iv[1])
    values = {}
    for i, now in exact[:2]:
        cand = state.legal_actions()[i]
        trial = own.copy()
        trial.draw(structure_cells(rs, cand.die, cand.turn, cand.x, cand.y), cand.symbol)
        total = 0.0
        for a in range(1, 7):
            for b in range(1, 7):
                replies = legal_builds(rs, trial, (a, b))
                best = max(bot._rate(rs, trial, replies, 3)[0], key=lambda iv: iv[1])[1] \
                    if replies else now
                total += best / 36
        values[cand] = total + 1e-3 * now
    assert act == max(values, key=values.get)


def test_the_search_does_not_peek_at_the_rivals_park_or_hidden_build():
    young = sheet(*YOUNG)
    rival_a = sheet(*YOUNG)
    rival_b = sheet("EEE.......", "VVV.......", "LL........", *["." * 10] * 7)
    picks = []
    for rival in (rival_a, rival_b):
        state = position(young, rival, dice=(3, 5))
        picks.append(FreizeitparkSearch(seed=0, iterations=2).act(state))
    assert picks[0] == picks[1]
    # and P2 decides the same whatever P1 secretly built
    state = position(young, young, dice=(3, 5))
    first, last = state.legal_actions()[0], state.legal_actions()[-1]
    assert first != last
    one = state.clone()
    one.apply(first)
    two = state.clone()
    two.apply(last)
    assert one.current_player == two.current_player == 1
    assert (FreizeitparkSearch(seed=0, iterations=2).act(one)
            == FreizeitparkSearch(seed=0, iterations=2).act(two))


def test_a_card_asking_for_one_of_each_attraction_wants_only_the_kinds_still_missing():
    """Vielfalt (one of every attraction): once a Karussell is finished, another one is
    worth only its points, while the missing attractions stay wanted for the card."""
    from freizeitpark_helpers import rules

    from boardkit.freizeitpark.agents import _needed_symbols
    from boardkit.freizeitpark.ende import standing
    from boardkit.freizeitpark.konstrukte import analysis

    rs, plain = rules("vielfalt"), rules()
    s = sheet("EEE.KK....", "....KK....", *["." * 10] * 8)
    an = analysis(rs, s)
    assert an.count("karussell") == 1
    wanted, base = _needed_symbols(rs, standing(rs, s), an), _needed_symbols(plain, standing(plain, s), an)
    assert wanted["karussell"] == base["karussell"]
    for missing in ("geisterbahn", "wildwasserbahn", "achterbahn"):
        assert wanted[missing] == base[missing] + 3.0


def test_free_places_count_where_a_construct_could_still_be_built_from_nothing():
    from freizeitpark_helpers import rules

    from boardkit.freizeitpark.konstrukte import analysis

    rs = rules("vielfalt")
    ring = analysis(rs, sheet(*["." * 4] * 4))                 # a 4x4 sheet: one Achterbahn
    assert ring.free_places("achterbahn") == 1
    assert ring.free_places("karussell") == 9 and ring.free_places("karussell", at_most=2) == 2
    blocked = analysis(rs, sheet("L...", "....", "....", "...."))  # a ring's cell taken
    assert blocked.free_places("achterbahn") == 0
    inside = analysis(rs, sheet("....", ".LL.", ".LL.", "...."))   # the inside may be built on
    assert inside.free_places("achterbahn") == 1
    near = analysis(rs, sheet(*["." * 6] * 5, "KK....", "KK...."))  # 6x7: no Karussell touching
    assert near.free_places("karussell") == sum(
        1 for x in range(5) for y in range(6) if not (x <= 2 and y >= 3))
    assert ring.free_places("landschaft") == 0                 # no fixed shape


def test_the_planner_wants_the_two_largest_missing_kinds_and_keeps_room_for_them():
    """Vielfalt's planner: the Achterbahn and the Wildwasserbahn (the two largest kinds
    still missing) are worth ``plan`` more per cell; a park with no room left for a missing
    kind loses ``room``. Greedy's weights leave both at zero."""
    from freizeitpark_helpers import rules

    from boardkit.freizeitpark.agents import (
        PLAN_WEIGHTS,
        WEIGHTS,
        _missing_kinds,
        _needed_symbols,
        park_value,
    )
    from boardkit.freizeitpark.ende import standing
    from boardkit.freizeitpark.konstrukte import analysis

    rs = rules("vielfalt")
    s = sheet("EEE.KK....", "....KK....", *["." * 10] * 8)
    an, st = analysis(rs, s), standing(rs, s)
    assert _missing_kinds(rs, st, an) == ["achterbahn", "wildwasserbahn", "geisterbahn"]
    assert _missing_kinds(rules(), standing(rules(), s), an) == []  # no card, no plan
    base, planned = _needed_symbols(rs, st, an), _needed_symbols(rs, st, an, PLAN_WEIGHTS)
    assert planned["achterbahn"] == base["achterbahn"] + 3.0 * 12
    assert planned["wildwasserbahn"] == base["wildwasserbahn"] + 3.0 * 8
    assert planned["geisterbahn"] == base["geisterbahn"] and planned["karussell"] == base["karussell"]
    # room: the park below row 2 is Landschaft; only a Geisterbahn still fits (two places)
    crowded = sheet("EEE.KK....", "....KK....", *["L" * 10] * 8)
    lost = analysis(rs, crowded)
    assert lost.free_places("achterbahn") == lost.free_places("wildwasserbahn") == 0
    assert lost.free_places("geisterbahn") == 2
    room = PLAN_WEIGHTS["room"]
    gap = (park_value(rs, crowded, PLAN_WEIGHTS) - park_value(rs, crowded, WEIGHTS))
    assert gap == -2 * room + 2 * room / 20  # Achterbahn and Wildwasserbahn can no longer be met
    assert park_value(rs, s, PLAN_WEIGHTS) - park_value(rs, s, WEIGHTS) == 3 * room * 4 / 20


def test_the_planner_is_a_named_player_that_plays_as_greedy_without_such_a_card():
    state = GAME.new_game(players=1, seed=3, variant={"card": "zug"})
    twin = GAME.new_game(players=1, seed=3, variant={"card": "zug"})
    play(state, [make_agent("planner", seed=5, game="freizeitpark")])
    play(twin, [make_agent("greedy", seed=5, game="freizeitpark")])
    assert state.log.text() == twin.log.text()
