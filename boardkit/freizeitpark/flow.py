"""The Freizeitpark flow, in one place (rulebook section "Spielablauf").

Round 0, ``eingang``: every player secretly draws the Eingang on the empty sheet; the drawings
are revealed together. Then ``runde`` after ``runde``: one roll for everybody; each player still
in the game secretly builds with it (or skips the round when nothing fits,
:func:`.ablauf.turn`); when the last one has chosen, every build is drawn at once, the points
marked and the end checked (:func:`.ende.close_round`). The game ends after the round in which
somebody won, or in which the last player left.

``print(boardkit.game("freizeitpark").state_class.flow.describe())`` shows this table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import Flow, Phase

from . import ablauf, ende, wurf

if TYPE_CHECKING:
    from .position import FreizeitparkState


def _roll(state: FreizeitparkState) -> None:
    """The start of a round: the next player rolls the two dice for everybody."""
    state.round += 1
    state.skipped = [False] * state.players
    who = f"round {state.round}: P{(state.round - 1) % state.players + 1} rolls"
    state.dice = state.chance("roll", wurf.roll, text=lambda v: f"{who} {v[0]} and {v[1]}")


def _after(state: FreizeitparkState) -> str | None:
    return None if ende.game_end(state) else "runde"


FLOW = Flow(
    Phase("eingang", "every player secretly draws the Eingang on the empty sheet; the "
          "drawings are revealed together",
          turn=lambda state, seat: ablauf.EntranceStep(seat),
          end=ende.close_round, next=_after, leads_to=("runde", None),
          rule="freizeitpark.ablauf.eingang_zuerst"),
    Phase("runde", "one roll for everybody; each player still in the game secretly builds "
          "with it, or skips when nothing fits; then every build is drawn at once, the "
          "points marked and the end checked",
          start=_roll, seats=lambda state: state.playing(), turn=ablauf.turn,
          end=ende.close_round, next=_after, leads_to=("runde", None),
          rule="freizeitpark.ablauf.runde"),
    first="eingang",
)
