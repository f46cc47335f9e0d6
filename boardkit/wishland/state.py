"""The Wishland game state: plain lists, dicts and integers (cheap to copy and pickle).

Every field is declared, with its type and meaning, in the body of :class:`WishlandState`:
per-player fields are lists indexed by seat; the others are shared. The setup (setup.py)
gives them their first values.

Hidden information: the order of every deck (from everyone), each player's dealt
Entrepreneur cards until the reveal (and the discarded one for good). ``observation`` leaves
them out; ``determinize`` reshuffles the decks and redeals what a player cannot know.
"""

from __future__ import annotations

from boardkit.engine import State

from . import final_scoring
from .achievements import ACHIEVEMENTS, _check_private, _check_tile_order
from .card_limit import card_limit
from .content import CARDS, ROWS, SPACES
from .end_of_round import check_any_order
from .flow import FLOW
from .params import Params, Variant
from .setup import ENTREPRENEURS, _check_deal, setup
from .tracks import SOURCES


def _check_private_tile(state: State, value: object) -> None:
    _check_private([a for a, x in ACHIEVEMENTS.items() if a.startswith("tile-") and not x.blank],
                   value)


class WishlandState(State):
    """A Wishland position (see the module docstring for its fields)."""

    flow = FLOW
    chance_checks = {
        **{f"shuffle {row}": check_any_order for row in ROWS},
        "shuffle marketplace": check_any_order,
        "entrepreneurs": _check_deal,
        "achievement tiles": _check_tile_order,
        "private tile": _check_private_tile,
    }

    params: Params
    variant: Variant
    #: Solo Mode (one player)
    solo: bool
    #: the round (from 1) and the turn within it (from 1)
    round: int
    turn: int
    #: whose turn it is: an index into ``order``
    turn_pos: int
    #: the seat holding the First Player Token
    first: int
    #: the seats in turn order this round
    order: list[int]

    # ---- per player (lists indexed by seat)
    #: the Turn Order Track space taken this round
    space: list[int]
    credits: list[int]
    #: Victory Points (the track), and the same points by source (``tracks.SOURCES``)
    vp: list[int]
    vp_by: list[dict[str, int]]
    #: the Happiness and Visitor tracks
    happiness: list[int]
    visitors: list[int]
    #: Workers controlled; bonus Workers still on the Worker Reserve; Workers on the board
    workers: list[int]
    reserve: list[int]
    placed: list[int]
    #: card ids in the play area, in play order
    tableau: list[list[int]]
    #: cards in the play area by kind (indexed like ``content.KINDS``)
    count: list[list[int]]
    #: Category Symbol counts, by symbol
    symbols: list[dict[str, int]]
    #: Ongoing Reward effect name -> the ids of the cards giving it
    ongoing_rewards: list[dict[str, tuple[int, ...]]]
    #: Final Scoring Reward effect names (a dict used as an ordered set: pickles stably)
    finals: list[dict[str, bool]]
    #: the kept Entrepreneur card (0 before the reveal)
    entrepreneur: list[int]
    #: the two Entrepreneur cards dealt (secret until the reveal) and which one is kept (0, 1)
    dealt: list[list[int]]
    keep: list[int | None]
    #: bonus Entertainment symbols (Ticket Offices and rewards)
    entertainment_bonus: list[int]
    #: the private Achievement tile (Entrepreneur #3), if any
    private: list[str | None]

    # ---- shared
    #: the Marketplace: one row of card ids per kind (0: an empty slot)
    market: list[list[int]]
    #: the Marketplace decks (top = last) and discard piles, one per row
    decks: list[list[int]]
    discards: list[list[int]]
    #: per action space: the ``(player, workers)`` stacks, in placement order
    stacks: list[list[tuple[int, int]]]
    #: the Ticket Office supply (top = last)
    tickets: list[int]
    #: the Achievement on each Achievement space, and who claimed which (name -> seat)
    achievement_spaces: list[str]
    claimed: dict[str, int]
    #: the Achievement tiles left in the box (Entrepreneur #3 draws from them)
    tile_box: list[str]
    #: Solo Mode: the cards in hand
    hand: list[int]
    #: a card bought but not yet played (Hotel #19's question)
    buying: list[int]
    #: this turn: Workers were placed on the Advertisement space; Hotel #16 was paid for
    advertised: bool
    paid_collect: bool
    #: Final Scoring has begun; its parts per player once done (None before)
    final_phase: bool
    final: list[dict[str, int]] | None

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

    def held_cards(self, player: int) -> set[int]:
        """The cards ``player`` holds: their tableau and their Entrepreneur, if any."""
        cards = set(self.tableau[player])
        if self.entrepreneur[player]:
            cards.add(self.entrepreneur[player])
        return cards

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

    def describe_card(self, cid: int) -> str:
        return CARDS[cid].describe()
