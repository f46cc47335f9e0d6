"""The decisions of Lands of Amazement, as small frozen dataclasses.

Positions and angles of :class:`Place` and :class:`Move` may be any numbers (a card dragged
freely on the board); the rules refuse what is off the grid (``lands.build.align``) or not a
quarter turn (``lands.build.rotation``). ``park`` numbers the parks of the build area from 0;
the number one past the last park starts a new park.

The field contract (checked before any rule runs, for the Python API and JSON alike) puts
positions and angles in canonical form: a position within 1e-6 of a whole number is that
number (``2.0`` is ``2``), an angle is taken modulo 360° and one within 1e-6 of a quarter
turn is that quarter turn (``360`` is ``0``, ``-90`` is ``270``). A position outside the
park's area (0 to 13) is refused (``lands.build.area``), and so is an angle beyond ten full
turns either way (``engine.action_format``): at such sizes a number no longer tells a
fraction of a degree, so "a multiple of 90°" would mean nothing.

``x`` and ``y`` are where the lower-left corner of the card's footprint lies, from 0 (y grows
upwards). In words (the log, hints, refusals) the card is placed by its lower-left square,
named as the park's area labels it (:data:`~boardkit.lands.content.SQUARES`): ``x=4, y=2``
is E3.
"""

from __future__ import annotations

from typing import Annotated

from boardkit.engine import Action, ActionCodec, Canonical, Range, State, action

from .content import ANGLES, AREA, SQUARES

MAX_CARDS = 15
MAX_PARKS = 15
MAX_STACKS = 5
#: how far from a whole number (or a quarter turn) a free value still counts as one
TOLERANCE = 1e-6


def on_grid(v: int | float) -> int | float:
    """A position in canonical form: the whole number it is within TOLERANCE of, else itself."""
    if type(v) is int:
        return v
    r = round(v)
    return int(r) if abs(v - r) <= TOLERANCE else v


def quarter_turn(v: int | float) -> int | float:
    """An angle in canonical form: modulo 360°, the quarter turn it is within TOLERANCE of."""
    a = v % 360
    if type(a) is int:
        return a
    k = round(a / 90)
    return (k % 4) * 90 if abs(a - 90 * k) <= TOLERANCE else a


Card = Annotated[int, Range(0, MAX_CARDS - 1)]
def _whole(v: object) -> bool:
    return type(v) is int


def _turned(v: object) -> bool:
    return type(v) is int and 0 <= v < 360


Coordinate = Annotated[int | float, Canonical(on_grid, fixed=_whole),
                       Range(0, AREA - 1, rule="lands.build.area",
                             note=f"a card's lower-left square lies in the park's area, "
                                  f"{SQUARES.extent}")]
Angle = Annotated[int | float, Range(-3600, 3600), Canonical(quarter_turn, fixed=_turned)]
Shape = Annotated[int, Range(0, 1, rule="lands.build.choose_shape")]


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{float(v):g}"


def at(x: float, y: float) -> str:
    """Where a card's lower-left square lies, as the park's area labels it: ``"on E3"``, or
    how far off the grid (``"0.382 of a square to the right of E3"``) or the area it is."""
    try:
        where = SQUARES.near(x, y)
        on = float(x).is_integer() and float(y).is_integer() and SQUARES.inside((int(x), int(y)))
    except (TypeError, ValueError, OverflowError):  # a malformed action: its contract says why
        return f"at ({x!r}, {y!r})"
    return f"on {where}" if on else where


@action
class Place(Action):
    """Put ``card`` into park ``park`` at (x, y) turned ``angle``°, contributing shape ``shape``;
    ``under``: slip it beneath the park's cards instead of laying it on top; ``level``: slip
    it in between instead, at that place in the pile counted from the bottom (0 = under all,
    the number of cards = on top). ``level`` is not listed by ``legal_actions`` (top and
    bottom are) and only ``None`` is encodable."""

    card: Card
    park: Annotated[int, Range(0, MAX_PARKS - 1, rule="lands.build.park")]
    x: Coordinate
    y: Coordinate
    angle: Angle
    shape: Shape
    under: bool = False
    level: Annotated[int, Range(0, MAX_CARDS, rule="lands.build.layer")] | None = None

    def listed(self, state: State) -> bool:
        """A card slipped in between (``level``) is legal but never listed (see the class)."""
        return self.level is None

    def __str__(self) -> str:
        where = ", under" if self.under else ""
        if self.level is not None:
            where = f", at level {self.level} of the pile"
        return (f"place #{self.card} in park {self.park}, lower-left square "
                f"{at(self.x, self.y)}, turned {_num(self.angle)}°, shape {self.shape}{where}")


@action
class Rearrange(Action):
    """Pick up ``card`` of park ``park`` to lay it again (the next decision says where)."""

    park: Annotated[int, Range(0, MAX_PARKS - 1, rule="lands.rearrange.within")]
    card: Card

    def __str__(self) -> str:
        return f"rearrange #{self.card} in park {self.park}"


@action
class Move(Action):
    """Lay the picked-up card again at (x, y) turned ``angle``° with shape ``shape``."""

    x: Coordinate
    y: Coordinate
    angle: Angle
    shape: Shape
    under: bool = False

    def __str__(self) -> str:
        return (f"lay it with its lower-left square {at(self.x, self.y)}, turned "
                f"{_num(self.angle)}°, shape {self.shape}{', under' if self.under else ''}")


@action
class Relayout(Action):
    """A finished rearrangement of park ``park``: every one of its cards laid anew, listed
    bottom first as ``(card, x, y, angle, shape)``. Checked as a whole, once: the layout in
    between does not matter (``lands.rearrange.within``). Positions and angles may be free
    numbers, as for :class:`Place`. Not listed by ``legal_actions`` (there are too many) and
    not encodable; agents rearrange with :class:`Rearrange` and :class:`Move` instead."""

    park: Annotated[int, Range(0, MAX_PARKS - 1, rule="lands.rearrange.within")]
    cards: tuple[tuple[Card, Coordinate, Coordinate, Angle, Shape], ...]

    def listed(self, state: State) -> bool:
        """A person's whole rearrangement: legal, never listed (see the class)."""
        return False

    def __str__(self) -> str:
        laid = "; ".join(f"#{c} {at(x, y)} turned {_num(a)}°, shape {s}"
                         for c, x, y, a, s in self.cards)
        return f"rearrange park {self.park} (bottom first, by lower-left squares): {laid}"


@action
class PutBack(Action):
    """Lay the picked-up card back exactly where it was."""

    def __str__(self) -> str:
        return "put it back as it was"


@action
class Complete(Action):
    """Complete park ``park`` with the plan on top of stack ``stack``."""

    park: Annotated[int, Range(0, MAX_PARKS - 1, rule="lands.complete.match")]
    stack: Annotated[int, Range(0, MAX_STACKS - 1, rule="lands.complete.stack")]

    def __str__(self) -> str:
        return f"complete park {self.park} with the plan on stack {self.stack}"


@action
class UseAbility(Action):
    """Use the matched plan's ability on ``target`` (a stack or a card, by ability)."""

    target: Annotated[int, Range(0, MAX_CARDS - 1)]

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
    card: Card

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


def make_codec() -> ActionCodec:
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
