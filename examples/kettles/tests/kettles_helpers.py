"""Positions for the tests: a new game whose hands, kettles and deck are set by hand."""

from __future__ import annotations

from collections import Counter
from typing import Any

import boardkit
from boardkit.engine import Game
from kettles import KettlesState
from kettles.game import DECK, ChooseStep

GAME: Game = boardkit.game("kettles:GAME")


def position(hands: list[list[int]], kettles: list[list[int]] | None = None,
             deck: list[int] | None = None, params: dict[str, Any] | None = None,
             variant: dict[str, Any] | None = None) -> KettlesState:
    """A game at P1's turn with these hands and kettles; the deck holds the other cards
    (or ``deck``: the rest are discarded)."""
    state = GAME.new_game(players=len(hands), seed=1, params=params, variant=variant)
    assert isinstance(state, KettlesState)
    state.hands = [sorted(h) for h in hands]
    state.kettles = [list(k) for k in kettles] if kettles else [[] for _ in hands]
    left = Counter(DECK) - Counter(c for part in state.hands + state.kettles for c in part)
    if deck is None:
        state.deck, state.discard = sorted(left.elements()), []
    else:
        state.deck = sorted(deck)
        state.discard = sorted((left - Counter(deck)).elements())
    # seed 1 deals P1 two different cards at least, so P1's first stage is still asked (a
    # step posed with boardkit.testing.pose would lose the turn's second stage)
    assert isinstance(state.pending, ChooseStep) and state.current_player == 0
    return state


def cards_in_play(state: KettlesState) -> Counter[int]:
    """Every card somewhere: deck, hands, kettles, discard pile and the chosen card."""
    where = state.deck + state.discard + [c for h in state.hands for c in h]
    where += [c for k in state.kettles for c in k]
    if state.chosen is not None:
        where.append(state.chosen)
    return Counter(where)
