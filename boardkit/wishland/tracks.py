"""Tracks (rulebook: Game Board — Victory Point Track, Happiness Track, Visitor Track,
Worker Reserve, Mascot Card Bonuses).

* Victory Points: :func:`add_vp` moves the token and books the points by source.
* Happiness: every odd space reached scores 1 Victory Point (2 with Entrepreneur #4).
* Visitors: every odd space reached pays 2 Credits (4 with Entrepreneur #5).
* Both tracks end at 10; reaching 10 unlocks a Final Scoring Reward (final_scoring.py).
  Steps beyond the end are lost (``wishland.tracks.max``).
* Worker Reserve: a Worker gained comes from the player's 6 bonus Workers on the Reserve;
  with the Reserve empty, further Workers are lost (``wishland.reserve.gain``). Once all 6
  are claimed, the player may add up to 3 extra Workers to a purchase, each lowering its cost
  by 1 (``wishland.reserve.ability``, checked in standard_actions.py).
* Mascot Card Bonuses: the board pays the 1st to 5th Mascot card a player plays (the bonuses
  are data in board.toml; Entrepreneur #8 doubles them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine.rules import rule_ids

from .content import CARDS, CONTENT, RewardRef

if TYPE_CHECKING:
    from .position import WishlandState

RULES = rule_ids("wishland")


#: every source Victory Points are booked under during play, in the order of a score
#: breakdown (the card kinds' sources are ``rewards.SOURCE``). A breakdown lists all of them,
#: 0 where nothing was scored, so a simulation table has the same columns in every game: a
#: source listed only when it scored would leave the other rows empty, and a mean over the
#: column would count only the players who scored it.
SOURCES = ("turn order", "rides", "restaurants", "actors", "hotels", "mascots", "mascot bonus",
           "entrepreneur", "income", "happiness track", "achievements", "ticket offices",
           "advertisement")
_SOURCES = frozenset(SOURCES)


def add_vp(state: WishlandState, player: int, n: int, source: str) -> None:
    """``player`` scores ``n`` Victory Points, booked under ``source`` (``vp_by``; one of
    :data:`SOURCES`)."""
    if source not in _SOURCES:
        raise ValueError(f"Victory Points booked under {source!r}, which is not a score "
                         f"source; known: {', '.join(SOURCES)}")
    if n:
        state.vp[player] += n
        by = state.vp_by[player]
        by[source] = by.get(source, 0) + n


def doubles(state: WishlandState, player: int, track: str) -> bool:
    """Does ``player`` double ``track``'s rewards (Entrepreneur #4 / #5)?"""
    for cid in state.ongoing_rewards[player].get("double_track", ()):
        if any(e.effect == "double_track" and e.track == track for e in CARDS[cid].ongoing):
            return True
    return False


@RULES.implements("wishland.tracks.happiness", "wishland.tracks.visitors", "wishland.tracks.max")
def advance(state: WishlandState, player: int, track: str, n: int) -> None:
    """Move ``player`` ``n`` spaces along the Happiness or Visitor Track, paying odd spaces."""
    if n <= 0:
        return
    pos = state.happiness if track == "happiness" else state.visitors
    top = state.params.tracks.max
    moved = 0
    for _ in range(n):
        if pos[player] >= top:
            break
        pos[player] += 1
        moved += 1
        if pos[player] % 2 == 1:
            mult = 2 if doubles(state, player, track) else 1
            if track == "happiness":
                add_vp(state, player, state.params.tracks.happiness_odd_vp * mult,
                       "happiness track")
            else:
                state.credits[player] += state.params.tracks.visitors_odd_credits * mult
    if moved < n:
        state.note(f"is at the end of the {track} track "
                   f"({n - moved} step{'s' if n - moved > 1 else ''} lost)", player)


@RULES.implements("wishland.reserve.gain")
def gain_workers(state: WishlandState, player: int, n: int) -> None:
    """Take ``n`` Workers from ``player``'s Worker Reserve (as many as are left)."""
    take = min(n, state.reserve[player])
    if take:
        state.reserve[player] -= take
        state.workers[player] += take
        if state.reserve[player] == 0:
            state.note("has claimed all bonus Workers: extra Workers may now "
                       "lower a purchase's cost", player)
    if take < n:
        state.note(f"has no Worker left on the Reserve ({n - take} Worker"
                   f"{'s' if n - take > 1 else ''} lost)", player)


def ability_unlocked(state: WishlandState, player: int) -> bool:
    """All bonus Workers claimed: the Worker Reserve ability is available."""
    return state.reserve[player] == 0


@RULES.implements("wishland.mascot.bonus")
def mascot_bonus(state: WishlandState, player: int, nth: int) -> tuple[RewardRef, int] | None:
    """The board's bonus for ``player``'s ``nth`` Mascot card: (reward reference, multiplier),
    or ``None`` after the 5th."""
    if nth > len(CONTENT.board.mascot_bonus):
        return None
    return ("mascot", nth), 2 if "double_mascot" in state.ongoing_rewards[player] else 1
