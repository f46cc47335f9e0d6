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

from boardkit.engine import Flow, Phase

from . import turn


def _next(state) -> str | None:
    return None if turn.game_end(state) else "round"


FLOW = Flow(
    Phase("first_round", "the round the game starts in: from the first trotter to play "
          "(P1, or a scenario's) round the table, each taking a turn",
          seats=lambda state: range(state.turn, state.trotters), turn=turn.turn,
          end_if=turn.game_end, next=_next, leads_to=("round", None),
          rule="wanderlust.turn.points"),
    Phase("round", "a new round: each trotter in clockwise order takes a turn (a player "
          "spends two action points, an automaton moves at once); the race ends once every "
          "trotter has had one more turn after the end was triggered",
          start=turn.new_round, turn=turn.turn, seats=lambda state: range(state.trotters),
          end_if=turn.game_end, next=_next, leads_to=("round", None),
          rule="wanderlust.turn.points"),
    first="first_round",
)
