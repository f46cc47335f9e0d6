"""Errors of the boardkit engine.

Every error a user can provoke names the rule or the field that is wrong, so a notebook can
show it and a course can discuss it. None of them leaves a state half-changed.
"""

from __future__ import annotations

import reprlib
from typing import Any


class BoardkitError(Exception):
    """Base class of every error boardkit raises on purpose."""


#: game -> the ids of its rule catalog, once that catalog is loaded (filled by
#: :func:`boardkit.engine.rules.catalog`), so a refusal can check the rule it cites
KNOWN_RULES: dict[str, frozenset[str]] = {}


class RuleViolation(BoardkitError):
    """An action breaks a rule. ``rule`` is the rule id from the game's rule catalog: when
    that catalog is loaded, an id missing from it is a :class:`DataError` (the code and the
    catalog disagree), not a refusal."""

    def __init__(self, rule: str, message: str):
        known = KNOWN_RULES.get(rule.partition(".")[0])
        if known is not None and rule not in known:
            raise DataError(f"rules.toml: rule: no entry for {clipped(rule, 80)!r}, cited by a "
                            f"refusal ({clipped(message, 120)})")
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.message = message

    def __reduce__(self) -> tuple[type[RuleViolation], tuple[str, str]]:
        # keep (rule, message) when pickled across processes
        return (type(self), (self.rule, self.message))


class DataError(BoardkitError, ValueError):
    """A data file (a content TOML, a stored study) is malformed. The message names the file
    and the field."""


class SaveGameError(BoardkitError, ValueError):
    """A saved game (JSON) cannot be read or does not replay."""


class ActionFormatError(BoardkitError, ValueError):
    """An action given as data (JSON, a message from the browser) is malformed."""

    #: the rule the Python API cites (``State.check``): a bound's own rule, or the format's
    rule: str = "engine.action_format"
    #: the value had the right type, but a wrong value (a union stops trying other types)
    matched: bool = False


class GameDefinitionError(BoardkitError, TypeError):
    """A game declared wrongly by its author (an action field of a type an action cannot
    hold, a class not decorated with ``@action``, a step whose ``legal`` returns something
    else than a list of actions): raised where the mistake is made, or at the first call that
    can see it, naming the class, field or step and the fix."""


class FlowError(BoardkitError, ValueError):
    """A game's flow declared wrongly (:mod:`boardkit.engine.flow`): an author's mistake,
    found when the flow is defined or when it first goes astray."""


class VariantError(BoardkitError, ValueError):
    """An unknown or invalid variant option, rule parameter or player count."""


class TableError(BoardkitError, ValueError):
    """A table given to an analysis function is not one it can read: not a table of games
    (``simulate``, ``studies.load``), no games in it, or a column it needs is missing. The
    message names the function and the columns."""


class UnknownGameError(BoardkitError, KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class InteropError(BoardkitError, ValueError):
    """A game cannot be offered to another library as asked (``boardkit.interop``): it has
    no integer action codec, its name is taken, or it broke the bound the adapter declared."""


class UnsupportedGameError(InteropError):
    """A game lacks what an adapter needs (OpenSpiel and the RL environments need its integer
    action codec)."""


class RunError(BoardkitError):
    """A simulation run cannot start or finish as asked: its output file cannot be written
    or holds a different run, or its compute backend cannot be reached. ``field`` names the
    argument at fault (``"out"``, ``"address"``, ...) so a command line can name its flag."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field

    def __reduce__(self) -> tuple[type[RunError], tuple[str, str | None]]:
        return (type(self), (str(self), self.field))


class IncompleteRunError(RunError):
    """A run stopped before all its games were played (interrupted, workers lost) and the
    caller needs all of them (a comparison, a stored study). The finished games are kept."""


# ------------------------------------------------------------------ messages
def clipped(text: str, limit: int = 300) -> str:
    """``text`` cut to ``limit`` characters for a message, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 3, 8, 8, 6
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 60, 60, 40


def shown(value: Any, limit: int = 80) -> str:
    """A value as an error message echoes it: its ``repr``, cut to about ``limit``
    characters (a 50 MB string from a file never travels whole in a message, and an integer
    of thousands of digits, whose ``repr`` raises, is described by its size)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits"
    if isinstance(value, str):
        text = repr(value[:limit])
        return text if len(value) <= limit else f"{text}… ({len(value):,} characters)"
    try:
        text = _SHORT.repr(value)
    except Exception:  # a huge int inside a list, a broken __repr__
        text = f"<{type(value).__name__}>"
    return clipped(text, limit)
