"""Tic-tac-toe, written outside boardkit by following docs/adding-a-game.md."""
from pathlib import Path

from boardkit.boards import GridBoard
from boardkit.engine import (
    Action,
    ActionCodec,
    Flow,
    Game,
    Phase,
    RuleViolation,
    State,
    Step,
    action,
)

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = {None: "", 0: "X", 1: "O"}


@action
class Place(Action):
    cell: int  # 0..8, row by row from the top left

    def __str__(self) -> str:
        return f"mark row {self.cell // 3 + 1}, column {self.cell % 3 + 1}"


class PlaceStep(Step):  # PlaceStep(seat): that seat marks a cell
    rule = "tictactoe.turn.empty"  # cited for any move not in legal()

    def prompt(self, state) -> str:
        return f"mark an empty cell with {MARKS[self.player]}"

    def legal(self, state):
        return [Place(c) for c in range(9) if state.grid[c] is None]

    def check(self, state, act):  # why a move is refused (it only reads the state)
        if 0 <= act.cell < 9 and state.grid[act.cell] is not None:
            raise RuleViolation(self.rule, f"row {act.cell // 3 + 1}, column {act.cell % 3 + 1} "
                                           f"is taken ({MARKS[state.grid[act.cell]]} marked it)")
        super().check(state, act)  # any other move not in legal(): a cell off the grid

    def resolve(self, state, act):
        state.grid[act.cell] = self.player


def line(state) -> int | None:  # the seat with three in a line (tictactoe.end.line)
    g = state.grid
    return next((g[a] for a, b, c in LINES if g[a] is not None and g[a] == g[b] == g[c]), None)


FLOW = Flow(Phase("play", "X and O take turns until a line or a full grid",
                  turn=lambda state, seat: PlaceStep(seat), again=lambda state: True,
                  end_if=lambda state: line(state) is not None or None not in state.grid,
                  rule="tictactoe.end.full"), first="play")


class TicTacToeState(State):
    flow = FLOW
    grid: list[int | None]  # None, 0 (X) or 1 (O) for each cell

    def setup(self) -> None:
        self.grid = [None] * 9
        self.flow.begin(self)

    def _scores(self) -> list[float]:  # a full grid scores 0 for both: a shared win, a draw
        return [1.0 if p == line(self) else 0.0 for p in range(2)]

    def _observe(self, player):
        return {"grid": list(self.grid)}  # nothing is hidden


class TicTacToeBoard(GridBoard):
    columns = rows = 3

    def cell(self, state, viewer, x, y):
        return MARKS[state.grid[3 * y + x]], Place(3 * y + x)


GAME = Game(name="tictactoe", title="Tic-tac-toe", state_class=TicTacToeState, actions=(Place,),
            players=(2, 2), codec=ActionCodec([(Place, {"cell": range(9)})]),
            board="tictactoe:TicTacToeBoard", data=Path(__file__).parent)
