"""The Wanderlust :class:`~boardkit.engine.Game`: rules, actions, variants, codec, agents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from boardkit.engine import Game

from .actions import ACTIONS, make_codec
from .params import Params, Variant
from .state import WanderlustPlay

GAME = Game(
    name="wanderlust",
    title="Wanderlust: Discover the World",
    state_class=WanderlustPlay,
    actions=ACTIONS,
    players=(1, 5),
    default_players=3,
    variant_model=Variant,
    params_model=Params,
    codec=make_codec(),
    summary="A travel race on a world map: collect tickets, plan trips to the available "
            "destinations, gather souvenirs, postcards and photos, fulfil two race objectives "
            "first. 2-5 players, or solo against 1-3 automatons.",
    status="playable",
    board="boardkit.wanderlust.board:WanderlustBoard",
    agents={"greedy": "boardkit.wanderlust.agents:WanderlustGreedy"},
    heuristic="boardkit.wanderlust.agents:heuristic",
    # short playouts judged by the race value; measured (benchmarks/bench_search.py) about
    # 0.4 s a decision on this 2-core machine
    search={"agent": "boardkit.wanderlust.agents:WanderlustMCTS", "iterations": 100,
            "rollout_depth": 12},
    # solo is a race against automatons (rulebook: solo play); two make a medium race
    solo={"players": 1, "variant": {"automatons": 2}},
)


def new_game(players: int | None = None, seed: int = 0,
             variant: Mapping[str, Any] | BaseModel | None = None,
             params: Mapping[str, Any] | None = None) -> WanderlustPlay:
    """``GAME.new_game(...)``, typed as the Wanderlust position it is."""
    state = GAME.new_game(players=players, seed=seed, variant=variant, params=params)
    assert isinstance(state, WanderlustPlay), "GAME's state_class is WanderlustPlay"
    return state

