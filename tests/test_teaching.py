"""Every checked exercise: the right answer passes (numpy scalars too), a wrong one fails
with a message that names the field and gives a hint without the answer, None asks for an
answer, and a malformed answer is refused in words, never with an exception."""

from __future__ import annotations

import numpy as np
import pytest

from boardkit.teaching import EXERCISES, check
from boardkit.teaching.base import is_number

IDS = sorted(EXERCISES)
#: a wrong but well-formed value for each choice an answer can name
OTHER_CHOICE = {"plan": "portfolio", "portfolio": "plan", "rides": "actors", "first": "last",
                "last": "first"}


def _wrong(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, str):
        return OTHER_CHOICE[value]
    value = float(value)
    return value - 0.25 if value >= 0.25 else value + 0.25


def _numpy(value):
    if isinstance(value, bool):
        return np.bool_(value)
    if isinstance(value, int):
        return np.int64(value)
    return np.float64(value) if isinstance(value, float) else value


def test_every_notebook_exercise_is_registered():
    assert len(IDS) == 12 and len({ex.id for ex in EXERCISES.values()}) == 12
    for key, ex in EXERCISES.items():
        assert key == ex.id and ex.fields and ex.hint and ex.question


@pytest.mark.parametrize("exercise", IDS)
def test_the_right_answer_passes_also_as_numpy_scalars(exercise, capsys):
    right = EXERCISES[exercise].reference()
    assert set(right) == set(EXERCISES[exercise].fields)
    assert check(exercise, right) is True
    assert check(exercise, {k: _numpy(v) for k, v in right.items()}) is True
    assert capsys.readouterr().out.count("✓ Right.") == 2


@pytest.mark.parametrize("exercise", IDS)
def test_a_wrong_field_fails_with_what_is_wrong_and_a_hint(exercise, capsys):
    ex = EXERCISES[exercise]
    right = ex.reference()
    secrets = {f"{v:.3f}".rstrip("0") for v in right.values()
               if isinstance(v, float) and len(f"{v:.3f}".rstrip("0")) >= 5}
    for key in ex.fields:
        wrong = {**right, key: _wrong(right[key])}
        assert check(exercise, wrong) is False
        out = capsys.readouterr().out
        assert "✗ Not yet:" in out and key in out and "Hint:" in out
        for secret in secrets:       # the message never gives the right value away
            assert secret not in out, (key, secret)


@pytest.mark.parametrize("exercise", IDS)
def test_no_answer_yet_asks_the_question(exercise, capsys):
    assert check(exercise, None) is False
    out = capsys.readouterr().out
    words = " ".join(out.split())  # the text is broken at words for a lesson's output area
    assert out.startswith("Not answered yet.") and " ".join(EXERCISES[exercise].question.split()) in words
    assert all(key in out for key in EXERCISES[exercise].fields)
    assert all(len(line) <= 88 for line in out.splitlines())


BAD_VALUES = [None, "abc", [1, 2], {"a": 1}, float("nan"), float("inf"), "x" * 10_000,
              object(), b"bytes", -1, 10**400]


@pytest.mark.parametrize("exercise", IDS)
def test_a_malformed_answer_is_refused_in_words(exercise, capsys):
    ex = EXERCISES[exercise]
    right = ex.reference()
    shapes = [[], "answer", 42, {}, {"unknown": 1}, dict(list(right.items())[:-1])]
    shapes += [{key: bad for key in ex.fields} for bad in BAD_VALUES]
    shapes += [{**right, key: bad} for key in ex.fields for bad in BAD_VALUES]
    for answer in shapes:
        assert check(exercise, answer) is False
        out = capsys.readouterr().out
        assert out.startswith(("Not quite:", "✗ Not yet:")), out[:200]
        assert "Traceback" not in out and "could not be checked" not in out
        assert len(out) < 2_000                    # a huge value is never echoed back


def test_an_unknown_exercise_is_named_not_raised(capsys):
    assert check("no.such.exercise", {}) is False
    assert check(["not", "a", "name"], {}) is False
    out = capsys.readouterr().out
    assert "there is no exercise 'no.such.exercise'" in out and "welcome.luck" in out


def test_numbers_and_bools_are_told_apart():
    assert is_number(np.float64(0.5)) and is_number(np.int64(3)) and is_number(2)
    assert not any(is_number(v) for v in (True, np.bool_(False), "1", float("nan"), None))
