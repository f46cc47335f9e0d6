"""Prepared positions for teaching and testing (the notebook and the tests use them); the
named positions of ``data/wishland/scenarios.toml`` are played to by
:func:`boardkit.wishland.scenario` (:mod:`.scenarios`).

They are built with the rules themselves — cards are taken out of the Marketplace (a row,
deck or discard pile) and played with :func:`~boardkit.wishland.rewards.play_card`, so every
reward and Ongoing Reward applies — only the order of events is the teacher's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import ChooseReward, ChooseTurnSpace, KeepEntrepreneur
from .content import ACTOR, CARDS, HOTEL, MASCOT, RESTAURANT, RIDE, TICKET, card_id
from .final_scoring import take_from_marketplace
from .game import GAME
from .rewards import ChoiceStep, play_card
from .state import WishlandPlay, WishlandState


def start_of_turns(players: int = 2, seed: int = 0, variant: dict[str, Any] | None = None,
                   params: dict[str, Any] | None = None) -> WishlandPlay:
    """A new game at the first turn of round 1: P1 took space 1, P2 space 2, ... (the
    choice rewards of space 4 are taken as Workers)."""
    state = GAME.new_game(players=players, seed=seed, variant=variant, params=params)
    assert isinstance(state, WishlandPlay), "GAME's state_class is WishlandPlay"
    settle_setup(state)
    while type(state.pending).__name__ in ("TurnOrderStep", "ChoiceStep"):
        step = state.pending
        if isinstance(step, ChoiceStep):
            state.apply(ChooseReward("workers"))
        else:
            free = [a for a in state.legal_actions() if isinstance(a, ChooseTurnSpace)]
            state.apply(free[0])
    return state


def settle_setup(state: WishlandState) -> None:
    """Keep the first dealt Entrepreneur card for every player (if they are dealt)."""
    while type(state.pending).__name__ == "DraftStep":
        state.apply(KeepEntrepreneur(0))


def resolve_choices(state: WishlandState, resource: str = "workers") -> None:
    """Answer every pending choice reward with ``resource``."""
    while isinstance(state.pending, ChoiceStep):
        state.apply(ChooseReward(resource))


def put_cards(state: WishlandPlay, player: int, cards: Iterable[int], resource: str = "workers"
              ) -> None:
    """Play ``cards`` (ids) for ``player`` as if bought (no Credits, no Workers): each is
    taken from the Marketplace (Ticket Office cards from the supply) and played with all its
    rewards; pending choices are answered with ``resource``."""
    for cid in cards:
        if CARDS[cid].kind == TICKET:
            state.tickets.remove(cid)
        else:
            take_from_marketplace(state, cid)
        play_card(state, player, cid)
        state.flow.advance(state)
        resolve_choices(state, resource)


def find(kind: int, **where: object) -> list[int]:
    """Card ids of ``kind`` whose fields match ``where`` (``symbol="cotton candy"``, ...);
    ``income=2`` matches a Restaurant paying 2 Credits of income, ``penalty=True`` one with a
    Final Scoring penalty."""
    out = []
    for cid, c in sorted(CARDS.items()):
        if c.kind != kind:
            continue
        ok = True
        for key, value in where.items():
            if key == "income":
                ok &= sum(e.n for e in c.income if e.effect == "credits") == value and not any(
                    e.effect != "credits" for e in c.immediate)
            elif key == "penalty":
                ok &= any(e.effect == "penalty" for e in c.final) == value
            else:
                ok &= getattr(c, key) == value
        if ok:
            out.append(cid)
    return out


def rulebook_example_cards() -> dict[str, list[int]]:
    """The play area of the rulebook's Final Scoring example, built from our card faces:

    * 5 Restaurants: 3 with income (+2, +2, +1: 5 Credits), 2 with a penalty; their Category
      Symbols give 3 cotton candy and 2 hamburger;
    * 4 Actors with the Entertainment Symbols mask, magic wand, top hat, top hat, two of
      them showing the top hat Category Symbol (so 2 top hat symbols on non-Mascot cards);
    * 4 Mascots: cotton candy, hamburger, top hat, top hat;
    * 3 Rides and the Hotels #8, #10, #12 and #17 (3 full colour sets for Hotel #17).
    """
    def first(ids: list[int], n: int = 1) -> list[int]:
        assert len(ids) >= n, ids
        return ids[:n]

    restaurants = (first(find(RESTAURANT, symbol="cotton candy", income=2), 2)
                   + first(find(RESTAURANT, symbol="hamburger", income=1))
                   + first(find(RESTAURANT, symbol="cotton candy", penalty=True))
                   + first(find(RESTAURANT, symbol="hamburger", penalty=True)))
    actors = (first(find(ACTOR, entertainment="mask", symbol="top hat"))
              + first(find(ACTOR, entertainment="magic wand", symbol="balloon"))
              + first(find(ACTOR, entertainment="top hat", symbol="top hat"))
              + first(find(ACTOR, entertainment="top hat", symbol="camera")))
    mascots = (first(find(MASCOT, symbol="cotton candy")) + first(find(MASCOT, symbol="hamburger"))
               + first(find(MASCOT, symbol="top hat"), 2))
    rides = first(find(RIDE, symbol="castle"), 3)
    hotels = [card_id(HOTEL, n) for n in (8, 10, 12, 17)]
    return {"restaurants": restaurants, "actors": actors, "mascots": mascots, "rides": rides,
            "hotels": hotels}

