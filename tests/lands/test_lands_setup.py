"""Setup, exactly as printed (rulebook: Setup) — and its hidden information."""

import json

import pytest
from lands_helpers import EXAMPLE_ORDER

from boardkit.engine import RuleViolation, SaveGameError
from boardkit.lands import GAME, arranged
from boardkit.lands.portfolio import PlaceStep
from boardkit.lands.setup import deal


def test_setup_deals_deck_reserve_and_three_stacks(fresh):
    s = fresh
    # 2a: a face-down deck of 4 (the first card is already drawn to be placed)
    assert s.drawn == 1 and s.deck == [4, 6, 3]
    # 2b: one reserved card, face down
    assert s.reserved == [2]
    # 2c: the other 10 dealt in turn: 4, 3, 3 cards; the first dealt card of each is on top
    assert [len(st) for st in s.stacks] == [4, 3, 3]
    assert s.stacks == [[0, 8, 11, 14], [5, 9, 12], [7, 10, 13]]
    # 3: build area and discard pile empty
    assert s.parks == [] and s.discard == []
    assert sorted(s.cards_everywhere()) == list(range(15))
    assert isinstance(s.pending, PlaceStep) and s.round == 1


def test_deal_is_even_for_other_counts():
    params = GAME.make_params()
    deck, reserved, stacks = deal(range(15), params)
    assert (len(deck), len(reserved)) == (4, 1)
    assert sorted(len(st) for st in stacks) == [3, 3, 4]
    params = GAME.make_params({"deck": 5})  # 9 left: 3, 3, 3
    assert [len(st) for st in deal(range(15), params)[2]] == [3, 3, 3]


def test_goal_side_is_random_and_logged():
    sides = {GAME.new_game(seed=k).side.label for k in range(40)}
    assert len(sides) == 6  # every side of every goal card comes up
    s = GAME.new_game(seed=3)
    assert s.side.label in s.log.text()


def test_only_stack_tops_are_seen(fresh):
    obs = fresh.observation(0)
    assert obs["stacks"] == [[0, None, None, None], [5, None, None], [7, None, None]]
    assert obs["reserved"] == [None]  # the setup card stays unseen
    assert obs["deck"] == {"size": 3, "top_known": [], "order": None, "seen_inside": []}
    text = json.dumps(obs)
    assert "order" in text and "[4, 6, 3]" not in text
    # the spectator (None) sees everything
    assert fresh.observation(None)["stacks"][0] == [0, 8, 11, 14]


def test_determinize_deals_unseen_cards_anew(fresh):
    seen = fresh.observation(0)
    hidden = set(fresh.deck) | {8, 11, 14, 9, 12, 10, 13} | {2}
    moved = 0
    for k in range(10):
        d = fresh.determinize(0, k)
        assert d.observation(0) == seen
        again = set(d.deck) | {c for st in d.stacks for c in st[1:]} | set(d.reserved)
        assert again == hidden  # the same unseen cards, dealt anew
        moved += d.reserved != fresh.reserved or d.deck != fresh.deck
    assert moved


def test_forced_setup_must_be_a_full_shuffle():
    with pytest.raises(Exception, match="orders distinct park cards"):
        arranged([0, 0, 1])  # duplicates are not a shuffle
    s = GAME.new_game(seed=1)
    with pytest.raises(RuleViolation) as err:
        s.force("shuffle", (1, 1))
    assert err.value.rule == "lands.setup.deck"
    with pytest.raises(RuleViolation) as err:
        s.force("goal", (7, 0))
    assert err.value.rule == "lands.setup.goal"


def test_arranged_games_replay(fresh):
    with pytest.raises(SaveGameError, match=r"history\[0\]: random event 0 \('goal'\) was forced"):
        GAME.from_json(fresh.to_json())  # an arranged deal is a teacher's position
    again = GAME.from_json(fresh.to_json(), allow_forced=True)
    assert again.to_json() == fresh.to_json() and again.stacks == fresh.stacks
    assert EXAMPLE_ORDER[:4] == [1, 4, 6, 3]
