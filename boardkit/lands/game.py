"""The Lands of Amazement :class:`~boardkit.engine.Game`: rules, actions, variant, codec,
agents; and :func:`arranged`, a new game with a chosen deal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from boardkit.engine import Game

from .actions import ACTIONS, make_codec
from .params import Params, Variant
from .state import LandsPlay

GAME = Game(
    name="lands",
    title="Lands of Amazement",
    state_class=LandsPlay,
    actions=ACTIONS,
    players=(1, 1),
    variant_model=Variant,
    params_model=Params,
    lower_is_better=True,
    codec=make_codec(),
    summary="Overlap park cards so their icons match plans; reserve cards for a final megapark.",
    status="playable",
    board="boardkit.lands.board:LandsBoard",
    agents={"greedy": "boardkit.lands.agents:make_greedy", "uct": "boardkit.lands.agents:uct",
            "mcts-strong": "boardkit.lands.agents:strong"},
    heuristic="boardkit.lands.agents:heuristic",
    # search where it pays: the last reserve judged by the megapark solver, the megapark
    # solved with iterations x 1,000 nodes; placements in greedy's order (see LandsSearch)
    search={"agent": "boardkit.lands.agents:LandsSearch", "iterations": 20},
)


def arranged(order: Iterable[int] = (), goal: tuple[int, int] = (0, 0),
             variant: Mapping[str, Any] | None = None, params: Mapping[str, Any] | None = None,
             seed: int = 0) -> LandsPlay:
    """A new game whose setup shuffle put the park cards in ``order`` (cards not named follow
    in increasing order) and whose goal is ``goal`` = (card, side): "suppose the cards were
    dealt like this". Replays like any save (the two setup events are recorded as forced, so
    a save of it loads with ``GAME.from_json(text, allow_forced=True)``).

    With the default rule parameters the order is: 4 deck cards (the first is drawn first),
    1 reserved card, then the stacks dealt in turn (the 6th, 7th and 8th cards are the tops).
    """
    from boardkit.engine.state import SAVE_FORMAT

    order = [int(c) for c in order]
    order += [c for c in range(15) if c not in order]
    data = {"format": SAVE_FORMAT, "game": GAME.name, "players": 1, "seed": seed,
            "variant": dict(variant or {}), "params": dict(params or {}),
            "history": [
                {"kind": "chance", "index": 0, "name": "goal", "value": list(goal), "forced": True},
                {"kind": "chance", "index": 1, "name": "deal", "value": order, "forced": True}]}
    state = GAME.from_dict(data, allow_forced=True)
    assert isinstance(state, LandsPlay)
    return state
