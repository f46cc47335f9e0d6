"""The teacher's undo at a class table: what it takes back, and when it must refuse.

An undo takes back the last move a person made at the table, with every move the agents made
after it, so the decision is that person's again (as the undo against the computer at a
notebook's board does). It is refused — and nothing changes — when taking those moves back
would let anyone know what they could not know at that decision:

``table.undo.chance``
    a move's resolution drew a random outcome (a card, a die, a shuffle: a ``chance`` event
    in the log, the engine's one way to draw). The table's generator is seeded, so the same
    decision would draw the same again: an undo would show the draw before it is made.
``table.undo.hidden``
    a move showed someone something that was hidden from them before it (a card turned up
    from a deck shuffled earlier, a card played from a hidden hand, the secrets a game's end
    reveals). The check plays the moves again on positions that seat cannot tell from the
    real one (the game's own ``determinize(seat)``), :data:`REVEAL_SAMPLES` of them per seat:
    if any of them shows the seat something else after a move, or the move could not be made
    there, the moves depend on what the seat could not see, and taking them back would leave
    the seat knowing it. The positions are drawn from a seed fixed by the table and the move,
    so asking again gives the same answer. A public view is what every seat sees alike, so
    what the spectators learn some seat learns too (at a solo table the two are one).
``table.undo.nothing``
    no person has moved since the table opened (or since the moves taken back last).
``table.undo.off``
    the table was opened with ``"undo": "off"``.
``table.undo.busy``
    the table kept moving (agents, other seats) while the undo was being checked: ask again.

Every seat counts, an agent's too: a seat the teacher hands to a person later must not come
with knowledge its player could use.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from boardkit.engine import Action, ActionFormatError, RuleViolation, State

from .store import MoveRow

log = logging.getLogger("boardkit.server")

#: the table option and its values: the teacher decides (the default) or nobody may undo
OPTION = "undo"
TEACHER, OFF = "teacher", "off"
CHOICES = (TEACHER, OFF)
#: what a move made by a person is stored as (``moves.by``)
PERSON = "person"

RULE_OFF = "table.undo.off"
RULE_NOTHING = "table.undo.nothing"
RULE_CHANCE = "table.undo.chance"
RULE_HIDDEN = "table.undo.hidden"
RULE_BUSY = "table.undo.busy"

#: positions per seat on which the moves taken back are played again (``table.undo.hidden``)
REVEAL_SAMPLES = 32


@dataclass(frozen=True)
class Blocked:
    """Why an undo is refused: the rule and a plain sentence."""

    rule: str
    message: str


def first_taken_back(moves: Sequence[MoveRow]) -> int | None:
    """The index of the first move an undo takes back: the last move a person made (the
    agents' moves after it go with it). None: no person has moved."""
    for move in reversed(moves):
        if move.by == PERSON:
            return move.index
    return None


def check_seed(table_seed: int, first: int) -> int:
    """The seed of the positions a check plays on: fixed by the table and the move, so the
    same undo asked twice gets the same answer."""
    return (table_seed * 1_000_003 + first * 7_919 + 17) % 2**32


def blocked(before: State, moves: Sequence[tuple[int, Action]], seed: int,
            samples: int = REVEAL_SAMPLES) -> Blocked | None:
    """Whether taking back ``moves`` (``(seat, action)`` pairs in order, the first one made on
    ``before``) is refused, and why (None: it may be taken back). ``before`` is not changed."""
    work = before.clone()
    seen: list[list[dict[str, Any]]] = []  # each seat's observation after each move
    for k, (seat, act) in enumerate(moves):
        start = len(work.log)
        work.apply(act)
        drawn = sorted({e.name or "a random event" for e in work.log[start:]
                        if e.kind == "chance"})
        if drawn:
            return Blocked(RULE_CHANCE, f"move {before.action_count + k + 1} (P{seat + 1}'s) "
                           f"drew at random ({', '.join(drawn)}): the same decision would "
                           "draw the same again, so taking it back would show that draw "
                           "before it is made")
        seen.append([work.observation(p) for p in range(work.players)])
    rng = np.random.default_rng(seed)
    for viewer in range(before.players):
        for _ in range(samples):
            other = before.determinize(viewer, rng)
            for k, (seat, act) in enumerate(moves):
                try:
                    other.apply(act)
                    same = other.observation(viewer) == seen[k][viewer]
                except (RuleViolation, ActionFormatError):  # it needs what the viewer cannot see
                    same = False
                except Exception:  # a game's own failure there: refuse rather than guess
                    log.warning("undo check: move %s failed on a position P%s cannot tell from "
                                "the real one", before.action_count + k, viewer + 1,
                                exc_info=True)
                    same = False
                if not same:
                    return Blocked(RULE_HIDDEN, _hidden(before.action_count + k + 1, seat,
                                                        viewer))
    return None


def _hidden(number: int, seat: int, viewer: int) -> str:
    who = "its player" if viewer == seat else f"P{viewer + 1}"
    return (f"move {number} (P{seat + 1}'s) showed {who} something that was hidden before it: "
            f"taking it back would leave {who} knowing it")
