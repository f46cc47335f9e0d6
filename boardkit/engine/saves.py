"""Loading saved games: bounded JSON, a schema for every record, and a replay whose every
failure is a :class:`SaveGameError` naming the record (``saved game: history[12].index: ...``).

A save is read in three steps, each refusing what the next could not handle:

1. the text (:func:`parse`): at most :data:`MAX_SAVE_CHARS` characters, nested at most
   :data:`MAX_DEPTH` levels, integers of at most :data:`MAX_DIGITS` digits, no NaN;
2. the schema (:class:`SaveFile` and one model per kind of history record): integers are
   integers, the seed is in ``0..MAX_SEED``, players are seats, every string, list and
   number of a record is bounded (:func:`json_value`), at most :data:`MAX_RECORDS` records;
3. the replay (:func:`load`): each action is decoded by the game and applied; any exception
   (whatever its type) is reported with the record it came from.

Forced random outcomes (``"forced": true``) are refused unless the caller allows them: a
save must not choose its own luck (see ``Game.from_json``).
"""

from __future__ import annotations

import json
import math
import re
from typing import Annotated, Any, Literal

import numpy as np
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from .actions import freeze
from .content import format_validation_error
from .errors import (
    ActionFormatError,
    BoardkitError,
    RuleViolation,
    SaveGameError,
    VariantError,
    clipped,
    shown,
)
from .state import FORCED_HINT, MAX_SEED, SAVE_FORMAT, GameInfo, Recorded, Replay, S, State

#: the longest save text read (the longest real game saves about 40,000 characters)
MAX_SAVE_CHARS = 4_000_000
#: the deepest nesting of a save's JSON (a real save nests 5 levels)
MAX_DEPTH = 16
#: the most digits of an integer in a save's JSON text
MAX_DIGITS = 40
#: the most records of a history (a real game has a few hundred)
MAX_RECORDS = 20_000
#: bounds of every value inside a record (an action's field, a random outcome, an option)
MAX_NUMBER = 2**53  # the integers JSON carries exactly (and a browser too)
MAX_TEXT = 200
MAX_ITEMS = 1_000
MAX_VALUE_DEPTH = 3

_PREFIX = "saved game"


# ---------------------------------------------------------------------- the text
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nesting(text: str) -> int:
    """How deep the JSON ``text`` nests (brackets inside strings do not count)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    codes = np.frombuffer(brackets.encode("ascii"), np.uint8)
    steps = np.where((codes == ord("[")) | (codes == ord("{")), 1, -1)
    return int(np.cumsum(steps).max())


def _parse_int(digits: str) -> int:
    n = len(digits.lstrip("-"))
    if n > MAX_DIGITS:
        raise SaveGameError(f"{_PREFIX}: an integer of {n:,} digits (a save holds none longer "
                            f"than {MAX_DIGITS})")
    return int(digits)


def _parse_constant(name: str) -> float:
    raise SaveGameError(f"{_PREFIX}: not valid JSON: {name} is not a number")


def parse(text: str | bytes) -> Any:
    """The JSON of a save, its size and nesting bounded before it is parsed."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_SAVE_CHARS:
            raise SaveGameError(f"{_PREFIX}: {len(text):,} bytes, longer than any save (at most "
                                f"{MAX_SAVE_CHARS:,})")
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except UnicodeDecodeError as exc:
            raise SaveGameError(f"{_PREFIX}: not valid JSON: {exc}") from None
    if not isinstance(text, str):
        raise SaveGameError(f"{_PREFIX}: expected the text of a save, got {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveGameError(f"{_PREFIX}: {len(text):,} characters, longer than any save (at "
                            f"most {MAX_SAVE_CHARS:,})")
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise SaveGameError(f"{_PREFIX}: the JSON is nested {depth:,} levels deep (a save is "
                            f"nested at most {MAX_DEPTH})")
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except SaveGameError:
        raise
    except (ValueError, TypeError, RecursionError) as exc:
        raise SaveGameError(f"{_PREFIX}: not valid JSON: {clipped(str(exc))}") from None


# -------------------------------------------------------------------- the schema
def json_value(value: Any, depth: int = 0) -> Any:
    """Check one value of a record: JSON data (lists may be tuples) within the bounds."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ValueError(f"a text of {len(value):,} characters (at most {MAX_TEXT})")
        return value
    if isinstance(value, int | float):
        if isinstance(value, float) and not math.isfinite(value) or abs(value) > MAX_NUMBER:
            raise ValueError(f"{shown(value)} is not a number within ±2**53")
        return value
    if isinstance(value, list | tuple | dict):
        if depth >= MAX_VALUE_DEPTH:
            raise ValueError(f"nested deeper than {MAX_VALUE_DEPTH} levels")
        if len(value) > MAX_ITEMS:
            raise ValueError(f"{len(value):,} items (at most {MAX_ITEMS:,})")
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str) or len(key) > MAX_TEXT:
                    raise ValueError(f"the key {shown(key, 40)} is not a short text")
                json_value(item, depth + 1)
        else:
            for item in value:
                json_value(item, depth + 1)
        return value
    raise ValueError(f"a {type(value).__name__} is not JSON data")


def action_data(value: dict) -> dict:
    """An action as data names its class: ``{"type": "Claim", ...}``."""
    if not isinstance(value.get("type"), str):
        raise ValueError("an action names its type, a text: {\"type\": ..., ...}")
    return value


Value = Annotated[Any, AfterValidator(json_value)]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Options = Annotated[dict[Text, Value], Field(max_length=MAX_ITEMS)]


class _Schema(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ActionRecord(_Schema):
    """A player's decision: who made it (a seat) and the action as data."""

    kind: Literal["action"]
    player: Annotated[int, Field(ge=0, le=MAX_ITEMS)]
    action: Annotated[Options, AfterValidator(action_data)]


class ChanceRecord(_Schema):
    """A random outcome: its draw ``index``, ``name``, ``value`` and whether it was forced
    (chosen by a teacher or by the game's setup, not drawn from the seed)."""

    kind: Literal["chance"]
    index: Annotated[int, Field(ge=0, lt=MAX_RECORDS)]
    name: Text
    value: Value
    forced: bool


RECORDS: dict[str, type[_Schema]] = {"action": ActionRecord, "chance": ChanceRecord}


class SaveFile(_Schema):
    """A save (``State.to_dict``); its history records are checked one by one (by kind)."""

    format: Text
    game: Text
    players: int
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)]
    variant: Options = {}
    params: Options = {}
    history: Annotated[list[dict[Text, Any]], Field(max_length=MAX_RECORDS)]
    forced_pending: Annotated[dict[Text, Annotated[list[Value], Field(max_length=MAX_ITEMS)]],
                              Field(max_length=MAX_ITEMS)] = {}


def _validate(model: type[_Schema], data: Any, where: tuple = ()) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SaveGameError(format_validation_error(_PREFIX, exc, where)) from None
    except Exception as exc:  # a check of ours that fails on data nobody foresaw
        name = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in where)
        raise _failure(f"{_PREFIX}: {name.lstrip('.') or 'save'}", exc, "read") from None


def _text(obj: Any) -> str:
    """``str(obj)`` for a message, clipped, even if the game's ``__str__`` fails."""
    try:
        return clipped(str(obj), 200)
    except Exception:
        return shown(obj)


def _failure(where: str, exc: Exception, doing: str = "replayed") -> SaveGameError:
    """Any exception met while reading a save, as a SaveGameError that says where."""
    if isinstance(exc, SaveGameError):
        return exc
    if isinstance(exc, BoardkitError):
        return SaveGameError(f"{where}: {clipped(str(exc))}")
    return SaveGameError(f"{where}: could not be {doing} ({type(exc).__name__}: "
                         f"{clipped(str(exc))})")


# -------------------------------------------------------------------- the replay
def read_history(game: GameInfo[Any], save: SaveFile) -> tuple[dict[int, Recorded], list]:
    """The random outcomes by index and the (position, player, action) of every decision."""
    chances: dict[int, Recorded] = {}
    actions = []
    for i, raw in enumerate(save.history):
        kind = raw.get("kind")
        model = RECORDS.get(kind) if isinstance(kind, str) else None
        if model is None:
            raise SaveGameError(f"{_PREFIX}: history[{i}].kind: expected 'action' or 'chance', "
                                f"found {shown(kind)}")
        rec = _validate(model, raw, ("history", i))
        if kind == "chance":
            if rec.index in chances:
                raise SaveGameError(f"{_PREFIX}: history[{i}].index: random event {rec.index} is "
                                    f"recorded twice (also history[{chances[rec.index].at}])")
            chances[rec.index] = Recorded(i, rec.name, rec.value, rec.forced)
            continue
        if rec.player >= save.players:
            raise SaveGameError(f"{_PREFIX}: history[{i}].player: {rec.player} is not a seat of a "
                                f"{save.players}-player game (0..{save.players - 1})")
        try:
            act = game.actions.from_dict(rec.action, f"history[{i}].action")
        except ActionFormatError as exc:
            raise SaveGameError(f"{_PREFIX}: {clipped(str(exc))}") from None
        except Exception as exc:
            raise _failure(f"{_PREFIX}: history[{i}].action", exc, "read") from None
        actions.append((i, rec.player, act))
    return chances, actions


def load(game: GameInfo[S], data: Any, strict: bool = True, allow_forced: bool = False) -> S:
    """Check ``data`` against the schema, replay it and (``strict``) compare the replay with
    it. See ``Game.from_dict``."""
    save = _validate(SaveFile, data)
    if save.format != SAVE_FORMAT:
        raise SaveGameError(f"{_PREFIX}: format: expected '{SAVE_FORMAT}', found "
                            f"{shown(save.format)}")
    if save.game != game.name:
        raise SaveGameError(f"{_PREFIX}: game: this is a {shown(save.game)} save, not "
                            f"'{game.name}'")
    if not game.min_players <= save.players <= game.max_players:
        raise SaveGameError(f"{_PREFIX}: players: {shown(save.players)} is not allowed in "
                            f"{game.name} ({game.min_players}..{game.max_players})")
    chances, actions = read_history(game, save)
    try:
        variant = game.make_variant(save.variant)
        params = game.make_params(save.params)
    except VariantError as exc:
        raise SaveGameError(f"{_PREFIX}: {clipped(str(exc))}") from None
    try:
        state = game.state_class(save.players, save.seed, variant, params,
                                 replay=Replay(chances, allow_forced), game=game)
    except RuleViolation as exc:
        raise SaveGameError(f"{_PREFIX}: history: a recorded random event is impossible: "
                            f"{clipped(str(exc))}") from None
    except Exception as exc:
        raise _failure(f"{_PREFIX}: setup", exc) from None
    for i, player, act in actions:
        where = f"{_PREFIX}: history[{i}]"
        current = state.current_player
        if current is None:
            raise SaveGameError(f"{where}: {_text(act)} comes after the end of the game")
        if player != current:
            raise SaveGameError(f"{where}: recorded for P{player + 1} but it is "
                                f"P{current + 1}'s decision")
        try:
            state.apply(act)
        except RuleViolation as exc:
            raise SaveGameError(f"{where}: {_text(act)} is illegal there: "
                                f"{clipped(str(exc))}") from None
        except Exception as exc:
            raise _failure(f"{where}: {_text(act)}", exc) from None
    state.__dict__.pop("_replay", None)  # a loaded game is like any other
    if strict and state.history() != save.history:
        raise SaveGameError(f"{_PREFIX}: history: the replay does not reproduce the saved "
                            "history (the file was altered or comes from another version)")
    _force_pending(state, save.forced_pending, strict, allow_forced)
    return state


def _force_pending(state: State, pending: dict[str, list], strict: bool,
                   allow_forced: bool) -> None:
    """Queue the save's forced outcomes not drawn yet. The ones the game itself still
    forces (a scenario's remaining draws, queued again by the replay) come first and must
    match (``strict``: the save lists them all); the others are a teacher's, accepted only
    with ``allow_forced``."""
    own = state._forced
    for name in own:
        if strict and own[name] and name not in pending:
            raise SaveGameError(f"{_PREFIX}: forced_pending: the game still forces '{name}' "
                                f"but the save does not; the save was altered")
    for name, values in pending.items():
        where = f"{_PREFIX}: forced_pending.{clipped(name, 40)}"
        if name not in state.chance_checks:
            known = ", ".join(sorted(state.chance_checks)) or "none"
            raise SaveGameError(f"{where}: {state.game.name} has no random event {shown(name)} "
                                f"that can be forced (known: {known})")
        queued = own.get(name, [])
        if [freeze(v) for v in values[:len(queued)]] != queued:
            raise SaveGameError(f"{where}: the game forces {shown(queued)} first but the save "
                                f"has {shown(values)}; the save was altered")
        extra = values[len(queued):]
        if extra and not allow_forced:
            raise SaveGameError(f"{where}: the save forces the next {name} to be "
                                f"{shown(extra[0])}. {FORCED_HINT}")
        for j, value in enumerate(extra, start=len(queued)):
            try:
                state.force(name, value)
            except Exception as exc:
                raise _failure(f"{where}[{j}]", exc) from None
