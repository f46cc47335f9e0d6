"""The fields of a position of Lands of Amazement (one player).

Zones (lists, top card first): ``deck``, ``stacks``, ``discard`` (latest last), ``reserved``
(face down until the Megapark Phase), ``parks`` (each a list of placed cards, bottom first),
``hand`` (Megapark Phase: reserved cards not yet placed). ``unseen`` is a bit mask of the
cards the player has never seen: the face-down deck dealt at setup, the cards under the
stack tops, the face-down reserved card.

:class:`LandsState` declares these fields with their types, and what can be read from them
alone; the rule modules take it (imported for annotations only) and this module imports none
of them, so no import circle runs through the position. The game played
(:class:`~boardkit.lands.state.LandsPlay`: its flow, setup, scoring and hidden information)
adds the rules to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from boardkit.engine import State
from boardkit.engine.words import listing, plural

from . import building
from .building import Placed
from .content import SQUARES, Content, Side, content
from .params import Params, Points, Variant


@dataclass(frozen=True)
class Breakdown:
    """The penalty of a megapark, part by part (lower is better)."""

    unfilled: int
    extra: int
    missing: dict[str, int] = field(default_factory=dict)  # icon -> portfolio icons missing
    stack_cards: int = 0  # counted in Expert Mode only
    total: int = 0
    title: str = ""
    fit: tuple[int, tuple[int, int]] = (0, (0, 0))  # quarter turns and shift of the plan over the megapark

    def lines(self, points: Points) -> list[str]:
        out = [f"{plural(self.unfilled, 'highlighted square')} unfilled × {points.unfilled} = "
               f"{self.unfilled * points.unfilled}",
               f"{plural(self.extra, 'extra icon')} × {points.extra} = {self.extra * points.extra}"]
        miss = sum(self.missing.values())
        detail = ", ".join(f"{n} {icon}" for icon, n in sorted(self.missing.items()) if n)
        out.append(f"{plural(miss, 'portfolio icon')} missing{f' ({detail})' if detail else ''} × "
                   f"{points.portfolio} = {miss * points.portfolio}")
        if self.stack_cards:
            out.append(f"{plural(self.stack_cards, 'card')} left in the stacks (Expert) × "
                       f"{points.expert_stack_card} = {self.stack_cards * points.expert_stack_card}")
        out.append(f"total {self.total}: {self.title}")
        return out


class LandsState(State):
    """A position of Lands of Amazement (see :mod:`boardkit.lands`)."""

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

    def park_icons(self, park: int) -> dict[tuple[int, int], str]:
        return building.icons(self.parks[park])

    def icons_text(self, park: int) -> str:
        """A park's icons in words, each type with its squares: ``"rides on E5, E6 and F6;
        gifts on F7"``."""
        squares: dict[str, list[tuple[int, int]]] = {}
        for cell, icon in sorted(self.park_icons(park).items(), key=lambda kv: kv[0]):
            squares.setdefault(icon, []).append(cell)
        return "; ".join(f"{icon} on {listing(SQUARES.cell(c) for c in cells)}"
                         for icon, cells in squares.items()) or "no icons"

    def stack_cards(self) -> int:
        return sum(len(s) for s in self.stacks)

    def cards_everywhere(self) -> list[int]:
        """Every card of every zone, sorted (the 15 ids once each: a conservation check)."""
        cards = self.deck + [c for st in self.stacks for c in st] + self.discard + self.reserved
        if self.phase == "portfolio":  # in the Megapark Phase the park's cards are reserved ones
            cards += [p.card for park in self.parks for p in park]
            cards += [self.drawn] if self.drawn is not None else []
        return sorted(cards)


def stacks_text(stacks: Sequence[Sequence[int | None]]) -> str:
    """Stacks in words, top card first: ``"stack 0: #0, #8, #11; stack 1: #5, #9"``, a card
    not seen (``None`` in an observation) counted as face down: ``"stack 0: #0 and 3 face
    down"``. Takes ``state.stacks`` or an observation's ``"stacks"``."""
    parts = []
    for number, stack in enumerate(stacks):
        seen = [f"#{card}" for card in stack if card is not None]
        hidden = sum(card is None for card in stack)
        words = seen + ([f"{hidden} face down"] if hidden else [])
        parts.append(f"stack {number}: {listing(words, empty='empty')}" if hidden
                     else f"stack {number}: {', '.join(seen) or 'empty'}")
    return "; ".join(parts)
