"""boardkit games as OpenSpiel games: OpenSpiel's own conformance test for every built-in game
and player count, names, errors, determinism, hidden information, and OpenSpiel's MCTS and
IS-MCTS bots playing whole games.

The conformance runs use ``seeds=64`` (the chance node lists its outcomes, and OpenSpiel's
test names every one of them at each chance node), one game per configuration (three for
Dice Grid); the longest, Freizeitpark with 6 players, takes about 10 s of CPU alone.
"""

import json
import re

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import boardkit
import boardkit.interop.openspiel as bko
from boardkit.engine import Game, InteropError, UnknownGameError, VariantError
from boardkit.examples import tic_tac_toe

BUILTIN = ["dice-grid", "freizeitpark", "lands", "wanderlust", "wishland"]


def configurations():
    """(game, players, variant) for every built-in game and every player count it takes."""
    out = []
    for name in BUILTIN:
        game = boardkit.game(name)
        for players in range(game.min_players, game.max_players + 1):
            if name == "wanderlust" and players == 1:  # the Solo Mode plays against automatons
                out += [(name, 1, {"automatons": a}) for a in (1, 2, 3)]
            else:
                out.append((name, players, {}))
    return out


def load(name, players=None, variant=None, **params):
    params = dict(params)
    if players is not None:
        params["players"] = players
    if variant:
        params["variant"] = json.dumps(variant)
    return pyspiel.load_game(bko.openspiel_name(name), params)


def play(state, actions):
    for a in actions:
        state.apply_action(a)
    return state


def first_legal(state, decisions, rng=None):
    """Play ``decisions`` moves (the first legal one, or a random one with ``rng``)."""
    for _ in range(decisions):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))] if rng is not None else legal[0])
    return state


# ------------------------------------------------------------------ conformance
@pytest.mark.slow  # about 2.5 min of CPU in all (Freizeitpark with 6 players: 10-30 s)
@pytest.mark.parametrize("name, players, variant", configurations(),
                         ids=lambda v: json.dumps(v, separators=(",", ":")) if isinstance(v, dict) else str(v))
def test_openspiel_conformance(name, players, variant):
    game = load(name, players, variant, seeds=64)
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=3 if name == "dice-grid" else 1, serialize=True,
                            verbose=False)


def test_conformance_with_the_default_number_of_seeds():
    game = load("dice-grid")
    assert game.max_chance_outcomes() == bko.SEEDS
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


# ------------------------------------------------------------------ names and parameters
def test_every_builtin_game_is_registered_on_import():
    from boardkit.engine.registry import BUILTIN

    registered = {t.short_name for t in pyspiel.registered_games()}
    for name in BUILTIN:  # (a game a test registered by reference is no built-in one)
        assert bko.openspiel_name(name) in registered, name
    assert bko.SKIPPED == {}
    assert bko.openspiel_name("dice-grid") == "boardkit_dice_grid"


def test_load_by_name_with_players():
    game = pyspiel.load_game("boardkit_wishland", {"players": 3})
    assert game.num_players() == 3
    assert game.get_type().short_name == "boardkit_wishland"
    assert game.num_distinct_actions() == boardkit.game("wishland").codec.size
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    solo = pyspiel.load_game("boardkit_lands")
    assert solo.num_players() == 1 and solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_a_variant_with_several_options_survives_the_game_string():
    game = load("wanderlust", 2, {"house_rule": True, "family": True}, seeds=8)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    state = play(again.new_initial_state(), [3])
    assert state.boardkit.variant.house_rule and state.boardkit.variant.family


@pytest.mark.parametrize("call, error, message", [
    (lambda: pyspiel.load_game("boardkit_nope"), pyspiel.SpielError, "Unknown game 'boardkit_nope'"),
    (lambda: bko.register("nope"), UnknownGameError, "unknown game 'nope'"),
    (lambda: load("dice-grid", 9), VariantError, "dice-grid takes 2–4 players, not 9"),
    (lambda: load("lands", 2), VariantError, "lands takes 1 players, not 2"),
    (lambda: load("wanderlust", 1), VariantError, "choose 1, 2 or 3 automatons"),
    (lambda: pyspiel.load_game("boardkit_dice_grid", {"players": 2, "variant": "{oops"}),
     VariantError, "dice-grid variant: not JSON"),
    (lambda: load("dice-grid", 2, {"lucky": True}), VariantError, "lucky"),
    (lambda: load("dice-grid", seeds=0), VariantError, "seeds"),
    (lambda: pyspiel.load_game("boardkit_dice_grid", {"plyers": 2}), pyspiel.SpielError,
     "Unknown parameter 'plyers'"),
])
def test_refusals_are_clear(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_game_without_codec_is_refused():
    class Plain(tic_tac_toe.TicTacToeState):
        pass

    plain = Game(name="plain-ttt", title="no codec", state_class=Plain,
                 actions=(tic_tac_toe.Place,), players=(2, 2))
    with pytest.raises(InteropError, match="plain-ttt has no integer action codec"):
        bko.register(plain)


# ------------------------------------------------------------------ a game registered later
def test_a_game_registered_later_loads_and_conforms():
    # boardkit's own games as they are now (another test may have loaded tic-tac-toe by its
    # reference, which adds it: that is boardkit's registry, not this one's doing)
    ours = boardkit.games()
    name = bko.register(tic_tac_toe.GAME)
    assert name == "boardkit_tic_tac_toe"
    game = pyspiel.load_game(name)
    # not in the table of built-in bounds: MARGIN times the longest of 20 random games
    assert game.max_game_length() == bko.MARGIN * 9
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    assert boardkit.games() == ours  # OpenSpiel's registry only
    assert bko.register(tic_tac_toe.GAME, max_game_length=9) == name  # registering again replaces
    assert pyspiel.load_game(name).max_game_length() == 9


def test_a_name_taken_by_another_game_is_refused():
    class Other(tic_tac_toe.TicTacToeState):
        pass

    bko.register(tic_tac_toe.GAME)
    twin = Game(name="tic_tac_toe", title="twin", state_class=Other, actions=(tic_tac_toe.Place,),
                players=(2, 2), codec=tic_tac_toe.GAME.codec)
    with pytest.raises(InteropError, match="boardkit_tic_tac_toe of 'tic_tac_toe' is taken by 'tic-tac-toe'"):
        bko.register(twin)


def test_a_game_longer_than_declared_is_stopped_unchanged():
    name = bko.register(tic_tac_toe.GAME, max_game_length=4)
    try:
        state = play(pyspiel.load_game(name).new_initial_state(), [0, 0, 1, 3, 4])
        before = str(state)
        with pytest.raises(InteropError, match="goes on after 4 decisions"):
            state.apply_action(state.legal_actions()[0])
        assert str(state) == before and len(state.history()) == 5
    finally:
        bko.register(tic_tac_toe.GAME)


# ------------------------------------------------------------------ chance and determinism
def test_the_chance_node_draws_the_boardkit_seed():
    game = load("dice-grid", 3)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.boardkit is None
    outcomes = state.chance_outcomes()
    assert len(outcomes) == bko.SEEDS and sum(p for _, p in outcomes) == 1.0
    state.apply_action(1234)
    reference = boardkit.game("dice-grid").new_game(players=3, seed=1234)
    rng = np.random.default_rng(5)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(reference.game.codec.encode(a) for a in reference.legal_actions())
        code = legal[rng.integers(len(legal))]
        state.apply_action(code)
        reference.apply(reference.game.codec.decode(code))
    assert state.boardkit.to_json() == reference.to_json()  # the same game, rules not copied


def test_clone_and_serialization_keep_the_future():
    game = load("wishland", 2)
    state = first_legal(play(game.new_initial_state(), [77]), 12, np.random.default_rng(1))
    copy = state.clone()
    text = pyspiel.serialize_game_and_state(game, state)
    _, loaded = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state) == str(loaded)
    assert loaded.history() == state.history()
    rng = np.random.default_rng(2)
    for _ in range(15):  # the same moves give the same random outcomes in all three
        code = state.legal_actions()[rng.integers(len(state.legal_actions()))]
        for s in (state, copy, loaded):
            s.apply_action(code)
        assert str(state) == str(copy) == str(loaded)


def test_a_teachers_forced_outcome_survives_serialization():
    game = load("dice-grid")
    state = play(game.new_initial_state(), [9])
    state.boardkit.force("roll", (6, 6))
    first_legal(state, 2)
    assert "rolls 6 and 6" in str(state)
    _, loaded = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(loaded) == str(state)


def test_returns_follow_the_winners():
    game = load("dice-grid", 3)
    rng = np.random.default_rng(0)
    for seed in range(6):
        state = first_legal(play(game.new_initial_state(), [seed]), 10**6, rng)
        returns = state.returns()
        winners = state.boardkit.winners()
        assert abs(sum(returns)) < 1e-12
        if len(winners) == 1:
            assert returns == [1.0 if p in winners else -0.5 for p in range(3)]
    solo = load("lands")
    state = first_legal(play(solo.new_initial_state(), [4]), 10**6, rng)
    assert state.returns() == [1.0 if state.boardkit.winners() else -1.0]


# ------------------------------------------------------------------ hidden information
@pytest.mark.parametrize("name, players, variant, decisions", [
    ("dice-grid", 2, {}, 3), ("wishland", 3, {"entrepreneurs": True}, 10), ("wanderlust", 3, {}, 6)])
def test_hidden_information_does_not_leak(name, players, variant, decisions):
    """States that differ only in what seat ``me`` cannot see (re-dealt by
    ``resample_from_infostate``): ``me``'s information state, observation and tensor are
    equal, while another seat's private part (its view) differs."""
    game = load(name, players, variant)
    state = first_legal(play(game.new_initial_state(), [21]), decisions, np.random.default_rng(3))
    me = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others_differ = False
    for _ in range(20):
        other = state.resample_from_infostate(me, sampler)
        assert other.information_state_string(me) == state.information_state_string(me)
        assert other.observation_string(me) == state.observation_string(me)
        assert other.observation_tensor(me) == state.observation_tensor(me)
        assert other.history() == state.history()
        others_differ = any(other.information_state_string(p) != state.information_state_string(p)
                            for p in range(players) if p != me)
        if others_differ:
            break
    assert others_differ, "20 resamples never changed another seat's secret"


def test_the_public_and_teacher_observers():
    from open_spiel.python.observation import make_observation

    game = load("dice-grid")
    state = first_legal(play(game.new_initial_state(), [8]), 1)
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    teacher = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    assert json.loads(public.string_from(state, 0))["lucky"] == [None, None]
    assert None not in json.loads(teacher.string_from(state, 0))["lucky"]
    assert "log" in json.loads(teacher.string_from(state, 0))
    public.set_from(state, 0)
    assert public.tensor.shape == (bko.TENSOR_SIZE,) and public.tensor.any()


def test_a_perfect_recall_observer_has_no_tensor_to_fill():
    from open_spiel.python.observation import make_observation

    game = load("dice-grid")
    state = first_legal(play(game.new_initial_state(), [8]), 1)
    teacher = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    assert teacher.tensor is None
    with pytest.raises(InteropError, match="perfect-recall observation has no tensor"):
        teacher.set_from(state, 0)
    assert "log" in json.loads(teacher.string_from(state, 0))


# ------------------------------------------------------------------ OpenSpiel's bots
def play_bot(game, bot, seed):
    state = play(game.new_initial_state(), [seed])
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    return state


#: a whole game of each built-in game (measured on 2 busy cores with two simulations: Lands
#: 67 s and 94 s, Wishland 18 s and 31 s; Freizeitpark on the printed 10 x 10 sheet ran over
#: 8 minutes without ending, every random playout listing every build of every roll through the adapter,
#: so it plays on an 8 x 8 sheet where a park that cannot take a roll is out: 4 s each)
SMALL_PARK = {"sheet.width": 8, "sheet.height": 8, "end.unplayable": "out"}
WHOLE_GAMES = [
    ("dice-grid", 2, {}, 4, {}), ("wanderlust", 1, {"automatons": 2}, 4, {}),
    pytest.param("wishland", 2, {}, 2, {}, marks=pytest.mark.slow),
    pytest.param("lands", 1, {}, 2, {}, marks=pytest.mark.slow),
    pytest.param("freizeitpark", 2, {}, 2, SMALL_PARK, marks=pytest.mark.slow),
]


@pytest.mark.parametrize("name, players, variant, simulations, rules", WHOLE_GAMES)
def test_mcts_bot_plays_a_whole_game(name, players, variant, simulations, rules):
    game = load(name, players, variant, seeds=64, params=json.dumps(rules))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator,
                       random_state=np.random.RandomState(0))
    state = play_bot(game, bot, 5)
    assert state.is_terminal() and len(state.returns()) == players


@pytest.mark.parametrize("name, players, variant, simulations, rules", WHOLE_GAMES)
def test_ismcts_bot_plays_a_whole_game(name, players, variant, simulations, rules):
    game = load(name, players, variant, seeds=64, params=json.dumps(rules))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                           random_state=np.random.RandomState(0))
    state = play_bot(game, bot, 6)
    assert state.is_terminal() and len(state.returns()) == players


def test_an_ismcts_game_repeats_with_a_seeded_resampler():
    """Lesson 50 said its IS-MCTS game "repeats exactly", yet two runs of the same cell
    ended 6 to 5 and 10 to 3: OpenSpiel's bot resamples with a UniformProbabilitySampler
    seeded from the machine, a new one on every call. ``seeded_resampler`` gives the bot
    seeded worlds; the same seeds then play the same game, in a game loaded afresh too."""
    def one_game():
        game = load("dice-grid", 2)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np.random.RandomState(0)), uct_c=2.0, max_simulations=8,
            random_state=np.random.RandomState(0))
        bot.set_resampler(bko.seeded_resampler(0))
        state = play(game.new_initial_state(), [4])
        while not state.is_terminal():
            state.apply_action(bot.step(state))
        a, b = state.boardkit.scores()
        assert str(state).endswith(f"the game is over; scores: P1 {a}, P2 {b}")  # not "[a, b]"
        return state.history()

    assert len({tuple(one_game()) for _ in range(3)}) == 1
    state = play(load("dice-grid", 2).new_initial_state(), [3])
    worlds = [bko.seeded_resampler(k)(state, 0) for k in (0, 0, 1)]
    lucky = [w.boardkit.lucky[1] for w in worlds]
    assert lucky[0] == lucky[1]  # the same seed, the same world
    assert all(w.information_state_string(0) == state.information_state_string(0) for w in worlds)


# ------------------------------------------------------------------ the benchmark's game
def test_tic_tac_toe_rules():
    from boardkit.testing import assert_illegal

    Place = tic_tac_toe.Place
    state = tic_tac_toe.GAME.new_game()
    for cell in (0, 3, 1, 4):
        state.apply(Place(cell))
    assert_illegal(state, Place(4), "tic-tac-toe.turn.empty")
    state.apply(Place(2))  # X completes the top row
    assert state.is_over and state.winners() == [0] and state.scores() == [1.0, 0.0]
    draw = tic_tac_toe.GAME.new_game()
    for cell in (4, 0, 2, 6, 3, 5, 1, 7, 8):  # the last cell is a decision too (auto = False)
        draw.apply(Place(cell))
    assert draw.is_over and draw.winners() == [0, 1] and draw.action_count == 9  # a draw: shared
    assert draw.observation(1)["grid"] == ["OXX", "XXO", "OOX"]


def test_rule_parameters_reach_the_boardkit_game_and_survive_serialization():
    game = load("freizeitpark", 2, params=json.dumps(SMALL_PARK))
    assert 'params={"end.unplayable":"out"%2C"sheet.height":8%2C"sheet.width":8}' in str(game)
    state = first_legal(play(game.new_initial_state(), [3]), 4)
    assert (state.boardkit.params.sheet.width, state.boardkit.params.sheet.height) == (8, 8)
    assert state.boardkit.params.end.unplayable == "out"
    again_game, again = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(again_game) == str(game) and again.boardkit.to_json() == state.boardkit.to_json()
    # the documented bounds hold for the printed rules only: other rules are measured
    assert game.max_game_length() != load("freizeitpark", 2).max_game_length()


@pytest.mark.parametrize("text, message", [
    ('{"sheet.widht": 3}', "freizeitpark params: unknown rule parameter 'sheet.widht'"),
    ("[1]", "freizeitpark params: expected a JSON object"),
    ("nope", "freizeitpark params: not JSON"),
    ('{"sheet.width": -3}', "freizeitpark params: sheet.width"),
])
def test_bad_rule_parameters_are_refused_in_words(text, message):
    with pytest.raises(VariantError, match=re.escape(message)):
        load("freizeitpark", 2, params=text)
