"""Property tests (hypothesis): cards are conserved, illegal input changes nothing, games
round-trip through JSON, observations hide unseen cards."""

import json
import pickle

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.engine import ActionFormatError, RuleViolation
from boardkit.lands import GAME
from boardkit.lands.actions import Move, Place


def walk(seed, steps, expert=False):
    """A random game, yielding the state after every action."""
    s = GAME.new_game(seed=seed, variant={"expert": expert})
    rng = np.random.default_rng(seed)
    yield s
    for _ in range(steps):
        if s.is_over:
            return
        options = s.legal_actions()
        s.apply(options[int(rng.integers(len(options)))])
        yield s


@settings(max_examples=15)
@given(seed=st.integers(0, 2**31), expert=st.booleans())
def test_cards_are_conserved(seed, expert):
    for s in walk(seed, 200, expert):
        assert s.cards_everywhere() == list(range(15))
        assert set(s.hand) <= set(s.reserved)
        assert s.scores()[0] >= 0


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 25), x=st.floats(-3, 16),
       y=st.floats(-3, 16), angle=st.floats(-400, 400), shape=st.integers(-1, 2),
       under=st.booleans(), card=st.integers(0, 14), park=st.integers(0, 4))
def test_free_placements_are_legal_or_change_nothing(seed, steps, x, y, angle, shape, under, card, park):
    *_, s = walk(seed, steps)
    before = pickle.dumps(s)
    for act in (Place(card, park, x, y, angle, shape, under), Move(x, y, angle, shape, under)):
        verdict = s.explain(act)
        if verdict.legal:
            s.clone().apply(act)
            continue
        assert verdict.rule.startswith(("lands.", "engine."))
        try:
            s.apply(act)
        except RuleViolation as err:
            assert err.rule == verdict.rule
        assert pickle.dumps(s) == before


@settings(max_examples=10)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60))
def test_json_round_trip_mid_game(seed, steps):
    *_, s = walk(seed, steps)
    again = GAME.from_json(s.to_json())
    assert again.to_json() == s.to_json()
    assert again.observation(None) == s.observation(None)
    assert again.cards_everywhere() == s.cards_everywhere()


@settings(max_examples=10)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60))
def test_observation_hides_unseen_cards(seed, steps):
    *_, s = walk(seed, steps)
    obs = s.observation(0)
    json.dumps(obs)
    unseen = {c for c in range(15) if s.unseen >> c & 1}
    shown = {c for st_ in obs["stacks"] for c in st_ if c is not None}
    shown |= {c for c in obs["reserved"] if c is not None}
    shown |= set(obs["deck"]["top_known"]) | set(obs["deck"]["seen_inside"])
    assert not shown & unseen
    assert obs["deck"]["order"] is None
    if s.phase == "portfolio":
        assert obs["reserved"][0] is None  # the setup card is never seen before the megapark


def test_codec_refuses_free_positions():
    import pytest

    with pytest.raises(ActionFormatError):
        GAME.codec.encode(Place(1, 0, 5.5, 5, 0, 0))
    assert GAME.codec.decode(GAME.codec.encode(Place(1, 0, 5, 5, 90, 1, True))) == Place(1, 0, 5, 5, 90, 1, True)


@settings(max_examples=20)
@given(seed=st.integers(0, 2**31), steps=st.integers(1, 40), shifts=st.lists(
    st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.sampled_from([0, 90, 180, 270]),
              st.integers(0, 1)), min_size=1, max_size=6), reverse=st.booleans())
def test_relayouts_are_legal_or_change_nothing(seed, steps, shifts, reverse):
    """A whole rearrangement (lands.rearrange.within) is judged once: explain and apply agree,
    a refusal leaves the state untouched, and an accepted layout follows the building rules."""
    from boardkit.lands.actions import Relayout
    from boardkit.lands.building import problem

    *_, s = walk(seed, steps)
    if not s.parks:
        return
    park = s.parks[0]
    cards = [(p.card, p.x + dx, p.y + dy, a, sh) for p, (dx, dy, a, sh) in
             zip(park, shifts * len(park), strict=False)]
    act = Relayout(0, tuple(reversed(cards)) if reverse else tuple(cards))
    before = pickle.dumps(s)
    verdict = s.explain(act)
    try:
        s.apply(act)
    except RuleViolation as err:
        assert not verdict.legal and err.rule == verdict.rule
        assert pickle.dumps(s) == before
        return
    assert verdict.legal and problem(s.parks[0]) is None
    assert sorted(p.card for p in s.parks[0]) == sorted(p.card for p in park)
