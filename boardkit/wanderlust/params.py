"""Rule parameters and variant options of Wanderlust.

Options of ``new_game(variant=...)``:

``family``
    *Family Friendly Variant*: passports on their neutral side (no skills), no secret
    missions or personal goals, and only scores A, B and C count.
``house_rule``
    *House Rule (Advanced)*: a trip must spend at least 3 tickets
    (``travel.house_rule_min`` in ``params.toml``).
``first_game``
    play with the objectives the rulebook suggests for a first game (First to the finish,
    Collector, Around the World) instead of three random ones.
``automatons``
    *Solo Mode*: with ``players=1``, race against 1, 2 or 3 automaton trotters
    (``new_game(players=1, variant={"automatons": 2})``).
``passports``
    the trotter (passport) of each seat, e.g. ``("green", "red")``; the Solo Mode lets you
    choose your favourite. Default: dealt at random.
``scenario``
    start from the position of one of the rulebook's worked examples
    (``data/wanderlust/scenarios.toml``; :func:`boardkit.wanderlust.scenario` picks the
    right number of players for you).

Rule parameters (points, limits, tables) live in ``data/wanderlust/params.toml``.
"""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from boardkit.engine.game import Choices, house_rule

from .actions import MAX_LEGS


def _scenarios() -> list[str]:
    from .scenario_specs import scenarios

    return list(scenarios())


class Variant(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    family: bool = Field(False, description="Family-Friendly variant (scores A+B+C, no skills)")
    house_rule: bool = Field(False, description="House Rule: at least 3 tickets per trip")
    first_game: bool = Field(False, description="the suggested first-game objectives")
    automatons: int = Field(0, ge=0, le=3, description="Solo Mode: 1-3 automatons (players=1)")
    scenario: Annotated[str | None, Choices(_scenarios)] = Field(
        None, description="start from a worked example of the rulebook")
    passports: tuple[str, ...] | None = Field(
        None, description="each player's trotter/passport in seat order (default: at random)")

    @field_validator("passports")
    @classmethod
    def _passports(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if value is None:
            return value
        from .content import cards

        known = cards().passports
        for pid in value:
            if pid not in known:
                raise ValueError(f"unknown passport {pid!r}; known: {', '.join(known)}")
        if len(set(value)) != len(value):
            raise ValueError("each player has a different passport")
        return value

    @field_validator("scenario")
    @classmethod
    def _known(cls, value: str | None) -> str | None:
        if value is None:
            return value
        from .scenario_specs import scenarios

        known = scenarios()
        if value not in known:
            raise ValueError(f"unknown scenario {value!r}; known: {', '.join(known)}")
        return value


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TurnParams(_Model):
    action_points: int = Field(ge=1, le=6)


class SetupParams(_Model):
    hand: int = Field(ge=0, le=10)
    display: int = Field(ge=1, le=8)
    available: int = Field(ge=1, le=6)
    objectives: int = Field(ge=1, le=8)
    first_game: tuple[str, ...]
    hometown_visited: bool = Field(description="the hometown card counts as a visited "
                                               "destination (rule wanderlust.setup.hometown)")


class TicketParams(_Model):
    reset_types: int = Field(ge=0, le=6)
    resets_per_turn: int = Field(ge=0, le=5, description="0: no limit")
    efficient_planning: int = Field(ge=0, le=10)


class TravelParams(_Model):
    list_legs: int = Field(ge=1, le=MAX_LEGS, description="legal_actions() lists trips of at "
                           "most this many tickets (the action codec's bound); longer trips "
                           "are legal all the same")
    house_rule_min: int = Field(ge=1, le=MAX_LEGS)


class CollectParams(_Model):
    souvenirs_per_city: int = Field(ge=0, le=10)
    postcards_per_port: int = Field(ge=0, le=10)
    photos_per_wonder: int = Field(ge=0, le=10)
    souvenir_cost: int = Field(ge=1, le=4)
    postcard_cost: int = Field(ge=1, le=4)
    photo_cost: int = Field(ge=1, le=4)


class EncounterParams(_Model):
    per_turn: int = Field(ge=0, le=5)


class ScoringParams(_Model):
    souvenir: int = Field(ge=0)
    postcard: int = Field(ge=0)
    camera: int = Field(ge=0)
    set_bonus: int = Field(ge=0)
    mission: int = Field(ge=0)
    goal: int = Field(ge=0)
    destinations: tuple[int, ...] = Field(min_length=1)
    zones: tuple[int, ...] = Field(min_length=1)


class SoloParams(_Model):
    automaton_points: tuple[int, int, int]
    automaton_experience: int = Field(ge=0, le=10)
    near_steps: int = Field(ge=0, le=10)
    block_steps: int = Field(ge=0, le=5)

    @field_validator("automaton_points")
    @classmethod
    def _positive(cls, value: tuple[int, int, int]) -> tuple[int, int, int]:
        if any(v < 1 or v > 10 for v in value):
            raise ValueError("automaton action points must be 1..10")
        return value


class EndParams(_Model):
    max_rounds: int = Field(ge=1, le=1000)
    finish_round: bool = house_rule(
        False, "after the end is triggered the round is finished first, so every trotter "
               "plays as many turns (the rulebook goes straight to the last turns)")


class Params(_Model):
    turn: TurnParams
    setup: SetupParams
    tickets: TicketParams
    travel: TravelParams
    collect: CollectParams
    encounters: EncounterParams
    scoring: ScoringParams
    solo: SoloParams
    end: EndParams

    @model_validator(mode="after")
    def _known_objectives(self) -> Self:
        from .content import cards

        known = cards().objectives
        for oid in self.setup.first_game:
            if oid not in known:
                raise ValueError(f"setup.first_game: unknown objective '{oid}'")
        if len(self.setup.first_game) != self.setup.objectives:
            raise ValueError("setup.first_game must list setup.objectives objectives")
        if self.setup.objectives > len(known):
            raise ValueError("setup.objectives is more than there are objective cards")
        return self
