"""The decisions of Lands of Amazement, as small frozen dataclasses.

Positions and angles of :class:`Place` and :class:`Move` may be any numbers (a card dragged
freely on the board); the rules refuse what is off the grid (``lands.build.align``) or not a
quarter turn (``lands.build.rotation``). ``park`` numbers the parks of the build area from 0;
the number one past the last park starts a new park.
"""

from __future__ import annotations

from boardkit.engine import Action, ActionCodec, action

from .building import ANGLES, AREA

MAX_CARDS = 15
MAX_PARKS = 15
MAX_STACKS = 5


def _num(v) -> str:
    return str(int(v)) if float(v).is_integer() else f"{float(v):g}"


@action
class Place(Action):
    """Put ``card`` into park ``park`` at (x, y) turned ``angle``°, contributing shape ``shape``;
    ``under``: slip it beneath the park's cards instead of laying it on top; ``level``: slip
    it in between instead, at that place in the pile counted from the bottom (0 = under all,
    the number of cards = on top). ``level`` is not listed by ``legal_actions`` (top and
    bottom are) and only ``None`` is encodable."""

    card: int
    park: int
    x: int | float
    y: int | float
    angle: int | float
    shape: int
    under: bool = False
    level: int | None = None

    def __str__(self) -> str:
        where = ", under" if self.under else ""
        if self.level is not None:
            where = f", at level {self.level} of the pile"
        return (f"place #{self.card} in park {self.park} at ({_num(self.x)}, {_num(self.y)}) "
                f"turned {_num(self.angle)}°, shape {self.shape}{where}")


@action
class Rearrange(Action):
    """Pick up ``card`` of park ``park`` to lay it again (the next decision says where)."""

    park: int
    card: int

    def __str__(self) -> str:
        return f"rearrange #{self.card} in park {self.park}"


@action
class Move(Action):
    """Lay the picked-up card again at (x, y) turned ``angle``° with shape ``shape``."""

    x: int | float
    y: int | float
    angle: int | float
    shape: int
    under: bool = False

    def __str__(self) -> str:
        return (f"lay it at ({_num(self.x)}, {_num(self.y)}) turned {_num(self.angle)}°, "
                f"shape {self.shape}{', under' if self.under else ''}")


@action
class Relayout(Action):
    """A finished rearrangement of park ``park``: every one of its cards laid anew, listed
    bottom first as ``(card, x, y, angle, shape)``. Checked as a whole, once: the layout in
    between does not matter (``lands.rearrange.within``). Positions and angles may be free
    numbers, as for :class:`Place`. Not listed by ``legal_actions`` (there are too many) and
    not encodable; agents rearrange with :class:`Rearrange` and :class:`Move` instead."""

    park: int
    cards: tuple[tuple[int, int | float, int | float, int | float, int], ...]

    def __str__(self) -> str:
        laid = "; ".join(f"#{c} at ({_num(x)}, {_num(y)}) {_num(a)}° shape {s}"
                         for c, x, y, a, s in self.cards)
        return f"rearrange park {self.park} (bottom first): {laid}"


@action
class PutBack(Action):
    """Lay the picked-up card back exactly where it was."""

    def __str__(self) -> str:
        return "put it back as it was"


@action
class Complete(Action):
    """Complete park ``park`` with the plan on top of stack ``stack``."""

    park: int
    stack: int

    def __str__(self) -> str:
        return f"complete park {self.park} with the plan on stack {self.stack}"


@action
class UseAbility(Action):
    """Use the matched plan's ability on ``target`` (a stack or a card, by ability)."""

    target: int

    def __str__(self) -> str:
        return f"use the ability on {self.target}"


@action
class Decline(Action):
    def __str__(self) -> str:
        return "do not use the ability"


@action
class Continue(Action):
    """Draw the next card (or, with the deck empty, end the round)."""

    def __str__(self) -> str:
        return "go on"


@action
class Reserve(Action):
    card: int

    def __str__(self) -> str:
        return f"reserve #{self.card}"


@action
class DoneReserving(Action):
    def __str__(self) -> str:
        return "done reserving"


@action
class Finish(Action):
    """The megapark is done: score it."""

    def __str__(self) -> str:
        return "finish the megapark"


ACTIONS = (Place, Rearrange, Move, PutBack, Complete, UseAbility, Decline, Continue, Reserve,
           DoneReserving, Finish, Relayout)


def codec() -> ActionCodec:
    """Integers for every action with grid values (free positions and :class:`Relayout`, a
    whole park's layout, are not encodable)."""
    grid = range(AREA)
    cards = range(MAX_CARDS)
    return ActionCodec([
        (Place, {"card": cards, "park": range(MAX_PARKS), "x": grid, "y": grid, "angle": ANGLES,
                 "shape": (0, 1), "under": (False, True), "level": (None,)}),
        (Rearrange, {"park": range(MAX_PARKS), "card": cards}),
        (Move, {"x": grid, "y": grid, "angle": ANGLES, "shape": (0, 1), "under": (False, True)}),
        (PutBack, {}),
        (Complete, {"park": range(MAX_PARKS), "stack": range(MAX_STACKS)}),
        (UseAbility, {"target": range(MAX_CARDS)}),
        (Decline, {}),
        (Continue, {}),
        (Reserve, {"card": cards}),
        (DoneReserving, {}),
        (Finish, {}),
    ])
