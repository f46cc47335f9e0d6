"""Turns (rulebook: Gameplay, 3. Turns; Achievements; Hotels #13 and #16).

In Player Turn Order each player takes one turn at a time, four turns a round. A turn is one
standard action (standard_actions.py: place Workers and buy or advertise, or collect) with free
actions before and after it: claiming Achievements (achievements.py) and, with Hotel #16,
paying 3 Credits to collect all Workers (once per turn). Hotel #13 lets its owner take back
all their Workers for free at the end of a turn in which they advertised: a pending choice
(:class:`FreeCollectStep`), since the owner may prefer to leave them on the board (where
they make the spaces dearer for everyone).

The turn's stages, in order, are declared in flow.py: the action (:class:`TurnStep`), the
free actions after it (:class:`FreeActionsStep`, when one is possible), Hotel #13's offer
(when it applies), then :func:`turn_over`. Whose turn comes next, and the end of the round
after the fourth turn of the last player, are the flow's business too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import STAY, Action, Outcome, RuleViolation, Step

from .achievements import claim, claim_violation, claimable
from .actions import (
    ClaimAchievement,
    Collect,
    CollectForFree,
    EndTurn,
    PayToCollect,
    PlaceWorkers,
)
from .rewards import ability_effects, add_credits
from .standard_actions import (
    ADVERTISEMENT,
    CLAIM,
    COLLECT,
    END_TURN,
    PAY_COLLECT,
    advertise,
    buy_options,
    collect,
    place_violation,
    purchase,
)

if TYPE_CHECKING:
    from .position import WishlandState

FREE_COLLECT: list[Action] = [CollectForFree(True), CollectForFree(False)]

# ------------------------------------------------------------------ free actions


def pay_collect_violation(state: WishlandState, player: int) -> RuleViolation | None:
    effects = list(ability_effects(state, player, "pay_collect"))
    if not effects:
        return RuleViolation("wishland.hotel.16", "paying to collect needs Hotel #16")
    if state.paid_collect:
        return RuleViolation("wishland.hotel.16", "Hotel #16 may be used once per turn")
    cost = effects[0][2].cost
    if state.credits[player] < cost:
        return RuleViolation("wishland.hotel.16",
                             f"Hotel #16 costs {cost} Credits; P{player + 1} has "
                             f"{state.credits[player]}")
    if not state.placed[player]:
        return RuleViolation("wishland.hotel.16", "no Workers of yours are on the board")
    return None


def pay_collect(state: WishlandState, player: int) -> None:
    cost = next(ability_effects(state, player, "pay_collect"))[2].cost
    add_credits(state, player, -cost)
    collect(state, player)
    state.paid_collect = True


def free_options(state: WishlandState, player: int) -> list[Action]:
    """Free actions ``player`` may take now (Achievements, Hotel #16)."""
    out: list[Action] = [CLAIM[a] for a in claimable(state, player)]
    if "pay_collect" in state.ongoing_rewards[player] and pay_collect_violation(state, player) is None:
        out.append(PAY_COLLECT)
    return out


def free_violation(state: WishlandState, player: int, act: ClaimAchievement | PayToCollect
                   ) -> RuleViolation | None:
    if type(act) is ClaimAchievement:
        return claim_violation(state, player, act.achievement)
    return pay_collect_violation(state, player)


def do_free(state: WishlandState, player: int, act: ClaimAchievement | PayToCollect) -> None:
    if type(act) is ClaimAchievement:
        claim(state, player, act.achievement)
    else:
        pay_collect(state, player)


# ------------------------------------------------------------------ the turn step


class TurnStep(Step["WishlandState"]):
    """The turn's action stage: one standard action, free actions before it."""

    rule = "wishland.action.one"
    #: whether the turn's action has been taken (the free actions after it)
    done = False

    def __init__(self, player: int) -> None:
        self.player = player

    def prompt(self, state: WishlandState) -> str:
        if self.done:
            return "claim an Achievement, use a free action, or end the turn"
        return (f"place Workers (buy a card or advertise) or collect their Workers (turn "
                f"{state.turn} of round {state.round})")

    def legal(self, state: WishlandState) -> list[Action]:
        p = self.player
        out: list[Action] = [] if self.done else buy_options(state, p)
        if not self.done:
            out.append(COLLECT)
        out += free_options(state, p)
        if self.done:
            out.append(END_TURN)
        return out

    def check(self, state: WishlandState, act: Action) -> None:
        p = self.player
        if type(act) is PlaceWorkers or type(act) is Collect:
            if self.done:
                raise RuleViolation("wishland.action.one",
                                    f"P{p + 1} has already taken this turn's action")
            if type(act) is PlaceWorkers:
                bad = place_violation(state, p, act)
                if bad is not None:
                    raise bad
            return
        if type(act) is ClaimAchievement or type(act) is PayToCollect:
            bad = free_violation(state, p, act)
            if bad is not None:
                raise bad
            return
        if type(act) is EndTurn:
            if not self.done:
                raise RuleViolation("wishland.action.one",
                                    "a turn needs one action first: place Workers or collect")
            return
        if type(act).__name__.startswith("Solo"):
            raise RuleViolation("wishland.solo.only", f"{act} exists only in Solo Mode")
        raise RuleViolation("wishland.action.one", self.not_now(state, act))

    def resolve(self, state: WishlandState, act: Action) -> Outcome:
        p = self.player
        if type(act) is ClaimAchievement or type(act) is PayToCollect:
            do_free(state, p, act)
            return STAY  # the turn goes on once the free action's rewards are paid
        if type(act) is EndTurn:
            return None
        if type(act) is Collect:
            collect(state, p)
            return None
        assert type(act) is PlaceWorkers, act  # check() let nothing else through
        if act.space == ADVERTISEMENT:
            advertise(state, p)
        else:
            purchase(state, p, act)
        return None


class FreeActionsStep(TurnStep):
    """The turn's free-actions stage, after its action: Achievements, Hotel #16, or the end
    of the turn."""

    done = True


# ------------------------------------------------------------------ turn sequence


def start_turns(state: WishlandState) -> None:
    """The Turns phase begins: turn 1, the first player in Player Turn Order."""
    state.turn, state.turn_pos = 1, 0


def has_free_actions(state: WishlandState, player: int) -> bool:
    """The free-actions stage applies: a free action is possible after the action."""
    return bool(free_options(state, player))


def free_collect_due(state: WishlandState, player: int) -> bool:
    """Hotel #13 applies: its owner advertised this turn and has Workers on the board."""
    return bool(state.advertised and "advertise_collect" in state.ongoing_rewards[player]
                and state.placed[player])


def offer_free_collect(state: WishlandState, player: int) -> None:
    """Hotel #13's offer is made: this turn's advertising has been answered."""
    state.advertised = False


class FreeCollectStep(Step["WishlandState"]):
    """Hotel #13: at the end of the turn, collect all your Workers for free, or leave them."""

    rule = "wishland.hotel.13"

    def __init__(self, player: int) -> None:
        self.player = player

    def prompt(self, state: WishlandState) -> str:
        return ("Hotel #13: collect all your Workers for free, or leave them on the board, "
                "to end the turn")

    def legal(self, state: WishlandState) -> list[Action]:
        return FREE_COLLECT

    def check(self, state: WishlandState, act: Action) -> None:
        if type(act) is not CollectForFree:
            raise RuleViolation("wishland.hotel.13", self.not_now(state, act))

    def resolve(self, state: WishlandState, act: Action) -> None:
        assert isinstance(act, CollectForFree), act  # check() let nothing else through
        if act.collect:
            collect(state, self.player)


def turn_over(state: WishlandState, player: int) -> None:
    """The turn is over (after Hotel #13's offer, when it was made): the Turn Token moves on after the last player in Player Turn Order. The flow then gives the
    next player their turn, or ends the round after the fourth turn."""
    state.advertised = False
    state.paid_collect = False
    state.turn_pos += 1
    if state.turn_pos >= len(state.order):
        state.turn_pos = 0
        state.turn += 1
