"""Saved games: malformed or tampered saves fail with a SaveGameError that names the record;
forced random outcomes load only when the caller allows them."""

import json
import pickle

import pytest

from boardkit.engine import SaveGameError, VariantError
from boardkit.engine.state import State
from boardkit.examples.dice_grid import GAME


def _game(seed=21, moves=6):
    s = GAME.new_game(seed=seed)
    for _ in range(moves):
        s.apply(s.legal_actions()[0])
    return s


def _save(seed=21, moves=6):
    return json.loads(_game(seed, moves).to_json())


def _first(data, kind, name=None):
    """The position and record of the first ``kind`` record (of random event ``name``)."""
    for i, rec in enumerate(data["history"]):
        if rec["kind"] == kind and (name is None or rec.get("name") == name):
            return i, rec
    raise AssertionError(kind)


def refused(data, match, **kwargs) -> str:
    """Load ``data`` (a dict, or text for from_json); only a SaveGameError may escape."""
    load = GAME.from_json if isinstance(data, str | bytes) else GAME.from_dict
    with pytest.raises(SaveGameError, match=match) as caught:
        load(data, **kwargs)
    assert len(str(caught.value)) < 1000  # never echoes a huge value
    return str(caught.value)


# -------------------------------------------------------------- the findings
def test_deeply_nested_json_is_refused_before_parsing():
    for nested in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        refused(nested, "nested")
    text = json.dumps(_save())
    deep = text.replace('"params": {}', '"params": {"x": ' + "[" * 5000 + "]" * 5000 + "}")
    assert deep != text
    refused(deep, "nested 5,002 levels deep")
    refused(text.replace('"params": {}', '"params": {"x": "' + "[" * 5000 + '"}'), "params.x")


def test_integers_of_thousands_of_digits_are_refused():
    text = json.dumps(_save()).replace('"seed": 21', '"seed": ' + "9" * 5000)
    refused(text, "5,000 digits")
    data = _save()
    data["seed"] = 10**5000  # already parsed (from_dict): the schema bounds it
    refused(data, r"seed")


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, "7", True])
def test_seeds_outside_0_to_2_63_are_refused(seed):
    data = _save()
    data["seed"] = seed
    refused(data, r"saved game: seed")
    with pytest.raises(VariantError, match="seed"):  # so that every new game can be saved
        GAME.new_game(seed=seed)


@pytest.mark.parametrize("player", ["x", None, -1, 2, 2**70, 1.0])
def test_an_action_records_player_is_a_seat(player):
    data = _save()
    i, rec = _first(data, "action")
    rec["player"] = player
    refused(data, rf"saved game: history\[{i}\]\.player")


@pytest.mark.parametrize("index", [[0], "0", -1, None, 1.0, 10**30])
def test_a_random_events_index_is_a_small_integer(index):
    data = _save()
    i, rec = _first(data, "chance")
    rec["index"] = index
    refused(data, rf"saved game: history\[{i}\]\.index")


def test_a_random_event_recorded_twice_is_refused():
    data = _save()
    i, rec = _first(data, "chance", "roll")
    data["history"].insert(i + 1, dict(rec))
    refused(data, rf"history\[{i + 1}\]\.index: random event {rec['index']} is recorded twice")


@pytest.mark.parametrize("x", [2**63, -(2**63), 1e308, -1e308, 2**53 + 1])
def test_lands_coordinates_out_of_any_range_are_refused(x):
    from boardkit.lands import GAME as LANDS

    s = LANDS.new_game(seed=2)
    s.apply(s.legal_actions()[0])
    data = json.loads(s.to_json())
    i, rec = next((i, r) for i, r in enumerate(data["history"]) if r["kind"] == "action")
    rec["action"]["x"] = x
    with pytest.raises(SaveGameError, match=rf"saved game: history\[{i}\]\.action\.x"):
        LANDS.from_dict(data)


@pytest.mark.parametrize("field, value", [("type", {"a": 1}), ("type", [1]), ("type", None),
                                          ("value", 10**400), ("value", float("nan"))])
def test_odd_values_in_an_action_record_are_refused(field, value):  # found by the fuzz test
    data = _save()
    i, rec = _first(data, "action")
    rec["action"][field] = value
    refused(data, rf"saved game: history\[{i}\]\.action")


def test_any_failure_while_replaying_names_the_record(monkeypatch):
    data = _save()
    i, _ = _first(data, "action")

    def broken(self, state, act):
        raise ZeroDivisionError("a bug in a rule")

    monkeypatch.setattr(type(GAME.new_game(seed=21).pending), "resolve", broken)
    message = refused(data, rf"saved game: history\[{i}\]: .* could not be replayed")
    assert "ZeroDivisionError: a bug in a rule" in message


def test_an_unknown_forced_pending_name_is_refused():
    data = _save()
    data["forced_pending"] = {"weather": [[1, 2]]}
    for allow in (False, True):
        refused(data, r"saved game: forced_pending\.weather: .*no random event 'weather'",
                allow_forced=allow)
    data["forced_pending"] = {"roll": [[7, 7]]}
    refused(data, r"saved game: forced_pending\.roll\[0\]: .*1\.\.6", allow_forced=True)


@pytest.mark.parametrize("field", ["format", "game", "kind", "name", "type", "variant key"])
def test_a_huge_string_is_never_echoed_whole(field):
    huge = "x" * 5_000_000
    data = _save()
    if field in ("format", "game"):
        data[field] = huge
    elif field == "kind":
        data["history"][0]["kind"] = huge
    elif field == "name":
        _first(data, "chance")[1]["name"] = huge
    elif field == "type":
        _first(data, "action")[1]["action"]["type"] = huge
    else:
        data["variant"] = {huge: True}
    refused(data, "saved game")


def test_a_huge_save_is_refused_before_it_is_parsed(monkeypatch):
    from boardkit.engine.saves import MAX_SAVE_CHARS

    text = json.dumps(_save())
    huge = text[:-1] + ', "junk": "' + "x" * MAX_SAVE_CHARS + '"}'
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("parsed"))
    refused(huge, f"at most {MAX_SAVE_CHARS:,}")
    refused(huge.encode(), f"at most {MAX_SAVE_CHARS:,}")


def test_a_save_with_too_many_records_is_refused_unread():
    from boardkit.engine.saves import MAX_RECORDS

    data = _save()
    rec = _first(data, "chance")[1]
    data["history"] += [dict(rec, index=k) for k in range(MAX_RECORDS)]
    refused(data, rf"saved game: history: .*at most {MAX_RECORDS}")


def test_atomic_apply_never_copies_the_replay_table(monkeypatch):
    data = _save(moves=10)
    last = max(r["index"] for r in data["history"] if r["kind"] == "chance")
    rec = _first(data, "chance", "roll")[1]
    data["history"] += [dict(rec, index=last + 1 + k) for k in range(2000)]  # never drawn
    copied = []
    original = State._snapshot

    def spy(self):
        snapshot = original(self)
        copied.append(sorted(pickle.loads(snapshot)))
        return snapshot

    monkeypatch.setattr(State, "_snapshot", spy)
    refused(data, "the replay does not reproduce the saved history")
    assert copied and not any("_replay" in keys for keys in copied)
    loaded = GAME.from_dict(data, strict=False)  # the unused records are simply not drawn
    assert "_replay" not in loaded.__dict__ and loaded._replay is None


# ---------------------------------------------------------- forced outcomes
def test_a_save_cannot_rewrite_a_die_roll_by_marking_it_forced():
    data = _save()
    i, rec = next((i, r) for i, r in enumerate(data["history"])
                  if r.get("name") == "roll" and r["value"][0] != r["value"][1])
    rec["value"], rec["forced"] = rec["value"][::-1], True  # the same dice, in another order
    message = refused(data, rf"saved game: history\[{i}\]: random event {rec['index']} \('roll'\) "
                      "was forced")
    assert "allow_forced=True" in message
    refused(json.dumps(data), "allow_forced=True")
    again = GAME.from_dict(data, allow_forced=True)  # a teacher's position
    assert tuple(rec["value"]) in [e.value for e in again.log if e.kind == "chance"]


def test_a_save_cannot_choose_a_secret_lucky_number():
    data = _save()
    i, rec = _first(data, "chance", "lucky")
    rec["value"], rec["forced"] = (rec["value"] % 6) + 1, True
    refused(data, rf"history\[{i}\]: random event 0 \('lucky'\) was forced")
    assert GAME.from_dict(data, allow_forced=True).lucky[0] == rec["value"]


def test_pending_forced_outcomes_in_a_save_need_allow_forced():
    data = _save()
    data["forced_pending"] = {"roll": [[6, 6]]}
    refused(data, r"saved game: forced_pending\.roll: the save forces the next roll to be "
                  r"\[6, 6\]\. .*allow_forced=True")
    assert GAME.from_dict(data, allow_forced=True).has_forced_outcomes


def test_forced_outcomes_are_recorded_in_the_save():
    s = GAME.new_game(seed=4)
    s.force("roll", (2, 3))
    while s.has_forced_outcomes:
        s.apply(s.legal_actions()[0])
    s.force("roll", (5, 5))  # not drawn yet
    data = s.to_dict()
    chances = [r for r in data["history"] if r["kind"] == "chance"]
    assert [r["forced"] for r in chances] == [False] * (len(chances) - 1) + [True]
    assert chances[-1]["value"] == [2, 3]
    assert data["forced_pending"] == {"roll": [[5, 5]]}
    unforced = GAME.new_game(seed=4).to_dict()
    assert not any(r["forced"] for r in unforced["history"] if r["kind"] == "chance")
    assert unforced["forced_pending"] == {}
    again = GAME.from_json(s.to_json(), allow_forced=True)
    assert again.to_dict() == data


def test_replay_prefix_of_a_forced_game_still_works():
    s = GAME.new_game(seed=13)
    s.force("roll", (5, 5))
    for _ in range(8):
        s.apply(s.legal_actions()[0])
    back = s.replay_prefix(3)
    assert back.action_count == 3
    assert any(e.kind == "chance" and e.forced and e.value == (5, 5) for e in back.log)
