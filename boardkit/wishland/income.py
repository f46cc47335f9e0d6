"""Income Phase (rulebook: Gameplay, 2. Income Phase).

In Player Turn Order each player takes 5 Credits from the pool, then activates the Income
Rewards of their cards: Restaurant income, Hotel #21 (2 less) and #23 (1 per Restaurant),
Entrepreneur #12 (by the number of Restaurants) and #9 (first Income Phase only).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from boardkit.engine.rules import rule_ids

from .content import CARDS, KINDS, Effect, RewardRef
from .rewards import gain

if TYPE_CHECKING:
    from .position import WishlandState

_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
RULES = rule_ids("wishland")


def _of_kind(count: list[int], e: Effect) -> int:
    """How many cards of ``e``'s kind ``count`` holds (its schema requires the kind)."""
    assert e.kind is not None, e.effect
    return count[_KIND_INDEX[e.kind]]


def _income_cards(state: WishlandState, player: int) -> Iterator[int]:
    for cid in state.tableau[player]:
        if CARDS[cid].income:
            yield cid
    if state.entrepreneur[player] and CARDS[state.entrepreneur[player]].income:
        yield state.entrepreneur[player]


def income_credits(state: WishlandState, player: int) -> int:
    """The Credits a (new) Income Phase pays ``player``: 5 plus income rewards.

    Used by the Visitors Final Scoring Reward and Achievement Tile #8; one-off rewards of a
    particular round (Entrepreneur #9) are not part of it.
    """
    total = state.params.income
    count = state.count[player]
    for cid in _income_cards(state, player):
        for e in CARDS[cid].income:
            if e.effect == "credits":
                total += e.n
            elif e.effect == "credits_per":
                total += e.n * _of_kind(count, e)
            elif e.effect == "when_count" and _of_kind(count, e) >= e.at_least:
                total += sum(g.n for g in e.gain if g.effect == "credits")
    return max(0, total)


@RULES.implements("wishland.income.cards", "wishland.reward.income")
def collect_income(state: WishlandState, player: int) -> None:
    """``player``'s part of the Income Phase: base and credit rewards now, other income
    rewards queued (a choice among them is a decision). No decision of its own: the flow
    gives the next player their income once this one's rewards are paid."""
    credits = state.params.income
    count = state.count[player]
    jobs: list[RewardRef] = []
    for cid in _income_cards(state, player):
        for j, e in enumerate(CARDS[cid].income):
            if e.effect == "credits":
                credits += e.n
            elif e.effect == "credits_per":
                credits += e.n * _of_kind(count, e)
            elif e.effect == "when_count":
                if _of_kind(count, e) >= e.at_least:
                    jobs.append(("card", cid, "income", j))
            elif e.effect == "in_round" and e.round == state.round:
                jobs.append(("card", cid, "income", j))
    credits = max(0, credits)
    state.credits[player] += credits
    state.note(f"earns {credits} Credits of income", player)
    for ref in jobs:
        state.then(gain, player, ref, 0, 1, "income")

