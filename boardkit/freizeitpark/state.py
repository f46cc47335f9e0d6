"""The Freizeitpark position: every player's sheet, the roll, the hidden builds of the round.

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
(every player ``fired`` or ``out``), and then :meth:`winners` is ``[]``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from boardkit.engine import State
from boardkit.engine.rules import rule_ids

from . import auftragskarten, ende, wurf
from .ablauf import BuildStep, EntranceStep
from .actions import Build, Entrance
from .bauen import structure_cells
from .content import TABLES, content
from .flow import FLOW
from .konstrukte import analysis
from .params import Params, Variant
from .regelwerk import Ruleset, ruleset
from .setup import setup
from .sheet import Sheet
from .wertung import final_scores


class _Scratch(dict[Hashable, Any]):
    """Caches that are never saved, copied or compared (they pickle as empty)."""

    def __reduce__(self) -> tuple[type[_Scratch], tuple[()]]:
        return (_Scratch, ())


T = TypeVar("T")


STATUS = ("playing", "won", "fired", "out")
RULES = rule_ids("freizeitpark")


class FreizeitparkState(State):
    flow = FLOW
    chance_checks = {"roll": wurf.check_roll, "auftragskarte": auftragskarten.check_card}

    params: Params
    variant: Variant
    #: caches (the ruleset, per-sheet analyses): never saved, copied or compared
    _scratch: _Scratch
    #: the Auftragskarte in play (expanded game), None in the basic game
    card: str | None
    #: each player's park sheet
    sheets: list[Sheet]
    #: each player's status, one of :data:`STATUS`
    status: list[str]
    #: each player's penalty points
    penalty: list[int]
    #: each player's secret choice of the current round, drawn when the last has chosen
    builds: list[Entrance | Build | None]
    #: players who skip the current round (the roll fits nowhere in their park)
    skipped: list[bool]
    #: rounds skipped so far, per player
    skips: list[int]
    #: the round in which each player won, was fired or went out (None while playing)
    left_round: list[int | None]
    #: 0: the Eingang round; then the roll rounds
    round: int
    #: the roll of the current round (None before the first)
    dice: tuple[int, int] | None
    #: set when the game has ended (somebody won, or nobody is left)
    over: bool

    # ------------------------------------------------------------------ setup
    def setup(self) -> None:
        self._scratch = _Scratch()
        setup(self)
        self.flow.begin(self)

    @property
    def rules(self) -> Ruleset:
        scratch = self.__dict__.get("_scratch")
        if scratch is None:
            scratch = self._scratch = _Scratch()
        rs = scratch.get("rules")
        if rs is None:
            rs = scratch["rules"] = ruleset(self.params, self.card)
        return rs

    def cached(self, player: int, key: Hashable, compute: Callable[[], T]) -> T:
        """A per-player cache valid while that player's sheet is unchanged."""
        scratch = self.__dict__.get("_scratch")
        if scratch is None:
            scratch = self._scratch = _Scratch()
        full = (player, self.sheets[player].version, key)
        if full not in scratch:
            scratch[full] = compute()
        return scratch[full]

    def set_status(self, player: int, status: str) -> None:
        """A player leaves the game: won, fired or out (in the current round)."""
        self.status[player] = status
        self.left_round[player] = self.round

    def playing(self) -> list[int]:
        return [p for p in range(self.players) if self.status[p] == "playing"]

    # ------------------------------------------------------------------ the round's end
    @RULES.implements("freizeitpark.ablauf.simultan")
    def end_round(self) -> None:
        """Draw every hidden build at once, mark the points, check the end."""
        rs = self.rules
        for p, act in enumerate(self.builds):
            if act is None:
                continue
            self.builds[p] = None
            self._draw(p, act, rs)
        if self.round > 0:
            self.over = ende.evaluate(self)

    def _draw(self, p: int, act: Entrance | Build, rs: Ruleset) -> None:
        sheet = self.sheets[p]
        before = ende.standing(rs, sheet)
        if isinstance(act, Entrance):
            cells = structure_cells(rs, 0, act.turn, act.x, act.y)
            sheet.draw(cells, "eingang")
            self.note(f"draws the Eingang on {rs.labels.cells(cells, sep=' ')}", player=p)
            return
        cells = structure_cells(rs, act.die, act.turn, act.x, act.y)
        sheet.draw(cells, act.symbol)
        an = analysis(rs, sheet)
        group = an.groups[an.group_at[cells[0]]]
        status = an.status(group)
        after = ende.standing(rs, sheet)
        name = content().de(act.symbol)
        parts = [f"draws the {content().structures[act.die].de} of the {act.die} "
                 f"as {name} on {rs.labels.cells(cells, sep=' ')}"]
        if status == "finished" and act.symbol != "landschaft":
            parts.append(f"a {name} is finished")
        elif status == "finished":
            parts.append("a Landschaft square is finished")
        elif status == "train":
            parts.append(f"the Bummelzug has {len(group)} cells")
        elif status == "sin":
            parts.append(f"Bausünde: this {name} can never be finished")
        elif status == "open":
            parts.append(f"a {name} site ({len(group)} of {len(rs.shapes[act.symbol] or ())} "
                         f"cells)" if act.symbol != "zug" else f"a Bummelzug of {len(group)} cells")
        for t in TABLES:
            gained = after.tables[t].marks - before.tables[t].marks
            lost = after.tables[t].raw - before.tables[t].raw - gained
            if gained:
                parts.append(f"+{gained} {content().de(t, 'table')}")
            if lost > 0:
                parts.append(f"{content().de(t, 'table')} table full ({lost} not marked)")
        if rs.card is not None and after.card_met and not before.card_met:
            parts.append("Auftrag erfüllt ✓")
        elif rs.card is not None and before.card_met and not after.card_met:
            have, need = after.card_progress  # only Messe can lapse (freizeitpark.auftrag.bedingung)
            parts.append(f"Auftrag no longer met: {have} of {need} needed")
        self.note("; ".join(parts), player=p)

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
