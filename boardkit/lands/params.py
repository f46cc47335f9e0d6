"""The rule parameters of Lands of Amazement (``data/lands/params.toml``) and its variant."""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Points(_Model):
    unfilled: int = Field(ge=0)
    extra: int = Field(ge=0)
    portfolio: int = Field(ge=0)
    expert_stack_card: int = Field(ge=0)


class Title(_Model):
    upto: int = Field(ge=0)
    name: str = Field(min_length=1)
    won: bool = Field(True, description="a result with this title wins the game "
                      "(lands.score.result: only the table's Failure row loses)")


class Params(_Model):
    provenance: Literal["rulebook", "illustrative"]
    rounds: int = Field(ge=1, le=4)
    deck: int = Field(ge=1, le=10)
    reserved: int = Field(ge=0, le=3)
    stacks: int = Field(ge=1, le=5)
    rearrangements: int = Field(ge=0, le=50)
    points: Points
    title: tuple[Title, ...]

    @model_validator(mode="after")
    def _sound(self) -> Self:
        if self.deck + self.reserved + self.stacks > 15:
            raise ValueError("deck + reserved + one card per stack must fit in the 15 park cards")
        bounds = [t.upto for t in self.title]
        if not bounds or bounds != sorted(bounds) or len(set(bounds)) != len(bounds):
            raise ValueError("titles must be listed from the lowest penalty up, bounds increasing")
        if not self.title[0].won:
            raise ValueError("the best title (penalty 0 at least) must be a won result")
        return self


class Variant(_Model):
    expert: bool = Field(False, description="Expert Mode: +1 penalty per card left in the stacks")
