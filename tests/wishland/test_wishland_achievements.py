"""Achievements: claimed in your own turn, for free, several at once, each once per game;
the board's requirements and the tiles'; Hotel #20 and Entrepreneur #3."""

import pytest
from wishland_helpers import collect_until

from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland import GAME
from boardkit.wishland.achievements import ACHIEVEMENTS, meets
from boardkit.wishland.actions import (
    ChooseReward,
    ClaimAchievement,
    Collect,
    KeepEntrepreneur,
    PlaceWorkers,
)
from boardkit.wishland.content import ACTOR, ENTREPRENEUR, HOTEL, MASCOT, RESTAURANT, RIDE, card_id
from boardkit.wishland.positions import find, put_cards, start_of_turns
from boardkit.wishland.rewards import ChoiceStep


def test_claim_is_free_and_several_at_once(two):
    s = two
    s.happiness[0], s.visitors[0] = 7, 7
    vp = s.vp[0]
    assert_legal(s, ClaimAchievement("board-1"))
    assert s.current_player == 0 and s.vp[0] == vp + 1  # no action spent
    assert_legal(s, ClaimAchievement("board-2"))
    assert s.claimed == {"board-1": 0, "board-2": 0}
    assert_legal(s, Collect())
    assert s.current_player == 1


def test_each_achievement_once_per_game(two):
    s = two
    s.happiness = [7, 7]
    assert_legal(s, ClaimAchievement("board-1"))
    assert_legal(s, Collect())
    err = assert_illegal(s, ClaimAchievement("board-1"), "wishland.achievement.once")
    assert "already claimed by P1" in err.message


def test_requirement_must_be_met(two):
    s = two
    s.happiness[0] = 6
    err = assert_illegal(s, ClaimAchievement("board-1"), "wishland.achievement.requirement")
    assert "Happiness Track" in err.message


def test_achievement_must_be_in_play(two):
    assert_illegal(two, ClaimAchievement("tile-1"), "wishland.achievement.exists")
    assert_illegal(two, ClaimAchievement("board-42"), "wishland.achievement.exists")


def test_only_during_your_own_turn(two):
    s = two
    s.happiness[1] = 7
    assert_illegal(s, ClaimAchievement("board-1"), "wishland.achievement.requirement")  # P1's turn
    s = GAME.new_game(players=2, seed=0)
    s.happiness[0] = 7
    assert_illegal(s, ClaimAchievement("board-1"), "wishland.achievement.turn")


def test_claim_after_the_action(two):
    s = two
    s.visitors[0] = 6
    assert_legal(s, PlaceWorkers("advertisement"))
    assert_legal(s, ChooseReward("visitors"))
    assert s.visitors[0] == 7 and s.current_player == 0  # the turn stays open for the claim
    assert_legal(s, ClaimAchievement("board-2"))
    assert s.current_player == 1


BOARD_CASES = [
    ("board-1", lambda s: s.happiness.__setitem__(0, 7), lambda s: s.happiness.__setitem__(0, 6)),
    ("board-2", lambda s: s.visitors.__setitem__(0, 7), lambda s: s.visitors.__setitem__(0, 6)),
    ("board-3", lambda s: s.workers.__setitem__(0, 9), lambda s: s.workers.__setitem__(0, 8)),
    ("board-4", lambda s: s.vp.__setitem__(0, 15), lambda s: s.vp.__setitem__(0, 14)),
]


@pytest.mark.parametrize("aid, meet, miss", BOARD_CASES)
def test_board_track_achievements(two, aid, meet, miss):
    miss(two)
    assert not meets(two, 0, aid)
    meet(two)
    assert meets(two, 0, aid)


@pytest.mark.parametrize("aid, kind", [("board-5", RIDE), ("board-6", ACTOR),
                                       ("board-7", RESTAURANT), ("board-8", HOTEL),
                                       ("board-9", MASCOT)])
def test_board_five_cards_of_a_colour(two, aid, kind):
    s = two  # put_cards plays cards directly: no Card Limit in the way
    cards = find(kind)[:5] if kind != HOTEL else [card_id(HOTEL, n) for n in (1, 2, 7, 9, 11)]
    put_cards(s, 0, cards[:4])
    assert not meets(s, 0, aid)
    put_cards(s, 0, cards[4:])
    assert meets(s, 0, aid)


def tiles_game(tiles):
    """A 2-player game whose spaces show ``tiles``."""
    s = start_of_turns(2, seed=0)
    s.achievement_spaces = list(tiles) + s.achievement_spaces[len(tiles):]
    return s


def test_tile_requirements():
    s = tiles_game([f"tile-{i}" for i in range(1, 10)])
    s.happiness[0], s.visitors[0] = 5, 4
    assert not meets(s, 0, "tile-1")
    s.visitors[0] = 5
    assert meets(s, 0, "tile-1")
    assert not meets(s, 0, "tile-3")
    s.visitors[0] = 10
    assert meets(s, 0, "tile-3")  # one of the two is enough
    s.credits[0] = 19
    assert not meets(s, 0, "tile-9")
    s.credits[0] = 20
    assert meets(s, 0, "tile-9")
    s.count[0][5] = 7  # 7 Ticket Office cards count for tile 2
    assert meets(s, 0, "tile-2")
    s.count[0][5] = 6
    assert not meets(s, 0, "tile-2")


def test_tile_4_three_of_each_colour_and_tile_7_fifteen_cards():
    s = tiles_game(["tile-4", "tile-7"])
    cards = (find(RIDE)[:3] + find(RESTAURANT)[:3] + find(ACTOR)[:3] + find(MASCOT)[:3]
             + [card_id(HOTEL, n) for n in (1, 2, 7)])
    put_cards(s, 0, cards[:-1])
    assert not meets(s, 0, "tile-4")
    assert len(s.tableau[0]) < 15 or meets(s, 0, "tile-7")
    put_cards(s, 0, cards[-1:])
    assert meets(s, 0, "tile-4")
    assert meets(s, 0, "tile-7") == (len(s.tableau[0]) >= 15)


def test_tiles_5_6_symbols_8_income_10_expensive():
    s = tiles_game(["tile-5", "tile-6", "tile-8", "tile-10"])
    castles = find(RIDE, symbol="castle")  # costs 1, 2, 3, 4, 5, 6, 7, 8
    put_cards(s, 0, castles[:4])
    assert not meets(s, 0, "tile-5")
    put_cards(s, 0, castles[4:5])
    assert meets(s, 0, "tile-5")  # 5 castles
    put_cards(s, 0, castles[5:7])
    assert not meets(s, 0, "tile-10")  # 2 cards costing 6+
    put_cards(s, 0, castles[7:])
    assert meets(s, 0, "tile-10")
    assert not meets(s, 0, "tile-6")
    symbols = [find(MASCOT, symbol=sym)[0] for sym in (
        "ferris wheel", "roller coaster", "drink", "hamburger", "cotton candy", "top hat",
        "camera", "balloon", "vase")]
    put_cards(s, 0, symbols[:8])
    assert not meets(s, 0, "tile-6")  # 9 different
    put_cards(s, 0, symbols[8:])
    assert meets(s, 0, "tile-6")
    assert not meets(s, 0, "tile-8")
    income = find(RESTAURANT, symbol="drink", income=3) + find(RESTAURANT, income=2)
    put_cards(s, 0, income[:3])
    assert meets(s, 0, "tile-8")  # 5 + 3 + 2 + 2


def test_hotel_20_choice_when_claiming(two):
    s = two
    put_cards(s, 0, [card_id(HOTEL, 20)])
    s.happiness[0] = 7
    assert_legal(s, ClaimAchievement("board-1"))
    assert isinstance(s.pending, ChoiceStep)
    assert_legal(s, ChooseReward("workers"))
    assert s.workers[0] == 5


def test_entrepreneur_3_private_tile_and_rewards():
    s = GAME.new_game(players=2, seed=0, variant={"entrepreneurs": True})
    e3 = card_id(ENTREPRENEUR, 3)
    s.dealt[0] = [e3, next(c for c in s.dealt[0] + s.dealt[1] if c != e3)]
    s.dealt[1] = [c for c in range(701, 713) if c not in s.dealt[0]][:2]
    s.apply(KeepEntrepreneur(0))
    s.apply(KeepEntrepreneur(0))
    tile = s.private[0]
    assert tile and not ACHIEVEMENTS[tile].blank
    while type(s.pending).__name__ != "TurnStep":
        s.apply(s.legal_actions()[0])
    while s.current_player != 1:
        s.apply(Collect())
    s.happiness[1] = 7
    c = s.credits[0]
    s.apply(ClaimAchievement("board-1"))
    assert s.credits[0] == c + 1  # anyone claims: 1 Credit to the owner
    err = assert_illegal(s, ClaimAchievement(tile), "wishland.entrepreneur.3")
    assert "private" in err.message


def test_entrepreneur_3_owner_claims_the_private_tile():
    s = GAME.new_game(players=2, seed=0, variant={"entrepreneurs": True})
    e3 = card_id(ENTREPRENEUR, 3)
    s.dealt[1] = [e3, next(c for c in range(701, 713) if c not in s.dealt[0] and c != e3)]
    s.apply(KeepEntrepreneur(0))
    s.force("private tile", "tile-9")  # a teacher decides the draw: 20 Credits
    s.apply(KeepEntrepreneur(0))
    assert s.private == [None, "tile-9"]
    collect_until(s, lambda s: type(s.pending).__name__ == "TurnStep" and s.current_player == 1)
    s.credits[1] = 20
    before = s.credits[1]
    assert_legal(s, ClaimAchievement("tile-9"))
    assert s.claimed["tile-9"] == 1
    assert isinstance(s.pending, ChoiceStep)  # Entrepreneur #3: a choice for its owner ...
    assert_legal(s, ChooseReward("workers"))
    assert s.credits[1] == before + 1  # ... and the Credit every claim pays


def test_the_compiled_requirements_answer_as_the_statistics_do():
    """``meets`` runs one generated function per Achievement; it must agree with comparing
    each condition's statistic (``stat``) with its threshold, any or all, for every
    Achievement (board and tiles) at every seat of positions from random games."""
    import numpy as np

    from boardkit.wishland.achievements import stat

    def by_stat(s, p, aid):
        a = ACHIEVEMENTS[aid]
        met = [stat(s, p, c) >= c.at_least for c in a.require]
        return any(met) if a.mode == "any" else all(met)

    seen = {True: 0, False: 0}
    for seed, players in ((0, 2), (1, 3), (2, 4)):
        s = GAME.new_game(players=players, seed=seed)
        rng = np.random.default_rng(seed)
        k = 0
        while not s.is_over:
            if k % 5 == 0:
                for p in range(players):
                    for aid in ACHIEVEMENTS:
                        assert meets(s, p, aid) is by_stat(s, p, aid), (aid, p, k)
                        seen[by_stat(s, p, aid)] += 1
            acts = s.legal_actions()
            s.apply(acts[int(rng.integers(len(acts)))])
            k += 1
    assert seen[True] > 100 and seen[False] > 100  # both answers were exercised
