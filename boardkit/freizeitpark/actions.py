"""The two decisions of Freizeitpark, as actions.

``Entrance(turn, x, y)``
    draw the Eingang at the start (rule ``freizeitpark.struktur.eingang``);
``Build(die, symbol, turn, x, y)``
    use the round's roll: the die showing ``die`` gives the structure, the other die gives
    ``symbol``; the structure is drawn in orientation ``turn`` with its bounding box's top-left
    cell at ``(x, y)`` and every cell gets the symbol.

``turn`` indexes the distinct orientations of the shape (rotations and reflections, as
listed by :func:`boardkit.engine.grid.orientations`); ``x`` is the column from the left and
``y`` the row from the top, both from 0. In words (the log, the board) an orientation is
counted from 1, a cell is named as the board labels it: column letter, row number from 1
(``x=1, y=0`` is B1), and structures and symbols alike by their German names (the glossary's
and ``structures.toml``'s ``de``), in an English sentence: "draw the Zweierbalken of the 5
(orientation 1) from B1 as Achterbahn".
"""

from __future__ import annotations

from typing import Annotated

from boardkit.engine import Action, ActionCodec, OneOf, Range, action
from boardkit.engine.grid import cell_name

from .content import content


def _at(x: int, y: int) -> str:
    return cell_name((x, y)) if isinstance(x, int) and isinstance(y, int) else f"({x!r}, {y!r})"


#: the codec covers sheets up to this size (rule parameters sheet.width/height <= 16)
MAX_SIDE = 16
MAX_TURNS = 8

Turn = Annotated[int, Range(0, MAX_TURNS - 1, rule="freizeitpark.struktur.form")]
Position = Annotated[int, Range(0, MAX_SIDE - 1, rule="freizeitpark.struktur.innen")]
Symbol = Annotated[str, OneOf(lambda: [k for k, c in content().constructs.items() if c.kind != "entrance"],
                              rule="freizeitpark.wurf.symbol")]


@action
class Entrance(Action):
    turn: Turn
    x: Position
    y: Position

    def __str__(self) -> str:
        return f"draw the Eingang (orientation {self.turn + 1}) from {_at(self.x, self.y)}"


@action
class Build(Action):
    die: Annotated[int, Range(1, 6, rule="freizeitpark.wurf.split")]
    symbol: Symbol
    turn: Turn
    x: Position
    y: Position

    def __str__(self) -> str:
        s = content().structures.get(self.die)  # named, like the symbol, in German
        shape = s.de if s else f"structure {self.die}"
        return (f"draw the {shape} of the {self.die} (orientation {self.turn + 1}) from "
                f"{_at(self.x, self.y)} as {content().de(self.symbol)}")


def make_codec() -> ActionCodec:
    symbols = [k for k in content().constructs if k != "eingang"]
    side = range(MAX_SIDE)
    return ActionCodec([
        (Entrance, {"turn": range(MAX_TURNS), "x": side, "y": side}),
        (Build, {"die": range(1, 7), "symbol": symbols, "turn": range(MAX_TURNS), "x": side,
                 "y": side}),
    ])
