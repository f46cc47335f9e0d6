"""Invariants under random play (hypothesis): cards, Workers and tokens are conserved, no
resource goes negative, legality is one source of truth (legal_actions == the actions the
checks accept), illegal actions change nothing, saves replay exactly, and observations never
leak a hidden card."""

import json
import pickle

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from boardkit.engine import RuleViolation
from boardkit.wishland import GAME
from boardkit.wishland.content import CARDS, ENTREPRENEUR, HOTEL, MASCOT, TICKET, card_id
from boardkit.wishland.turns import FreeCollectStep

VARIANTS = [{}, {"entrepreneurs": True}, {"achievement_tiles": True},
            {"entrepreneurs": True, "achievement_tiles": True}]
MARKET_CARDS = sorted(c for c, card in CARDS.items() if card.kind <= MASCOT)
TICKETS = sorted(c for c, card in CARDS.items() if card.kind == TICKET)


def random_state(seed, players, variant, steps):
    s = GAME.new_game(players=players, seed=seed, variant=variant)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_over:
            break
        acts = s.legal_actions()
        s.apply(acts[int(rng.integers(len(acts)))])
    return s


def check_invariants(s):
    n = s.players
    places = [c for row in s.market for c in row if c] + sum(s.decks, []) + sum(s.discards, [])
    places += [c for t in s.tableau for c in t if CARDS[c].kind <= MASCOT] + s.hand + s.buying
    assert sorted(places) == MARKET_CARDS, "every market card is in exactly one place"
    tickets = s.tickets + [c for t in s.tableau for c in t if CARDS[c].kind == TICKET]
    assert sorted(tickets) == TICKETS
    for p in range(n):
        assert s.workers[p] + s.reserve[p] == 10
        assert 0 <= s.placed[p] <= s.workers[p]
        assert s.placed[p] == sum(k for st in s.stacks for q, k in st if q == p)
        assert s.credits[p] >= 0 and s.vp[p] >= 0
        assert 0 <= s.happiness[p] <= 10 and 0 <= s.visitors[p] <= 10
        assert sum(s.vp_by[p].values()) == s.vp[p]
        assert s.count[p][:6] == [sum(1 for c in s.tableau[p] if CARDS[c].kind == k)
                                  for k in range(6)]
        assert sum(s.symbols[p].values()) == sum(1 for c in s.tableau[p] if CARDS[c].symbol)
    assert all(k > 0 for st in s.stacks for _, k in st)
    assert set(s.claimed.values()) <= set(range(n))
    if isinstance(s.pending, FreeCollectStep):  # Hotel #13's offer: its owner, Workers out
        p = s.pending.player
        assert card_id(HOTEL, 13) in s.tableau[p] and s.placed[p] > 0
        assert sum(k for q, k in s.stacks[0] if q == p) > 0  # they advertised
    if s.entrepreneur[0]:
        assert sorted(c for c in s.entrepreneur) == sorted(set(s.entrepreneur))
        assert all(CARDS[c].kind == ENTREPRENEUR for c in s.entrepreneur)


@given(seed=st.integers(0, 2**31), players=st.integers(1, 4), variant=st.sampled_from(VARIANTS),
       steps=st.integers(0, 400))
def test_invariants_hold_in_random_play(seed, players, variant, steps):
    s = random_state(seed, players, variant, steps)
    check_invariants(s)


@given(seed=st.integers(0, 2**31), players=st.integers(1, 4), variant=st.sampled_from(VARIANTS))
def test_whole_games_keep_the_invariants_and_replay(seed, players, variant):
    s = GAME.new_game(players=players, seed=seed, variant=variant)
    rng = np.random.default_rng(seed)
    while not s.is_over:
        acts = s.legal_actions()
        s.apply(acts[int(rng.integers(len(acts)))])
        check_invariants(s)
    assert s.round == 7 and s.final is not None
    won = s.winners()  # one winner, with the best score (Solo Mode: no score to beat)
    assert len(won) == 1 and s.scores()[won[0]] == max(s.scores())
    again = GAME.from_json(s.to_json())
    assert again.log.text() == s.log.text() and again.scores() == s.scores()


CODEC = GAME.codec


@given(seed=st.integers(0, 2**31), players=st.integers(1, 4), variant=st.sampled_from(VARIANTS),
       steps=st.integers(0, 300))
def test_legal_actions_are_exactly_what_the_checks_accept(seed, players, variant, steps):
    s = random_state(seed, players, variant, steps)
    if s.is_over:
        return
    legal = set(s.legal_actions())
    accepted = set()
    before = pickle.dumps({k: v for k, v in s.__dict__.items() if k != "log"})
    for code in range(CODEC.size):
        act = CODEC.decode(code)
        try:
            s.check(act)
        except RuleViolation as err:
            assert err.rule.startswith(("wishland.", "engine.")), err.rule
            assert err.message
            continue
        accepted.add(act)
    assert accepted == legal
    assert pickle.dumps({k: v for k, v in s.__dict__.items() if k != "log"}) == before


@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), steps=st.integers(0, 200),
       variant=st.sampled_from(VARIANTS))
def test_observations_hide_decks_and_secret_cards(seed, players, steps, variant):
    s = random_state(seed, players, variant, steps)
    for p in range(players):
        obs = s.observation(p)
        text = json.dumps(obs)
        assert "decks" not in obs
        if not s.final_phase:
            assert "bonus_pool" not in obs
        for q in range(players):
            if q != p and not s.entrepreneur[q]:
                assert obs["seats"][q]["dealt"] == len(s.dealt[q])
        for e in s.log:  # the deck order is never in a player's log
            if e.kind == "chance" and e.name.startswith("shuffle"):
                assert str(e) not in obs["log"]
        assert text
        other = s.determinize(p, seed % 1000)
        assert other.observation(p) == obs
        if not s.final_phase:
            check_invariants(other)


def test_determinize_really_resamples():
    s = random_state(1, 3, {"entrepreneurs": True}, 3)  # in the draft
    d = s.determinize(0, 5)
    assert d.dealt[0] == s.dealt[0]
    assert d.decks != s.decks
    assert (d.dealt[1], d.dealt[2]) != (s.dealt[1], s.dealt[2])
    assert set(d.dealt[1] + d.dealt[2]).isdisjoint(s.dealt[0])


def test_spectator_sees_everything():
    s = random_state(1, 2, {}, 10)
    obs = s.observation(None)
    assert obs["decks"]["rides"] == s.decks[0]
