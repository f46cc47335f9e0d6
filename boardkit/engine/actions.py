"""Actions: small frozen dataclasses, their JSON form, and a stable integer codec.

Every decision a player makes is an :class:`Action` subclass declared with
``@action`` (a frozen, slotted dataclass). Readable names stay primary; the
:class:`ActionCodec` maps them to integers and back for search tables and RL libraries.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .errors import ActionFormatError


class Action:
    """Marker base class of every game action (subclasses are frozen dataclasses)."""

    __slots__ = ()

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = to_jsonable(getattr(self, f.name))
        return out

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({args})"


def action(cls):
    """Class decorator: a frozen, slotted, ordered dataclass that is an :class:`Action`."""
    if not issubclass(cls, Action):
        raise TypeError(f"{cls.__name__} must subclass boardkit.engine.Action")
    return dataclasses.dataclass(frozen=True, slots=True, order=True)(cls)


def to_jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if hasattr(value, "item") and callable(value.item):  # numpy scalars
        return value.item()
    return value


def freeze(value: Any) -> Any:
    """JSON lists back to tuples (recursively), so values are hashable again."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: freeze(v) for k, v in value.items()}
    return value


def _check_type(value: Any, hint: Any, where: str) -> Any:
    """Check (and freeze) one decoded field against its annotation; raise ActionFormatError."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return freeze(value)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _check_type(value, option, where)
            except ActionFormatError:
                continue
        raise ActionFormatError(f"{where}: {value!r} does not match {hint}")
    if hint is type(None):
        if value is not None:
            raise ActionFormatError(f"{where}: expected null, got {value!r}")
        return None
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ActionFormatError(f"{where}: expected a list, got {type(value).__name__}")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check_type(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if args and len(args) != len(value):
            raise ActionFormatError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_check_type(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True)))
    if origin is typing.Literal:
        if value not in typing.get_args(hint):
            raise ActionFormatError(f"{where}: {value!r} is not one of {typing.get_args(hint)}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ActionFormatError(f"{where}: expected an integer, got {value!r}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ActionFormatError(f"{where}: expected a number, got {value!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise ActionFormatError(f"{where}: expected a string, got {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise ActionFormatError(f"{where}: expected true/false, got {value!r}")
        return value
    return freeze(value)


class ActionSet:
    """The action classes of one game: decode dicts (from JSON or the browser) safely."""

    def __init__(self, classes: Iterable[type[Action]]):
        self.classes = {c.__name__: c for c in classes}
        self._hints = {name: typing.get_type_hints(c) for name, c in self.classes.items()}

    def from_dict(self, data: Any, where: str = "action") -> Action:
        if not isinstance(data, Mapping):
            raise ActionFormatError(f"{where}: expected an object, got {type(data).__name__}")
        kind = data.get("type")
        if kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            raise ActionFormatError(f"{where}.type: unknown action {kind!r} (known: {known})")
        cls = self.classes[kind]
        names = [f.name for f in dataclasses.fields(cls)]
        extra = set(data) - set(names) - {"type"}
        if extra:
            raise ActionFormatError(f"{where}: unknown field(s) {sorted(extra)} for {kind}")
        values = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is not dataclasses.MISSING:
                    continue
                raise ActionFormatError(f"{where}.{f.name}: missing field of {kind}")
            values[f.name] = _check_type(data[f.name], self._hints[kind][f.name], f"{where}.{f.name}")
        return cls(**values)


class ActionCodec:
    """A stable bijection between a game's actions and ``range(size)``.

    Built from the finite domain of every field of every action class, in a fixed order, as
    a mixed-radix number: the same game definition always gives the same integers.

    >>> codec = ActionCodec([(Roll, {}), (Claim, {"cell": [(x, y) for x in range(4) for y in range(4)]})])
    """

    def __init__(self, spaces: Sequence[tuple[type[Action], Mapping[str, Sequence[Any]]]]):
        self._layout = []
        self._position: dict[type, int] = {}
        offset = 0
        for cls, domains in spaces:
            names = [f.name for f in dataclasses.fields(cls)]
            if set(names) != set(domains):
                raise ValueError(f"codec for {cls.__name__}: domains for {names} needed")
            fields = [(n, list(domains[n])) for n in names]
            index = [{v: i for i, v in enumerate(vals)} for _, vals in fields]
            size = 1
            for _, vals in fields:
                size *= len(vals)
            self._position[cls] = len(self._layout)
            self._layout.append((offset, size, cls, fields, index))
            offset += size
        self.size = offset

    def encode(self, act: Action) -> int:
        try:
            entry = self._layout[self._position[type(act)]]
        except KeyError:
            raise ActionFormatError(f"{type(act).__name__} is not in this codec") from None
        offset, _, _, fields, index = entry
        code = 0
        for (name, vals), idx in zip(fields, index, strict=True):
            try:
                code = code * len(vals) + idx[getattr(act, name)]
            except KeyError:
                raise ActionFormatError(
                    f"{act}: field {name}={getattr(act, name)!r} is outside the codec's domain"
                ) from None
        return offset + code

    def decode(self, code: int) -> Action:
        if not isinstance(code, int) or not 0 <= code < self.size:
            raise ActionFormatError(f"action code {code!r} is outside 0..{self.size - 1}")
        for offset, size, cls, fields, _ in self._layout:
            if offset <= code < offset + size:
                rest = code - offset
                values = {}
                for name, vals in reversed(fields):
                    rest, i = divmod(rest, len(vals))
                    values[name] = vals[i]
                return cls(**values)
        raise AssertionError("unreachable")  # pragma: no cover
