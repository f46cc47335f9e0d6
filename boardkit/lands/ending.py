"""Ending the Round (rulebook: Gameplay › Ending the Round).

The round ends when the deck is empty or every stack is empty (``lands.end.trigger``):

1. the build area's cards go to the discard pile (``lands.end.discard_build``);
2. the player reserves discarded cards, each with an icon of the current portfolio round
   (``lands.end.reserve_match``), at least one whenever such a card exists
   (``lands.end.reserve_required``), as many as wanted (``lands.end.reserve_more``);
3. the reserved pile covers the round (``lands.end.cover``); after the last round the
   Megapark Phase begins, otherwise the discard pile — with any cards left in the deck —
   is shuffled into the new deck (``lands.end.new_deck``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardkit.engine import STAY, Action, Outcome, RuleViolation, Step
from boardkit.engine.rules import rule_ids
from boardkit.engine.words import plural

from .actions import DoneReserving, Reserve

if TYPE_CHECKING:
    from .position import LandsState

RULES = rule_ids("lands")


@RULES.implements("lands.end.discard_build")
def end_round(state: LandsState) -> None:
    """The end of a Portfolio round: clear the build area, then ask for the reserve."""
    cards = [p.card for park in state.parks for p in park]
    if cards:
        state.discard.extend(cards)
        state.note(f"the build area is cleared: {', '.join(f'#{c}' for c in cards)} go to the "
                   "discard pile (lands.end.discard_build)")
    state.parks = []
    state.drawn = None
    state.reserved_now = 0
    state.ask(ReserveStep())


def eligible(state: LandsState) -> list[int]:
    wanted = set(state.side.portfolio[state.round - 1])
    return sorted(c for c in state.discard if state.content.cards[c].icons() & wanted)


class ReserveStep(Step["LandsState"]):
    """Reserve discarded cards that show an icon of the current round."""

    rule = "lands.end.reserve_match"

    def prompt(self, state: LandsState) -> str:
        icons = ", ".join(state.side.portfolio[state.round - 1])
        if state.reserved_now:
            return f"reserve another card with {icons}, or stop"
        return f"reserve a discarded card with {icons}"

    def legal(self, state: LandsState) -> list[Action]:
        out: list[Action] = [Reserve(c) for c in eligible(state)]
        if state.reserved_now or not out:
            out.append(DoneReserving())
        return out

    def check(self, state: LandsState, act: Action) -> None:
        if isinstance(act, DoneReserving):
            if not state.reserved_now and eligible(state):
                raise RuleViolation("lands.end.reserve_required", "a discarded card shows an "
                                    "icon of this round, so you must reserve at least one "
                                    f"(candidates: {', '.join(f'#{c}' for c in eligible(state))})")
            return
        if not isinstance(act, Reserve):
            raise RuleViolation("lands.end.reserve_match", self.not_now(state, act))
        if act.card not in state.discard:
            raise RuleViolation("lands.end.reserve_match", f"#{act.card} is not in the discard "
                                "pile; only discarded cards can be reserved")
        if act.card not in eligible(state):
            icons = ", ".join(state.side.portfolio[state.round - 1])
            raise RuleViolation("lands.end.reserve_match", f"#{act.card} shows "
                                f"{', '.join(sorted(state.content.cards[act.card].icons()))}, "
                                f"none of this round's icons ({icons})")

    @RULES.implements("lands.end.reserve_more", "lands.end.cover")
    def resolve(self, state: LandsState, act: Action) -> Outcome:
        if isinstance(act, Reserve):
            state.discard.remove(act.card)
            state.reserved.append(act.card)
            state.reserved_now += 1
            state.note(f"#{act.card} is reserved face down")
            return STAY  # another one may follow
        state.note(f"the reserved pile covers round {state.round} (lands.end.cover)")
        return None


def game_end(state: LandsState) -> bool:
    """Whether the round just ended was the last: the rounds are over and the end of the game,
    the Megapark Phase, follows (the same name in every game: :func:`boardkit.lands.game_end`)."""
    return state.round >= state.params.rounds


def new_deck(state: LandsState) -> None:
    """Before the next round: the discard pile, with any cards left in the deck, is shuffled
    into the new deck (``lands.end.new_deck``)."""
    cards = state.deck + state.discard
    if cards:
        order = state.chance(
            "shuffle", lambda rng: tuple(int(c) for c in rng.permutation(cards)),
            check=lambda s, v: _check_same(cards, v),
            text=lambda v: f"{plural(len(v), 'card')} shuffled into the new deck")
    else:
        order = ()
    state.deck = list(order)
    state.deck_known = 0
    state.discard = []


def _check_same(cards: Sequence[int], value: object) -> None:
    if not isinstance(value, tuple) or sorted(value) != sorted(cards):
        raise RuleViolation("lands.end.new_deck", f"the new deck is the discard pile shuffled: "
                            f"a permutation of {sorted(cards)}, not {value!r}")
