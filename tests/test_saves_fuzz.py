"""Tampered saves of every game: only a SaveGameError may escape, and a save that loads
replays to the history it holds."""

import functools
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit
from boardkit.engine import SaveGameError


class Raw:
    """A junk value given both as its JSON text and as Python data (a value json.dumps
    cannot write, such as an integer of 5,000 digits or lists nested 5,000 deep)."""

    def __init__(self, text: str, value):
        self.text, self.value = text, value

    def __repr__(self) -> str:
        return f"Raw({self.text[:30]!r}…, {len(self.text):,} characters)"


def _deep(n: int) -> Raw:
    value: list = []
    for _ in range(n - 1):
        value = [value]
    return Raw("[" * n + "]" * n, value)


@functools.cache
def real_save(name: str) -> dict:
    """A short game of ``name`` (a dozen random moves), as saved."""
    game = boardkit.game(name)
    s = game.new_game(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(12):
        if s.is_over:
            break
        s.apply(s.random_action(rng))
    return json.loads(s.to_json())


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=8)
JUNK = st.one_of(
    JSON,
    st.sampled_from([-1, 2**63, -(2**63), 2**53 + 1, 1e308, -1e308, float("inf"), "x", [0],
                     {"kind": "chance"}, {"kind": "action"}, True, None, 1.5]),
    st.builds(lambda n: Raw("9" * n, 10**n - 1), st.sampled_from([41, 5000])),
    st.builds(_deep, st.sampled_from([20, 5000])),
    st.just("x" * 5_000_000),
)


def _paths(node):
    """Every (container, key) in a save, the history's records included."""
    if isinstance(node, dict | list):
        for key, value in (node.items() if isinstance(node, dict) else enumerate(node)):
            yield node, key
            yield from _paths(value)


def _copy(node):
    if isinstance(node, dict):
        return {k: _copy(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_copy(v) for v in node]
    return node  # immutable, or a Raw


@st.composite
def tampered(draw, name: str) -> dict:
    data = json.loads(json.dumps(real_save(name)))
    for _ in range(draw(st.integers(1, 3))):
        places = list(_paths(data))
        container, key = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["delete", "replace", "swap", "junk record", "copy record"]))
        history = data.get("history") if isinstance(data.get("history"), list) else None
        if how == "delete":
            del container[key]
        elif how == "replace":
            container[key] = draw(JUNK)
        elif how == "swap":  # a value of the right shape from elsewhere in the save
            other, other_key = draw(st.sampled_from(places))
            container[key] = _copy(other[other_key])
        elif history is not None and how == "junk record":
            history.insert(draw(st.integers(0, len(history))), draw(JUNK))
        elif history:
            rec = _copy(draw(st.sampled_from(history)))
            history.insert(draw(st.integers(0, len(history))), rec)
    return data


def _python(node):
    if isinstance(node, Raw):
        return node.value
    if isinstance(node, dict):
        return {k: _python(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_python(v) for v in node]
    return node


def _text(node) -> str:
    raws: list[Raw] = []

    def mark(obj):
        raws.append(obj)
        return f"@@raw{len(raws) - 1}@@"

    text = json.dumps(node, default=mark)
    for i, raw in enumerate(raws):
        text = text.replace(f'"@@raw{i}@@"', raw.text)
    return text


@pytest.mark.parametrize("name", boardkit.games())
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow,
                                                  HealthCheck.data_too_large])
@given(data=st.data())
def test_tampered_saves_fail_cleanly_or_replay_exactly(name, data):
    game = boardkit.game(name)
    save = data.draw(tampered(name))
    as_text, allow_forced = data.draw(st.booleans()), data.draw(st.booleans())
    try:
        if as_text:
            loaded = game.from_json(_text(save), allow_forced=allow_forced)
        else:
            loaded = game.from_dict(_python(save), allow_forced=allow_forced)
    except SaveGameError as exc:
        assert len(str(exc)) < 2000
        return
    assert loaded.history() == _python(save)["history"]
    again = game.from_json(loaded.to_json(), allow_forced=True)
    assert again.history() == loaded.history()
