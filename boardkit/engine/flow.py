"""A game's flow, declared in one place: its phases, whose turns they hold, what ends them and
what comes next.

A rulebook describes its round as a sequence ("everybody draws the entrance; then each round:
roll, everybody builds, score, check the end"). A game states that sequence once, as a
:class:`Flow` of :class:`Phase` objects, and the engine runs it: when a decision has been
resolved and nothing else is pending, the flow gives the next seat of the current phase its
turn; when the phase has no seats left it ends the phase, asks which phase comes next and
starts it. Rule modules stay leaves: a step decides and records, it never calls the next
phase.

Within a turn the same holds one level down: a :class:`Turn` declares its stages in order
(Wishland: the action, the free actions after it, Hotel #13's offer), each with the decision
it asks, and the engine walks them. A decision that needs another in the middle of its work
(a reward that offers a choice while a card's rewards are being paid) says so in reading
order: ``state.ask(step)`` asks it, ``state.then(function, *args)`` runs the rest of the
work once it is made. The engine keeps what is pending on a stack of its own, which no game
touches; what waits on it is a rule function and plain values, so a state stays cheap to
copy, pickle and save.

The flow is also teaching material: :meth:`Flow.describe` prints it as a table and
:meth:`Flow.edges` gives it as a directed graph's edges.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from .actions import Action
from .errors import FlowError
from .state import S, Step, Then
from .words import wrap

#: what ``Phase.next`` may be: the next phase's name, None (the game is over), or a function
#: of the game's state giving one of those
Next = str | None | Callable[[S], str | None]


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One phase of a game, in the rulebook's words.

    ``turn`` is the seat's turn in this phase: a declared :class:`Turn` (its stages in
    order), a tuple of them (the first whose ``when`` holds is played; none: the seat has no
    turn this time), or a function
    ``turn(state, seat)`` giving a one-decision turn's step, or None when the seat has none
    this time (the rule that says so logs why); ``seats(state)`` lists the
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

    The hooks take the game's own State class (``Phase[LandsState]``, inferred from them).
    """

    name: str
    text: str
    turn: Callable[[S, int], Step[S] | None] | Turn[S] | tuple[Turn[S], ...] | None = None
    seats: Callable[[S], Sequence[int]] | None = None
    end_if: Callable[[S], bool] | None = None
    again: Callable[[S], bool] | None = None
    start: Callable[[S], None] | None = None
    end: Callable[[S], None] | None = None
    next: Next[S] = None
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


#: a stage's or a turn's hook: ``fn(state, seat)``
SeatHook = Callable[[S, int], Any]


@dataclass(frozen=True)
class Stage(Generic[S]):
    """One stage of a turn, in the rulebook's words (boardgame.io's *stages*).

    ``ask(state, seat)`` gives the step the seat decides in this stage (the step class says
    what may be done); the stage lasts until that step's ``resolve`` returns something other
    than ``STAY``. ``when(state, seat)``, asked as the stage comes up, skips it when false
    (no free action is possible: the turn goes on). ``start(state, seat)`` does the stage's
    own bookkeeping before the decision is asked. ``rule``: the rulebook section's rule id.
    """

    name: str
    text: str
    ask: Callable[[S, int], Step[S]]
    when: SeatHook[S] | None = None
    start: Callable[[S, int], None] | None = None
    rule: str | None = None


class Turn(Generic[S]):
    """A seat's turn, declared as its stages in order (boardgame.io's turn → stages).

    The engine asks each stage's decision in turn (skipping those whose ``when`` is false);
    a decision may send the turn on to a later stage (``goto``); after the last stage
    ``end(state, seat)`` runs. A phase whose seats take such turns names it as its
    ``turn``; several turns (a Solo turn beside the usual one) are given as a tuple, and the
    first whose ``when(state, seat)`` holds is played (``when`` is asked once as the seat's
    turn comes up; when no turn applies the seat has none this time). A turn without stages
    asks nothing: its ``end`` plays it (an automaton moves at once).
    """

    def __init__(self, name: str, text: str, *stages: Stage[S],
                 when: SeatHook[S] | None = None,
                 end: Callable[[S, int], None] | None = None) -> None:
        if not stages and end is None:
            raise FlowError(f"turn {name!r} declares neither a stage nor an end")
        names = [stage.name for stage in stages]
        if len(set(names)) != len(names):
            raise FlowError(f"turn {name!r}: a stage is declared twice ({', '.join(names)})")
        self.name, self.text, self.stages = name, text, stages
        self.when, self.end = when, end
        self.index = {stage.name: i for i, stage in enumerate(stages)}

    def __repr__(self) -> str:
        return f"Turn({self.name!r}: {' → '.join(s.name for s in self.stages)})"


class _PhaseOver(Step[Any]):
    """Under a phase's end: the next phase starts once the end's decisions are made."""

    __slots__ = ()
    player = -1
    auto = False

    def __reduce__(self) -> str:
        return "_PHASE_OVER"

    def legal(self, state: Any) -> list[Action]:  # pragma: no cover - never on top when asked
        return []

    def __repr__(self) -> str:
        return "PhaseOver"


_PHASE_OVER = _PhaseOver()


class Cursor(Step[Any]):
    """Where a declared turn stands: under the stage being decided, the stage that comes
    next (``stage``) of the turn ``turn`` (its index in the phase's turns) of ``seat``."""

    __slots__ = ("phase", "turn", "seat", "stage")
    player = -1
    auto = False

    def __init__(self, phase: str, turn: int, seat: int, stage: int) -> None:
        self.phase, self.turn, self.seat, self.stage = phase, turn, seat, stage

    def __getstate__(self) -> tuple[str, int, int, int]:
        return (self.phase, self.turn, self.seat, self.stage)

    def __setstate__(self, data: tuple[str, int, int, int]) -> None:
        self.phase, self.turn, self.seat, self.stage = data

    def legal(self, state: Any) -> list[Action]:  # pragma: no cover - never on top when asked
        return []

    def __eq__(self, other: object) -> bool:
        return type(other) is Cursor and self.__getstate__() == other.__getstate__()

    def __hash__(self) -> int:
        return hash(self.__getstate__())

    def __repr__(self) -> str:
        return f"Cursor({self.phase}, turn {self.turn}, P{self.seat + 1}, stage {self.stage})"


class Flow(Generic[S]):
    """The phases of a game and the first one.

    The state keeps the flow's position in two fields every State declares: ``phase`` (the
    current phase's name, ``"over"`` once the game has ended) and ``turns`` (the seats still
    to take their turn in this phase, in order). The decisions pending within a turn are the
    engine's own (``state.pending`` is the one being asked).
    """

    def __init__(self, *phases: Phase[S], first: str) -> None:
        self.phases: dict[str, Phase[S]] = {}
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
            turns = self.turns_of(phase)
            if isinstance(phase.turn, tuple) and not all(isinstance(t, Turn) for t in turns):
                raise FlowError(f"phase {phase.name!r}: a tuple 'turn' holds Turn declarations")
        self.first = first
        #: each phase's declared turns (none where its turn is a function)
        self._turns: dict[str, tuple[Turn[S], ...]] = {
            name: self.turns_of(phase) for name, phase in self.phases.items()}

    @staticmethod
    def turns_of(phase: Phase[S]) -> tuple[Turn[S], ...]:
        """The declared turns of ``phase`` (none when its turn is a function)."""
        if isinstance(phase.turn, Turn):
            return (phase.turn,)
        if isinstance(phase.turn, tuple):
            return phase.turn
        return ()

    # ------------------------------------------------------------------ running
    def begin(self, state: S) -> None:
        """Start the first phase (a game's setup calls this last)."""
        state._flush()
        self._enter(state, self.first)
        self.advance(state)

    def advance(self, state: S) -> None:
        """Run what is due until a decision is asked, or the game is over: work waiting on
        the stack, the next stage of a turn, the next turn of the phase, the next phase."""
        state._flush()
        stack = state._stack
        while True:
            if stack:
                top = stack[-1]
                kind = type(top)
                if isinstance(top, Then):
                    stack.pop()
                    top.fn(state, *top.args)
                    state._flush()
                elif isinstance(top, Cursor):
                    stack.pop()
                    self._stage(state, top)
                elif kind is _PhaseOver:
                    stack.pop()
                    self._next(state)
                else:
                    return
                continue
            if state.phase == "over":
                return
            phase = self.phases[state.phase]
            stop = phase.end_if is not None and phase.end_if(state)
            if stop:
                state.turns = []
            if state.turns:
                seat = state.turns.pop(0)
                self._turn(state, phase, seat)
                continue
            if not stop and phase.again is not None and phase.again(state):
                state.turns = self._seats(state, phase)
                if state.turns:
                    continue
            # the phase ends; what follows is decided once every decision its end asks
            # for has been made
            stack.append(_PHASE_OVER)
            if phase.end is not None:
                phase.end(state)
                state._flush()

    def jump(self, state: S, phase: str) -> None:
        """Drop every pending decision and start ``phase`` (a teacher's position, a test:
        "go to Final Scoring now")."""
        if phase not in self.phases:
            raise FlowError(f"unknown phase {phase!r}; declared: {', '.join(self.phases)}")
        state._stack.clear()
        state._batch.clear()
        self._enter(state, phase)
        self.advance(state)

    def start_turn(self, state: S, seat: int, stage: str | None = None,
                   turn: str | None = None) -> None:
        """Drop every pending decision and start ``seat``'s turn in the current phase, at
        its stage ``stage`` (default: the first); ``turn`` names one of the phase's declared
        turns (default: the first whose ``when`` holds). A teacher's or a test's position:
        set the fields the stage reads first (the kept die), then start it here. The
        phase's seats still to play (``state.turns``) are left as they are."""
        phase = self.phases.get(state.phase)
        turns = self._turns.get(state.phase, ())
        if phase is None or not turns:
            raise FlowError(f"start_turn: the phase {state.phase!r} declares no Turn with stages")
        names = [t.name for t in turns]
        if turn is not None:
            if turn not in names:
                raise FlowError(f"start_turn: no turn {turn!r} in phase {phase.name!r} "
                                f"({', '.join(names)})")
            index = names.index(turn)
        else:
            index = next((i for i, t in enumerate(turns) if t.when is None or t.when(state, seat)),
                         0)
        declared = turns[index]
        if stage is not None and stage not in declared.index:
            raise FlowError(f"start_turn: turn {declared.name!r} has no stage {stage!r} "
                            f"({', '.join(s.name for s in declared.stages)})")
        state._stack.clear()
        state._batch.clear()
        state._stack.append(Cursor(phase.name, index, seat,
                                   declared.index[stage] if stage is not None else 0))
        self.advance(state)

    def _turn(self, state: S, phase: Phase[S], seat: int) -> None:
        """Start ``seat``'s turn in ``phase``: its first stage, or its one decision."""
        turns = self._turns[phase.name]
        if not turns:
            step = phase.turn(state, seat) if callable(phase.turn) else None
            state._flush()
            if step is not None:
                state._stack.append(step)
            return
        for index, turn in enumerate(turns):
            if turn.when is None or turn.when(state, seat):
                self._stage(state, Cursor(phase.name, index, seat, 0))
                return
        # no declared turn applies: the seat has none this time (the rule that says so
        # logs why, as a turn function returning None does)

    def _stage(self, state: S, cursor: Cursor) -> None:
        """Ask the decision of the turn's stage ``cursor.stage``, or of the first later one
        that applies; after the last stage, end the turn."""
        turn = self._turns[cursor.phase][cursor.turn]
        seat, stages = cursor.seat, turn.stages
        for index in range(cursor.stage, len(stages)):
            stage = stages[index]
            if stage.when is not None and not stage.when(state, seat):
                continue
            state._stack.append(Cursor(cursor.phase, cursor.turn, seat, index + 1))
            if stage.start is not None:
                stage.start(state, seat)
                state._flush()
            state._stack.append(stage.ask(state, seat))
            return
        if turn.end is not None:
            turn.end(state, seat)
            state._flush()

    def goto(self, state: S, stage: str) -> None:
        """Send the current turn on to its stage ``stage`` (a step's ``resolve`` returned
        ``goto(stage)``; the step has been taken off, so the turn's cursor is on top)."""
        stack = state._stack
        cursor = stack[-1] if stack else None
        if type(cursor) is not Cursor:
            raise FlowError(f"goto({stage!r}): the decision just made is not a stage of a "
                            "declared turn")
        turn = self.turns_of(self.phases[cursor.phase])[cursor.turn]
        if stage not in turn.index:
            raise FlowError(f"goto({stage!r}): turn {turn.name!r} has no such stage "
                            f"({', '.join(s.name for s in turn.stages)})")
        stack[-1] = Cursor(cursor.phase, cursor.turn, cursor.seat, turn.index[stage])

    def _next(self, state: S) -> None:
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
    def _seats(state: S, phase: Phase[S]) -> list[int]:
        return list(phase.seats(state) if phase.seats is not None else range(state.players))

    def _enter(self, state: S, name: str) -> None:
        phase = self.phases[name]
        state.phase = name
        state.turns = []
        if phase.start is not None:
            phase.start(state)
            state._flush()
        if phase.turn is not None:
            state.turns = self._seats(state, phase)

    # ------------------------------------------------------------------ teaching
    def describe(self) -> str:
        """The flow as plain text: each phase, what it does, what follows; a long line goes
        on indented below it."""
        lines = []
        for phase in self.phases.values():
            nxt = " or ".join([*phase.successors(), *(["the end of the game"] if phase.may_end
                                                       else [])])
            first = " (first)" if phase.name == self.first else ""
            lines.append(f"{phase.name}{first}: {phase.text}")
            for turn in self.turns_of(phase):
                lines.append(f"    turn {turn.name!r}: {turn.text}")
                for number, stage in enumerate(turn.stages, 1):
                    lines.append(f"        {number}. {stage.name}: {stage.text}")
                if turn.end is not None:
                    lines.append(f"        then: {turn.end.__name__} (the turn is over)")
            lines.append(f"    then: {nxt}")
        return wrap("\n".join(lines))

    def edges(self) -> list[tuple[str, str]]:
        """The flow as the edges of a directed graph, phase to phase, and to ``"over"``
        where the game may end (``networkx.DiGraph(flow.edges())`` draws it)."""
        out = []
        for phase in self.phases.values():
            out += [(phase.name, name) for name in phase.successors()]
            if phase.may_end:
                out.append((phase.name, "over"))
        return out


__all__ = ["Cursor", "Flow", "FlowError", "Phase", "Stage", "Then", "Turn"]
