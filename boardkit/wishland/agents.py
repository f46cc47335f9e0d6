"""Wishland's heuristic and its greedy agent.

:func:`heuristic` values a position for one player as the Victory Points they would have if
the game ended now (Victory Points track plus every Final Scoring step), plus what their
resources are still worth in the rounds left (Credits, income, Workers, track progress,
room under the Card Limit, and a hair for each Worker off the board, ready to be placed),
minus the same estimate for the best opponent. The last term only breaks ties: with Hotel #13
the agent takes its Workers back for free rather than leave them (the heuristic does not
model the blocking value of Workers left on the board). The weights are
rough (a Credit buys about a third of a Victory Point); a course can try others by passing
its own function to :class:`~boardkit.agents.greedy.GreedyAgent`.

:class:`WishlandGreedy` is the generic one-step greedy agent with this heuristic: for every
legal action it plays the action on a copy (a determinization: it never peeks at the
decks) and keeps the best.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.agents.greedy import GreedyAgent, Lead

from .card_limit import card_limit
from .content import ACTOR, HOTEL, MASCOT, RESTAURANT
from .final_scoring import final_parts
from .income import income_credits

if TYPE_CHECKING:
    from .position import WishlandState

CREDIT = 0.3  # Victory Points per Credit while cards can still be bought
WORKER = 1.0  # per Worker above the 4 of the start, per round left (normalised below)
STEP = 0.35  # per Happiness / Visitor step, per round left (normalised)
READY = 0.02  # per Worker off the board: a tie-breaker that prefers Workers ready for use


def projected(state: WishlandState, player: int) -> float:
    """Victory Points now + Final Scoring as if the game ended now."""
    if state.final is not None:
        return float(state.vp[player] + sum(state.final[player].values()))
    return float(state.vp[player] + sum(final_parts(state, player).values()))


def potential(state: WishlandState, player: int) -> float:
    """What ``player``'s resources are worth in the rounds that are left."""
    if state.is_over:
        return 0.0
    rounds = state.params.rounds
    left = max(0.0, (rounds - state.round) + (state.params.turns_per_round - state.turn + 1)
               / state.params.turns_per_round) / rounds  # 1 at the start, ~0 at the end
    value = CREDIT * state.credits[player] * min(1.0, 3 * left)
    value += CREDIT * income_credits(state, player) * (rounds - state.round) * 0.5
    value += WORKER * (state.workers[player] - state.params.start_workers) * left * 3
    value += STEP * (state.happiness[player] + state.visitors[player]) * left * 3
    value += READY * (state.workers[player] - state.placed[player])
    room = card_limit(state, player) * 4 - sum(state.count[player][k] for k in (
        RESTAURANT, ACTOR, MASCOT, HOTEL))
    value += 0.3 * min(room, 4) * left * 3
    return value


def value(state: WishlandState, player: int) -> float:
    return projected(state, player) + potential(state, player)


#: ``player``'s value minus the best opponent's (their own value in Solo Mode)
heuristic = Lead(value, doc="Wishland's heuristic: a player's value (Victory Points if the "
                 "game ended now plus what their resources are worth in the rounds left) "
                 "minus the best opponent's; alone, the value itself.")


class WishlandGreedy(GreedyAgent):
    """One-step greedy with :func:`heuristic` (ties broken by its seeded generator)."""

    name = "greedy"

    def __init__(self, seed: int | None = 0) -> None:
        super().__init__(heuristic=heuristic, seed=seed)

    def __repr__(self) -> str:
        return f"WishlandGreedy(seed={self.seed})"
