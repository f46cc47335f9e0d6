"""Ending a Round (rulebook: End of the Game — Ending a Round).

After the fourth turn of every player:

1. after round 7 the game ends and Final Scoring begins (final_scoring.py);
2. otherwise the unbought face-up cards go to their discard piles;
3. after round 6 every discard pile is shuffled into its deck;
4. four new cards are dealt to each row (during a round, bought cards leave empty spaces);
5. the Round Token moves on; 6. the First Player Token passes left (to the next seat).

Workers stay where they are: only a Collect action (or a card) brings them back. In Solo
Mode the single Marketplace deck sits in the Mascot row and nothing is displayed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardkit.engine import RuleViolation, State
from boardkit.engine.rules import rule_ids

from .content import CARDS, MASCOT, ROWS

if TYPE_CHECKING:
    from .position import WishlandState

RULES = rule_ids("wishland")


def shuffle_deck(state: WishlandState, row: int, cards: list[int], why: str) -> list[int]:
    """Shuffle ``cards`` as a random event (logged; the order stays secret from players)."""
    if len(cards) < 2:
        return list(cards)
    ordered = sorted(cards)
    name = "shuffle marketplace" if state.solo else f"shuffle {ROWS[row]}"
    label = "Marketplace" if state.solo else ROWS[row]
    order = state.chance(
        name, lambda rng: tuple(int(i) for i in rng.permutation(len(ordered))),
        check=lambda s, v: _check_order(name, len(ordered), v),
        to=-1, public=f"the {label} deck is shuffled ({why}, {len(ordered)} cards)",
        text=lambda v: f"{name} ({why}): top first "
                       + ", ".join(CARDS[ordered[i]].name for i in reversed(v)))
    return [ordered[i] for i in order]


def _check_order(name: str, n: int, value: object) -> None:
    if not (isinstance(value, tuple) and sorted(value) == list(range(n))):
        raise RuleViolation("wishland.setup.market",
                            f"{name}: a shuffle is an order of the deck's {n} cards "
                            f"(0..{n - 1}, each once), not {value!r}")


def check_any_order(state: State, value: object) -> None:
    """Force-time check of a shuffle (the deck's size is checked when it is used)."""
    if not (isinstance(value, tuple) and value and sorted(value) == list(range(len(value)))):
        raise RuleViolation("wishland.setup.market",
                            f"a shuffle is an order 0..n-1 (each once), not {value!r}")


def refill(state: WishlandState) -> None:
    """Deal up to ``market_cards`` cards from each deck to its row."""
    if state.solo:
        return
    m = state.params.market_cards
    for k in range(len(ROWS)):
        deck = state.decks[k]
        row = state.market[k]
        for slot in range(m):
            row[slot] = deck.pop() if deck else 0


def game_end(state: WishlandState) -> bool:
    """Step 1: the round just completed was the last (round 7): the game ends and Final Scoring
    follows (the same name in every game: :func:`boardkit.wishland.game_end`)."""
    return state.round >= state.params.rounds


@RULES.implements("wishland.end_of_round.reshuffle", "wishland.end_of_round.refill",
                  "wishland.end_of_round.workers")
def end_round(state: WishlandState) -> None:
    """Steps 2 to 6, after any round but the last; the flow then starts the next round."""
    if not state.solo:
        for k, row in enumerate(state.market):
            left = [c for c in row if c]
            state.discards[k].extend(left)
            state.market[k] = [0] * len(row)
    if state.round == state.params.reshuffle_after_round:
        rows = [MASCOT] if state.solo else range(len(ROWS))
        for k in rows:
            if state.discards[k]:
                pile = state.decks[k] + state.discards[k]
                state.discards[k] = []
                state.decks[k] = shuffle_deck(state, k, pile, "discards shuffled back")
    refill(state)
    state.round += 1
    state.first = (state.first + 1) % state.players
