"""The Wishland flow, in one place (rulebook: Setup; Rounds; Round Summary; Ending a Round;
Final Scoring; Solo Mode).

After the setup (setup.py), the optional Entrepreneur draft; then 7 rounds, each of them:
choosing Turn Order, the Income Phase, 4 turns per player in Player Turn Order, and (after
rounds 1 to 6) the end of the round; after round 7, Final Scoring. Solo Mode follows the same
flow with its own turn (solo.py).

The rule modules below are leaves: their steps record a decision (or push the next decision
of the same turn) and never call the next phase; this module wires the phases together.
Where a rule pauses for a decision in the middle of its work it pushes the rest as a
continuation (``continuations.later``): the names below, run by the engine once the decision
is made.

``print(boardkit.game("wishland").state_class.flow.describe())`` shows this table.
"""

from __future__ import annotations

from boardkit.engine import Flow, Phase, Step

from . import (
    end_of_round,
    final_scoring,
    income,
    rewards,
    setup,
    solo,
    standard_actions,
    turn_order,
    turns,
)


def _turn(state, seat: int) -> Step:
    """A turn: one standard action with free actions around it (Solo Mode: a solo turn)."""
    if state.solo:
        return solo.SoloTurnStep(seat, "action")
    return turns.TurnStep(seat)


def _after_turns(state) -> str:
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
          seats=lambda state: state.order * state.params.turns_per_round, turn=_turn,
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
    continuations={
        "gain": rewards.gain,
        "tickets": rewards.take_tickets,
        "play": standard_actions.play_bought,
        "after_action": turns.after_action,
        "solo_after_action": solo.after_solo_action,
        "turn_over": turns.turn_over,
    },
)
