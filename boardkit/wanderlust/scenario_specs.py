"""The rulebook's worked examples as starting positions (``data/wanderlust/scenarios.toml``):
what each one fixes, read and checked here for the setup (:mod:`.setup`); a game is played to
one by :func:`boardkit.wanderlust.scenario` (:mod:`.scenarios`).

A scenario fixes what an example needs — where each trotter stands, the tickets in hand,
the available destinations, the ticket display, the objectives in play — and, in
``stack``, the next random draws (a stacked deck: "the next destination revealed is
Reykjavík"). Everything it leaves out is dealt at random as in a normal setup. Start one
with ``new_game(players=..., variant={"scenario": id})`` or :func:`boardkit.wanderlust.scenario`.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from boardkit.engine.content import Strict, load
from boardkit.engine.resources import data_file

Ticket = Literal["car", "train", "ship", "charter", "airline", "wild"]


class TrotterSpec(Strict):
    name: str = Field(min_length=1, max_length=20)
    passport: str | None = None  # a passport id, "neutral" (no skill), or left to chance
    hometown: str
    visited: list[str] = []
    location: str | None = None  # default: the last destination card (or the hometown)
    hand: list[Ticket] = []
    encounters: list[str] = []
    encounters_gained: int | None = Field(None, ge=0)
    experience: int = Field(0, ge=0)
    tokens: dict[str, tuple[int, int, int]] = {}
    passport_tokens: tuple[int, int, int] = (0, 0, 0)
    achieved: list[str] = []
    mission: str | None = None
    goal: str | None = None
    best_trip: int = Field(0, ge=0)


class ScenarioSpec(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9\-]*$")
    title: str
    section: str
    description: str
    players: int = Field(ge=1, le=5)
    automatons: int = Field(0, ge=0, le=3)
    objectives: list[str]
    available: list[str]
    display: list[Ticket]
    turn: str = Field("P1", pattern=r"^[PA][1-5]$")
    round: int = Field(1, ge=1)
    stack: dict[str, list[str]] = {}
    trotter: list[TrotterSpec]


class ScenarioFile(Strict):
    game: Literal["wanderlust"]
    provenance: Literal["rulebook", "illustrative"]
    scenario: list[ScenarioSpec]


@cache
def scenarios() -> dict[str, ScenarioSpec]:
    """Every scenario by id (validated against the map and the cards in the tests)."""
    parsed = load(ScenarioFile, data_file("wanderlust", "scenarios.toml"))
    return {s.id: s for s in parsed.scenario}
