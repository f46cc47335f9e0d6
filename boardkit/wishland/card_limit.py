"""Card Limit (rulebook: Card Details — Card Limit).

Each Ticket Office card and each Ride card a player has allows one card of every other
colour: a player with 1 Ticket Office card and 1 Ride card may have 2 Restaurant, 2 Actor,
2 Mascot and 2 Hotel cards. Ride and Ticket Office cards themselves are never limited.
Hotel #24 lifts the limit for every colour, Entrepreneur #6 for Restaurants and
Entrepreneur #7 for Hotels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import RuleViolation

from .content import ACTOR, CARDS, HOTEL, KINDS, MASCOT, RESTAURANT, RIDE, TICKET

if TYPE_CHECKING:
    from .position import WishlandState

LIMITED = (RESTAURANT, ACTOR, MASCOT, HOTEL)
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def card_limit(state: WishlandState, player: int) -> int:
    """How many cards of each limited colour ``player`` may have."""
    count = state.count[player]
    return count[TICKET] + count[RIDE]


def ignores_limit(state: WishlandState, player: int, kind: int) -> bool:
    for cid in state.ongoing_rewards[player].get("ignore_limit", ()):
        for e in CARDS[cid].ongoing:
            if e.effect == "ignore_limit" and (e.kind is None or _KIND_INDEX[e.kind] == kind):
                return True
    return False


def limit_violation(state: WishlandState, player: int, cid: int) -> RuleViolation | None:
    """Why ``player`` may not take ``cid`` into the play area now, or ``None``."""
    kind = CARDS[cid].kind
    if kind not in LIMITED:
        return None
    limit = card_limit(state, player)
    have = state.count[player][kind]
    if have < limit or ignores_limit(state, player, kind):
        return None
    return RuleViolation(
        "wishland.card_limit",
        f"P{player + 1} already has {have} {KINDS[kind]} card{'s' if have != 1 else ''} and a "
        f"Card Limit of {limit} (Ticket Office + Ride cards); another {KINDS[kind]} needs a "
        "higher limit")
