"""Choosing Turn Order (rulebook: Gameplay, 1. Choosing Turn Order; Solo Mode).

Each round starts with the holder of the First Player Token putting their Player Token on a
free space of the Turn Order Track and taking its reward; the others follow clockwise (seat
order). Space 1 (leftmost) plays first in the round, then 2, 3, ... Rewards: nothing,
1 Credit, 1 Victory Point, a choice of Happiness/Visitor/Worker, 1 Ticket Office card.
In Solo Mode the player simply picks any space (and may later move right to draw cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import Action, RuleViolation, Step
from boardkit.engine.rules import rule_ids

from .actions import ChooseTurnSpace, ClaimAchievement
from .content import CONTENT
from .rewards import give

if TYPE_CHECKING:
    from .position import WishlandState

SPACES = tuple(ChooseTurnSpace(s) for s in range(1, 6))
RULES = rule_ids("wishland")


def spaces(state: WishlandState) -> int:
    """How many spaces the Turn Order Track has (5)."""
    return len(CONTENT.board.turn_order)


class TurnOrderStep(Step["WishlandState"]):
    """Put your Player Token on a free Turn Order space."""

    rule = "wishland.turn_order.space"

    def __init__(self, player: int) -> None:
        self.player = player

    def prompt(self, state: WishlandState) -> str:
        return "choose a free space on the Turn Order Track"

    def legal(self, state: WishlandState) -> list[Action]:
        taken = state.space
        return [a for a in SPACES[:spaces(state)] if a.space not in taken]

    def check(self, state: WishlandState, act: Action) -> None:
        if type(act) is not ChooseTurnSpace:
            if type(act) is ClaimAchievement:
                raise RuleViolation("wishland.achievement.turn",
                                    "Achievements are claimed during your own turn, not while "
                                    "the turn order is chosen")
            raise RuleViolation("wishland.turn_order.space",
                                self.not_now(state, act))
        if not 1 <= act.space <= spaces(state):
            raise RuleViolation("wishland.turn_order.space",
                                f"the Turn Order Track has spaces 1 to {spaces(state)}, not "
                                f"{act.space}")
        if act.space in state.space:
            who = state.space.index(act.space)
            raise RuleViolation("wishland.turn_order.space",
                                f"space {act.space} is already taken by P{who + 1}")

    @RULES.implements("wishland.turn_order.reward")
    def resolve(self, state: WishlandState, act: Action) -> None:
        assert isinstance(act, ChooseTurnSpace), act  # check() let nothing else through
        state.space[self.player] = act.space
        give(state, self.player, ("turn", act.space), 1, "turn order")


def start_round(state: WishlandState) -> None:
    """Round start: clear the track; the holder of the First Player Token chooses first."""
    state.space = [0] * state.players
    state.turn, state.turn_pos = 1, 0
    state.note(f"round {state.round} begins; P{state.first + 1} has the First Player Token")
    if state.round == 1 and state.params.first_round_reversed and state.players > 1:
        state.note("house rule first_round_reversed: round 1's spaces are chosen "
                   f"counter-clockwise, P{choosers(state)[0] + 1} first and "
                   f"P{state.first + 1} last")


def choosers(state: WishlandState) -> list[int]:
    """Who chooses a space, in order: the First Player, then clockwise (seat order). With
    the house rule ``first_round_reversed``, round 1 runs counter-clockwise instead: the
    player to the First Player's right first, the First Player last (the token itself
    starts and passes as the rulebook says)."""
    n = state.players
    if state.round == 1 and state.params.first_round_reversed:
        return [(state.first - 1 - i) % n for i in range(n)]
    return [(state.first + i) % n for i in range(n)]


def fix_order(state: WishlandState) -> None:
    """Player Turn Order for the round: leftmost space first."""
    state.order = sorted(range(state.players), key=lambda p: state.space[p])
    state.note("turn order: " + ", ".join(f"P{p + 1}" for p in state.order))
