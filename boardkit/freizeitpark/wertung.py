"""Mögliche Punkte erhalten (scoring): the four tables of every sheet.

Rulebook section "Mögliche Punkte erhalten", paraphrased: each Landschaft cell gives one
Nachhaltigkeit at once (``freizeitpark.wertung.landschaft``); a finished Achterbahn,
Wildwasserbahn, Geisterbahn or Karussell gives 4, 3, 2 or 1 Beliebtheit
(``freizeitpark.wertung.attraktionen``); a Verkaufsstand 3 Vermögen
(``freizeitpark.wertung.verkaufsstand``); a Parkplätze construct 3 points in its table
(``freizeitpark.wertung.parkplaetze``). Each table has a number of fields and a minimum
(``freizeitpark.wertung.tabellen``); a full table takes no more marks, though building goes
on (``freizeitpark.wertung.voll``). Only finished constructs score: Bausünden never do.

Points follow from the drawing alone: finished constructs stay finished (nothing is erased
and no structure may extend a finished construct, except a Bummelzug into a longer one that
still meets its card), so recomputing never loses a mark.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from boardkit.engine.rules import rule_ids

from .content import TABLES
from .konstrukte import Analysis
from .regelwerk import Ruleset

RULES = rule_ids("freizeitpark")


@dataclass(frozen=True)
class Table:
    name: str
    raw: int       # points earned (before the table's limit)
    marks: int     # crosses on the table (at most its fields), before any penalty
    fields: int
    minimum: int

    @property
    def met(self) -> bool:
        return self.marks >= self.minimum


@RULES.implements("freizeitpark.wertung.landschaft", "freizeitpark.wertung.attraktionen",
                  "freizeitpark.wertung.verkaufsstand", "freizeitpark.wertung.parkplaetze")
def raw_points(rs: Ruleset, an: Analysis) -> dict[str, int]:
    """Points earned per table (before the tables' limits)."""
    points = dict.fromkeys(TABLES, 0)
    land = an.cells_of("landschaft")
    if rs.landscape_per_point:
        points["nachhaltigkeit"] += (land // rs.landscape_per_point) * rs.landscape_points
    for symbol, (table, pts) in rs.scores.items():
        n = an.count(symbol)
        if n:
            points[table] += n * pts
    card = rs.card
    if card is not None and card.kind == "landscape_squares":
        assert card.beliebtheit is not None, card.id  # CardEntry checks the kind's fields
        points["beliebtheit"] += an.count("landschaft") * card.beliebtheit
    return points


@RULES.implements("freizeitpark.wertung.tabellen", "freizeitpark.wertung.voll")
def tables(rs: Ruleset, an: Analysis) -> dict[str, Table]:
    """The four tables of the analysed sheet (kept with the analysis: do not change it)."""
    found = an.memo.get("tables") if rs is an.rs else None
    if found is not None:
        return found
    raw = raw_points(rs, an)
    out = {}
    for name in TABLES:
        rule = rs.tables[name]
        out[name] = Table(name, raw[name], min(raw[name], rule.fields), rule.fields, rule.minimum)
    if rs is an.rs:
        an.memo["tables"] = out
    return out


class Progress(Protocol):
    """A player's standing, as :func:`final_scores` reads it (:class:`.ende.Standing`)."""

    def progress(self) -> int: ...


class Ranked(Protocol):
    """What :func:`final_scores` reads of a game: its players and each one's standing (a
    game being played, :class:`~boardkit.freizeitpark.state.FreizeitparkPlay`, whose
    standings :mod:`.ende` works out: that module builds on this one)."""

    @property
    def players(self) -> int: ...

    def standing(self, player: int) -> Progress: ...


def final_scores(state: Ranked) -> list[float]:
    """Each player's progress towards the minimums (the ranking, not a win: see
    ``state.winners()``), as the state's ``scores()`` gives them; final once the game is over.
    The same name in every game (:func:`boardkit.freizeitpark.final_scores`)."""
    return [float(state.standing(p).progress()) for p in range(state.players)]
