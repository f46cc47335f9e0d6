"""Dice Grid: a two-player teaching game small enough to read in one screen.

It exists to show the engine: a random roll every turn, a pending choice (which die?), a
grid rule (edge-connected groups, via the shared geometry), hidden information (a secret
lucky number) and a rule catalog (``data/dice-grid/rules.toml``). Rule parameters live in
``data/dice-grid/params.toml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from boardkit.engine import (
    Action,
    ActionCodec,
    Flow,
    Game,
    Outcome,
    Phase,
    Range,
    RuleViolation,
    Stage,
    State,
    Step,
    Turn,
    action,
)
from boardkit.engine.grid import GridLabels, cell_name, components
from boardkit.engine.rules import rule_ids
from boardkit.engine.words import scores_text

if TYPE_CHECKING:
    import numpy as np

RULES = rule_ids("dice-grid")

Coordinate = Annotated[int, Range(0, 7, rule="dice-grid.claim.inside")]


@action
class ChooseDie(Action):
    value: Annotated[int, Range(1, 6, rule="dice-grid.turn.choose")]

    def __str__(self) -> str:
        return f"choose the {self.value}"


@action
class Claim(Action):
    #: (column, row) from 0; the grid is at most 8×8 (Params)
    cell: tuple[Coordinate, Coordinate]

    def __str__(self) -> str:
        try:
            return f"claim cell {cell_name(self.cell)}"
        except (TypeError, ValueError):  # a malformed cell is described as given
            return f"claim cell {self.cell!r}"


@action
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


class Points(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    per_group_cell: int = Field(ge=0)
    lucky_cell: int = Field(ge=0)


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    rounds: int = Field(ge=1, le=50)
    numbers: tuple[tuple[int, ...], ...]
    points: Points

    @field_validator("numbers")
    @classmethod
    def _square_of_dice(cls, rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            raise ValueError("numbers must be a rectangle of rows")
        if len(rows) > 8 or len(rows[0]) > 8:
            raise ValueError("the grid may be at most 8×8 (the action codec's size)")
        if any(not 1 <= n <= 6 for r in rows for n in r):
            raise ValueError("every printed number must be a die face 1..6")
        return rows


class Variant(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    secret_lucky: bool = Field(True, description="each player draws a secret lucky number")


def _check_roll(state: State, value: object) -> None:
    if not (isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) and 1 <= v <= 6 for v in value)):
        raise RuleViolation("dice-grid.turn.roll", f"a roll is two dice showing 1..6, not {value!r}")


def _check_lucky(state: State, value: object) -> None:
    if not (isinstance(value, int) and 1 <= value <= 6):
        raise RuleViolation("dice-grid.setup.lucky", f"a lucky number is a die face 1..6, not {value!r}")


class ChooseDieStep(Step["DiceGridState"]):
    rule = "dice-grid.turn.choose"

    def __init__(self, player: int, dice: tuple[int, int]) -> None:
        self.player, self.dice = player, dice

    def prompt(self, state: DiceGridState) -> str:
        return f"choose one of the dice {self.dice[0]} and {self.dice[1]}"

    def legal(self, state: DiceGridState) -> list[Action]:
        return [ChooseDie(v) for v in sorted(set(self.dice))]

    def resolve(self, state: DiceGridState, act: Action) -> Outcome:
        assert isinstance(act, ChooseDie), "check lets only the listed dice through"
        state.kept = act.value  # the claim stage asks for a cell showing it
        return None


class ClaimStep(Step["DiceGridState"]):
    rule = "dice-grid.claim.number"

    def __init__(self, player: int, value: int) -> None:
        self.player, self.value = player, value

    def prompt(self, state: DiceGridState) -> str:
        return f"claim an empty cell showing {self.value}"

    def legal(self, state: DiceGridState) -> list[Action]:
        cells: list[Action] = [Claim(c) for c in state.cells if state.owner[c] is None and state.number(c) == self.value]
        return cells or [Pass()]

    def check(self, state: DiceGridState, act: Action) -> None:
        if isinstance(act, Pass):
            if self.legal(state) != [Pass()]:
                raise RuleViolation("dice-grid.claim.pass", f"you may pass only when no empty cell shows {self.value}")
            return
        if not isinstance(act, Claim):
            raise RuleViolation("dice-grid.claim.number", f"{act} does not claim a cell; {self.prompt(state)}")
        if act.cell not in state.owner:
            names = state.labels
            raise RuleViolation("dice-grid.claim.inside", f"the cell {names.cell(act.cell)} is off the {names.size} grid ({names.extent})")
        owner = state.owner[act.cell]
        if owner is not None:
            raise RuleViolation("dice-grid.claim.empty", f"{state.labels.cell(act.cell)} already belongs to P{owner + 1}")
        if state.number(act.cell) != self.value:
            raise RuleViolation("dice-grid.claim.number", f"{state.labels.cell(act.cell)} shows {state.number(act.cell)}, not the chosen {self.value}")

    def resolve(self, state: DiceGridState, act: Action) -> Outcome:
        if isinstance(act, Claim):
            state.owner[act.cell] = self.player
        return None


def roll(state: DiceGridState, player: int) -> None:
    """The turn begins: the seat rolls two dice."""
    first, second = state.chance("roll", lambda rng: tuple(int(v) for v in rng.integers(1, 7, size=2)),
                                 text=lambda v: f"P{player + 1} rolls {v[0]} and {v[1]}")
    state.dice = (first, second)  # the state's own pair (the log keeps the drawn one)


def turn_over(state: DiceGridState, player: int) -> None:
    state.turn += 1


def _end(state: DiceGridState) -> None:
    if state.finished:
        state.note(f"the game ends after {state.turn} turns; scores: {scores_text(state.scores())}")


#: a seat's turn, its two stages in order
TURN = Turn(
    "turn", "roll two dice, keep one, claim a cell showing it",
    Stage("choose", "roll two dice and keep one of them",
          start=roll, ask=lambda state, seat: ChooseDieStep(seat, state.dice),
          rule="dice-grid.turn.choose"),
    Stage("claim", "claim an empty cell showing the kept number (or pass when there is none)",
          ask=lambda state, seat: ClaimStep(seat, state.kept), rule="dice-grid.claim.number"),
    end=turn_over,
)


#: the whole flow of the game: rounds of one turn per seat until the grid is full or the
#: last round is played
FLOW = Flow(
    Phase("round", "each seat in turn rolls two dice, keeps one and claims an empty cell "
          "showing it (or passes when there is none)",
          turn=TURN, end_if=lambda state: state.finished, end=_end,
          next=lambda state: None if state.finished else "round", leads_to=("round", None),
          rule="dice-grid.turn.choose"),
    first="round",
)


class DiceGridState(State):
    flow = FLOW
    chance_checks = {"roll": _check_roll, "lucky": _check_lucky}

    params: Params
    variant: Variant
    #: the grid's size in cells (from the printed ``params.numbers``)
    width: int
    height: int
    #: every (column, row) of the grid, row by row
    cells: list[tuple[int, int]]
    #: who claimed each cell (a seat; None: still empty)
    owner: dict[tuple[int, int], int | None]
    #: turns played so far, all seats together (the round follows from it)
    turn: int
    #: the turn's two dice, and the one kept (the turn's stages read them)
    dice: tuple[int, int]
    kept: int
    #: each seat's secret lucky number (0 without the ``secret_lucky`` variant)
    lucky: list[int]

    @property
    def labels(self) -> GridLabels:
        """How the board labels the cells (A1 top-left): its axis labels and every message."""
        return GridLabels(self.width, self.height, name="grid")

    def setup(self) -> None:
        rows = self.params.numbers
        self.height, self.width = len(rows), len(rows[0])
        self.cells = [(x, y) for y in range(self.height) for x in range(self.width)]
        self.owner = dict.fromkeys(self.cells)
        self.turn = 0
        self.dice, self.kept = (0, 0), 0
        self.lucky = [0] * self.players
        if self.variant.secret_lucky:
            for p in range(self.players):
                self.lucky[p] = self.chance("lucky", lambda rng: int(rng.integers(1, 7)),
                                            to=p, player=p,
                                            text=lambda v, p=p: f"P{p + 1} draws lucky number {v}",
                                            public="draws a secret lucky number")
        self.flow.begin(self)

    def number(self, cell: tuple[int, int]) -> int:
        return self.params.numbers[cell[1]][cell[0]]

    @property
    def round(self) -> int:
        return self.turn // self.players + 1

    @property
    @RULES.implements("dice-grid.end.rounds")
    def finished(self) -> bool:
        """Every cell claimed, or the last round played."""
        return all(o is not None for o in self.owner.values()) or self.round > self.params.rounds

    def groups(self, player: int) -> list[np.ndarray]:
        mine = [c for c, o in self.owner.items() if o == player]
        return components(mine) if mine else []

    @RULES.implements("dice-grid.score.group", "dice-grid.score.lucky")
    def score_parts(self, player: int) -> dict[str, int]:
        pts = self.params.points
        largest = max((len(g) for g in self.groups(player)), default=0)
        lucky = sum(1 for c, o in self.owner.items() if o == player and self.number(c) == self.lucky[player])
        return {"group": largest * pts.per_group_cell, "lucky": lucky * pts.lucky_cell}

    def score_breakdown(self, player: int) -> dict[str, float]:
        return dict(self.score_parts(player))

    def _scores(self) -> list[float]:
        return [sum(self.score_parts(p).values()) for p in range(self.players)]

    def _observe(self, player: int | None) -> dict[str, Any]:
        if self.is_over or not self.variant.secret_lucky:
            player = None  # revealed for the final scoring, or public in the first place
        return {
            "grid": [[{"number": self.number((x, y)), "owner": self.owner[(x, y)]}
                      for x in range(self.width)] for y in range(self.height)],
            "round": self.round,
            "scores": [sum(parts.values()) if player is None or p == player else parts["group"]
                       for p, parts in enumerate(self.score_parts(q) for q in range(self.players))],
            "lucky": [v if player is None or p == player else None for p, v in enumerate(self.lucky)],
        }

    def _determinize(self, player: int) -> None:
        if self.variant.secret_lucky and not self.is_over:  # revealed at the end
            for p in range(self.players):
                if p != player:
                    self.lucky[p] = int(self.rng.integers(1, 7))


def _codec() -> ActionCodec:
    cells = [(x, y) for y in range(8) for x in range(8)]
    return ActionCodec([(ChooseDie, {"value": range(1, 7)}), (Claim, {"cell": cells}), (Pass, {})])


GAME = Game(
    name="dice-grid",
    title="Dice Grid (a teaching game)",
    state_class=DiceGridState,
    actions=(ChooseDie, Claim, Pass),
    players=(2, 4),
    default_players=2,
    variant_model=Variant,
    params_model=Params,
    codec=_codec(),
    summary="Roll two dice, keep one, claim a cell with that number; the largest group wins.",
    status="playable example",
    board="boardkit.examples.dice_grid_board:DiceGridBoard",
)
