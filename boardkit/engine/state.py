"""The State protocol every game follows (see DESIGN.md, "The core protocol").

A game subclasses :class:`State` and implements four hooks (its
:class:`~boardkit.engine.game.Game` makes the positions and hands itself to each: ``state.game``):

``setup()``
    deal, shuffle, ask the first :class:`Step` (or start the declared flow);
``_scores()``
    the current score of every seat;
``_observe(player)``
    what that seat may see, as JSON-able data;
``_determinize(player)``
    (games with hidden information) resample what ``player`` cannot see, in place.

Everything else — legality, atomic application, pending choices, randomness, the log,
JSON save/load and replay — lives here once for all games.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import numpy as np
from pydantic import BaseModel

from .actions import FORMAT_RULE, Action, ActionCodec, ActionSet, brief, freeze, label, to_jsonable
from .errors import (
    ActionFormatError,
    GameDefinitionError,
    RuleViolation,
    SaveGameError,
    clipped,
    shown,
)
from .log import PUBLIC, Event, Kind, Log
from .rules import RuleCatalog, describe
from .steps import STAY, Goto, Outcome
from .words import plural, wrap

SAVE_FORMAT = "boardkit-save/1"
#: the largest seed (numpy's generators take any non-negative integer; saves keep to 63 bits)
MAX_SEED = 2**63 - 1
#: never copied by snapshots and clones: the log (append-only list of immutable events), the
#: frozen variant / rule-parameter models and the game, which copies share by reference
_SHARED = ("log", "variant", "params", "game")
#: never copied at all: the legal actions offered at the current decision by a play loop
#: (:meth:`State.offer`), valid only until the log grows, and the random outcomes of a save
#: being loaded (:class:`Replay`: read once, by :meth:`State.chance`; copying it in every
#: atomic apply made a save with a million unused records take minutes to refuse)
_TRANSIENT = ("_offered", "_replay")

#: the step classes whose ``legal`` answer has been checked once (:meth:`State._listed`)
_LISTS_CHECKED: set[type] = set()

#: an author's debug mode (:func:`boardkit.testing.strict`, switched on by boardkit's own
#: checks and the scaffold's tests): every ``check`` of a step is watched for changing the
#: state it only may read
STRICT = {"checks": False}


def _check_listed(state: State, step: Step[Any], options: object) -> None:
    """Refuse what a step's ``legal`` returned unless it is a list (or tuple) of this game's
    actions, naming the step class, what came back and the fix."""
    where = f"{type(step).__name__}.legal"
    if isinstance(options, Action):
        raise GameDefinitionError(f"{where} returned one action, {brief(options)}, not a list: "
                                  f"return [{type(options).__name__}(...)]")
    if not isinstance(options, list | tuple):
        what = "None" if options is None else f"a {type(options).__name__}"
        fix = ("return [...] (a list comprehension), not a generator expression"
               if type(options).__name__ == "generator" else
               "return a list, sorted if its order may vary: sorted(options)"
               if isinstance(options, set | frozenset) else "end it with `return options`"
               if options is None else "return a list of actions")
        raise GameDefinitionError(f"{where} returned {what}, not a list of actions: {fix}")
    classes = state.game.actions.classes
    for i, act in enumerate(options):
        if not isinstance(act, Action) or classes.get(type(act).__name__) is not type(act):
            raise GameDefinitionError(
                f"{where} returned {brief(act)} at [{i}], which is not one of "
                f"{state.game.name}'s actions ({', '.join(sorted(classes))}): list it in "
                "Game(actions=...) and return instances of it")
#: why a save's forced random outcome is refused by default (see ``Game.from_json``)
FORCED_HINT = ("A forced outcome is chosen, not drawn from the seed: it belongs in a "
               "teacher's position, not in a game played for real. Load with "
               "allow_forced=True to accept it.")


def _rebuild_rng(kind: type[np.random.BitGenerator], state: Mapping[str, Any]) -> Rng:
    rng = Rng(kind(0))
    rng.bit_generator.state = state
    return rng


class Rng(np.random.Generator):
    """The state's numpy Generator, pickled as its bit generator's state (several times
    cheaper than a plain Generator, and every atomic apply pickles the state)."""

    # pickled by its bit generator's kind and state, not as numpy pickles a Generator
    def __reduce__(self) -> tuple[  # type: ignore[override]
            Callable[[type[np.random.BitGenerator], Mapping[str, Any]], Rng],
            tuple[type[np.random.BitGenerator], Mapping[str, Any]]]:
        return (_rebuild_rng, (type(self.bit_generator), self.bit_generator.state))




def _common(views: list[Any]) -> Any:
    """What a list of observations share: equal parts as they are, differing parts ``None``
    (dicts key by key and lists of one length item by item, so a secret hides only itself)."""
    first = views[0]
    if all(v == first for v in views[1:]):
        return first
    if all(isinstance(v, dict) for v in views) and all(v.keys() == first.keys() for v in views):
        return {k: _common([v[k] for v in views]) for k in first}
    if all(isinstance(v, list) for v in views) and all(len(v) == len(first) for v in views):
        return [_common([v[i] for v in views]) for i in range(len(first))]
    return None


def new_rng(seed: int) -> Rng:
    """A seeded generator: the same stream as ``np.random.default_rng(seed)``."""
    return Rng(np.random.PCG64(seed))


@dataclass(frozen=True, slots=True)
class Recorded:
    """A random outcome read from a save: ``at`` is its position in the save's history."""

    at: int
    name: str
    value: Any
    forced: bool


@dataclass(frozen=True)
class Replay:
    """The random outcomes of a save being loaded, by chance index, and whether the loader
    accepts the ones the save marks as forced (``Game.from_json(allow_forced=...)``)."""

    outcomes: Mapping[int, Recorded]
    allow_forced: bool = False


@dataclass(frozen=True)
class Explanation:
    """Why an action is legal or not: ``legal``, the ``rule`` id, and plain words."""

    action: Action
    legal: bool
    rule: str
    message: str

    @property
    def rule_text(self) -> str:
        """The rule catalog's paraphrase of ``rule``."""
        return describe(self.rule)

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        verdict = "legal" if self.legal else "illegal"
        text = f"{label(self.action)} is {verdict}: {self.message}"
        if self.rule_text:
            text += f"\n  rule {self.rule}: {self.rule_text}"
        return wrap(text)

    def _repr_html_(self) -> str:
        from html import escape

        colour = "#1b7f3b" if self.legal else "#b3261e"
        verdict = "legal" if self.legal else "illegal"
        return (
            f"<div style='border-left:4px solid {colour};padding-left:8px'>"
            f"<b>{escape(label(self.action))}</b> is <b style='color:{colour}'>{verdict}</b>: "
            f"{escape(self.message)}<br><small><code>{escape(self.rule)}</code> "
            f"{escape(self.rule_text)}</small></div>"
        )


#: the game's State class a step, a flow or a game works on (``Step["WanderlustState"]``)
S = TypeVar("S", bound="State")
S_contra = TypeVar("S_contra", bound="State", contravariant=True)


class GameInfo(Protocol[S]):
    """What a position knows of its game: :class:`~boardkit.engine.game.Game` (which builds
    positions, so this module cannot import it) has all of this, and the game hands itself
    to each State it makes (``state.game``)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def state_class(self) -> type[S]: ...
    @property
    def actions(self) -> ActionSet: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...
    @property
    def lower_is_better(self) -> bool: ...
    @property
    def search(self) -> dict[str, Any]: ...
    @property
    def agents(self) -> dict[str, Any]: ...
    @property
    def heuristic(self) -> Callable[[S, int], float] | None: ...
    @property
    def rules(self) -> RuleCatalog: ...
    @property
    def has_codec(self) -> bool: ...
    @property
    def codec(self) -> ActionCodec: ...
    @property
    def has_board(self) -> bool: ...

    def house_rules(self) -> Mapping[str, Any]: ...
    def variant_options(self) -> Sequence[Any]: ...
    def board(self, state: S | None = None, **kwargs: Any) -> Any: ...
    def make_variant(self, variant: Mapping[str, Any] | BaseModel | None) -> BaseModel: ...
    def make_params(self, overrides: Mapping[str, Any] | None = None) -> BaseModel | None: ...
    def variant_dict(self, variant: BaseModel) -> dict[str, Any]: ...
    def params_overrides(self, params: BaseModel | None) -> dict[str, Any]: ...
    def new_game(self, players: int | None = None, seed: int = 0,
                 variant: Mapping[str, Any] | BaseModel | None = None,
                 params: Mapping[str, Any] | None = None) -> S: ...
    def from_dict(self, data: Any, strict: bool = True, allow_forced: bool = False) -> S: ...
    def from_json(self, text: str | bytes, allow_forced: bool = False) -> S: ...


class FlowRunner(Protocol[S_contra]):
    """What a state (and its game's code) asks of the game's declared flow:
    :class:`~boardkit.engine.flow.Flow`, which works on states and so is named here
    through this protocol."""

    @property
    def first(self) -> str: ...
    @property
    def phases(self) -> Mapping[str, Any]: ...

    def begin(self, state: S_contra) -> None: ...
    def advance(self, state: S_contra) -> None: ...
    def goto(self, state: S_contra, stage: str) -> None: ...
    def jump(self, state: S_contra, phase: str) -> None: ...
    def start_turn(self, state: S_contra, seat: int, stage: str | None = None,
                   turn: str | None = None) -> None: ...
    def describe(self) -> str: ...
    def edges(self) -> list[tuple[str, str]]: ...


class Step(Generic[S]):
    """Base class of a pending decision. Subclasses are small and picklable (plain fields).

    A game's step may name its own State class as the parameter, so that its methods are
    typed with that class's fields; a plain ``Step`` works on any State. (It is defined
    beside :class:`State`, which asks, checks and builds steps; what ``resolve`` returns,
    and how the engine runs the steps, is in :mod:`boardkit.engine.steps`.)"""

    #: who decides (a seat index)
    player: int = 0
    #: the rule id cited when an action is not among the legal ones
    rule: str = "engine.step.legal"
    #: resolve automatically when exactly one action is legal
    auto: bool = True
    #: a secret decision (simultaneous play modelled as sequential steps): the log shows the
    #: action only to the deciding player; the others see :meth:`public_text`
    secret: bool = False
    #: hundreds of options: search agents draw them with :meth:`sample` and test the ones
    #: they already know with :meth:`check` instead of listing every option at each visit
    #: (which needs a cheap ``sample`` and a direct ``check``)
    wide: bool = False

    def __init__(self, player: int = 0) -> None:
        """A decision of seat ``player`` (a step with more fields defines its own)."""
        self.player = player

    def public_text(self, state: S, act: Action) -> str:
        """What the other players see of a secret decision (``secret = True``)."""
        return "decides in secret"

    def prompt(self, state: S) -> str:
        """What the player is asked, in plain words."""
        return f"{type(self).__name__}"

    def legal(self, state: S) -> Sequence[Action]:
        """Every legal action of this decision: a list (or tuple) of the game's actions,
        in a stable order."""
        raise NotImplementedError

    def sample(self, state: S, rng: np.random.Generator) -> Action:
        """One legal action drawn uniformly at random (search playouts use this).

        The default lists every legal action; a step with many options may override it with
        something cheaper that draws from the same set (for instance: draw a candidate, keep
        it if :meth:`check` accepts it, else fall back to the list). With the default, a
        playout (:meth:`State.random_playout`) draws from the list the engine made to see
        whether an ``auto`` step was forced, so the list is not made twice.
        """
        options = self.legal(state)
        return options[int(rng.integers(len(options)))]

    def check(self, state: S, act: Action) -> None:
        """Raise :class:`RuleViolation` if ``act`` is illegal. Must not change the state.

        The default compares with :meth:`legal`; steps with large action spaces override it
        with direct checks that name the precise rule (and then ``legal`` must agree).
        """
        if act not in self.legal(state):
            raise RuleViolation(self.rule, self.not_now(state, act))

    def not_now(self, state: S, act: Action) -> str:
        """The words of a refusal for an action that does not belong to this decision: the
        action quoted, then what the player is asked instead."""
        return (f"“{act}” is not possible now: P{self.player + 1} is asked to "
                f"{self.prompt(state)}")

    def resolve(self, state: S, act: Action) -> Outcome:
        """Carry out ``act``. Return None when the decision is made, :data:`STAY` to be
        asked again, or ``goto(stage)``; ask sub-decisions and schedule the rest of the
        work with ``state.ask`` and ``state.then`` (see the module docstring)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items()) if hasattr(self, "__dict__") else ""
        return f"{type(self).__name__}({fields})"


def _is_named_function(fn: Any) -> bool:
    """A function a saved or copied state can name: defined at a module's top level (or
    a class's), not a lambda or a function made inside another."""
    qualname = getattr(fn, "__qualname__", "")
    return (callable(fn) and bool(getattr(fn, "__module__", None)) and "<" not in qualname)


#: the functions already found fit to wait on the stack (checked once each)
_NAMED: set[Callable[..., Any]] = set()


class Then(Step[Any]):
    """Work waiting on the engine's stack, not a decision: ``fn(state, *args)`` runs once
    every decision asked before it is made (``state.then(fn, *args)``). ``fn`` is a rule
    function defined at a module's top level, so a copied or pickled state names it. Never
    on top when a player is asked."""

    __slots__ = ("fn", "args")
    player = -1
    auto = False

    def __init__(self, fn: Callable[..., Any], *args: Any) -> None:
        if fn not in _NAMED and not _is_named_function(fn):
            raise GameDefinitionError(
                f"state.then({getattr(fn, '__qualname__', fn)!r}, ...): work that waits for a "
                "decision must be a function defined at a module's top level (a lambda or a "
                "function made inside another cannot be copied with the state)")
        _NAMED.add(fn)
        self.fn = fn
        self.args = args

    @property
    def name(self) -> str:
        return self.fn.__name__

    def __getstate__(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return (self.fn, self.args)

    def __setstate__(self, data: tuple[Callable[..., Any], tuple[Any, ...]]) -> None:
        self.fn, self.args = data

    def prompt(self, state: Any) -> str:  # pragma: no cover - never on top when asked
        return f"(continue: {self.name})"

    def legal(self, state: Any) -> list[Action]:  # pragma: no cover - never on top when asked
        return []

    def __eq__(self, other: object) -> bool:
        return type(other) is Then and (self.fn, self.args) == (other.fn, other.args)

    def __hash__(self) -> int:
        return hash((self.fn, self.args))

    def __repr__(self) -> str:
        return f"Then({self.name}{''.join(', ' + repr(a) for a in self.args)})"


class State:
    """Base class of a game position. See the module docstring for the hooks to implement."""

    #: the game this is a position of (handed over by :meth:`Game.new_game
    #: <boardkit.engine.game.Game.new_game>` and by loading; copies share it)
    game: GameInfo[Self]
    # Every field of a position is declared in its class body, here and in each game's
    # subclass (a field used but not declared is a type-checking error, attr-defined).
    players: int
    seed: int
    #: the frozen variant options and rule parameters (the game's pydantic models; games
    #: narrow the type); shared by copies
    variant: Any
    params: Any
    rng: Rng
    #: every event so far: decisions, random outcomes, notes (append-only; copies share events)
    log: Log
    #: the engine's own: the pending decisions and the work waiting on them, the one being
    #: asked on top (empty once the game is over); games never touch it (``ask``/``then``,
    #: and a step's ``resolve`` returning what follows), read it as :attr:`stack`
    _stack: list[Step[Any]]
    #: what a rule has asked for (``ask``/``then``) since the engine last ran one, in
    #: reading order; the engine puts it on the stack when the rule returns
    _batch: list[Step[Any]]
    #: a game that declares its flow (:mod:`boardkit.engine.flow`): the phase being played
    #: ("over" at the end) and the seats still to take their turn in it, in order
    phase: str
    turns: list[int]
    #: the game's declared flow (None: the game's own steps push what comes next)
    flow: ClassVar[FlowRunner[Self] | None] = None
    #: how many random events have been drawn (their index in a save)
    _chances: int
    #: a teacher's forced random outcomes still to be drawn, by chance name
    _forced: dict[str, list[Any]]
    #: the memo of :meth:`offer`: (log length, legal actions), never copied or saved
    _offered: tuple[int, tuple[Action, ...]]
    #: validators for teacher-forced random outcomes, by chance name: ``fn(state, value)``
    #: raises RuleViolation when the value is impossible (a die showing 7); ``fn`` takes the
    #: game's own State class.
    chance_checks: ClassVar[dict[str, Callable[[Self, Any], None]]] = {}
    #: the save being replayed, only while a game is loaded (an instance attribute then)
    _replay: Replay | None = None

    def __init__(self, players: int, seed: int, variant: Any, params: Any,
                 replay: Replay | None = None, *, game: GameInfo[Any]) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.variant = variant
        self.params = params
        self.rng = new_rng(seed)
        self.log = Log()
        self._stack = []
        self._batch = []
        if self.flow is not None:
            self.phase, self.turns = "", []
        self._chances = 0
        self._forced = {}
        if replay is not None:
            self._replay = replay
        self.setup()
        self._flush()
        self._settle()

    # ------------------------------------------------------------------ hooks
    def setup(self) -> None:
        raise NotImplementedError

    def _scores(self) -> list[float]:
        raise NotImplementedError

    def _observe(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def _determinize(self, player: int) -> None:
        """Resample hidden information ``player`` cannot see (perfect information: nothing)."""

    # ---------------------------------------------------------- the protocol
    # ------------------------------------------------------------------ what follows
    @property
    def stack(self) -> tuple[Step[Self], ...]:
        """The pending decisions and the work waiting on them, the one asked last (read
        only: the engine runs them; a rule asks with :meth:`ask` and :meth:`then`)."""
        return tuple(self._stack)

    def ask(self, step: Step[Self]) -> None:
        """Ask ``step``'s decision next, after what this rule asked before it and before
        anything that was already pending (a choice in the middle of a card's rewards)."""
        if not isinstance(step, Step):
            raise GameDefinitionError(f"state.ask({step!r}): a decision is a Step")
        self._batch.append(step)

    def then(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(self, *args)`` once every decision asked before it is made (the rest of
        a rule's work after the choice it offers). ``fn`` is a rule function defined at a
        module's top level; ``args`` are plain values."""
        self._batch.append(Then(fn, *args))

    def _flush(self) -> None:
        """Put what a rule asked for on the stack, the first asked on top."""
        batch = self._batch
        if batch:
            self._stack.extend(reversed(batch))
            batch.clear()

    @property
    def is_over(self) -> bool:
        return not self._stack

    @property
    def current_player(self) -> int | None:
        """Whose decision it is; ``None`` once the game is over."""
        return self._stack[-1].player if self._stack else None

    @property
    def pending(self) -> Step[Self] | None:
        """The decision being made (top of the pending-choice stack)."""
        return self._stack[-1] if self._stack else None

    def prompt(self) -> str:
        return "the game is over" if not self._stack else self._stack[-1].prompt(self)

    def legal_actions(self) -> list[Action]:
        """Every legal decision of the current player (empty when the game is over)."""
        if not self._stack:
            return []
        offered = self.__dict__.get("_offered")
        if offered is not None and offered[0] == len(self.log):
            return list(offered[1])
        return list(self._listed(self._stack[-1]))

    def _listed(self: Self, step: Step[Self]) -> Sequence[Action]:
        """``step.legal(self)``, its result checked the first time a step class answers (an
        author's mistake named where it is made: a generator, a set, None or one bare
        action instead of a list of this game's actions)."""
        options = step.legal(self)
        if type(step) not in _LISTS_CHECKED:
            _check_listed(self, step, options)
            _LISTS_CHECKED.add(type(step))
        return options

    def random_action(self, rng: np.random.Generator) -> Action:
        """A legal action of the current player drawn at random with ``rng`` (playouts); a
        game's step may draw it without listing every option (:meth:`Step.sample`)."""
        if not self._stack:
            raise RuleViolation("engine.game_over", "the game is over; no more actions")
        return self._stack[-1].sample(self, rng)

    def offer(self) -> list[Action]:
        """The legal actions, kept for this decision so that the agent asked next does not
        list them again (a play loop that also counts them calls this). The memo is never
        copied or saved and lapses as soon as anything is logged."""
        options = self.legal_actions()
        self.__dict__["_offered"] = (len(self.log), tuple(options))
        return options

    def withdraw_offer(self) -> None:
        """Drop the memo of :meth:`offer` (a play loop ends or fails)."""
        self.__dict__.pop("_offered", None)

    @property
    def has_forced_outcomes(self) -> bool:
        """True while a teacher's forced random outcome (:meth:`force`) waits to be drawn."""
        return any(self._forced.values())

    def check(self, act: Action) -> Action:
        """Raise :class:`RuleViolation` if ``act`` is illegal now; never changes the state.

        The action's fields are checked first against their declared types and ranges
        (``engine.action_format``, or the rule a range cites), so no rule ever sees a
        malformed value. Returns the action in canonical form (the one :meth:`apply` applies
        and logs: a Lands angle of 360° is 0°), which is one of :meth:`legal_actions`.
        """
        if not self._stack:
            raise RuleViolation("engine.game_over", "the game is over; no more actions")
        actions = self.game.actions
        if not isinstance(act, Action) or type(act) is not actions.classes.get(type(act).__name__):
            raise RuleViolation(
                "engine.action_type",
                f"{brief(act)} is not an action of {self.game.name} "
                f"(actions: {', '.join(sorted(actions.classes))})",
            )
        try:
            act = actions.conform(act)
        except ActionFormatError as exc:
            raise RuleViolation(getattr(exc, "rule", FORMAT_RULE), str(exc)) from None
        if not STRICT["checks"]:
            self._stack[-1].check(self, act)
            return act
        step, before = self._stack[-1], self._snapshot()
        try:
            step.check(self, act)
        finally:
            if self._snapshot() != before:
                raise GameDefinitionError(
                    f"{type(step).__name__}.check changed the state while checking {brief(act)}: "
                    "a check only reads (work on a copy, e.g. sorted(hand) or list(hand), "
                    "instead of hand.sort() or hand.remove(...)); apply the move in resolve")
        return act

    def explain(self, act: Action) -> Explanation:
        """Why ``act`` is legal or illegal right now, with the rule id. Legal exactly when
        :meth:`apply` would accept it; a legal one is explained in canonical form."""
        try:
            act = self.check(act)
        except RuleViolation as exc:
            return Explanation(act, False, exc.rule, exc.message)
        step = self._stack[-1]
        return Explanation(act, True, step.rule, f"P{step.player + 1} may: {step.prompt(self)}")

    def apply(self, act: Action, atomic: bool = True) -> Self:
        """Validate and apply ``act``; raise :class:`RuleViolation` and change nothing if illegal.

        Atomic: if anything fails half-way (a rule deeper in the resolution, a bad forced
        random outcome), the state is restored exactly as it was. Search agents working on a
        throw-away copy pass ``atomic=False`` to skip the snapshot (the action is still
        validated; a failure then leaves the copy unusable). The action applied and logged
        is its canonical form (:meth:`check`).
        """
        act = self.check(act)
        if not atomic:
            self.apply_listed(act)  # checked just now
            return self
        snapshot, log_length = self._snapshot(), len(self.log)
        try:
            self._resolve("action", act)
            self._settle()
        except BaseException:
            self._restore(snapshot, log_length)
            raise
        return self

    def _settle(self) -> Sequence[Action] | None:
        """Resolve steps with a single option automatically (logged as ``auto``). Returns
        the options of the automatic step it stopped at, listed to see that there were
        several (None when it stopped at any other step or at the end)."""
        while self._stack:
            top = self._stack[-1]
            if not top.auto:
                return None
            options = self._listed(top)
            if len(options) != 1:
                return options
            self._resolve("auto", options[0])
        return None

    def random_playout(self, rng: np.random.Generator, limit: int | None = None) -> int:
        """Play random legal moves (:meth:`random_action`) on this throw-away copy until
        the game ends or ``limit`` decisions are made; returns how many were made.

        The same moves, drawn with the same numbers, as ``random_action`` then
        ``apply(atomic=False)`` in a loop, for less: where the engine has just listed a
        decision's options (to see whether it was forced, :meth:`_settle`) and the step
        draws from its list (the default :meth:`Step.sample`), the move is drawn from that
        list instead of a second one, and needs no check, being one of them. Moves a step
        draws its own way are checked as ``apply`` checks them.
        """
        known: Sequence[Action] | None = None
        made = 0
        while self._stack and (limit is None or made < limit):
            step = self._stack[-1]
            if known is not None and type(step).sample is Step.sample:
                act = known[int(rng.integers(len(known)))]
            else:
                act = self.check(step.sample(self, rng))
            known = self.apply_listed(act)
            made += 1
        return made

    def apply_listed(self, act: Action) -> Sequence[Action] | None:
        """Apply ``act``, one of :meth:`legal_actions` as listed now, on a throw-away copy
        (searches): no check (it is legal, being listed) and no snapshot. Returns the next
        decision's legal actions when the engine listed them on the way (else None), so a
        search need not list them again. Anything else goes through :meth:`apply`."""
        self._resolve("action", act)
        return self._settle()

    def _resolve(self: Self, kind: Kind, act: Action) -> None:
        """Log and resolve the decision on top: the engine takes the step off, resolves it,
        puts back what its ``resolve`` says follows and lets the flow move on."""
        stack = self._stack
        step = stack.pop()
        self.log.append(self._decision_event(kind, step, act))
        outcome = step.resolve(self, act)
        if outcome is not None:
            if outcome is STAY:
                stack.append(step)
            elif type(outcome) is Goto and self.flow is not None:
                self.flow.goto(self, outcome.stage)
            else:
                raise GameDefinitionError(
                    f"{type(step).__name__}.resolve returned {outcome!r}: it returns None (the "
                    "decision is made), STAY (ask it again) or goto(stage)")
        self._flush()
        if self.flow is not None:
            self.flow.advance(self)

    def _decision_event(self: Self, kind: Kind, step: Step[Self], act: Action) -> Event:
        """The log entry of a decision; a secret step's action is shown to its player only."""
        if getattr(step, "secret", False):
            return Event(kind, str(act), player=step.player, action=act, to=step.player,
                         public=step.public_text(self, act))
        return Event(kind, str(act), player=step.player, action=act)

    def scores(self) -> list[float]:
        return list(self._scores())

    def score_breakdown(self, player: int) -> dict[str, float]:
        """Where ``player``'s score comes from, by scoring source (games override this)."""
        return {"score": self.scores()[player]}

    def facts(self, player: int) -> dict[str, float | str]:
        """What happened to ``player`` in this game that is **not** a part of the score: how
        it ended for them, when a goal was reached, the cards they ended with. ``simulate``
        keeps each as a ``fact_<name>`` column, so a stored study can answer a question about
        the games' course without playing them again. Numbers or short strings; the same keys
        in every game of one game and variant (a run's columns are fixed by its first rows);
        a missing value is ``math.nan``. Games override this; the default is none."""
        return {}

    def winners(self) -> list[int]:
        """The seats that won by the game's rules (ties share); ``[]`` before the end.

        A finished game may have **no winner** (``[]``): a solo player who failed, or a game
        in which nobody met the win condition. Games with such an ending override this; the
        default is the best score. A ranking such as "closest to the goal" is not a win: it
        belongs in :meth:`scores` (``simulate``'s ``rank`` column is computed from scores).
        """
        if not self.is_over:
            return []
        scores = self.scores()
        best = min(scores) if self.game.lower_is_better else max(scores)
        return [i for i, s in enumerate(scores) if s == best]

    def observation(self, player: int | str | None) -> dict[str, Any]:
        """What ``player`` may see, JSON-able: a seat's view, ``None`` for everything (the
        teacher's view), or :data:`PUBLIC` for the public table (what every seat sees alike:
        a part that looks different to different seats is someone's secret and is ``None``).

        Scores are not included here: where they depend on hidden information the game's
        ``_observe`` shows only their public part.
        """
        if player == PUBLIC:
            views = [self._observe(p) for p in range(self.players)]
            return {"game": self.game.name, "viewer": PUBLIC, "current_player": self.current_player,
                    "prompt": self.prompt(), "is_over": self.is_over,
                    "log": [e.visible_text(PUBLIC) for e in self.log], **_common(views)}
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                                   or not 0 <= player < self.players):
            raise ValueError(f"player must be a seat 0..{self.players - 1}, None (everything) or "
                             f"'{PUBLIC}' (the public table), not {player!r}")
        return {
            "game": self.game.name,
            "viewer": player,
            "current_player": self.current_player,
            "prompt": self.prompt(),
            "is_over": self.is_over,
            "log": [e.visible_text(player) for e in self.log],
            **self._observe(player),
        }

    def determinize(self, player: int, rng: np.random.Generator | int | None = None) -> Self:
        """A full state consistent with what ``player`` sees, hidden parts resampled."""
        other = self.clone(reseed=rng if rng is not None else int(self.rng.integers(2**63)))
        other._determinize(player)
        return other

    # ------------------------------------------------------------ randomness
    def chance(self, name: str, sample: Callable[[np.random.Generator], Any],
               check: Callable[[Self, Any], None] | None = None, to: int | None = None,
               text: Callable[..., str] | None = None, public: str | None = None,
               player: int | None = None) -> Any:
        """Draw a random outcome, log it and return it.

        ``sample(rng)`` always runs, so forcing one outcome never shifts later ones. A value
        queued with :meth:`force` replaces the sample (``check(state, value)``, by default
        ``chance_checks[name]``, validates it). During a replay the recorded value is used
        (see :meth:`_recorded`). ``to``/``public`` make the event private (only seat ``to``
        reads ``text(value)``; the others read ``public``); ``player`` names whose event it is.
        """
        index = self._chances
        self._chances += 1
        value = freeze(sample(self.rng))
        forced = False
        replay = self._replay
        rec = replay.outcomes.get(index) if replay is not None else None
        if rec is not None:
            value, forced = self._recorded(rec, index, name, value)
        elif self._forced.get(name):
            value, forced = self._forced[name].pop(0), True
        check = check or self.chance_checks.get(name)
        if forced and check is not None:
            try:
                check(self, value)
            except RuleViolation as exc:
                if rec is None:
                    raise
                raise SaveGameError(f"saved game: history[{rec.at}].value: random event {index} "
                                    f"('{name}') is impossible there: {clipped(str(exc))}") from None
        label = text(value) if text else f"{name}: {value}"
        self.log.append(Event("chance", label, player=player, name=name, value=value,
                              forced=forced, index=index, to=to, public=public))
        return value

    def _recorded(self, rec: Recorded, index: int, name: str, drawn: Any) -> tuple[Any, bool]:
        """The outcome of random event ``index`` replayed from a save, and whether it is forced.

        An outcome the game itself forces (queued by its setup from the variant, such as a
        scenario's stack) must be recorded as that forced value; any other forced outcome is
        accepted only with ``allow_forced`` (otherwise a save could rewrite any die roll by
        marking it forced); an unforced one must be what the seed draws.
        """
        where = f"saved game: history[{rec.at}]"
        if rec.name != name:
            raise SaveGameError(f"{where}.name: random event {index} is {shown(rec.name)} in the "
                                f"save but '{name}' in the replay")
        recorded = freeze(rec.value)
        queued = self._forced.get(name)
        if queued:
            value = queued.pop(0)
            if rec.forced and recorded == value:
                return value, True
            raise SaveGameError(f"{where}: random event {index} ('{name}') is {shown(recorded)} "
                                f"in the save but the game forces {shown(value)}; the save was "
                                "altered")
        if rec.forced:
            if self._replay is None or not self._replay.allow_forced:
                raise SaveGameError(f"{where}: random event {index} ('{name}') was forced to "
                                    f"{shown(recorded)} by whoever made the save. {FORCED_HINT}")
            return recorded, True
        if recorded != drawn:
            raise SaveGameError(f"{where}: random event {index} ('{name}') is {shown(recorded)} in "
                                f"the save but the seed gives {shown(drawn)}; the save was altered")
        return drawn, False

    def force(self: Self, name: str, value: Any) -> None:
        """Teaching aid: the next random event ``name`` gives ``value`` ("suppose you roll 3, 5")."""
        value = freeze(to_jsonable(value))
        checker = self.chance_checks.get(name)
        if checker is None:
            known = ", ".join(sorted(self.chance_checks)) or "none"
            raise RuleViolation("engine.force", f"{self.game.name} has no random event "
                                f"'{name}' that can be forced (known: {known})")
        checker(self, value)
        self._forced.setdefault(name, []).append(value)

    def note(self, text: str, player: int | None = None, to: int | None = None,
             public: str | None = None) -> None:
        """Log a rule's consequence in plain words."""
        self.log.append(Event("info", text, player=player, to=to, public=public))

    # --------------------------------------------------------- copies, saves
    def _restore(self, snapshot: bytes, log_length: int) -> None:
        """Undo a failed :meth:`apply` exactly (same objects' values, same key order)."""
        data = pickle.loads(snapshot)
        del self.log[log_length:]
        data.update({k: self.__dict__[k] for k in _SHARED if k in self.__dict__})
        data.update({k: self.__dict__[k] for k in _TRANSIENT if k in self.__dict__})
        order = [k for k in self.__dict__ if k in data]
        self.__dict__.clear()
        for k in order:
            self.__dict__[k] = data[k]

    def _snapshot(self, leave: tuple[str, ...] = ()) -> bytes:
        """Everything but the shared parts (the log, the frozen variant and params) and
        ``leave``, pickled."""
        return pickle.dumps({k: v for k, v in self.__dict__.items()
                             if k not in _SHARED and k not in _TRANSIENT and k not in leave},
                            pickle.HIGHEST_PROTOCOL)

    def clone(self, reseed: np.random.Generator | int | None = None) -> Self:
        """An independent copy. ``reseed`` gives the copy fresh randomness (for search).

        The log's events are immutable, so the copy shares them (its list is its own).
        """
        other = object.__new__(type(self))
        fresh = None
        if reseed is not None:  # a fresh generator: the old one need not be copied
            seed = reseed.integers(2**63) if isinstance(reseed, np.random.Generator) else reseed
            fresh = new_rng(int(seed))
        data = pickle.loads(self._snapshot(("rng",) if fresh is not None else ()))
        data.update({k: v for k, v in self.__dict__.items() if k in _SHARED})
        data["log"] = Log(self.log)
        if fresh is not None:
            data["rng"] = fresh
        for k in self.__dict__:  # keep the attribute order of the original
            if k not in _TRANSIENT:
                other.__dict__[k] = data[k]
        return other

    def history(self) -> list[dict[str, Any]]:
        """The replayable record: actions and random outcomes, as JSON-able dicts."""
        out = []
        for e in self.log:
            if e.kind == "action":
                out.append({"kind": "action", "player": e.player, "action": e.action.to_dict()})
            elif e.kind == "chance":
                out.append({"kind": "chance", "index": e.index, "name": e.name,
                            "value": to_jsonable(e.value), "forced": e.forced})
        return out

    def to_dict(self) -> dict[str, Any]:
        """The save: setup and history. Each random event's record says whether it was
        ``forced`` (chosen with :meth:`force` or by the game's setup, not drawn from the
        seed); ``forced_pending`` lists the forced outcomes not drawn yet. Loading accepts
        the ones a save cannot choose (drawn from the seed, or forced by the variant) and the
        others only when asked to (``Game.from_json(text, allow_forced=True)``)."""
        return {
            "format": SAVE_FORMAT,
            "game": self.game.name,
            "players": self.players,
            "seed": self.seed,
            "variant": self.game.variant_dict(self.variant),
            "params": self.game.params_overrides(self.params),
            "history": self.history(),
            "forced_pending": {k: [to_jsonable(v) for v in vs] for k, vs in self._forced.items() if vs},
        }

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON: setup and history. ``game.from_json`` replays it exactly."""
        return json.dumps(self.to_dict(), indent=indent, sort_keys=True)

    def replay_prefix(self, actions: int) -> Self:
        """The position after the first ``actions`` player actions (undo, the log slider).

        Random outcomes keep their recorded values (forced ones included), so stepping back
        and forth never re-rolls a die. Outcomes forced now but not drawn yet are dropped,
        except those the game forces itself (a scenario's), which are still to come.
        """
        data = self.to_dict()
        kept, seen = [], 0
        for rec in data["history"]:
            if rec["kind"] == "action":
                if seen >= actions:
                    continue
                seen += 1
            kept.append(rec)
        data["history"] = kept
        data["forced_pending"] = {}
        return self.game.from_dict(data, strict=False, allow_forced=True)  # its own history

    @property
    def has_winner(self) -> bool:
        """True once the game is over with at least one winner (see :meth:`winners`)."""
        return self.is_over and bool(self.winners())

    @property
    def action_count(self) -> int:
        """How many player actions (not automatic ones) have been applied."""
        return sum(1 for e in self.log if e.kind == "action")

    @property
    def auto_count(self) -> int:
        """How many single-option choices the engine has taken by itself (logged ``auto``)."""
        return sum(1 for e in self.log if e.kind == "auto")

    def __repr__(self) -> str:
        player = self.current_player
        turn = "over" if player is None else f"P{player + 1} to {self.prompt()}"
        return f"<{self.game.name} state: {plural(self.players, 'player')}, seed {self.seed}, {turn}>"
