"""The Freizeitpark game object: name, state, actions, variants, parameters, codec."""

from __future__ import annotations

from boardkit.engine import Game

from .actions import Build, Entrance, make_codec
from .agents import greedy, heuristic, planner, uct
from .params import Params, Variant
from .state import FreizeitparkPlay

GAME = Game(
    name="freizeitpark",
    title="Freizeitpark",
    state_class=FreizeitparkPlay,
    actions=(Entrance, Build),
    players=(1, 6),
    default_players=2,
    variant_model=Variant,
    params_model=Params,
    codec=make_codec(),
    summary=("Roll-and-write: all players use the same two dice to draw structures on their "
             "own park; first to meet all four minimums (minus the enclosure penalty) wins."),
    status="playable",
    board="boardkit.freizeitpark.board:FreizeitparkBoard",
    agents={"greedy": greedy, "planner": planner, "uct": uct},
    heuristic=heuristic,
    # expectimax one roll deep over greedy's best builds (see FreizeitparkSearch for why not
    # MCTS): "iterations" is the number of builds looked at
    search={"agent": "boardkit.freizeitpark.agents:FreizeitparkSearch", "iterations": 3},
)
