"""Kettles: a starting game written with `boardkit new`. Change it into your own.

The rules as it stands (Nim): players take turns removing 1 to ``max_take`` tokens from one
pile; whoever takes the last token wins (with the ``last_loses`` variant, loses).

Where things are (see docs/adding-a-game.md in boardkit for the numbered steps):
* actions: what a player can decide (``Take``), small frozen dataclasses;
* steps: the decision being made now (``TakeStep``): who decides, the legal actions, why
  another action is illegal (a rule id from ``rules.toml``), what the decision changes;
* the flow (``FLOW``): the game's phases in one place: whose turns they hold, what ends
  them, what comes next (``print(FLOW.describe())``);
* the state: the position (``KettlesState``), its scores and what each player sees;
* ``GAME``: everything together; ``rules.toml`` (the rule catalog) and ``params.toml`` (the
  numbers a designer may change) live next to this file.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

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

HERE = Path(__file__).parent


@action
class Take(Action):
    """Remove ``tokens`` tokens from the pile."""

    tokens: int

    def __str__(self) -> str:
        return f"take {self.tokens}"


class Params(BaseModel):
    """The rule parameters (``params.toml``); ``new_game(params={"max_take": 4})`` changes one."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    start: int = Field(ge=1, le=99)
    max_take: int = Field(ge=1, le=9)


class Variant(BaseModel):
    """Variant options: ``new_game(variant={"last_loses": True})``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    last_loses: bool = Field(False, description="whoever takes the last token loses")


class TakeStep(Step):
    """``TakeStep(seat)``: it is that seat's turn to take tokens (``self.player``)."""

    rule = "kettles.take.count"

    def prompt(self, state) -> str:
        return f"take 1 to {min(state.params.max_take, state.pile)} tokens"

    def legal(self, state):
        return [Take(n) for n in range(1, min(state.params.max_take, state.pile) + 1)]

    def check(self, state, act):
        if not isinstance(act, Take):
            raise RuleViolation("kettles.take.count", f"{act} is not a move of this game")
        if not 1 <= act.tokens <= state.params.max_take:
            raise RuleViolation("kettles.take.count",
                                f"take 1 to {state.params.max_take} tokens, not {act.tokens}")
        if act.tokens > state.pile:
            raise RuleViolation("kettles.take.pile", f"only {state.pile} tokens are left")

    def resolve(self, state, act):
        # the decision is made: the flow gives the next seat its turn (nothing is returned)
        state.pile -= act.tokens
        if state.pile == 0:
            state.last = self.player
            state.note(f"P{self.player + 1} takes the last token")


#: the whole flow: rounds of one turn per seat until the pile is empty
FLOW = Flow(
    Phase("round", "each player in turn takes tokens from the pile",
          turn=lambda state, seat: TakeStep(seat),
          end_if=lambda state: state.pile == 0,
          next=lambda state: "round" if state.pile else None, leads_to=("round", None),
          rule="kettles.take.count"),
    first="round",
)


class KettlesState(State):
    """The position: the pile and who took the last token."""

    flow = FLOW

    # every field of a position is declared here, with its type (mypy checks the uses)
    #: tokens left on the pile
    pile: int
    #: the seat that took the last token (None: nobody yet)
    last: int | None

    def setup(self) -> None:
        self.pile = self.params.start
        self.last = None
        self.flow.begin(self)

    def _scores(self) -> list[float]:
        if self.last is None:
            return [0.0] * self.players
        winner = (self.last + 1) % self.players if self.variant.last_loses else self.last
        return [1.0 if p == winner else 0.0 for p in range(self.players)]

    def _observe(self, player: int | None) -> dict:
        return {"pile": self.pile}  # nothing is hidden in this game


GAME = Game(
    name="kettles",
    title="Kettles",
    state_class=KettlesState,
    actions=(Take,),
    players=(2, 2),
    variant_model=Variant,
    params_model=Params,
    codec=ActionCodec([(Take, {"tokens": range(1, 10)})]),
    summary="Take 1 to 3 tokens from the pile; whoever takes the last one wins.",
    status="a starting game",
    board="kettles.board:KettlesBoard",
    data=HERE,
)
