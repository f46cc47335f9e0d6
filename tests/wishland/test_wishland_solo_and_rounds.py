"""Ending a Round (discard, reshuffle, refill, tokens, Workers stay) and Solo Mode."""

import json

import pytest
from wishland_helpers import collect_until

from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland import GAME
from boardkit.wishland.actions import (
    ChooseReward,
    ChooseTurnSpace,
    Collect,
    EndTurn,
    PlaceWorkers,
    SoloAdvertise,
    SoloDiscard,
    SoloDraw,
    SoloFreeDraw,
    SoloPlay,
)
from boardkit.wishland.content import CARDS, HOTEL, MASCOT, RESTAURANT, RIDE, card_id
from boardkit.wishland.positions import find, put_cards, start_of_turns
from boardkit.wishland.solo import SoloRecord, SoloTurnStep

# ------------------------------------------------------------------ Ending a Round


def play_round(s, act=Collect):
    r = s.round
    while s.round == r and not s.is_over:
        acts = s.legal_actions()
        s.apply(act() if act() in acts else acts[0])


def test_end_of_round_discards_refills_and_passes_the_token():
    s = start_of_turns(2, seed=1)
    s.credits[0] = 20
    bought = s.market[RIDE][0]
    assert_legal(s, PlaceWorkers("rides", 0))
    left = [c for row in s.market for c in row if c]
    assert len(left) == 19 and bought not in left
    play_round(s)
    assert sorted(sum(s.discards, [])) == sorted(left)
    assert all(all(row) for row in s.market) and [len(d) for d in s.decks] == [16] * 5
    assert s.round == 2 and s.first == 1
    assert s.stacks[1] == [] or s.placed[0] == 0  # collected by the Collect actions


def test_workers_stay_on_the_board_between_rounds():
    s = start_of_turns(2, seed=1)
    assert_legal(s, PlaceWorkers("advertisement"))
    assert_legal(s, ChooseReward("happiness"))
    while s.round == 1:
        acts = s.legal_actions()
        if s.current_player == 0 and type(s.pending).__name__ == "TurnStep":
            s.apply(next(a for a in acts if isinstance(a, PlaceWorkers) or a == Collect()))
        else:
            s.apply(acts[0])
    assert s.placed[0] >= 1 and any(p == 0 for st in s.stacks for p, _ in st)


def test_no_refill_during_the_round():
    s = start_of_turns(2, seed=1)
    s.credits = [20, 20]
    assert_legal(s, PlaceWorkers("rides", 0))
    assert s.market[RIDE][0] == 0
    assert_legal(s, Collect())
    assert s.market[RIDE][0] == 0


def test_round_6_reshuffles_the_discards():
    s = start_of_turns(2, seed=2)
    for _ in range(5):
        play_round(s)
    assert s.round == 6 and all(len(d) == 20 for d in s.discards)
    play_round(s)
    assert s.round == 7 and s.discards == [[]] * 5
    assert [len(d) for d in s.decks] == [20] * 5
    assert len([e for e in s.log if e.kind == "chance" and e.name.startswith("shuffle")]) == 10


# ------------------------------------------------------------------ Solo Mode


@pytest.fixture
def solo():
    s = GAME.new_game(players=1, seed=4)
    assert_legal(s, ChooseTurnSpace(1))
    assert isinstance(s.pending, SoloTurnStep)
    return s


def test_solo_setup_one_marketplace_deck():
    s = GAME.new_game(players=1, seed=0)
    assert [len(d) for d in s.decks] == [0, 0, 0, 0, 120]
    assert all(c == 0 for row in s.market for c in row)
    assert {CARDS[c].kind for c in s.decks[MASCOT]} == {0, 1, 2, 3, 4}


def test_solo_turn_draw_then_play(solo):
    s = solo
    assert_legal(s, SoloDraw())
    assert len(s.hand) == 1 and s.placed[0] == 1 and s.stacks[5] == [(0, 1)]
    assert s.pending.stage == "more"
    assert_legal(s, SoloDraw())
    assert len(s.hand) == 2
    s.credits[0] = 30
    s.count[0][RIDE] = 5  # Card Limit out of the way
    card, other = s.hand
    assert_legal(s, SoloPlay(card))
    assert card in s.tableau[0] and s.hand == [] and other in s.discards[MASCOT]


def test_solo_play_only_after_a_purchase(solo):
    s = solo
    assert_legal(s, SoloFreeDraw())
    assert s.space[0] == 2 and len(s.hand) == 1
    assert_illegal(s, SoloPlay(s.hand[0]), "wishland.solo.turn")


def test_solo_free_draw_limit(solo):
    s = solo
    for space in (2, 3, 4, 5):
        assert_legal(s, SoloFreeDraw())
        assert s.space[0] == space
    assert_illegal(s, SoloFreeDraw(), "wishland.solo.free_draw")


def test_solo_draw_needs_a_worker(solo):
    s = solo
    s.placed[0] = s.workers[0]
    assert_illegal(s, SoloDraw(), "wishland.solo.purchase")


def test_solo_play_observes_limit_and_credits(solo):
    s = solo
    assert_legal(s, SoloDraw())
    s.hand = [card_id(HOTEL, 1), card_id(HOTEL, 2)]
    put_cards(s, 0, [card_id(HOTEL, 3)])
    s.credits[0] = 50
    assert_illegal(s, SoloPlay(card_id(HOTEL, 1)), "wishland.card_limit")
    s.count[0][RIDE] = 1
    s.credits[0] = 7
    assert_illegal(s, SoloPlay(card_id(HOTEL, 1)), "wishland.purchase.credits")
    assert_illegal(s, SoloPlay(card_id(HOTEL, 4)), "wishland.solo.play")
    assert_legal(s, SoloPlay(card_id(HOTEL, 2)))
    assert s.credits[0] == 7 - 2 + 3


def test_solo_advertise_discards_the_hand(solo):
    s = solo
    assert_legal(s, SoloDraw())
    card = s.hand[0]
    assert_legal(s, SoloAdvertise())
    assert_legal(s, ChooseReward("visitors"))
    assert s.hand == [] and card in s.discards[MASCOT] and s.visitors[0] == 1


def test_solo_discard_only_when_nothing_else(solo):
    s = solo
    assert_legal(s, SoloDraw())
    assert_illegal(s, SoloDiscard(), "wishland.solo.additional")
    s.placed[0] = s.workers[0]
    s.credits[0] = 0
    s.hand = [card_id(HOTEL, 1)]
    assert s.legal_actions()[0] == SoloDiscard()
    assert_legal(s, SoloDiscard())
    assert s.hand == []


def test_solo_collect_ends_the_turn_hand_kept(solo):
    s = solo
    assert_legal(s, SoloFreeDraw())
    assert_legal(s, Collect())
    assert len(s.hand) == 1
    if isinstance(s.pending, SoloTurnStep) and s.pending.stage == "after":
        assert_legal(s, EndTurn())
    assert s.turn == 2


def test_solo_game_finishes_and_is_recorded(tmp_path):
    import numpy as np

    s = GAME.new_game(players=1, seed=9)
    rng = np.random.default_rng(0)
    while not s.is_over:
        acts = s.legal_actions()
        s.apply(acts[int(rng.integers(len(acts)))])
    assert s.winners() == [0]
    record = SoloRecord(tmp_path / "best.json")
    assert record.add(s) is True and record.best == s.scores()[0]
    assert record.add(s) is False
    again = SoloRecord(tmp_path / "best.json")
    assert again.best == s.scores()[0] and len(json.loads((tmp_path / "best.json").read_text())) == 2
    with pytest.raises(ValueError):
        SoloRecord().add(GAME.new_game(players=1))


def solo_finished(seed=9, **variant):
    import numpy as np

    s = GAME.new_game(players=1, seed=seed, variant=variant)
    rng = np.random.default_rng(0)
    while not s.is_over:
        acts = s.legal_actions()
        s.apply(acts[int(rng.integers(len(acts)))])
    return s


def test_solo_game_is_won_by_beating_the_best_score():
    """wishland.solo.scoring: with a best score to beat, only a higher score wins."""
    first = solo_finished()
    score = first.scores()[0]
    assert first.winners() == [0]  # a first game: nothing to beat yet
    assert solo_finished(solo_best=score - 1).winners() == [0]
    assert solo_finished(solo_best=score).winners() == []  # equal is not beaten
    assert solo_finished(solo_best=score + 5).winners() == []
    assert solo_finished(solo_best=score + 5).scores() == [score]  # the score is unchanged
    assert GAME.new_game(players=1, seed=9, variant={"solo_best": 3}).winners() == []  # not over


def test_solo_best_is_a_solo_option_only():
    from boardkit.engine import VariantError

    with pytest.raises(VariantError, match="Solo Mode option"):
        GAME.new_game(players=2, seed=0, variant={"solo_best": 30})
    with pytest.raises(VariantError, match="solo_best: Input should be a valid integer"):
        GAME.new_game(players=1, seed=0, variant={"solo_best": 1.5})


def test_solo_record_gives_the_score_to_beat(tmp_path):
    record = SoloRecord(tmp_path / "best.json")
    assert record.variant() == {}
    first = solo_finished()
    record.add(first)
    again = solo_finished(**record.variant())
    assert again.variant.solo_best == first.scores()[0] and again.winners() == []


def solo_with_penalties(n, **variant):
    """A real Solo game that ends at -n: n Restaurants with a Final Scoring penalty are
    played in round 1, then the player only collects Workers (no Victory Point is gained)."""
    s = start_of_turns(players=1, seed=0, variant=variant)
    put_cards(s, 0, find(RESTAURANT, penalty=True)[:n])
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(next((a for a in (Collect(), EndTurn(), ChooseReward("workers")) if a in legal),
                     legal[0]))
    return s


def test_solo_best_may_be_negative():
    """wishland.solo.scoring: Restaurant penalties can make a Solo total negative (Final
    Scoring: Restaurant Cards), so a negative best is a score to beat like any other."""
    low = solo_with_penalties(2)
    assert low.scores() == [-2] and low.final[0]["restaurants"] == -2
    assert solo_with_penalties(2, solo_best=-3).winners() == [0]  # -2 beats -3
    assert solo_with_penalties(2, solo_best=-2).winners() == []  # equal is not beaten
    again = GAME.new_game(players=1, seed=0, variant={"solo_best": -2})
    assert again.variant.solo_best == -2
    assert GAME.from_json(again.to_json()).variant.solo_best == -2


def test_solo_record_keeps_a_negative_best(tmp_path):
    """A negative best goes through SoloRecord: recorded, given back by variant() and
    accepted by new_game, and read back from the record file."""
    record = SoloRecord(tmp_path / "best.json")
    assert record.add(solo_with_penalties(3)) is True
    assert record.add(solo_with_penalties(2)) is True  # -2 beats -3
    assert record.best == -2 and record.variant() == {"solo_best": -2}
    state = GAME.new_game(players=1, seed=0, variant=record.variant())
    assert state.variant.solo_best == -2
    again = SoloRecord(tmp_path / "best.json")
    assert [g["score"] for g in again.scores] == [-3, -2] and again.best == -2
    assert again.variant() == {"solo_best": -2}
    (tmp_path / "edited.json").write_text('[{"score": -7, "name": "a bad day"}]')
    assert SoloRecord(tmp_path / "edited.json").best == -7


@pytest.mark.parametrize("content, says", [
    ("{not json", r"best.json: the solo record cannot be read \(JSONDecodeError\)"),
    ('{"score": 30}', r"best.json: a solo record is a list of games"),
    ("[30]", r"best.json: game \[0\] is not an object with a score"),
    ('[{"score": 30}, {"seed": 4}]', r"best.json: game \[1\]: score: Field required"),
    ('[{"score": "ten"}]', r"best.json: game \[0\]: score: Input should be a valid integer"),
    ('[{"score": 30, "scroe": 31}]', r"best.json: game \[0\]: scroe: Extra inputs are not permitted"),
])
def test_a_spoilt_solo_record_is_refused_naming_the_entry(tmp_path, content, says):
    """The record is the player's own file: a hand edit that breaks it is named (the file
    and the game in it), and the file is left as it was."""
    from boardkit.engine.errors import DataError

    path = tmp_path / "best.json"
    path.write_text(content)
    with pytest.raises(DataError, match=says):
        SoloRecord(path)
    assert path.read_text() == content
    path.write_text('[{"score": 30, "seed": 4, "name": "Ada"}, {"score": 41}]')
    assert SoloRecord(path).best == 41  # seed and name are optional


def test_a_failure_deep_in_the_end_of_round_restores_everything():
    """A forced reshuffle of the wrong size fails inside the last action of round 6: the
    engine restores the state byte for byte (rng, parameters and log included)."""
    import pickle

    from boardkit.engine import RuleViolation

    s = start_of_turns(2, seed=0)
    s.force("shuffle rides", (2, 0, 1))  # a valid order, but of 3 cards, not of the deck
    collect_until(s, lambda s: s.round == 6 and s.turn == 4 and s.turn_pos == 1)
    before = pickle.dumps(s)
    with pytest.raises(RuleViolation, match="wishland.setup.market"):
        s.apply(Collect())
    assert pickle.dumps(s) == before


def test_a_solo_record_that_cannot_be_written_keeps_its_file_and_its_scores(tmp_path, monkeypatch):
    """The record file is written whole or not at all (a kill or a full disk mid-write
    never leaves half a file), and a failed write adds nothing to the record in memory."""
    import boardkit.engine.files as files

    path = tmp_path / "best.json"
    record = SoloRecord(path)
    record.add(solo_finished())
    before = path.read_text()

    def full_disk(tmp):
        raise OSError(28, "No space left on device")

    real = files.write_atomic
    monkeypatch.setattr("boardkit.wishland.solo.write_atomic",
                        lambda p, text: real(p, full_disk))
    with pytest.raises(OSError, match="No space left"):
        record.add(solo_finished(seed=3))
    assert path.read_text() == before and len(record.scores) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["best.json"]  # no temporary file left
