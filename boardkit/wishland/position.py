"""The fields of a Wishland position: plain lists, dicts and integers (cheap to copy and
pickle).

Every field is declared, with its type and meaning, in the body of :class:`WishlandState`:
per-player fields are lists indexed by seat; the others are shared. The setup (setup.py)
gives them their first values.

:class:`WishlandState` declares these fields with their types, and what can be read from
them alone; the rule modules take it (imported for annotations only) and this module imports
none of them, so no import circle runs through the position. The game played
(:class:`~boardkit.wishland.state.WishlandPlay`: its flow, setup, scoring and hidden
information) adds the rules to it.
"""

from __future__ import annotations

from boardkit.engine import State

from .content import CARDS
from .params import Params, Variant


class WishlandState(State):
    """A Wishland position (see the module docstring for its fields)."""

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

    # ------------------------------------------------------------ what the fields say
    def held_cards(self, player: int) -> set[int]:
        """The cards ``player`` holds: their tableau and their Entrepreneur, if any."""
        cards = set(self.tableau[player])
        if self.entrepreneur[player]:
            cards.add(self.entrepreneur[player])
        return cards

    def describe_card(self, cid: int) -> str:
        return CARDS[cid].describe()
