"""A game's flow, declared in one place: its phases, whose turns they hold, what ends them and
what comes next.

A rulebook describes its round as a sequence ("everybody draws the entrance; then each round:
roll, everybody builds, score, check the end"). A game states that sequence once, as a
:class:`Flow` of :class:`Phase` objects, and the engine runs it: when a decision has been
resolved and nothing else is pending, the flow gives the next seat of the current phase its
turn; when the phase has no seats left it ends the phase, asks which phase comes next and
starts it. Rule modules stay leaves: a step decides and records, it never calls the next
phase, and it never removes itself from the stack (the engine takes it off before resolving
it).

A rule that must pause for a decision in the middle of its work (a reward that offers a
choice while a card's rewards are being paid) pushes the rest of its work as a
continuation, :meth:`Flow.later`, with the decision above it; the flow runs the continuation
once everything above it is resolved. Continuations hold a registered name and plain values,
so a state stays cheap to copy, pickle and save.

The flow is also teaching material: :meth:`Flow.describe` prints it as a table and
:meth:`Flow.edges` gives it as a directed graph's edges.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import FlowError
from .steps import Step

if TYPE_CHECKING:
    from .state import State

#: what ``Phase.next`` may be: the next phase's name, None (the game is over), or a function
#: of the state giving one of those. (The functions take the game's own State subclass, so
#: they are typed with ``Any``: a function of a subclass is not a function of every State.)
Next = str | None | Callable[[Any], str | None]


@dataclass(frozen=True)
class Phase:
    """One phase of a game, in the rulebook's words.

    ``turn(state, seat)`` gives the seat's decision for its turn in this phase, or None when
    the seat has none this time (the rule that says so logs why); ``seats(state)`` lists the
    seats that take a turn, in order, when the phase starts (default: every seat);
    ``end_if(state)``, asked before each turn, ends the phase at once when true (the seats
    still to play lose their turn: a full grid ends the round where it is);
    ``again(state)``, asked when every seat has had its turn, starts another pass of turns
    in the same phase when true (draw card after card until the deck is empty);
    ``start(state)`` and ``end(state)`` do the phase's own bookkeeping (a roll, a scoring;
    ``end`` may ask for decisions: the next phase starts once they are made);
    ``next`` names the phase that follows (None: the game is over), or is a function of the
    state that returns that name; ``leads_to`` lists every value a function ``next`` may
    return (None among them when it may end the game), so the flow can be drawn and checked.
    ``rule``: the rule id of the rulebook section.
    """

    name: str
    text: str
    turn: Callable[[Any, int], Step | None] | None = None
    seats: Callable[[Any], Sequence[int]] | None = None
    end_if: Callable[[Any], bool] | None = None
    again: Callable[[Any], bool] | None = None
    start: Callable[[Any], None] | None = None
    end: Callable[[Any], None] | None = None
    next: Next = None
    leads_to: tuple[str | None, ...] = ()
    rule: str | None = None

    def successors(self) -> tuple[str, ...]:
        """Every phase that may follow this one."""
        following = self.leads_to if callable(self.next) else (self.next,)
        return tuple(name for name in following if name is not None)

    @property
    def may_end(self) -> bool:
        """Whether the game may end after this phase."""
        return None in self.leads_to if callable(self.next) else self.next is None


#: the continuation the flow pushes under a phase's end: the next phase starts when it runs
_PHASE_OVER = "flow.next_phase"


class Then(Step):
    """A continuation on the stack, not a decision: ``name(state, *args)`` of the game's flow
    runs once every step pushed above it is resolved. Never on top when a player is asked."""

    __slots__ = ("name", "args")
    player = -1
    auto = False

    def __init__(self, name: str, *args: Any):
        self.name = name
        self.args = args

    def __getstate__(self):
        return (self.name, self.args)

    def __setstate__(self, data) -> None:
        self.name, self.args = data

    def prompt(self, state) -> str:  # pragma: no cover - never on top when asked
        return f"(continue: {self.name})"

    def legal(self, state):  # pragma: no cover - never on top when asked
        return []

    def __eq__(self, other) -> bool:
        return type(other) is Then and (self.name, self.args) == (other.name, other.args)

    def __hash__(self) -> int:
        return hash((self.name, self.args))

    def __repr__(self) -> str:
        return f"Then({self.name!r}{''.join(', ' + repr(a) for a in self.args)})"


class Flow:
    """The phases of a game, the first one, and the continuations its rules may push.

    The state keeps the flow's position in two fields every State declares: ``phase`` (the
    current phase's name, ``"over"`` once the game has ended) and ``turns`` (the seats still
    to take their turn in this phase, in order).
    """

    def __init__(self, *phases: Phase, first: str,
                 continuations: Mapping[str, Callable[..., None]] | None = None):
        self.phases: dict[str, Phase] = {}
        for phase in phases:
            if phase.name in self.phases or phase.name == "over":
                raise FlowError(f"phase {phase.name!r} declared twice (or named 'over')")
            self.phases[phase.name] = phase
        if first not in self.phases:
            raise FlowError(f"the first phase {first!r} is not declared")
        for phase in phases:
            if phase.again is not None and phase.turn is None:
                raise FlowError(f"phase {phase.name!r}: 'again' repeats turns, so it needs "
                                "'turn'")
            if callable(phase.next) and not phase.leads_to:
                raise FlowError(f"phase {phase.name!r}: a function 'next' needs 'leads_to' "
                                "(the phases it may return)")
            for name in phase.successors():
                if name not in self.phases:
                    raise FlowError(f"phase {phase.name!r} leads to undeclared phase {name!r}")
        self.first = first
        self.continuations: dict[str, Callable[..., None]] = dict(continuations or {})
        if _PHASE_OVER in self.continuations:
            raise FlowError(f"the continuation name {_PHASE_OVER!r} is the flow's own")

    # ------------------------------------------------------------------ running
    def begin(self, state: State) -> None:
        """Start the first phase (a game's setup calls this last)."""
        self._enter(state, self.first)
        self.advance(state)

    def later(self, state: State, name: str, *args: Any) -> None:
        """Push a continuation: ``name(state, *args)`` runs once everything pushed after it
        is resolved."""
        if name not in self.continuations:
            raise FlowError(f"unknown continuation {name!r}; declared: "
                            f"{', '.join(sorted(self.continuations)) or 'none'}")
        state.stack.append(Then(name, *args))

    def advance(self, state: State) -> None:
        """Run what is due until a decision is on top of the stack, or the game is over:
        continuations, then the next turn of the phase, then the next phase."""
        stack = state.stack
        while True:
            if stack:
                top = stack[-1]
                if type(top) is not Then:
                    return
                stack.pop()
                if top.name == _PHASE_OVER:
                    self._next(state)
                else:
                    self.continuations[top.name](state, *top.args)
                continue
            if state.phase == "over":
                return
            phase = self.phases[state.phase]
            stop = phase.end_if is not None and phase.end_if(state)
            if stop:
                state.turns = []
            if state.turns:
                seat = state.turns.pop(0)
                step = phase.turn(state, seat) if phase.turn is not None else None
                if step is not None:
                    stack.append(step)
                continue
            if not stop and phase.again is not None and phase.again(state):
                state.turns = self._seats(state, phase)
                if state.turns:
                    continue
            # the phase ends; what follows is decided once every decision its end asks
            # for has been made
            stack.append(Then(_PHASE_OVER))
            if phase.end is not None:
                phase.end(state)

    def _next(self, state: State) -> None:
        phase = self.phases[state.phase]
        following = phase.next(state) if callable(phase.next) else phase.next
        if following is None:
            state.phase, state.turns = "over", []
            return
        if following not in phase.successors():
            raise FlowError(f"phase {phase.name!r} returned {following!r}, which it does "
                            f"not declare (leads_to)")
        self._enter(state, following)

    @staticmethod
    def _seats(state: State, phase: Phase) -> list[int]:
        return list(phase.seats(state) if phase.seats is not None else range(state.players))

    def _enter(self, state: State, name: str) -> None:
        phase = self.phases[name]
        state.phase = name
        state.turns = []
        if phase.start is not None:
            phase.start(state)
        if phase.turn is not None:
            state.turns = self._seats(state, phase)

    # ------------------------------------------------------------------ teaching
    def describe(self) -> str:
        """The flow as a plain-text table: each phase, what it does, what follows."""
        lines = []
        for phase in self.phases.values():
            nxt = " or ".join([*phase.successors(), *(["the end of the game"] if phase.may_end
                                                       else [])])
            first = " (first)" if phase.name == self.first else ""
            lines.append(f"{phase.name}{first}: {phase.text}\n    then: {nxt}")
        return "\n".join(lines)

    def edges(self) -> list[tuple[str, str]]:
        """The flow as the edges of a directed graph, phase to phase, and to ``"over"``
        where the game may end (``networkx.DiGraph(flow.edges())`` draws it)."""
        out = []
        for phase in self.phases.values():
            out += [(phase.name, name) for name in phase.successors()]
            if phase.may_end:
                out.append((phase.name, "over"))
        return out


__all__ = ["Flow", "FlowError", "Phase", "Then"]
