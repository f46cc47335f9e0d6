"""Kettles: a small card game for 2 to 4 players, written by following docs/adding-a-game.md.

Every player has a kettle on the fire. On your turn you choose a card from your hidden hand
and lay it face up, then pour it into a kettle: your own, to heat it, or another player's.
A heat card adds its number; an ice card cools another player's kettle by 3. A kettle that
gets hotter than the limit boils over and is emptied. Then you draw a card. When every card
has been poured, the hottest kettle wins.

Where things are (the numbered steps of the guide):
* the cards: the deck, the deal and the draw (chance, hidden from the other players);
* actions: ``Choose`` (a card from your hand) and ``Pour`` (into a kettle);
* steps: the two decisions of a turn, ``ChooseStep`` then ``PourStep``, and the rules that
  refuse a move (ids from ``rules.toml``);
* the flow (``FLOW``): one phase of turns, each turn two stages (``print(FLOW.describe())``);
* the state (``KettlesState``): the position, the scores, what each seat sees, and what a
  seat cannot see resampled for search agents (``_determinize``);
* ``GAME``: everything together; ``params.toml`` holds the limit and the hand size.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from boardkit.agents.greedy import Lead
from boardkit.engine import (
    Action,
    ActionCodec,
    Flow,
    Game,
    OneOf,
    Phase,
    Range,
    RuleViolation,
    Stage,
    State,
    Step,
    Turn,
    action,
)

HERE = Path(__file__).parent

# ------------------------------------------------------------------ the cards

#: an ice card (it cools a kettle by 3)
ICE = -3
#: every kind of card: ice and the heat cards 1 to 6
CARDS = (ICE, 1, 2, 3, 4, 5, 6)
#: the deck (kettles.setup.deck): four of each heat card and four ice cards, 28 in all
DECK = tuple(sorted([card for card in CARDS for _ in range(4)]))
MAX_PLAYERS = 4


def card_name(card: int) -> str:
    return "ice" if card == ICE else str(card)


def names(cards: list[int] | tuple[int, ...]) -> str:
    return ", ".join(card_name(c) for c in cards) or "nothing"


def heat(cards: list[int]) -> int:
    """A kettle's heat: its cards added in the order poured, never below zero (ice)."""
    total = 0
    for card in cards:
        total = max(0, total + card)
    return total


def deal_sample(deck: list[int], count: int) -> Callable[[np.random.Generator], tuple[int, ...]]:
    """Draw ``count`` cards of a shuffled ``deck`` (the same as taking them off its top)."""
    def sample(rng: np.random.Generator) -> tuple[int, ...]:
        picked = rng.choice(len(deck), size=count, replace=False)
        return tuple(sorted(deck[int(i)] for i in picked))
    return sample


def check_deal(state: State, value: Any) -> None:
    """A forced (or saved) hand: ``hand_size`` cards the deck still holds."""
    assert isinstance(state, KettlesState)
    size = state.params.hand_size
    if not (isinstance(value, tuple) and len(value) == size
            and all(isinstance(c, int) and c in CARDS for c in value)):
        raise RuleViolation("kettles.setup.deal", f"a hand is {size} cards, not {value!r}")
    missing = [c for c in set(value) if value.count(c) > state.deck.count(c)]
    if missing:
        raise RuleViolation("kettles.setup.deal", f"the deck has too few {names(missing)} cards")


def check_draw(state: State, value: Any) -> None:
    """A forced (or saved) draw: a card the deck still holds."""
    assert isinstance(state, KettlesState)
    if value not in state.deck:
        raise RuleViolation("kettles.turn.draw", f"the deck holds no {value!r} card now")


def deal(state: KettlesState, seat: int) -> None:
    """Setup (kettles.setup.deal): ``seat`` is dealt a hidden hand."""
    hand = state.chance("deal", deal_sample(state.deck, state.params.hand_size),
                        to=seat, player=seat,
                        text=lambda v: f"P{seat + 1} is dealt {names(v)}",
                        public=f"is dealt {state.params.hand_size} cards")
    for card in hand:
        state.deck.remove(card)
    state.hands[seat] = sorted(hand)


def draw(state: KettlesState, seat: int) -> None:
    """The end of a turn (kettles.turn.draw): draw a card while the deck lasts; only the
    drawing player sees which."""
    if not state.deck:
        return
    deck = state.deck
    card = state.chance("draw", lambda rng: deck[int(rng.integers(len(deck)))], to=seat,
                        player=seat, text=lambda v: f"P{seat + 1} draws {card_name(v)}",
                        public="draws a card")
    state.deck.remove(card)
    state.hands[seat] = sorted(state.hands[seat] + [card])


# ------------------------------------------------------------------ actions


@action
class Choose(Action):
    """Lay ``card`` from your hand face up (-3 is an ice card)."""

    card: Annotated[int, OneOf(CARDS, rule="kettles.choose.hand")]

    def __str__(self) -> str:
        return f"choose the {card_name(self.card)}"


@action
class Pour(Action):
    """Pour the chosen card into the kettle of seat ``kettle`` (0 is P1)."""

    kettle: Annotated[int, Range(0, MAX_PLAYERS - 1, rule="kettles.pour.kettle")]

    def __str__(self) -> str:
        return f"pour it into P{self.kettle + 1}'s kettle"


# ------------------------------------------------------------------ parameters and variant


class Params(BaseModel):
    """The rule parameters (``params.toml``): ``new_game(params={"limit": 15})``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    limit: int = Field(ge=6, le=30, description="a kettle hotter than this boils over")
    hand_size: int = Field(ge=1, le=5, description="cards in each player's hand")


class Variant(BaseModel):
    """Variant options: ``new_game(variant={"whistle": True})``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    whistle: bool = Field(False, description="a kettle exactly at the limit scores double")


# ------------------------------------------------------------------ a turn: choose, then pour


class ChooseStep(Step["KettlesState"]):
    """The turn's first stage: the seat chooses a card from its hand and lays it face up."""

    rule = "kettles.choose.hand"

    def prompt(self, state: KettlesState) -> str:
        return "choose a card from your hand"

    def legal(self, state: KettlesState) -> list[Action]:
        return [Choose(card) for card in sorted(set(state.hands[self.player]))]

    def check(self, state: KettlesState, act: Action) -> None:
        if not isinstance(act, Choose):
            raise RuleViolation("kettles.choose.hand", self.not_now(state, act))
        if act.card not in state.hands[self.player]:
            raise RuleViolation("kettles.choose.hand",
                                f"there is no {card_name(act.card)} in your hand")

    def resolve(self, state: KettlesState, act: Action) -> None:
        assert isinstance(act, Choose)  # check() accepted it
        state.hands[self.player].remove(act.card)
        state.chosen = act.card  # the pour stage asks where it goes


class PourStep(Step["KettlesState"]):
    """The turn's second stage: the seat pours the chosen card into a kettle."""

    rule = "kettles.pour.kettle"

    def __init__(self, player: int, card: int) -> None:
        self.player, self.card = player, card

    def prompt(self, state: KettlesState) -> str:
        if self.card == ICE:
            return "pour the ice into another player's kettle"
        return f"pour the {self.card} into a kettle"

    def legal(self, state: KettlesState) -> list[Action]:
        return [Pour(k) for k in range(state.players) if self.card != ICE or k != self.player]

    def check(self, state: KettlesState, act: Action) -> None:
        if not isinstance(act, Pour):
            raise RuleViolation("kettles.pour.kettle", self.not_now(state, act))
        if act.kettle >= state.players:
            raise RuleViolation("kettles.pour.kettle",
                                f"there is no P{act.kettle + 1}: {state.players} kettles are on "
                                "the fire")
        if self.card == ICE and act.kettle == self.player:
            raise RuleViolation("kettles.pour.ice", "ice goes into another player's kettle, "
                                                    "not your own")

    def resolve(self, state: KettlesState, act: Action) -> None:
        assert isinstance(act, Pour)  # check() accepted it
        pour(state, act.kettle, self.card)


def pour(state: KettlesState, kettle: int, card: int) -> None:
    """The card goes into the kettle; a kettle hotter than the limit boils over
    (kettles.pour.boil): its cards are discarded and it starts again from zero."""
    state.chosen = None
    cards = state.kettles[kettle]
    cards.append(card)
    now = heat(cards)
    if now > state.params.limit:
        state.note(f"P{kettle + 1}'s kettle boils over at {now} (limit {state.params.limit}): "
                   f"{names(cards)} are discarded")
        state.discard.extend(cards)
        cards.clear()
        state.boils[kettle] += 1


# ------------------------------------------------------------------ the flow

#: a turn, its two stages in order; the draw ends it
TURN = Turn(
    "turn", "choose a card from your hand, pour it into a kettle, draw a card",
    Stage("choose", "choose a card from your hand and lay it face up",
          ask=lambda state, seat: ChooseStep(seat), rule="kettles.choose.hand"),
    Stage("pour", "pour the chosen card into a kettle (ice: another player's)",
          ask=lambda state, seat: PourStep(seat, state.chosen), rule="kettles.pour.kettle"),
    end=draw,
)

#: the whole game: turns in seat order until every card has been poured
FLOW = Flow(
    Phase("play", "each player in turn chooses a card, pours it and draws, until every card "
          "has been poured", turn=TURN, again=lambda state: True,
          end_if=lambda state: state.finished, rule="kettles.end.poured"),
    first="play",
)


# ------------------------------------------------------------------ the position


class KettlesState(State):
    """The position: the deck, the hands, the kettles and the discard pile."""

    flow = FLOW
    chance_checks = {"deal": check_deal, "draw": check_draw}

    params: Params
    variant: Variant
    #: the cards still in the deck, sorted: drawing the top card of a shuffled deck is the
    #: same as drawing one of these at random (hidden from everybody)
    deck: list[int]
    #: each seat's hand, sorted (hidden from the other seats)
    hands: list[list[int]]
    #: each seat's kettle: the cards poured since it last boiled over, in order (face up)
    kettles: list[list[int]]
    #: the cards of the kettles that boiled over (face up)
    discard: list[int]
    #: how often each seat's kettle boiled over
    boils: list[int]
    #: the card laid face up in the turn's first stage (None between turns)
    chosen: int | None

    def setup(self) -> None:
        self.deck = list(DECK)  # kettles.setup.deck
        self.hands = [[] for _ in range(self.players)]
        self.kettles = [[] for _ in range(self.players)]
        self.discard = []
        self.boils = [0] * self.players
        self.chosen = None
        for seat in range(self.players):
            deal(self, seat)
        self.flow.begin(self)

    @property
    def finished(self) -> bool:
        """Every card has been poured (kettles.end.poured)."""
        return not self.deck and not any(self.hands)

    def whistling(self, seat: int) -> bool:
        """With the whistle variant, a kettle exactly at the limit (kettles.variant.whistle)."""
        return self.variant.whistle and heat(self.kettles[seat]) == self.params.limit

    def score_breakdown(self, player: int) -> dict[str, float]:
        """kettles.score.heat: the heat of your kettle, doubled when it whistles."""
        now = heat(self.kettles[player])
        return {"heat": now, "whistle": now if self.whistling(player) else 0}

    def _scores(self) -> list[float]:
        return [sum(self.score_breakdown(p).values()) for p in range(self.players)]

    def facts(self, player: int) -> dict[str, float | str]:
        return {"boil_overs": self.boils[player]}

    def _observe(self, player: int | None) -> dict:
        return {
            "limit": self.params.limit,
            "kettles": [{"cards": list(k), "heat": heat(k)} for k in self.kettles],
            "hands": [list(h) if player is None or player == p else None
                      for p, h in enumerate(self.hands)],
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "discard": sorted(self.discard),
            "boils": list(self.boils),
            "chosen": self.chosen,
        }

    def _determinize(self, player: int) -> None:
        """Deal the other hands again from what ``player`` has not seen (their cards and the
        deck), each the same size; the rest is the deck."""
        unseen = list(self.deck)
        for p, hand in enumerate(self.hands):
            if p != player:
                unseen += hand
        order = self.rng.permutation(len(unseen))
        shuffled = [unseen[int(i)] for i in order]
        for p, hand in enumerate(self.hands):
            if p != player:
                self.hands[p], shuffled = sorted(shuffled[:len(hand)]), shuffled[len(hand):]
        self.deck = sorted(shuffled)


def kettle_heat(state: State, seat: int) -> float:
    """What the greedy agent values: the seat's score now."""
    return state.scores()[seat]


GAME = Game(
    name="kettles",
    title="Kettles",
    state_class=KettlesState,
    actions=(Choose, Pour),
    players=(2, MAX_PLAYERS),
    variant_model=Variant,
    params_model=Params,
    codec=ActionCodec([(Choose, {"card": CARDS}), (Pour, {"kettle": range(MAX_PLAYERS)})]),
    summary="Pour cards from a hidden hand into the kettles; the hottest kettle that has not "
            "boiled over wins.",
    status="a worked example",
    board="kettles.board:KettlesBoard",
    heuristic=Lead(kettle_heat),
    agents={"planner": "kettles.agents:planner"},
    data=HERE,
)
