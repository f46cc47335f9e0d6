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
* ``freizeitpark.ende.ausgeschieden`` — a player who can no longer build what the minimums
  and, in the expanded game, the Auftragskarte need is out: when no roll at all fits the
  park any more (:func:`out_of_room`), or when the empty cells left are provably too few
  for the marks still missing and the card's constructs still missing (:func:`cells_needed`,
  a lower bound; :func:`out_of_reach`). The card counts like the minimums: both are needed
  to win, so a card that can no longer be met puts the player out even with the minimums
  in reach. A roll that fits nowhere only skips the round (``freizeitpark.ablauf.aussetzen``
  in :mod:`.ablauf`);
* ``freizeitpark.ende.niemand`` — when nobody is left (everybody fired or out) the game ends
  without a winner; ``scores()`` still ranks the parks by how close they came.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from boardkit.engine.rules import rule_ids
from boardkit.engine.words import plural

from . import auftragskarten
from .actions import Build, Entrance
from .bauen import any_build, structure_cells
from .content import TABLES, content
from .konstrukte import Analysis, analysis
from .regelwerk import Ruleset
from .sheet import Sheet
from .wertung import Table, tables

if TYPE_CHECKING:
    from .position import FreizeitparkState

RULES = rule_ids("freizeitpark")


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

    @RULES.implements("freizeitpark.auftrag.bedingung")
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
    return Standing(tables(rs, an), penalty, an.enclosed_bits.bit_count(), auftragskarten.met(rs, an),
                    auftragskarten.progress(rs, an))


@RULES.implements("freizeitpark.ende.abzug")
def penalty(rs: Ruleset, sheet: Sheet) -> int:
    """Nachhaltigkeit lost at the evaluation: one per enclosed empty cell."""
    return analysis(rs, sheet).enclosed_bits.bit_count()


@RULES.implements("freizeitpark.ende.ausloeser", "freizeitpark.ende.gefeuert",
                  "freizeitpark.ende.gleichzeitig")
def evaluate(state: FreizeitparkState) -> bool:
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
            state.note(f"meets every condition; {plural(lost, 'enclosed empty cell')} cost "
                       f"{lost} Nachhaltigkeit and the park still passes", player=p)
        else:
            state.set_status(p, "fired")
            state.note(f"meets every condition, but {plural(lost, 'enclosed empty cell')} cost "
                       f"{lost} Nachhaltigkeit ({after.marks('nachhaltigkeit')} < "
                       f"{after.tables['nachhaltigkeit'].minimum}): fired", player=p)
    if not survivors:
        return False
    if len(survivors) > 1 and rs.tie_break == "points":
        best = max(standing(rs, state.sheets[p], state.penalty[p]).total() for p in survivors)
        survivors = [p for p in survivors
                     if standing(rs, state.sheets[p], state.penalty[p]).total() == best]
    for p in survivors:
        state.set_status(p, "won")
    names = " and ".join(f"P{p + 1}" for p in survivors)
    state.note(f"the game ends in round {state.round}: {names} "
               f"{'wins' if len(survivors) == 1 else 'share the win'}")
    return True


@RULES.implements("freizeitpark.ablauf.simultan")
def end_round(state: FreizeitparkState) -> None:
    """The round's builds drawn: every hidden build at once, the points marked, then the end
    of the game checked (:func:`evaluate`)."""
    rs = state.rules
    for p, act in enumerate(state.builds):
        if act is None:
            continue
        state.builds[p] = None
        _draw(state, p, act, rs)
    if state.round > 0:
        state.over = evaluate(state)


def _draw(state: FreizeitparkState, p: int, act: Entrance | Build, rs: Ruleset) -> None:
    """Player ``p``'s build drawn on their sheet, and logged with what it scored."""
    sheet = state.sheets[p]
    before = standing(rs, sheet)
    if isinstance(act, Entrance):
        cells = structure_cells(rs, 0, act.turn, act.x, act.y)
        sheet.draw(cells, "eingang")
        state.note(f"draws the Eingang on {rs.labels.cells(cells, sep=' ')}", player=p)
        return
    cells = structure_cells(rs, act.die, act.turn, act.x, act.y)
    sheet.draw(cells, act.symbol)
    an = analysis(rs, sheet)
    group = an.groups[an.group_at[cells[0]]]
    status = an.status(group)
    after = standing(rs, sheet)
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
    state.note("; ".join(parts), player=p)


def game_end(state: FreizeitparkState) -> bool:
    """The game is over: after the round in which somebody won (:func:`evaluate`) or nobody
    is left (:func:`close_round`) (the same name in every game:
    :func:`boardkit.freizeitpark.game_end`)."""
    return bool(state.over)


def out_of_room(rs: Ruleset, sheet: Sheet) -> bool:
    """``freizeitpark.ende.ausgeschieden``: True when no roll at all (none of the 21
    outcomes, either split, any symbol, any turn or place) fits the park any more, so the
    player can never build again."""
    return not any_build(rs, sheet)


def card_cells(rs: Ruleset, an: Analysis, unfinished: dict[str, int]) -> dict[str | None, int]:
    """A lower bound on the new cells the Auftragskarte still needs, by the table its missing
    constructs score in (``None``: they score nothing, as the Bummelzug); empty when there is
    no card or it is met. ``unfinished``: symbol -> cells drawn in its unfinished groups.

    A missing construct costs its shape's size less every cell already drawn in unfinished
    groups of its symbol (they could all end up in it), and at least one new cell each; a
    missing Bummelzug the card's length less the train cells drawn, at least one. The cards
    Nachhaltigkeit (its condition is the minimum) and Park der Landschaft (no bound is
    claimed) add nothing here."""
    card = rs.card
    if card is None or auftragskarten.met(rs, an):
        return {}

    def construct(symbol: str, missing: int) -> tuple[str | None, int]:
        shape = rs.shapes.get(symbol)
        assert shape is not None, symbol  # the cards count constructs with a shape
        table, pts = rs.scores.get(symbol, (None, 0))
        cells = max(missing, missing * len(shape) - unfinished.get(symbol, 0))
        return (table if pts else None), cells

    found: list[tuple[str | None, int]] = []
    if card.kind in ("count", "messe"):
        have, need = auftragskarten.progress(rs, an)
        assert card.target is not None, card.id
        found.append(construct(card.target, need - have))
    elif card.kind == "each":
        found += [construct(t, 1) for t in card.constructs if an.count(t) < 1]
    elif card.kind == "train":
        assert card.symbol is not None and card.min_cells is not None, card.id
        found.append((None, max(1, card.min_cells - unfinished.get(card.symbol, 0))))
    out: dict[str | None, int] = {}
    for table, cells in found:
        out[table] = out.get(table, 0) + cells
    return out


def cells_needed(rs: Ruleset, sheet: Sheet) -> int | None:
    """A lower bound on the empty cells the park must still fill to meet the four minimums
    and the Auftragskarte (the enclosure penalty is left out, which only lowers it).

    Each missing mark of a table costs at least the fewest new cells per point of anything
    that scores there: Landschaft one cell per point it gives; a construct its shape's size
    less every cell already drawn in unfinished groups of its symbol (they could all end up
    in it), but at least one cell, divided by its points. Every construct scores in one
    table only, so the tables' costs add up. The card's missing constructs
    (:func:`card_cells`) score in a table too, where the same cells may count for both: that
    table costs at least the larger of the two; what scores nothing (the Bummelzug) is
    added. ``None`` with the card Park der Landschaft, where a Landschaft square scores in
    two tables (no bound is claimed there).
    """
    card = rs.card
    if card is not None and card.kind == "landscape_squares":
        return None
    an = analysis(rs, sheet)
    now = tables(rs, an)
    # the cost of a mark as an exact fraction (cells, points), points > 0
    cost: dict[str, tuple[int, int] | None] = dict.fromkeys(now)
    if rs.landscape_per_point and rs.landscape_points:
        cost["nachhaltigkeit"] = (1, rs.landscape_points)
    unfinished: dict[str, int] = {}
    for g in an.groups:
        if not g.finished:
            unfinished[g.symbol] = unfinished.get(g.symbol, 0) + len(g)
    for symbol, (table, pts) in rs.scores.items():
        shape = rs.shapes.get(symbol)
        if not pts or shape is None:
            continue
        each = (max(1, len(shape) - unfinished.get(symbol, 0)), pts)
        best = cost[table]
        if best is None or each[0] * best[1] < best[0] * each[1]:
            cost[table] = each
    extra = card_cells(rs, an, unfinished)
    total = extra.get(None, 0)
    for name, t in now.items():
        missing = t.minimum - t.marks
        if missing <= 0:
            total += extra.get(name, 0)
            continue
        per_mark = cost[name]
        if per_mark is None:
            return sheet.width * sheet.height + 1  # nothing can score there any more
        # the ceiling of missing * cost, or the card's constructs there if they need more
        total += max(-(-missing * per_mark[0] // per_mark[1]), extra.get(name, 0))
    return total


def out_of_reach(rs: Ruleset, sheet: Sheet) -> bool:
    """``freizeitpark.ende.ausgeschieden``: True when the empty cells left are provably too
    few for what the minimums and the card still need (:func:`cells_needed`)."""
    need = cells_needed(rs, sheet)
    empty = sheet.width * sheet.height - len(sheet.cells)
    return need is not None and need > empty


@RULES.implements("freizeitpark.ende.ausgeschieden", "freizeitpark.ende.niemand")
def close_round(state: FreizeitparkState) -> None:
    """The end of a round: every hidden build is drawn at once and the points marked, the
    end of the game is checked (:func:`evaluate`); then a player whose park no roll fits any
    more, or who can no longer meet the minimums and the card, is out
    (``freizeitpark.ende.ausgeschieden``), and when nobody is left the game ends without a
    winner."""
    end_round(state)
    if state.over:
        return
    rs = state.rules
    for p in state.playing():
        sheet = state.sheets[p]
        if out_of_room(rs, sheet):
            state.set_status(p, "out")
            state.note("no roll at all fits the park any more (no structure, no symbol, "
                       "no place): out", player=p)
        elif out_of_reach(rs, sheet):
            state.set_status(p, "out")
            empty = sheet.width * sheet.height - len(sheet.cells)
            what = ("the minimums" if rs.card is None else
                    f"the minimums and the Auftragskarte {content().label(rs.card.id, 'card')}")
            need = cells_needed(rs, sheet) or 0  # a number: out_of_reach claimed a bound
            left = "none is" if empty == 0 else f"only {empty} {'is' if empty == 1 else 'are'}"
            state.note(f"{what} can no longer be met: they need at least "
                       f"{plural(need, 'more cell')} and {left} empty: out", player=p)
    if not state.playing():
        state.over = True
        state.note("nobody is left in the game: the game ends without a winner")
