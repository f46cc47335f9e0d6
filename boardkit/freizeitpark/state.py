"""A game of Freizeitpark being played: the position (:mod:`.position`) with its flow, its
setup, its scoring and its hidden information.

The flow (see :mod:`.ablauf`): round 0 — every player secretly draws the Eingang; then each
round — one roll for everybody, every player still in the game secretly chooses a build, and
when the last one has chosen all builds are drawn at once, scored, and the end is checked
(:mod:`.ende`). A player whose park cannot take any structure of the roll is not asked
anything that round: they skip it and nothing is built (``freizeitpark.ablauf.aussetzen``,
logged, and shown as ``skipped`` in the observation). A player is out only when no roll at
all fits the park any more (``freizeitpark.ende.ausgeschieden``); with the rule parameter
``end.unplayable = "out"`` the first roll that does not fit puts them out instead.

The game always ends: every round that somebody builds fills at least one empty cell, a
park that no roll fits is out, and a roll that fits some park comes with a chance of at
least 1 in 36 each round. It ends with a winner (status ``won``) or with nobody left
(every player ``fired`` or ``out``), and then :meth:`~FreizeitparkPlay.winners` is ``[]``.
:meth:`~FreizeitparkPlay.observation` hides the other players' builds of the round until
they are drawn, and :meth:`~FreizeitparkPlay._determinize` replaces them by random legal ones.
"""

from __future__ import annotations

from typing import Any

from . import auftragskarten, ende, wurf
from .ablauf import BuildStep, EntranceStep
from .actions import Build, Entrance
from .bauen import structure_cells
from .content import TABLES, content
from .flow import FLOW
from .konstrukte import analysis
from .position import STATUS, FreizeitparkState, _Scratch
from .setup import setup
from .wertung import final_scores

__all__ = ["STATUS", "FreizeitparkPlay", "FreizeitparkState"]


class FreizeitparkPlay(FreizeitparkState):
    """A game of Freizeitpark being played: the position
    (:class:`.position.FreizeitparkState`) with its flow, setup, scoring and hidden
    information."""

    flow = FLOW
    chance_checks = {"roll": wurf.check_roll, "auftragskarte": auftragskarten.check_card}

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        self._scratch = _Scratch()
        setup(self)
        self.flow.begin(self)

    # ------------------------------------------------------------------ the round's end
    def end_round(self) -> None:
        """Draw every hidden build at once, mark the points, check the end
        (:func:`.ende.end_round`)."""
        ende.end_round(self)

    # ------------------------------------------------------------------ results
    def standing(self, player: int) -> ende.Standing:
        return ende.standing(self.rules, self.sheets[player], self.penalty[player])

    def _scores(self) -> list[float]:
        return final_scores(self)

    def winners(self) -> list[int]:
        """The players who won by the rules (status ``won``); ``[]`` before the end and when
        nobody won (everybody fired or out). The ranking by closeness to the minimums is
        the score (:meth:`scores`), not a win."""
        if not self.is_over:
            return []
        return [p for p in range(self.players) if self.status[p] == "won"]

    def score_breakdown(self, player: int) -> dict[str, float]:
        """The sheet behind the score: the marks of each table, the enclosure penalty and
        the enclosed cells."""
        st = self.standing(player)
        out: dict[str, float] = {t: float(st.marks(t)) for t in TABLES}
        out.update(penalty=float(st.penalty), enclosed=float(st.enclosed))
        return out

    def facts(self, player: int) -> dict[str, float | str]:
        """How the game ended for ``player`` (``won``, ``fired``, ``out``: 1 or 0), the
        game's last round (``rounds``), the rolls they had to skip (``skipped``) and, with an
        Auftragskarte, whether its condition is met (``card_met``)."""
        out: dict[str, float | str] = {
            "won": float(self.status[player] == "won"),
            "fired": float(self.status[player] == "fired"),
            "out": float(self.status[player] == "out"), "rounds": float(self.round),
            "skipped": float(self.skips[player])}
        if self.card is not None:
            out["card_met"] = float(self.standing(player).card_met)
        return out

    # ------------------------------------------------------------------ information
    def _build_dict(self, act: Entrance | Build) -> dict[str, Any]:
        rs = self.rules
        if isinstance(act, Entrance):
            cells = structure_cells(rs, 0, act.turn, act.x, act.y)
            return {"symbol": "eingang", "die": None, "cells": [list(c) for c in cells]}
        cells = structure_cells(rs, act.die, act.turn, act.x, act.y)
        return {"symbol": act.symbol, "die": act.die, "cells": [list(c) for c in cells]}

    def _observe(self, player: int | None) -> dict:
        rs = self.rules
        players = []
        for p in range(self.players):
            st = self.standing(p)
            an = analysis(rs, self.sheets[p])
            pending = self.builds[p]
            players.append({
                "status": self.status[p],
                "sheet": self.sheets[p].rows(),
                "tables": {t: st.marks(t) for t in TABLES},
                "penalty": st.penalty,
                "enclosed": sorted([list(c) for c in an.enclosed]),
                "constructs": {s: an.count(s) for s in rs.symbols if an.count(s)},
                "card_progress": list(st.card_progress),
                "decided": pending is not None,
                "skipped": bool(self.skipped[p]) and self.round > 0,
                "pending": (self._build_dict(pending)
                            if pending is not None and player in (None, p) else None),
            })
        card = content().cards[self.card] if self.card else None
        return {
            "round": self.round,
            "dice": list(self.dice) if self.dice and self.round > 0 else None,
            "card": None if card is None else {"id": card.id, "text": card.text},
            "players": players,
            "winners": self.winners() if self.is_over else [],
        }

    def _determinize(self, player: int) -> None:
        """Replace the other players' hidden builds of this round by random legal ones."""
        for q, act in enumerate(self.builds):
            if act is None or q == player:
                continue
            if self.round == 0 or self.dice is None:  # no roll before round 1
                options = EntranceStep(q).legal(self)
            else:
                options = BuildStep(q, self.dice).legal(self)
            choice = options[int(self.rng.integers(len(options)))]
            assert isinstance(choice, Entrance | Build), choice  # what the two steps list
            self.builds[q] = choice
