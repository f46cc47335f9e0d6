"""The parts every exercise is made of: :class:`Exercise` and the checks of one answer field.

Each ``wrong_*`` helper looks at one field of an answer and returns what is wrong with it in
words, or None when it is right. They accept numpy scalars (a mean of a pandas column is a
``numpy.float64``, a comparison a ``numpy.bool_``), never raise on a value of the wrong
type, and never echo a long value back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Exercise:
    id: str
    question: str
    #: the keys the answer dict must have, each with what it means
    fields: Mapping[str, str]
    #: answer -> None when right, else what is wrong (in words)
    verify: Callable[[Mapping[str, Any]], str | None]
    hint: str
    #: the right answer, recomputed with the exercise's settings (for tests and teachers)
    reference: Callable[[], dict[str, Any]]


def short(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not stop the check
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def is_bool(value: Any) -> bool:
    return isinstance(value, bool) or type(value).__name__ in ("bool_", "bool")  # numpy's too


def is_number(value: Any) -> bool:
    """An int or a float (numpy's too) that is finite; not a bool, not a string."""
    if is_bool(value) or isinstance(value, (str, bytes)):
        return False
    try:
        return math.isfinite(float(value))
    except (TypeError, ValueError, OverflowError):
        return False


def close(a: Any, b: float, tol: float = 0.005) -> bool:
    return is_number(a) and abs(float(a) - b) <= tol


def wrong_number(answer: Mapping[str, Any], key: str, expected: float, what: str,
                 tol: float = 0.005) -> str | None:
    """None if ``answer[key]`` is ``expected`` (within ``tol``), else what is wrong."""
    value = answer[key]
    if not is_number(value):
        return f"{key} must be a number ({what}), not {short(value)}"
    if abs(float(value) - expected) <= tol:
        return None
    return f"{key} = {short(value)} is not {what}"


def wrong_share(answer: Mapping[str, Any], key: str, expected: float, what: str,
                tol: float = 0.005) -> str | None:
    """As :func:`wrong_number`, for a share between 0 and 1 (says so when given a count)."""
    value = answer[key]
    if is_number(value) and not 0 <= float(value) <= 1:
        return f"{key} = {short(value)} is not a share: give a number between 0 and 1 ({what})"
    return wrong_number(answer, key, expected, what, tol)


def wrong_bool(answer: Mapping[str, Any], key: str, expected: bool, why: str) -> str | None:
    """None if ``answer[key]`` is the bool ``expected``; else ``why`` (or a type message)."""
    value = answer[key]
    if not is_bool(value):
        return f"{key} must be True or False, not {short(value)}"
    return None if bool(value) == expected else why


def choice(value: Any) -> str:
    """A name as the student may write it: ``"Rides "``, ``"src_rides"`` and ``"rides"``
    are one choice; a number (``12``, ``12.0``, ``numpy.int64(12)``) is its integer."""
    if is_number(value) and float(value) == int(float(value)):
        return str(int(float(value)))
    if isinstance(value, str):
        return value.strip().lower().removeprefix("src_").strip()
    return short(value)


def wrong_choice(answer: Mapping[str, Any], key: str, options: list[str], expected: str,
                 why: str) -> str | None:
    """None if ``answer[key]`` names ``expected`` (one of ``options``); else what is wrong."""
    picked = choice(answer[key])
    if picked not in options:
        named = ", ".join(repr(o) for o in options)
        return f"{key} must be one of {named}, not {short(answer[key])}"
    return None if picked == expected else why


def first(*problems: str | None) -> str | None:
    """The first problem found, or None when there is none."""
    return next((p for p in problems if p is not None), None)
