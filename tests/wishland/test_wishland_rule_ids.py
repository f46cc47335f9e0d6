"""Rarely reached Wishland rules, tested here (unknown space, solo deck and advertising, forced
setup draws); that every rule id the code cites exists and is tested is tests/test_rule_ids.py."""

import json
from pathlib import Path

import pytest

from boardkit.engine import RuleViolation, SaveGameError
from boardkit.testing import assert_illegal, assert_legal
from boardkit.wishland import GAME
from boardkit.wishland.actions import (
    ChooseTurnSpace,
    PlaceWorkers,
    SoloAdvertise,
    SoloDraw,
    SoloFreeDraw,
)


def test_every_hotel_and_entrepreneur_has_a_rule():
    ids = set(GAME.rules.ids())
    assert {f"wishland.hotel.{n}" for n in range(1, 25)} <= ids
    assert {f"wishland.entrepreneur.{n}" for n in range(1, 13)} <= ids


def test_every_hotel_and_entrepreneur_card_names_its_rule():
    from boardkit.wishland.content import CARDS, ENTREPRENEUR, HOTEL
    from boardkit.wishland.rewards import ENTREPRENEUR_RULES, HOTEL_RULES

    assert set(HOTEL_RULES) == {c.number for c in CARDS.values() if c.kind == HOTEL}
    assert set(ENTREPRENEUR_RULES) == {c.number for c in CARDS.values() if c.kind == ENTREPRENEUR}


def test_unknown_space(two):
    assert_illegal(two, PlaceWorkers("parking"), "wishland.place.space")


def test_solo_deck_runs_out():
    s = GAME.new_game(players=1, seed=0)
    assert_legal(s, ChooseTurnSpace(1))
    s.discards[4] = s.decks[4]
    s.decks[4] = []
    assert_illegal(s, SoloDraw(), "wishland.solo.deck")
    assert_illegal(s, SoloFreeDraw(), "wishland.solo.deck")


def test_solo_advertising_needs_workers():
    s = GAME.new_game(players=1, seed=0)
    assert_legal(s, ChooseTurnSpace(1))
    assert_legal(s, SoloDraw())
    s.stacks[0] = [(0, 1), (0, 1)]
    s.placed[0] = 3  # 1 free Worker, 3 needed
    err = assert_illegal(s, SoloAdvertise(), "wishland.solo.advertise")
    assert "needs 3 Workers" in err.message


def replay_with(save: dict, name: str, value) -> object:
    for rec in save["history"]:
        if rec["kind"] == "chance" and rec["name"] == name:
            rec["value"], rec["forced"] = value, True
            break
    else:
        raise AssertionError(f"no random event {name}")
    return GAME.from_dict(save, strict=False, allow_forced=True)


def test_forced_tile_draw_replays_and_is_checked():
    s = GAME.new_game(players=2, seed=1, variant={"achievement_tiles": True})
    save = json.loads(s.to_json())
    order = list(range(15))  # tiles 1-9 on the spaces
    again = replay_with(json.loads(json.dumps(save)), "achievement tiles", order)
    assert again.achievement_spaces == [f"tile-{i}" for i in range(1, 10)]
    with pytest.raises(SaveGameError, match="wishland.tiles.setup"):
        replay_with(json.loads(json.dumps(save)), "achievement tiles", [0, 0, 1])
    with pytest.raises(RuleViolation, match="wishland.tiles.setup"):
        s.force("achievement tiles", (3, 1))


def test_forced_entrepreneur_deal_is_checked():
    s = GAME.new_game(players=2, seed=1, variant={"entrepreneurs": True})
    save = json.loads(s.to_json())
    again = replay_with(json.loads(json.dumps(save)), "entrepreneurs", list(range(12)))
    assert again.dealt == [[701, 702], [703, 704]]
    with pytest.raises(RuleViolation, match="wishland.entrepreneur.draft"):
        s.force("entrepreneurs", (1, 2))
    with pytest.raises(RuleViolation, match="wishland.entrepreneur.3"):
        s.force("private tile", "tile-12")


def test_a_refusal_out_of_turn_reads_as_two_parts():
    """The action quoted, then what the player is asked (a classroom trial found 'place
    Workers ... is not possible now: turn 1 of round 1: collect your Workers' hard to read)."""
    import boardkit
    from boardkit.wishland.actions import EndTurn

    s = boardkit.game("wishland").new_game(players=2, seed=1)
    why = s.explain(EndTurn())
    assert why.message == ("“end the turn” is not possible now: P1 is asked to choose a free "
                           "space on the Turn Order Track")


def test_every_refusal_of_an_out_of_turn_action_names_the_action_and_the_question():
    """Siblings of the message above: no step answers 'X is not an answer' any more."""
    import boardkit

    root = Path(boardkit.__file__).parent
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "is not an answer" not in text, path
        assert 'f"{act} is not possible now' not in text, path
