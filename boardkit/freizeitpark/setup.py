"""Spielvorbereitung (setup): every player gets a sheet, two dice are shared; in the
Erweitertes Spiel one Auftragskarte (chosen, or drawn at random) is in force for everybody.

The rules in force for the game (the sheet's size, the structures, the tables) are gathered
by :mod:`.regelwerk` once the card is known.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine.rules import rule_ids

from . import auftragskarten
from .content import content
from .sheet import Sheet

if TYPE_CHECKING:
    from .position import FreizeitparkState

RULES = rule_ids("freizeitpark")


@RULES.implements("freizeitpark.vorbereitung.blatt")
def setup(state: FreizeitparkState) -> None:
    """The Auftragskarte (expanded game), a blank sheet per player, everybody playing."""
    state.card = None
    if state.variant.card is not None:
        state.card = state.variant.card
        state.note(f"Auftragskarte (chosen): {content().label(state.card, 'card')}")
    elif state.variant.expanded:
        state.card = state.chance(
            "auftragskarte", auftragskarten.draw,
            text=lambda v: f"Auftragskarte drawn: {content().label(v, 'card')}")
    rs = state.rules
    state.sheets = [Sheet(rs.width, rs.height) for _ in range(state.players)]
    state.status = ["playing"] * state.players
    state.penalty = [0] * state.players
    state.builds = [None] * state.players
    state.skipped = [False] * state.players
    state.skips = [0] * state.players
    state.left_round = [None] * state.players
    state.round = 0
    state.dice = None
    state.over = False
