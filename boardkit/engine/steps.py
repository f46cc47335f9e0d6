"""Pending choices.

A :class:`Step` is one decision being asked: who decides (``player``), which actions are
legal (``legal``), why one is not (``check``) and what the chosen action does (``resolve``).
A step with exactly one legal action is resolved by the engine and logged as ``auto``.

The engine keeps the pending decisions itself (a private stack, :mod:`boardkit.engine.flow`
runs it). ``resolve`` never edits it; it says what happens next:

* it returns ``None``: the decision is made (the turn's next stage follows);
* it returns :data:`STAY`: the same step is asked again, once everything its action set in
  motion is done (a free action before the turn's main action);
* it returns ``goto("stage")``: the turn goes on at that stage of its declared
  :class:`~boardkit.engine.flow.Turn` (a Solo turn that collected skips the stage that
  follows a draw);
* work that must wait for a decision, in reading order: ``state.ask(step)`` asks a
  sub-decision, ``state.then(function, *args)`` runs a rule function after what was
  asked before it (a reward paid after the choice it offers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from .actions import Action
from .errors import RuleViolation

if TYPE_CHECKING:
    from .state import State


class Stay:
    """What :meth:`Step.resolve` returns to be asked again (:data:`STAY`)."""

    _instance: Stay | None = None

    def __new__(cls) -> Stay:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __reduce__(self) -> str:
        return "STAY"

    def __repr__(self) -> str:
        return "STAY"


#: ``return STAY`` from :meth:`Step.resolve`: ask the same step again once everything the
#: action set in motion (the rewards it pays, the decisions they ask) is done
STAY = Stay()


class Goto:
    """What :meth:`Step.resolve` returns to go on at another stage of the turn."""

    __slots__ = ("stage",)

    def __init__(self, stage: str) -> None:
        self.stage = stage

    def __eq__(self, other: object) -> bool:
        return type(other) is Goto and other.stage == self.stage

    def __hash__(self) -> int:
        return hash(("goto", self.stage))

    def __repr__(self) -> str:
        return f"goto({self.stage!r})"


def goto(stage: str) -> Goto:
    """``return goto("after")`` from :meth:`Step.resolve`: the turn goes on at the declared
    stage ``stage``, skipping the ones between (once what the action set in motion is
    done)."""
    return Goto(stage)


#: what :meth:`Step.resolve` returns
Outcome = Stay | Goto | None

#: the game's State class a step works on (``class TurnStep(Step["WanderlustState"])``)
S = TypeVar("S", bound="State")


class Step(Generic[S]):
    """Base class of a pending decision. Subclasses are small and picklable (plain fields).

    A game's step may name its own State class as the parameter, so that its methods are
    typed with that class's fields; a plain ``Step`` works on any State."""

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

    def legal(self, state: S) -> list[Action]:
        raise NotImplementedError

    def sample(self, state: S, rng) -> Action:
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
