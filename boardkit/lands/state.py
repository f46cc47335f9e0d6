"""A game of Lands of Amazement being played: the position (:mod:`.position`) with its flow,
its setup, its scoring and its hidden information. :meth:`~LandsPlay.observation` hides the
cards never seen (and the deck's order), and :meth:`~LandsPlay._determinize` deals them anew.
"""

from __future__ import annotations

from typing import Any

from . import setup as setup_rules
from .flow import FLOW
from .position import Breakdown, LandsState
from .scoring import breakdown, final_scores, won

__all__ = ["LandsPlay", "LandsState"]


class LandsPlay(LandsState):
    """A game of Lands of Amazement being played: the position (:class:`.position.LandsState`)
    with its flow, setup, scoring and hidden information."""

    flow = FLOW
    chance_checks = {"goal": setup_rules.check_goal, "deal": setup_rules.check_deal,
                     "shuffle": setup_rules.check_order}

    # ------------------------------------------------------------------ hooks
    def setup(self) -> None:
        setup_rules.setup(self)
        self.flow.begin(self)

    def _scores(self) -> list[float]:
        return final_scores(self)

    def winners(self) -> list[int]:
        """``[0]`` once the game is over with a winning result (any title but Failure, Expert
        points included: ``lands.score.result``); ``[]`` before the end and after a Failure."""
        if not self.is_over or self.result is None:
            return []
        return [0] if won(self.result.total, self.params) else []

    def _observe(self, player: int | None) -> dict[str, Any]:
        def shown(c: int) -> int | None:
            return c if player is None or not self.unseen >> c & 1 else None

        deck_known = self.deck[:self.deck_known]
        return {
            "phase": self.phase,
            "round": self.round,
            "expert": self.variant.expert,
            "goal": {"card": self.goal, "side": "AB"[self.side_index], "name": self.side.name,
                     "portfolio": [list(r) for r in self.side.portfolio],
                     "megapark": list(self.side.megapark_rows)},
            "deck": {"size": len(self.deck), "top_known": list(deck_known),
                     "order": list(self.deck) if player is None else None,
                     "seen_inside": sorted(c for c in self.deck[self.deck_known:]
                                           if not self.unseen >> c & 1)},
            "stacks": [[shown(c) if i else c for i, c in enumerate(st)] for st in self.stacks],
            "parks": [[list(p) for p in park] for park in self.parks],
            "drawn": self.drawn,
            "discard": list(self.discard),
            "reserved": [shown(c) for c in self.reserved],
            "hand": list(self.hand),
            "moves_left": self.moves_left,
            "completed": self.completed,
            "penalty": self.breakdown().total,
            "title": self.result.title if self.result else None,
            "won": bool(self.winners()) if self.result else None,
        }

    def _determinize(self, player: int) -> None:
        slots = []
        for zone in (self.deck, self.reserved, *self.stacks):
            for i, c in enumerate(zone):
                if self.unseen >> c & 1:
                    slots.append((zone, i))
        cards = [zone[i] for zone, i in slots]
        self.rng.shuffle(cards)
        for (zone, i), c in zip(slots, cards, strict=True):
            zone[i] = int(c)
        rest = self.deck[self.deck_known:]
        self.rng.shuffle(rest)
        self.deck[self.deck_known:] = [int(c) for c in rest]

    def breakdown(self) -> Breakdown:
        """The penalty: final once the game is over, else that of the megapark so far."""
        return breakdown(self)
