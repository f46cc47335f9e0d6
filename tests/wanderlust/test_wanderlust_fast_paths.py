"""The cheap paths of the hot loop agree with the plain computations they stand for, on
random play positions of every variant: race objectives read each trotter's figures once
per check, and the route planner's memo."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_wanderlust_properties import VARIANTS, play

from boardkit.wanderlust import objectives
from boardkit.wanderlust.content import cards, world


def plain_progress(s, t, obj):
    """The objective's figures read one by one, straight from the state."""
    target = obj.goal_for(s.trotters)
    if obj.kind == "experience":
        return s.exp[t], target
    if obj.kind == "collector":
        return tuple(s.collectibles(t)), target
    if obj.kind == "zones":
        return len(s.zones_visited(t)), target
    if obj.kind == "trip":
        return s.best_trip[t], target
    if obj.kind == "encounters":
        return s.enc_gained[t], target
    return s.destinations_of(t, obj.type), target


def plain_met(s, t, obj):
    have, target = plain_progress(s, t, obj)
    if obj.kind == "experience":
        return have > target
    if obj.kind == "collector":
        return all(h >= g for h, g in zip(have, target, strict=True))
    return have >= target


def plain_collectibles(s, t):
    total = list(s.passport_tokens[t])
    for tok in s.tokens[t].values():
        for i in range(3):
            total[i] += tok[i]
    return total


@settings(max_examples=30, deadline=None)
@given(case=st.sampled_from(VARIANTS), seed=st.integers(0, 2**31), steps=st.integers(0, 150))
def test_objective_checks_agree_with_the_plain_reading(case, seed, steps):
    players, variant = case
    s = play(players, variant, seed, steps)
    for t in range(s.trotters):
        assert s.collectibles(t) == plain_collectibles(s, t)
        for obj in cards().objectives.values():  # every objective, in play or not
            assert objectives.progress(s, t, obj) == plain_progress(s, t, obj)
            assert objectives.met(s, t, obj) == plain_met(s, t, obj)
    # update() marks exactly the objectives in play that are met, in the order of play,
    # each trotter in turn, whatever the state of the memo
    again = s.clone()
    again.achieved = [[] for _ in range(s.trotters)]
    again.achieved_round = [{} for _ in range(s.trotters)]
    again.trigger = None
    objectives.update(again)
    for t in range(s.trotters):
        expected = [oid for oid in s.objectives if plain_met(s, t, cards().objectives[oid])]
        assert again.achieved[t] == expected
    triggered = [t for t in range(s.trotters) if len(again.achieved[t]) >= 2]
    assert again.trigger == (triggered[0] if triggered else None)


def test_places_memo_is_the_plain_count():
    w = world()
    rng = np.random.default_rng(3)
    names = [n for n in w.names if w.is_destination(n)]
    for _ in range(200):
        visited = tuple(rng.choice(names, size=int(rng.integers(0, 9)), replace=False))
        zones, types = objectives._places(visited)
        assert zones == len({w.zone(c) for c in visited})
        for kind in ("city", "port", "wonder"):
            assert types.get(kind, 0) == sum(1 for c in visited if w.dest_type(c) == kind)


@settings(max_examples=200, deadline=None)
@given(avail=st.lists(st.integers(0, 9), min_size=6, max_size=6), size=st.integers(0, 9))
def test_remembered_multisets_are_the_plain_draws(avail, size):
    from boardkit.wanderlust import routes

    plain = list(routes._draws(list(avail), size))
    assert list(routes._multisets(avail, size)) == plain
    assert list(routes._multisets(avail, size)) == plain  # the second time from the memo


def test_objective_plans_follow_the_card_table_they_were_read_from(monkeypatch):
    """The remembered targets belong to one card table: content loaded again (here, with
    every target raised by one) is read again, never answered from the old table's plan,
    even when the new table lives where the old one did (the memo was keyed on ``id()``)."""
    from types import SimpleNamespace

    s = play(3, {}, 0, steps=10)
    base = cards().objectives
    # every table at one address: what CPython does when a freed table's memory is reused
    monkeypatch.setattr(objectives, "id", lambda obj: 0, raising=False)

    def load(step):  # content as a reload gives it: a new table of new cards
        return {oid: obj.model_copy(update={"target": {
            k: (tuple(x + step for x in v) if isinstance(v, tuple) else v + step)
            for k, v in obj.target.items()}}) for oid, obj in base.items()}

    def plan_with(table):
        monkeypatch.setattr(objectives, "cards", lambda: SimpleNamespace(objectives=table))
        return objectives._plan(s)

    before = plan_with(load(0))
    after = plan_with(load(1))
    assert [oid for oid, _, _ in after] == [oid for oid, _, _ in before] == list(s.objectives)
    for (_, _, old), (_, _, new) in zip(before, after, strict=True):
        assert new == (tuple(x + 1 for x in old) if isinstance(old, tuple) else old + 1)
