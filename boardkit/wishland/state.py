"""A Wishland game being played: the position (:mod:`.position`) with its flow, its setup,
its scoring and its hidden information.

Hidden information: the order of every deck (from everyone), each player's dealt
Entrepreneur cards until the reveal (and the discarded one for good). ``observation`` leaves
them out; ``determinize`` reshuffles the decks and redeals what a player cannot know.
"""

from __future__ import annotations

from boardkit.engine import State

from . import final_scoring
from .achievements import ACHIEVEMENTS, _check_private, _check_tile_order
from .card_limit import card_limit
from .content import ROWS, SPACES
from .end_of_round import check_any_order
from .flow import FLOW
from .position import WishlandState
from .setup import ENTREPRENEURS, _check_deal, setup
from .tracks import SOURCES

__all__ = ["WishlandPlay", "WishlandState"]


def _check_private_tile(state: State, value: object) -> None:
    _check_private([a for a, x in ACHIEVEMENTS.items() if a.startswith("tile-") and not x.blank],
                   value)


class WishlandPlay(WishlandState):
    """A Wishland game being played: the position (:class:`.position.WishlandState`) with
    its flow, setup, scoring and hidden information."""

    flow = FLOW
    chance_checks = {
        **{f"shuffle {row}": check_any_order for row in ROWS},
        "shuffle marketplace": check_any_order,
        "entrepreneurs": _check_deal,
        "achievement tiles": _check_tile_order,
        "private tile": _check_private_tile,
    }

    def setup(self) -> None:
        setup(self)
        self.flow.begin(self)

    # ------------------------------------------------------------ scores
    def _scores(self) -> list[float]:
        return final_scoring.final_scores(self)

    def score_breakdown(self, player: int) -> dict[str, float]:
        """Victory Points by source: during play (rides, achievements, tracks, ...) and, once
        the game is over, each Final Scoring step (``final: mascots``, ...). The keys are the
        same in every game, so simulation tables get the same columns."""
        by = self.vp_by[player]
        out: dict[str, float] = {k: by.get(k, 0) for k in SOURCES}
        if self.final is not None:
            out.update({f"final: {k}": v for k, v in self.final[player].items()})
        else:
            out.update({f"final: {k}": 0 for k in final_scoring.PARTS})
        return out

    def facts(self, player: int) -> dict[str, float | str]:
        """The cards ``player`` ended with (``cards``: their tableau and Entrepreneur, card
        ids in ascending order, separated by spaces; what question 3 of the analysis asks)."""
        return {"cards": " ".join(str(c) for c in sorted(self.held_cards(player)))}

    def final_parts(self, player: int) -> dict[str, int]:
        """``player``'s Final Scoring step by step, as if the game ended now."""
        return final_scoring.final_parts(self, player)

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        return final_scoring.winners(self)

    def card_limit(self, player: int) -> int:
        return card_limit(self, player)

    # ------------------------------------------------------------ hidden information
    def _observe(self, player: int | None) -> dict:
        everything = player is None
        seats = []
        for p in range(self.players):
            mine = everything or p == player
            revealed = bool(self.entrepreneur[p])
            seats.append({
                "credits": self.credits[p], "vp": self.vp[p], "happiness": self.happiness[p],
                "visitors": self.visitors[p], "workers": self.workers[p],
                "reserve": self.reserve[p], "placed": self.placed[p],
                "turn_space": self.space[p], "card_limit": card_limit(self, p),
                "tableau": list(self.tableau[p]),
                "entertainment_bonus": self.entertainment_bonus[p],
                "entrepreneur": self.entrepreneur[p] if revealed else None,
                "dealt": list(self.dealt[p]) if mine else len(self.dealt[p]),
                "kept": self.keep[p] if mine or revealed else (
                    "chosen" if self.keep[p] is not None else None),
                "private_achievement": self.private[p],
            })
        obs = {
            "round": self.round, "turn": self.turn, "first_player": self.first,
            "order": list(self.order), "seats": seats,
            "market": {ROWS[k]: list(r) for k, r in enumerate(self.market)},
            "deck_sizes": {ROWS[k]: len(d) for k, d in enumerate(self.decks)},
            "discards": {ROWS[k]: list(d) for k, d in enumerate(self.discards)},
            "stacks": {SPACES[i]: [list(s) for s in st] for i, st in enumerate(self.stacks)},
            "ticket_offices_left": len(self.tickets),
            "achievements": list(self.achievement_spaces),
            "claimed": dict(self.claimed),
            "buying": list(self.buying),
            "hand": list(self.hand) if everything or player == 0 else len(self.hand),
            "final": None if self.final is None else [dict(f) for f in self.final],
        }
        if everything:
            obs["decks"] = {ROWS[k]: list(d) for k, d in enumerate(self.decks)}
        elif self.final_phase:  # Hotel #8 lets its owner look through the decks
            obs["bonus_pool"] = final_scoring.bonus_candidates(self)
        return obs

    def _determinize(self, player: int) -> None:
        if self.final_phase:
            return  # nothing random is left, and Hotel #8 shows every card
        rng = self.rng
        for k, deck in enumerate(self.decks):
            if len(deck) > 1:
                self.decks[k] = [deck[i] for i in rng.permutation(len(deck))]
        if not any(self.dealt):
            return
        known = set(self.dealt[player]) | {c for c in self.entrepreneur if c}
        pool = [c for c in ENTREPRENEURS if c not in known]
        pool = [pool[i] for i in rng.permutation(len(pool))]
        for q in range(self.players):
            if q == player:
                continue
            if self.entrepreneur[q]:
                other = pool.pop()
                keep = self.keep[q]
                self.dealt[q] = [self.entrepreneur[q], other] if keep == 0 else [other, self.entrepreneur[q]]
            else:
                self.dealt[q] = [pool.pop(), pool.pop()]
