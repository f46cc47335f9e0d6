"""Spiel gewinnen (end of the game): the minimums, the enclosure penalty, fired and out.

Rulebook section "Spiel gewinnen", paraphrased:

* ``freizeitpark.ende.ausloeser`` — as soon as a player meets all four minimums (and, in
  the expanded game, the Auftragskarte) the game stops for an evaluation;
* ``freizeitpark.ende.abzug`` — every empty cell the park encloses (not joined to the
  sheet's border through empty cells along sides; cells on the border never count) costs
  one Nachhaltigkeit; the inside of an Achterbahn or Wildwasserbahn counts too;
* ``freizeitpark.ende.gefeuert`` — whoever the penalty drops below a minimum is fired and
  out; the others play on;
* ``freizeitpark.ende.gleichzeitig`` — our reading for several finishers in one round;
* ``freizeitpark.ende.ausgeschieden`` — a player whose park cannot take the roll is out;
* ``freizeitpark.ende.niemand`` — our reading when nobody is left.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import auftragskarten
from .konstrukte import analysis
from .setup import Ruleset
from .sheet import Sheet
from .wertung import Table, tables


@dataclass(frozen=True)
class Standing:
    """Where a sheet stands: its tables (after any penalty), the card, the enclosed cells."""

    tables: dict[str, Table]
    penalty: int          # Nachhaltigkeit lost to enclosed cells (only once evaluated)
    enclosed: int         # enclosed empty cells right now
    card_met: bool
    card_progress: tuple[int, int]

    def marks(self, table: str) -> int:
        t = self.tables[table]
        return max(0, t.marks - (self.penalty if table == "nachhaltigkeit" else 0))

    def minimums_met(self) -> bool:
        return all(self.marks(name) >= t.minimum for name, t in self.tables.items())

    def all_met(self) -> bool:
        return self.minimums_met() and self.card_met

    def progress(self) -> int:
        """Required marks reached (each table up to its minimum), +1 for a met card."""
        done = sum(min(self.marks(name), t.minimum) for name, t in self.tables.items())
        return done + (1 if self.card_met and self.card_progress != (0, 0) else 0)

    def total(self) -> int:
        return sum(self.marks(name) for name in self.tables)


def standing(rs: Ruleset, sheet: Sheet, penalty: int = 0) -> Standing:
    an = analysis(rs, sheet)
    return Standing(tables(rs, an), penalty, len(an.enclosed), auftragskarten.met(rs, an),
                    auftragskarten.progress(rs, an))


def penalty(rs: Ruleset, sheet: Sheet) -> int:
    """Nachhaltigkeit lost at the evaluation: one per enclosed empty cell."""
    return len(analysis(rs, sheet).enclosed)


def evaluate(state) -> bool:
    """After a round: evaluate every player who now meets every condition.

    Returns True when the game is over (somebody survived the penalty). Fired players are
    marked and the rest play on.
    """
    rs = state.rules
    finishers = [p for p in state.playing() if standing(rs, state.sheets[p]).all_met()]
    if not finishers:
        return False
    survivors = []
    for p in finishers:
        lost = penalty(rs, state.sheets[p])
        state.penalty[p] = lost
        after = standing(rs, state.sheets[p], lost)
        if after.all_met():
            survivors.append(p)
            state.note(f"meets every condition; {lost} enclosed empty cell(s) cost "
                       f"{lost} Nachhaltigkeit and the park still passes", player=p)
        else:
            state.status[p] = "fired"
            state.note(f"meets every condition, but {lost} enclosed empty cell(s) cost "
                       f"{lost} Nachhaltigkeit ({after.marks('nachhaltigkeit')} < "
                       f"{after.tables['nachhaltigkeit'].minimum}): fired", player=p)
    if not survivors:
        return False
    if len(survivors) > 1 and rs.tie_break == "points":
        best = max(standing(rs, state.sheets[p], state.penalty[p]).total() for p in survivors)
        survivors = [p for p in survivors
                     if standing(rs, state.sheets[p], state.penalty[p]).total() == best]
    for p in survivors:
        state.status[p] = "won"
    names = " and ".join(f"P{p + 1}" for p in survivors)
    state.note(f"the game ends in round {state.round}: {names} "
               f"{'wins' if len(survivors) == 1 else 'share the win'}")
    return True


def fallback_winners(state) -> list[int]:
    """Nobody won (everybody out or fired): the parks closest to the minimums rank first."""
    rs = state.rules
    progress = [standing(rs, state.sheets[p], state.penalty[p]).progress()
                for p in range(state.players)]
    best = max(progress)
    return [p for p, v in enumerate(progress) if v == best]
