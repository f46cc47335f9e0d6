"""Wishland's design questions (boardkit.wishland.analysis) on tiny samples: the records of
play_games, the card table of card_win_rates, the seats dealt a card (dealt_wins),
solo_scores, the order in which the seats choose their Turn Order spaces (choosing_order), and
the VP by source that simulate reports."""

from __future__ import annotations

import pytest

from boardkit.analysis import simulate
from boardkit.engine.errors import DataError
from boardkit.wishland import GAME
from boardkit.wishland.analysis import (
    card_win_rates,
    choosing_order,
    dealt_wins,
    draft_deals,
    draft_win_rates,
    play_games,
    solo_scores,
)
from boardkit.wishland.content import CARDS, ENTREPRENEUR, KINDS, card_id


@pytest.fixture(scope="module")
def rows():
    return play_games(8, players=2, agents="random", seed=5, variant={"entrepreneurs": True})


def test_play_games_gives_one_record_per_seat_and_a_winner_per_game(rows):
    assert len(rows) == 2 * 8
    for game in range(8):
        seats = [r for r in rows if r["game"] == game]
        assert [r["seat"] for r in seats] == [0, 1] and any(r["win"] for r in seats)
    assert all(any(CARDS[c].kind == KINDS.index("entrepreneur") for c in r["cards"]) for r in rows)


@pytest.mark.parametrize("kinds", [["hotel"], ["entrepreneur"], ["ride", "restaurant", "mascot"]])
def test_card_win_rates_compare_holders_with_everybody_else(rows, kinds):
    table = card_win_rates(rows, kinds=kinds, min_games=2)
    assert not table.empty and set(table.kind) <= set(kinds)
    assert table.win_rate.is_monotonic_decreasing  # best first
    assert (table.games >= 2).all()
    eps = 1e-12  # wilson(0, n) can return a lower bound of 3e-17 (floating point)
    assert ((table.ci_low <= table.win_rate + eps) & (table.win_rate <= table.ci_high + eps)).all()
    wins = sum(r["win"] for r in rows)
    for _, card in table.iterrows():
        holders = [r for r in rows if any(CARDS[c].name == card.card for c in r["cards"])]
        assert card.games == len(holders)
        assert card.win_rate == sum(r["win"] for r in holders) / len(holders)
        others = len(rows) - len(holders)
        assert card.win_rate_without == pytest.approx(
            (wins - sum(r["win"] for r in holders)) / others)


def test_draft_deals_read_each_seats_two_entrepreneurs_back_from_the_seed(rows):
    deals = draft_deals(rows)
    assert len(deals) == len(rows)
    for r in deals:
        s = GAME.new_game(players=2, seed=r["seed"], variant={"entrepreneurs": True})
        assert r["dealt"] == list(s.dealt[r["seat"]]) and len(set(r["dealt"])) == 2
        assert r["kept"] in r["dealt"] and r["kept"] in r["cards"]
    # the two seats of a game are dealt four different cards
    for game in range(8):
        pairs = [r["dealt"] for r in deals if r["game"] == game]
        assert len(set(pairs[0]) | set(pairs[1])) == 4


def test_draft_win_rates_count_every_seat_dealt_a_card_kept_or_not(rows):
    table = draft_win_rates(rows)
    deals = draft_deals(rows)
    assert table.dealt.sum() == 2 * len(rows)  # each seat is dealt two cards
    assert table.win_rate.is_monotonic_decreasing
    wins = sum(r["win"] for r in deals)
    for _, card in table.iterrows():
        cid = next(c for c in CARDS if CARDS[c].name == card.card)
        got = [r for r in deals if cid in r["dealt"]]
        kept = [r for r in got if r["kept"] == cid]
        assert card.dealt == len(got) and card.kept == len(kept) / len(got)
        assert card.win_rate == sum(r["win"] for r in got) / len(got)
        assert card.win_rate_without == (wins - sum(r["win"] for r in got)) / (len(rows) - len(got))
        if kept:
            assert card.win_kept == sum(r["win"] for r in kept) / len(kept)
        if len(kept) < len(got):
            assert card.win_passed == sum(r["win"] for r in got if r["kept"] != cid) / (len(got) - len(kept))


def test_draft_deals_refuse_rows_from_other_games(rows):
    with pytest.raises(DataError, match="seat 3; the games were said to have 2 players"):
        draft_deals([{**rows[0], "seat": 2}])
    moved = [{**r, "seed": r["seed"] + 1} for r in rows]
    with pytest.raises(DataError, match="other games"):
        draft_deals(moved)
    with pytest.raises(DataError, match="no Entrepreneur draft"):
        draft_deals(rows, variant={})
    assert draft_win_rates([]).empty


def test_solo_scores_play_each_agent_on_the_same_seeds():
    solo = solo_scores(["random", "greedy"], n=2, seed=3)
    assert list(solo.agent) == ["random", "random", "greedy", "greedy"]
    assert list(solo.seed[:2]) == list(solo.seed[2:])


def test_the_sources_of_a_simulated_game_add_up_to_its_score():
    runs = simulate("wishland", agents=["random"], n=3, players=3, seed=1, trace=False,
                    progress=False)
    sources = [c for c in runs.columns if c.startswith("src_")]
    assert sources and (runs[sources].sum(axis=1) == runs.score).all()


def test_draft_deals_read_a_stored_studys_settings_from_its_table():
    from boardkit.analysis import simulate

    frame = simulate("wishland", agents=["random"], n=2, seed=3, players=3,
                     variant={"entrepreneurs": True}, trace=False, progress=False)
    frame.attrs.update({"players": 3, "variant": {"entrepreneurs": True}, "params": {}})
    deals = draft_deals(frame)  # 3 players, from the table's settings
    assert len(deals) == 6 and all(r["kept"] in r["dealt"] for r in deals)
    frame.attrs["players"] = 2  # the table's own settings are what the check reads
    with pytest.raises(DataError, match="said to have 2 players"):
        draft_deals(frame)
    assert len(draft_deals(frame, players=3)) == 6  # an argument overrides the table's


def test_dealt_wins_are_the_seats_the_shuffle_gave_a_card_kept_or_not(rows):
    deals = draft_deals(rows)
    table = draft_win_rates(rows).set_index("card")
    entrepreneurs = [c for c in CARDS if CARDS[c].kind == ENTREPRENEUR]
    seen = []
    for cid in entrepreneurs:
        won = dealt_wins(rows, cid)
        got = {(r["game"], r["seat"]): r["win"] for r in deals if cid in r["dealt"]}
        assert list(won.index.names) == ["game", "seat"]
        assert won.to_dict() == got  # kept or passed on, every seat dealt it
        seen += list(won.index)
        if got:
            name = CARDS[cid].name
            assert len(won) == table.loc[name, "dealt"]
            assert won.mean() == pytest.approx(table.loc[name, "win_rate"])
    # every seat of every game is dealt exactly two Entrepreneurs
    assert sorted(seen) == sorted([(r["game"], r["seat"]) for r in rows] * 2)
    nine = dealt_wins(rows, card_id(ENTREPRENEUR, 9))
    assert nine.equals(dealt_wins(rows, 709))
    with pytest.raises(DataError, match="not an Entrepreneur card id"):
        dealt_wins(rows, next(c for c in CARDS if CARDS[c].kind != ENTREPRENEUR))
    assert dealt_wins([], 709).empty


@pytest.mark.parametrize("players", [2, 3, 4])
def test_choosing_order_follows_the_first_player_token_round_by_round(players):
    """Round r's First Player is seat r (counting round the table): it chooses its Turn Order
    space first and the others follow clockwise; the moves do not change that."""
    order = choosing_order(players, seed=0)
    assert list(order.index) == list(range(1, GAME.make_params().rounds + 1))
    assert list(order.columns) == [f"seat {s + 1}" for s in range(players)]
    for rnd, places in order.iterrows():
        first = (rnd - 1) % players
        assert places.tolist() == [(s - first) % players + 1 for s in range(players)]
    assert order.equals(choosing_order(players, seed=5))


def test_choosing_order_plays_the_rule_parameters_it_is_given():
    six = choosing_order(3, params={"rounds": 6})
    assert len(six) == 6 and six.eq(1).sum().tolist() == [2, 2, 2]  # two first choices each
    # the house rule reverses round 1 only: seat 3 first, seat 1 last
    reversed_ = choosing_order(3, params={"first_round_reversed": True})
    assert reversed_.loc[1].tolist() == [3, 2, 1]
    assert reversed_.loc[2:].equals(choosing_order(3).loc[2:])
    assert choosing_order(1).eq(1).all().all()  # the Solo Mode's one seat always chooses
