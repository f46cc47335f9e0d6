"""Continuations: the rest of a rule's work, waiting for a decision pushed above it.

A rule that needs a decision in the middle of its work (a choice reward while a card's
rewards are being paid, Hotel #19's offer while a bought card waits to be played) pushes the
rest of its work with :func:`later` and the decision on top; once the decision is made, the
engine's flow runs the continuation. The names are declared in the game's flow
(``boardkit.wishland.flow``, ``Flow(continuations=...)``); rule modules reach it through the
state's class, so they never import the flow that sits above them.
"""

from __future__ import annotations

from typing import Any


def later(state: Any, name: str, *args: Any) -> None:
    """Push the continuation ``name(state, *args)``: it runs once everything pushed after it
    is resolved."""
    type(state).flow.later(state, name, *args)
