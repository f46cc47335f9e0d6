"""The position of a game of Lands of Amazement (one player).

Zones (lists, top card first): ``deck``, ``stacks``, ``discard`` (latest last), ``reserved``
(face down until the Megapark Phase), ``parks`` (each a list of placed cards, bottom first),
``hand`` (Megapark Phase: reserved cards not yet placed). ``unseen`` is a bit mask of the
cards the player has never seen: the face-down deck dealt at setup, the cards under the
stack tops, the face-down reserved card. :meth:`observation` hides them (and the deck's
order), and :meth:`_determinize` deals them anew.
"""

from __future__ import annotations

from typing import Literal

from boardkit.engine import State

from . import building
from . import setup as setup_rules
from .building import Placed
from .content import Content, Side, content
from .flow import FLOW
from .params import Params, Variant
from .scoring import Breakdown, final_scores, score, won


class LandsState(State):
    flow = FLOW
    chance_checks = {"goal": setup_rules.check_goal, "deal": setup_rules.check_deal,
                     "shuffle": setup_rules.check_order}

    params: Params
    variant: Variant
    #: the goal card (an index into ``content.goals``) and its side (0: A, 1: B)
    goal: int
    side_index: int
    #: the face-down deck, top card first; its first ``deck_known`` cards have been seen
    deck: list[int]
    deck_known: int
    #: the cards reserved face down on the goal's Portfolio label (Megapark Phase: to place)
    reserved: list[int]
    #: the face-up stacks, top card first
    stacks: list[list[int]]
    #: a bit mask of the cards the player has never seen (bit ``c``: card ``c``)
    unseen: int
    #: the parks built, each a list of placed cards, bottom first (Megapark Phase: one park)
    parks: list[list[Placed]]
    #: the discard pile, latest last
    discard: list[int]
    #: Megapark Phase: the reserved cards not yet placed
    hand: list[int]
    #: the card drawn and not yet placed or discarded
    drawn: int | None
    #: the Portfolio round being played (1..params.rounds; 0 during the setup)
    round: int
    #: the flow's phase (engine field), narrowed: "portfolio" (every round, its reserve
    #: included), "megapark", then "over"
    phase: Literal["portfolio", "megapark", "over"]
    #: rearrangements left in the current Megapark move
    moves_left: int
    #: cards reserved this round
    reserved_now: int
    #: parks completed so far
    completed: int
    #: the final penalty and title, once the game is over
    result: Breakdown | None

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

    def _observe(self, player: int | None) -> dict:
        def shown(c):
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

    # ------------------------------------------------------------------ helpers
    @property
    def content(self) -> Content:
        return content()

    @property
    def side(self) -> Side:
        return content().side(self.goal, self.side_index)

    def reveal(self, card: int) -> None:
        self.unseen &= ~(1 << card)

    def reveal_top(self, stack: int) -> None:
        st = self.stacks[stack]
        if st and self.unseen >> st[0] & 1:
            self.reveal(st[0])
            self.note(f"stack {stack} now shows #{st[0]} ({self.card_text(st[0])})")

    def card_text(self, card: int) -> str:
        c = content().cards[card]
        shapes = " / ".join(f"{len(s.cells)} {s.icon}" for s in c.shapes)
        return f"{c.name}: {shapes}"

    def park_icons(self, park: int) -> dict:
        return building.icons(self.parks[park])

    def stack_cards(self) -> int:
        return sum(len(s) for s in self.stacks)

    def breakdown(self) -> Breakdown:
        """The penalty: final once the game is over, else that of the megapark so far."""
        if self.result is not None:
            return self.result
        icons = self.park_icons(0) if self.phase == "megapark" and self.parks else {}
        return score(icons, self.side, self.params, self.stack_cards(), self.variant.expert)

    def cards_everywhere(self) -> list[int]:
        """Every card of every zone, sorted (the 15 ids once each: a conservation check)."""
        cards = self.deck + [c for st in self.stacks for c in st] + self.discard + self.reserved
        if self.phase == "portfolio":  # in the Megapark Phase the park's cards are reserved ones
            cards += [p.card for park in self.parks for p in park]
            cards += [self.drawn] if self.drawn is not None else []
        return sorted(cards)
