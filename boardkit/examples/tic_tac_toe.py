"""Tic-tac-toe in boardkit: the smallest complete game, for comparing engines.

No chance, no hidden information, no rule parameters: one action (``Place``), one step. It
is not a built-in game (it has no board); load it by reference,
``boardkit.game("boardkit.examples.tic_tac_toe:GAME")``.
"""

from __future__ import annotations

from typing import Annotated, Any

from boardkit.engine import (
    Action,
    ActionCodec,
    Flow,
    Game,
    Outcome,
    Phase,
    Range,
    RuleViolation,
    State,
    Step,
    action,
)
from boardkit.engine.rules import rule_ids

RULES = rule_ids("tic-tac-toe")

#: the eight lines of three cells (cells numbered 0..8 row by row)
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "XO"


def where(cell: int) -> str:
    """A cell in words, as the log names it: ``"row 2, column 3"`` (rows and columns from 1)."""
    return f"row {cell // 3 + 1}, column {cell % 3 + 1}"


@action
class Place(Action):
    #: the cell, 0..8 row by row (0 top left, 8 bottom right)
    cell: Annotated[int, Range(0, 8, rule="tic-tac-toe.turn.place")]

    def __str__(self) -> str:
        return f"mark {where(self.cell)}"


class PlaceStep(Step["TicTacToeState"]):
    rule = "tic-tac-toe.turn.place"
    #: the last empty cell is a decision too, as in OpenSpiel's tic-tac-toe (so the two
    #: engines play games of the same length in benchmarks/bench_interop.py)
    auto = False

    def prompt(self, state: TicTacToeState) -> str:
        return f"mark an empty cell with {MARKS[self.player]}"

    def legal(self, state: TicTacToeState) -> list[Action]:
        return [Place(c) for c, mark in enumerate(state.grid) if mark is None]

    def check(self, state: TicTacToeState, act: Action) -> None:
        assert isinstance(act, Place), "the game's only action"
        mark = state.grid[act.cell]
        if mark is not None:
            raise RuleViolation("tic-tac-toe.turn.empty", f"{where(act.cell)} already holds {MARKS[mark]}")

    @RULES.implements("tic-tac-toe.end.line")
    def resolve(self, state: TicTacToeState, act: Action) -> Outcome:
        assert isinstance(act, Place), "the game's only action"
        state.grid[act.cell] = self.player
        if any(all(state.grid[c] == self.player for c in line) for line in LINES):
            state.winner = self.player
            state.note(f"{MARKS[self.player]} completes a line and wins")
        elif all(mark is not None for mark in state.grid):
            state.note("the grid is full: a draw")
        return None


#: X and O take turns (the flow asks the seats in order, again and again) until a line or a
#: full grid ends the game
FLOW = Flow(Phase("play", "X and O take turns until a line or a full grid",
                  turn=lambda state, seat: PlaceStep(seat), again=lambda state: True,
                  end_if=lambda state: state.winner is not None or None not in state.grid),
            first="play")


class TicTacToeState(State):
    flow = FLOW
    grid: list[int | None]  # None, 0 (X) or 1 (O) for each cell
    winner: int | None  # the seat with three in a line

    def setup(self) -> None:
        self.grid = [None] * 9
        self.winner = None
        self.flow.begin(self)

    def _scores(self) -> list[float]:  # a full grid scores 0 for both: a draw, a shared win
        return [1.0 if p == self.winner else 0.0 for p in range(self.players)]

    def _observe(self, player: int | None) -> dict[str, Any]:
        return {"grid": ["".join("." if m is None else MARKS[m] for m in self.grid[r:r + 3])
                         for r in (0, 3, 6)]}


GAME = Game(
    name="tic-tac-toe",
    title="Tic-tac-toe",
    state_class=TicTacToeState,
    actions=(Place,),
    players=(2, 2),
    codec=ActionCodec([(Place, {"cell": range(9)})]),
    summary="Three in a row wins.",
    status="example (engine comparison)",
)
