"""The Wanderlust game being played: the position (:mod:`.position`) with its flow, its setup,
its scoring and its hidden information (what a player may see, and a resampling of the rest).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import objectives, scoring, setup
from .content import cards
from .flow import FLOW
from .position import WanderlustState
from .turn import TurnStep

__all__ = ["WanderlustPlay", "WanderlustState", "determinize", "observe"]


class WanderlustPlay(WanderlustState):
    """A game of Wanderlust being played: the position (:class:`.position.WanderlustState`)
    with its flow, setup, scoring and hidden information."""

    flow = FLOW

    def setup(self) -> None:
        setup.setup(self)
        self.flow.begin(self)

    @property
    def step_points(self) -> int:
        """Action points left in the current turn (0 when no turn is running)."""
        for step in reversed(self._stack):
            if isinstance(step, TurnStep):
                return step.ap
        return 0

    # ------------------------------------------------------------ protocol hooks
    def _scores(self) -> list[float]:
        return scoring.final_scores(self)

    def score_breakdown(self, player: int) -> dict[str, float]:
        return {k: float(v) for k, v in scoring.breakdown(self, player).items()}

    def facts(self, player: int) -> dict[str, float | str]:
        """When each race objective was fulfilled (:func:`.objectives.timing`)."""
        return dict(objectives.timing(self, player))

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.is_over else []

    def _observe(self, player: int | None) -> dict[str, Any]:
        return observe(self, player)

    def _determinize(self, player: int) -> None:
        determinize(self, player)

    # ------------------------------------------------------------ conveniences
    def trotter_scores(self) -> list[int]:
        """Every trotter's score (automatons included), as the final scoring counts it."""
        return [scoring.total(self, t) for t in range(self.trotters)]

    def check_objectives(self) -> None:
        objectives.update(self)


# ---------------------------------------------------------------- observation


def observe(state: WanderlustPlay, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` may see. Hidden: other players' tickets (beyond those known from the
    display), encounter cards, secret missions and personal goals (revealed at the end),
    and the order of nothing (decks are unordered)."""
    over = state.is_over
    trotters = []
    for t in range(state.trotters):
        mine = viewer is None or viewer == t
        bot = state.is_automaton(t)
        public = scoring.public_breakdown(state, t)
        entry = {
            "name": state.names[t],
            "label": state.label(t),
            "automaton": bot,
            "passport": state.passport[t],
            "location": state.loc[t],
            "hometown": state.cards[t][0] if state.cards[t] else None,
            "cards": list(state.cards[t]),
            "tokens": {c: list(v) for c, v in state.tokens[t].items()},
            "passport_tokens": list(state.passport_tokens[t]),
            "experience": state.exp[t],
            "achieved": list(state.achieved[t]),
            "achieved_round": dict(state.achieved_round[t]),
            "encounters_gained": state.enc_gained[t],
            "best_trip": state.best_trip[t],
            "hand_size": sum(state.hand[t]),
            "known_tickets": list(state.known[t]),
            "hand": list(state.hand[t]) if mine and not bot else None,
            "encounter_cards": sum(state.enc[t].values()),
            "encounters": dict(sorted(state.enc[t].items())) if mine and not bot else None,
            "mission": state.mission[t] if (mine or over) else None,
            "goal": state.goal[t] if (mine or over) else None,
            "public_score": public,
            "score": scoring.total(state, t) if (mine or over) else None,
        }
        trotters.append(entry)
    return {
        "round": state.round,
        "turn": state.turn,
        "action_points": state.step_points,
        "available": list(state.available),
        "display": list(state.display),
        "ticket_deck": sum(state.deck),
        "ticket_discard": list(state.discard),
        "destination_deck": len(state.dest_deck),
        "encounter_deck": sum(state.enc_deck.values()),
        "encounter_discard": dict(sorted((k, v) for k, v in state.enc_discard.items() if v)),
        "objectives": list(state.objectives),
        "end_triggered_by": state.trigger,
        "turns_left": state.turns_left,
        "automatons": state.automatons,
        "trotters": trotters,
    }


def determinize(state: WanderlustState, player: int) -> None:
    """Resample what ``player`` cannot see, consistently with what they can.

    Tickets: the unknown part of every other hand (its size minus the tickets everyone saw
    it take from the display and not spend since) and the face-down pile are pooled and
    dealt again at random. Encounter cards: the other hands (automatons' face-down cards
    included) and the deck, likewise. Secret missions and personal goals of the others:
    drawn again from the cards ``player`` has not seen (not after the end: they are shown).
    """
    rng = state.rng
    others = [t for t in range(state.trotters) if t != player]
    # tickets
    pool = list(state.deck)
    sizes = {}
    for t in others:
        unknown = [state.hand[t][i] - state.known[t][i] for i in range(6)]
        sizes[t] = sum(unknown)
        for i in range(6):
            pool[i] += unknown[i]
    bag = [i for i in range(6) for _ in range(pool[i])]
    order: np.ndarray | list[int] = rng.permutation(len(bag)) if bag else []
    k = 0
    for t in others:
        hand = list(state.known[t])
        for _ in range(sizes[t]):
            hand[bag[order[k]]] += 1
            k += 1
        state.hand[t] = hand
    deck = [0] * 6
    for j in range(k, len(bag)):
        deck[bag[order[j]]] += 1
    state.deck = deck
    # encounter cards
    ids = cards().encounter_ids
    epool = dict(state.enc_deck)
    esize = {}
    for t in others:
        esize[t] = sum(state.enc[t].values())
        for cid, c in state.enc[t].items():
            epool[cid] = epool.get(cid, 0) + c
    ebag = [cid for cid in ids for _ in range(epool.get(cid, 0))]
    eorder: np.ndarray | list[int] = rng.permutation(len(ebag)) if ebag else []
    k = 0
    for t in others:
        held: dict[str, int] = {}
        for _ in range(esize[t]):
            cid = ebag[eorder[k]]
            held[cid] = held.get(cid, 0) + 1
            k += 1
        state.enc[t] = held
    left: dict[str, int] = {}
    for j in range(k, len(ebag)):
        left[ebag[eorder[j]]] = left.get(ebag[eorder[j]], 0) + 1
    state.enc_deck = {cid: left.get(cid, 0) for cid in ids}
    # secret missions and personal goals
    if not state.is_over:
        for attr, everything in (("mission", cards().missions), ("goal", cards().goals)):
            values = getattr(state, attr)
            holders = [t for t in others if values[t] is not None]
            if not holders:
                continue
            unseen = sorted(set(everything) - ({values[player]} if values[player] else set()))
            picks = rng.choice(len(unseen), size=len(holders), replace=False)
            for t, i in zip(holders, picks, strict=True):
                values[t] = unseen[int(i)]
