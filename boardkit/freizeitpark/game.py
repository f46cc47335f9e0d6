"""The Freizeitpark game object: name, state, actions, variants, parameters, codec."""

from __future__ import annotations

from boardkit.engine import Game

from .actions import Build, Entrance, make_codec
from .agent import greedy, heuristic
from .content import Params, Variant
from .state import FreizeitparkState

GAME = Game(
    name="freizeitpark",
    title="Freizeitpark",
    state_class=FreizeitparkState,
    actions=(Entrance, Build),
    players=(1, 6),
    default_players=2,
    variant_model=Variant,
    params_model=Params,
    codec=make_codec(),
    summary=("Roll-and-write: all players use the same two dice to draw structures on their "
             "own park; first to meet all four minimums (minus the enclosure penalty) wins."),
    status="playable: rules, expanded game, greedy agent, board",
    board="boardkit.freizeitpark.board:FreizeitparkBoard",
    agents={"greedy": greedy},
    heuristic=heuristic,
    # the root widens in greedy's order; measured (benchmarks/bench_search.py) about 0.6 s a
    # decision on this 2-core machine
    search={"iterations": 80, "rollout_depth": 4, "root_order": "heuristic"},
)
