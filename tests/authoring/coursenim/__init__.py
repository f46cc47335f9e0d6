"""Nim, as a course would write it outside the boardkit package (the authoring tests use it).

Players take turns removing 1 to ``max_take`` tokens from one pile; whoever takes the last
token wins (with the ``misere`` variant, loses). Its rule catalog and parameters live in this
folder, next to the code.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from boardkit.engine import Action, Game, RuleViolation, State, Step, action


@action
class Take(Action):
    tokens: int


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    start: int = Field(ge=1, le=100)
    max_take: int = Field(ge=1, le=10)


class Variant(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    misere: bool = False


class TakeStep(Step):
    rule = "course-nim.take.count"

    def __init__(self, player: int):
        self.player = player

    def prompt(self, state) -> str:
        return f"take 1 to {min(state.params.max_take, state.pile)} tokens"

    def legal(self, state):
        return [Take(n) for n in range(1, min(state.params.max_take, state.pile) + 1)]

    def check(self, state, act):
        if not isinstance(act, Take):
            raise RuleViolation("course-nim.take.count", f"{act} is not a take")
        if act.tokens > state.pile:
            raise RuleViolation("course-nim.take.pile", f"only {state.pile} tokens are left")
        if not 1 <= act.tokens <= state.params.max_take:
            raise RuleViolation("course-nim.take.count",
                                f"take 1 to {state.params.max_take} tokens, not {act.tokens}")

    def resolve(self, state, act):
        state.pile -= act.tokens
        if state.pile == 0:
            state.last = self.player
            state.note(f"P{self.player + 1} takes the last token")
        else:
            state.ask(TakeStep(1 - self.player))


class NimState(State):
    def setup(self) -> None:
        self.pile = self.params.start
        self.last: int | None = None
        self.ask(TakeStep(0))

    def _scores(self):
        if self.last is None:
            return [0.0, 0.0]
        winner = 1 - self.last if self.variant.misere else self.last
        return [1.0 if p == winner else 0.0 for p in range(2)]

    def _observe(self, player):
        return {"pile": self.pile}


GAME = Game(name="course-nim", title="Nim (a course's own game)", state_class=NimState,
            actions=(Take,), players=(2, 2), variant_model=Variant, params_model=Params,
            summary="Take 1 to 3 tokens; whoever takes the last one wins.",
            data=Path(__file__).parent)
