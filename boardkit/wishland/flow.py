"""The Wishland flow, in one place (rulebook: Setup; Rounds; Round Summary; Ending a Round;
Final Scoring; Solo Mode).

After the setup (setup.py), the optional Entrepreneur draft; then 7 rounds, each of them:
choosing Turn Order, the Income Phase, 4 turns per player in Player Turn Order, and (after
rounds 1 to 6) the end of the round; after round 7, Final Scoring. Solo Mode follows the same
flow with its own turn (solo.py).

The rule modules below are leaves: their steps record a decision and never call the next
phase or the next stage of a turn; this module wires the phases, and the stages of a turn,
together. Where a rule pauses for a decision in the middle of its work (a choice among a
card's rewards) it asks it, then schedules the rest (``state.ask``, ``state.then``).

``print(boardkit.game("wishland").state_class.flow.describe())`` shows this table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import Flow, Phase, Stage, Turn

from . import (
    end_of_round,
    final_scoring,
    income,
    setup,
    solo,
    turn_order,
    turns,
)

if TYPE_CHECKING:
    from .position import WishlandState

HOTEL_13 = Stage("hotel_13",
                 "with Hotel #13, after a turn in which its owner advertised and while they "
                 "have Workers on the board: collect them all for free, or leave them",
                 ask=lambda state, seat: turns.FreeCollectStep(seat),
                 when=turns.free_collect_due, start=turns.offer_free_collect,
                 rule="wishland.hotel.13")

TURN = Turn(
    "turn", "one standard action with free actions around it",
    Stage("action",
          "place Workers to buy a card or advertise, or collect every Worker; free actions "
          "(claim an Achievement, Hotel #16) may come first",
          ask=lambda state, seat: turns.TurnStep(seat), rule="wishland.action.one"),
    Stage("free_actions",
          "when one is possible: free actions after the action, until the player ends the "
          "turn",
          ask=lambda state, seat: turns.FreeActionsStep(seat), when=turns.has_free_actions,
          rule="wishland.action.one"),
    HOTEL_13,
    end=turns.turn_over,
)

SOLO_TURN = Turn(
    "solo turn", "Solo Mode: collect, or draw cards into the hand and play or advertise",
    Stage("action",
          "collect every Worker (the turn goes on at 'after'), or spend a Worker to draw a "
          "card into the hand; free actions (an Achievement, Hotel #16, the free draw) may "
          "come first",
          ask=lambda state, seat: solo.SoloTurnStep(seat, "action"), rule="wishland.solo.turn"),
    Stage("more",
          "after a draw: draw another card, play a card from the hand or advertise (the hand "
          "is then discarded); with nothing possible, discard the hand",
          ask=lambda state, seat: solo.SoloTurnStep(seat, "more"),
          rule="wishland.solo.additional"),
    Stage("after",
          "when one is possible: free actions, until the player ends the turn",
          ask=lambda state, seat: solo.SoloTurnStep(seat, "after"),
          when=solo.has_solo_free_actions, rule="wishland.action.one"),
    HOTEL_13,
    when=lambda state, seat: state.solo,
    end=turns.turn_over,
)


def _after_turns(state: WishlandState) -> str:
    return "final_scoring" if end_of_round.game_end(state) else "end_of_round"


FLOW = Flow(
    Phase("entrepreneurs",
          "with the optional Entrepreneur cards: each player is dealt 2 in secret and keeps "
          "1, in seat order; then all kept cards are revealed together and start to work "
          "(without the option nothing happens here)",
          start=setup.deal_entrepreneurs, seats=setup.drafters,
          turn=lambda state, seat: setup.DraftStep(seat), end=setup.reveal,
          next="turn_order", rule="wishland.entrepreneur.draft"),
    Phase("turn_order",
          "a new round: the holder of the First Player Token puts their Player Token on a "
          "free space of the Turn Order Track and takes its reward, then the others "
          "clockwise (Solo Mode: any space); the leftmost token plays first this round",
          start=turn_order.start_round, seats=turn_order.choosers,
          turn=lambda state, seat: turn_order.TurnOrderStep(seat), end=turn_order.fix_order,
          next="income", rule="wishland.turn_order.sequence"),
    Phase("income",
          "in Player Turn Order each player takes 5 Credits and their cards' Income Rewards "
          "(a choice among them is asked)",
          seats=lambda state: state.order, turn=income.collect_income,
          next="player_turns", rule="wishland.income.base"),
    # (not "turns": that is the state's field of the seats still to play in a phase)
    Phase("player_turns",
          "in Player Turn Order each player takes one turn at a time, 4 turns each: one "
          "standard action (place Workers to buy a card or advertise, or collect the "
          "Workers) with free actions around it (Solo Mode: collect, or draw cards into the "
          "hand and play or advertise)",
          start=turns.start_turns,
          seats=lambda state: state.order * state.params.turns_per_round,
          turn=(SOLO_TURN, TURN),
          next=_after_turns, leads_to=("end_of_round", "final_scoring"),
          rule="wishland.turns.count"),
    Phase("end_of_round",
          "after rounds 1 to 6: the unbought cards are discarded (after round 6 every "
          "discard pile is shuffled back), 4 new cards are dealt to each row (Solo Mode: "
          "none), the Round Token moves on and the First Player Token passes left; Workers "
          "stay where they are",
          start=end_of_round.end_round, next="turn_order",
          rule="wishland.end_of_round.discard"),
    Phase("final_scoring",
          "after round 7: in Player Turn Order the owner of Hotel #8 may buy one more card; "
          "then every player's Final Scoring, step by step; most Victory Points wins (Solo "
          "Mode: beat your best score)",
          start=final_scoring.start_final_scoring, seats=lambda state: state.order,
          turn=final_scoring.bonus_card, end=final_scoring.final_done, next=None,
          rule="wishland.final.order"),
    first="entrepreneurs",
)
