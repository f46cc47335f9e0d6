"""Actions: small frozen dataclasses, their JSON form, and a stable integer codec.

Every decision a player makes is an :class:`Action` subclass declared with
``@action`` (a frozen, slotted dataclass). Readable names stay primary; the
:class:`ActionCodec` maps them to integers and back for search tables and RL libraries.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, TypeVar, dataclass_transform

from .errors import ActionFormatError, GameDefinitionError, shown


class Action:
    """Marker base class of every game action (subclasses are frozen dataclasses)."""

    __slots__ = ()
    if TYPE_CHECKING:  # what ``@action`` gives every subclass (dataclasses.fields accepts it)
        __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def listed(self, state: Any) -> bool:
        """Whether ``state.legal_actions()`` lists this action when it is legal there
        (``state``: a :class:`~boardkit.engine.state.State`, of the action's own game).

        Every accepted action is a listed one, except the few a game accepts but never
        lists because there are too many (a whole park laid out anew, a card slipped in
        between two others, a trip longer than the listing bound); their classes override
        this and their rule catalogs say why.
        """
        return True

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = to_jsonable(getattr(self, f.name))
        return out

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({args})"


A = TypeVar("A", bound=Action)


#: what an action's field may hold (actions are hashable, compared, and saved as JSON)
FIELD_TYPES = ("int, float, str, bool, None, Literal[...] of those, tuple[...] of those "
               "(tuple[int, ...] for a sequence), or a union of them (X | None)")
_SCALARS = (int, float, str, bool, type(None))


def field_type_problem(tp: Any) -> Any:
    """The part of the type ``tp`` an action field cannot hold (``list[int]``, ``dict``, a
    class of one's own), or None when every part is allowed (:data:`FIELD_TYPES`)."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return field_type_problem(typing.get_args(tp)[0])
    if origin is typing.Literal:
        bad = [a for a in typing.get_args(tp) if not isinstance(a, _SCALARS)]
        return tp if bad else None
    if origin in (typing.Union, types.UnionType, tuple):
        for arg in typing.get_args(tp):
            if arg is Ellipsis:
                continue
            bad = field_type_problem(arg)
            if bad is not None:
                return bad
        return None
    return None if tp in _SCALARS else tp


def _type_name(tp: Any) -> str:
    return tp.__name__ if isinstance(tp, type) and not typing.get_args(tp) else str(tp).replace(
        "typing.", "")


def check_action_fields(cls: type, hints: Mapping[str, Any]) -> None:
    """Refuse an action class with a field of a type an action cannot hold
    (:class:`GameDefinitionError` naming the class, the field and the fix)."""
    for f in dataclasses.fields(cls):
        bad = field_type_problem(hints.get(f.name, Any))
        if bad is not None:
            hint = ""
            origin = typing.get_origin(bad) or bad
            if origin in (list, set, frozenset):
                hint = " (a sequence: tuple[int, ...] instead of list[int])"
            elif origin is dict:
                hint = " (a mapping: a tuple of (key, value) pairs, or one field per key)"
            raise GameDefinitionError(
                f"{cls.__name__}.{f.name}: an action field cannot hold {_type_name(bad)}"
                f"{hint}; allowed: {FIELD_TYPES} — actions are hashable and saved as JSON")


@dataclass_transform(frozen_default=True, order_default=True, eq_default=True)
def action(cls: type[A]) -> type[A]:
    """Class decorator: a frozen, slotted, ordered dataclass that is an :class:`Action`.

    Type checkers see it as a dataclass decorator (``dataclass_transform``), so they check
    an action's fields where it is built: ``Claim(cell=(1, 2))``. A field of a type an action
    cannot hold (a list, a dict, a class of one's own) is refused here, naming the field
    (:data:`FIELD_TYPES`); a type named only later in its module is checked when the game
    is declared (:class:`ActionSet`)."""
    if not isinstance(cls, type) or not issubclass(cls, Action):
        raise GameDefinitionError(f"{getattr(cls, '__name__', cls)!s} must subclass "
                                  "boardkit.engine.Action: class MyMove(Action): ...")
    made = dataclasses.dataclass(frozen=True, slots=True, order=True)(cls)
    try:
        hints = typing.get_type_hints(made, include_extras=True)
    except NameError:  # a forward reference: checked by ActionSet once the module is whole
        return made
    check_action_fields(made, hints)
    return made


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


#: the rule id of a malformed action field (wrong type, out of range) given through the API
FORMAT_RULE = "engine.action_format"


@dataclasses.dataclass(frozen=True)
class Range:
    """Field metadata, ``Annotated[int, Range(1, 5)]``: the value lies from ``lo`` to ``hi``
    (inclusive; ``None``: unbounded). ``rule`` is the rule whose bound it is, cited when an
    action given through the Python API breaks it; by default the field's format
    (``engine.action_format``). ``note``: what the bound means in the game's own words (a
    grid position: the labels its board shows), added to the refusal. The JSON decoder
    refuses it as :class:`ActionFormatError`."""

    lo: int | float | None = None
    hi: int | float | None = None
    rule: str = FORMAT_RULE
    note: str = ""

    def check(self, value: Any, where: str) -> None:
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            lo = "" if self.lo is None else self.lo
            hi = "" if self.hi is None else self.hi
            note = f" ({self.note})" if self.note else ""
            _refuse(where, f"{brief(value)} is outside {lo}..{hi}{note}", self.rule, matched=True)


class OneOf:
    """Field metadata, ``Annotated[str, OneOf(("rides", "hotels"), rule=...)]``: the value is
    one of ``options`` (a closed set of names or ids; a function giving them is called on
    first use, for content loaded lazily); ``rule`` as for :class:`Range`."""

    def __init__(self, options: Iterable[Any] | Callable[[], Iterable[Any]],
                 rule: str = FORMAT_RULE):
        self._source: Callable[[], Iterable[Any]] | None = None
        self._options: frozenset | None = None
        if callable(options):
            self._source = options
        else:
            self._options = frozenset(options)
        self.rule = rule

    @property
    def options(self) -> frozenset:
        if self._options is None:
            assert self._source is not None  # one of the two is set in __init__
            self._options = frozenset(self._source())
        return self._options

    def check(self, value: Any, where: str) -> None:
        if value not in self.options:
            some = ", ".join(map(repr, sorted(self.options, key=str)[:8]))
            more = ", ..." if len(self.options) > 8 else ""
            _refuse(where, f"{brief(value)} is not one of {some}{more}", self.rule, matched=True)

    def __repr__(self) -> str:
        return f"OneOf(..., rule={self.rule!r})"


@dataclasses.dataclass(frozen=True)
class Canonical:
    """Field metadata, ``Annotated[float, Canonical(fn)]``: ``fn(value)`` puts a checked value
    in its canonical form (an angle of 360° is the angle 0°); idempotent, never raises."""

    fn: Callable[[Any], Any]
    #: optional quick test that a value (of the right type, in range) is already canonical
    fixed: Callable[[Any], bool] | None = None


def brief(value: Any, limit: int = 60) -> str:
    """A short repr for messages: never echoes a huge value (and never fails)."""
    return shown(value, limit)


def label(act: Any) -> str:
    """``str(act)``, or a safe short form when a malformed field breaks the action's text."""
    try:
        return str(act) if isinstance(act, Action) else brief(act)
    except Exception:
        return brief(act)


def _refuse(where: str, text: str, rule: str = FORMAT_RULE, matched: bool = False) -> NoReturn:
    exc = ActionFormatError(f"{where}: {text}")
    exc.rule = rule  # which rule the Python API cites (State.check)
    exc.matched = matched  # the type matched; a bound or a value was wrong
    raise exc


def type_name(hint: Any) -> str:
    """A readable name of an annotation: ``int | None``, ``tuple[int, int]``."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return type_name(typing.get_args(hint)[0])
    if origin in (typing.Union, types.UnionType):
        return " | ".join(type_name(a) for a in typing.get_args(hint))
    if origin is typing.Literal:
        return " | ".join(repr(a) for a in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"tuple[{type_name(args[0])}, ...]"
        return f"tuple[{', '.join(type_name(a) for a in args)}]"
    if hint is type(None):
        return "None"
    return getattr(hint, "__name__", str(hint))


def conform(value: Any, hint: Any, where: str) -> Any:
    """``value`` checked against its field's annotation (type, :class:`Range`) and put in
    canonical form (:class:`Canonical`, lists as tuples); raise :class:`ActionFormatError`
    naming ``where``. The one home of the field contract: the JSON decoder
    (:meth:`ActionSet.from_dict`) and the Python API (:meth:`ActionSet.conform`) both use it.

    Integers are ``int`` (numpy integers are converted, ``bool`` is refused); numbers
    (``float``) are finite; a ``tuple`` may be given as a list.
    """
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        base, *meta = typing.get_args(hint)
        value = conform(value, base, where)
        for m in meta:
            if isinstance(m, Range | OneOf):
                m.check(value, where)
            elif isinstance(m, Canonical):
                value = m.fn(value)
        return value
    if hint is Any:
        return freeze(value)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return conform(value, option, where)
            except ActionFormatError as exc:
                if getattr(exc, "matched", False):
                    raise  # the right type, a wrong value: say so
        _refuse(where, f"expected {type_name(hint)}, got {brief(value)}")
    if hint is type(None):
        if value is not None:
            _refuse(where, f"expected None, got {brief(value)}")
        return None
    if origin is tuple:
        if not isinstance(value, list | tuple):
            _refuse(where, f"expected {type_name(hint)}, got {brief(value)}")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(conform(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if args and len(args) != len(value):
            _refuse(where, f"expected {len(args)} items ({type_name(hint)}), got {len(value)}",
                    matched=True)
        return tuple(conform(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True)))
    if origin is typing.Literal:
        for option in typing.get_args(hint):
            if type(value) is type(option) and value == option:
                return option
        _refuse(where, f"{brief(value)} is not one of {', '.join(map(repr, typing.get_args(hint)))}",
                matched=isinstance(value, str))
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            _refuse(where, f"expected an integer, got {brief(value)}")
        return int(value)
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            _refuse(where, f"expected a number, got {brief(value)}")
        try:
            number = float(value)
        except OverflowError:
            number = math.inf
        if not math.isfinite(number):
            _refuse(where, f"{brief(value)} is not a finite number", matched=True)
        return number
    if hint is str:
        if not isinstance(value, str):
            _refuse(where, f"expected a string, got {brief(value)}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            _refuse(where, f"expected True or False, got {brief(value)}")
        return value
    return freeze(value)


class _Fast:
    """Writes the Python-API check of an action class as one function (a few type tests
    and comparisons per field, about 0.1 µs: it runs on every ``apply``, the agents' and
    search's path included). An expression is True only when the value already meets its
    annotation in canonical form; anything else goes to :func:`conform`, which refuses it
    or gives its canonical form."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {"_isfinite": math.isfinite}

    def bind(self, value: Any) -> str:
        name = f"_k{len(self.names)}"
        self.names[name] = value
        return name

    def bound(self, v: str, base: str, lo: Any, hi: Any) -> str:
        test = f"type({v}) is {base}"
        if lo is not None:
            test += f" and {v} >= {self.bind(lo)}"
        if hi is not None:
            test += f" and {v} <= {self.bind(hi)}"
        if base == "float" and (lo is None or hi is None):
            test += f" and _isfinite({v})"
        return f"({test})"

    def expr(self, hint: Any, v: str) -> str | None:
        """A Python expression testing the value named ``v``, or None (always conform)."""
        origin = typing.get_origin(hint)
        if origin is typing.Annotated:
            base, *meta = typing.get_args(hint)
            ranges = [m for m in meta if isinstance(m, Range)]
            if base in (int, float) and len(ranges) == len(meta):
                lo = max((m.lo for m in ranges if m.lo is not None), default=None)
                hi = min((m.hi for m in ranges if m.hi is not None), default=None)
                return self.bound(v, base.__name__, lo, hi)
            parts = [self.expr(base, v)]
            for m in meta:
                if isinstance(m, Range):
                    if m.lo is not None:
                        parts.append(f"{v} >= {self.bind(m.lo)}")
                    if m.hi is not None:
                        parts.append(f"{v} <= {self.bind(m.hi)}")
                elif isinstance(m, OneOf):
                    o = self.bind(m)  # options loaded on first use (content read lazily)
                    parts.append(f"{v} in ({o}._options or {o}.options)")
                elif isinstance(m, Canonical) and m.fixed is not None:
                    parts.append(f"{self.bind(m.fixed)}({v})")
                else:
                    return None
            known = _known(parts)
            return None if known is None else "(" + " and ".join(f"({p})" for p in known) + ")"
        if hint in (int, str):
            return f"type({v}) is {hint.__name__}"
        if hint is float:
            return self.bound(v, "float", None, None)
        if hint is bool:
            return f"({v} is True or {v} is False)"
        if hint is type(None):
            return f"{v} is None"
        if origin is typing.Literal:
            options = typing.get_args(hint)
            if all(type(o) is str for o in options):
                return f"(type({v}) is str and {v} in {self.bind(frozenset(options))})"
            return None
        if origin in (typing.Union, types.UnionType):
            known = _known([self.expr(a, v) for a in typing.get_args(hint)])
            return None if known is None else "(" + " or ".join(known) + ")"
        if origin is tuple:
            args = typing.get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.expr(args[0], "_x")
                if item is None:
                    return None
                test = self.bind(eval(f"lambda _x: {item}", self.names))  # noqa: S307
                return f"(type({v}) is tuple and all(map({test}, {v})))"
            known = _known([self.expr(a, f"{v}[{i}]") for i, a in enumerate(args)])
            if known is None:
                return None
            return f"(type({v}) is tuple and len({v}) == {len(args)} and " + " and ".join(known) + ")"
        return None


def _known(parts: list[str | None]) -> list[str] | None:
    """``parts`` when every test is known, else None (some field must always conform)."""
    return None if None in parts else [p for p in parts if p is not None]


def _contract(cls: type[Action]) -> Callable[[Action], Action]:
    """The Python-API check of one action class: the action itself when every field is
    already well-formed and canonical, else its canonical copy; or ActionFormatError."""
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]
    name = cls.__name__

    def slow(act: Action) -> Action:
        changed = {}
        for field, hint in fields:
            try:
                value = getattr(act, field)
            except AttributeError:
                _refuse(f"{name}.{field}", "missing")
            new = conform(value, hint, f"{name}.{field}")
            if new is not value:
                changed[field] = new
        return dataclasses.replace(act, **changed) if changed else act

    if not fields:
        return lambda act: act
    fast = _Fast()
    tests = _known([fast.expr(hint, f"_f{i}") for i, (_, hint) in enumerate(fields)])
    if tests is None:
        return slow
    fast.names["_slow"] = slow
    loads = "; ".join(f"_f{i} = act.{field}" for i, (field, _) in enumerate(fields))
    source = (f"def check(act):\n"
              f"    try:\n        {loads}\n    except AttributeError:\n        return _slow(act)\n"
              f"    if {' and '.join(tests)}:\n        return act\n"
              f"    return _slow(act)\n")
    exec(source, fast.names)  # noqa: S102
    return fast.names["check"]


class ActionSet:
    """The action classes of one game: decode dicts (from JSON or the browser) safely."""

    def __init__(self, classes: Iterable[type[Action]]):
        classes = list(classes)
        for c in classes:
            if not isinstance(c, type) or not issubclass(c, Action):
                raise GameDefinitionError(f"actions: {c!r} is not an action class (subclass "
                                          "boardkit.engine.Action and decorate it with @action)")
            params = getattr(c, "__dataclass_params__", None)
            if c.__dict__.get("__dataclass_fields__") is None or params is None or not params.frozen:
                raise GameDefinitionError(f"{c.__name__} is not decorated with @action: write "
                                          f"@action on the line above `class {c.__name__}(Action):`")
        self.classes = {c.__name__: c for c in classes}
        self._hints = {name: typing.get_type_hints(c, include_extras=True)
                       for name, c in self.classes.items()}
        for name, c in self.classes.items():
            check_action_fields(c, self._hints[name])
        self._contracts = {c: _contract(c) for c in self.classes.values()}

    def conform(self, act: Action) -> Action:
        """Check the fields of ``act`` (one of this game's action classes) against their
        declared types and ranges; return it in canonical form (itself when it already is)
        or raise :class:`ActionFormatError` naming the field (its ``rule`` attribute: the rule
        the Python API cites)."""
        return self._contracts[type(act)](act)

    def from_dict(self, data: Any, where: str = "action") -> Action:
        if not isinstance(data, Mapping):
            raise ActionFormatError(f"{where}: expected an object, got {type(data).__name__}")
        kind = data.get("type")
        if kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            raise ActionFormatError(f"{where}.type: unknown action {brief(kind)} (known: {known})")
        cls = self.classes[kind]
        names = [f.name for f in dataclasses.fields(cls)]
        extra = set(data) - set(names) - {"type"}
        if extra:
            raise ActionFormatError(f"{where}: unknown {'field' if len(extra) == 1 else 'fields'} {sorted(extra)} for {kind}")
        values = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                if f.default is not dataclasses.MISSING:
                    continue
                raise ActionFormatError(f"{where}.{f.name}: missing field of {kind}")
            values[f.name] = conform(data[f.name], self._hints[kind][f.name], f"{where}.{f.name}")
        return cls(**values)


#: how many actions a codec remembers the code of (a search encodes the same few thousand
#: actions again and again; games with huge action spaces stop remembering at this size)
_KNOWN_CODES = 200_000


class ActionCodec:
    """A stable bijection between a game's actions and ``range(size)``.

    Built from the finite domain of every field of every action class, in a fixed order, as
    a mixed-radix number: the same game definition always gives the same integers.

    >>> codec = ActionCodec([(Roll, {}), (Claim, {"cell": [(x, y) for x in range(4) for y in range(4)]})])
    """

    def __init__(self, spaces: Sequence[tuple[type[Action], Mapping[str, Sequence[Any]]]]):
        self._layout: list[tuple[int, int, type[Action], list[tuple[str, list[Any]]],
                                 list[dict[Any, int]]]] = []
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
        self._known: dict[Action, int] = {}  # codes already computed (searches ask often)

    def encode(self, act: Action) -> int:
        try:
            code = self._known.get(act)
        except TypeError:  # unhashable, so not an action: the full encoding names the fault
            return self._encode(act)
        if code is not None:
            return code
        code = self._encode(act)
        if len(self._known) < _KNOWN_CODES:
            self._known[act] = code
        return code

    def _encode(self, act: Action) -> int:
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
        """The action of ``code`` (a Python or numpy integer, as RL libraries hand them)."""
        if isinstance(code, numbers.Integral) and not isinstance(code, bool | int):
            code = int(code)  # numpy.int64 and friends
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < self.size:
            raise ActionFormatError(f"action code {shown(code)} is outside 0..{self.size - 1}")
        for offset, size, cls, fields, _ in self._layout:
            if offset <= code < offset + size:
                rest = code - offset
                values = {}
                for name, vals in reversed(fields):
                    rest, i = divmod(rest, len(vals))
                    values[name] = vals[i]
                return cls(**values)
        raise AssertionError("unreachable")  # pragma: no cover
