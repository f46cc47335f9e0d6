"""Named positions: a new game started from one of the rulebook's worked examples
(``data/wanderlust/scenarios.toml``, read and checked in :mod:`.scenario_specs`).

:func:`scenario` has the same shape in every game: ``scenario(name, seed=None, params=None,
**variant)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardkit.engine import VariantError
from boardkit.engine.errors import clipped

from .game import new_game
from .scenario_specs import ScenarioFile, ScenarioSpec, scenarios
from .state import WanderlustPlay

__all__ = ["ScenarioFile", "ScenarioSpec", "scenario", "scenarios"]


def scenario(name: str, seed: int | None = None, params: Mapping[str, Any] | None = None,
             **variant: Any) -> WanderlustPlay:
    """A new game starting from a worked example of the rulebook (see ``scenarios.toml``);
    ``seed`` deals what the example leaves out (None: 0), ``params`` changes rule parameters
    (``{"setup.hometown_visited": True}``), ``variant`` options (``house_rule=True``).

    An unknown name is a :class:`~boardkit.engine.VariantError` that lists the known ones.
    """
    known = scenarios()
    if not isinstance(name, str) or name not in known:
        raise VariantError(f"unknown scenario {clipped(repr(name), 60)}; known: {', '.join(known)}")
    spec = known[name]
    return new_game(players=spec.players, seed=0 if seed is None else seed,
                    params=None if params is None else dict(params),
                    variant={"scenario": name, "automatons": spec.automatons, **variant})
