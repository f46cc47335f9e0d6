"""Setup, the optional cards and tiles, Choosing Turn Order and the Income Phase."""

import pytest
from wishland_helpers import collect_until

from boardkit.engine import RuleViolation, VariantError
from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland import GAME
from boardkit.wishland.actions import (
    ChooseReward,
    ChooseTurnSpace,
    ClaimAchievement,
    Collect,
    KeepEntrepreneur,
)
from boardkit.wishland.content import (
    CARDS,
    ENTREPRENEUR,
    HOTEL,
    RESTAURANT,
    TICKET,
    card_id,
)
from boardkit.wishland.positions import put_cards, start_of_turns
from boardkit.wishland.setup import DraftStep
from boardkit.wishland.turn_order import TurnOrderStep

# ------------------------------------------------------------------ Setup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    s = GAME.new_game(players=players, seed=11)
    assert all(len(row) == 4 and all(row) for row in s.market)
    assert [len(d) for d in s.decks] == [20] * 5 and s.discards == [[]] * 5
    assert [CARDS[c].kind for row in s.market for c in row] == [k for k in range(5) for _ in range(4)]
    assert s.workers == [4] * players and s.reserve == [6] * players
    assert s.happiness == s.visitors == s.vp == s.credits == [0] * players
    assert [c[TICKET] for c in s.count] == [1] * players
    assert len(s.tickets) == 20 - players
    assert s.first == 0 and isinstance(s.pending, TurnOrderStep) and s.current_player == 0
    assert s.achievement_spaces == [f"board-{i}" for i in range(1, 10)]


def test_player_counts():
    for bad in (0, 5):
        with pytest.raises(VariantError, match="1–4 players"):
            GAME.new_game(players=bad)


def test_seed_reproduces_the_deal():
    a, b = GAME.new_game(players=3, seed=5), GAME.new_game(players=3, seed=5)
    assert a.decks == b.decks and a.market == b.market
    assert GAME.new_game(players=3, seed=6).decks != a.decks


def test_forcing_the_round_6_reshuffle():
    """A teacher may force a shuffle; the order is checked when the shuffle happens."""
    s = start_of_turns(2, seed=0)
    with pytest.raises(RuleViolation, match="wishland.setup.market"):
        s.force("shuffle rides", (0, 0, 1))
    collect_until(s, lambda s: s.round == 6 and s.turn == 4 and s.turn_pos == 1)
    pile = sorted(s.decks[0] + s.discards[0] + [c for c in s.market[0] if c])
    order = tuple(reversed(range(len(pile))))
    s.force("shuffle rides", order)
    s.apply(Collect())
    assert s.round == 7 and s.discards[0] == []
    dealt = s.decks[0] + list(reversed(s.market[0]))
    assert dealt == [pile[i] for i in order]
    event = [e for e in s.log if e.kind == "chance" and e.name == "shuffle rides"][-1]
    assert event.forced and event.value == order


def test_achievement_tiles_replace_blanks_by_the_board():
    s = GAME.new_game(players=2, seed=4, variant={"achievement_tiles": True})
    drawn = next(e.value for e in s.log if e.kind == "chance" and e.name == "achievement tiles")
    tiles = [f"tile-{i + 1}" for i in drawn[:9]]
    for space, tile in enumerate(tiles, start=1):
        blank = int(tile.split("-")[1]) >= 11
        assert s.achievement_spaces[space - 1] == (f"board-{space}" if blank else tile)


def test_entrepreneur_draft_is_secret_then_revealed():
    s = GAME.new_game(players=3, seed=2, variant={"entrepreneurs": True})
    assert isinstance(s.pending, DraftStep) and s.current_player == 0
    assert all(len(d) == 2 for d in s.dealt) and len({c for d in s.dealt for c in d}) == 6
    obs = s.observation(1)
    assert obs["seats"][1]["dealt"] == s.dealt[1] and obs["seats"][0]["dealt"] == 2
    assert_legal(s, KeepEntrepreneur(1))
    assert s.observation(1)["seats"][0]["kept"] == "chosen"
    assert "keeps one Entrepreneur card" in s.observation(1)["log"][-1]
    assert_illegal(s, KeepEntrepreneur(2), "wishland.entrepreneur.draft")
    assert_illegal(s, ChooseTurnSpace(1), "wishland.entrepreneur.draft")
    assert_legal(s, KeepEntrepreneur(0))
    assert s.entrepreneur == [0, 0, 0]  # nothing revealed before everyone chose
    assert_legal(s, KeepEntrepreneur(0))
    assert s.entrepreneur == [s.dealt[0][1], s.dealt[1][0], s.dealt[2][0]]
    assert all(CARDS[c].kind == ENTREPRENEUR for c in s.entrepreneur)
    assert isinstance(s.pending, TurnOrderStep)


def test_entrepreneur_3_draws_a_private_tile():
    for seed in range(40):
        s = GAME.new_game(players=4, seed=seed, variant={"entrepreneurs": True,
                                                         "achievement_tiles": True})
        e3 = card_id(ENTREPRENEUR, 3)
        holder = next((p for p in range(4) if e3 in s.dealt[p]), None)
        if holder is None:
            continue
        while isinstance(s.pending, DraftStep):
            p = s.current_player
            s.apply(KeepEntrepreneur(s.dealt[p].index(e3) if p == holder else 0))
        tile = s.private[holder]
        assert tile.startswith("tile-") and tile not in s.achievement_spaces
        assert int(tile.split("-")[1]) <= 10  # never a blank
        return
    pytest.fail("no seed dealt Entrepreneur #3")


# ------------------------------------------------------------------ Choosing Turn Order


def test_turn_order_spaces_and_rewards():
    s = GAME.new_game(players=4, seed=1)
    assert_illegal(s, ChooseTurnSpace(6), "wishland.turn_order.space")
    assert_illegal(s, ChooseTurnSpace(0), "wishland.turn_order.space")
    assert_illegal(s, ClaimAchievement("board-1"), "wishland.achievement.turn")
    assert_legal(s, ChooseTurnSpace(4))  # a choice reward
    assert_legal(s, ChooseReward("happiness"))
    assert s.happiness[0] == 1 and s.vp[0] == 1  # odd space: 1 VP
    err = assert_illegal(s, ChooseTurnSpace(4), "wishland.turn_order.space")
    assert "taken by P1" in err.message
    assert_legal(s, ChooseTurnSpace(5))
    assert s.count[1][TICKET] == 2
    assert_legal(s, ChooseTurnSpace(3))
    assert s.vp[2] == 1
    assert s.legal_actions() == [ChooseTurnSpace(1), ChooseTurnSpace(2)]
    assert_legal(s, ChooseTurnSpace(2))
    assert s.credits[3] == 1 + 5  # space 2 reward, then income
    assert s.order == [3, 2, 0, 1]  # leftmost token first
    assert s.current_player == 3


def test_first_player_token_passes_left():
    s = start_of_turns(3, seed=0)
    assert s.first == 0
    collect_until(s, lambda s: s.round != 1)
    assert s.round == 2 and s.first == 1 and s.current_player == 1
    assert isinstance(s.pending, TurnOrderStep)


def test_first_round_reversed_house_rule():
    """The house rule first_round_reversed: round 1's spaces are chosen counter-clockwise
    (P4, P3, P2, P1 at four players); from round 2 the token's holder chooses first again,
    the token having passed as the rulebook says."""
    s = GAME.new_game(players=4, seed=3, params={"first_round_reversed": True})
    assert s.first == 0
    picked = []
    while s.round == 1 and isinstance(s.pending, TurnOrderStep):
        picked.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert picked == [3, 2, 1, 0]
    assert isinstance(s.legal_actions()[0], ChooseReward)  # P1's reward of space 4
    s.apply(s.legal_actions()[0])
    assert s.space == [4, 3, 2, 1] and s.order == [3, 2, 1, 0]  # the last seat plays first
    collect_until(s, lambda s: s.round != 1)
    assert s.round == 2 and s.first == 1 and s.current_player == 1  # clockwise again
    assert "P4 first and P1 last" in s.log.text()  # the log says why P4 chose first
    plain = GAME.new_game(players=4, seed=3)
    assert plain.current_player == 0  # the rulebook's order when the rule is off
    assert "house rule" not in plain.log.text()


def test_first_round_reversed_is_a_bool():
    with pytest.raises(VariantError, match="first_round_reversed"):
        GAME.new_game(players=3, seed=0, params={"first_round_reversed": "sometimes"})


def test_solo_chooses_any_space():
    s = GAME.new_game(players=1, seed=0)
    assert s.legal_actions() == [ChooseTurnSpace(i) for i in range(1, 6)]


# ------------------------------------------------------------------ Income Phase


def test_income_base_and_restaurants():
    s = start_of_turns(2, seed=0)
    two_income = next(c for c in (card_id(RESTAURANT, n) for n in range(1, 25))
                      if [(e.effect, e.n) for e in CARDS[c].income] == [("credits", 2)])
    put_cards(s, 0, [two_income])
    s.credits = [0, 0]
    while s.round == 1:
        s.apply(Collect())
    s.apply(ChooseTurnSpace(1))  # P2 holds the token now
    s.apply(ChooseTurnSpace(2))  # P1: 1 Credit
    assert s.credits == [1 + 5 + 2, 5]


def test_hotels_21_and_23_change_income():
    s = start_of_turns(2, seed=0)
    put_cards(s, 0, [card_id(HOTEL, 21)])
    put_cards(s, 1, [card_id(HOTEL, 23)] + [card_id(RESTAURANT, n) for n in (1, 2)])
    from boardkit.wishland.income import income_credits

    assert income_credits(s, 0) == 5 - 2
    r = sum(e.n for n in (1, 2) for e in CARDS[card_id(RESTAURANT, n)].income
            if e.effect == "credits")
    assert income_credits(s, 1) == 5 + 2 + r


def test_entrepreneur_12_income_tiers():
    from boardkit.wishland.income import income_credits

    s = start_of_turns(2, seed=0, params={"ticket_offices": 20})
    put_cards(s, 0, [card_id(ENTREPRENEUR, 12)])
    penalty = [c for c in (card_id(RESTAURANT, n) for n in range(1, 25)) if CARDS[c].final]
    put_cards(s, 0, penalty[:1])
    assert income_credits(s, 0) == 5
    put_cards(s, 0, penalty[1:2])
    assert income_credits(s, 0) == 6  # 2+ Restaurants: 1 Credit


def test_entrepreneur_9_pays_in_the_first_income_phase_only():
    s = GAME.new_game(players=2, seed=0, variant={"entrepreneurs": True})
    s.dealt[0] = [card_id(ENTREPRENEUR, 9), s.dealt[0][1]]
    s.apply(KeepEntrepreneur(0))
    s.apply(KeepEntrepreneur(0))
    s.apply(ChooseTurnSpace(1))
    s.apply(ChooseTurnSpace(2))
    assert s.credits[0] == 5 + 3 and s.vp[0] == 1 and s.workers[0] == 6
    assert s.count[0][TICKET] == 3
    while s.round == 1:
        s.apply(Collect())
    s.apply(ChooseTurnSpace(2))
    s.apply(ChooseTurnSpace(1))
    assert s.credits[0] == 8 + 5 and s.workers[0] == 6
