"""Wishland's rule parameters (``data/wishland/params.toml``) and the variant
options of a game (rulebook: Optional Cards and Tiles). The state and the game both use them,
so they live below both."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

from boardkit.engine.game import Choices, house_rule

from .scenario_specs import names


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Tracks(_Model):
    max: int = Field(ge=2, le=20)
    happiness_odd_vp: int = Field(ge=0)
    visitors_odd_credits: int = Field(ge=0)
    final_set: int = Field(ge=1)
    final_income_step: int = Field(ge=1)


class Solo(_Model):
    free_draw_limit: int = Field(ge=1, le=5)


class Params(_Model):
    """Rule parameters (``data/wishland/params.toml``)."""

    provenance: str
    rounds: int = Field(ge=1, le=20)
    turns_per_round: int = Field(ge=1, le=10)
    market_cards: int = Field(ge=1, le=6, description="at most 6 (the action codec's size)")
    income: int = Field(ge=0)
    start_workers: int = Field(ge=1, le=10)
    reserve_workers: int = Field(ge=0, le=10)
    reserve_extra_max: int = Field(ge=0, le=3, description="at most 3 (the action codec's size)")
    ticket_offices: int = Field(ge=0, le=20)
    start_ticket_offices: int = Field(ge=0, le=3)
    reshuffle_after_round: int = Field(ge=0)
    achievement_vp: int = Field(ge=0)
    achievement_spaces: int = Field(ge=1, le=9)
    first_player: int = Field(ge=0, le=3)
    first_round_reversed: bool = house_rule(
        False, "round 1's Turn Order spaces are chosen counter-clockwise: the First Player "
               "chooses last, the player to their right first (not in the rulebook)")
    tracks: Tracks
    solo: Solo


class Variant(_Model):
    """Options of a game (rulebook: Optional Cards and Tiles). Solo Mode is 1 player."""

    entrepreneurs: bool = Field(False, description="deal 2 Entrepreneur cards, keep 1")
    achievement_tiles: bool = Field(False, description="9 random Achievement Tiles")
    solo_best: int | None = Field(
        None, description="Solo Mode only: your best score so far, any whole number (Restaurant "
                          "penalties can make a total negative); the game is won by beating it "
                          "(without one, every finished solo game is won)")
    scenario: Annotated[str | None, Choices(names)] = Field(
        None, description="start from a named teaching position "
                                                   "(data/wishland/scenarios.toml)")

    @field_validator("scenario")
    @classmethod
    def _known(cls, value: str | None) -> str | None:
        if value is not None:
            if value not in names():
                raise ValueError(f"unknown scenario {value!r}; known: {', '.join(names())}")
        return value
