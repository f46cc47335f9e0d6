"""Invariants over random play, for every variant: cards and tokens conserved, nothing
negative, hidden information never leaks, determinizations are consistent, saves replay."""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from wanderlust_helpers import destination_total, encounter_total, tickets_total

from boardkit.wanderlust import GAME

VARIANTS = [
    (2, {}), (3, {}), (5, {}), (4, {"family": True}), (3, {"house_rule": True}),
    (2, {"first_game": True}), (1, {"automatons": 1}), (1, {"automatons": 2}),
    (1, {"automatons": 3}),
]


def play(players, variant, seed, steps=None):
    s = GAME.new_game(players=players, seed=seed, variant=variant)
    rng = np.random.default_rng(seed)
    n = 0
    while not s.is_over and (steps is None or n < steps):
        options = s.legal_actions()
        s.apply(options[int(rng.integers(len(options)))])
        n += 1
    return s


def check_invariants(s):
    assert tickets_total(s) == 80
    assert destination_total(s) == 68
    assert encounter_total(s) == 32
    assert min(s.deck) >= 0 and min(s.discard) >= 0
    for t in range(s.trotters):
        assert min(s.hand[t]) >= 0
        assert all(k <= h for k, h in zip(s.known[t], s.hand[t], strict=True))
        assert all(v >= 0 for v in s.enc[t].values())
        assert all(x >= 0 for tok in s.tokens[t].values() for x in tok)
        assert set(s.tokens[t]) == set(s.cards[t])
        if not s.is_automaton(t):
            assert s.loc[t] in s.cards[t], "players stand on their own destinations"
        for name, (souv, post, cam) in s.tokens[t].items():
            kind = {"city": 0, "port": 1, "wonder": 2}
            from boardkit.wanderlust.content import world

            k = kind[world().dest_type(name)]
            assert [souv, post, cam][k] == sum((souv, post, cam)), "only the card's own kind"
    owned = [c for cards in s.cards for c in cards]
    assert len(owned) == len(set(owned))
    avail = [d for d in s.available if d]
    assert len(avail) == len(set(avail)) and not set(avail) & set(owned)
    assert all(len(a) == len(set(a)) for a in s.achieved)


@settings(max_examples=30)
@given(case=st.sampled_from(VARIANTS), seed=st.integers(0, 2**31), steps=st.integers(0, 120))
def test_invariants_hold_in_random_play(case, seed, steps):
    players, variant = case
    s = play(players, variant, seed, steps)
    check_invariants(s)


@settings(max_examples=15)
@given(case=st.sampled_from(VARIANTS), seed=st.integers(0, 2**31))
def test_every_variant_finishes_and_replays(case, seed):
    players, variant = case
    s = play(players, variant, seed)
    assert s.is_over
    check_invariants(s)
    again = GAME.from_json(s.to_json())
    assert again.log.text() == s.log.text() and again.scores() == s.scores()


@settings(max_examples=25)
@given(case=st.sampled_from(VARIANTS[:6]), seed=st.integers(0, 2**31), steps=st.integers(0, 80))
def test_observation_hides_what_a_player_cannot_see(case, seed, steps):
    players, variant = case
    s = play(players, variant, seed, steps)
    for viewer in range(s.players):
        obs = s.observation(viewer)
        json.dumps(obs)
        for q, entry in enumerate(obs["trotters"]):
            if q == viewer:
                assert entry["hand"] == s.hand[q]
                continue
            assert entry["hand"] is None and entry["encounters"] is None
            if not s.is_over:
                assert entry["mission"] is None and entry["goal"] is None
                assert entry["score"] is None
        for event in s.log:
            if event.to is not None and event.to != viewer:
                assert event.visible_text(viewer) != str(event)
                assert event.public is not None


@settings(max_examples=25)
@given(case=st.sampled_from(VARIANTS), seed=st.integers(0, 2**31), steps=st.integers(0, 80),
       k=st.integers(0, 1000))
def test_determinize_keeps_what_is_known(case, seed, steps, k):
    players, variant = case
    s = play(players, variant, seed, steps)
    for viewer in range(s.players):
        d = s.determinize(viewer, k)
        assert d.observation(viewer) == s.observation(viewer)
        check_invariants(d)
        assert d.hand[viewer] == s.hand[viewer] and d.enc[viewer] == s.enc[viewer]
        for q in range(s.trotters):
            assert sum(d.hand[q]) == sum(s.hand[q])
            assert all(a >= b for a, b in zip(d.hand[q], s.known[q], strict=True))
            assert sum(d.enc[q].values()) == sum(s.enc[q].values())
        if not s.is_over:
            assert d.mission[viewer] == s.mission[viewer]
            assert viewer is None or d.mission[viewer] not in [
                d.mission[q] for q in range(s.players) if q != viewer and d.mission[q]]


def test_determinize_does_resample_hidden_hands():
    s = play(3, {}, seed=4, steps=10)
    hands = {tuple(map(tuple, s.determinize(0, k).hand[1:3])) for k in range(20)}
    assert len(hands) > 1


@settings(max_examples=20, deadline=None)
@given(case=st.sampled_from(VARIANTS[:6]), seed=st.integers(0, 2**31), steps=st.integers(0, 80),
       pick=st.integers(0, 2**31))
def test_listed_trips_and_the_exact_check_agree(case, seed, steps, pick):
    """Within the listing bound, a trip is listed by legal_actions() exactly when explain()
    accepts it (the listing and routes.find are two searches for one rule), and the example
    route of every listed trip is a route routes.find also finds."""
    from boardkit.wanderlust import routes
    from boardkit.wanderlust.actions import Travel
    from boardkit.wanderlust.content import TICKETS

    players, variant = case
    s = play(players, variant, seed, steps)
    if s.is_over or s.step_points == 0:
        return
    p = s.current_player
    listed = {a for a in s.legal_actions() if isinstance(a, Travel)}
    for act in listed:
        assert routes.find(s.loc[p], act.to, routes.counts(act.tickets), act.flights) is not None
    rng = np.random.default_rng(pick)
    held = [t for t, n in zip(TICKETS, s.hand[p], strict=True) for _ in range(n)]
    bound = s.params.travel.list_legs
    for _ in range(12):
        if not held:
            break
        size = int(rng.integers(1, min(len(held), bound) + 1))
        tickets = tuple(held[int(i)] for i in rng.choice(len(held), size, replace=False))
        for to in [d for d in s.available if d]:
            act = Travel(to, tickets, int(rng.integers(0, 3)))
            assert bool(s.explain(act)) == (act in listed), act
