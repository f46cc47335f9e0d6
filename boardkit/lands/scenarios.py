"""Named positions of Lands of Amazement (``data/lands/scenarios.toml``).

A scenario is a deal (:func:`boardkit.lands.arranged`: "suppose the cards were dealt like
this"), the new decks of later rounds (forced shuffles) and the actions played from there,
written as in a save. Nothing is assigned: each scenario is a game played by the rules, so
it lists its legal actions, saves and loads (``GAME.from_json(text, allow_forced=True)``)
and replays like any other. Start one with :func:`boardkit.lands.scenario`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from boardkit.engine import VariantError
from boardkit.engine.content import Strict, load
from boardkit.engine.errors import clipped
from boardkit.engine.resources import data_file

if TYPE_CHECKING:
    from .state import LandsPlay

Value = int | bool | str | None


class ScenarioSpec(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9\-]*$", max_length=40)
    title: str
    section: str
    description: str
    order: list[int] = Field(max_length=15)
    goal: tuple[int, int] = (0, 0)
    shuffles: list[list[int]] = []
    actions: list[dict[str, Value]]


class ScenarioFile(Strict):
    game: Literal["lands"]
    provenance: Literal["rulebook", "illustrative"]
    scenario: list[ScenarioSpec]


@cache
def scenarios() -> dict[str, ScenarioSpec]:
    """Every scenario by id (each one is played through in the tests)."""
    parsed = load(ScenarioFile, data_file("lands", "scenarios.toml"))
    return {s.id: s for s in parsed.scenario}


def scenario(name: str, seed: int | None = None, params: Mapping[str, Any] | None = None,
             **variant: Any) -> LandsPlay:
    """A new game played up to the named position (see ``data/lands/scenarios.toml``);
    ``seed`` orders what the deal leaves to chance (None: 0); ``params`` and ``variant``
    options (e.g. ``expert=True``) change no position, only the rules ahead.

    An unknown name is a :class:`~boardkit.engine.VariantError` that lists the known ones
    (as for Wanderlust's scenarios).
    """
    from .game import GAME, arranged

    known = scenarios()
    if not isinstance(name, str) or name not in known:
        raise VariantError(f"unknown Lands scenario {clipped(repr(name), 60)}; "
                           f"known: {', '.join(known)}")
    spec = known[name]
    state = arranged(spec.order, goal=spec.goal, variant=variant or None,
                     params=None if params is None else dict(params),
                     seed=0 if seed is None else seed)
    for order in spec.shuffles:
        state.force("shuffle", tuple(order))
    for i, data in enumerate(spec.actions):
        state.apply(GAME.actions.from_dict(data, where=f"scenario {name}: actions[{i}]"))
    return state
