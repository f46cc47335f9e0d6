"""How a Wishland game moves on between decisions.

The engine's pending-choice stack holds the decisions (steps). Wishland also puts small
*continuations* on it: ``Then("income", 2)`` means "when everything above me is resolved,
run the flow function ``income`` with argument 2". A rule that needs a decision in the
middle of its work (a choice reward while a card's rewards are being paid, say) pushes the
rest of its work as a ``Then`` first and the decision on top; when the decision is made,
:func:`advance` runs the continuation. Continuations hold only names and plain values, so
the state stays cheap to copy and pickle. They are never on top of the stack when the
engine or a player looks at it.
"""

from __future__ import annotations

from collections.abc import Callable

from boardkit.engine import Step

#: flow function name -> fn(state, *args)
FLOW: dict[str, Callable] = {}


def flow(name: str):
    """Register a flow function under ``name`` (decorator)."""

    def register(fn):
        if name in FLOW:
            raise ValueError(f"flow function {name!r} registered twice")
        FLOW[name] = fn
        return fn

    return register


class Then(Step):
    """A continuation, not a decision (see the module docstring)."""

    __slots__ = ("fn", "args")
    player = -1

    def __init__(self, fn: str, *args):
        self.fn = fn
        self.args = args

    def __getstate__(self):
        return (self.fn, self.args)

    def __setstate__(self, data):
        self.fn, self.args = data

    def prompt(self, state) -> str:  # pragma: no cover - never on top when asked
        return f"(continue: {self.fn})"

    def legal(self, state):  # pragma: no cover - never on top when asked
        return []

    def __repr__(self) -> str:
        return f"Then({self.fn!r}{''.join(', ' + repr(a) for a in self.args)})"


def later(state, name: str, *args) -> None:
    """Push a continuation: ``name(*args)`` runs once everything pushed after it is done."""
    state.stack.append(Then(name, *args))


def advance(state) -> None:
    """Run continuations until a decision is on top of the stack (or the game is over)."""
    stack = state.stack
    while stack and type(stack[-1]) is Then:
        t = stack.pop()
        FLOW[t.fn](state, *t.args)
