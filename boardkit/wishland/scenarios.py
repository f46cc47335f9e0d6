"""Named positions: a new game brought to one of ``data/wishland/scenarios.toml`` (read and
checked, and dealt by the setup, in :mod:`.scenario_specs`).

:func:`scenario` has the same shape in every game: ``scenario(name, seed=None, params=None,
**variant)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import ChooseReward, Collect, EndTurn
from .game import GAME
from .rewards import ChoiceStep
from .scenario_specs import ScenarioFile, describe, names, spec
from .state import WishlandPlay

__all__ = ["ScenarioFile", "describe", "names", "scenario", "spec"]


def scenario(name: str, seed: int | None = None, params: Mapping[str, Any] | None = None,
             **variant: Any) -> WishlandPlay:
    """A new game brought to the named position (``data/wishland/scenarios.toml``): the setup
    (with the scenario's deal and, for a teacher's position, its cards and fields), then its
    moves as real actions. ``seed`` orders what the deal leaves out (None: 0); ``params``
    changes rule parameters, ``variant`` options."""
    s = spec(name)
    state = GAME.new_game(players=s.players, seed=0 if seed is None else seed,
                          params=None if params is None else dict(params),
                          variant={"scenario": name, **variant})
    assert isinstance(state, WishlandPlay), "GAME's state_class is WishlandPlay"
    while isinstance(state.pending, ChoiceStep):  # a teacher's cards' choices
        state.apply(ChooseReward("workers"))
    for i, raw in enumerate(s.moves):
        act = GAME.actions.from_dict(raw, where=f"scenario '{name}': moves[{i}]")
        state.apply(act)
    if s.play_out:
        while not state.final_phase:
            legal = state.legal_actions()
            for choice in (Collect(), EndTurn(), ChooseReward("workers")):
                if choice in legal:
                    state.apply(choice)
                    break
            else:
                state.apply(legal[0])
    return state
