"""Final Scoring (rulebook: Final Scoring; Determining the Winner), in the printed order.

0. Entrepreneur cards are set aside and scored in the step they belong to (#4 with
   Happiness, #5 with Visitors, #8 with Entertainment Symbols; #10 and #11, which belong to
   no printed step, on their own line after the Restaurants).
1. Hotel #8 first: its owner may buy and play one card from any row, deck or discard pile,
   paying its cost (a pending :class:`BonusCardStep`; the card then scores like the others).
2. Hotel cards: #5 (Ticket Office table), #6 (milestones), #7 (colours with 3 different
   Category Symbols), #11 (Category Symbol table), #17 (sets of the five colours).
3. Mascot cards: each Category Symbol on a Mascot card counts the player's non-Mascot cards
   with that symbol (once per such Mascot card); Hotel #10 also counts the Mascot cards'
   own symbols; half the total, rounded down.
4. Entertainment Symbols: unique symbols on Actor cards, plus bonus symbols (Hotel #9; 5+
   Mascot cards: 1, or 2 with Entrepreneur #8), scored from the board's table; Hotel #12
   adds 1 per duplicate symbol.
5. Happiness 10: 1 VP per colour with 5+ cards (2 with Entrepreneur #4).
6. Visitors 10: 1 VP per 5 Credits of income (2 with Entrepreneur #5).
7. Restaurant penalties (none with Hotel #14).
Winner: most Victory Points; a tie goes to the tied player furthest right on the Turn Order
Track. Solo Mode: the game is won by beating ``variant.solo_best`` (if given).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING

from boardkit.engine import Action, RuleViolation, Step
from boardkit.engine.rules import rule_ids

from .actions import BonusCard
from .content import (
    ACTOR,
    CARDS,
    CONTENT,
    FIVE,
    MASCOT,
    RESTAURANT,
    TICKET,
    Effect,
    TableSpec,
    table_value,
)
from .income import income_credits
from .standard_actions import after_payment, payment_violation, purchase_cost
from .tracks import doubles

if TYPE_CHECKING:
    from .position import WishlandState

PARTS = ("hotels", "mascots", "entertainment", "happiness", "visitors", "restaurants",
         "entrepreneur")
DECLINE = BonusCard(None)
RULES = rule_ids("wishland")


def _finals(state: WishlandState, player: int) -> Iterator[tuple[int, Effect]]:
    """(card, effect) of every Final Scoring Reward ``player`` has (Hotels, Entrepreneur)."""
    for cid in state.tableau[player]:
        for e in CARDS[cid].final:
            yield cid, e
    if state.entrepreneur[player]:
        for e in CARDS[state.entrepreneur[player]].final:
            yield state.entrepreneur[player], e


def _has(state: WishlandState, player: int, effect: str) -> bool:
    return effect in state.finals[player]


def hotel_points(state: WishlandState, player: int) -> int:
    count = state.count[player]
    total = 0
    for _, e in _finals(state, player):
        name = e.effect
        if name == "ticket_table":
            total += table_value(_table(e), count[TICKET])
        elif name == "symbol_table":
            total += table_value(_table(e), sum(state.symbols[player].values()))
        elif name == "milestones":
            top = state.params.tracks.max
            done = (state.happiness[player] >= top) + (state.visitors[player] >= top) + (
                state.reserve[player] == 0)
            total += min(e.n, done)
        elif name == "symbol_sets":
            total += sum(1 for kind in FIVE if len(_symbols_of(state, player, kind)) >= 3)
        elif name == "colour_sets":
            total += min(count[k] for k in FIVE)
    return total


def _table(e: Effect) -> TableSpec:
    """The scoring table a ``ticket_table`` or ``symbol_table`` reward names (the content's
    load checks that it names one of tables.toml)."""
    assert e.table is not None, e
    return CONTENT.tables[e.table]


def _symbols_of(state: WishlandState, player: int, kind: int) -> set[str | None]:
    return {CARDS[c].symbol for c in state.tableau[player] if CARDS[c].kind == kind}


@RULES.implements("wishland.final.mascots")
def mascot_points(state: WishlandState, player: int) -> int:
    mascots = Counter(CARDS[c].symbol for c in state.tableau[player] if CARDS[c].kind == MASCOT)
    others = Counter(CARDS[c].symbol for c in state.tableau[player]
                     if CARDS[c].kind != MASCOT and CARDS[c].symbol)
    total = sum(m * others[s] for s, m in mascots.items())
    if _has(state, player, "mascot_self"):
        total += sum(m * m for m in mascots.values())
    return total // 2


def entertainment_counts(state: WishlandState, player: int) -> tuple[int, int, int]:
    """(unique Actor symbols, bonus symbols, duplicates) of ``player``."""
    symbols = [CARDS[c].entertainment for c in state.tableau[player] if CARDS[c].kind == ACTOR]
    unique = len(set(symbols))
    bonus = state.entertainment_bonus[player] + sum(e.n for _, e in _finals(state, player)
                                          if e.effect == "entertainment")
    return unique, bonus, len(symbols) - unique


@RULES.implements("wishland.final.entertainment")
def entertainment_points(state: WishlandState, player: int) -> int:
    unique, bonus, duplicates = entertainment_counts(state, player)
    total = min(unique + bonus, len(CONTENT.entertainment_symbols))
    vp = table_value(CONTENT.tables["entertainment"], total)
    if _has(state, player, "duplicate_entertainment"):
        vp += duplicates
    return vp


@RULES.implements("wishland.final.happiness")
def happiness_points(state: WishlandState, player: int) -> int:
    if state.happiness[player] < state.params.tracks.max:
        return 0
    size = state.params.tracks.final_set
    sets = sum(1 for n in state.count[player][:TICKET + 1] if n >= size)
    return sets * (2 if doubles(state, player, "happiness") else 1)


@RULES.implements("wishland.final.visitors")
def visitor_points(state: WishlandState, player: int) -> int:
    if state.visitors[player] < state.params.tracks.max:
        return 0
    vp = income_credits(state, player) // state.params.tracks.final_income_step
    return vp * (2 if doubles(state, player, "visitors") else 1)


@RULES.implements("wishland.final.restaurants")
def restaurant_points(state: WishlandState, player: int) -> int:
    if _has(state, player, "no_restaurant_penalty"):
        return 0
    return -sum(e.n for c in state.tableau[player] if CARDS[c].kind == RESTAURANT
                for e in CARDS[c].final if e.effect == "penalty")


def entrepreneur_points(state: WishlandState, player: int) -> int:
    total = 0
    symbols = state.symbols[player]
    for _, e in _finals(state, player):
        if e.effect == "all_symbols":
            if sum(1 for v in symbols.values() if v) >= len(CONTENT.category_symbols):
                total += e.n
        elif e.effect == "common_symbol":
            counted = Counter(CARDS[c].symbol for c in state.tableau[player] if CARDS[c].symbol
                              and (CARDS[c].kind != MASCOT or _has(state, player, "mascot_self")))
            total += max(counted.values(), default=0)
    return total


@RULES.implements("wishland.reward.final")
def final_parts(state: WishlandState, player: int) -> dict[str, int]:
    """``player``'s Final Scoring, step by step (as if the game ended now)."""
    return {
        "hotels": hotel_points(state, player),
        "mascots": mascot_points(state, player),
        "entertainment": entertainment_points(state, player),
        "happiness": happiness_points(state, player),
        "visitors": visitor_points(state, player),
        "restaurants": restaurant_points(state, player),
        "entrepreneur": entrepreneur_points(state, player),
    }


# ------------------------------------------------------------------ the end of the game


def start_final_scoring(state: WishlandState) -> None:
    """Round 7 is over: the game ends and Final Scoring begins."""
    state.note(f"round {state.round} was the last: Final Scoring")
    state.final_phase = True


def bonus_card(state: WishlandState, player: int) -> BonusCardStep | None:
    """Step 1, in Player Turn Order: Hotel #8's owner may buy one more card (nobody else
    has a decision here)."""
    return BonusCardStep(player) if _has(state, player, "bonus_card") else None


def bonus_candidates(state: WishlandState) -> list[int]:
    """Every card Hotel #8 may take: the rows, the decks and the discard piles."""
    out: list[int] = []
    for k in range(len(state.decks)):
        out.extend(c for c in state.market[k] if c)
        out.extend(state.decks[k])
        out.extend(state.discards[k])
    return sorted(out)


def bonus_violation(state: WishlandState, player: int, cid: int | None,
                    candidates: Collection[int] | None = None) -> RuleViolation | None:
    if cid is None:
        return None
    if candidates is None:
        candidates = bonus_candidates(state)
    if cid not in CARDS or cid not in candidates:
        return RuleViolation("wishland.hotel.8",
                             f"{CARDS[cid].name if cid in CARDS else cid} is not in a "
                             "Marketplace row, deck or discard pile")
    return payment_violation(state, player, cid)


def take_from_marketplace(state: WishlandState, cid: int) -> None:
    """Remove ``cid`` from the row, deck or discard pile that holds it."""
    for k in range(len(state.decks)):
        row = state.market[k]
        if cid in row:
            row[row.index(cid)] = 0
            return
        for pile in (state.decks[k], state.discards[k]):
            if cid in pile:
                pile.remove(cid)
                return


class BonusCardStep(Step["WishlandState"]):
    """Hotel #8: buy one card from any row, deck or discard pile, or decline."""

    rule = "wishland.hotel.8"

    def __init__(self, player: int) -> None:
        self.player = player

    def prompt(self, state: WishlandState) -> str:
        return "Hotel #8: buy one card from any Marketplace row, deck or discard pile, or decline"

    def legal(self, state: WishlandState) -> list[Action]:
        p = self.player
        pool = bonus_candidates(state)
        known = set(pool)
        return [DECLINE, *(BonusCard(c) for c in pool
                           if bonus_violation(state, p, c, known) is None)]

    def check(self, state: WishlandState, act: Action) -> None:
        if type(act) is not BonusCard:
            raise RuleViolation("wishland.hotel.8", self.not_now(state, act))
        bad = bonus_violation(state, self.player, act.card)
        if bad is not None:
            raise bad

    def resolve(self, state: WishlandState, act: Action) -> None:
        assert isinstance(act, BonusCard), act  # check() let nothing else through
        if act.card is not None:
            cid, p = act.card, self.player
            take_from_marketplace(state, cid)
            price = purchase_cost(state, p, cid)
            state.credits[p] -= price
            state.note(f"buys {CARDS[cid].name} for {price} Credits (Hotel #8)", p)
            after_payment(state, p, cid)


def final_done(state: WishlandState) -> None:
    """Every player's Final Scoring, step by step; the game is over."""
    state.final = [final_parts(state, p) for p in range(state.players)]
    for p, parts in enumerate(state.final):
        shown = ", ".join(f"{k} {v:+d}" for k, v in parts.items() if v)
        state.note(f"P{p + 1} final scoring: {shown or 'nothing'}; total "
                   f"{state.vp[p] + sum(parts.values())} VP")


@RULES.implements("wishland.final.winner", "wishland.solo.scoring")
def winners(state: WishlandState) -> list[int]:
    """Most Victory Points; a tie goes to the tied player furthest right on the Turn Order
    Track (``wishland.final.winner``). Solo Mode has no opponent and no loss condition: the
    aim is to beat your best score, so with ``variant.solo_best`` the game is won only by a
    higher score, and without one (a first game: nothing to beat yet) every finished game
    is won (``wishland.solo.scoring``)."""
    scores = state.scores()
    if state.players == 1:
        to_beat = state.variant.solo_best
        return [0] if to_beat is None or scores[0] > to_beat else []
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    if len(tied) == 1:
        return tied
    return [max(tied, key=lambda p: state.space[p])]


def final_scores(state: WishlandState) -> list[float]:
    """Each player's Victory Points: those of play, plus every Final Scoring step once it has
    been done; the state's ``scores()``. The same name in every game
    (:func:`boardkit.wishland.final_scores`)."""
    if state.final is None:
        return list(state.vp)
    return [state.vp[p] + sum(state.final[p].values()) for p in range(state.players)]
