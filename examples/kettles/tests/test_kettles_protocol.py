"""The protocol's promises for Kettles, and its hidden information: a seat sees its own hand
only, the log hides what the others drew, and a determinized game deals again only what the
seat cannot see. Then the board and the planning agent."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.analysis import simulate
from boardkit.engine import PUBLIC
from boardkit.testing import check_conformance, playthrough
from kettles import ICE, Choose, KettlesState, Pour
from kettles.game import DECK

from .kettles_helpers import GAME, cards_in_play, position


def played(players: int, seed: int, steps: int, variant: dict | None = None) -> KettlesState:
    """A game after ``steps`` random decisions (or at its end)."""
    state = GAME.new_game(players=players, seed=seed, variant=variant)
    assert isinstance(state, KettlesState)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        options = state.legal_actions()
        state.apply(options[int(rng.integers(len(options)))])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_the_protocol_holds(players: int, seed: int) -> None:
    check_conformance("kettles", seed, players=players)


def test_the_protocol_holds_with_the_variant_and_other_parameters() -> None:
    for seed in range(4):
        check_conformance("kettles", seed, variant={"whistle": True})
        check_conformance("kettles", seed, players=3, params={"limit": 8, "hand_size": 1})


@settings(max_examples=40, deadline=None, derandomize=True)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**31), steps=st.integers(0, 70))
def test_cards_are_kept_and_no_hand_is_seen_by_another_seat(players: int, seed: int,
                                                              steps: int) -> None:
    s = played(players, seed, steps)
    assert cards_in_play(s) == Counter(DECK)
    assert all(k == [] or 0 <= s.scores()[p] <= 2 * s.params.limit
               for p, k in enumerate(s.kettles))
    public = s.observation(PUBLIC)
    assert public["hands"] == [None] * players
    for viewer in range(players):
        obs = s.observation(viewer)
        assert obs["hands"] == [s.hands[p] if p == viewer else None for p in range(players)]
        assert obs["hand_sizes"] == [len(h) for h in s.hands]
        for event, line in zip(s.log, obs["log"], strict=True):
            if event.to is not None and event.to != viewer:  # another seat's deal or draw
                assert line in (f"P{event.to + 1}: draws a card",
                                f"P{event.to + 1}: is dealt {s.params.hand_size} cards")


@pytest.mark.parametrize("players", [2, 4])
def test_determinizing_deals_again_only_what_the_seat_cannot_see(players: int) -> None:
    s = played(players, seed=5, steps=9)
    assert not s.is_over
    for viewer in range(players):
        seen = s.observation(viewer)
        others = set()
        for k in range(12):
            d = s.determinize(viewer, k)
            assert isinstance(d, KettlesState)
            assert d.observation(viewer) == seen
            assert d.hands[viewer] == s.hands[viewer] and d.kettles == s.kettles
            assert cards_in_play(d) == Counter(DECK)
            others.add(tuple(tuple(h) for p, h in enumerate(d.hands) if p != viewer))
        assert len(others) > 1  # the other hands are really dealt again


def test_a_playthrough_lists_both_stages_of_a_turn() -> None:
    record = playthrough("kettles", seed=3, decisions=3)
    assert "## decision 1: P1, choose a card from your hand" in record
    assert "## decision 2: P1, pour the" in record and "legal [8] Pour(kettle=1)" in record


def test_the_board_shows_a_seat_its_own_hand_and_turns_clicks_into_moves() -> None:
    s = position([[2, 5, ICE], [1, 2, 2]])
    board = GAME.board(s, agent="random")
    svg = board.svg()
    assert svg.count("a hidden card") == 3 and "choose the ice" in svg  # P1's eyes
    codes = board.targets(board.state)
    assert set(codes.values()) == {Choose(ICE), Choose(2), Choose(5)}
    target = {v: k for k, v in codes.items()}
    assert board.handle_message({"kind": "click", "target": target[Choose(5)]})
    pour = {v: k for k, v in board.targets(board.state).items()}
    assert set(pour) == {Pour(0), Pour(1)}
    assert board.handle_message({"kind": "click", "target": pour[Pour(1)]})
    assert board.state.kettles[1] == [5]
    assert board.state.current_player == 1 and "choose the 1" in board.svg()  # P2's eyes
    click = {v: k for k, v in board.targets(board.state).items()}[Choose(1)]
    bad = click.replace(str(GAME.codec.encode(Choose(1))), str(GAME.codec.encode(Choose(6))))
    assert not board.handle_message({"kind": "click", "target": bad})  # P2 holds no 6
    assert board.last_error is not None and board.last_error.rule == "kettles.choose.hand"


def test_the_planner_plans_both_stages_and_beats_random_players() -> None:
    run = simulate("kettles:GAME", agents=["planner", "random"], n=60, seed=2, progress=False)
    wins = run.groupby("agent").win.mean()
    assert wins["planner"] > wins["random"] + 0.2
