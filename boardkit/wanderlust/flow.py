"""The Wanderlust flow, in one place (rulebook: *Turn Overview* and *End of the Game*).

The race is played in rounds: each trotter in clockwise order takes a turn — a player
spends two action points (:class:`.turn.TurnStep`), an automaton moves at once (Solo Mode).
A game may start with any trotter (a scenario that begins mid-round), so the first round
starts there. Once the end is triggered every trotter has one more turn, and then the race
is over; a safety limit on the number of rounds ends a race that never triggers (a
triggered race plays its last turns even past it).

``print(boardkit.game("wanderlust").state_class.flow.describe())`` shows this table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import Flow, Phase, Stage, Turn

from . import turn

if TYPE_CHECKING:
    from .position import WanderlustState


def _next(state: WanderlustState) -> str | None:
    return None if turn.game_end(state) else "round"


#: a trotter's turn: an automaton moves at once; a player spends the action points
TURNS = (
    Turn("automaton", "an automaton moves at once (Solo and automaton variants)",
         when=turn.is_automaton, end=turn.automaton_turn),
    Turn("trotter", "a player's turn",
         Stage("actions",
               "spend two action points, one at a time: take a ticket (from the display or "
               "blind), travel, or collect a souvenir, postcard or photo; encounter cards and "
               "a display reset may come at any time; then end the turn",
               ask=lambda state, t: turn.TurnStep(t, state.params.turn.action_points),
               start=turn.begin_turn, rule="wanderlust.turn.points"),
         end=turn.turn_over),
)

FLOW = Flow(
    Phase("first_round", "the round the game starts in: from the first trotter to play "
          "(P1, or a scenario's) round the table, each taking a turn",
          seats=lambda state: range(state.turn, state.trotters), turn=TURNS,
          end_if=turn.game_end, next=_next, leads_to=("round", None),
          rule="wanderlust.turn.points"),
    Phase("round", "a new round: each trotter in clockwise order takes a turn (a player "
          "spends two action points, an automaton moves at once); the race ends once every "
          "trotter has had one more turn after the end was triggered",
          start=turn.new_round, turn=TURNS, seats=lambda state: range(state.trotters),
          end_if=turn.game_end, next=_next, leads_to=("round", None),
          rule="wanderlust.turn.points"),
    first="first_round",
)
