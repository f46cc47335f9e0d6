"""Pending choices: what a step's ``resolve`` returns.

A :class:`~boardkit.engine.state.Step` (defined beside the State it works on) is one
decision being asked: who decides (``player``), which actions are
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


class Stay:
    """What :meth:`~boardkit.engine.state.Step.resolve` returns to be asked again (:data:`STAY`)."""

    _instance: Stay | None = None

    def __new__(cls) -> Stay:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __reduce__(self) -> str:
        return "STAY"

    def __repr__(self) -> str:
        return "STAY"


#: ``return STAY`` from :meth:`~boardkit.engine.state.Step.resolve`: ask the same step again once everything the
#: action set in motion (the rewards it pays, the decisions they ask) is done
STAY = Stay()


class Goto:
    """What :meth:`~boardkit.engine.state.Step.resolve` returns to go on at another stage of the turn."""

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
    """``return goto("after")`` from :meth:`~boardkit.engine.state.Step.resolve`: the turn goes on at the declared
    stage ``stage``, skipping the ones between (once what the action set in motion is
    done)."""
    return Goto(stage)


#: what :meth:`~boardkit.engine.state.Step.resolve` returns
Outcome = Stay | Goto | None
